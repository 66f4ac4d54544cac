//! `ttt.GameState` and `ttt.Evaluation`: immutable game states and board evaluations.

use crate::convert;
use crate::errors;
use crate::rules::{Rules, rules_arg};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyList, PyString, PyTuple, PyType};
use ttt_core::{Player, Status};

/// One position of a game together with how it was reached. Immutable: every operation returns
/// a new state and leaves its argument untouched. Hashable and comparable: two states are equal
/// when they are the same game (same rules, same starting position, same moves). Picklable
/// through its game record.
///
/// ``GameState(rules=None, starting_player='X')`` is a fresh game; ``rules=None`` means the
/// classic game. Raises ``InvalidRulesError`` (``'player-not-in-game'``) when the starting
/// player has no seat in these rules, ``ValueError``/``TypeError`` when it is not a mark.
#[pyclass(module = "ttt", name = "GameState", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct GameState {
    pub inner: ttt_core::GameState,
}

impl GameState {
    /// Wraps an engine state.
    pub fn from_core(inner: ttt_core::GameState) -> GameState {
        GameState { inner }
    }

    /// `available_moves` as a Python list, built from the engine's `is_legal` through a stack
    /// buffer: the same cells in the same order, without a heap allocation per call (this is
    /// the hot call of every Python game loop).
    pub fn moves_list<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let mut buf = [0u16; ttt_core::MAX_SIDE * ttt_core::MAX_SIDE];
        let mut n = 0;
        if !self.inner.is_over() {
            for i in 0..self.inner.board().len() {
                if self.inner.is_legal(i) {
                    // Cells number at most 400: they fit in u16.
                    buf[n] = i as u16;
                    n += 1;
                }
            }
        }
        PyList::new(py, &buf[..n])
    }

    /// The engine's `play_column`, with a Python column and the Python exception.
    pub fn column(&self, col: &Bound<'_, PyAny>) -> PyResult<GameState> {
        match self.inner.play_column(convert::index(col)) {
            Ok((s, _)) => Ok(GameState::from_core(s)),
            Err(e) => Err(errors::invalid_move(col.py(), col.clone(), e)),
        }
    }

    /// The engine's `apply_move`, with a Python index and the Python exception.
    pub fn apply(&self, index: &Bound<'_, PyAny>) -> PyResult<GameState> {
        match self.inner.apply_move(convert::index(index)) {
            Ok(s) => Ok(GameState::from_core(s)),
            Err(e) => Err(errors::invalid_move(index.py(), index.clone(), e)),
        }
    }
}

/// A fresh game with `starting_player` to move under `rules`.
pub fn new_game(
    py: Python<'_>,
    rules: ttt_core::Rules,
    starting_player: &str,
) -> PyResult<GameState> {
    let player = convert::player_str(starting_player)?;
    ttt_core::GameState::new(rules, player)
        .map(GameState::from_core)
        .map_err(|e| errors::invalid_rules(py, e))
}

/// A state built from a board, refused unless a real game can reach it.
pub fn from_board(
    py: Python<'_>,
    rules: ttt_core::Rules,
    board: &Bound<'_, PyAny>,
    to_move: &Bound<'_, PyAny>,
) -> PyResult<GameState> {
    let cells = convert::board_arg(board)?;
    let player = convert::player(to_move)?;
    ttt_core::GameState::from_board(rules, &cells, player)
        .map(GameState::from_core)
        .map_err(|e| errors::invalid_state(py, e))
}

/// Loads a record from `str` or `bytes`, converting the error offset to characters for `str`.
pub fn from_record(py: Python<'_>, record: &Bound<'_, PyAny>) -> PyResult<GameState> {
    if let Ok(bytes) = record.cast::<PyBytes>() {
        return ttt_core::GameState::from_record_bytes(bytes.as_bytes())
            .map(GameState::from_core)
            .map_err(|e| errors::invalid_record(py, e.offset, &e));
    }
    let Ok(text) = record.cast::<PyString>() else {
        return Err(pyo3::exceptions::PyTypeError::new_err(format!(
            "a game record is a str or bytes, not {}",
            convert::type_name(record)
        )));
    };
    let text = text.to_cow()?;
    ttt_core::GameState::from_record(&text).map(GameState::from_core).map_err(|e| {
        let chars = text.get(..e.offset).map_or(e.offset, |s| s.chars().count());
        errors::invalid_record(py, chars, &e)
    })
}

#[pymethods]
impl GameState {
    #[new]
    #[pyo3(signature = (rules = None, starting_player = "X"))]
    fn new(
        py: Python<'_>,
        rules: Option<&Bound<'_, Rules>>,
        starting_player: &str,
    ) -> PyResult<GameState> {
        new_game(py, rules_arg(rules), starting_player)
    }

    /// Loads a game from its record (``str`` or UTF-8 ``bytes``), replaying every move.
    ///
    /// Raises ``InvalidRecordError`` with ``offset`` and ``reason`` for a malformed or illegal
    /// record; ``TypeError`` for anything but ``str``/``bytes``.
    #[classmethod]
    #[pyo3(name = "from_record")]
    fn from_record_py(
        _cls: &Bound<'_, PyType>,
        py: Python<'_>,
        record: &Bound<'_, PyAny>,
    ) -> PyResult<GameState> {
        from_record(py, record)
    }

    /// A state whose starting position is ``board`` (a string such as ``"XX.OO...."``, or a
    /// sequence of marks and ``None``) with ``to_move`` to move. Undo never goes back past it.
    ///
    /// Raises ``InvalidStateError`` with a ``reason`` when no real game (started by ``'X'``)
    /// reaches the position.
    #[classmethod]
    #[pyo3(name = "from_board", signature = (board, to_move, *, rules = None))]
    fn from_board_py(
        _cls: &Bound<'_, PyType>,
        py: Python<'_>,
        board: &Bound<'_, PyAny>,
        to_move: &Bound<'_, PyAny>,
        rules: Option<&Bound<'_, Rules>>,
    ) -> PyResult<GameState> {
        from_board(py, rules_arg(rules), board, to_move)
    }

    /// The cells in row-major order from the top-left: ``'X'``, ``'O'``, ``'Y'``, ``'Z'`` or ``None``.
    #[getter]
    fn board<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        convert::board(py, self.inner.board())
    }

    /// Whose turn it is. After a win this is the player after the winner: read ``winner``.
    #[getter]
    fn current_player<'py>(&self, py: Python<'py>) -> Bound<'py, PyString> {
        convert::mark(py, self.inner.current_player())
    }

    /// ``'in-progress'``, ``'win'`` or ``'draw'``.
    #[getter]
    fn status<'py>(&self, py: Python<'py>) -> Bound<'py, PyString> {
        convert::status(py, self.inner.status())
    }

    /// Whether the game is won or drawn.
    #[getter]
    fn is_over(&self) -> bool {
        self.inner.is_over()
    }

    /// The winner's mark, or ``None`` on a draw or while in progress.
    #[getter]
    fn winner<'py>(&self, py: Python<'py>) -> Option<Bound<'py, PyString>> {
        self.inner.winner().map(|p| convert::mark(py, p))
    }

    /// The winning line's cells in ascending order (the first full window in canonical
    /// order), or ``None`` unless the game is won.
    #[getter]
    fn winning_line<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyTuple>>> {
        self.inner.winning_line().map(|line| PyTuple::new(py, line)).transpose()
    }

    /// The cells played since the starting position, in order.
    #[getter]
    fn move_history<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.inner.move_history())
    }

    /// Number of moves played since the starting position.
    #[getter]
    fn ply(&self) -> usize {
        self.inner.ply()
    }

    /// The rules of this game.
    #[getter]
    fn rules(&self) -> Rules {
        Rules::from_core(*self.inner.rules())
    }

    /// The player who was to move in the starting position.
    #[getter]
    fn starting_player<'py>(&self, py: Python<'py>) -> Bound<'py, PyString> {
        convert::mark(py, self.inner.starting_player())
    }

    /// The starting position's board (all ``None`` unless built with ``from_board``).
    #[getter]
    fn starting_board<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        convert::board(py, &self.inner.starting_board())
    }

    /// The playable cells in ascending order; empty when the game is over. Under gravity, the
    /// lowest empty cell of each column that is not full.
    fn available_moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        self.moves_list(py)
    }

    /// Whether ``index`` can be played now. ``False`` for anything that is not a cell index.
    fn is_legal(&self, index: &Bound<'_, PyAny>) -> bool {
        self.inner.is_legal(convert::index(index))
    }

    /// The mark at ``index``, or ``None`` for an empty cell. Raises ``IndexError`` off the board
    /// (a negative index included: cells do not count from the end), ``TypeError`` for a
    /// non-integer.
    fn cell<'py>(&self, py: Python<'py>, index: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        match self.inner.board().get(convert::position(index, "index")?) {
            Some(&c) => Ok(convert::cell(py, c)),
            None => Err(pyo3::exceptions::PyIndexError::new_err(format!(
                "cell index off a board of {} cells",
                self.inner.board().len()
            ))),
        }
    }

    /// The board as ``height * width * players`` bytes of 0/1 in ``[row][col][plane]`` order,
    /// plane ``j`` marking the cells of the player ``j`` seats after ``perspective`` (plane 0 is
    /// ``perspective``'s own marks). Made for ``numpy.frombuffer`` (the PettingZoo observation).
    ///
    /// Raises ``InvalidRulesError`` (``'player-not-in-game'``) when ``perspective`` has no seat.
    fn planes<'py>(
        &self,
        py: Python<'py>,
        perspective: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyBytes>> {
        let rules = self.inner.rules();
        let me = rules
            .check_player(convert::player(perspective)?)
            .map_err(|e| errors::invalid_rules(py, e))?;
        let n = usize::from(rules.players());
        let board = self.inner.board();
        PyBytes::new_with(py, board.len() * n, |buf| {
            for (i, cell) in board.iter().enumerate() {
                if let Some(p) = cell {
                    buf[i * n + (p.seat() + n - me.seat()) % n] = 1;
                }
            }
            Ok(())
        })
    }

    /// One byte per cell, 1 where a move can be played now and 0 elsewhere (all 0 once the game
    /// is over): ``available_moves`` as a mask, made for ``numpy.frombuffer``.
    fn move_mask<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        let moves = self.inner.available_moves();
        PyBytes::new_with(py, self.inner.board().len(), |buf| {
            for m in moves {
                buf[m] = 1;
            }
            Ok(())
        })
    }

    /// The state after the current player plays ``index``.
    ///
    /// Raises ``InvalidMoveError`` with ``reason`` ``'game-over'``, ``'out-of-range'`` (also for
    /// a non-integer index), ``'occupied'`` or ``'floating'``, checked in that order; the state is
    /// unchanged either way.
    fn apply_move(&self, index: &Bound<'_, PyAny>) -> PyResult<GameState> {
        self.apply(index)
    }

    /// Gravity rules: the state after the current player drops a mark into column ``col`` (0 is
    /// the leftmost); it lands on the lowest empty cell of the column, which is then
    /// ``state.move_history[-1]``.
    ///
    /// Raises ``InvalidMoveError`` (``.index`` is ``col``) with ``reason`` ``'game-over'``,
    /// ``'no-gravity'`` (rules without gravity), ``'out-of-range'`` (not a column of the board,
    /// or not an integer) or ``'occupied'`` (the column is full), checked in that order; the
    /// state is unchanged either way.
    fn play_column(&self, col: &Bound<'_, PyAny>) -> PyResult<GameState> {
        self.column(col)
    }

    /// The state after ``player`` plays ``index``; refused with ``'not-your-turn'`` (after
    /// ``'game-over'``) when it is not ``player``'s turn.
    fn apply_move_as(
        &self,
        player: &Bound<'_, PyAny>,
        index: &Bound<'_, PyAny>,
    ) -> PyResult<GameState> {
        let p = convert::player(player)?;
        self.inner
            .apply_move_as(p, convert::index(index))
            .map(GameState::from_core)
            .map_err(|e| errors::invalid_move(index.py(), index.clone(), e))
    }

    /// The state after ``player`` plays ``index`` as move number ``ply`` (0 for the first move
    /// from the starting position). A stale move (wrong player or wrong ply) is refused with
    /// ``'not-your-turn'``.
    fn apply_move_at(
        &self,
        player: &Bound<'_, PyAny>,
        ply: &Bound<'_, PyAny>,
        index: &Bound<'_, PyAny>,
    ) -> PyResult<GameState> {
        let p = convert::player(player)?;
        self.inner
            .apply_move_at(p, convert::index(ply), convert::index(index))
            .map(GameState::from_core)
            .map_err(|e| errors::invalid_move(index.py(), index.clone(), e))
    }

    /// The state before the last move, rebuilt by replay; unchanged when no move was played
    /// since the starting position.
    fn undo_last_move(&self) -> GameState {
        GameState::from_core(self.inner.undo_last_move())
    }

    /// The starting position of this game, with an empty history.
    fn starting_state(&self) -> GameState {
        GameState::from_core(self.inner.starting_state())
    }

    /// The game as one line of the record notation, e.g.
    /// ``ttt/1 3x3 k=3 players=2 start=X moves=4,0``.
    fn to_record(&self) -> String {
        self.inner.to_record()
    }

    /// The board as one line of marks and dots, e.g. ``XX.OO....``.
    fn board_string(&self) -> String {
        self.inner.board_string()
    }

    fn __repr__(&self) -> String {
        format!("GameState.from_record('{}')", self.inner.to_record())
    }

    /// The board, one row per line, ``.`` for empty cells.
    fn __str__(&self) -> String {
        let mut s = self.inner.to_string();
        s.truncate(s.trim_end().len());
        s
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let ctor = slf.get_type().getattr("from_record")?;
        Ok((ctor, (slf.get().inner.to_record(),)))
    }

    fn __copy__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __deepcopy__<'py>(slf: PyRef<'py, Self>, _memo: &Bound<'py, PyAny>) -> PyRef<'py, Self> {
        slf
    }
}

/// The result of looking at a board: ``status``, ``winner`` and ``winning_line``.
///
/// ``Evaluation(status, winner=None, winning_line=None)`` rebuilds one (its ``repr`` is that
/// call; pickling uses it): ``status`` is ``'in-progress'``, ``'win'`` or ``'draw'``, ``winner``
/// a mark or ``None``, ``winning_line`` at most 20 cell indices or ``None``; a ``'win'``, and
/// only a win, has a winner and a line (``ValueError``/``TypeError`` otherwise; the values are
/// not checked against any board).
#[pyclass(module = "ttt", name = "Evaluation", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Evaluation {
    status: Status,
    winner: Option<Player>,
    winning_line: Option<Vec<usize>>,
}

impl Evaluation {
    /// Wraps an engine evaluation.
    pub fn from_core(e: &ttt_core::Evaluation) -> Evaluation {
        Evaluation { status: e.status, winner: e.winner, winning_line: e.winning_line.clone() }
    }
}

/// The arguments that rebuild an `Evaluation`, for pickling.
type EvaluationArgs<'py> =
    (Bound<'py, PyString>, Option<Bound<'py, PyString>>, Option<Bound<'py, PyTuple>>);

#[pymethods]
impl Evaluation {
    #[new]
    #[pyo3(signature = (status, winner = None, winning_line = None))]
    fn new(
        status: &Bound<'_, PyAny>,
        winner: Option<&Bound<'_, PyAny>>,
        winning_line: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Evaluation> {
        let status = convert::status_arg(status)?;
        let winner = winner.filter(|w| !w.is_none()).map(convert::player).transpose()?;
        let winning_line = match winning_line.filter(|l| !l.is_none()) {
            None => None,
            Some(line) => {
                let Some(items) = convert::take(line, ttt_core::MAX_SIDE)? else {
                    return Err(pyo3::exceptions::PyValueError::new_err(
                        "a winning line has at most 20 cells",
                    ));
                };
                let cells = items.iter().map(|c| convert::usize_arg(c, "winning_line cell"));
                Some(cells.collect::<PyResult<Vec<usize>>>()?)
            }
        };
        if (status == Status::Win) != (winner.is_some() && winning_line.is_some()) {
            return Err(pyo3::exceptions::PyValueError::new_err(
                "a win, and only a win, has a winner and a winning line",
            ));
        }
        Ok(Evaluation { status, winner, winning_line })
    }
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, EvaluationArgs<'py>)> {
        let (py, e) = (slf.py(), slf.get());
        let line = e.winning_line.as_ref().map(|l| PyTuple::new(py, l)).transpose()?;
        let args = (convert::status(py, e.status), e.winner.map(|p| convert::mark(py, p)), line);
        Ok((slf.get_type().into_any(), args))
    }
    /// ``'in-progress'``, ``'win'`` or ``'draw'``.
    #[getter]
    fn status<'py>(&self, py: Python<'py>) -> Bound<'py, PyString> {
        convert::status(py, self.status)
    }
    /// The winner's mark, or ``None``.
    #[getter]
    fn winner<'py>(&self, py: Python<'py>) -> Option<Bound<'py, PyString>> {
        self.winner.map(|p| convert::mark(py, p))
    }
    /// The winning line's cells in ascending order, or ``None``.
    #[getter]
    fn winning_line<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyTuple>>> {
        self.winning_line.as_ref().map(|l| PyTuple::new(py, l)).transpose()
    }

    fn __repr__(&self) -> String {
        let winner = self.winner.map_or("None".to_owned(), |p| format!("'{p}'"));
        let line = match &self.winning_line {
            None => "None".to_owned(),
            Some(l) if l.len() == 1 => format!("({},)", l[0]),
            Some(l) => {
                format!("({})", l.iter().map(usize::to_string).collect::<Vec<_>>().join(", "))
            }
        };
        format!(
            "Evaluation(status='{}', winner={winner}, winning_line={line})",
            self.status.as_str()
        )
    }
}
