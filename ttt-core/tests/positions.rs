//! Building states from boards: exactly the reachable positions are accepted where that can be
//! decided by the documented checks, and every reachable one always is.

use std::collections::HashSet;
use ttt_core::{Cell, GameState, Player, PositionError, Rules, Status, parse_state};

/// Every (board, side to move) reachable from the empty board with X starting.
fn reachable(rules: Rules) -> HashSet<(Vec<Cell>, Player)> {
    let mut seen = HashSet::new();
    let mut stack = vec![GameState::new(rules, Player::X).unwrap()];
    while let Some(state) = stack.pop() {
        if seen.insert((state.board().to_vec(), state.current_player())) {
            stack.extend(state.available_moves().into_iter().map(|m| state.apply_move(m).unwrap()));
        }
    }
    seen
}

/// Every board of `rules` with marks of its players, in a fixed order.
fn all_boards(rules: Rules) -> impl Iterator<Item = Vec<Cell>> {
    let n = rules.cell_count() as u32;
    let base = rules.players() as u64 + 1;
    (0..base.pow(n)).map(move |mut code| {
        (0..n)
            .map(|_| {
                let digit = (code % base) as usize;
                code /= base;
                digit.checked_sub(1).and_then(Player::from_seat)
            })
            .collect()
    })
}

fn accepted(rules: Rules) -> HashSet<(Vec<Cell>, Player)> {
    all_boards(rules)
        .flat_map(|b| rules.seats().map(move |p| (b.clone(), p)))
        .filter(|(b, p)| GameState::from_board(rules, b, *p).is_ok())
        .collect()
}

#[test]
fn exactly_the_5478_reachable_classic_positions_are_accepted() {
    let mut count = 0;
    let reachable = reachable(Rules::CLASSIC);
    assert_eq!(reachable.len(), 5478);
    for board in all_boards(Rules::CLASSIC) {
        for turn in [Player::X, Player::O] {
            let ok = parse_state(&board, turn).is_ok();
            assert_eq!(ok, reachable.contains(&(board.clone(), turn)), "{board:?} {turn}");
            count += usize::from(ok);
        }
    }
    assert_eq!(count, 5478);
}

#[test]
fn without_gravity_the_checks_are_exact_on_other_rules() {
    for rules in [
        Rules::new(4, 3, 3, 2, false).unwrap(),
        Rules::new(2, 5, 2, 2, false).unwrap(),
        Rules::new(3, 3, 2, 3, false).unwrap(),
        Rules::new(3, 2, 2, 4, false).unwrap(),
        Rules::new(3, 3, 1, 2, false).unwrap(),
    ] {
        assert_eq!(accepted(rules), reachable(rules), "{rules}");
    }
}

#[test]
fn with_gravity_every_reachable_position_is_accepted() {
    for rules in [
        Rules::new(4, 3, 3, 2, true).unwrap(),
        Rules::new(3, 4, 3, 2, true).unwrap(),
        Rules::new(3, 3, 2, 3, true).unwrap(),
    ] {
        let accepted = accepted(rules);
        let reachable = reachable(rules);
        assert!(reachable.is_subset(&accepted), "{rules}");
        // The checks are sound but, under gravity, not complete: say how far off they are.
        assert!(
            accepted.len() < reachable.len() * 2,
            "{rules}: {} vs {}",
            accepted.len(),
            reachable.len()
        );
    }
}

fn reason(rules: Rules, board: &str, turn: Player) -> &'static str {
    match GameState::from_board_str(rules, board, turn) {
        Ok(_) => "ok",
        Err(e) => e.reason(),
    }
}

#[test]
fn each_refusal_has_its_reason() {
    let classic = Rules::CLASSIC;
    assert_eq!(reason(classic, "XX.OO...", Player::X), "wrong-length");
    assert_eq!(reason(classic, "XX.OO...Q", Player::X), "unknown-mark");
    assert_eq!(reason(classic, "XX.OO...Y", Player::X), "player-not-in-game");
    assert_eq!(reason(classic, "XX.OO....", Player::Y), "player-not-in-game");
    assert_eq!(reason(classic, "XX.O.....", Player::X), "mark-counts");
    assert_eq!(reason(classic, "OO.X.....", Player::X), "mark-counts");
    assert_eq!(reason(classic, "XXXOOO...", Player::X), "multiple-winners");
    assert_eq!(reason(classic, "XXXOO....", Player::X), "mark-counts");
    assert_eq!(reason(classic, "XXXOO.O..", Player::X), "winner-did-not-move-last");
    assert_eq!(reason(classic, "XXXOO.O..", Player::O), "mark-counts");
    assert_eq!(reason(classic, "XXXOO....", Player::O), "ok");

    // Two separate lines of X on a wide board: no single move completed both.
    let wide = Rules::new(7, 3, 3, 2, false).unwrap();
    assert_eq!(reason(wide, "XXX.XXX OOOO... O......", Player::O), "multiple-winners");
    assert_eq!(reason(wide, "XXX.XXX OO.O.O. ..O....", Player::O), "lines-not-from-one-move");
    // Three lines sharing cell 2 (a row of five): one move there made them all.
    assert_eq!(reason(wide, "XXXXX.. OO.O.O. .......", Player::O), "ok");
    // A row of seven holds windows that share no cell: it was complete before its last move.
    assert_eq!(reason(wide, "XXXXXXX OO.O.O. .OO....", Player::O), "lines-not-from-one-move");

    let gravity = Rules::new(3, 3, 3, 2, true).unwrap();
    assert_eq!(reason(gravity, "X.. ... ...", Player::O), "floating");
    assert_eq!(reason(gravity, "... ... X..", Player::O), "ok");
    // X's column is complete, but O has a mark on top of it: X's last move was not on top.
    let tall = Rules::new(3, 4, 3, 2, true).unwrap();
    assert_eq!(reason(tall, ".O. .X. .X. OX.", Player::O), "lines-not-from-one-move");
    assert_eq!(reason(tall, "... .X. .X. OXO", Player::O), "ok");
}

#[test]
fn a_state_from_a_board_starts_there_and_undo_stops_there() {
    let state = GameState::from_board_str(Rules::CLASSIC, "XX.OO....", Player::X).unwrap();
    assert!(state.has_starting_board());
    assert_eq!(state.starting_player(), Player::X);
    assert_eq!(state.undo_last_move(), state);
    let won = state.apply_move(2).unwrap();
    assert_eq!(won.winning_line(), Some(vec![0, 1, 2]));
    assert_eq!(won.undo_last_move(), state);
    assert_eq!(won.starting_state(), state);
    assert_eq!(won.starting_board(), state.board());

    // A finished position can be loaded too; it accepts no moves.
    let over = GameState::from_board_str(Rules::CLASSIC, "XXXOO....", Player::O).unwrap();
    assert_eq!(over.status(), Status::Win);
    assert!(over.available_moves().is_empty());
    let full = GameState::from_board_str(Rules::CLASSIC, "XOXXOOOXX", Player::O).unwrap();
    assert_eq!(full.status(), Status::Draw);
}

#[test]
fn position_errors_display() {
    let e = PositionError::WrongLength { expected: 9, found: 8 };
    assert_eq!(e.to_string(), "the board has 8 cells; these rules need 9");
    let e = PositionError::UnknownMark { index: 3, mark: '?' };
    assert_eq!(e.to_string(), "unknown mark '?' at cell 3");
}
