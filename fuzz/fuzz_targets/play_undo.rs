//! Play and undo: any sequence of moves (legal or not) on any rules never panics; a refused
//! move names a documented reason; a played move adds one ply that undo takes back exactly;
//! `available_moves` is `is_legal`; the status is what `Rules::evaluate` says of the board; a
//! position of a game in progress is accepted by `from_board`; and the record of the game
//! loads to the same game.
#![no_main]

use libfuzzer_sys::fuzz_target;
use ttt_core::{GameState, Player, Status};
use ttt_fuzz::{Bytes, rules, seated};

const REASONS: [&str; 5] = ["game-over", "not-your-turn", "out-of-range", "occupied", "floating"];

fuzz_target!(|data: &[u8]| {
    let mut input = Bytes(data);
    let max_side = if input.byte() & 1 == 0 { 5 } else { 20 };
    let rules = rules(&mut input, max_side);
    let starting = seated(&mut input, &rules);
    let mut state = GameState::new(rules, starting).expect("a seated player");
    let cells = rules.cell_count();
    while !input.is_empty() {
        let op = input.byte();
        let raw = usize::from(input.byte()) | usize::from(input.byte()) << 8;
        let next = match op % 4 {
            // A legal move most of the time, so that games get somewhere.
            0 | 1 => {
                let moves = state.available_moves();
                if moves.is_empty() {
                    state.apply_move(raw)
                } else {
                    state.apply_move(moves[raw % moves.len()])
                }
            }
            // Any index, on or off the board.
            2 => state.apply_move(if op & 0x80 != 0 { raw } else { raw % (cells + 2) }),
            // A move for a given player and ply, perhaps stale.
            _ => {
                let player = Player::from_seat(usize::from(op >> 2) % 4).expect("a seat");
                let ply = state.ply().saturating_sub(usize::from(op >> 4 & 1));
                state.apply_move_at(player, ply, raw % (cells + 1))
            }
        };
        match next {
            Ok(after) => {
                assert!(!state.is_over());
                assert_eq!(after.ply(), state.ply() + 1);
                assert_eq!(after.undo_last_move(), state);
                state = after;
            }
            Err(e) => {
                assert!(REASONS.contains(&e.reason.as_str()), "reason {}", e.reason.as_str());
                if state.is_over() {
                    assert_eq!(e.reason.as_str(), "game-over");
                }
            }
        }
        let legal: Vec<usize> = (0..cells).filter(|&i| state.is_legal(i)).collect();
        assert_eq!(state.available_moves(), legal);
        assert!(!state.is_legal(cells));
        let eval = rules.evaluate(state.board()).expect("the board has the rules' length");
        assert_eq!(eval.status, state.status());
        assert_eq!(eval.winner, state.winner());
    }
    // The reachability checks are the costly part: once per input, on the last position.
    if state.status() == Status::InProgress && starting == Player::X {
        let rebuilt = GameState::from_board(rules, state.board(), state.current_player());
        let rebuilt = rebuilt.unwrap_or_else(|e| {
            panic!("from_board refused a reachable position {}: {e}", state.to_record())
        });
        assert_eq!(rebuilt.board(), state.board());
    }
    let text = state.to_record();
    assert_eq!(GameState::from_record(&text), Ok(state.clone()));
    let mut undone = state;
    while undone.ply() > 0 {
        undone = undone.undo_last_move();
    }
    assert_eq!(undone, GameState::new(rules, starting).expect("a seated player"));
});
