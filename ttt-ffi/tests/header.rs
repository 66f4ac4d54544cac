//! `include/ttt.h` is what cbindgen (pinned in Cargo.toml) generates from this crate.
//!
//! `TTT_UPDATE_HEADER=1 cargo test -p ttt-ffi --test header` (or `make header`) rewrites it.

use std::path::Path;

fn generate() -> String {
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let config = cbindgen::Config::from_file(crate_dir.join("../cbindgen.toml"))
        .expect("cbindgen.toml is readable");
    let bindings = cbindgen::Builder::new()
        .with_crate(crate_dir)
        .with_config(config)
        .generate()
        .expect("cbindgen generates the header");
    let mut out = Vec::new();
    bindings.write(&mut out);
    String::from_utf8(out).expect("the header is UTF-8")
}

#[test]
fn committed_header_matches_cbindgen() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../include/ttt.h");
    let fresh = generate();
    if std::env::var_os("TTT_UPDATE_HEADER").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, &fresh).unwrap();
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
            "include/ttt.h differs from cbindgen's output (first difference at line {}); \
             run `make header` and commit the result",
            line + 1
        );
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
