//! Threats under gravity: the Connect Four knowledge of the evaluation, derived from the
//! rules (any board, any `k`), never from the 7×6 board.
//!
//! A *threat* of a player is an empty cell that completes a live window of theirs: `k - 1` of
//! their stones and that cell. Under gravity a threat can only be played once the column has
//! grown up to it, so what counts is which threats can still be cashed in, and by whom:
//!
//! - **the lowest threat of a column** decides that column: nobody wants to play the cell
//!   under it (the other side would answer on it), so the column stops there until the end
//!   of the game, and the cells above it matter much less;
//! - **two threats of one player, one directly above the other**, win that column: when the
//!   lower one is blocked, the upper one is played;
//! - **a threat directly above another player's** is dead: the cell under it is a win for
//!   the other player as soon as it is playable, so the owner can only fill it to block it,
//!   and the other player then blocks the threat above;
//! - **parity** (Allis): when the columns fill up, the player who does not move when the
//!   number of empty cells is even can answer every stone on top of it (*claimeven*) and gets
//!   every other row; the player to move then gets the others. A lowest threat on a row that
//!   its owner gets that way (a *good* threat) wins in the end; one on the other rows is only
//!   worth something if the column parity changes. The rows are the solver's claim rows
//!   (every other row from the bottom, of the parity of the board's height), so the rule holds
//!   for every height, odd or even.
//!
//! With three or four players the rows do not alternate between two sides, so only the column
//! rules are used there.
//!
//! ```text
//!  row 6  . . . . . . .
//!  row 5  . . . . . . .      X to move at even empty counts: X gets rows 1, 3, 5 by parity.
//!  row 4  . . o . . . .      * at row 3 (an odd row) is X's lowest threat in column 4, a good
//!  row 3  . . x * . . .      one: with the rest of the board filled by claimeven, X gets it.
//!  row 2  . x o o . . .
//!  row 1  x o x o . . .
//! ```

use super::super::bits::Bits;
use super::super::solver::Solver;

/// What threats are worth, on top of the live window of `k - 1` stones that a threat already
/// is (see [`super::Weights`]).
///
/// Measured with `examples/c4_openings.rs` (200 won Connect Four openings of plies 8 to 12,
/// seed 1, the default budget of 100,000 nodes): without these terms Hard gave 16 of the wins
/// away; with them 9. Other weights, in units of that window (good, lowest, stacked, higher):
/// 8, 1, 16, 1/4: 11; 2, 1, 4, 1/4: 12; 4, 0, 8, 0: 10; 4, 2, 8, 1: 9: the differences
/// between them are within the noise of 200 positions. (Those runs had windows at a factor of
/// 8 a stone; at the factor of 2 used under gravity since, the same threat weights are worth
/// more against the windows of fewer stones, and the same 200 openings gave 10.)
#[derive(Clone, Copy, Debug)]
pub(crate) struct ThreatWeights {
    /// The lowest threat of a column, on its owner's parity (two players).
    pub(crate) good: i64,
    /// The lowest threat of a column, on the other parity (or any lowest threat with more
    /// than two players).
    pub(crate) lowest: i64,
    /// A lowest threat with another threat of the same player directly above it.
    pub(crate) stacked: i64,
    /// A threat above the lowest of its column that is not dead.
    pub(crate) higher: i64,
}

impl ThreatWeights {
    /// The weights for windows of `k` cells, in units of a live window of `k - 1` stones
    /// (`window`), so that they scale with the window weights.
    pub(crate) fn new(window: i64) -> ThreatWeights {
        ThreatWeights { good: 4 * window, lowest: window, stacked: 8 * window, higher: window / 4 }
    }
}

/// The board's geometry for the threat terms.
pub(crate) struct Gravity<B> {
    /// Bits between a cell and the one above it (a row).
    stride: u32,
    /// Rows of the board.
    height: usize,
    /// The rows the player to move at an even count of empty cells gets by claimeven.
    claim_rows: B,
    weights: ThreatWeights,
}

impl<B: Bits> Gravity<B> {
    /// The threat terms for the rules of `s` (which must have gravity), with threats worth
    /// `weights`.
    pub(crate) fn new(s: &Solver<B>, weights: ThreatWeights) -> Gravity<B> {
        let stride = s.stride;
        let height = s.layout_bits() / stride as usize;
        // The bottom row: cells with no cell of the board below them (one row up in bits).
        let bottom = s.mask & !s.mask.down(stride);
        // Every other row from the bottom, from the bottom row when the height is even, from
        // the second when it is odd (as the solver's claim rows).
        let mut claim_rows = B::ZERO;
        let mut row = bottom;
        for from_bottom in 0..height {
            if from_bottom % 2 == height % 2 {
                claim_rows = claim_rows | row;
            }
            row = row.down(stride);
        }
        Gravity { stride, height, claim_rows, weights }
    }

    /// Cells of `set` with another cell of `set` below them in the same column.
    fn above_some(&self, set: B) -> B {
        let mut above = B::ZERO;
        let mut shifted = set;
        for _ in 1..self.height {
            // Down in bits is up on the board: the cell `stride` bits lower is the one above.
            shifted = shifted.down(self.stride);
            above = above | shifted;
        }
        above
    }

    /// Per player: the value of their threats, by the rules of the [module docs](self).
    pub(crate) fn threat_scores(&self, s: &Solver<B>) -> [i64; 4] {
        let empty = s.empty();
        let mut threats = [B::ZERO; 4];
        let mut all = B::ZERO;
        for (p, t) in threats.iter_mut().enumerate().take(s.players) {
            *t = s.win_cells(s.stones[p]) & empty;
            all = all | *t;
        }
        let mut out = [0i64; 4];
        if all.is_zero() {
            return out;
        }
        let lowest = all & !self.above_some(all);
        // The player who gets the claim rows: the one to move when the empty count is even.
        let even_mover = if (s.cells() - s.n) % 2 == 0 { s.mover } else { (s.mover + 1) % 2 };
        let w = self.weights;
        for p in 0..s.players {
            let mine = threats[p];
            if mine.is_zero() {
                continue;
            }
            let mut others = B::ZERO;
            for (q, &t) in threats.iter().enumerate().take(s.players) {
                if q != p {
                    others = others | t;
                }
            }
            let low = mine & lowest;
            let stacked = low & self.cells_below(mine);
            let single = low & !stacked;
            let value = if s.players == 2 {
                let good =
                    if p == even_mover { self.claim_rows } else { s.mask & !self.claim_rows };
                w.good * i64::from((single & good).count())
                    + w.lowest * i64::from((single & !good).count())
            } else {
                w.lowest * i64::from(single.count())
            };
            // Dead: directly above another player's threat.
            let dead = mine & others.down(self.stride);
            let higher = mine & !lowest & !dead;
            out[p] = value
                + w.stacked * i64::from(stacked.count())
                + w.higher * i64::from(higher.count());
        }
        out
    }

    /// Cells directly below a cell of `set`.
    fn cells_below(&self, set: B) -> B {
        set.up(self.stride)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::table::Tables;
    use crate::{Player, Rules};

    /// The bitboard terms against a plain reading of the rules of the module docs, cell by
    /// cell, on random positions of several gravity boards (odd and even heights, 2 and 3
    /// players).
    #[test]
    fn threat_scores_match_a_plain_count() {
        let mut seed = 11u64;
        // Which of the five cases were met (stacked, good, lowest, dead, higher).
        let mut met = [false; 5];
        let weights = ThreatWeights { good: 1_000_000, lowest: 10_000, stacked: 100, higher: 1 };
        for (w, h, k, players) in [(7, 6, 4, 2), (5, 5, 3, 2), (6, 7, 4, 2), (7, 6, 4, 3)] {
            let rules = Rules::new(w, h, k, players, true).unwrap();
            for s in crate::search::testkit::random_positions(rules, 4, &mut seed) {
                let solver = Solver::<u128>::new(&s, u64::MAX, Tables::new(0), None);
                let got = Gravity::new(&solver, weights).threat_scores(&solver);
                let board = s.board();
                // threat[p][cell]: an empty cell completing a window of p's other k - 1 cells.
                let mut threat = vec![vec![false; w * h]; players];
                for win in rules.windows() {
                    let cells: Vec<usize> = win.cells().collect();
                    for (p, &player) in Player::ALL.iter().enumerate().take(players) {
                        let empty: Vec<usize> =
                            cells.iter().copied().filter(|&c| board[c].is_none()).collect();
                        let others = cells
                            .iter()
                            .filter(|&&c| board[c].is_some())
                            .all(|&c| board[c] == Some(player));
                        if let ([cell], true) = (&empty[..], others) {
                            threat[p][*cell] = true;
                        }
                    }
                }
                let any = |cell: usize| (0..players).any(|p| threat[p][cell]);
                let empty_count = board.iter().filter(|c| c.is_none()).count();
                let mover = s.current_player().seat();
                let even_mover = if empty_count % 2 == 0 { mover } else { (mover + 1) % players };
                for (p, &score) in got.iter().enumerate().take(players) {
                    let mut want = 0i64;
                    for cell in (0..w * h).filter(|&c| threat[p][c]) {
                        let (row, col) = (cell / w, cell % w);
                        let lowest = (row + 1..h).all(|r| !any(r * w + col));
                        let above_mine = row > 0 && threat[p][cell - w];
                        let below_other =
                            row + 1 < h && (0..players).any(|q| q != p && threat[q][cell + w]);
                        // Claim rows: the height from the bottom has the parity of the height.
                        let claim = (h - 1 - row) % 2 == h % 2;
                        let (case, value) = if lowest && above_mine {
                            (0, weights.stacked)
                        } else if lowest && players == 2 && claim == (p == even_mover) {
                            (1, weights.good)
                        } else if lowest {
                            (2, weights.lowest)
                        } else if below_other {
                            (3, 0)
                        } else {
                            (4, weights.higher)
                        };
                        met[case] = true;
                        want += value;
                    }
                    assert_eq!(score, want, "{rules} player {p}\n{s}");
                }
            }
        }
        assert_eq!(met, [true; 5], "every case is checked");
    }
}
