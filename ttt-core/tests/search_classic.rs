//! The search against an independent, plain memoized minimax on every reachable classic
//! position, plus the peer library's examples.

mod common;

use common::reachable_in_progress;
use std::collections::HashMap;
use ttt_core::{
    GameState, MoveAnalysis, Outcome, Player, Rules, SearchLimits, Status, analyze, best_move,
    best_move_with,
};

/// Plain minimax with a memo, no pruning: the value for the player to move of `state`, as
/// `cells + 1 - s` for a win completed by the `s`-th stone on the board, its negation for a
/// loss, 0 for a draw.
fn minimax(state: &GameState, memo: &mut HashMap<(Vec<Option<Player>>, Player), i32>) -> i32 {
    let key = (state.board().to_vec(), state.current_player());
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let v = state
        .available_moves()
        .into_iter()
        .map(|m| move_value(state, m, memo))
        .max()
        .expect("in progress");
    memo.insert(key, v);
    v
}

/// The value of playing `m` in `state` for the player to move (two players).
fn move_value(
    state: &GameState,
    m: usize,
    memo: &mut HashMap<(Vec<Option<Player>>, Player), i32>,
) -> i32 {
    let cells = state.rules().cell_count() as i32;
    let next = state.apply_move(m).unwrap();
    let stones = next.board().iter().filter(|c| c.is_some()).count() as i32;
    match next.status() {
        Status::Win => cells + 1 - stones,
        Status::Draw => 0,
        Status::InProgress => -minimax(&next, memo),
    }
}

/// Expected analysis from the minimax: outcome and plies per move, best first.
fn expected(
    state: &GameState,
    memo: &mut HashMap<(Vec<Option<Player>>, Player), i32>,
) -> Vec<MoveAnalysis> {
    let cells = state.rules().cell_count() as i32;
    let n = state.board().iter().filter(|c| c.is_some()).count() as i32;
    let mut scored: Vec<(i32, MoveAnalysis)> = state
        .available_moves()
        .into_iter()
        .map(|m| {
            let v = move_value(state, m, memo);
            let (outcome, end) = if v > 0 {
                (Outcome::Win, cells + 1 - v)
            } else if v < 0 {
                (Outcome::Loss, cells + 1 + v)
            } else {
                (Outcome::Draw, cells)
            };
            let plies = (end - n) as u32;
            (v, MoveAnalysis { index: m, outcome: Some(outcome), plies: Some(plies) })
        })
        .collect();
    let rules = *state.rules();
    scored.sort_by_key(|(v, a)| (-v, rules.centre_distance4(a.index), a.index));
    scored.into_iter().map(|(_, a)| a).collect()
}

#[test]
fn agrees_with_plain_minimax_on_all_4520_positions() {
    let positions = reachable_in_progress(Rules::default());
    assert_eq!(positions.len(), 4520);
    let mut memo = HashMap::new();
    for s in &positions {
        let want = expected(s, &mut memo);
        let got = analyze(s);
        assert_eq!(got, want, "analyze of\n{s}");
        assert_eq!(best_move(s), Some(want[0].index), "best_move of\n{s}");
        let best = best_move_with(s, &SearchLimits::default()).unwrap();
        assert!(best.proven);
        assert_eq!((best.outcome, best.plies), (want[0].outcome, want[0].plies));
    }
}

fn classic(board: &str, to_move: Player) -> GameState {
    GameState::from_board_str(Rules::default(), board, to_move).unwrap()
}

#[test]
fn peer_examples() {
    let empty = GameState::new(Rules::default(), Player::X).unwrap();
    assert_eq!(best_move(&empty), Some(4));
    assert_eq!(best_move(&classic("XX.OO....", Player::X)), Some(2));
    assert_eq!(best_move(&classic("X...O...X", Player::O)), Some(1));
}

#[test]
fn finished_games_have_no_move() {
    let won = classic("XXXOO....", Player::O);
    assert_eq!(best_move(&won), None);
    assert_eq!(best_move_with(&won, &SearchLimits::default()), None);
    assert!(analyze(&won).is_empty());
    let drawn = classic("XOXXOOOXX", Player::O);
    assert_eq!(drawn.status(), Status::Draw);
    assert_eq!(best_move(&drawn), None);
    assert!(analyze(&drawn).is_empty());
}

#[test]
fn takes_the_fastest_win() {
    // X (0, 4) to move against O (1, 3): 8 wins at once; 6 and 2 win too, by a fork, but later.
    // Checked against the minimax, then: the search must take the win in 1.
    let s = classic("XO.OX....", Player::X);
    let mut memo = HashMap::new();
    let want = expected(&s, &mut memo);
    let slower = want.iter().filter(|m| m.outcome == Some(Outcome::Win) && m.plies > Some(1));
    assert!(slower.count() > 0, "the position has a slower win too: {want:?}");
    let best = best_move_with(&s, &SearchLimits::default()).unwrap();
    assert_eq!((best.index, best.outcome, best.plies), (8, Some(Outcome::Win), Some(1)));
    assert_eq!(
        analyze(&s)[0],
        MoveAnalysis { index: 8, outcome: Some(Outcome::Win), plies: Some(1) }
    );
    // And everywhere: whenever a win in 1 exists, the best move is one.
    let mut seen = 0;
    for s in reachable_in_progress(Rules::default()) {
        let moves = analyze(&s);
        if moves.iter().any(|m| m.plies == Some(1) && m.outcome == Some(Outcome::Win)) {
            seen += 1;
            assert_eq!(best_move_with(&s, &SearchLimits::default()).unwrap().plies, Some(1));
        }
    }
    assert!(seen > 100);
}

#[test]
fn outcome_names() {
    assert_eq!(Outcome::Win.as_str(), "win");
    assert_eq!(Outcome::Draw.to_string(), "draw");
    assert_eq!(Outcome::Loss.as_str(), "loss");
}
