//! Three and four players: the search is paranoid (the player to move against all the others
//! together). Checked against a plain memoized minimax of that game written here.

mod common;

use common::reachable_in_progress;
use std::collections::{HashMap, HashSet};
use ttt_core::{GameState, MoveAnalysis, Outcome, Player, Rules, Status, analyze, best_move};

type Memo = HashMap<(Vec<Option<Player>>, Player, Player), i32>;

/// The value for `root` of `state` (with `stones` marks on the board): `cells + 1 - s` when
/// `root` completes a line with the `s`-th stone, the negation when another player does, 0 for
/// a full board. `root` maximizes, everyone else minimizes.
fn paranoid(state: &GameState, root: Player, memo: &mut Memo) -> i32 {
    let key = (state.board().to_vec(), state.current_player(), root);
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let values = state.available_moves().into_iter().map(|m| move_value(state, m, root, memo));
    let v = if state.current_player() == root { values.max() } else { values.min() };
    let v = v.expect("in progress");
    memo.insert(key, v);
    v
}

fn move_value(state: &GameState, m: usize, root: Player, memo: &mut Memo) -> i32 {
    let cells = state.rules().cell_count() as i32;
    let next = state.apply_move(m).unwrap();
    let stones = next.board().iter().filter(|c| c.is_some()).count() as i32;
    match next.status() {
        Status::Win if next.winner() == Some(root) => cells + 1 - stones,
        Status::Win => stones - cells - 1,
        Status::Draw => 0,
        Status::InProgress => paranoid(&next, root, memo),
    }
}

fn expected(state: &GameState, memo: &mut Memo) -> Vec<MoveAnalysis> {
    let root = state.current_player();
    let cells = state.rules().cell_count() as i32;
    let n = state.board().iter().filter(|c| c.is_some()).count() as i32;
    let rules = *state.rules();
    let mut scored: Vec<(i32, MoveAnalysis)> = state
        .available_moves()
        .into_iter()
        .map(|m| {
            let v = move_value(state, m, root, memo);
            let (outcome, end) = match v.signum() {
                1 => (Outcome::Win, cells + 1 - v),
                -1 => (Outcome::Loss, cells + 1 + v),
                _ => (Outcome::Draw, cells),
            };
            (v, MoveAnalysis { index: m, outcome: Some(outcome), plies: Some((end - n) as u32) })
        })
        .collect();
    scored.sort_by_key(|(v, a)| (-v, rules.centre_distance4(a.index), a.index));
    scored.into_iter().map(|(_, a)| a).collect()
}

/// Positions from `games` pseudo-random games (a fixed LCG), every in-progress position of
/// each game from `min_stones` stones on.
fn sample(rules: Rules, min_stones: usize, games: usize) -> Vec<GameState> {
    let mut seed: u64 = 0x5EED;
    let mut next = move || {
        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        (seed >> 33) as usize
    };
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for _ in 0..games {
        let mut s = GameState::new(rules, Player::X).unwrap();
        while !s.is_over() {
            if s.ply() >= min_stones && seen.insert(s.board().to_vec()) {
                out.push(s.clone());
            }
            let moves = s.available_moves();
            s = s.apply_move(moves[next() % moves.len()]).unwrap();
        }
    }
    out
}

fn check(positions: &[GameState]) -> usize {
    let mut memo = Memo::new();
    for s in positions {
        let rules = *s.rules();
        let want = expected(s, &mut memo);
        assert_eq!(analyze(s), want, "{rules}\n{s}");
        assert_eq!(best_move(s), Some(want[0].index));
    }
    positions.len()
}

#[test]
fn three_players_classic_board() {
    let rules = Rules::new(3, 3, 3, 3, false).unwrap();
    assert!(check(&reachable_in_progress(rules)) > 1000);
    // From the empty board X cannot win against two: the coalition does not let it.
    let empty = GameState::new(rules, Player::X).unwrap();
    let moves = analyze(&empty);
    assert_eq!(moves, expected(&empty, &mut Memo::new()));
}

#[test]
fn three_players_bigger_boards() {
    assert!(check(&sample(Rules::new(4, 3, 3, 3, false).unwrap(), 5, 60)) > 100);
    assert!(check(&sample(Rules::new(4, 4, 3, 3, true).unwrap(), 6, 60)) > 100);
    assert!(check(&sample(Rules::new(5, 4, 3, 3, true).unwrap(), 10, 30)) > 50);
}

#[test]
fn four_players() {
    assert!(check(&reachable_in_progress(Rules::new(3, 3, 3, 4, false).unwrap())) > 1000);
    assert!(check(&sample(Rules::new(4, 3, 3, 4, false).unwrap(), 5, 60)) > 100);
}
