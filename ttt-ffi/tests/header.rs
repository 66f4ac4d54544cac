//! `include/ttt.h` is what cbindgen (pinned in Cargo.toml) generates from this crate, and
//! `include/ttt_ffi.h` the same declarations for FFI parsers (cffi, LuaJIT's `ffi.cdef`, ...):
//! no preprocessor lines, the constants as enum values.
//!
//! `TTT_UPDATE_HEADER=1 cargo test -p ttt-ffi --test header` (or `make header`) rewrites both.

use std::path::Path;

fn config() -> cbindgen::Config {
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    cbindgen::Config::from_file(crate_dir.join("../cbindgen.toml"))
        .expect("cbindgen.toml is readable")
}

fn run_cbindgen(config: cbindgen::Config) -> String {
    let bindings = cbindgen::Builder::new()
        .with_crate(env!("CARGO_MANIFEST_DIR"))
        .with_config(config)
        .generate()
        .expect("cbindgen generates the header");
    let mut out = Vec::new();
    bindings.write(&mut out);
    String::from_utf8(out).expect("the header is UTF-8")
}

fn generate() -> String {
    run_cbindgen(config())
}

/// The value of every constant of the crate, by its C name. The FFI header writes them as enum
/// values; a constant cbindgen emits that is missing here fails `generate_ffi`.
const CONSTANTS: [(&str, u64); 8] = [
    ("TTT_VERSION_MAJOR", ttt::TTT_VERSION_MAJOR as u64),
    ("TTT_VERSION_MINOR", ttt::TTT_VERSION_MINOR as u64),
    ("TTT_VERSION_PATCH", ttt::TTT_VERSION_PATCH as u64),
    ("TTT_VERSION_NUMBER", ttt::TTT_VERSION_NUMBER as u64),
    ("TTT_MAX_SIDE", ttt::types::TTT_MAX_SIDE as u64),
    ("TTT_MAX_CELLS", ttt::types::TTT_MAX_CELLS as u64),
    ("TTT_MIN_PLAYERS", ttt::types::TTT_MIN_PLAYERS as u64),
    ("TTT_MAX_PLAYERS", ttt::types::TTT_MAX_PLAYERS as u64),
];

/// `ttt_ffi.h`: cbindgen's plain C output from the same crate and configuration, without
/// includes, guards, attributes or C++ wrapping; its `#define` constants become one anonymous
/// enum, the only form every FFI parser reads.
fn generate_ffi() -> String {
    let mut config = config();
    config.header = Some(
        "/*\n * ttt_ffi.h: the declarations of libttt (ttt.h) for FFI parsers: Python's cffi,\n \
         * LuaJIT's ffi.cdef, and any tool that reads plain C declarations. It has no\n \
         * preprocessor lines (feed it to the parser as it is); the constants of ttt.h are the\n \
         * enum values below. The documentation lives in ttt.h. Needs <stdint.h>, <stddef.h>\n \
         * and <stdbool.h> types (int32_t, uint32_t, uint64_t, size_t, bool), which these\n \
         * parsers know.\n */"
            .to_owned(),
    );
    config.autogen_warning = Some(
        "/* Generated from ttt-ffi with cbindgen, like ttt.h: do not edit. Run `make header`. */"
            .to_owned(),
    );
    config.no_includes = true;
    config.include_guard = None;
    config.pragma_once = false;
    config.include_version = false;
    config.after_includes = None;
    config.cpp_compat = false;
    config.documentation = false;
    config.function.must_use = None;
    let raw = run_cbindgen(config);

    let mut out = String::new();
    let mut seen = Vec::new();
    let mut enum_written = false;
    // cbindgen guards the typed-enum syntax of C23 and C++ with #if; the FFI parsers read C99,
    // so each known condition is resolved as a C99 compiler would, and any other one fails.
    let mut active: Vec<bool> = Vec::new();
    for line in raw.lines() {
        let directive = line.trim_start();
        if directive.starts_with('#') {
            let words: Vec<&str> =
                directive.split("//").next().unwrap().split_whitespace().collect();
            match words.first().copied() {
                Some("#if" | "#ifdef" | "#ifndef") => {
                    let condition = words.join(" ");
                    let value = match condition.as_str() {
                        "#if defined(__cplusplus) || __STDC_VERSION__ >= 202311L" => false,
                        "#if __STDC_VERSION__ >= 202311L" => false,
                        "#ifdef __cplusplus" => false,
                        "#ifndef __cplusplus" => true,
                        other => panic!("unknown condition in cbindgen's output: {other}"),
                    };
                    active.push(value);
                }
                Some("#else") => {
                    let top = active.last_mut().expect("#else inside #if");
                    *top = !*top;
                }
                Some("#endif") => {
                    active.pop().expect("#endif closes an #if");
                }
                Some("#define") if active.iter().all(|&a| a) => {
                    let name = words[1];
                    assert!(
                        CONSTANTS.iter().any(|(n, _)| *n == name),
                        "constant {name} is missing from CONSTANTS"
                    );
                    seen.push(name.to_owned());
                    if !enum_written {
                        out.push_str("enum {\n");
                        for (n, v) in CONSTANTS {
                            out.push_str(&format!("    {n} = {v},\n"));
                        }
                        out.push_str("};\n");
                        enum_written = true;
                    }
                }
                _ => panic!("unexpected preprocessor line: {line}"),
            }
            continue;
        }
        if active.iter().all(|&a| a) {
            if line == " {" {
                // The brace of an enum whose C23 `: type` was dropped joins its name's line.
                out.pop();
            }
            out.push_str(line);
            out.push('\n');
        }
    }
    assert!(active.is_empty(), "every #if is closed");
    seen.sort();
    let mut names: Vec<String> = CONSTANTS.iter().map(|(n, _)| (*n).to_owned()).collect();
    names.sort();
    assert_eq!(seen, names, "CONSTANTS lists exactly the constants cbindgen emits");
    // Blank lines left where the #defines stood are squeezed to one.
    while out.contains("\n\n\n") {
        out = out.replace("\n\n\n", "\n\n");
    }
    out
}

/// Compares a committed file with fresh output, or rewrites it under `TTT_UPDATE_HEADER`.
fn check_committed(relative: &str, fresh: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(relative);
    if std::env::var_os("TTT_UPDATE_HEADER").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, fresh).unwrap();
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    if committed != fresh {
        let line = committed
            .lines()
            .zip(fresh.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(committed.lines().count().min(fresh.lines().count()));
        panic!(
            "{relative} differs from what cbindgen generates (first difference at line {}); \
             run `make header` and commit the result",
            line + 1
        );
    }
}

#[test]
fn committed_header_matches_cbindgen() {
    check_committed("../include/ttt.h", &generate());
}

#[test]
fn committed_ffi_header_matches_cbindgen() {
    check_committed("../include/ttt_ffi.h", &generate_ffi());
}

#[test]
fn the_ffi_header_has_no_preprocessor_lines_and_every_declaration() {
    let ffi = generate_ffi();
    assert!(ffi.lines().all(|l| !l.trim_start().starts_with('#')));
    let full = generate();
    // Every function of ttt.h is declared in ttt_ffi.h.
    for line in full.lines() {
        if let Some(at) = line.find("ttt_") {
            if line.contains('(') && !line.trim_start().starts_with('*') {
                let name: String =
                    line[at..].chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
                if line[at + name.len()..].starts_with('(') {
                    assert!(ffi.contains(&format!("{name}(")), "{name} missing from ttt_ffi.h");
                }
            }
        }
    }
    for (name, value) in CONSTANTS {
        assert!(ffi.contains(&format!("{name} = {value},")), "{name}");
    }
}

#[test]
fn header_declares_every_export_and_the_version_macros() {
    let header = generate();
    for name in
        ["TTT_VERSION_MAJOR", "TTT_VERSION_MINOR", "TTT_VERSION_PATCH", "TTT_VERSION_NUMBER"]
    {
        assert!(header.contains(&format!("#define {name} ")), "{name} missing");
    }
    assert!(header.contains("TTT_STATUS_OK = 0"));
    assert!(header.contains("extern \"C\""), "cpp_compat wraps the declarations");
}

/// The numbers the header states for `ttt_search_limits_default()` are the library's (the
/// header once said 20 million nodes while the library used 2 million).
#[test]
fn the_documented_default_limits_are_the_real_ones() {
    let header = generate();
    let doc = header
        .split("The default search limits: ")
        .nth(1)
        .expect("the header documents ttt_search_limits_default");
    let words: Vec<&str> = doc.split_whitespace().take(8).collect();
    let millions: u64 = words[0].parse().expect("a number of millions");
    assert_eq!(words[1], "million", "{words:?}");
    let defaults = ttt_core::SearchLimits::default();
    assert_eq!(millions * 1_000_000, defaults.max_nodes, "{words:?}");
    let mib = doc.split(" MiB").next().unwrap().rsplit(' ').next().unwrap();
    assert_eq!(mib.parse::<usize>().unwrap() << 20, defaults.table_bytes, "{mib} MiB");
}
