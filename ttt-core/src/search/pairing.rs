//! Pairing strategies: a proof, without search, that a side cannot win a game without gravity.
//!
//! A *pairing* against an attacker is a set of disjoint pairs of empty cells such that every
//! window the attacker can still complete (every window free of the defender's stones) holds
//! both cells of at least one pair. The defender then answers a stone on one cell of a pair
//! with a stone on the other: the attacker never gets both cells of a pair, so never completes
//! a window. The defender's other moves (a free first move when it is the defender's turn, an
//! answer to a stone outside every pair) can go anywhere: a defender's stone only ever blocks
//! windows, and one on a paired cell blocks every window that pair was guarding. So with a
//! pairing the attacker cannot win, whoever is to move; the game is at best a draw for them.
//!
//! This is the classical way to prove m,n,k-games drawn (4×4 with four in a row has a pairing
//! from the empty board); inside the search it ends whole subtrees where the defender has
//! contained the attacker, which is where most of the work of a draw proof goes. It needs
//! every move to be free (no gravity: an answer must always be playable) and two players.
//!
//! Finding a pairing is a small exact-cover search; it gets a fixed budget of steps, so a
//! `false` answer means "none found", never "none exists". Only `true` is used, as a bound.

use super::bits::Bits;

/// Most live windows a pairing is looked for over. Beyond that one is rarely found within the
/// steps, and each failed try costs more the more windows there are: with 64, a budgeted search
/// on 10×10 with five in a row took ten times as long as without pairings; with 24, a third
/// longer, while the draw proofs on 8×4 and 5×5 lose nothing.
const MAX_LIVE: usize = 24;

/// Steps of the pairing search per call (each step picks one window and tries its pairs).
const STEPS: u32 = 32;

/// Whether the defender has a pairing against the attacker: `windows` are every window of the
/// board as bit sets, `defender` the defender's stones, `empty` the empty cells. `false` when
/// there is none or the search ran out of steps.
pub(crate) fn defender_has_pairing<B: Bits>(windows: &[B], defender: B, empty: B) -> bool {
    // The empty cells of each window the attacker can still complete.
    let mut live = [B::ZERO; MAX_LIVE];
    let mut n = 0;
    for &w in windows {
        if (w & defender).is_zero() {
            let free = w & empty;
            if n == MAX_LIVE || free.count() < 2 {
                return false; // too many to pair, or a window no pair fits in
            }
            live[n] = free;
            n += 1;
        }
    }
    let mut steps = STEPS;
    cover(&live[..n], 0, B::ZERO, &mut steps)
}

/// Extends a partial pairing (`used`: the cells of the pairs chosen; bit `i` of `covered`: window
/// `i` holds one of them) to every window of `live`. Picks the uncovered window with the fewest
/// free cells (the most constrained) and tries each pair of them in turn.
fn cover<B: Bits>(live: &[B], covered: u64, used: B, steps: &mut u32) -> bool {
    if *steps == 0 {
        return false;
    }
    *steps -= 1;
    let mut pick = None;
    let mut fewest = u32::MAX;
    for (i, &w) in live.iter().enumerate() {
        if covered & (1 << i) == 0 {
            let free = (w & !used).count();
            if free < 2 {
                return false; // its cells went to other pairs
            }
            if free < fewest {
                (fewest, pick) = (free, Some(i));
            }
        }
    }
    let Some(pick) = pick else {
        return true; // every window holds a pair
    };
    let mut firsts = live[pick] & !used;
    while !firsts.is_zero() {
        let a = firsts.lowest();
        firsts = firsts ^ B::bit(a);
        let mut seconds = firsts;
        while !seconds.is_zero() {
            let b = seconds.lowest();
            seconds = seconds ^ B::bit(b);
            let pair = B::bit(a) | B::bit(b);
            // The pair guards every window that holds both its cells.
            let mut now_covered = covered;
            for (j, &w) in live.iter().enumerate() {
                if (w & pair) == pair {
                    now_covered |= 1 << j;
                }
            }
            if cover(live, now_covered, used | pair, steps) {
                return true;
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::testkit::{can_force_win, random_positions};
    use crate::{GameState, Player, Rules};
    use std::collections::HashMap;

    /// Every window of `rules` as a `u64` over cell indices (boards of at most 64 cells).
    fn windows(rules: &Rules) -> Vec<u64> {
        rules.windows().map(|w| w.cells().fold(0, |acc, c| acc | 1 << c)).collect()
    }

    fn stones(state: &GameState, player: Player) -> u64 {
        let board = state.board();
        (0..board.len()).filter(|&i| board[i] == Some(player)).fold(0, |acc, i| acc | 1 << i)
    }

    fn empty(state: &GameState) -> u64 {
        state.available_moves().iter().fold(0, |acc, &i| acc | 1 << i)
    }

    #[test]
    fn four_by_four_pairings() {
        let rules = Rules::new(4, 4, 4, 2, false).unwrap();
        let all = windows(&rules);
        let board = (1u64 << 16) - 1;
        // Empty board: ten windows, two cells of the same pair share at most one window, so a
        // pairing needs twenty cells. There are sixteen.
        assert!(!defender_has_pairing(&all, 0, board));
        // One stone on an inner cell kills a row, a column and a diagonal: the seven windows
        // left pair up, e.g. (0,1) (4,8) (9,10) (2,6) (3,12) (13,14) (7,11).
        let inner = 1 << 5;
        assert!(defender_has_pairing(&all, inner, board ^ inner));
        // A corner kills only three windows; with the attacker on the inner cell, seven
        // windows are left, each with a pair of its own, e.g. (4,6) (1,9) (3,12) (8,10) (2,14)
        // (13,15) (7,11).
        let corner = 1 << 0;
        assert!(defender_has_pairing(&all, corner, board ^ corner ^ inner));
    }

    #[test]
    fn a_first_player_win_has_no_pairing() {
        // X wins 4×4 with three in a row: no pairing can exist against X.
        let rules = Rules::new(4, 4, 3, 2, false).unwrap();
        assert!(!defender_has_pairing(&windows(&rules), 0u64, (1 << 16) - 1));
        // A window with one free cell cannot hold a pair.
        let rules = Rules::default();
        let state = GameState::from_board_str(rules, "XX.O.O...", Player::X).unwrap();
        let o = stones(&state, Player::O);
        assert!(!defender_has_pairing(&windows(&rules), o, empty(&state)));
    }

    /// Soundness: whenever a pairing is found against a player, exhaustive search agrees that
    /// the player cannot force a win, whoever is to move. Over every position of random games
    /// on boards small enough to search exhaustively.
    #[test]
    fn a_pairing_means_the_attacker_cannot_win() {
        let mut seed = 99u64;
        let mut found = 0;
        for (w, h, k) in [(3, 3, 3), (4, 3, 3), (4, 4, 3), (4, 4, 4), (5, 3, 3), (5, 4, 4)] {
            let rules = Rules::new(w, h, k, 2, false).unwrap();
            let all = windows(&rules);
            let mut memo = [HashMap::new(), HashMap::new()];
            // Exhaustive search is cheap from 12 empty cells down.
            let positions = random_positions(rules, 20, &mut seed);
            for state in positions.iter().filter(|s| s.available_moves().len() <= 12) {
                for (side, attacker) in [Player::X, Player::O].into_iter().enumerate() {
                    let defender = attacker.next(2);
                    if defender_has_pairing(&all, stones(state, defender), empty(state)) {
                        found += 1;
                        assert!(
                            !can_force_win(state, attacker, &mut memo[side]),
                            "{rules}: a pairing against {attacker:?} in\n{state}"
                        );
                    }
                }
            }
        }
        assert!(found > 400, "only {found} pairings found: the test checks too little");
    }
}
