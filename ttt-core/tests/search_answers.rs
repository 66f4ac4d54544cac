//! Budgeted answers never throw away what the search knows (issue 14): a move proven lost is
//! never preferred to one that is not, a proven draw never to a proven win, `proven` is said
//! whenever the answer is proven and never otherwise, and with three players a proven loss
//! does not make Hard play at random.

use proptest::prelude::*;
use std::collections::BTreeSet;
use ttt_core::{
    Difficulty, GameState, MoveAnalysis, Outcome, Player, Rules, SearchLimits, SeededRng,
    analyze_with, best_move_with, choose_move_with,
};

mod common;
use common::position;

fn gomoku() -> Rules {
    Rules::new(15, 15, 5, 2, false).unwrap()
}

fn hard(state: &GameState, seed: u64) -> ttt_core::Choice {
    choose_move_with(state, Difficulty::Hard, &mut SeededRng::new(seed), &SearchLimits::default())
        .unwrap()
}

/// Issue 14, item 1: O has an open three; only the two blocks at its ends hold.
#[test]
fn an_open_three_is_blocked_at_an_end() {
    let state =
        position(gomoku(), &[(6, 3), (10, 10), (12, 5)], &[(3, 9), (3, 10), (3, 11)], Player::X);
    let ends: BTreeSet<usize> = [3 * 15 + 8, 3 * 15 + 12].into();
    let best = best_move_with(&state, &SearchLimits::default()).unwrap();
    assert!(ends.contains(&best.index), "{best:?}");
    for seed in 0..4 {
        assert!(ends.contains(&hard(&state, seed).index));
    }
    // analyze: the blocks come before every move it proves lost.
    let moves = analyze_with(&state, &SearchLimits::default());
    let first_loss = moves.iter().position(|m| m.outcome == Some(Outcome::Loss));
    for end in &ends {
        let at = moves.iter().position(|m| m.index == *end).unwrap();
        assert!(first_loss.is_none_or(|l| at < l), "{:?}", &moves[..4]);
    }
    // The split open three (O at 9, 10 and 12 of row 3) is met the same way: a move inside or
    // at an end of it.
    let state =
        position(gomoku(), &[(6, 3), (10, 10), (12, 5)], &[(3, 9), (3, 10), (3, 12)], Player::X);
    let best = best_move_with(&state, &SearchLimits::default()).unwrap();
    assert!([3 * 15 + 8, 3 * 15 + 11, 3 * 15 + 13].contains(&best.index), "{best:?}");
}

/// Issue 14, item 2: a win in one and a forced block are proven.
#[test]
fn a_win_now_and_a_forced_block_are_proven() {
    // X has four in row 7 with one end open: X wins at once, O must block.
    let xs = [(7, 3), (7, 4), (7, 5), (7, 6)];
    let os = [(7, 2), (0, 0), (0, 1), (14, 14)];
    let x_to_move = position(gomoku(), &xs, &os, Player::X);
    let o_to_move = position(gomoku(), &xs, &[(7, 2), (0, 0), (0, 1)], Player::O);
    let win = hard(&x_to_move, 1);
    assert_eq!((win.index, win.proven), (7 * 15 + 7, true));
    let best = best_move_with(&x_to_move, &SearchLimits::default()).unwrap();
    assert_eq!(
        (best.index, best.proven, best.outcome, best.plies),
        (112, true, Some(Outcome::Win), Some(1))
    );
    let block = hard(&o_to_move, 1);
    assert_eq!((block.index, block.proven), (7 * 15 + 7, true));
    let best = best_move_with(&o_to_move, &SearchLimits::default()).unwrap();
    assert_eq!((best.index, best.proven), (112, true));
    // A win by continuous threats (a four that makes a second four) is proven too.
    let xs = [(7, 5), (7, 6), (7, 7), (5, 8), (6, 8), (8, 8)];
    let os = [(7, 4), (4, 8), (0, 0), (0, 14), (14, 0), (14, 14)];
    let state = position(gomoku(), &xs, &os, Player::X);
    let best = best_move_with(&state, &SearchLimits::default()).unwrap();
    assert!(best.proven && best.outcome == Some(Outcome::Win), "{best:?}");
    assert!(hard(&state, 2).proven);
}

/// Issue 14, item 3: after `45` in Connect Four (X to move, a win for X). The exact analysis
/// (`cargo run --release -p ttt-core --example analyze_record -- 'ttt/1 7x6 k=4 players=2
/// gravity start=X moves=38,39'`, 190 s on the benchmark machine): columns 1 and 2 (cells 35,
/// 36) win, columns 4 and 5 (31, 32) draw, columns 3, 6 and 7 (37, 40, 41) lose. Within the
/// default budget Hard cannot prove the win (its line ends at ply 37); what it must not do is
/// throw the position away: never a losing column. (It plays column 5, a draw: the issue's
/// target, a winning move here, is not reached.)
#[test]
fn connect_four_after_45_keeps_at_least_the_draw() {
    let mut state = GameState::new(Rules::CONNECT_FOUR, Player::X).unwrap();
    for col in [3, 4] {
        state = state.play_column_for_test(col);
    }
    for seed in 0..6 {
        let m = hard(&state, seed).index;
        assert!([35, 36, 31, 32].contains(&m), "seed {seed}: {m} loses");
    }
}

trait PlayColumn {
    fn play_column_for_test(&self, col: usize) -> GameState;
}

impl PlayColumn for GameState {
    fn play_column_for_test(&self, col: usize) -> GameState {
        let m = self.available_moves().into_iter().find(|m| m % 7 == col).unwrap();
        self.apply_move(m).unwrap()
    }
}

/// Issue 14, item 4: three players, a position the paranoid search proves lost for the player
/// to move: Hard does not pick at random among all moves, it keeps playing the same few (the
/// max-n search's choice; `tests/search_maxn.rs` checks what it chooses).
#[test]
fn three_players_a_paranoid_loss_is_not_played_at_random() {
    let rules = Rules::new(5, 5, 3, 3, false).unwrap();
    let mut found = 0;
    for game in 0..60u64 {
        let mut rng = SeededRng::new(game);
        let mut s = GameState::new(rules, Player::X).unwrap();
        while !s.is_over() && s.ply() < 7 {
            let m = choose_move_with(&s, Difficulty::Easy, &mut rng, &SearchLimits::default());
            s = s.apply_move(m.unwrap().index).unwrap();
        }
        if s.is_over() {
            continue;
        }
        let full = SearchLimits { max_nodes: u64::MAX, ..SearchLimits::default() };
        let moves = analyze_with(&s, &full);
        if moves.len() < 6 || moves.iter().any(|m| m.outcome != Some(Outcome::Loss)) {
            continue;
        }
        found += 1;
        let chosen: BTreeSet<usize> = (0..12)
            .map(|seed| {
                choose_move_with(&s, Difficulty::Hard, &mut SeededRng::new(seed), &full)
                    .unwrap()
                    .index
            })
            .collect();
        // The max-n search (against the players as they really play), then the slowest loss,
        // then the live windows decide among the lost moves: the same few on every seed (those
        // equal by all three), never a draw among all of them.
        assert!(4 * chosen.len() <= moves.len(), "{chosen:?} of {} lost moves\n{s}", moves.len());
    }
    assert!(found >= 3, "only {found} lost positions");
}

/// The exact analysis (unbounded), the oracle of the property below.
fn exact(state: &GameState) -> Vec<MoveAnalysis> {
    analyze_with(state, &SearchLimits { max_nodes: u64::MAX, ..SearchLimits::default() })
}

fn outcome_of(moves: &[MoveAnalysis], index: usize) -> Outcome {
    moves.iter().find(|m| m.index == index).unwrap().outcome.unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Whatever the budget (and the weak proof's, under gravity), the answer is never proven
    /// lost while a move is not lost, and every claim of `proven` is true.
    #[test]
    fn budgeted_answers_keep_what_is_proven(
        (w, h, k, gravity) in (3usize..=5, 3usize..=5, 3usize..=4, any::<bool>()),
        plies in 0usize..10,
        seed in any::<u64>(),
        budget in prop::sample::select(vec![1u64, 10, 100, 1_000, 10_000, u64::MAX]),
        proof in prop::sample::select(vec![0u64, 1, 100, 10_000, SearchLimits::DEFAULT_PROOF_NODES]),
    ) {
        let k = k.min(w.max(h));
        let rules = Rules::new(w, h, k, 2, gravity).unwrap();
        let mut rng = SeededRng::new(seed);
        let mut s = GameState::new(rules, Player::X).unwrap();
        for _ in 0..plies {
            if s.is_over() {
                break;
            }
            let m = choose_move_with(&s, Difficulty::Easy, &mut rng, &SearchLimits::default());
            s = s.apply_move(m.unwrap().index).unwrap();
        }
        prop_assume!(!s.is_over());
        let truth = exact(&s);
        let best_outcome = truth[0].outcome.unwrap();
        let limits = SearchLimits { max_nodes: budget, proof_nodes: proof, ..SearchLimits::default() };
        let best = best_move_with(&s, &limits).unwrap();
        let got = outcome_of(&truth, best.index);
        if best.proven {
            match best.outcome {
                Some(o) => prop_assert_eq!(o, got, "{}", s),
                // A forced block: every other move loses at once, so it is the best.
                None => prop_assert_eq!(got, best_outcome),
            }
            if best.plies.is_some() {
                prop_assert_eq!((best.index, best.plies), (truth[0].index, truth[0].plies));
            }
            prop_assert_eq!(got, best_outcome, "a proven answer that is not best\n{}", s);
        } else {
            prop_assert_eq!(best.plies, None);
        }
        if best.outcome == Some(Outcome::Loss) {
            prop_assert_eq!(best_outcome, Outcome::Loss);
        }
        let choice = choose_move_with(&s, Difficulty::Hard, &mut SeededRng::new(seed), &limits).unwrap();
        if choice.proven {
            prop_assert_eq!(outcome_of(&truth, choice.index), best_outcome, "{}", s);
        }
        // analyze: every proven entry is exact, and none proven lost comes before one that is
        // not.
        let moves = analyze_with(&s, &limits);
        let mut seen_loss = false;
        for m in &moves {
            if let Some(o) = m.outcome {
                let t = truth.iter().find(|t| t.index == m.index).unwrap();
                prop_assert_eq!(m, t);
                seen_loss |= o == Outcome::Loss;
            } else {
                prop_assert!(!seen_loss, "an unproven move after a proven loss");
            }
        }
    }
}
