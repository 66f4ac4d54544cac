//! # ttt-core
//!
//! Tic-tac-toe and its whole family (m×n boards, k in a row, 2 to 4 players, Connect-Four
//! gravity) as one small rules engine with a perfect-play AI. The C library `libttt` and the
//! Python module `ttt` are thin wrappers over this crate.
//!
//! ## Play a classic game
//!
//! ```
//! use ttt_core::{create_game, Player, Status};
//!
//! let game = create_game(Player::X)?;
//! let game = game.apply_move(4)?; // X takes the centre
//! let game = game.apply_move(0)?; // O a corner
//! assert_eq!(game.current_player(), Player::X);
//! assert_eq!(game.available_moves(), vec![1, 2, 3, 5, 6, 7, 8]);
//!
//! // States are values: the old one is untouched, and a refused move changes nothing.
//! let err = game.apply_move(4).unwrap_err();
//! assert_eq!(err.reason.as_str(), "occupied");
//! assert_eq!(game.status(), Status::InProgress);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Let the AI play
//!
//! ```
//! use ttt_core::{analyze, best_move, choose_move, create_game, Difficulty, GameState, Outcome,
//!                Player, Rules, SeededRng};
//!
//! // The perfect move, deterministic: on the empty board every move draws, the centre is nearest.
//! let empty = create_game(Player::X)?;
//! assert_eq!(best_move(&empty), Some(4));
//!
//! // Hard plays perfectly, choosing at random among the best moves; all randomness comes
//! // through an injected generator, so a seed replays a game in Rust, C and Python alike.
//! let mut rng = SeededRng::new(7);
//! let after_corner = empty.apply_move(0)?;
//! assert_eq!(choose_move(&after_corner, Difficulty::Hard, &mut rng)?, 4); // only the centre holds
//! let anything = choose_move(&empty, Difficulty::Easy, &mut rng)?; // a random legal move
//! assert!(empty.is_legal(anything));
//!
//! // Every legal move with its outcome for the mover and the plies to the end, best first.
//! let fork = GameState::from_board_str(Rules::default(), "X...O...X", Player::O)?;
//! let moves = analyze(&fork);
//! assert_eq!((moves[0].index, moves[0].outcome, moves[0].plies), (1, Some(Outcome::Draw), Some(6)));
//! assert_eq!(moves.last().unwrap().outcome, Some(Outcome::Loss)); // a corner loses to a fork
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Boards too big to solve get an answer within a budget ([`SearchLimits`]: nodes, time, a
//! stop flag) that says whether it is proven: see [`search`] and [`ai`].
//!
//! ## Other rules
//!
//! ```
//! use ttt_core::{GameState, Player, Rules, Status};
//!
//! let rules = Rules::CONNECT_FOUR; // 7×6, four in a row, gravity
//! let mut game = GameState::new(rules, Player::X)?;
//! // Only the bottom row is playable on an empty board.
//! assert_eq!(game.available_moves(), (35..42).collect::<Vec<_>>());
//! for index in [38, 31, 39, 32, 40, 33, 41] {
//!     game = game.apply_move(index)?;
//! }
//! assert_eq!(game.status(), Status::Win);
//! assert_eq!(game.winner(), Some(Player::X));
//! assert_eq!(game.winning_line(), Some(vec![38, 39, 40, 41]));
//!
//! let gomoku = Rules::new(15, 15, 5, 2, false)?;
//! assert!(Rules::new(3, 3, 4, 2, false).is_err()); // four in a row cannot fit on 3×3
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Positions and records
//!
//! ```
//! use ttt_core::{parse_state, GameState, Player, Rules};
//!
//! // Only positions a real game can reach are accepted.
//! let state = GameState::from_board_str(Rules::default(), "XX.OO....", Player::X)?;
//! assert!(GameState::from_board_str(Rules::default(), "XXX.OO..O", Player::X).is_err());
//!
//! // A game record round-trips and is checked by replay.
//! let game = state.apply_move(2)?;
//! let text = game.to_record();
//! assert_eq!(text, "ttt/1 3x3 k=3 players=2 start=XX.OO....:X moves=2");
//! assert_eq!(GameState::from_record(&text)?, game);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## An engine for a whole game
//!
//! ```
//! use ttt_core::{Difficulty, Engine, GameState, Player, Rules, SearchLimits, SeededRng};
//! use std::time::Duration;
//!
//! // Five in a row on 15×15: too big to solve, answered by tactics and an anytime search.
//! let mut game = GameState::new(Rules::new(15, 15, 5, 2, false)?, Player::X)?;
//! let mut engine = Engine::new(); // keeps its table from one move to the next
//! let mut rng = SeededRng::new(7);
//! let limits = SearchLimits { max_time: Some(Duration::from_millis(50)), ..SearchLimits::default() };
//! for _ in 0..4 {
//!     let choice = engine.choose_move_with(&game, Difficulty::Hard, &mut rng, &limits)?;
//!     game = game.apply_move(choice.index)?;
//! }
//! assert_eq!(game.ply(), 4);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The crate does no I/O, keeps no global state and has no `unsafe` code. Every fallible
//! operation returns a typed error and leaves its inputs untouched.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod ai;
pub mod batch;
mod classic;
mod player;
pub mod players;
pub mod position;
pub mod record;
mod rules;
pub mod search;
mod state;

pub use ai::{
    AiError, Choice, Difficulty, ParseDifficultyError, Rng, SeededRng, choose_move,
    choose_move_with,
};
pub use classic::{
    BOARD_SIZE, CELL_COUNT, WIN_LINES, apply_move, available_moves, create_game, evaluate_board,
    undo_last_move,
};
pub use player::{Cell, Player, other_player};
pub use players::{ComputerPlayer, HumanPlayer, Inbox, Match, MatchError, Move, Participant, Step};
pub use position::{PositionError, parse_board, parse_state};
pub use record::{RECORD_VERSION, RecordError, RecordErrorKind};
pub use rules::{Direction, MAX_PLAYERS, MAX_SIDE, MIN_PLAYERS, Rules, RulesError, Window};
pub use search::{
    BestMove, Engine, MoveAnalysis, Outcome, SearchLimits, analyze, analyze_with, best_move,
    best_move_with, weak_solve_with,
};
pub use state::{Evaluation, GameState, InvalidMoveError, InvalidMoveReason, Status};

/// The README's Rust examples, compiled and run as doctests so that they cannot go stale.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
pub struct ReadmeDoctests;
