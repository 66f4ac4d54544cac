//! What the fuzz targets share: turning the fuzzer's bytes into rules and players, and the
//! exhaustive oracle that the search is checked against.

use std::collections::HashMap;
use ttt_core::{Cell, GameState, Player, Rules};

/// Reads bytes from the front of the fuzzer's input; an exhausted input reads as zeros, so
/// every input decodes to something.
pub struct Bytes<'a>(pub &'a [u8]);

impl Bytes<'_> {
    /// The next byte (0 once the input is used up).
    pub fn byte(&mut self) -> u8 {
        match self.0.split_first() {
            Some((&b, rest)) => {
                self.0 = rest;
                b
            }
            None => 0,
        }
    }

    /// The next eight bytes as a little-endian `u64` (zeros past the end).
    pub fn u64(&mut self) -> u64 {
        let mut buf = [0u8; 8];
        for b in &mut buf {
            *b = self.byte();
        }
        u64::from_le_bytes(buf)
    }

    /// Whether the input is used up.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// Valid rules with sides up to `max_side` (at most 20), any k, 2 to 4 players, with or
/// without gravity: four bytes.
pub fn rules(input: &mut Bytes<'_>, max_side: u8) -> Rules {
    let width = 1 + usize::from(input.byte() % max_side);
    let height = 1 + usize::from(input.byte() % max_side);
    let k = 1 + usize::from(input.byte()) % width.max(height);
    let flags = input.byte();
    let players = 2 + usize::from(flags % 3);
    Rules::new(width, height, k, players, flags & 0x80 != 0).expect("in range by construction")
}

/// A player seated in `rules`: one byte.
pub fn seated(input: &mut Bytes<'_>, rules: &Rules) -> Player {
    let seat = usize::from(input.byte()) % usize::from(rules.players());
    Player::from_seat(seat).expect("a seat of the rules")
}

/// The search's score of a position for `root` (see `ttt_core::search`): a win `plies` plies
/// after the root is worth `cells + 1 - plies`, a loss `plies - cells - 1`, a draw 0.
pub type Score = i32;

/// A plain exhaustive search from the point of view of `root`, the player to move at the root:
/// `root` maximises, every other player minimises (the "paranoid" reading of 3 and 4 players,
/// which is ordinary minimax with two). No pruning, no bitboards, nothing from the search but
/// the rules engine; memoised by board and player to move.
pub struct Oracle {
    root: Player,
    root_stones: usize,
    cells: i32,
    memo: HashMap<(Vec<Cell>, Player), Score>,
}

impl Oracle {
    /// An oracle for positions reached from `root_state`.
    pub fn new(root_state: &GameState) -> Oracle {
        Oracle {
            root: root_state.current_player(),
            root_stones: stones(root_state),
            cells: root_state.board().len() as i32,
            memo: HashMap::new(),
        }
    }

    /// The exact score of `state` for the root player.
    pub fn score(&mut self, state: &GameState) -> Score {
        let plies = (stones(state) - self.root_stones) as i32;
        if let Some(w) = state.winner() {
            return if w == self.root { self.cells + 1 - plies } else { plies - self.cells - 1 };
        }
        if state.is_over() {
            return 0;
        }
        let key = (state.board().to_vec(), state.current_player());
        if let Some(&s) = self.memo.get(&key) {
            return s;
        }
        let maximise = state.current_player() == self.root;
        let children = state.available_moves().into_iter().map(|m| {
            let child = state.apply_move(m).expect("an available move is legal");
            self.score(&child)
        });
        let best = if maximise { children.max() } else { children.min() };
        let best = best.expect("a game in progress has a legal move");
        self.memo.insert(key, best);
        best
    }

    /// The outcome name and plies to the end that `score` means, for a root with `empty`
    /// empty cells (a draw fills the board).
    pub fn outcome(&self, score: Score, empty: usize) -> (&'static str, u32) {
        match score {
            s if s > 0 => ("win", (self.cells + 1 - s) as u32),
            s if s < 0 => ("loss", (s + self.cells + 1) as u32),
            _ => ("draw", empty as u32),
        }
    }
}

/// The number of marks on the board.
pub fn stones(state: &GameState) -> usize {
    state.board().iter().filter(|c| c.is_some()).count()
}
