//! Position generators shared by the integration tests (every test file is a crate of its own
//! and uses some of them; hence `dead_code` is allowed here).
#![allow(dead_code)]

use std::collections::HashSet;
use ttt_core::ai::pick_index;
use ttt_core::{GameState, Player, Rng, Rules, SeededRng};

/// Every position, the final ones included, of `games` games from the empty board of `rules`
/// (X starting) with moves drawn from `SeededRng::new(seed)`.
pub fn random_positions(rules: Rules, seed: u64, games: usize) -> Vec<GameState> {
    let mut rng = SeededRng::new(seed);
    let mut out = Vec::new();
    for _ in 0..games {
        let mut s = GameState::new(rules, Player::X).unwrap();
        while !s.is_over() {
            out.push(s.clone());
            let moves = s.available_moves();
            s = s.apply_move(moves[pick_index(rng.next_f64(), moves.len())]).unwrap();
        }
        out.push(s);
    }
    out
}

/// Every reachable position of `rules` where the game is still on (X starting), each board
/// once.
pub fn reachable_in_progress(rules: Rules) -> Vec<GameState> {
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    let mut stack = vec![GameState::new(rules, Player::X).unwrap()];
    while let Some(s) = stack.pop() {
        if s.is_over() || !seen.insert(s.board().to_vec()) {
            continue;
        }
        for m in s.available_moves() {
            stack.push(s.apply_move(m).unwrap());
        }
        out.push(s);
    }
    out
}

/// The position of `rules` with X on the `(row, col)` cells `xs` and O on `os`, `to_move` to
/// play (checked for reachability like any board).
pub fn position(
    rules: Rules,
    xs: &[(usize, usize)],
    os: &[(usize, usize)],
    to_move: Player,
) -> GameState {
    let w = rules.width();
    let mut board = vec!['.'; rules.cell_count()];
    for &(r, c) in xs {
        board[r * w + c] = 'X';
    }
    for &(r, c) in os {
        board[r * w + c] = 'O';
    }
    let text: String = board.into_iter().collect();
    GameState::from_board_str(rules, &text, to_move).unwrap()
}

/// A Connect Four position in Pascal Pons' notation: the columns played from the empty board,
/// `1` to `7`, X first. Panics on any other character or a full column (test data).
pub fn connect_four(moves: &str) -> GameState {
    let mut game = GameState::new(Rules::CONNECT_FOUR, Player::X).unwrap();
    for c in moves.bytes() {
        assert!((b'1'..=b'7').contains(&c), "not a column: {moves:?}");
        game = game.play_column(usize::from(c - b'1')).unwrap().0;
    }
    game
}

/// `(position, Pons' exact score)` for the first `take` positions of Pons' test set `name`
/// (`testdata/connect4/`, see its README for the score convention).
pub fn pons_set(name: &str, take: usize) -> Vec<(GameState, i32)> {
    let path = format!("{}/../testdata/connect4/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .take(take)
        .map(|line| {
            let (moves, score) = line.split_once(' ').expect("two fields");
            (connect_four(moves), score.parse().unwrap())
        })
        .collect()
}
