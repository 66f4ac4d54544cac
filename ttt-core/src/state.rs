//! The immutable game state and the moves that make new ones.

use crate::player::{Cell, Player};
use crate::rules::{Rules, RulesError, Window};
use std::fmt;
use std::sync::Arc;

/// Whether a game goes on, and how it ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Status {
    /// Moves remain and nobody has won.
    InProgress,
    /// A player has `k` in a row.
    Win,
    /// The board is full and nobody has won.
    Draw,
}

impl Status {
    /// The name used in every language: `"in-progress"`, `"win"` or `"draw"`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Status::InProgress => "in-progress",
            Status::Win => "win",
            Status::Draw => "draw",
        }
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Why a move was refused. The variants are checked in declaration order, so a move that is
/// wrong in several ways reports the first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum InvalidMoveReason {
    /// The game is already won or drawn.
    GameOver,
    /// The move was submitted for a player whose turn it is not, or for a ply that has passed.
    NotYourTurn,
    /// The index is not a cell of the board (or, where a language allows it, not an integer).
    OutOfRange,
    /// The cell already holds a mark.
    Occupied,
    /// Gravity: the cell is empty but so is the one below it.
    Floating,
    /// A column move ([`GameState::play_column`]) under rules without gravity, where columns
    /// are not moves. Only column moves give this reason; it is checked right after
    /// `game-over`.
    NoGravity,
}

impl InvalidMoveReason {
    /// Every reason: the five of cell moves in the order they are checked, then `no-gravity`,
    /// which only column moves give.
    pub const ALL: [InvalidMoveReason; 6] = [
        InvalidMoveReason::GameOver,
        InvalidMoveReason::NotYourTurn,
        InvalidMoveReason::OutOfRange,
        InvalidMoveReason::Occupied,
        InvalidMoveReason::Floating,
        InvalidMoveReason::NoGravity,
    ];

    /// The name used in every language: `"game-over"`, `"not-your-turn"`, `"out-of-range"`,
    /// `"occupied"`, `"floating"` or `"no-gravity"`.
    pub const fn as_str(self) -> &'static str {
        match self {
            InvalidMoveReason::GameOver => "game-over",
            InvalidMoveReason::NotYourTurn => "not-your-turn",
            InvalidMoveReason::OutOfRange => "out-of-range",
            InvalidMoveReason::Occupied => "occupied",
            InvalidMoveReason::Floating => "floating",
            InvalidMoveReason::NoGravity => "no-gravity",
        }
    }
}

impl fmt::Display for InvalidMoveReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A refused move: the index that was tried and why it was refused. The state it was tried on
/// is unchanged.
///
/// Its message is an English sentence for people (for example `cannot play 4: that cell is
/// already taken`); programs should match on [`reason`](Self::reason), whose names are stable.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct InvalidMoveError {
    /// The cell index that was tried.
    pub index: usize,
    /// Why it was refused.
    pub reason: InvalidMoveReason,
}

impl InvalidMoveError {
    /// The message with the index written as `index` says: how a front end whose index was not
    /// a number at all (Python's `"4"`) says the same sentence as every other language.
    ///
    /// ```
    /// use ttt_core::{InvalidMoveError, InvalidMoveReason};
    /// let e = InvalidMoveError { index: 4, reason: InvalidMoveReason::Occupied };
    /// assert_eq!(e.to_string(), "cannot play 4: that cell is already taken");
    /// assert_eq!(e.message_with(&"'4'"), "cannot play '4': that cell is already taken");
    /// ```
    pub fn message_with(&self, index: &dyn fmt::Display) -> String {
        let why = match self.reason {
            InvalidMoveReason::GameOver => "the game is already over",
            InvalidMoveReason::NotYourTurn => {
                "it is not that player's turn, or the move is for a turn that has passed"
            }
            InvalidMoveReason::OutOfRange => "it is off the board",
            InvalidMoveReason::Occupied => "that cell is already taken",
            InvalidMoveReason::Floating => {
                "the cell below it is empty, and under gravity a mark rests on the bottom row or \
                 on another mark"
            }
            InvalidMoveReason::NoGravity => {
                return format!(
                    "cannot play column {index}: these rules have no gravity, so a column is not \
                     a move"
                );
            }
        };
        format!("cannot play {index}: {why}")
    }
}

impl fmt::Display for InvalidMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message_with(&self.index))
    }
}

impl std::error::Error for InvalidMoveError {}

/// Where a game started: an empty board or a board built by
/// [`GameState::from_board`](crate::GameState::from_board), and who moved first from there.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Start {
    /// `None` for the empty board, to spare an allocation in every fresh game.
    board: Option<Arc<[Cell]>>,
    player: Player,
}

/// How a game stands: stored beside the board so that reading it costs nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Outcome {
    InProgress,
    Win { winner: Player, line: Window },
    Draw,
}

/// The result of looking at a board: its status, the winner and the winning line.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Evaluation {
    /// Whether the game goes on, was won or was drawn.
    pub status: Status,
    /// The winner, or `None` on a draw or while in progress.
    pub winner: Option<Player>,
    /// The winning line's cells in ascending order, or `None`.
    pub winning_line: Option<Vec<usize>>,
}

/// One position of a game together with how it was reached. Immutable: every operation returns
/// a new state and leaves its argument untouched.
///
/// ```
/// use ttt_core::{GameState, Player, Rules, Status};
/// let game = GameState::new(Rules::default(), Player::X)?;
/// let game = game.apply_move(4)?.apply_move(0)?;
/// assert_eq!(game.move_history(), &[4, 0]);
/// assert_eq!(game.current_player(), Player::X);
/// assert_eq!(game.status(), Status::InProgress);
/// assert_eq!(game.undo_last_move().move_history(), &[4]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct GameState {
    rules: Rules,
    start: Start,
    board: Box<[Cell]>,
    history: Vec<usize>,
    current: Player,
    outcome: Outcome,
}

impl GameState {
    /// A game on an empty board with `starting_player` to move.
    ///
    /// # Errors
    /// [`RulesError::PlayerNotInGame`] when `starting_player` has no seat in these rules (for
    /// example `Y` in a two-player game).
    pub fn new(rules: Rules, starting_player: Player) -> Result<GameState, RulesError> {
        rules.check_player(starting_player)?;
        Ok(GameState {
            rules,
            start: Start { board: None, player: starting_player },
            board: vec![None; rules.cell_count()].into_boxed_slice(),
            history: Vec::new(),
            current: starting_player,
            outcome: Outcome::InProgress,
        })
    }

    /// A state whose starting position is `board` with `to_move` to move. The caller has
    /// checked that the position is reachable (see [`crate::position`]).
    pub(crate) fn from_checked_board(rules: Rules, board: &[Cell], to_move: Player) -> GameState {
        let board: Box<[Cell]> = board.into();
        let outcome = evaluate_outcome(&rules, &board);
        GameState {
            rules,
            start: Start { board: Some(Arc::from(&board[..])), player: to_move },
            board,
            history: Vec::new(),
            current: to_move,
            outcome,
        }
    }

    /// The rules of this game.
    pub const fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The cells in row-major order from the top-left.
    pub fn board(&self) -> &[Cell] {
        &self.board
    }

    /// The mark at `index`, or `None` for an empty or off-board cell.
    pub fn cell(&self, index: usize) -> Cell {
        self.board.get(index).copied().flatten()
    }

    /// Whose turn it is. After a win this is the player after the winner: read
    /// [`winner`](Self::winner), never infer it from this.
    pub const fn current_player(&self) -> Player {
        self.current
    }

    /// Whether the game goes on, was won or was drawn.
    pub const fn status(&self) -> Status {
        match self.outcome {
            Outcome::InProgress => Status::InProgress,
            Outcome::Win { .. } => Status::Win,
            Outcome::Draw => Status::Draw,
        }
    }

    /// Whether the game is won or drawn.
    pub const fn is_over(&self) -> bool {
        !matches!(self.outcome, Outcome::InProgress)
    }

    /// The winner, or `None` on a draw or while in progress.
    pub const fn winner(&self) -> Option<Player> {
        match self.outcome {
            Outcome::Win { winner, .. } => Some(winner),
            _ => None,
        }
    }

    /// The winning line: the first window of `k` cells of the winner's mark in the canonical
    /// order (see [`Rules::windows`]), cells ascending. `None` unless the game is won.
    pub fn winning_line(&self) -> Option<Vec<usize>> {
        match self.outcome {
            Outcome::Win { line, .. } => Some(line.cells().collect()),
            _ => None,
        }
    }

    /// The cells played since the starting position, in order.
    pub fn move_history(&self) -> &[usize] {
        &self.history
    }

    /// Number of moves played since the starting position.
    pub fn ply(&self) -> usize {
        self.history.len()
    }

    /// The player who was to move in the starting position.
    pub const fn starting_player(&self) -> Player {
        self.start.player
    }

    /// The starting position's board: all empty for a game made by [`GameState::new`], the
    /// given board for one made by [`GameState::from_board`](crate::GameState::from_board).
    pub fn starting_board(&self) -> Vec<Cell> {
        match &self.start.board {
            Some(board) => board.to_vec(),
            None => vec![None; self.rules.cell_count()],
        }
    }

    /// Whether the game started from a given board rather than an empty one.
    pub const fn has_starting_board(&self) -> bool {
        self.start.board.is_some()
    }

    /// Whether `index` can be played now: the game is on, the cell is on the board, empty and,
    /// under gravity, supported.
    pub fn is_legal(&self, index: usize) -> bool {
        self.check(index).is_ok()
    }

    /// The playable cells in ascending order; empty when the game is over.
    ///
    /// Under gravity this is the lowest empty cell of each column that is not full.
    pub fn available_moves(&self) -> Vec<usize> {
        if self.is_over() {
            return Vec::new();
        }
        (0..self.board.len()).filter(|&i| self.placeable(i)).collect()
    }

    /// The state after the current player plays `index`.
    ///
    /// # Errors
    /// [`InvalidMoveError`] with reason `game-over`, `out-of-range`, `occupied` or `floating`,
    /// checked in that order; `self` is unchanged either way.
    pub fn apply_move(&self, index: usize) -> Result<GameState, InvalidMoveError> {
        self.check(index)?;
        Ok(self.place(index))
    }

    /// The state after `player` plays `index`, refusing the move with `not-your-turn` if it is
    /// not `player`'s turn. This is how moves from a remote or untrusted source come in.
    ///
    /// # Errors
    /// [`InvalidMoveError`] with reason `game-over`, `not-your-turn`, `out-of-range`,
    /// `occupied` or `floating`, checked in that order.
    pub fn apply_move_as(
        &self,
        player: Player,
        index: usize,
    ) -> Result<GameState, InvalidMoveError> {
        self.apply_move_at(player, self.ply(), index)
    }

    /// The state after `player` plays `index` as the move numbered `ply` (0 for the first move
    /// from the starting position). A move made for another player or for a ply that is not the
    /// current one (a stale move) is refused with `not-your-turn`.
    ///
    /// # Errors
    /// [`InvalidMoveError`] with reason `game-over`, `not-your-turn`, `out-of-range`,
    /// `occupied` or `floating`, checked in that order.
    pub fn apply_move_at(
        &self,
        player: Player,
        ply: usize,
        index: usize,
    ) -> Result<GameState, InvalidMoveError> {
        if self.is_over() {
            return Err(InvalidMoveError { index, reason: InvalidMoveReason::GameOver });
        }
        if player != self.current || ply != self.ply() {
            return Err(InvalidMoveError { index, reason: InvalidMoveReason::NotYourTurn });
        }
        self.apply_move(index)
    }

    /// The state after the current player drops a mark into column `col` (0 for the leftmost)
    /// under gravity rules, and the cell it lands in: the lowest empty cell of the column.
    ///
    /// ```
    /// use ttt_core::{GameState, Player, Rules};
    /// let game = GameState::new(Rules::CONNECT_FOUR, Player::X)?;
    /// let (game, cell) = game.play_column(3)?;
    /// assert_eq!(cell, 38); // bottom row (5) of column 3 on the 7-wide board: 5 * 7 + 3
    /// let (_, cell) = game.play_column(3)?;
    /// assert_eq!(cell, 31); // the cell above it
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`InvalidMoveError`] whose `index` is `col` (which is also the index of the column's top
    /// cell), with the reason, checked in this order:
    /// - `game-over`: the game is already won or drawn;
    /// - `no-gravity`: the rules have no gravity, so a column does not name one cell;
    /// - `out-of-range`: `col` is not a column of the board (`col >= width`);
    /// - `occupied`: the column is full (its top cell is taken).
    ///
    /// `self` is unchanged either way.
    pub fn play_column(&self, col: usize) -> Result<(GameState, usize), InvalidMoveError> {
        let refuse = |reason| Err(InvalidMoveError { index: col, reason });
        if self.is_over() {
            return refuse(InvalidMoveReason::GameOver);
        }
        if !self.rules.gravity() {
            return refuse(InvalidMoveReason::NoGravity);
        }
        let width = self.rules.width();
        if col >= width {
            return refuse(InvalidMoveReason::OutOfRange);
        }
        // Under gravity every mark is supported (states are built by play or from a checked
        // board), so the lowest empty cell of a column is the one playable cell in it.
        let lowest = (0..self.rules.height())
            .rev()
            .map(|row| row * width + col)
            .find(|&cell| self.board[cell].is_none());
        match lowest {
            Some(cell) => Ok((self.place(cell), cell)),
            None => refuse(InvalidMoveReason::Occupied),
        }
    }

    /// The state before the last move, rebuilt by replaying the history from the starting
    /// position so that status and winner are always consistent. A state with no moves since
    /// its starting position is returned unchanged: undo never goes past the starting position.
    pub fn undo_last_move(&self) -> GameState {
        let Some((_, earlier)) = self.history.split_last() else {
            return self.clone();
        };
        let mut state = self.starting_state();
        for &index in earlier {
            state = state.place(index);
        }
        state
    }

    /// The starting position of this game, with an empty history.
    pub fn starting_state(&self) -> GameState {
        match &self.start.board {
            None => GameState {
                rules: self.rules,
                start: self.start.clone(),
                board: vec![None; self.rules.cell_count()].into_boxed_slice(),
                history: Vec::new(),
                current: self.start.player,
                outcome: Outcome::InProgress,
            },
            Some(board) => GameState {
                rules: self.rules,
                start: self.start.clone(),
                board: board.to_vec().into_boxed_slice(),
                history: Vec::new(),
                current: self.start.player,
                outcome: evaluate_outcome(&self.rules, board),
            },
        }
    }

    /// The board as text, one row per line, `.` for an empty cell; the form
    /// [`GameState::from_board_str`](crate::GameState::from_board_str) reads back.
    pub fn board_string(&self) -> String {
        board_to_string(&self.board)
    }

    /// Every check but the turn: game over, range, occupancy, gravity.
    fn check(&self, index: usize) -> Result<(), InvalidMoveError> {
        let reason = if self.is_over() {
            InvalidMoveReason::GameOver
        } else if index >= self.board.len() {
            InvalidMoveReason::OutOfRange
        } else if self.board[index].is_some() {
            InvalidMoveReason::Occupied
        } else if !self.supported(index) {
            InvalidMoveReason::Floating
        } else {
            return Ok(());
        };
        Err(InvalidMoveError { index, reason })
    }

    /// An empty, supported cell.
    fn placeable(&self, index: usize) -> bool {
        self.board[index].is_none() && self.supported(index)
    }

    fn supported(&self, index: usize) -> bool {
        supported(&self.rules, &self.board, index)
    }

    /// Plays a checked move: the mark goes down, the win is looked for through that cell only,
    /// and the turn passes (even on a winning move).
    fn place(&self, index: usize) -> GameState {
        let mover = self.current;
        let mut board = self.board.clone();
        board[index] = Some(mover);
        // The game was on before this move, so every window of the mover's mark runs through
        // `index`: the cheap scan through that cell decides, and only a win pays for the
        // search of the canonical window.
        let line = wins_through(&self.rules, &board, index)
            .then(|| first_window_of(&self.rules, &board, mover))
            .flatten();
        let outcome = match line {
            Some(line) => Outcome::Win { winner: mover, line },
            None if board.iter().all(Option::is_some) => Outcome::Draw,
            None => Outcome::InProgress,
        };
        let mut history = Vec::with_capacity(self.history.len() + 1);
        history.extend_from_slice(&self.history);
        history.push(index);
        GameState {
            rules: self.rules,
            start: self.start.clone(),
            board,
            history,
            current: self.rules.next_player(mover),
            outcome,
        }
    }
}

impl fmt::Display for GameState {
    /// The board, one row per line, `.` for empty cells.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in self.board.chunks(self.rules.width()) {
            for cell in row {
                write!(f, "{}", cell.map_or('.', Player::mark))?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

/// The cells as one line of marks and dots, row after row.
pub(crate) fn board_to_string(board: &[Cell]) -> String {
    board.iter().map(|c| c.map_or('.', Player::mark)).collect()
}

/// Without gravity every cell is supported; with it, a cell on the bottom row or above a mark.
#[inline]
pub(crate) fn supported(rules: &Rules, board: &[Cell], index: usize) -> bool {
    let below = index + rules.width();
    !rules.gravity() || below >= board.len() || board[below].is_some()
}

/// Whether the mark at `index` has `k` in a row through it: the four directions are scanned
/// outward from the cell, at most `k − 1` cells each way and never past an edge, so the cost is
/// O(k) whatever the board size.
#[inline]
pub(crate) fn wins_through(rules: &Rules, board: &[Cell], index: usize) -> bool {
    let Some(mark) = board[index] else { return false };
    let (w, h, k) = (rules.width(), rules.height(), rules.k());
    let (row, col) = (index / w, index % w);
    let (up, down, left, right) = (row, h - 1 - row, col, w - 1 - col);
    // (step between cells, cells before the edge going forward, going backward)
    let lines = [
        (1, right, left),
        (w, down, up),
        (w + 1, down.min(right), up.min(left)),
        (w - 1, down.min(left), up.min(right)),
    ];
    let run = |step: usize, room: usize, forward: bool| {
        let mut n = 0;
        while n < room.min(k - 1) {
            let at = if forward { index + (n + 1) * step } else { index - (n + 1) * step };
            if board[at] != Some(mark) {
                break;
            }
            n += 1;
        }
        n
    };
    lines
        .into_iter()
        .any(|(step, ahead, behind)| 1 + run(step, ahead, true) + run(step, behind, false) >= k)
}

/// The first window in canonical order whose cells all hold `player`'s mark.
pub(crate) fn first_window_of(rules: &Rules, board: &[Cell], player: Player) -> Option<Window> {
    rules.windows().find(|w| w.cells().all(|i| board[i] == Some(player)))
}

/// The first window in canonical order whose cells all hold one mark, with that mark.
fn first_window(rules: &Rules, board: &[Cell]) -> Option<(Player, Window)> {
    rules.windows().find_map(|w| {
        let mut cells = w.cells();
        let mark = board[cells.next()?]?;
        cells.all(|i| board[i] == Some(mark)).then_some((mark, w))
    })
}

fn evaluate_outcome(rules: &Rules, board: &[Cell]) -> Outcome {
    match first_window(rules, board) {
        Some((winner, line)) => Outcome::Win { winner, line },
        None if board.iter().all(Option::is_some) => Outcome::Draw,
        None => Outcome::InProgress,
    }
}

impl Rules {
    /// Looks at a whole board: a win for the mark of the first full window in canonical order
    /// (so the answer is deterministic even for boards no game could produce), else a draw when
    /// no cell is empty, else in progress. Reachability is not checked: for that, build a state
    /// with [`GameState::from_board`].
    ///
    /// `board` must have [`cell_count`](Rules::cell_count) cells; a board of any other length
    /// gets `None`.
    ///
    /// ```
    /// use ttt_core::{Player, Rules, Status};
    /// let (x, o) = (Some(Player::X), Some(Player::O));
    /// let board = [x, x, x, o, o, None, None, None, None];
    /// let eval = Rules::default().evaluate(&board).unwrap();
    /// assert_eq!(eval.status, Status::Win);
    /// assert_eq!(eval.winning_line, Some(vec![0, 1, 2]));
    /// ```
    pub fn evaluate(&self, board: &[Cell]) -> Option<Evaluation> {
        (board.len() == self.cell_count()).then(|| evaluation(self, board))
    }
}

fn evaluation(rules: &Rules, board: &[Cell]) -> Evaluation {
    match evaluate_outcome(rules, board) {
        Outcome::Win { winner, line } => Evaluation {
            status: Status::Win,
            winner: Some(winner),
            winning_line: Some(line.cells().collect()),
        },
        Outcome::Draw => Evaluation { status: Status::Draw, winner: None, winning_line: None },
        Outcome::InProgress => {
            Evaluation { status: Status::InProgress, winner: None, winning_line: None }
        }
    }
}
