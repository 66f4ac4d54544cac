//! The canonical window order, the direction-scan win check and the general rules.

use ttt_core::{
    Direction, GameState, InvalidMoveReason, Player, Rules, RulesError, Status, WIN_LINES,
};

#[test]
fn the_classic_windows_in_canonical_order_are_exactly_the_win_lines() {
    let windows: Vec<Vec<usize>> = Rules::CLASSIC.windows().map(|w| w.cells().collect()).collect();
    let lines: Vec<Vec<usize>> = WIN_LINES.iter().map(|l| l.to_vec()).collect();
    assert_eq!(windows, lines);
}

#[test]
fn window_counts_match_the_formula() {
    for (w, h, k) in [(3, 3, 3), (7, 6, 4), (4, 4, 4), (5, 3, 3), (1, 5, 3), (20, 20, 5), (6, 1, 2)]
    {
        let rules = Rules::new(w, h, k, 2, false).unwrap();
        let fit = |n: usize| (n + 1).saturating_sub(k);
        let expected = fit(w) * h + w * fit(h) + 2 * fit(w) * fit(h);
        assert_eq!(rules.windows().count(), expected, "{w}x{h} k={k}");
        for window in rules.windows() {
            let cells: Vec<usize> = window.cells().collect();
            assert_eq!(cells.len(), k);
            assert!(cells.windows(2).all(|p| p[0] < p[1]), "ascending");
            assert!(cells.iter().all(|&c| c < w * h));
        }
    }
}

#[test]
fn windows_come_direction_by_direction() {
    let rules = Rules::new(5, 4, 3, 2, false).unwrap();
    let dirs: Vec<Direction> = rules.windows().map(|w| w.direction()).collect();
    let mut sorted = dirs.clone();
    sorted.sort_by_key(|d| Direction::ALL.iter().position(|x| x == d));
    assert_eq!(dirs, sorted);
}

#[test]
fn rules_are_validated() {
    assert_eq!(Rules::new(0, 3, 3, 2, false), Err(RulesError::Width(0)));
    assert_eq!(Rules::new(21, 3, 3, 2, false), Err(RulesError::Width(21)));
    assert_eq!(Rules::new(3, 0, 3, 2, false), Err(RulesError::Height(0)));
    assert_eq!(Rules::new(3, 21, 3, 2, false), Err(RulesError::Height(21)));
    assert_eq!(Rules::new(3, 3, 0, 2, false), Err(RulesError::K { k: 0, max: 3 }));
    assert_eq!(Rules::new(3, 5, 6, 2, false), Err(RulesError::K { k: 6, max: 5 }));
    assert_eq!(Rules::new(3, 3, 3, 1, false), Err(RulesError::Players(1)));
    assert_eq!(Rules::new(3, 3, 3, 5, false), Err(RulesError::Players(5)));
    assert_eq!(Rules::new(3, 3, 3, usize::MAX, false), Err(RulesError::Players(usize::MAX)));
    assert!(Rules::new(20, 20, 20, 4, true).is_ok());
    assert!(Rules::new(1, 1, 1, 2, false).is_ok());
    assert_eq!(Rules::default(), Rules::CLASSIC);
    assert_eq!(Rules::CONNECT_FOUR, Rules::new(7, 6, 4, 2, true).unwrap());
    assert_eq!(Rules::CONNECT_FOUR.to_string(), "7x6 k=4 players=2 gravity");
    assert_eq!(
        RulesError::K { k: 6, max: 5 }.to_string(),
        "k, the marks in a row to win, must be from 1 to 5 on this board, not 6"
    );
}

#[test]
fn rules_helpers() {
    let rules = Rules::new(4, 3, 3, 3, false).unwrap();
    assert_eq!(rules.index(2, 3), Some(11));
    assert_eq!(rules.index(3, 0), None);
    assert_eq!(rules.index(0, 4), None);
    assert_eq!(rules.row_col(11), Some((2, 3)));
    assert_eq!(rules.row_col(12), None);
    assert_eq!(rules.seats().collect::<Vec<_>>(), [Player::X, Player::O, Player::Y]);
    assert_eq!(rules.next_player(Player::Y), Player::X);
    assert!(!rules.has_player(Player::Z));
    assert_eq!(
        rules.check_player(Player::Z),
        Err(RulesError::PlayerNotInGame { player: Player::Z, players: 3 })
    );
    // Centre of a 4x3 board is between cells 5 and 6: both equally close.
    assert_eq!(rules.centre_distance4(5), rules.centre_distance4(6));
    assert!(rules.centre_distance4(5) < rules.centre_distance4(0));
    assert_eq!(Rules::CLASSIC.centre_distance4(4), 0);
    assert_eq!(rules.centre_distance4(99), usize::MAX);
}

fn play(rules: Rules, moves: &[usize]) -> GameState {
    moves.iter().fold(GameState::new(rules, Player::X).unwrap(), |s, &m| s.apply_move(m).unwrap())
}

#[test]
fn longer_runs_than_k_win_with_the_first_window() {
    // X fills 0,1,3 then 2 in the middle of a row of four: run 0..=3 with k=3.
    let rules = Rules::new(4, 3, 3, 2, false).unwrap();
    let game = play(rules, &[0, 4, 1, 5, 3, 9, 2]);
    assert_eq!(game.status(), Status::Win);
    assert_eq!(game.winning_line(), Some(vec![0, 1, 2]));
}

#[test]
fn every_direction_wins_through_the_last_cell() {
    let rules = Rules::new(5, 5, 4, 2, false).unwrap();
    // (line, O's replies) for each direction; the last X move is in the middle of the line.
    let cases: [(&[usize], &[usize], &[usize]); 4] = [
        (&[5, 6, 8, 7], &[20, 21, 22], &[5, 6, 7, 8]),
        (&[1, 6, 16, 11], &[20, 21, 22], &[1, 6, 11, 16]),
        (&[0, 6, 18, 12], &[20, 21, 22], &[0, 6, 12, 18]),
        (&[4, 8, 16, 12], &[20, 21, 22], &[4, 8, 12, 16]),
    ];
    for (xs, os, line) in cases {
        let mut moves = Vec::new();
        for i in 0..4 {
            moves.push(xs[i]);
            if i < 3 {
                moves.push(os[i]);
            }
        }
        let game = play(rules, &moves);
        assert_eq!(game.winner(), Some(Player::X), "{line:?}");
        assert_eq!(game.winning_line(), Some(line.to_vec()));
    }
}

#[test]
fn gravity_only_allows_the_lowest_empty_cell() {
    let rules = Rules::new(3, 3, 3, 2, true).unwrap();
    let game = GameState::new(rules, Player::X).unwrap();
    assert_eq!(game.available_moves(), vec![6, 7, 8]);
    assert_eq!(game.apply_move(0).unwrap_err().reason, InvalidMoveReason::Floating);
    assert_eq!(game.apply_move(3).unwrap_err().reason, InvalidMoveReason::Floating);
    let game = game.apply_move(7).unwrap();
    assert_eq!(game.available_moves(), vec![4, 6, 8]);
    assert_eq!(game.apply_move(7).unwrap_err().reason, InvalidMoveReason::Occupied);
    assert_eq!(game.apply_move(9).unwrap_err().reason, InvalidMoveReason::OutOfRange);
    assert!(game.is_legal(4));
    assert!(!game.is_legal(1));
}

#[test]
fn three_and_four_players_take_turns_in_seat_order() {
    let rules = Rules::new(5, 5, 3, 4, false).unwrap();
    let game = play(rules, &[0, 1, 2, 3]);
    assert_eq!(
        game.board()[..4],
        [Some(Player::X), Some(Player::O), Some(Player::Y), Some(Player::Z)]
    );
    assert_eq!(game.current_player(), Player::X);
    let game = play(Rules::new(4, 4, 2, 3, false).unwrap(), &[0, 15, 12, 1]);
    assert_eq!(game.winner(), Some(Player::X));
    assert_eq!(game.current_player(), Player::O);
}

#[test]
fn k_of_one_wins_on_the_first_move() {
    let game = play(Rules::new(2, 2, 1, 2, false).unwrap(), &[3]);
    assert_eq!(game.winner(), Some(Player::X));
    assert_eq!(game.winning_line(), Some(vec![3]));
}

#[test]
fn a_one_cell_board_is_won_at_once() {
    let game = play(Rules::new(1, 1, 1, 2, true).unwrap(), &[0]);
    assert_eq!(game.status(), Status::Win);
}

#[test]
fn display_draws_the_board() {
    let game = play(Rules::new(4, 2, 2, 2, false).unwrap(), &[0, 7]);
    assert_eq!(game.to_string(), "X...\n...O\n");
    assert_eq!(game.board_string(), "X......O");
    assert_eq!(Status::InProgress.to_string(), "in-progress");
    assert_eq!(Player::Z.to_string(), "Z");
}

#[test]
fn evaluate_refuses_a_board_of_the_wrong_length() {
    assert!(Rules::CLASSIC.evaluate(&[None; 8]).is_none());
    assert!(Rules::CONNECT_FOUR.evaluate(&[None; 42]).is_some());
}

#[test]
fn player_marks_and_seats() {
    for p in Player::ALL {
        assert_eq!(Player::from_mark(p.mark()), Some(p));
        assert_eq!(Player::from_mark(p.mark().to_ascii_lowercase()), Some(p));
        assert_eq!(Player::from_seat(p.seat()), Some(p));
    }
    assert_eq!(Player::from_mark('Q'), None);
    assert_eq!(Player::from_seat(4), None);
    assert_eq!(Player::Z.next(4), Player::X);
    assert_eq!(Player::O.next(2), Player::X);
    assert_eq!(Player::O.next(0), Player::X, "out-of-range counts are treated as 2");
    assert_eq!(Player::Z.next(9), Player::X, "and above 4 as 4");
}
