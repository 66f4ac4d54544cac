//! `libttt`: the C ABI over [`ttt_core`], built as `libttt.so` and `libttt.a`, declared in
//! `include/ttt.h` (generated from this crate by cbindgen; see the header for the C
//! documentation and the conventions every export follows).
//!
//! This crate holds no game logic: every export checks its arguments, calls ttt-core, and turns
//! the result into a `ttt_status`. Every export runs inside one panic boundary
//! (`boundary::guard`); `tests/boundary.rs` proves that none skips it.

// The contract of every pointer argument (NULL or valid for the call, handles from this
// library) is written once, in the header's preamble, rather than on each function.
#![allow(clippy::missing_safety_doc)]
// The types carry their C names (`ttt_game`, `ttt_status`), as cbindgen writes them.
#![allow(non_camel_case_types)]
#![warn(missing_docs)]

// In the order the header presents them (cbindgen follows the module order).
mod boundary;
pub mod status;

pub mod types;

pub mod game;

pub mod search;

pub mod ai;

pub mod engine;

pub use ai::{ttt_difficulty, ttt_rng, ttt_rng_callback};
pub use engine::ttt_engine;
pub use game::ttt_game;
pub use search::{ttt_best_move, ttt_move_analysis, ttt_outcome, ttt_search_limits, ttt_stop_flag};
pub use status::ttt_status;
pub use types::{ttt_game_state, ttt_player, ttt_rules};

use std::ffi::c_char;

/// Major version of the header; `ttt_version_number()` gives the library's.
pub const TTT_VERSION_MAJOR: u32 = 0;
/// Minor version of the header.
pub const TTT_VERSION_MINOR: u32 = 3;
/// Patch version of the header.
pub const TTT_VERSION_PATCH: u32 = 0;
/// The header's version packed as `(major << 16) | (minor << 8) | patch`, comparable with
/// `ttt_version_number()` to detect a header and library mismatch.
pub const TTT_VERSION_NUMBER: u32 =
    (TTT_VERSION_MAJOR << 16) | (TTT_VERSION_MINOR << 8) | TTT_VERSION_PATCH;

/// The library's version, e.g. `"0.3.0"`.
///
/// Ownership: the string is static (never free it). Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn ttt_version() -> *const c_char {
    guard(c"?".as_ptr(), || VERSION.as_ptr())
}

/// The library's version packed as `TTT_VERSION_NUMBER` is: `(major << 16) | (minor << 8) |
/// patch`. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn ttt_version_number() -> u32 {
    guard(0, || TTT_VERSION_NUMBER)
}

use boundary::guard;

const VERSION: &std::ffi::CStr = match std::ffi::CStr::from_bytes_with_nul(
    concat!(env!("CARGO_PKG_VERSION"), "\0").as_bytes(),
) {
    Ok(v) => v,
    Err(_) => panic!("the package version contains a NUL byte"),
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn version_macros_match_the_package_version() {
        let parse = |s: &str| s.parse::<u32>().unwrap();
        assert_eq!(TTT_VERSION_MAJOR, parse(env!("CARGO_PKG_VERSION_MAJOR")));
        assert_eq!(TTT_VERSION_MINOR, parse(env!("CARGO_PKG_VERSION_MINOR")));
        assert_eq!(TTT_VERSION_PATCH, parse(env!("CARGO_PKG_VERSION_PATCH")));
        assert_eq!(VERSION.to_str().unwrap(), env!("CARGO_PKG_VERSION"));
        assert_eq!(
            TTT_VERSION_NUMBER,
            TTT_VERSION_MAJOR * 65536 + TTT_VERSION_MINOR * 256 + TTT_VERSION_PATCH
        );
    }
}
