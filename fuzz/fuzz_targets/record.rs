//! Game records: `from_record_bytes` and `from_record` never panic, agree with each other,
//! refuse with an offset inside the input (on a character boundary), and whatever they load
//! writes back to a record that loads to the same game.
#![no_main]

use libfuzzer_sys::fuzz_target;
use ttt_core::GameState;

fuzz_target!(|data: &[u8]| {
    let loaded = GameState::from_record_bytes(data);
    if let Ok(text) = std::str::from_utf8(data) {
        assert_eq!(GameState::from_record(text), loaded, "str and bytes loaders disagree");
        if let Err(e) = &loaded {
            assert!(text.is_char_boundary(e.offset), "offset {} inside a character", e.offset);
        }
    }
    match loaded {
        Ok(state) => {
            let text = state.to_record();
            let again = GameState::from_record(&text).expect("a written record loads");
            assert_eq!(again, state);
            assert_eq!(again.to_record(), text);
            // Replaying the history from the starting position reaches the same game.
            let mut replay = state.starting_state();
            for &m in state.move_history() {
                replay = replay.apply_move(m).expect("a loaded move replays");
            }
            assert_eq!(replay, state);
        }
        Err(e) => {
            assert!(e.offset <= data.len(), "offset {} past the end", e.offset);
            assert!(!e.to_string().is_empty());
            assert!(!e.kind.reason().is_empty());
        }
    }
});
