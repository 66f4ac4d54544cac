//! Players and matches from Python: `Move`, `HumanPlayer`, `ComputerPlayer`, `Match`, `Step`.
//!
//! The match loop, its turn checks and the computer's choice are ttt-core's; this module only
//! wraps them. A participant may also be any Python object with a `mark` attribute and a
//! `next_move(state)` method.

use crate::ai::SeededRng;
use crate::convert;
use crate::errors;
use crate::search::limits_without_stop;
use crate::state::GameState;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyString;
use std::sync::{Arc, Mutex, PoisonError};
use ttt_core::{Difficulty, MatchError, Participant, Player};

/// A move as a player proposes it: who plays (``player``), as which move of the game (``ply``,
/// 0 for the first move from the starting position) and where (``index``).
#[pyclass(module = "ttt", name = "Move", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    inner: ttt_core::Move,
}

#[pymethods]
impl Move {
    #[new]
    fn new(player: &Bound<'_, PyAny>, ply: usize, index: usize) -> PyResult<Move> {
        Ok(Move { inner: ttt_core::Move { player: convert::player(player)?, ply, index } })
    }
    /// The mark the move is made for.
    #[getter]
    fn player<'py>(&self, py: Python<'py>) -> Bound<'py, PyString> {
        convert::mark(py, self.inner.player)
    }
    /// The ply the move is made for.
    #[getter]
    fn ply(&self) -> usize {
        self.inner.ply
    }
    /// The cell.
    #[getter]
    fn index(&self) -> usize {
        self.inner.index
    }
    fn __repr__(&self) -> String {
        let m = &self.inner;
        format!("Move(player='{}', ply={}, index={})", m.player, m.ply, m.index)
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> (Bound<'py, PyAny>, (Bound<'py, PyString>, usize, usize)) {
        let m = slf.get().inner;
        (slf.get_type().into_any(), (convert::mark(slf.py(), m.player), m.ply, m.index))
    }
}

/// A person: the match plays the moves pushed with ``push``, oldest first, and refuses stale or
/// illegal ones. ``HumanPlayer(mark)``.
#[pyclass(module = "ttt", name = "HumanPlayer", frozen)]
pub struct HumanPlayer {
    mark: Player,
    inbox: ttt_core::Inbox,
}

#[pymethods]
impl HumanPlayer {
    #[new]
    fn new(mark: &Bound<'_, PyAny>) -> PyResult<HumanPlayer> {
        Ok(HumanPlayer { mark: convert::player(mark)?, inbox: ttt_core::Inbox::new() })
    }
    /// The mark this player plays.
    #[getter]
    fn mark<'py>(&self, py: Python<'py>) -> Bound<'py, PyString> {
        convert::mark(py, self.mark)
    }
    /// Queues a move made on the position of move number ``ply`` (for this player's mark unless
    /// ``player`` says otherwise). Nothing is checked here: the match checks it when it asks.
    #[pyo3(signature = (index, ply, player = None))]
    fn push(&self, index: usize, ply: usize, player: Option<&Bound<'_, PyAny>>) -> PyResult<()> {
        let player = player.map_or(Ok(self.mark), convert::player)?;
        self.inbox.push(ttt_core::Move { player, ply, index });
        Ok(())
    }
    /// Number of queued moves.
    #[getter]
    fn pending(&self) -> usize {
        self.inbox.len()
    }
    fn __repr__(&self) -> String {
        format!("HumanPlayer('{}')", self.mark)
    }
}

/// A computer: each move is ``choose_move(state, difficulty, rng)`` with its own generator.
/// ``ComputerPlayer(mark, difficulty, rng=None, *, seed=None, max_nodes=None, table_bytes=None)``:
/// ``rng`` is a ``SeededRng`` (shared: its stream goes on across matches); ``seed=`` makes one;
/// with neither, the seed comes from Python's ``random`` module.
#[pyclass(module = "ttt", name = "ComputerPlayer", frozen)]
pub struct ComputerPlayer {
    mark: Player,
    difficulty: Difficulty,
    rng: Py<SeededRng>,
    max_nodes: Option<u64>,
    table_bytes: Option<usize>,
}

#[pymethods]
impl ComputerPlayer {
    #[new]
    #[pyo3(signature = (mark, difficulty, rng = None, *, seed = None, max_nodes = None, table_bytes = None))]
    fn new(
        py: Python<'_>,
        mark: &Bound<'_, PyAny>,
        difficulty: &Bound<'_, PyAny>,
        rng: Option<Bound<'_, SeededRng>>,
        seed: Option<u64>,
        max_nodes: Option<u64>,
        table_bytes: Option<usize>,
    ) -> PyResult<ComputerPlayer> {
        let rng = match (rng, seed) {
            (Some(_), Some(_)) => return Err(PyTypeError::new_err("pass rng or seed, not both")),
            (Some(r), None) => r.unbind(),
            (None, Some(s)) => Py::new(py, SeededRng::create(s))?,
            (None, None) => {
                let s: u64 = py.import("random")?.call_method1("getrandbits", (64,))?.extract()?;
                Py::new(py, SeededRng::create(s))?
            }
        };
        Ok(ComputerPlayer {
            mark: convert::player(mark)?,
            difficulty: crate::ai::difficulty(difficulty)?,
            rng,
            max_nodes,
            table_bytes,
        })
    }
    /// The mark this player plays.
    #[getter]
    fn mark<'py>(&self, py: Python<'py>) -> Bound<'py, PyString> {
        convert::mark(py, self.mark)
    }
    /// ``'easy'``, ``'medium'`` or ``'hard'``.
    #[getter]
    fn difficulty(&self) -> &'static str {
        self.difficulty.as_str()
    }
    /// Its generator.
    #[getter]
    fn rng(&self, py: Python<'_>) -> Py<SeededRng> {
        self.rng.clone_ref(py)
    }
    fn __repr__(&self) -> String {
        format!("ComputerPlayer('{}', '{}')", self.mark, self.difficulty.as_str())
    }
}

/// A participant written in Python: an object with ``mark`` and ``next_move(state)``.
struct PythonParticipant {
    mark: Player,
    object: Py<PyAny>,
    failure: Arc<Mutex<Option<PyErr>>>,
}

impl PythonParticipant {
    fn propose(
        &self,
        py: Python<'_>,
        state: &ttt_core::GameState,
    ) -> PyResult<Option<ttt_core::Move>> {
        let answer =
            self.object.call_method1(py, "next_move", (GameState::from_core(state.clone()),))?;
        let answer = answer.bind(py);
        if answer.is_none() {
            return Ok(None);
        }
        if let Ok(m) = answer.cast::<Move>() {
            return Ok(Some(m.get().inner));
        }
        // A plain index: this participant's move at the current ply. Non-integers are passed on
        // as an off-board index, which the match refuses as out-of-range.
        Ok(Some(ttt_core::Move {
            player: self.mark,
            ply: state.ply(),
            index: convert::index(answer),
        }))
    }
}

impl Participant for PythonParticipant {
    fn mark(&self) -> Player {
        self.mark
    }

    fn next_move(&mut self, state: &ttt_core::GameState) -> Option<ttt_core::Move> {
        Python::attach(|py| match self.propose(py, state) {
            Ok(m) => m,
            Err(e) => {
                self.failure.lock().unwrap_or_else(PoisonError::into_inner).get_or_insert(e);
                None
            }
        })
    }
}

/// What one ``Match.step`` did: ``kind`` is ``'played'`` (``move`` says which), ``'waiting'``
/// (``player`` has no move ready) or ``'over'`` (``status`` says how it ended).
#[pyclass(module = "ttt", name = "Step", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Step {
    inner: ttt_core::Step,
}

#[pymethods]
impl Step {
    /// ``'played'``, ``'waiting'`` or ``'over'``.
    #[getter]
    fn kind(&self) -> &'static str {
        match self.inner {
            ttt_core::Step::Played(_) => "played",
            ttt_core::Step::Waiting(_) => "waiting",
            ttt_core::Step::Over(_) => "over",
        }
    }
    /// The move played, for ``'played'``.
    #[getter]
    fn r#move(&self) -> Option<Move> {
        match self.inner {
            ttt_core::Step::Played(inner) => Some(Move { inner }),
            _ => None,
        }
    }
    /// The player who has no move ready, for ``'waiting'``.
    #[getter]
    fn player<'py>(&self, py: Python<'py>) -> Option<Bound<'py, PyString>> {
        match self.inner {
            ttt_core::Step::Waiting(p) => Some(convert::mark(py, p)),
            _ => None,
        }
    }
    /// ``'win'`` or ``'draw'``, for ``'over'``.
    #[getter]
    fn status<'py>(&self, py: Python<'py>) -> Option<Bound<'py, PyString>> {
        match self.inner {
            ttt_core::Step::Over(s) => Some(convert::status(py, s)),
            _ => None,
        }
    }
    fn __repr__(&self) -> String {
        match self.inner {
            ttt_core::Step::Played(m) => {
                format!(
                    "Step('played', Move(player='{}', ply={}, index={}))",
                    m.player, m.ply, m.index
                )
            }
            ttt_core::Step::Waiting(p) => format!("Step('waiting', '{p}')"),
            ttt_core::Step::Over(s) => format!("Step('over', '{}')", s.as_str()),
        }
    }
}

/// A game between participants (``HumanPlayer``, ``ComputerPlayer`` or any object with ``mark``
/// and ``next_move(state)`` returning an index, a ``Move`` or ``None`` when not ready): asks
/// the one in turn and plays its move after the engine has checked it, a computer's included.
///
/// ``Match(state, participants)``; raises ``ValueError`` unless every seat of the rules has
/// exactly one participant. Runs on the calling thread with the GIL held (participants may be
/// Python objects); for long searches on big boards, use ``choose_move`` instead.
#[pyclass(module = "ttt", name = "Match", unsendable)]
pub struct Match {
    inner: ttt_core::Match,
    failure: Arc<Mutex<Option<PyErr>>>,
}

#[pymethods]
impl Match {
    #[new]
    fn new(state: &Bound<'_, GameState>, participants: &Bound<'_, PyAny>) -> PyResult<Match> {
        let py = state.py();
        let failure: Arc<Mutex<Option<PyErr>>> = Arc::new(Mutex::new(None));
        let mut seats: Vec<Box<dyn Participant>> = Vec::new();
        for p in participants.try_iter()? {
            let p = p?;
            if let Ok(h) = p.cast::<HumanPlayer>() {
                let h = h.get();
                seats.push(Box::new(ttt_core::HumanPlayer::new(h.mark, h.inbox.clone())));
            } else if let Ok(c) = p.cast::<ComputerPlayer>() {
                let c = c.get();
                let rng = c.rng.clone_ref(py);
                let draw = move || rng.get().draw();
                let limits = limits_without_stop(c.max_nodes, c.table_bytes);
                seats.push(Box::new(ttt_core::ComputerPlayer::with_limits(
                    c.mark,
                    c.difficulty,
                    draw,
                    limits,
                )));
            } else if p.hasattr("next_move")? {
                let mark = convert::player(&p.getattr("mark")?)?;
                seats.push(Box::new(PythonParticipant {
                    mark,
                    object: p.unbind(),
                    failure: Arc::clone(&failure),
                }));
            } else {
                return Err(PyTypeError::new_err(format!(
                    "a participant is a HumanPlayer, a ComputerPlayer or an object with `mark` and `next_move(state)`, not {}",
                    convert::type_name(&p)
                )));
            }
        }
        let inner = ttt_core::Match::new(state.get().inner.clone(), seats)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok(Match { inner, failure })
    }

    /// The position now.
    #[getter]
    fn state(&self) -> GameState {
        GameState::from_core(self.inner.state().clone())
    }

    /// Asks the player to move for one move and plays it if the engine accepts it.
    ///
    /// Raises ``InvalidMoveError`` (``'not-your-turn'`` for a stale move, or why the engine
    /// refused it) and changes nothing; the exception of a Python participant propagates.
    fn step(&mut self, py: Python<'_>) -> PyResult<Step> {
        let result = self.inner.step();
        self.finish(py, result)
    }

    /// Steps until the game is over or the player to move has no move ready; returns that last
    /// step. Raises as ``step`` (the moves played before stay played).
    fn run(&mut self, py: Python<'_>) -> PyResult<Step> {
        let result = self.inner.run();
        self.finish(py, result)
    }

    fn __repr__(&self) -> String {
        format!("<Match {}>", self.inner.state().to_record())
    }
}

impl Match {
    fn finish(&self, py: Python<'_>, result: Result<ttt_core::Step, MatchError>) -> PyResult<Step> {
        if let Some(e) = self.failure.lock().unwrap_or_else(PoisonError::into_inner).take() {
            return Err(e);
        }
        match result {
            Ok(inner) => Ok(Step { inner }),
            Err(MatchError::Refused { mv, error }) => {
                let index = mv.index.into_pyobject(py)?.into_any();
                Err(errors::invalid_move(py, index, error))
            }
            Err(e) => Err(PyValueError::new_err(e.to_string())),
        }
    }
}
