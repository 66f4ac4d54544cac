//! Gives the shared library an soname carrying the ABI version: before 1.0 a minor version may
//! break the ABI, so the soname is `libttt.so.MAJOR.MINOR` (see the header's ABI note).

fn main() {
    let target_os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    if target_os == "linux" {
        let major = env!("CARGO_PKG_VERSION_MAJOR");
        let minor = env!("CARGO_PKG_VERSION_MINOR");
        println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,libttt.so.{major}.{minor}");
    }
    println!("cargo:rerun-if-changed=build.rs");
}
