//! The test requirements of the classic engine specification, translated.

use ttt_core::{
    BOARD_SIZE, CELL_COUNT, Cell, GameState, InvalidMoveReason, Player, Rules, Status, WIN_LINES,
    apply_move, available_moves, create_game, evaluate_board, other_player, undo_last_move,
};

const X: Cell = Some(Player::X);
const O: Cell = Some(Player::O);
const E: Cell = None;

fn play(moves: &[usize]) -> GameState {
    moves.iter().fold(create_game(Player::X).unwrap(), |s, &m| apply_move(&s, m).unwrap())
}

#[test]
fn constants_describe_the_classic_board() {
    assert_eq!(BOARD_SIZE, 3);
    assert_eq!(CELL_COUNT, BOARD_SIZE * BOARD_SIZE);
    assert_eq!(WIN_LINES.len(), 8);
}

#[test]
fn a_fresh_game_has_nine_empty_cells_x_to_move_in_progress() {
    let game = create_game(Player::X).unwrap();
    assert_eq!(game.board(), &[E; 9]);
    assert_eq!(game.current_player(), Player::X);
    assert_eq!(game.status(), Status::InProgress);
    assert_eq!(game.winner(), None);
    assert_eq!(game.winning_line(), None);
    assert!(game.move_history().is_empty());
    assert_eq!(*game.rules(), Rules::default());
}

#[test]
fn a_game_can_start_with_o_but_not_with_an_unseated_player() {
    let game = create_game(Player::O).unwrap();
    assert_eq!(game.current_player(), Player::O);
    assert_eq!(apply_move(&game, 0).unwrap().cell(0), O);
    assert!(create_game(Player::Y).is_err());
    assert!(create_game(Player::Z).is_err());
}

#[test]
fn apply_move_places_the_mark_flips_the_player_and_grows_the_history() {
    let game = create_game(Player::X).unwrap();
    let next = apply_move(&game, 4).unwrap();
    assert_eq!(next.cell(4), X);
    assert_eq!(next.board().iter().filter(|c| c.is_some()).count(), 1);
    assert_eq!(next.current_player(), Player::O);
    assert_eq!(next.move_history(), &[4]);
    let next = apply_move(&next, 0).unwrap();
    assert_eq!(next.cell(0), O);
    assert_eq!(next.current_player(), Player::X);
    assert_eq!(next.move_history(), &[4, 0]);
}

#[test]
fn apply_move_and_undo_do_not_mutate_their_input() {
    let game = play(&[4, 0, 8]);
    let snapshot = game.clone();
    let debug_before = format!("{game:?}");
    let after = apply_move(&game, 2).unwrap();
    let _ = apply_move(&game, 4).unwrap_err();
    let undone = undo_last_move(&game);
    let _ = available_moves(&game);
    assert_eq!(game, snapshot);
    assert_eq!(format!("{game:?}"), debug_before);
    assert_ne!(after, game);
    assert_ne!(undone, game);
    // The new states are separate values too: changing neither changes the other.
    assert_eq!(after.move_history(), &[4, 0, 8, 2]);
    assert_eq!(undone.move_history(), &[4, 0]);
}

/// Fills `line` with `winner`, and two other cells with the loser, on an otherwise empty board.
fn board_with_line(line: [usize; 3], winner: Player) -> [Cell; 9] {
    let mut board = [E; 9];
    for i in line {
        board[i] = Some(winner);
    }
    let mut others = (0..9).filter(|i| !line.contains(i));
    for _ in 0..2 {
        board[others.next().unwrap()] = Some(other_player(winner));
    }
    board
}

#[test]
fn every_winning_line_is_detected_for_both_players() {
    for player in [Player::X, Player::O] {
        for line in WIN_LINES {
            let eval = evaluate_board(&board_with_line(line, player));
            assert_eq!(eval.status, Status::Win, "{line:?} for {player}");
            assert_eq!(eval.winner, Some(player));
            assert_eq!(eval.winning_line, Some(line.to_vec()));
        }
    }
}

#[test]
fn every_winning_line_is_detected_when_played() {
    for player in [Player::X, Player::O] {
        for line in WIN_LINES {
            // The winner plays the line; the loser plays cells off it that make no line.
            let fillers: Vec<usize> = (0..9).filter(|i| !line.contains(i)).collect();
            let mut game = create_game(player).unwrap();
            for (n, &cell) in line.iter().enumerate() {
                game = apply_move(&game, cell).unwrap();
                if n < 2 {
                    // Any two off-line cells: three would be needed for a line of the loser.
                    game = apply_move(&game, fillers[n]).unwrap();
                }
            }
            assert_eq!(game.status(), Status::Win);
            assert_eq!(game.winner(), Some(player));
            assert_eq!(game.winning_line(), Some(line.to_vec()));
            // The turn still flips on the winning move.
            assert_eq!(game.current_player(), other_player(player));
        }
    }
}

#[test]
fn a_full_board_with_no_line_is_a_draw() {
    let board = [X, O, X, X, O, O, O, X, X];
    let eval = evaluate_board(&board);
    assert_eq!((eval.status, eval.winner, eval.winning_line), (Status::Draw, None, None));
    let game = play(&[0, 1, 2, 4, 3, 5, 7, 6, 8]);
    assert_eq!(game.status(), Status::Draw);
    assert_eq!(game.winner(), None);
    assert!(available_moves(&game).is_empty());
}

#[test]
fn an_empty_or_partial_board_is_in_progress() {
    assert_eq!(evaluate_board(&[E; 9]).status, Status::InProgress);
    assert_eq!(evaluate_board(&[X, O, E, E, E, E, E, E, E]).status, Status::InProgress);
}

#[test]
fn two_lines_of_one_player_report_the_first_in_win_lines_order() {
    // Not reachable by play, but evaluate must be deterministic.
    let board = [X, X, X, E, E, E, X, X, X];
    assert_eq!(evaluate_board(&board).winning_line, Some(vec![0, 1, 2]));
    let board = [O, E, O, E, O, E, O, E, O];
    assert_eq!(evaluate_board(&board).winning_line, Some(vec![0, 4, 8]));
}

#[test]
fn invalid_moves_carry_their_reason_and_change_nothing() {
    let game = play(&[4]);
    let before = game.clone();

    let err = apply_move(&game, 4).unwrap_err();
    assert_eq!((err.index, err.reason), (4, InvalidMoveReason::Occupied));

    for index in [9, 10, 100, usize::MAX] {
        let err = apply_move(&game, index).unwrap_err();
        assert_eq!((err.index, err.reason), (index, InvalidMoveReason::OutOfRange));
    }

    let won = play(&[0, 3, 1, 4, 2]);
    assert_eq!(won.status(), Status::Win);
    for index in [5, 0, 9] {
        // Game over is checked before range and occupancy.
        let err = apply_move(&won, index).unwrap_err();
        assert_eq!((err.index, err.reason), (index, InvalidMoveReason::GameOver));
    }

    let err = game.apply_move_as(Player::X, 0).unwrap_err();
    assert_eq!(err.reason, InvalidMoveReason::NotYourTurn);
    let err = game.apply_move_at(Player::O, 0, 0).unwrap_err();
    assert_eq!(err.reason, InvalidMoveReason::NotYourTurn, "a stale ply");
    assert!(game.apply_move_at(Player::O, 1, 0).is_ok());
    assert_eq!(game.apply_move_as(Player::O, 4).unwrap_err().reason, InvalidMoveReason::Occupied);

    assert_eq!(game, before);
}

#[test]
fn the_reasons_have_their_documented_names() {
    let names: Vec<&str> = InvalidMoveReason::ALL.iter().map(|r| r.as_str()).collect();
    assert_eq!(
        names,
        ["game-over", "not-your-turn", "out-of-range", "occupied", "floating", "no-gravity"]
    );
    let err = apply_move(&play(&[0]), 0).unwrap_err();
    assert_eq!(err.to_string(), "cannot play 0: that cell is already taken");
}

#[test]
fn undo_after_a_winning_move_clears_the_win() {
    let won = play(&[0, 3, 1, 4, 2]);
    let undone = undo_last_move(&won);
    assert_eq!(undone.status(), Status::InProgress);
    assert_eq!(undone.winner(), None);
    assert_eq!(undone.winning_line(), None);
    assert_eq!(undone, play(&[0, 3, 1, 4]));
    assert_eq!(undone.current_player(), Player::X);
}

#[test]
fn undo_on_a_fresh_game_is_a_no_op() {
    for player in [Player::X, Player::O] {
        let game = create_game(player).unwrap();
        assert_eq!(undo_last_move(&game), game);
    }
}

#[test]
fn undo_keeps_the_starting_player() {
    let game = create_game(Player::O).unwrap();
    let game = apply_move(&apply_move(&game, 4).unwrap(), 0).unwrap();
    let undone = undo_last_move(&game);
    assert_eq!(undone.current_player(), Player::X);
    assert_eq!(undone.cell(4), O);
    assert_eq!(undo_last_move(&undone), create_game(Player::O).unwrap());
}

#[test]
fn available_moves_is_empty_for_a_won_game_with_empty_cells() {
    let won = play(&[0, 3, 1, 4, 2]);
    assert!(won.board().iter().any(Option::is_none));
    assert!(available_moves(&won).is_empty());
    assert_eq!(available_moves(&play(&[4, 0])), vec![1, 2, 3, 5, 6, 7, 8]);
}

#[test]
fn other_player_swaps_x_and_o() {
    assert_eq!(other_player(Player::X), Player::O);
    assert_eq!(other_player(Player::O), Player::X);
    assert_eq!(other_player(other_player(Player::Y)), Player::Y);
}
