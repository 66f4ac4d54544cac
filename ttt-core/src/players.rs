//! Players and matches: human and computer players behind one trait, and a [`Match`] that asks
//! the player in turn and checks every move it gets.
//!
//! A [`Participant`] only proposes moves; the match validates each one through
//! [`GameState::apply_move_at`], so a move made for the wrong player or for a ply that has passed
//! (a stale move, as from a slow remote client) is refused with `not-your-turn`, a computer's
//! moves included, and a refused move changes nothing.
//!
//! ```
//! use ttt_core::{
//!     ComputerPlayer, Difficulty, GameState, HumanPlayer, Inbox, Match, Move, Player, Rules,
//!     SeededRng, Status, Step,
//! };
//!
//! let inbox = Inbox::new();
//! let mut game = Match::new(
//!     GameState::new(Rules::default(), Player::X)?,
//!     vec![
//!         Box::new(HumanPlayer::new(Player::X, inbox.clone())),
//!         Box::new(ComputerPlayer::new(Player::O, Difficulty::Hard, SeededRng::new(3))),
//!     ],
//! )?;
//! // The human has not answered yet: the match waits for X.
//! assert_eq!(game.step()?, Step::Waiting(Player::X));
//!
//! // The user clicks the centre (X's move, ply 0); the computer answers at once.
//! inbox.push(Move { player: Player::X, ply: 0, index: 4 });
//! assert_eq!(game.run()?, Step::Waiting(Player::X));
//! assert_eq!(game.state().ply(), 2);
//!
//! // A duplicate of the first click arrives late: it is stale and refused, nothing changes.
//! inbox.push(Move { player: Player::X, ply: 0, index: 8 });
//! let err = game.step().unwrap_err();
//! assert_eq!(err.to_string(), "move X@0 at 8 refused: cannot play 8: it is not that player's turn, or the move is for a turn that has passed");
//! assert_eq!(game.state().ply(), 2);
//! assert_eq!(game.state().status(), Status::InProgress);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::ai::{Rng, choose_move_with};
use crate::search::SearchLimits;
use crate::{Difficulty, GameState, InvalidMoveError, Player, Status};
use std::collections::VecDeque;
use std::fmt;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

/// A move as a player proposes it: who plays, as which move of the game, and where.
///
/// `ply` counts moves from the game's starting position (0 for the first), as
/// [`GameState::ply`] does; with `player` it lets the match recognize a move that was made for a
/// position that is gone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The player the move is made for.
    pub player: Player,
    /// The ply the move is made for.
    pub ply: usize,
    /// The cell.
    pub index: usize,
}

impl fmt::Display for Move {
    /// `X@3 at 4`: player X's move at ply 3, in cell 4.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}@{} at {}", self.player, self.ply, self.index)
    }
}

/// Anything that can sit at the board and produce moves: a human, a computer, a remote client.
///
/// The match asks the participant whose [`mark`](Participant::mark) is to move. The participant
/// does not need to check its move: the match validates it.
///
/// A new kind of player is one more implementation, with no change to [`Match`]:
///
/// ```
/// use ttt_core::{GameState, Match, Move, Participant, Player, Rules, Status, Step};
///
/// /// Plays a fixed list of cells, one per turn (a replay, a scripted opponent).
/// struct Script { mark: Player, cells: Vec<usize> }
///
/// impl Participant for Script {
///     fn mark(&self) -> Player { self.mark }
///     fn next_move(&mut self, state: &GameState) -> Option<Move> {
///         let index = self.cells.pop()?;
///         Some(Move { player: self.mark, ply: state.ply(), index })
///     }
/// }
///
/// let mut game = Match::new(
///     GameState::new(Rules::default(), Player::X)?,
///     vec![
///         Box::new(Script { mark: Player::X, cells: vec![2, 1, 0] }),
///         Box::new(Script { mark: Player::O, cells: vec![4, 3] }),
///     ],
/// )?;
/// assert_eq!(game.run()?, Step::Over(Status::Win));
/// assert_eq!(game.state().winner(), Some(Player::X));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// Participants are [`Send`], so that a [`Match`] can be handed to another thread (a server's
/// game task, a Python thread).
pub trait Participant: Send {
    /// The mark this participant plays.
    fn mark(&self) -> Player;

    /// A move for `state`, or `None` when no move is ready yet (a human who has not answered).
    fn next_move(&mut self, state: &GameState) -> Option<Move>;
}

/// The queue through which a human's moves come in. Cloning gives another handle to the same
/// queue: the UI keeps one and pushes moves, the [`HumanPlayer`] holds the other and hands them
/// to the match in the order they came. Handles may be sent to other threads.
#[derive(Clone, Debug, Default)]
pub struct Inbox {
    queue: Arc<Mutex<VecDeque<Move>>>,
}

impl Inbox {
    /// An empty inbox.
    pub fn new() -> Inbox {
        Inbox::default()
    }

    /// Queues a move. Nothing is checked here: the match checks it when the player is asked.
    pub fn push(&self, mv: Move) {
        self.lock().push_back(mv);
    }

    /// The number of queued moves.
    pub fn len(&self) -> usize {
        self.lock().len()
    }

    /// Whether no move is queued.
    pub fn is_empty(&self) -> bool {
        self.lock().is_empty()
    }

    /// Takes the oldest queued move.
    fn pop(&self) -> Option<Move> {
        self.lock().pop_front()
    }

    /// The queue; a panic in another thread while it held the lock cannot leave a half-made
    /// `VecDeque` operation behind, so a poisoned lock is simply taken over.
    fn lock(&self) -> MutexGuard<'_, VecDeque<Move>> {
        self.queue.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// A person: returns the moves pushed into its [`Inbox`], oldest first, exactly as they were
/// made (the match refuses the ones that are stale or illegal).
#[derive(Clone, Debug)]
pub struct HumanPlayer {
    mark: Player,
    inbox: Inbox,
}

impl HumanPlayer {
    /// A human playing `mark` whose moves come through `inbox`.
    pub fn new(mark: Player, inbox: Inbox) -> HumanPlayer {
        HumanPlayer { mark, inbox }
    }
}

impl Participant for HumanPlayer {
    fn mark(&self) -> Player {
        self.mark
    }

    fn next_move(&mut self, _state: &GameState) -> Option<Move> {
        self.inbox.pop()
    }
}

/// A computer: asks [`choose_move_with`] for its move, with its difficulty, its own random
/// source and its search limits. Each move it proposes is for its own mark at the current ply.
pub struct ComputerPlayer {
    mark: Player,
    difficulty: Difficulty,
    rng: Box<dyn Rng + Send>,
    limits: SearchLimits,
}

impl fmt::Debug for ComputerPlayer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ComputerPlayer")
            .field("mark", &self.mark)
            .field("difficulty", &self.difficulty)
            .field("limits", &self.limits)
            .finish_non_exhaustive()
    }
}

impl ComputerPlayer {
    /// A computer playing `mark` at `difficulty`, drawing from `rng` (which it owns: a
    /// [`SeededRng`](crate::SeededRng) or a closure), with the search's default limits.
    pub fn new(
        mark: Player,
        difficulty: Difficulty,
        rng: impl Rng + Send + 'static,
    ) -> ComputerPlayer {
        ComputerPlayer::with_limits(mark, difficulty, rng, SearchLimits::default())
    }

    /// As [`new`](Self::new), with Hard's search bounded by `limits`.
    pub fn with_limits(
        mark: Player,
        difficulty: Difficulty,
        rng: impl Rng + Send + 'static,
        limits: SearchLimits,
    ) -> ComputerPlayer {
        ComputerPlayer { mark, difficulty, rng: Box::new(rng), limits }
    }

    /// How strong it plays.
    pub const fn difficulty(&self) -> Difficulty {
        self.difficulty
    }
}

impl Participant for ComputerPlayer {
    fn mark(&self) -> Player {
        self.mark
    }

    /// `None` only on a finished game (the match never asks then).
    fn next_move(&mut self, state: &GameState) -> Option<Move> {
        let choice = choose_move_with(state, self.difficulty, &mut *self.rng, &self.limits).ok()?;
        Some(Move { player: self.mark, ply: state.ply(), index: choice.index })
    }
}

/// What one [`Match::step`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// The move was checked and played.
    Played(Move),
    /// The player to move has no move ready (a human who has not answered): nothing changed.
    Waiting(Player),
    /// The game is won or drawn; nothing more to play.
    Over(Status),
}

/// Why a match could not be set up or a move was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum MatchError {
    /// The participants do not fill the seats of the rules exactly once each: `player` has
    /// `count` participants (0 or more than 1), or has no seat in these rules.
    #[error("seat {player} has {count} participants; every seat of the game needs exactly one")]
    Seats {
        /// The seat in question.
        player: Player,
        /// How many participants claimed it.
        count: usize,
    },
    /// A proposed move was refused by the engine; the match state is unchanged and the move is
    /// dropped (the player is asked again on the next step).
    #[error("move {mv} refused: {error}")]
    Refused {
        /// The move as proposed.
        mv: Move,
        /// The engine's reason (`not-your-turn` for a stale move).
        error: InvalidMoveError,
    },
}

/// A game between participants: asks the one in turn, validates its move through
/// [`GameState::apply_move_at`] and plays it. That is the whole loop; the rules live in the
/// engine and the move choice in the participants.
pub struct Match {
    state: GameState,
    participants: Vec<Box<dyn Participant>>,
}

impl fmt::Debug for Match {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let marks: Vec<Player> = self.participants.iter().map(|p| p.mark()).collect();
        f.debug_struct("Match").field("state", &self.state).field("seats", &marks).finish()
    }
}

impl Match {
    /// A match from `state` (any position, finished or not) between `participants`, in any order.
    ///
    /// # Errors
    /// [`MatchError::Seats`] unless every seat of the rules has exactly one participant and no
    /// participant plays a mark outside the rules.
    pub fn new(
        state: GameState,
        participants: Vec<Box<dyn Participant>>,
    ) -> Result<Match, MatchError> {
        let count = |player| participants.iter().filter(|p| p.mark() == player).count();
        for player in Player::ALL {
            let seated = state.rules().has_player(player);
            let n = count(player);
            if (seated && n != 1) || (!seated && n != 0) {
                return Err(MatchError::Seats { player, count: n });
            }
        }
        Ok(Match { state, participants })
    }

    /// The position now.
    pub fn state(&self) -> &GameState {
        &self.state
    }

    /// Asks the player to move for one move and plays it if the engine accepts it.
    ///
    /// # Errors
    /// [`MatchError::Refused`] when the proposed move is stale (`not-your-turn`) or illegal; the
    /// state is unchanged.
    pub fn step(&mut self) -> Result<Step, MatchError> {
        if self.state.is_over() {
            return Ok(Step::Over(self.state.status()));
        }
        let to_move = self.state.current_player();
        let Some(participant) = self.participants.iter_mut().find(|p| p.mark() == to_move) else {
            // `new` seats every player of the rules, so this cannot happen; waiting is harmless.
            return Ok(Step::Waiting(to_move));
        };
        let Some(mv) = participant.next_move(&self.state) else {
            return Ok(Step::Waiting(to_move));
        };
        match self.state.apply_move_at(mv.player, mv.ply, mv.index) {
            Ok(next) => {
                self.state = next;
                Ok(Step::Played(mv))
            }
            Err(error) => Err(MatchError::Refused { mv, error }),
        }
    }

    /// Steps until the game is over or the player to move has no move ready, and returns that
    /// last step ([`Step::Over`] or [`Step::Waiting`]).
    ///
    /// # Errors
    /// The first [`MatchError::Refused`]; the moves played before it stay played.
    pub fn run(&mut self) -> Result<Step, MatchError> {
        loop {
            match self.step()? {
                Step::Played(_) => {}
                done => return Ok(done),
            }
        }
    }
}
