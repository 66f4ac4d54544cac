//! Difficulty names and marks: parsing never panics, accepts exactly the documented names, and
//! round-trips through `as_str` / `mark`.
#![no_main]

use libfuzzer_sys::fuzz_target;
use ttt_core::{Difficulty, Player};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    match text.parse::<Difficulty>() {
        Ok(d) => assert_eq!(d.as_str(), text),
        Err(e) => {
            assert!(Difficulty::ALL.iter().all(|d| d.as_str() != text));
            assert!(e.to_string().contains(text) || text.is_empty() || !e.to_string().is_empty());
        }
    }
    for c in text.chars() {
        if let Some(p) = Player::from_mark(c) {
            assert_eq!(p.mark(), c.to_ascii_uppercase());
            assert_eq!(Player::from_seat(p.seat()), Some(p));
        } else {
            assert!(!"XOYZxoyz".contains(c));
        }
    }
});
