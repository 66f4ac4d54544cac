//! The batch API: its fast random path plays exactly the games of the move-by-move path.

use ttt_core::batch::{BatchError, GAMES_PER_SEED, GameSummary, play_games};
use ttt_core::{
    Difficulty, GameState, Player, Rules, SearchLimits, SeededRng, Status, choose_move,
};

/// Game `i` of a batch replayed through the public API, one `choose_move` per move: the games
/// of its block before it come first, from the same generator.
fn replay(start: &GameState, seats: &[Difficulty], seed: u64, i: u64) -> GameSummary {
    let block = i / GAMES_PER_SEED;
    let mut rng = SeededRng::new(seed.wrapping_add(block));
    let mut state = start.clone();
    for _ in block * GAMES_PER_SEED..=i {
        state = start.clone();
        while !state.is_over() {
            let d = seats[state.current_player().seat()];
            state = state.apply_move(choose_move(&state, d, &mut rng).unwrap()).unwrap();
        }
    }
    let moves = state.move_history()[start.ply()..].to_vec();
    GameSummary { winner: state.winner(), plies: moves.len() as u32, moves: Some(moves) }
}

fn starts() -> Vec<GameState> {
    vec![
        GameState::new(Rules::CLASSIC, Player::X).unwrap(),
        GameState::new(Rules::CLASSIC, Player::O).unwrap(),
        GameState::new(Rules::CONNECT_FOUR, Player::X).unwrap(),
        GameState::new(Rules::new(5, 4, 3, 3, true).unwrap(), Player::Y).unwrap(),
        GameState::new(Rules::new(6, 6, 4, 4, false).unwrap(), Player::X).unwrap(),
        GameState::new(Rules::new(7, 8, 1, 2, true).unwrap(), Player::X).unwrap(),
        GameState::new(Rules::new(1, 6, 2, 2, true).unwrap(), Player::X).unwrap(),
        GameState::new(Rules::new(8, 1, 3, 3, false).unwrap(), Player::O).unwrap(),
        GameState::new(Rules::new(7, 7, 5, 2, false).unwrap(), Player::X).unwrap(),
        GameState::new(Rules::new(7, 8, 7, 2, true).unwrap(), Player::X).unwrap(),
        GameState::new(Rules::new(4, 4, 2, 4, false).unwrap(), Player::Z).unwrap(),
        // Too big for one machine word: the cell-array path.
        GameState::new(Rules::new(9, 9, 5, 2, false).unwrap(), Player::X).unwrap(),
        GameState::new(Rules::new(8, 8, 4, 3, true).unwrap(), Player::X).unwrap(),
        GameState::new(Rules::new(20, 20, 5, 2, false).unwrap(), Player::X).unwrap(),
        GameState::from_board_str(Rules::CLASSIC, "XX.OO....", Player::X).unwrap(),
        GameState::from_board_str(
            Rules::CONNECT_FOUR,
            &format!("{}..XO...", ".".repeat(35)),
            Player::X,
        )
        .unwrap(),
        GameState::from_board_str(
            Rules::new(9, 9, 3, 2, false).unwrap(),
            &format!("XO{}", ".".repeat(79)),
            Player::X,
        )
        .unwrap(),
        GameState::from_board_str(Rules::CLASSIC, "XXXOO....", Player::O).unwrap(),
    ]
}

#[test]
fn random_batches_replay_move_for_move() {
    for start in starts() {
        let seats = vec![Difficulty::Easy; start.rules().players() as usize];
        let games =
            play_games(&start, &seats, 1000, 0..300, true, &SearchLimits::default()).unwrap();
        assert_eq!(games.len(), 300);
        for (i, game) in games.iter().enumerate() {
            assert_eq!(
                game,
                &replay(&start, &seats, 1000, i as u64),
                "{} game {i}",
                start.to_record()
            );
        }
        // Split anywhere, even inside a block of one seed: the same games.
        let limits = SearchLimits::default();
        let mut parts = play_games(&start, &seats, 1000, 0..100, true, &limits).unwrap();
        parts.extend(play_games(&start, &seats, 1000, 100..300, true, &limits).unwrap());
        assert_eq!(parts, games);
        // Without recording, the same results and no moves.
        let bare =
            play_games(&start, &seats, 1000, 0..300, false, &SearchLimits::default()).unwrap();
        for (a, b) in bare.iter().zip(&games) {
            assert_eq!((a.winner, a.plies, &a.moves), (b.winner, b.plies, &None));
        }
    }
}

#[test]
fn mixed_difficulties_replay_too_and_splitting_changes_nothing() {
    let start = GameState::new(Rules::CLASSIC, Player::X).unwrap();
    let seats = [Difficulty::Hard, Difficulty::Medium];
    let limits = SearchLimits::default();
    let whole = play_games(&start, &seats, u64::MAX - 5, 0..40, true, &limits).unwrap();
    let mut parts = play_games(&start, &seats, u64::MAX - 5, 0..17, true, &limits).unwrap();
    parts.extend(play_games(&start, &seats, u64::MAX - 5, 17..40, true, &limits).unwrap());
    assert_eq!(whole, parts);
    for (i, game) in whole.iter().enumerate() {
        assert_eq!(game, &replay(&start, &seats, u64::MAX - 5, i as u64));
        assert_ne!(game.winner, Some(Player::O), "Medium never beats Hard");
    }
}

#[test]
fn a_finished_start_gives_empty_games() {
    let start = GameState::from_board_str(Rules::CLASSIC, "XXXOO....", Player::O).unwrap();
    assert_eq!(start.status(), Status::Win);
    for seats in [[Difficulty::Easy; 2], [Difficulty::Hard; 2]] {
        let games = play_games(&start, &seats, 0, 0..3, true, &SearchLimits::default()).unwrap();
        assert!(games.iter().all(|g| g.winner == Some(Player::X) && g.plies == 0));
    }
}

#[test]
fn bad_seats_and_the_stop_flag_are_errors() {
    let start = GameState::new(Rules::CLASSIC, Player::X).unwrap();
    let limits = SearchLimits::default();
    assert_eq!(
        play_games(&start, &[Difficulty::Easy; 3], 0, 0..1, false, &limits),
        Err(BatchError::Seats { expected: 2, found: 3 })
    );
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let limits = SearchLimits { stop: Some(stop), ..SearchLimits::default() };
    for seats in [[Difficulty::Easy; 2], [Difficulty::Medium; 2]] {
        assert_eq!(
            play_games(&start, &seats, 0, 0..5000, false, &limits),
            Err(BatchError::Stopped)
        );
    }
    assert_eq!(play_games(&start, &[Difficulty::Easy; 2], 0, 5..5, false, &limits), Ok(vec![]));
}
