//! Easy and Medium (and the checks every strategy shares): legal moves on random positions of
//! several rule sets, errors on finished games, Medium's win / block / random order, and the
//! uniformity of Easy.

mod common;

use common::random_positions;
use std::collections::{BTreeSet, HashSet};
use ttt_core::{
    AiError, Difficulty, GameState, Player, Rules, SeededRng, Status, WIN_LINES, choose_move,
    parse_board,
};

/// Every reachable classic position, by breadth-first search through the engine.
fn classic_positions() -> Vec<GameState> {
    let mut seen = HashSet::new();
    let mut todo = vec![GameState::new(Rules::default(), Player::X).unwrap()];
    let mut out = Vec::new();
    while let Some(s) = todo.pop() {
        if !seen.insert(s.board().to_vec()) {
            continue;
        }
        for m in s.available_moves() {
            todo.push(s.apply_move(m).unwrap());
        }
        out.push(s);
    }
    out
}

#[test]
fn every_strategy_returns_a_legal_move_on_random_positions() {
    let sets = [
        (Rules::default(), 300),
        (Rules::new(4, 4, 4, 2, false).unwrap(), 40),
        (Rules::CONNECT_FOUR, 30),
        (Rules::new(5, 5, 4, 3, false).unwrap(), 20),
        (Rules::new(4, 4, 3, 4, true).unwrap(), 20),
    ];
    let mut checked = 0;
    for (n, (rules, games)) in sets.into_iter().enumerate() {
        let mut rng = SeededRng::new(100 + n as u64);
        for state in random_positions(rules, n as u64, games) {
            for d in [Difficulty::Easy, Difficulty::Medium] {
                match choose_move(&state, d, &mut rng) {
                    Ok(m) => {
                        assert!(state.available_moves().contains(&m), "{d}: {}", state.to_record());
                        checked += 1;
                    }
                    Err(e) => assert!(state.is_over() && e == AiError::GameOver),
                }
            }
        }
    }
    assert!(checked > 2000, "{checked}");
}

#[test]
fn hard_returns_a_legal_move_on_random_positions() {
    // Boards the search solves quickly, and late Connect Four positions.
    let mut rng = SeededRng::new(7);
    let mut checked = 0;
    for rules in [Rules::default(), Rules::new(4, 4, 3, 2, true).unwrap()] {
        for state in random_positions(rules, 3, 60) {
            match choose_move(&state, Difficulty::Hard, &mut rng) {
                Ok(m) => {
                    assert!(state.available_moves().contains(&m));
                    checked += 1;
                }
                Err(e) => assert!(state.is_over() && e == AiError::GameOver),
            }
        }
    }
    for state in random_positions(Rules::CONNECT_FOUR, 4, 10) {
        if state.ply() >= 24 && !state.is_over() {
            let m = choose_move(&state, Difficulty::Hard, &mut rng).unwrap();
            assert!(state.available_moves().contains(&m));
            checked += 1;
        }
    }
    assert!(checked > 500, "{checked}");
}

#[test]
fn every_strategy_refuses_a_finished_game() {
    let won = GameState::from_board_str(Rules::default(), "XXXOO....", Player::O).unwrap();
    let drawn = GameState::from_board_str(Rules::default(), "XOXXOOOXX", Player::O).unwrap();
    let c4 = GameState::from_record(
        "ttt/1 7x6 k=4 players=2 gravity start=X moves=35,36,28,29,21,22,14",
    )
    .unwrap();
    assert_eq!(won.status(), Status::Win);
    assert_eq!(drawn.status(), Status::Draw);
    assert_eq!(c4.status(), Status::Win);
    for state in [won, drawn, c4] {
        for d in Difficulty::ALL {
            let mut rng = SeededRng::new(0);
            assert_eq!(choose_move(&state, d, &mut rng), Err(AiError::GameOver));
        }
    }
    assert_eq!(AiError::GameOver.to_string(), "the game is over");
}

#[test]
fn difficulty_names_round_trip() {
    for d in Difficulty::ALL {
        assert_eq!(d.as_str().parse::<Difficulty>(), Ok(d));
        assert_eq!(d.to_string(), d.as_str());
    }
    let err = "expert".parse::<Difficulty>().unwrap_err();
    assert_eq!(err.0, "expert");
    assert!(err.to_string().contains("expert"));
    for bad in ["", "Easy", " hard", "HARD", "medium\n"] {
        assert!(bad.parse::<Difficulty>().is_err(), "{bad:?}");
    }
}

/// The winners of `board` if the mover played `m` (test oracle: the literal lines).
fn wins_with(board: &[Option<Player>], m: usize, p: Player) -> bool {
    let mut b = board.to_vec();
    b[m] = Some(p);
    WIN_LINES.iter().any(|line| line.iter().all(|&i| b[i] == Some(p)))
}

/// A reachable position where `mover` is to move and holds two cells of `line` with the third
/// empty, and that third cell is its only winning move. Found by trying opponent placements.
fn one_win_on(line: [usize; 3], mover: Player) -> GameState {
    let other = mover.next(2);
    let rest: Vec<usize> = (0..9).filter(|i| !line.contains(i)).collect();
    // X moves first: with X to move the counts are equal, with O to move X has one more.
    let others = if mover == Player::X { 2 } else { 3 };
    for mask in 0u32..(1 << rest.len()) {
        if mask.count_ones() != others {
            continue;
        }
        let mut board = [None; 9];
        board[line[0]] = Some(mover);
        board[line[1]] = Some(mover);
        for (bit, &cell) in rest.iter().enumerate() {
            if mask & (1 << bit) != 0 {
                board[cell] = Some(other);
            }
        }
        let Ok(state) = GameState::from_board(Rules::default(), &board, mover) else { continue };
        let wins: Vec<usize> =
            state.available_moves().into_iter().filter(|&m| wins_with(&board, m, mover)).collect();
        if wins == [line[2]] {
            return state;
        }
    }
    panic!("no position for {line:?} {mover}");
}

#[test]
fn medium_takes_the_win_on_all_eight_lines_for_both_players() {
    for mover in [Player::X, Player::O] {
        for line in WIN_LINES {
            // Each cell of the line in turn is the one left to fill.
            for gap in 0..3 {
                let mut l = line;
                l.swap(gap, 2);
                let state = one_win_on(l, mover);
                for seed in 0..10 {
                    let m = choose_move(&state, Difficulty::Medium, &mut SeededRng::new(seed));
                    assert_eq!(m, Ok(l[2]), "{mover} on {line:?}: {}", state.board_string());
                }
            }
        }
    }
}

#[test]
fn medium_blocks_wins_over_blocks_and_plays_randomly_otherwise() {
    let (mut blocked, mut won, mut random) = (0, 0, 0);
    for state in classic_positions() {
        if state.is_over() {
            continue;
        }
        let board = state.board();
        let me = state.current_player();
        let moves = state.available_moves();
        let wins: BTreeSet<usize> =
            moves.iter().copied().filter(|&m| wins_with(board, m, me)).collect();
        let threats: BTreeSet<usize> =
            moves.iter().copied().filter(|&m| wins_with(board, m, me.next(2))).collect();
        let expected: BTreeSet<usize> = if !wins.is_empty() {
            won += 1;
            wins
        } else if !threats.is_empty() {
            blocked += 1;
            threats
        } else {
            random += 1;
            moves.iter().copied().collect()
        };
        // Walk r over the candidates: Medium must pick each of them, in ascending order.
        let n = expected.len();
        for (j, &want) in expected.iter().enumerate() {
            let r = (j as f64 + 0.5) / n as f64;
            assert_eq!(
                choose_move(&state, Difficulty::Medium, &mut || r),
                Ok(want),
                "{} {me} to move",
                state.board_string()
            );
        }
    }
    assert!(won > 500 && blocked > 500 && random > 500, "{won} {blocked} {random}");
}

#[test]
fn medium_prefers_its_win_to_a_block() {
    // X threatens 1 (row 0-1-2); O, to move, wins at 3 (row 3-4-5).
    let state = GameState::from_board_str(Rules::default(), "X.X.OO.X.", Player::O).unwrap();
    assert!(wins_with(state.board(), 3, Player::O));
    assert!(wins_with(state.board(), 1, Player::X));
    for seed in 0..20 {
        assert_eq!(choose_move(&state, Difficulty::Medium, &mut SeededRng::new(seed)), Ok(3));
    }
}

#[test]
fn medium_does_not_see_forks() {
    // X in two opposite corners, O in the centre, O to move: no win, no threat, so Medium plays
    // at random, corners included (which lose). Hard never would.
    let state = GameState::from_board_str(Rules::default(), "X...O...X", Player::O).unwrap();
    let picks: BTreeSet<usize> = (0..200)
        .map(|s| choose_move(&state, Difficulty::Medium, &mut SeededRng::new(s)).unwrap())
        .collect();
    assert_eq!(picks, [1, 2, 3, 5, 6, 7].into_iter().collect());
}

#[test]
fn medium_uses_gravity_and_the_next_player_first() {
    // Connect Four: X has three in the bottom row; O to move must drop into column 3.
    let state =
        GameState::from_record("ttt/1 7x6 k=4 players=2 gravity start=X moves=35,28,36,29,37")
            .unwrap();
    for seed in 0..10 {
        assert_eq!(choose_move(&state, Difficulty::Medium, &mut SeededRng::new(seed)), Ok(38));
    }
    // Three players on 4×4, k=3: Y (next after O) threatens 2; X (after Y) threatens 10 and
    // 13. O to move has no win and blocks Y, the player who moves first.
    let rules = Rules::new(4, 4, 3, 3, false).unwrap();
    let board = parse_board("YY...X.OO.....XX").unwrap();
    let state = GameState::from_board(rules, &board, Player::O).unwrap();
    for seed in 0..10 {
        assert_eq!(choose_move(&state, Difficulty::Medium, &mut SeededRng::new(seed)), Ok(2));
    }
    // Without Y's threat, O blocks X at either of its cells, both chosen across seeds.
    let board = parse_board("Y..Y.X.OO.....XX").unwrap();
    let state = GameState::from_board(rules, &board, Player::O).unwrap();
    let picks: BTreeSet<usize> = (0..40)
        .map(|s| choose_move(&state, Difficulty::Medium, &mut SeededRng::new(s)).unwrap())
        .collect();
    assert_eq!(picks, [10, 13].into_iter().collect());
}

#[test]
fn easy_is_uniform_on_the_empty_board() {
    let state = GameState::new(Rules::default(), Player::X).unwrap();
    let mut rng = SeededRng::new(2024);
    let mut counts = [0u32; 9];
    let draws = 10_000;
    for _ in 0..draws {
        counts[choose_move(&state, Difficulty::Easy, &mut rng).unwrap()] += 1;
    }
    let expected = f64::from(draws) / 9.0;
    let chi2: f64 = counts.iter().map(|&c| (f64::from(c) - expected).powi(2) / expected).sum();
    // 8 degrees of freedom: P(chi² > 26.12) = 0.001.
    assert!(chi2 < 26.12, "chi² = {chi2}, counts {counts:?}");
    // And it is not suspiciously perfect either (P(chi² < 0.857) = 0.001).
    assert!(chi2 > 0.857, "chi² = {chi2}, counts {counts:?}");
}

#[test]
fn easy_does_not_block() {
    // Easy ignores threats: over many seeds it plays elsewhere than the block.
    let state = GameState::from_board_str(Rules::default(), "XX..O....", Player::O).unwrap();
    let picks: BTreeSet<usize> = (0..100)
        .map(|s| choose_move(&state, Difficulty::Easy, &mut SeededRng::new(s)).unwrap())
        .collect();
    assert_eq!(picks, state.available_moves().into_iter().collect());
}
