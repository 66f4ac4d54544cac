//! Code layout for small Connect Four solves: `link/hot.ld` gathers the functions such a solve
//! runs into one output section, so that a cold call touches about 9 pages of code instead of
//! about 20 (see the README, "Measuring", and scripts/hot_layout.py, which writes the script).
//!
//! A dependency cannot add link arguments to the programs that use it, so this script links
//! ttt-core's own examples and benches with it and hands the path to the crates that link a
//! library for users (`ttt-ffi`'s libttt, `ttt-py`'s extension) as `DEP_TTT_CORE_HOT_LD`. A
//! Rust program gets the same layout by adding `-Wl,-T,<that path>` to its own link.
//!
//! Only on Linux: the script is for GNU ld and lld (`INSERT` keeps their default layout for
//! everything else). gold cannot read it (tried), and mold takes only part of the linker
//! script language (not tried): with those, build with `TTT_HOT_LAYOUT=0`. It names v0 symbols (`.cargo/config.toml`); with legacy names it
//! matches nothing and the link is as it would be without it.

use std::{env, path::PathBuf};

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=link/hot.ld");
    println!("cargo:rerun-if-env-changed=TTT_HOT_LAYOUT");
    if env::var("CARGO_CFG_TARGET_OS").as_deref() != Ok("linux")
        || env::var("TTT_HOT_LAYOUT").as_deref() == Ok("0")
    {
        return;
    }
    let Some(dir) = env::var_os("CARGO_MANIFEST_DIR") else { return };
    let script = PathBuf::from(dir).join("link").join("hot.ld");
    // `-Wl,` splits its argument at commas; a path with one would not reach the linker whole.
    let Some(path) = script.to_str().filter(|p| script.is_file() && !p.contains(',')) else {
        println!("cargo:warning=no usable {}: linking without the hot layout", script.display());
        return;
    };
    println!("cargo:rustc-link-arg-examples=-Wl,-T,{path}");
    println!("cargo:rustc-link-arg-benches=-Wl,-T,{path}");
    println!("cargo:hot_ld={path}");
}
