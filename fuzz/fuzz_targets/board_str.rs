//! Board strings: `parse_board` and `GameState::from_board_str` never panic; the text and
//! cell-slice constructors agree; an accepted position writes back (as a board string and as a
//! record) to itself, has no move to undo, and its status is what `Rules::evaluate` says.
#![no_main]

use libfuzzer_sys::fuzz_target;
use ttt_core::{GameState, Status, parse_board};
use ttt_fuzz::{Bytes, rules, seated};

fuzz_target!(|data: &[u8]| {
    let mut input = Bytes(data);
    let rules = rules(&mut input, 20);
    let to_move = seated(&mut input, &rules);
    let Ok(text) = std::str::from_utf8(input.0) else { return };
    let from_text = GameState::from_board_str(rules, text, to_move);
    let cells = match parse_board(text) {
        Ok(cells) => cells,
        Err(e) => {
            assert!(from_text.is_err(), "parse_board refused {text:?} but from_board_str did not");
            assert_eq!(e.reason(), "unknown-mark");
            return;
        }
    };
    assert!(cells.len() <= text.len());
    assert_eq!(GameState::from_board(rules, &cells, to_move), from_text);
    let Ok(state) = from_text else { return };
    assert_eq!(state.board(), &cells[..]);
    assert_eq!(state.ply(), 0);
    assert_eq!(state.undo_last_move(), state);
    assert_eq!(GameState::from_board_str(rules, &state.board_string(), to_move), Ok(state.clone()));
    assert_eq!(GameState::from_record(&state.to_record()), Ok(state.clone()));
    let eval = rules.evaluate(&cells).expect("an accepted board has the right length");
    assert_eq!(eval.status, state.status());
    assert_eq!(eval.winner, state.winner());
    if state.status() == Status::InProgress {
        assert!(!state.available_moves().is_empty());
    }
});
