//! Gives the shared library an soname carrying the ABI version: before 1.0 a minor version may
//! break the ABI, so the soname is `libttt.so.MAJOR.MINOR` (see the header's ABI note). On
//! Linux it also links libttt with ttt-core's code layout for small Connect Four solves.

fn main() {
    let target_os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    if target_os == "linux" {
        let major = env!("CARGO_PKG_VERSION_MAJOR");
        let minor = env!("CARGO_PKG_VERSION_MINOR");
        println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,libttt.so.{major}.{minor}");
    }
    // The code layout of small Connect Four solves (ttt-core/build.rs); set only on Linux.
    if let Ok(script) = std::env::var("DEP_TTT_CORE_HOT_LD") {
        println!("cargo:rustc-cdylib-link-arg=-Wl,-T,{script}");
    }
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed=DEP_TTT_CORE_HOT_LD");
}
