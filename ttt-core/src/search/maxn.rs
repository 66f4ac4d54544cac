//! Max-n: the anytime search of three- and four-player games, where the players do not
//! really cooperate.
//!
//! The exact solver and the two-player anytime search are *paranoid*: the player to move at
//! the root against all the others together. That is sound for proofs (a paranoid win is a
//! win against any play) but a poor model of real opponents: once the coalition could force a
//! win, every move looks equally lost, and a paranoid search cannot tell the move that holds
//! against players who each play for themselves from one that gives the game away. Max-n
//! (Luckhardt and Irani) gives every position a value *per player*, and each player picks the
//! move best for itself.
//!
//! - Values: a game won inside the tree is worth [`MATE`] less the plies to it for the winner,
//!   minus that for everyone else (a loser prefers a later loss); a draw is 0 for everyone; at
//!   the horizon, each player's live windows (the [evaluation](super::evaluation)'s per-player
//!   scores) less those of its strongest opponent.
//! - Tactics at every node: the player to move wins at once when it can; when the next player
//!   has a cell where it would win, the mover blocks it (two such cells: that player wins). A
//!   forced move does not use up depth.
//! - Moves: as the paranoid anytime search, the best [`BEAM`] by the solver's move order among
//!   the cells near the stones.
//! - Depth 1, 2, 3, … up to [`MAX_DEPTH`], under the node budget, the clock and the stop flag; depth 1 always
//!   completes (not the clock or the flag). The values are never reported as proven.
//!
//! Max-n allows no alpha-beta cut-offs between players; one is safe: a player who has found a
//! win stops looking.

use super::bits::Bits;
use super::evaluation::Evaluator;
use super::iterative::MATE;
use super::solver::Solver;
use std::time::Instant;

/// Moves searched at each node below the root (the best by move order).
const BEAM: usize = 10;

/// The deepest iteration (plies): two rounds of three players. With an unbounded budget the
/// exact solver has the last word; this only orders what it proved lost, and the beam makes
/// each ply ten times dearer.
const MAX_DEPTH: u32 = 6;

/// How often (in nodes) the clock and the stop flag are read inside this search.
const POLL_MASK: u64 = 0xFF;

/// A value per seat.
type Values = [i64; 4];

impl<B: Bits> Solver<B> {
    /// Iterative deepening max-n over `roots` (bit positions, in a deterministic order), up to
    /// `self.node_limit` nodes: each root move with its value for the player to move, from the
    /// last completed iteration, best first. `None` only when even depth 1 was stopped.
    pub(crate) fn maxn_iterate(
        &mut self,
        ev: &Evaluator<B>,
        roots: &[usize],
        started: Instant,
    ) -> Option<Vec<(usize, i64)>> {
        let me = self.mover;
        let mut order: Vec<usize> = roots.to_vec();
        let mut last = None;
        let budget = self.node_limit;
        let max_depth = ((self.cells() - self.n).max(1) as u32).min(MAX_DEPTH);
        for depth in 1..=max_depth {
            let before = self.nodes;
            self.node_limit = if depth == 1 { u64::MAX } else { budget };
            let mut scores = Vec::with_capacity(order.len());
            for &pos in &order {
                let v = if self.wins_at(pos) {
                    MATE
                } else {
                    self.play(pos);
                    let v = self.maxn(ev, depth - 1, 1);
                    self.undo(pos);
                    v[me]
                };
                if self.aborted {
                    break;
                }
                scores.push((pos, v));
            }
            if self.aborted {
                break;
            }
            // Stable: equal values keep the order of the iteration before.
            scores.sort_by_key(|&(_, v)| std::cmp::Reverse(v));
            order = scores.iter().map(|&(pos, _)| pos).collect();
            let decided = scores.iter().all(|&(_, v)| v.abs() >= MATE / 2);
            last = Some(scores);
            if decided {
                break;
            }
            if !self.another_iteration_fits(before, budget, started) {
                break;
            }
        }
        self.node_limit = budget;
        self.aborted = self.stopped;
        last
    }

    /// The values of the position for every seat, `ply` plies below the root, searched
    /// `depth` plies deep (see the [module docs](self)). Meaningless once `self.aborted`.
    fn maxn(&mut self, ev: &Evaluator<B>, depth: u32, ply: u32) -> Values {
        if self.out_of_budget() || (self.nodes & POLL_MASK == 0 && self.poll()) {
            return [0; 4];
        }
        let p = self.mover;
        let empty = self.empty();
        let playable = self.playable(empty);
        if !(self.win_cells(self.stones[p]) & playable).is_zero() {
            return self.won_by(p, ply);
        }
        if playable.is_zero() || self.n + 1 >= self.cells() {
            return [0; 4]; // the board is full, or its last cell does not win
        }
        let q = self.next_seat(p);
        let urgent = self.win_cells(self.stones[q]) & playable;
        let moves = match urgent.count() {
            0 => self.search_moves(playable, BEAM),
            1 => vec![urgent.lowest()],
            _ => return self.won_by(q, ply + 1),
        };
        let forced = moves.len() == 1;
        if depth == 0 && !forced {
            return self.horizon(ev);
        }
        let next = if forced { depth } else { depth - 1 };
        let mut best: Option<Values> = None;
        for pos in moves {
            self.play(pos);
            let v = self.maxn(ev, next, ply + 1);
            self.undo(pos);
            if self.aborted {
                return [0; 4];
            }
            if best.is_none_or(|b| v[p] > b[p]) {
                best = Some(v);
                if v[p] >= MATE / 2 {
                    break; // a win: nothing better to find
                }
            }
        }
        best.unwrap_or([0; 4])
    }

    /// The values of a game that `winner` wins `ply` plies below the root.
    fn won_by(&self, winner: usize, ply: u32) -> Values {
        let mut v = [0; 4];
        for (seat, x) in v.iter_mut().enumerate().take(self.players) {
            *x = if seat == winner { MATE - i64::from(ply) } else { -MATE + i64::from(ply) };
        }
        v
    }

    /// The values at the horizon: each player's live windows less its strongest opponent's.
    fn horizon(&self, ev: &Evaluator<B>) -> Values {
        let scores = ev.player_scores(self);
        let mut v = [0; 4];
        for p in 0..self.players {
            let strongest = (0..self.players).filter(|&o| o != p).map(|o| scores[o]).max();
            v[p] = scores[p] - strongest.unwrap_or(0);
        }
        v
    }
}
