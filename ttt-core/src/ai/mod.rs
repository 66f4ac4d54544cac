//! The computer opponent: three difficulties behind one function, all randomness injected.
//!
//! ```
//! use ttt_core::{choose_move, create_game, Difficulty, Player, SeededRng};
//!
//! let game = create_game(Player::X)?.apply_move(0)?.apply_move(4)?.apply_move(1)?;
//! // O must block X's row at 2; Medium and Hard both see it.
//! let mut rng = SeededRng::new(7);
//! assert_eq!(choose_move(&game, Difficulty::Medium, &mut rng)?, 2);
//! assert_eq!(choose_move(&game, Difficulty::Hard, &mut rng)?, 2);
//! // Easy plays any legal move.
//! assert!(game.is_legal(choose_move(&game, Difficulty::Easy, &mut rng)?));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # The strategies
//! - **Easy**: a uniformly random legal move. Beatable on purpose.
//! - **Medium**: win now if it can, else block a cell where another player would win, else a
//!   random move. Both lookups are trial moves through the engine. It does not see forks, so the
//!   corner-corner opening beats it: that is intended.
//! - **Hard**: perfect play where the search can prove it, the best it can find where it
//!   cannot. The exact search scores a proven move as `cells + 1 − plies` for a win,
//!   `plies − cells − 1` for a loss and 0 for a draw (so the fastest win and the slowest loss are
//!   preferred). When every move is proven, Hard picks uniformly among **all** legal moves with
//!   the best exact score, so it does not replay the same game every time. On boards too big to
//!   solve within its [`SearchLimits`] it answers as [`best_move_with`](crate::best_move_with)
//!   does (a win now, a forced block, a threat-space win, else iterative deepening with an
//!   evaluation of live windows, never a move proven lost while another is not) and picks
//!   uniformly among the moves rated equal. See [`Engine`] for the order in which a call
//!   spends its budget; [`Engine::choose_move`] keeps the table from one move to the next.
//!
//! With three or four players Hard plays what the search says is best for the player to move.
//! The search is *paranoid* there: it assumes every other player cooperates against the player
//! to move, so "win" means a win that player can force alone, and Hard maximizes that score
//! exactly as with two players (see the [`search`](crate::search) module). The other players do
//! not really cooperate: when the paranoid search proves every move lost, Hard still plays the
//! slowest loss, and among equally slow ones the move that keeps the most of its own live
//! windows against the strongest opponent's (random only among moves equal on that too).

//! # Randomness, draw by draw
//! Every call takes **exactly one** float from the [`Rng`], whatever the difficulty and the
//! position, even when there is a single candidate; a finished game takes none (it is an error).
//! That float picks among the candidates, listed in ascending cell index, with
//! [`pick_index`]`(r, len) = floor(r × len)` (guarded, see there):
//! - Easy: the candidates are all legal moves.
//! - Medium: the winning moves; if none, the blocking cells; if none, all legal moves.
//! - Hard: the moves with the best exact score; when the search could not prove every root move
//!   within its [`SearchLimits`] (big boards), the moves its budgeted answer rates equal (one
//!   when tactics decide it), reported with [`Choice::proven`] telling whether that is proven.
//!
//! So a sequence of calls with one [`SeededRng`] reproduces move for move in Rust, C and Python.

mod easy;
mod medium;
mod rng;

pub use rng::{Rng, SeededRng, pick_index};

use crate::GameState;
use crate::search::{Engine, SearchLimits};
use std::fmt;
use std::str::FromStr;

/// How strong the computer plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Difficulty {
    /// A uniformly random legal move.
    Easy,
    /// Win now, else block, else random.
    Medium,
    /// Perfect play, random among equally good moves.
    Hard,
}

impl Difficulty {
    /// Every difficulty, weakest first.
    pub const ALL: [Difficulty; 3] = [Difficulty::Easy, Difficulty::Medium, Difficulty::Hard];

    /// The name used in every language: `"easy"`, `"medium"` or `"hard"`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
        }
    }
}

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A name that is not a difficulty.
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("unknown difficulty {0:?} (expected \"easy\", \"medium\" or \"hard\")")]
pub struct ParseDifficultyError(pub String);

impl FromStr for Difficulty {
    type Err = ParseDifficultyError;

    /// Reads `"easy"`, `"medium"` or `"hard"`, exactly (lower case, no spaces).
    ///
    /// ```
    /// use ttt_core::Difficulty;
    /// assert_eq!("hard".parse::<Difficulty>(), Ok(Difficulty::Hard));
    /// assert!("Hard".parse::<Difficulty>().is_err());
    /// ```
    ///
    /// # Errors
    /// [`ParseDifficultyError`] holding the input for anything else.
    fn from_str(s: &str) -> Result<Difficulty, ParseDifficultyError> {
        Difficulty::ALL
            .into_iter()
            .find(|d| d.as_str() == s)
            .ok_or_else(|| ParseDifficultyError(s.to_owned()))
    }
}

/// Why the AI could not choose a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum AiError {
    /// The game is already won or drawn: asking for a move then is a caller bug, reported as an
    /// error rather than a panic. No random draw is taken.
    #[error("the game is over")]
    GameOver,
}

/// A move chosen by [`choose_move_with`], and whether it is proven best.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Choice {
    /// The cell to play; always a legal move.
    pub index: usize,
    /// `true` when the move is proven best: the best exact score (every board small enough to
    /// solve), a win at once, the only move that does not lose at once (a forced block), or a
    /// proven win (a threat-space win: the best outcome, not always the fastest). `false` when
    /// Hard ran out of budget and returned its best unproven move. Easy and Medium make no
    /// claim: for them this is `false`.
    pub proven: bool,
}

/// The move `difficulty` plays for the player to move, with the search's default
/// [`SearchLimits`]. Exactly one float is drawn from `rng` (see the [module docs](self)).
///
/// ```
/// use ttt_core::{choose_move, GameState, Difficulty, Player, Rules, SeededRng};
/// let game = GameState::from_board_str(Rules::default(), "XX.OO....", Player::X)?;
/// assert_eq!(choose_move(&game, Difficulty::Hard, &mut SeededRng::new(1))?, 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// [`AiError::GameOver`] when the game is won or drawn.
pub fn choose_move(
    state: &GameState,
    difficulty: Difficulty,
    rng: &mut dyn Rng,
) -> Result<usize, AiError> {
    choose_move_with(state, difficulty, rng, &SearchLimits::default()).map(|c| c.index)
}

/// The move `difficulty` plays for the player to move, with Hard's search bounded by `limits`
/// (Easy and Medium ignore them). Exactly one float is drawn from `rng`.
///
/// # Errors
/// [`AiError::GameOver`] when the game is won or drawn.
pub fn choose_move_with(
    state: &GameState,
    difficulty: Difficulty,
    rng: &mut dyn Rng,
    limits: &SearchLimits,
) -> Result<Choice, AiError> {
    // A fresh engine (fresh table: the same answers as a new one), lent the solver setup of
    // this thread's last free-function call, as `best_move_with` and the others do.
    Engine::fresh_call(limits.table_bytes, |engine| {
        engine.choose_move_with(state, difficulty, rng, limits)
    })
}

/// Hard: uniform among all moves of best exact score, or among the moves the budgeted answer
/// rates equal (see [`Engine`]).
fn hard(
    engine: &mut Engine,
    state: &GameState,
    rng: &mut dyn Rng,
    limits: &SearchLimits,
) -> Choice {
    let answer = engine.hard_answer(state, limits);
    Choice { index: easy::pick(answer.moves.as_slice(), rng), proven: answer.proven }
}

impl Engine {
    /// [`choose_move`] on this engine: its table is kept for the next call.
    ///
    /// # Errors
    /// [`AiError::GameOver`] when the game is won or drawn.
    pub fn choose_move(
        &mut self,
        state: &GameState,
        difficulty: Difficulty,
        rng: &mut dyn Rng,
    ) -> Result<usize, AiError> {
        self.choose_move_with(state, difficulty, rng, &SearchLimits::default()).map(|c| c.index)
    }

    /// [`choose_move_with`] on this engine (not `limits.table_bytes`: the engine's own size
    /// applies). Exactly one float is drawn from `rng`.
    ///
    /// # Errors
    /// [`AiError::GameOver`] when the game is won or drawn.
    pub fn choose_move_with(
        &mut self,
        state: &GameState,
        difficulty: Difficulty,
        rng: &mut dyn Rng,
        limits: &SearchLimits,
    ) -> Result<Choice, AiError> {
        if state.is_over() {
            return Err(AiError::GameOver);
        }
        // No wildcard arm: a new difficulty does not compile until it is handled here.
        Ok(match difficulty {
            Difficulty::Easy => Choice { index: easy::choose(state, rng), proven: false },
            Difficulty::Medium => Choice { index: medium::choose(state, rng), proven: false },
            Difficulty::Hard => hard(self, state, rng, limits),
        })
    }
}
