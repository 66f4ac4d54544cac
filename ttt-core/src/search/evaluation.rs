//! The evaluation: how good a position looks to the side to move, where the search cannot see
//! to the end of the game.
//!
//! It is the same for every rule set (any `k`, any board, 2 to 4 players, with or without
//! gravity), built from the rules alone, never tuned per board. A *live window* of a player is
//! a window of `k` cells that holds none of the other players' marks: a place where that player
//! can still make a line. A live window holding `c` of the player's stones is worth `f^c`
//! ([`Weights::stone_shift`]: `f` is 8 without gravity, 2 under it), so one more stone in a
//! window counts for as much as `f` windows of one stone less, and a row with open ends counts
//! more than one against the edge or another mark simply because more live windows cover it (an
//! open three of five-in-a-row lies in three live windows, a closed one in one). The side to
//! move gets [`Weights::tempo`] over the other side: it will play the next stone.
//!
//! Under gravity, [threats](gravity) come on top of the windows: the lowest threat of each
//! column, stacked pairs and Allis' parity rule, derived from the rules as the windows are.
//!
//! The counts are made for the whole board at once with bitboards: for each direction, the
//! window starts that hold no other mark, and a bit-sliced counter of the player's stones in
//! the window of each start. No floats: every decision built on it is deterministic.

use super::bits::Bits;
use super::solver::Solver;

mod gravity;

use gravity::{Gravity, ThreatWeights};

/// The evaluation's tunable numbers, apart from the structural tables.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Weights {
    /// A live window with one more stone is worth this many times as much (a power of two:
    /// the shift that multiplies by it), capped so that the sums fit for every `k`.
    pub(crate) stone_shift: u32,
    /// The side to move counts its windows `tempo.0 / tempo.1` times as much as the other side.
    pub(crate) tempo: (i64, i64),
}

impl Weights {
    /// The weights for windows of `k` cells, with or without `gravity`.
    ///
    /// Without gravity, a factor of 8 a stone, down to what keeps the biggest window under 2⁴⁰
    /// (so that sums over every window of a 20×20 board fit).
    ///
    /// Under gravity, a factor of 2 a stone: where a stone can go is set by the columns, and
    /// what decides the game is which threats are cashed in (the [threat terms](gravity)), so
    /// the number of live windows a stone keeps open counts for more than stacking stones
    /// into a few. Measured on Connect Four against the factor of 8 (default budget; the
    /// strength benchmark's README has the runs): the first-player games against OpenSpiel's
    /// MCTS with 100,000 simulations went from 5 / 2 / 13 to 15 / 0 / 5 (the move Hard missed
    /// in all 13 losses, the centre after `4444`, is now its choice at every budget from 100 K
    /// to 1 M nodes); Hard's own opening (`c4_openings tree 4`) gave away 1 of 35 won positions
    /// at ply 4 instead of 11; the 200 random openings of plies 8 to 12 10 instead of 9 (noise).
    /// A factor of 4 gave 13 of those 200 and still missed the centre after `4444`.
    pub(crate) fn for_rules(k: usize, gravity: bool) -> Weights {
        let shift = if gravity {
            1
        } else if k <= 1 {
            3
        } else {
            (40 / (k as u32 - 1)).clamp(1, 3)
        };
        Weights { stone_shift: shift, tempo: (3, 2) }
    }
}

/// Bits of the counter of stones in a window: enough for `k` up to 31.
const PLANES: usize = 5;

/// The evaluation of positions under one rule set.
pub(crate) struct Evaluator<B> {
    /// Per direction: its shift and the cells where a window of `k` cells starts.
    starts: Vec<(u32, B)>,
    k: usize,
    weights: Weights,
    /// Under gravity, the threat terms (see [`gravity`]).
    gravity: Option<Gravity<B>>,
}

impl<B: Bits> Evaluator<B> {
    /// The evaluator of the rules `s` plays by.
    pub(crate) fn new(s: &Solver<B>) -> Evaluator<B> {
        let mut starts = Vec::new();
        for &d in &s.dirs {
            // A start whose k - 1 next cells along the direction are on the board (the spare
            // bit at the end of every row stops windows that would wrap).
            let mut ok = s.mask;
            for i in 1..s.k {
                ok = ok & s.mask.down(d * i as u32);
            }
            starts.push((d, ok));
        }
        let weights = Weights::for_rules(s.k, s.gravity);
        let window = 1i64 << (weights.stone_shift * s.k.saturating_sub(1) as u32);
        let gravity = s.gravity.then(|| Gravity::new(s, ThreatWeights::new(window)));
        Evaluator { starts, k: s.k, weights, gravity }
    }

    /// Per player: the live windows ([`window_scores`](Self::window_scores)) and, under
    /// gravity, the threats.
    fn scores(&self, s: &Solver<B>) -> [i64; 4] {
        let mut scores = self.window_scores(s);
        if let Some(g) = &self.gravity {
            for (score, threat) in scores.iter_mut().zip(g.threat_scores(s)) {
                *score += threat;
            }
        }
        scores
    }

    /// Per player: `Σ weight(c) × (live windows of the player holding c of its stones)`. Each
    /// player's stones are shifted once per cell of a window and direction; another player's
    /// mark in a window (an occupied cell that is not the player's) kills it.
    fn window_scores(&self, s: &Solver<B>) -> [i64; 4] {
        let k = self.k;
        let players = s.players;
        let mut total = [0i64; 4];
        let planes_used = (usize::BITS - k.leading_zeros()) as usize;
        for &(d, start) in &self.starts {
            let mut free = [start; 4];
            let mut planes = [[B::ZERO; PLANES]; 4];
            for i in 0..k {
                let shift = d * i as u32;
                let occ = s.occ.down(shift);
                for p in 0..players {
                    let mine = s.stones[p].down(shift);
                    // Live: every cell empty or the player's.
                    free[p] = free[p] & (!occ | mine);
                    // Add the stone bit of cell i of each window to its bit-sliced counter.
                    let mut carry = mine;
                    for plane in &mut planes[p][..planes_used] {
                        let next = *plane & carry;
                        *plane = *plane ^ carry;
                        carry = next;
                    }
                }
            }
            for p in 0..players {
                if free[p].is_zero() {
                    continue;
                }
                for c in 1..k {
                    let mut sel = free[p];
                    for (j, &plane) in planes[p][..planes_used].iter().enumerate() {
                        sel = if (c >> j) & 1 == 1 { sel & plane } else { sel & !plane };
                    }
                    let count = i64::from(sel.count());
                    total[p] += count << (self.weights.stone_shift * c as u32);
                }
            }
        }
        total
    }

    /// The position's value for the side to move: the windows of its side against those of the
    /// other side, with the tempo bonus. Bounded well inside ±2⁴⁸.
    ///
    /// With three or four players the search is paranoid (the root player against the others)
    /// but the others do not really pool their stones: the root player's windows are weighed
    /// against those of the strongest single opponent, not against their sum.
    pub(crate) fn evaluate(&self, s: &Solver<B>) -> i64 {
        let me = s.side[s.mover];
        let scores = self.scores(s);
        let (a, b) = self.weights.tempo;
        if s.players > 2 {
            let root = (0..s.players).find(|&p| s.side[p]).unwrap_or(0);
            let strongest = (0..s.players).filter(|&p| p != root).map(|p| scores[p]).max();
            // The tempo goes to the root player when it is to move, else to the opponents.
            let (x, y) = if me { (a, b) } else { (b, a) };
            let value = scores[root] * x - strongest.unwrap_or(0) * y;
            return if me { value } else { -value };
        }
        let (mut mine, mut theirs) = (0i64, 0i64);
        for (p, &score) in scores.iter().enumerate().take(s.players) {
            if s.side[p] == me {
                mine += score;
            } else {
                theirs += score;
            }
        }
        mine * a - theirs * b
    }

    /// The value of each player's own windows (not sides): for choosing among moves that a
    /// paranoid search finds equal, against the players as they really are.
    pub(crate) fn player_scores(&self, s: &Solver<B>) -> [i64; 4] {
        self.scores(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::table::Tables;
    use crate::{Player, Rules};

    /// The bit-sliced counts against a plain count over the rules' windows.
    #[test]
    fn window_scores_match_a_plain_count() {
        let mut seed = 5u64;
        for (w, h, k, players) in [(3, 3, 3, 2), (7, 6, 4, 2), (9, 9, 5, 3), (6, 5, 6, 2)] {
            let rules = Rules::new(w, h, k, players, false).unwrap();
            for s in crate::search::testkit::random_positions(rules, 3, &mut seed) {
                let solver = Solver::<u128>::new(&s, u64::MAX, Tables::new(0), None);
                let ev = Evaluator::new(&solver);
                let got = ev.window_scores(&solver);
                for (p, &player) in Player::ALL.iter().enumerate().take(players) {
                    let mut want = 0i64;
                    for win in rules.windows() {
                        let marks: Vec<_> = win.cells().map(|c| s.board()[c]).collect();
                        if marks.iter().all(|m| m.is_none() || *m == Some(player)) {
                            let c = marks.iter().filter(|m| m.is_some()).count();
                            if c > 0 && c < k {
                                want += 1 << (ev.weights.stone_shift * c as u32);
                            }
                        }
                    }
                    assert_eq!(got[p], want, "{rules} player {p}\n{s}");
                }
            }
        }
    }
}
