//! Known game values proven by the search from the empty board, budgets and the stop flag.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use ttt_core::{
    GameState, Outcome, Player, Rules, SearchLimits, analyze, analyze_with, best_move_with,
};

fn solve(w: usize, h: usize, k: usize, gravity: bool) -> Outcome {
    let rules = Rules::new(w, h, k, 2, gravity).unwrap();
    let game = GameState::new(rules, Player::X).unwrap();
    let limits = SearchLimits { max_nodes: u64::MAX, ..SearchLimits::default() };
    let best = best_move_with(&game, &limits).unwrap();
    assert!(best.proven, "{rules}");
    assert!(game.is_legal(best.index));
    best.outcome.unwrap()
}

#[test]
fn known_values_from_the_empty_board() {
    assert_eq!(solve(3, 3, 3, false), Outcome::Draw);
    assert_eq!(solve(4, 3, 3, false), Outcome::Win);
    assert_eq!(solve(3, 4, 3, false), Outcome::Win);
    assert_eq!(solve(4, 4, 3, false), Outcome::Win);
    assert_eq!(solve(4, 4, 4, false), Outcome::Draw);
    assert_eq!(solve(4, 4, 4, true), Outcome::Draw);
    assert_eq!(solve(5, 4, 4, true), Outcome::Draw);
}

#[test]
fn tiny_boards() {
    // k = 1: the first stone wins.
    let game = GameState::new(Rules::new(1, 1, 1, 2, false).unwrap(), Player::X).unwrap();
    let best = best_move_with(&game, &SearchLimits::default()).unwrap();
    assert_eq!((best.index, best.outcome, best.plies), (0, Some(Outcome::Win), Some(1)));
    // 2×1, k = 2: X plays, O fills the board: a draw in 2.
    let game = GameState::new(Rules::new(2, 1, 2, 2, false).unwrap(), Player::X).unwrap();
    let moves = analyze(&game);
    assert_eq!(moves.len(), 2);
    assert!(moves.iter().all(|m| m.outcome == Some(Outcome::Draw) && m.plies == Some(2)));
    // 3×1, k = 2: the middle wins.
    let game = GameState::new(Rules::new(3, 1, 2, 2, false).unwrap(), Player::X).unwrap();
    let best = best_move_with(&game, &SearchLimits::default()).unwrap();
    assert_eq!((best.index, best.outcome, best.plies), (1, Some(Outcome::Win), Some(3)));
}

fn gomoku_position() -> GameState {
    let rules = Rules::new(15, 15, 5, 2, false).unwrap();
    let mut game = GameState::new(rules, Player::X).unwrap();
    for index in [112, 113, 97, 127, 98, 111, 126] {
        game = game.apply_move(index).unwrap();
    }
    game
}

#[test]
fn big_board_under_a_small_budget() {
    let game = gomoku_position();
    let limits = SearchLimits { max_nodes: 5_000, ..SearchLimits::default() };
    let best = best_move_with(&game, &limits).unwrap();
    assert!(!best.proven);
    assert_eq!((best.outcome, best.plies), (None, None));
    assert!(game.is_legal(best.index));
    assert!(best.nodes <= 5_001, "{}", best.nodes);
    // Deterministic: the same budget gives the same answer.
    assert_eq!(best_move_with(&game, &limits), Some(best));
    let moves = analyze_with(&game, &limits);
    let mut indices: Vec<usize> = moves.iter().map(|m| m.index).collect();
    indices.sort_unstable();
    assert_eq!(indices, game.available_moves());
    assert!(moves.iter().any(|m| m.outcome.is_none() && m.plies.is_none()));
    assert!(moves.iter().all(|m| m.outcome.is_some() == m.plies.is_some()));
}

#[test]
fn forced_answers_on_a_big_board() {
    // X has four in a row open at one end: X wins at once, proven without search.
    let rules = Rules::new(15, 15, 5, 2, false).unwrap();
    let mut game = GameState::new(rules, Player::X).unwrap();
    for index in [0, 100, 1, 101, 2, 130, 3, 131] {
        game = game.apply_move(index).unwrap();
    }
    let limits = SearchLimits { max_nodes: 100, ..SearchLimits::default() };
    let best = best_move_with(&game, &limits).unwrap();
    assert_eq!(
        (best.index, best.outcome, best.plies, best.proven),
        (4, Some(Outcome::Win), Some(1), true)
    );
    // O to move must block at 4 (the only cell that stops X); unproven but chosen.
    let game = game.undo_last_move(); // X: 0, 1, 2, 3; O: 100, 101, 130; O to move
    let best = best_move_with(&game, &limits).unwrap();
    assert_eq!(best.index, 4);
    let moves = analyze_with(&game, &limits);
    assert_eq!(moves[0].index, 4);
    // Every other move loses at once to X's five, and that is proven.
    assert!(moves[1..].iter().all(|m| m.outcome == Some(Outcome::Loss) && m.plies == Some(2)));
}

#[test]
fn stop_flag_stops_the_search() {
    let game = gomoku_position();
    // A flag already set: the search stops at its first poll.
    let stop = Arc::new(AtomicBool::new(true));
    let limits = SearchLimits { max_nodes: u64::MAX, stop: Some(stop), ..SearchLimits::default() };
    let best = best_move_with(&game, &limits).unwrap();
    assert!(!best.proven);
    assert!(best.nodes <= 4096, "{}", best.nodes);
    assert!(analyze_with(&game, &limits).iter().all(|m| m.outcome.is_none()));
    // A flag set from another thread while the search runs.
    let stop = Arc::new(AtomicBool::new(false));
    let limits = SearchLimits {
        max_nodes: u64::MAX,
        stop: Some(Arc::clone(&stop)),
        ..SearchLimits::default()
    };
    let setter = std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_millis(100));
        stop.store(true, Ordering::Relaxed);
    });
    let best = best_move_with(&game, &limits).unwrap();
    setter.join().unwrap();
    assert!(!best.proven);
    assert!(game.is_legal(best.index));
}

#[test]
fn no_table_still_solves() {
    let game = GameState::new(Rules::default(), Player::X).unwrap();
    let limits = SearchLimits { table_bytes: 0, ..SearchLimits::default() };
    let best = best_move_with(&game, &limits).unwrap();
    assert_eq!((best.index, best.outcome, best.proven), (4, Some(Outcome::Draw), true));
}

/// Under any budget, whatever is reported as proven is what the full search finds, and the
/// rest says it is unproven.
#[test]
fn budgets_never_make_proven_answers_wrong() {
    for (w, h, k, gravity) in [(4, 4, 4, false), (5, 4, 4, true), (4, 4, 3, false)] {
        let game = GameState::new(Rules::new(w, h, k, 2, gravity).unwrap(), Player::X).unwrap();
        let full = SearchLimits { max_nodes: u64::MAX, ..SearchLimits::default() };
        let exact = analyze_with(&game, &full);
        let best = best_move_with(&game, &full).unwrap();
        assert_eq!(exact[0].index, best.index);
        let mut proven = 0;
        for budget in (1..=24).map(|i| i * 1_500) {
            let limits = SearchLimits { max_nodes: budget, ..SearchLimits::default() };
            let got = best_move_with(&game, &limits).unwrap();
            assert!(game.is_legal(got.index));
            if got.proven {
                proven += 1;
                assert_eq!(
                    (got.index, got.outcome, got.plies),
                    (best.index, best.outcome, best.plies)
                );
            } else {
                assert_eq!((got.outcome, got.plies), (None, None));
            }
            let moves = analyze_with(&game, &limits);
            assert_eq!(moves.len(), exact.len());
            for m in &moves {
                let truth = exact.iter().find(|e| e.index == m.index).unwrap();
                if m.outcome.is_some() {
                    assert_eq!(m, truth, "budget {budget}");
                } else {
                    assert_eq!(m.plies, None);
                }
            }
        }
        eprintln!("{w}x{h} k={k}: proven under {proven} of 24 budgets");
    }
}

#[test]
fn the_biggest_board_answers_within_its_budget() {
    // 20×20: the search runs deep (a line of play can last 400 plies) within a small budget.
    let game = GameState::new(Rules::new(20, 20, 5, 2, false).unwrap(), Player::X).unwrap();
    let game = game.apply_move(210).unwrap();
    let limits = SearchLimits { max_nodes: 3_000, ..SearchLimits::default() };
    let best = best_move_with(&game, &limits).unwrap();
    assert!(!best.proven && game.is_legal(best.index));
    // Four players on 20×20 too.
    let game = GameState::new(Rules::new(20, 20, 4, 4, false).unwrap(), Player::X).unwrap();
    let best = best_move_with(&game, &limits).unwrap();
    assert!(game.is_legal(best.index));
}
