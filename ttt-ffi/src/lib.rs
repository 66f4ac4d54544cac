//! `libttt`: the C ABI over [`ttt_core`]. Filled in by the C ABI work.

/// The library version as a string, for the build check of this placeholder crate.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
