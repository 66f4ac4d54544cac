//! Every export runs inside the panic boundary: the body of each `extern "C" fn` in the
//! crate's sources is a single call to `guard(...)` or `status(...)` (boundary.rs), with
//! nothing before or after it.

use std::path::Path;

/// The index of the bracket closing the one at `open`, skipping string and char literals.
fn closing(src: &[u8], open: usize) -> usize {
    let (o, c) = (src[open], if src[open] == b'(' { b')' } else { b'}' });
    let mut depth = 0usize;
    let mut i = open;
    while i < src.len() {
        match src[i] {
            b'"' => {
                i += 1;
                while src[i] != b'"' {
                    i += if src[i] == b'\\' { 2 } else { 1 };
                }
            }
            b'\'' if i + 2 < src.len() && src[i + 2] == b'\'' => i += 2,
            b if b == o => depth += 1,
            b if b == c => {
                depth -= 1;
                if depth == 0 {
                    return i;
                }
            }
            _ => {}
        }
        i += 1;
    }
    panic!("unbalanced brackets");
}

struct Export {
    name: String,
    body: String,
}

fn exports() -> Vec<Export> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut found = Vec::new();
    let mut files: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    for path in files.into_iter().filter(|p| p.extension().is_some_and(|e| e == "rs")) {
        let text = std::fs::read_to_string(&path).unwrap();
        let src = text.as_bytes();
        let no_mangle = text.matches("#[unsafe(no_mangle)]").count();
        let mut in_file = 0;
        let mut from = 0;
        while let Some(at) = text[from..].find("extern \"C\" fn ") {
            let start = from + at + "extern \"C\" fn ".len();
            let name: String =
                text[start..].chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
            let params = start + text[start..].find('(').unwrap();
            let after_params = closing(src, params);
            let open = after_params + text[after_params..].find('{').unwrap();
            let close = closing(src, open);
            found.push(Export { name, body: text[open + 1..close].trim().to_owned() });
            in_file += 1;
            from = close;
        }
        assert_eq!(
            in_file,
            no_mangle,
            "{}: every extern \"C\" fn is #[unsafe(no_mangle)] and vice versa",
            path.display()
        );
    }
    found
}

#[test]
fn every_export_is_one_call_to_the_panic_boundary() {
    let exports = exports();
    assert!(exports.len() >= 30, "found only {} exports", exports.len());
    for export in &exports {
        assert!(export.name.starts_with("ttt_"), "{} lacks the ttt_ prefix", export.name);
        let body = export.body.as_bytes();
        let call = ["guard(", "status("].iter().find(|p| export.body.starts_with(**p));
        let Some(call) = call else {
            panic!("{} does not start with guard( or status(: {:.60}", export.name, export.body)
        };
        let end = closing(body, call.len() - 1);
        assert_eq!(
            export.body[end + 1..].trim(),
            "",
            "{} does something after its boundary call",
            export.name
        );
    }
}

#[test]
fn the_scanner_sees_a_body_that_skips_the_boundary() {
    // The check above must be able to fail: a body that does work first is caught.
    let text = "{ let x = 1; status(|| Ok(())) }";
    let body = text[1..text.len() - 1].trim();
    assert!(!body.starts_with("guard(") && !body.starts_with("status("));
    let text = "status(|| Ok(())); other()";
    let end = closing(text.as_bytes(), "status(".len() - 1);
    assert_ne!(text[end + 1..].trim(), "");
}
