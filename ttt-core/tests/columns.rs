//! Column moves (`GameState::play_column`) for gravity rules.

use ttt_core::{GameState, InvalidMoveReason, Player, Rng, Rules, SeededRng};

/// A column move is exactly the cell move on the lowest empty cell of that column, over many
/// random Connect Four games and a few other gravity boards.
#[test]
fn a_column_move_plays_the_lowest_empty_cell_of_the_column() {
    let boards = [
        Rules::CONNECT_FOUR,
        Rules::new(3, 5, 3, 3, true).unwrap(),
        Rules::new(1, 4, 2, 2, true).unwrap(),
    ];
    let mut rng = SeededRng::new(17);
    for rules in boards {
        for _ in 0..50 {
            let mut game = GameState::new(rules, Player::X).unwrap();
            while !game.is_over() {
                let col = (rng.next_f64() * rules.width() as f64) as usize;
                let lowest = (0..rules.height())
                    .rev()
                    .map(|r| r * rules.width() + col)
                    .find(|&i| game.cell(i).is_none());
                match (game.play_column(col), lowest) {
                    (Ok((next, cell)), Some(expected)) => {
                        assert_eq!(cell, expected);
                        assert_eq!(next, game.apply_move(cell).unwrap());
                        game = next;
                    }
                    (Err(e), None) => {
                        assert_eq!((e.index, e.reason), (col, InvalidMoveReason::Occupied));
                    }
                    (got, expected) => panic!("column {col}: {got:?}, lowest cell {expected:?}"),
                }
            }
        }
    }
}

#[test]
fn column_moves_are_refused_with_a_reason_and_change_nothing() {
    let game = GameState::new(Rules::CONNECT_FOUR, Player::X).unwrap();
    for col in [7, 8, 41, 42, usize::MAX] {
        let e = game.play_column(col).unwrap_err();
        assert_eq!((e.index, e.reason), (col, InvalidMoveReason::OutOfRange));
    }
    // A full column: six marks in column 2, alternating players (no four in a row).
    let mut full = game.clone();
    for _ in 0..6 {
        full = full.play_column(2).unwrap().0;
    }
    let before = full.clone();
    let e = full.play_column(2).unwrap_err();
    assert_eq!((e.index, e.reason), (2, InvalidMoveReason::Occupied));
    assert_eq!(full, before);

    // Rules without gravity have no column moves, even for a valid column.
    let classic = GameState::new(Rules::CLASSIC, Player::X).unwrap();
    let e = classic.play_column(0).unwrap_err();
    assert_eq!((e.index, e.reason), (0, InvalidMoveReason::NoGravity));

    // A finished game: game-over comes first, before any other reason.
    let mut won = game;
    for col in [0, 1, 0, 1, 0, 1, 0] {
        won = won.play_column(col).unwrap().0;
    }
    assert_eq!(won.winner(), Some(Player::X));
    for col in [0, 3, 99] {
        let e = won.play_column(col).unwrap_err();
        assert_eq!((e.index, e.reason), (col, InvalidMoveReason::GameOver));
    }
    let over_classic = GameState::from_board_str(Rules::CLASSIC, "XXXOO....", Player::O).unwrap();
    let e = over_classic.play_column(0).unwrap_err();
    assert_eq!(e.reason, InvalidMoveReason::GameOver);
}

#[test]
fn a_column_move_lands_on_a_starting_board() {
    // Bottom row (cells 35..=41) ".XX.O..", the five rows above it empty; O to move.
    let board = format!("{}.XX.O..", ".".repeat(35));
    let game = GameState::from_board_str(Rules::CONNECT_FOUR, &board, Player::O).unwrap();
    let (next, cell) = game.play_column(1).unwrap();
    assert_eq!(cell, 29); // row 4, column 1
    assert_eq!(next.cell(29), Some(Player::O));
    assert_eq!(game.play_column(0).unwrap().1, 35);
}
