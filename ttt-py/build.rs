//! Links the extension with ttt-core's code layout for small Connect Four solves (ttt-core's
//! build.rs, which sets `DEP_TTT_CORE_HOT_LD` on Linux only): the functions a small
//! `Engine.solve` runs, the binding's and PyO3's among them, side by side.

fn main() {
    if let Ok(script) = std::env::var("DEP_TTT_CORE_HOT_LD") {
        println!("cargo:rustc-cdylib-link-arg=-Wl,-T,{script}");
    }
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed=DEP_TTT_CORE_HOT_LD");
}
