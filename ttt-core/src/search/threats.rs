//! Threat-space search with threes (*VCT*, victory by continuous threats, after Allis): a
//! forced win in which the attacker may also play moves that threaten to win by continuous
//! fours ([VCF](super::tactics)) rather than at once.
//!
//! - A **three** is a move after which the attacker, were it to move again, would win by VCF.
//!   It is tried only when it gains at least two cells where a stone would make a four (an
//!   open three in five in a row gains more), best gains first, at most [`VCT_WIDTH`] of them.
//! - The defender may answer a three **anywhere**: every empty cell is tried (the cells where
//!   the attacker would make a four first, since they refute most often), and the three wins
//!   only if the attacker still wins by VCT after each reply. So the search needs no rule
//!   about which replies could matter: it is sound by construction, at the price of checking
//!   every reply of a winning line.
//! - A **four** (a move leaving a cell where the attacker completes a window) leaves the
//!   defender one reply, the block (two such cells: the attacker wins); fours do not count
//!   against the depth.
//! - When the defender has a four of its own, only VCF (whose attacker must block with a
//!   threat) goes on: no three is played into it.
//!
//! Two players and no gravity, like VCF. It claims only wins, within the node budget.

use super::bits::Bits;
use super::solver::Solver;
use std::collections::HashMap;

/// The most threes in one line of the threat sequence.
const VCT_MAX_THREES: u32 = 2;

/// The most threes tried at each attacker node (by how many four-cells they gain).
const VCT_WIDTH: usize = 12;

/// Positions already refuted: by key, the three-depth and whether the four-depth was spent.
type Failed = HashMap<u64, u32>;

impl<B: Bits> Solver<B> {
    /// The first move of a forced win by continuous threats with threes for the player to move
    /// (see the [module docs](self)), within the node budget; `None` when none is found (which
    /// proves nothing). Two players and no gravity only.
    pub(crate) fn vct(&mut self) -> Option<usize> {
        if self.players != 2 || self.gravity || self.k < 3 {
            return None;
        }
        let mut failed = Failed::new();
        let mut vcf_failed = HashMap::new();
        for threes in 1..=VCT_MAX_THREES {
            let found = self.vct_attack(threes, &mut failed, &mut vcf_failed);
            if found.is_some() || self.aborted {
                return found;
            }
        }
        None
    }

    /// The attacker (to move) wins by continuous threats with at most `threes` threes: its
    /// first move.
    fn vct_attack(
        &mut self,
        threes: u32,
        failed: &mut Failed,
        vcf_failed: &mut HashMap<u64, u32>,
    ) -> Option<usize> {
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
        if let Some(pos) = self.vcf_from(vcf_failed) {
            return Some(pos);
        }
        if self.aborted || threes == 0 {
            return None;
        }
        if !(self.win_cells(self.stones[you]) & empty).is_zero() {
            return None; // the defender has a four: VCF's case only
        }
        let key = self.key().0;
        if failed.get(&key).is_some_and(|&d| d >= threes) {
            return None;
        }
        for pos in self.three_moves() {
            self.play(pos);
            let won = self.vct_defend(threes, failed, vcf_failed);
            self.undo(pos);
            if self.aborted {
                return None;
            }
            if won {
                return Some(pos);
            }
        }
        failed.insert(key, threes);
        None
    }

    /// The defender is to move after the attacker's three (which is not a four: VCF tried
    /// those): whether the attacker wins whatever the reply.
    fn vct_defend(
        &mut self,
        threes: u32,
        failed: &mut Failed,
        vcf_failed: &mut HashMap<u64, u32>,
    ) -> bool {
        let you = self.mover;
        let me = 1 - you;
        let empty = self.empty();
        if !(self.win_cells(self.stones[you]) & empty).is_zero() {
            return false; // the defender wins first
        }
        let threats = self.win_cells(self.stones[me]) & empty;
        match threats.count() {
            0 => {}
            1 => {
                // A four after all (a three that is also a four): the block is forced.
                let block = threats.lowest();
                self.play(block);
                let won = self.vct_attack(threes, failed, vcf_failed).is_some();
                self.undo(block);
                return won;
            }
            _ => return true,
        }
        // Is it a threat at all? The attacker, moving again, must win by VCF.
        self.mover = me;
        let threat = self.vcf_from(vcf_failed).is_some();
        self.mover = you;
        if !threat || self.aborted {
            return false;
        }
        // Every reply, the cells where the attacker would make a four first.
        let (fours, _) = self.threat_map(self.stones[me], empty);
        let mut replies = Vec::with_capacity(empty.count() as usize);
        for set in [fours, empty & !fours] {
            let mut rest = set;
            while !rest.is_zero() {
                let pos = rest.lowest();
                rest = rest ^ B::bit(pos);
                replies.push(pos);
            }
        }
        for pos in replies {
            self.play(pos);
            let won = self.vct_attack(threes - 1, failed, vcf_failed).is_some();
            self.undo(pos);
            if !won || self.aborted {
                return false;
            }
        }
        true
    }

    /// The attacker's candidate threes: empty cells near its stones that gain at least two
    /// cells where a stone would make a four, most gained first (ties: ascending position),
    /// at most [`VCT_WIDTH`]. Each cell looked at counts as a node of the budget (it costs
    /// about as much as one).
    fn three_moves(&mut self) -> Vec<usize> {
        let me = self.mover;
        let empty = self.empty();
        let (before, _) = self.threat_map(self.stones[me], empty);
        let near = self.search_moves(empty, usize::MAX);
        self.nodes += near.len() as u64;
        let mut scored: Vec<(u32, usize)> = Vec::new();
        for pos in near {
            let stone = B::bit(pos);
            let (after, _) = self.threat_map(self.stones[me] | stone, empty & !stone);
            let gain = (after & !before).count();
            if gain >= 2 {
                scored.push((gain, pos));
            }
        }
        scored.sort_by_key(|&(gain, pos)| (std::cmp::Reverse(gain), pos));
        scored.into_iter().take(VCT_WIDTH).map(|(_, pos)| pos).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::table::Tables;
    use crate::search::testkit::{can_force_win, random_positions};
    use crate::{GameState, Rules};
    use std::collections::HashMap;

    /// Every win the threat-space search with threes claims is a forced win by exhaustive
    /// search, and some of them are wins that VCF alone does not find.
    #[test]
    fn vct_claims_agree_with_exhaustive_search() {
        let mut seed = 29u64;
        let (mut wins, mut beyond_vcf) = (0, 0);
        for (w, h, k) in [(5, 5, 4), (6, 4, 4), (6, 5, 4), (5, 5, 3), (7, 4, 4), (6, 6, 5)] {
            let rules = Rules::new(w, h, k, 2, false).unwrap();
            let mut memo = [HashMap::new(), HashMap::new()];
            let positions = random_positions(rules, 60, &mut seed);
            for state in positions.iter().filter(|s| s.available_moves().len() <= 17) {
                let mut s = Solver::<u64>::new(state, 20_000, Tables::new(0), None);
                let mover = state.current_player();
                let Some(pos) = s.vct() else { continue };
                let mut v = Solver::<u64>::new(state, 20_000, Tables::new(0), None);
                let beyond = v.vcf().is_none();
                // VCF's own claims are checked in `tactics`: here every claim of the small
                // positions, and of the bigger ones (dearer for the oracle) those beyond VCF.
                if !beyond && state.available_moves().len() > 14 {
                    continue;
                }
                wins += 1;
                beyond_vcf += usize::from(beyond);
                let after = state.apply_move(s.cell(pos)).unwrap();
                assert!(
                    after.winner() == Some(mover)
                        || can_force_win(&after, mover, &mut memo[mover.seat()]),
                    "{rules}: a false threat-space win at {}\n{state}",
                    s.cell(pos)
                );
            }
        }
        eprintln!("{wins} claims checked, {beyond_vcf} of them beyond VCF");
        assert!(
            wins > 50 && beyond_vcf > 5,
            "too few claims: {wins} wins, {beyond_vcf} beyond VCF"
        );
    }

    /// Two open twos that cross: the crossing cell makes two open threes at once (a three-three),
    /// so every reply leaves an open three that becomes an open four. No four to start with:
    /// VCF finds nothing, VCT wins (15×15, five in a row).
    #[test]
    fn a_three_three_wins_on_a_big_board() {
        let rules = Rules::new(15, 15, 5, 2, false).unwrap();
        let mut board = vec!['.'; 225];
        for (r, c) in [(7, 5), (7, 6), (5, 7), (6, 7)] {
            board[r * 15 + c] = 'X';
        }
        for (r, c) in [(0, 0), (0, 14), (14, 0), (14, 14)] {
            board[r * 15 + c] = 'O';
        }
        let text: String = board.into_iter().collect();
        let state = GameState::from_board_str(rules, &text, crate::Player::X).unwrap();
        let mut s =
            Solver::<crate::search::bits::Wide>::new(&state, 10_000_000, Tables::new(0), None);
        assert_eq!(s.vcf(), None, "{state}");
        let mut s =
            Solver::<crate::search::bits::Wide>::new(&state, 10_000_000, Tables::new(0), None);
        assert!(s.vct().is_some(), "{state}");
    }
}
