//! Tactics: what a position forces, answered before (and without) a full search.
//!
//! - **win now**: the cells where the player to move completes a window;
//! - **forced block**: the other side has exactly one playable cell where its next player
//!   would complete a window, the mover cannot win at once, and blocking there leaves that
//!   player no immediate win: every other move loses at once, so the block is the only move
//!   that does not, and it is proven best;
//! - **lost to a double threat**: two such cells (the solver's `candidates` answers it as a
//!   proven loss);
//! - **threat-space search** for a forced win by continuous threats (*VCF*, after Allis):
//!   the attacker plays only moves that leave a cell where it would complete a window (a
//!   *four* in five in a row), the defender only the forced reply (the block); a move that
//!   leaves two such cells wins, since the defender can block only one. Two players, no
//!   gravity (under gravity a block can open the cell above: the solver's own threat rules
//!   cover that). It claims only wins, and every line it claims is a real forced win: the
//!   defender's only other choice, winning at once, is checked at every reply. With threes
//!   as well (*VCT*): [`threats`](super::threats).
//!
//! Used by the engine before its searches ([`Engine`](super::Engine)), so that a win in one, a
//! forced block or a short forced win costs microseconds on any board.

use super::bits::Bits;
use super::solver::Solver;
use std::collections::HashMap;

/// The most attacker moves in one threat sequence (plies are twice that, less one).
const VCF_MAX_DEPTH: u32 = 12;

impl<B: Bits> Solver<B> {
    /// Cells where the player to move completes a window now.
    // Inlined, as `forced_block`: each out of line was a 4 KiB page of code of its own for a
    // cold call's root (issue 13: the pages a small call runs on cost as much as its lines).
    #[inline(always)]
    pub(crate) fn wins_now(&mut self) -> B {
        self.seat_wins(self.mover) & self.playable(self.empty())
    }

    /// The cell of a forced block (see the [module docs](self)), as a bit position.
    #[inline(always)]
    pub(crate) fn forced_block(&mut self) -> Option<usize> {
        let p = self.mover;
        let q = self.next_seat(p);
        if self.side[q] == self.side[p] || !self.wins_now().is_zero() {
            return None;
        }
        let threats = self.seat_wins(q) & self.playable(self.empty());
        if threats.count() != 1 {
            return None;
        }
        let pos = threats.lowest();
        self.play(pos);
        // Now q is to move: does q still win at once (under gravity the block may open a cell)?
        let holds = self.wins_now().is_zero();
        self.undo(pos);
        holds.then_some(pos)
    }

    /// The first move of a forced win by continuous threats for the player to move (see the
    /// [module docs](self)), within the node budget; `None` when none is found (which proves
    /// nothing). Two players and no gravity only.
    pub(crate) fn vcf(&mut self) -> Option<usize> {
        if self.players != 2 || self.gravity || self.k < 2 {
            return None;
        }
        let mut failed = HashMap::new();
        self.vcf_attack(VCF_MAX_DEPTH, &mut failed)
    }

    /// [`vcf`](Self::vcf) for the player to move, sharing `failed` with earlier calls for the
    /// same attacker (the threat-space search with threes asks it at many nodes).
    pub(super) fn vcf_from(&mut self, failed: &mut HashMap<u64, u32>) -> Option<usize> {
        self.vcf_attack(VCF_MAX_DEPTH, failed)
    }

    /// The attacker (to move) wins by continuous threats within `depth` moves: its winning
    /// move. `failed` remembers positions already refuted, with the depth they were refuted at.
    fn vcf_attack(&mut self, depth: u32, failed: &mut HashMap<u64, u32>) -> Option<usize> {
        if self.out_of_budget() {
            return None;
        }
        let me = self.mover;
        let you = 1 - me;
        let empty = self.empty();
        let win = self.win_cells(self.stones[me]) & empty;
        if !win.is_zero() {
            return Some(win.lowest());
        }
        if depth == 0 {
            return None;
        }
        let key = self.key().0;
        if failed.get(&key).is_some_and(|&d| d >= depth) {
            return None;
        }
        let (once, twice) = self.threat_map(self.stones[me], empty);
        let danger = self.win_cells(self.stones[you]) & empty;
        let mut moves = match danger.count() {
            0 => once,
            1 => danger & once, // must block, and threaten with the same stone
            _ => B::ZERO,
        };
        // Moves that make two threats first (they win at once), then the rest in index order.
        let mut ordered = Vec::with_capacity(moves.count() as usize);
        let mut doubles = moves & twice;
        moves = moves & !twice;
        for set in [&mut doubles, &mut moves] {
            while !set.is_zero() {
                let pos = set.lowest();
                *set = *set ^ B::bit(pos);
                ordered.push(pos);
            }
        }
        for pos in ordered {
            self.play(pos);
            let found = self.vcf_defend(depth, failed);
            self.undo(pos);
            if self.aborted {
                return None;
            }
            if found {
                return Some(pos);
            }
        }
        failed.insert(key, depth);
        None
    }

    /// The defender is to move after an attacker's threat: whether the attacker still wins.
    fn vcf_defend(&mut self, depth: u32, failed: &mut HashMap<u64, u32>) -> bool {
        let you = self.mover;
        let me = 1 - you;
        let empty = self.empty();
        if !(self.win_cells(self.stones[you]) & empty).is_zero() {
            return false; // the defender wins first
        }
        let threats = self.win_cells(self.stones[me]) & empty;
        match threats.count() {
            0 => false,
            1 => {
                let block = threats.lowest();
                self.play(block);
                let won = self.vcf_attack(depth - 1, failed).is_some();
                self.undo(block);
                won
            }
            _ => true, // two cells to block, one stone to block with
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::table::Tables;
    use crate::search::testkit::{can_force_win, random_positions};
    use crate::{GameState, Player, Rules};
    use std::collections::HashMap;

    /// Every claim of the tactics is checked by exhaustive search: a threat-space win is a
    /// forced win, and after a forced block the mover has not lost at once while every other
    /// move loses.
    #[test]
    fn tactics_claims_agree_with_exhaustive_search() {
        let mut seed = 11u64;
        let (mut wins, mut blocks) = (0, 0);
        for (w, h, k) in [(4, 4, 3), (5, 4, 4), (5, 5, 4), (6, 4, 4), (5, 5, 3)] {
            let rules = Rules::new(w, h, k, 2, false).unwrap();
            let mut memo = [HashMap::new(), HashMap::new()];
            let positions = random_positions(rules, 40, &mut seed);
            for state in positions.iter().filter(|s| s.available_moves().len() <= 13) {
                let mut s = Solver::<u64>::new(state, 100_000, Tables::new(0), None);
                let mover = state.current_player();
                if let Some(pos) = s.vcf() {
                    wins += 1;
                    let after = state.apply_move(s.cell(pos)).unwrap();
                    assert!(
                        after.winner() == Some(mover)
                            || can_force_win(&after, mover, &mut memo[mover.seat()]),
                        "{rules}: a false threat-space win at {}\n{state}",
                        s.cell(pos)
                    );
                }
                if let Some(pos) = s.forced_block() {
                    blocks += 1;
                    let other = mover.next(2);
                    for m in state.available_moves() {
                        let after = state.apply_move(m).unwrap();
                        let loses_at_once = after
                            .available_moves()
                            .iter()
                            .any(|&r| after.apply_move(r).unwrap().winner() == Some(other));
                        assert_eq!(loses_at_once, m != s.cell(pos), "{rules} {m}\n{state}");
                    }
                }
            }
        }
        assert!(wins > 50 && blocks > 50, "too few claims to check: {wins} wins, {blocks} blocks");
    }

    #[test]
    fn a_four_three_is_found_on_a_big_board() {
        // 15×15, five in a row. X: a broken four's worth of threats: X at (7,5),(7,6),(7,7)
        // and (5,8),(6,8); O scattered. X plays (7,8): a four on row 7 (open at (7,4) and
        // (7,9) is two threats) wins at once by the double threat.
        let rules = Rules::new(15, 15, 5, 2, false).unwrap();
        let mut board = vec!['.'; 225];
        for (r, c) in [(7, 5), (7, 6), (7, 7), (5, 8), (6, 8)] {
            board[r * 15 + c] = 'X';
        }
        for (r, c) in [(0, 0), (0, 2), (14, 14), (14, 12), (2, 14)] {
            board[r * 15 + c] = 'O';
        }
        let text: String = board.into_iter().collect();
        let state = GameState::from_board_str(rules, &text, Player::X).unwrap();
        let mut s = Solver::<crate::search::bits::Wide>::new(&state, 10_000, Tables::new(0), None);
        let pos = s.vcf().expect("a forced win");
        let cell = s.cell(pos);
        // Whatever the first threat, the line it starts is a win: check it by playing the
        // forced line out (the defender blocks; the attacker follows the search again).
        let mut game = state.apply_move(cell).unwrap();
        for _ in 0..12 {
            if game.is_over() {
                break;
            }
            // Defender: block the single threat cell if there is one, else anything.
            let threats: Vec<usize> = game
                .available_moves()
                .into_iter()
                .filter(|&m| {
                    let flipped = GameState::from_checked_board(rules, game.board(), Player::X);
                    flipped.apply_move(m).unwrap().winner() == Some(Player::X)
                })
                .collect();
            game = game.apply_move(threats.first().copied().unwrap_or(0)).unwrap();
            if game.is_over() {
                break;
            }
            let mut s =
                Solver::<crate::search::bits::Wide>::new(&game, 10_000, Tables::new(0), None);
            let pos = s.vcf().expect("the line goes on");
            game = game.apply_move(s.cell(pos)).unwrap();
        }
        assert_eq!(game.winner(), Some(Player::X), "{game}");
    }
}
