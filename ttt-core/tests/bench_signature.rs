//! The bench signature: the nodes that a fixed set of searches visits, summed, pinned here.
//!
//! Node counts do not depend on the machine, its load or the clock (no time limit is set), so
//! a change to the search shows up here, while a refactor or a speed-up that keeps the search
//! the same must leave the sum alone. A commit that changes it updates the pinned numbers and
//! says why in its message (more nodes for cheaper ones, a new pruning, ...). The positions
//! cover several rule sets: exact solves of Connect Four positions from Pons' sets (strong and
//! weak), the classic board, small boards solved from empty, and budgeted searches on boards
//! too big to solve (five in a row, three players), each on a fresh engine.

mod common;

use common::{pons_set, position};
use ttt_core::{Engine, GameState, Player, Rules, SearchLimits};

/// `(nodes, first move)` of `best_move_with` (or `weak_solve_with`) on a fresh engine.
fn searched(state: &GameState, max_nodes: u64, weak: bool) -> (u64, usize) {
    let limits = SearchLimits { max_nodes, ..SearchLimits::default() };
    let mut engine = Engine::new();
    let best = if weak {
        engine.weak_solve_with(state, &limits)
    } else {
        engine.best_move_with(state, &limits)
    };
    let best = best.expect("a game in progress");
    (best.nodes, best.index)
}

/// The sum of the nodes of every search of the signature, and the moves they chose.
fn signature() -> (u64, Vec<usize>) {
    let mut cases: Vec<(GameState, u64, bool)> = Vec::new();
    let unbounded = u64::MAX;
    for (state, _) in pons_set("Test_L2_R2", 4) {
        cases.push((state.clone(), unbounded, false));
        cases.push((state, unbounded, true));
    }
    for (state, _) in pons_set("Test_L3_R1", 20) {
        cases.push((state, unbounded, false));
    }
    cases.push((GameState::new(Rules::CLASSIC, Player::X).unwrap(), unbounded, false));
    for (w, h, k, gravity) in [(4, 4, 3, false), (5, 4, 4, true), (4, 5, 3, true)] {
        let rules = Rules::new(w, h, k, 2, gravity).unwrap();
        cases.push((GameState::new(rules, Player::X).unwrap(), unbounded, false));
    }
    let gomoku = Rules::new(15, 15, 5, 2, false).unwrap();
    let open_three =
        position(gomoku, &[(6, 3), (10, 10), (12, 5)], &[(3, 9), (3, 10), (3, 11)], Player::X);
    cases.push((open_three, 20_000, false));
    cases.push((GameState::new(gomoku, Player::X).unwrap(), 20_000, false));
    let ten = Rules::new(10, 10, 5, 2, false).unwrap();
    cases.push((position(ten, &[(4, 4), (5, 5)], &[(4, 5)], Player::O), 20_000, false));
    let three = Rules::new(10, 10, 4, 3, false).unwrap();
    let game =
        GameState::new(three, Player::X).unwrap().apply_move(44).unwrap().apply_move(45).unwrap();
    cases.push((game, 20_000, false));
    cases.push((GameState::new(Rules::CONNECT_FOUR, Player::X).unwrap(), 20_000, false));
    let mut nodes = 0;
    let mut moves = Vec::new();
    for (state, max_nodes, weak) in &cases {
        let (n, index) = searched(state, *max_nodes, *weak);
        nodes += n;
        moves.push(index);
    }
    (nodes, moves)
}

#[test]
fn the_bench_signature_is_pinned() {
    let (nodes, moves) = signature();
    println!("bench signature: {nodes} nodes, moves {moves:?}");
    let pinned_moves = vec![
        24, 24, 22, 24, 22, 22, 24, 24, 5, 8, 2, 4, 24, 16, 12, 10, 10, 15, 10, 25, 25, 17, 2, 6,
        11, 16, 20, 17, 4, 5, 17, 17, 53, 112, 54, 54, 38,
    ];
    assert_eq!((nodes, moves), (396_397, pinned_moves), "the search changed: see the module docs");
}
