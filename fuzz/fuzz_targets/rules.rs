//! Rule construction: `Rules::new` accepts exactly the documented ranges (anything else is an
//! error, never a panic or a clamp), and accepted rules are consistent: cell indices and
//! (row, col) round-trip, every window has k cells in a straight line on the board, and a game
//! of these rules writes a record that loads with the same rules.
#![no_main]

use libfuzzer_sys::fuzz_target;
use ttt_core::{GameState, MAX_PLAYERS, MAX_SIDE, MIN_PLAYERS, Player, Rules};
use ttt_fuzz::Bytes;

/// A size: usually small, sometimes any `usize` (a selector byte decides).
fn size(input: &mut Bytes<'_>) -> usize {
    let sel = input.byte();
    if sel & 0x80 != 0 { input.u64() as usize } else { usize::from(sel % 32) }
}

fuzz_target!(|data: &[u8]| {
    let mut input = Bytes(data);
    let (w, h, k, p) = (size(&mut input), size(&mut input), size(&mut input), size(&mut input));
    let gravity = input.byte() & 1 != 0;
    let valid = (1..=MAX_SIDE).contains(&w)
        && (1..=MAX_SIDE).contains(&h)
        && (1..=w.max(h)).contains(&k)
        && (usize::from(MIN_PLAYERS)..=usize::from(MAX_PLAYERS)).contains(&p);
    let rules = match Rules::new(w, h, k, p, gravity) {
        Ok(r) => r,
        Err(e) => {
            assert!(!valid, "refused valid rules {w}x{h} k={k} players={p}: {e}");
            assert!(!e.to_string().is_empty());
            return;
        }
    };
    assert!(valid, "accepted invalid rules {w}x{h} k={k} players={p}");
    assert_eq!((rules.width(), rules.height(), rules.k()), (w, h, k));
    assert_eq!((usize::from(rules.players()), rules.gravity()), (p, gravity));
    assert_eq!(rules.cell_count(), w * h);
    for i in 0..rules.cell_count() {
        let (r, c) = rules.row_col(i).expect("a cell of the board");
        assert_eq!(rules.index(r, c), Some(i));
    }
    assert_eq!(rules.row_col(w * h), None);
    assert_eq!(rules.index(h, 0), None);
    assert_eq!(rules.index(0, w), None);
    let mut windows = 0usize;
    for window in rules.windows() {
        let cells: Vec<usize> = window.cells().collect();
        assert_eq!(cells.len(), k);
        assert!(cells.windows(2).all(|p| p[0] < p[1]), "cells ascending");
        assert!(cells.iter().all(|&c| c < w * h));
        windows += 1;
    }
    // Windows of k in a row: horizontal, vertical, and (when k fits both ways) two diagonals;
    // k = 1 counts each cell once per direction.
    let fit = |a: usize| (a + 1).saturating_sub(k);
    let expected = fit(w) * h + w * fit(h) + 2 * fit(w) * fit(h);
    assert_eq!(windows, expected, "window count of {rules}");
    let seats: Vec<Player> = rules.seats().collect();
    assert_eq!(seats.len(), p);
    let game = GameState::new(rules, Player::X).expect("X has a seat in every game");
    let loaded = GameState::from_record(&game.to_record()).expect("a fresh game's record loads");
    assert_eq!(*loaded.rules(), rules);
    assert_eq!(game.available_moves().len(), if gravity { w } else { w * h });
});
