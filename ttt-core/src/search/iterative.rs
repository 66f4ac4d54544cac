//! Iterative deepening: the anytime search for positions the exact solver cannot finish.
//!
//! Depth 1, 2, 3, … of an alpha-beta search (negamax; two players: three or four get
//! [max-n](super::maxn)), each ended by the [evaluation](super::evaluation), until the budget, the clock
//! or the stop flag ends it. The answer is the root moves' values from the **last completed
//! iteration**; depth 1 always completes (it ignores the node budget, not the clock or the
//! flag). An iteration is not started when the one before it took more than a third of what is
//! left of the node budget, or half of what is left of the time: it would not finish.
//!
//! Inside the search:
//! - the solver's tactics at every node: a win now ends it, two threats against the mover
//!   lose, one must be blocked (and a forced move does not use up depth);
//! - proven bounds from the solver's transposition table are used as they are;
//! - a [table of its own](super::anytime_table) gives each position the best move of its last
//!   search first, and its value where that search went as deep (measured on Connect Four,
//!   after `444442`: depth 7 in 10 thousand nodes instead of 19, so that the default budget
//!   reaches depth 8, which keeps the win that depth 7 gives away); it is probed before the
//!   node's tactics, which a usable value makes needless. An engine keeps it between moves
//!   and may give the search a target depth (see [`Engine`](super::Engine));
//! - without gravity, only cells within two steps of a stone are searched (one step when
//!   `k` ≤ 3), and below the root only the best [`BEAM`] of them by the solver's move order
//!   (threats made, then the centre): the search is a heuristic, never a proof.
//!
//! Values are `i64`: the evaluation lies within ±2⁴⁸; a game that ends inside the tree is worth
//! [`MATE`] plus the solver's exact score (so faster wins and slower losses are preferred). All
//! decisions compare integers: under a node budget the search gives the same answer on every
//! machine. The values it returns are never reported as proven.

use super::anytime_table::{AnytimeTable, Bound, Entry};
use super::bits::Bits;
use super::evaluation::Evaluator;
use super::solver::Solver;
use std::time::Instant;

/// A game decided inside the search tree is worth this, plus its exact score.
pub(crate) const MATE: i64 = 1 << 52;

/// Moves searched at each node below the root (the best by move order).
const BEAM: usize = 12;

/// How often (in nodes) the clock and the stop flag are read inside this search: evaluated
/// nodes cost more than the solver's.
const POLL_MASK: u64 = 0xFF;

/// The outcome of an anytime search: each root move (bit position) with its value for the
/// player to move, from the last completed iteration.
pub(crate) struct Anytime {
    pub(crate) scores: Vec<(usize, i64)>,
    /// The depth of that iteration.
    pub(crate) depth: u32,
    /// Whether the search stopped there because it reached its target depth.
    pub(crate) at_target: bool,
}

/// The solver's exact score as a search value.
fn mate_value(score: i32) -> i64 {
    match score {
        s if s > 0 => MATE + i64::from(s),
        s if s < 0 => -MATE + i64::from(s),
        _ => 0,
    }
}

impl<B: Bits> Solver<B> {
    /// Whether an iterative deepening (this one, or max-n's) should start its next iteration:
    /// not when the iteration just done, begun at `before` nodes, took more than a third of what
    /// is left of `budget`, nor when the clock has passed its deadline or less time is left
    /// than has gone by since `started`. Either way the next one would not finish.
    pub(crate) fn another_iteration_fits(
        &self,
        before: u64,
        budget: u64,
        started: Instant,
    ) -> bool {
        let used = self.nodes - before;
        let left = budget.saturating_sub(self.nodes);
        if used.saturating_mul(3) > left {
            return false;
        }
        match self.deadline {
            Some(deadline) => {
                let now = Instant::now();
                now < deadline && now - started <= deadline - now
            }
            None => true,
        }
    }

    /// Iterative deepening over `roots` (bit positions, in a deterministic order), up to
    /// `self.node_limit` nodes, with the table `tt` (new, or an engine's, kept from the moves
    /// before), and no deeper than `target` when given (see [`Engine`](super::Engine)).
    /// `started` is when this search began (for the time-based soft limit). `None` only when
    /// even depth 1 was stopped (clock or flag).
    pub(crate) fn iterate(
        &mut self,
        ev: &Evaluator<B>,
        tt: &mut AnytimeTable,
        roots: &[usize],
        target: Option<u32>,
        started: Instant,
    ) -> Option<Anytime> {
        let mut order: Vec<usize> = roots.to_vec();
        let mut last: Option<Anytime> = None;
        let budget = self.node_limit;
        let max_depth = (self.cells() - self.n).max(1) as u32;
        for depth in 1..=max_depth {
            let before = self.nodes;
            // Depth 1 always completes unless the flag or the clock says stop.
            self.node_limit = if depth == 1 { u64::MAX } else { budget };
            let Some(scores) = self.root_iteration(ev, tt, &order, depth) else {
                break;
            };
            order = scores.iter().map(|&(pos, _)| pos).collect();
            let decided = scores.iter().all(|&(_, v)| v.abs() >= MATE);
            let at_target = target.is_some_and(|t| depth >= t);
            last = Some(Anytime { scores, depth, at_target });
            if decided || at_target {
                break;
            }
            if !self.another_iteration_fits(before, budget, started) {
                break;
            }
        }
        self.node_limit = budget;
        last
    }

    /// One iteration: every root move's value at `depth`, best first (stable: ties keep the
    /// order of `order`). Moves that cannot reach the best are bounded, not exact, but stay
    /// below it; every move that ties the best has its exact value. `None` when stopped.
    fn root_iteration(
        &mut self,
        ev: &Evaluator<B>,
        tt: &mut AnytimeTable,
        order: &[usize],
        depth: u32,
    ) -> Option<Vec<(usize, i64)>> {
        let same = self.same_side_next();
        let mut best = -MATE * 4;
        let mut out = Vec::with_capacity(order.len());
        for &pos in order {
            // A window just below the best: a move that ties it gets its exact value.
            let alpha = best.saturating_sub(1);
            let v = self.child_search(ev, tt, pos, depth - 1, alpha, MATE * 4, same);
            if self.aborted {
                return None;
            }
            best = best.max(v);
            out.push((pos, v));
        }
        out.sort_by_key(|&(_, v)| std::cmp::Reverse(v));
        Some(out)
    }

    #[inline]
    #[allow(clippy::too_many_arguments)]
    fn child_search(
        &mut self,
        ev: &Evaluator<B>,
        tt: &mut AnytimeTable,
        pos: usize,
        depth: u32,
        alpha: i64,
        beta: i64,
        same: bool,
    ) -> i64 {
        self.play(pos);
        let v = if same {
            self.alphabeta(ev, tt, depth, alpha, beta)
        } else {
            -self.alphabeta(ev, tt, depth, -beta, -alpha)
        };
        self.undo(pos);
        v
    }

    /// Fail-soft alpha-beta to `depth` plies, then the evaluation; `tt` gives each position
    /// its best move of the last search first, and a bound where that search went as deep.
    fn alphabeta(
        &mut self,
        ev: &Evaluator<B>,
        tt: &mut AnytimeTable,
        depth: u32,
        mut alpha: i64,
        beta: i64,
    ) -> i64 {
        if self.out_of_budget() || (self.nodes & POLL_MASK == 0 && self.poll()) {
            return 0;
        }
        let key = self.raw_key();
        // A bound of `e` that settles this node at `depth` in the window.
        let settled = |e: Entry| {
            let usable = e.depth >= depth
                && match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => e.value >= beta,
                    Bound::Upper => e.value <= alpha,
                };
            usable.then_some(e.value)
        };
        // The table before the tactics: a position they decide is never stored, so a usable
        // bound is what searching would give, without its costliest part (the threats; most
        // of what an engine's kept table saves). At depth 0 the evaluation comes first, as
        // before: a forced position alone goes on.
        let mut entry = None;
        if depth > 0 {
            entry = tt.get(key);
            if let Some(v) = entry.and_then(settled) {
                return v;
            }
        }
        let moves = match self.candidates() {
            Ok(moves) => moves,
            Err(score) => return mate_value(score),
        };
        let empty_cells = self.cells() - self.n;
        if let Some((lo, hi, _)) = self.table(empty_cells).get(self.key().0) {
            if lo > 0 || hi < 0 || (lo == 0 && hi == 0) {
                return mate_value(if lo > 0 { lo } else { hi });
            }
        }
        let forced = moves.count() == 1;
        if depth == 0 && !forced {
            return ev.evaluate(self);
        }
        if depth == 0 {
            entry = tt.get(key);
            if let Some(v) = entry.and_then(settled) {
                return v;
            }
        }
        let next_depth = if forced { depth } else { depth - 1 };
        let mut list = self.search_moves(moves, BEAM);
        if let Some(first) = entry.and_then(|e| e.best).filter(|&p| moves.has(p)) {
            list.retain(|&p| p != first);
            list.insert(0, first);
        }
        let same = self.same_side_next();
        let (floor, mut best, mut best_move) = (alpha, -MATE * 4, None);
        for pos in list {
            let v = self.child_search(ev, tt, pos, next_depth, alpha, beta, same);
            if self.aborted {
                return 0;
            }
            if v > best {
                best = v;
                best_move = Some(pos);
                if v >= beta {
                    break;
                }
                alpha = alpha.max(v);
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best <= floor {
            Bound::Upper
        } else {
            Bound::Exact
        };
        tt.store(key, Entry { value: best, bound, depth, best: best_move });
        best
    }

    /// The moves of `moves` worth searching, best first by the solver's move order, at most
    /// `limit` of them (all of them when `limit` is `usize::MAX`). Without gravity, only cells
    /// near a stone (when there is one).
    pub(crate) fn search_moves(&self, moves: B, limit: usize) -> Vec<usize> {
        let mut set = moves;
        if !self.gravity && moves.count() > 1 {
            let near = self.near_stones(if self.k <= 3 { 1 } else { 2 }) & moves;
            if !near.is_zero() {
                set = near;
            }
        }
        let mut scored = Vec::with_capacity(set.count() as usize);
        if self.gravity {
            // Under gravity: threats each move leaves (at any height), then the middle column.
            let mine = self.stones[self.mover];
            let empty = self.empty();
            let mut rest = set;
            while !rest.is_zero() {
                let pos = rest.lowest();
                rest = rest ^ B::bit(pos);
                let stone = B::bit(pos);
                let threats = (self.win_cells(mine | stone) & empty & !stone).count() as i32;
                scored.push((threats * 4096 + self.column_centre[pos], pos));
            }
        } else {
            let maps = self.order_scores(self.empty());
            let mut rest = set;
            while !rest.is_zero() {
                let pos = rest.lowest();
                rest = rest ^ B::bit(pos);
                scored.push((self.order_score(pos, &maps), pos));
            }
        }
        // Stable: equal scores keep ascending bit order.
        scored.sort_by_key(|&(score, _)| std::cmp::Reverse(score));
        scored.into_iter().take(limit).map(|(_, pos)| pos).collect()
    }

    /// Empty cells within `radius` king steps of a stone.
    fn near_stones(&self, radius: u32) -> B {
        let s = self.stride;
        let mut near = self.occ;
        for _ in 0..radius {
            let mut grown = near;
            for d in [1, s, s + 1, s - 1] {
                grown = grown | near.up(d) | near.down(d);
            }
            near = grown & self.mask;
        }
        near & self.empty()
    }
}
