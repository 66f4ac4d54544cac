//! Property tests: random legal games on random rules keep the engine's invariants, and no
//! input makes the record parser panic.

use proptest::prelude::*;
use ttt_core::{GameState, Player, Rules, Status};

fn rules() -> impl Strategy<Value = Rules> {
    (1usize..=7, 1usize..=7, 2usize..=4, any::<bool>(), any::<u8>()).prop_map(
        |(w, h, players, gravity, k_pick)| {
            let k = 1 + k_pick as usize % w.max(h);
            Rules::new(w, h, k, players, gravity).unwrap()
        },
    )
}

/// A random legal game: `picks` choose among the available moves at each step.
fn game(rules: Rules, start: usize, picks: &[u16]) -> Vec<GameState> {
    let first = Player::from_seat(start % rules.players() as usize).unwrap();
    let mut states = vec![GameState::new(rules, first).unwrap()];
    for &pick in picks {
        let state = states.last().unwrap();
        let moves = state.available_moves();
        if moves.is_empty() {
            break;
        }
        let next = state.apply_move(moves[pick as usize % moves.len()]).unwrap();
        states.push(next);
    }
    states
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn random_games_keep_the_invariants(
        rules in rules(),
        start in 0usize..4,
        picks in prop::collection::vec(any::<u16>(), 0..60),
        probes in prop::collection::vec(0usize..60, 4),
    ) {
        let states = game(rules, start, &picks);
        for (ply, state) in states.iter().enumerate() {
            // History length equals the marks on the board.
            let marks = state.board().iter().filter(|c| c.is_some()).count();
            prop_assert_eq!(state.move_history().len(), marks);
            prop_assert_eq!(state.ply(), ply);
            // The stored outcome agrees with a fresh look at the whole board.
            let eval = rules.evaluate(state.board()).unwrap();
            prop_assert_eq!(eval.status, state.status());
            prop_assert_eq!(eval.winner, state.winner());
            prop_assert_eq!(eval.winning_line, state.winning_line());
            // Turn order follows the seats.
            let expected = (state.starting_player().seat() + ply) % rules.players() as usize;
            prop_assert_eq!(state.current_player().seat(), expected);
            // Available moves are exactly the legal ones.
            let moves = state.available_moves();
            for index in 0..rules.cell_count() + 2 {
                prop_assert_eq!(moves.contains(&index), state.is_legal(index));
            }
            if state.status() == Status::InProgress {
                prop_assert!(!moves.is_empty());
            }
            // Undo after apply gives back the original.
            for &m in &moves {
                prop_assert_eq!(&state.apply_move(m).unwrap().undo_last_move(), state);
            }
            // A refused move changes nothing.
            for &p in &probes {
                let before = state.clone();
                if let Err(err) = state.apply_move(p) {
                    prop_assert_eq!(err.index, p);
                    prop_assert!(!moves.contains(&p));
                }
                prop_assert_eq!(state, &before);
            }
            // A record round-trips.
            let text = state.to_record();
            prop_assert_eq!(&GameState::from_record(&text).unwrap(), state);
            // The position itself is accepted as a starting board when X started.
            if state.starting_player() == Player::X {
                let rebuilt = GameState::from_board(rules, state.board(), state.current_player());
                prop_assert!(rebuilt.is_ok(), "{} refused: {:?}", text, rebuilt);
            }
        }
        // Undo walks back through every earlier state.
        let mut back = states.last().unwrap().clone();
        for earlier in states.iter().rev().skip(1) {
            back = back.undo_last_move();
            prop_assert_eq!(&back, earlier);
        }
    }

    #[test]
    fn random_text_never_panics_the_record_parser(text in ".{0,200}") {
        let _ = GameState::from_record(&text);
    }

    #[test]
    fn random_bytes_never_panic_the_record_parser(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        let _ = GameState::from_record_bytes(&bytes);
    }

    #[test]
    fn damaged_records_never_panic_and_never_load_half(
        rules in rules(),
        picks in prop::collection::vec(any::<u16>(), 0..30),
        cut in any::<prop::sample::Index>(),
        junk in "[ -~]{0,3}",
    ) {
        let text = game(rules, 0, &picks).pop().unwrap().to_record();
        let at = cut.index(text.len() + 1);
        let damaged = format!("{}{}{}", &text[..at], junk, &text[at.min(text.len())..]);
        if let Ok(state) = GameState::from_record(&damaged) {
            // Whatever loads is a whole, legal game that writes itself back consistently.
            prop_assert_eq!(GameState::from_record(&state.to_record()).unwrap(), state);
        }
        // A truncated record either fails or is itself a whole record of an earlier point of
        // the same game (a cut between moves, or inside the last move's number).
        let full = GameState::from_record(&text).unwrap();
        if let Ok(state) = GameState::from_record(&text[..at]) {
            prop_assert_eq!(state.to_record(), &text[..at]);
            prop_assert_eq!(state.rules(), full.rules());
            let n = state.ply().saturating_sub(1);
            prop_assert_eq!(&state.move_history()[..n], &full.move_history()[..n]);
        }
    }
}
