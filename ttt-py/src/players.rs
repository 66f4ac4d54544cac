//! Players and matches from Python: `Move`, `HumanPlayer`, `ComputerPlayer`, `Match`, `Step`.
//!
//! The match loop, its turn checks and the computer's choice are ttt-core's; this module only
//! wraps them. A participant may also be any Python object with a `mark` attribute and a
//! `next_move(state)` method.

use crate::ai::SeededRng;
use crate::convert;
use crate::errors;
use crate::interrupt;
use crate::search::{Budget, limits_without_stop};
use crate::state::GameState;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyString;
use std::sync::{Arc, Mutex, PoisonError, TryLockError};
use std::thread::ThreadId;
use std::time::Duration;
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
    /// ``Move(player, ply, index)``: ``ply`` and ``index`` are integers in 0..2**64-1
    /// (``ValueError`` otherwise; an index off the board is refused when the move is played).
    #[new]
    fn new(
        player: &Bound<'_, PyAny>,
        ply: &Bound<'_, PyAny>,
        index: &Bound<'_, PyAny>,
    ) -> PyResult<Move> {
        let player = convert::player(player)?;
        let (ply, index) = (convert::usize_arg(ply, "ply")?, convert::usize_arg(index, "index")?);
        Ok(Move { inner: ttt_core::Move { player, ply, index } })
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
    /// ``player`` says otherwise). Only the types are checked here (``index`` and ``ply`` are
    /// integers in 0..2**64-1, else ``ValueError``/``TypeError``): the match checks the move
    /// when it asks.
    #[pyo3(signature = (index, ply, player = None))]
    fn push(
        &self,
        index: &Bound<'_, PyAny>,
        ply: &Bound<'_, PyAny>,
        player: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        let (index, ply) = (convert::usize_arg(index, "index")?, convert::usize_arg(ply, "ply")?);
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
/// ``ComputerPlayer(mark, difficulty, rng=None, *, seed=None, max_nodes=None, proof_nodes=None,
/// table_bytes=None, time_limit=None)`` (the limits of ``choose_move``, for each of its moves):
/// ``rng`` is a ``SeededRng`` (shared: its stream goes on across matches); ``seed=`` makes one;
/// with neither, the seed comes from Python's ``random`` module.
#[pyclass(module = "ttt", name = "ComputerPlayer", frozen)]
pub struct ComputerPlayer {
    mark: Player,
    difficulty: Difficulty,
    rng: Py<SeededRng>,
    budget: Budget,
}

#[pymethods]
impl ComputerPlayer {
    #[new]
    #[pyo3(signature = (mark, difficulty, rng = None, *, seed = None, max_nodes = None, proof_nodes = None, table_bytes = None, time_limit = None))]
    #[allow(clippy::too_many_arguments)] // the keyword arguments of one Python constructor
    fn new(
        py: Python<'_>,
        mark: &Bound<'_, PyAny>,
        difficulty: &Bound<'_, PyAny>,
        rng: Option<Bound<'_, SeededRng>>,
        seed: Option<&Bound<'_, PyAny>>,
        max_nodes: Option<&Bound<'_, PyAny>>,
        proof_nodes: Option<&Bound<'_, PyAny>>,
        table_bytes: Option<&Bound<'_, PyAny>>,
        time_limit: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<ComputerPlayer> {
        let seed = convert::opt_uint(seed, "seed", u64::MAX)?;
        let budget = crate::search::budget(max_nodes, proof_nodes, table_bytes, time_limit)?;
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
            budget,
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

    /// What unpickling calls: ``ComputerPlayer(mark, difficulty, rng, max_nodes=...,
    /// table_bytes=..., time_limit=..., proof_nodes=...)`` (``proof_nodes`` last, so that a
    /// player pickled before it existed still loads, with the default).
    #[classmethod]
    #[pyo3(signature = (mark, difficulty, rng, max_nodes, table_bytes, time_limit = None, proof_nodes = None))]
    #[allow(clippy::too_many_arguments)] // the arguments of one pickled constructor call
    fn _restore(
        _cls: &Bound<'_, pyo3::types::PyType>,
        py: Python<'_>,
        mark: &Bound<'_, PyAny>,
        difficulty: &Bound<'_, PyAny>,
        rng: Bound<'_, SeededRng>,
        max_nodes: Option<&Bound<'_, PyAny>>,
        table_bytes: Option<&Bound<'_, PyAny>>,
        time_limit: Option<&Bound<'_, PyAny>>,
        proof_nodes: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<ComputerPlayer> {
        ComputerPlayer::new(
            py,
            mark,
            difficulty,
            Some(rng),
            None,
            max_nodes,
            proof_nodes,
            table_bytes,
            time_limit,
        )
    }

    /// Pickles as the same player with its generator (which goes on where it was).
    #[allow(clippy::type_complexity)] // the pickle protocol's tuple
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(
        Bound<'py, PyAny>,
        (
            Bound<'py, PyString>,
            &'static str,
            Py<SeededRng>,
            Option<u64>,
            Option<usize>,
            Option<f64>,
            Option<u64>,
        ),
    )> {
        let (py, c) = (slf.py(), slf.get());
        let restore = slf.get_type().getattr("_restore")?;
        let args = (
            convert::mark(py, c.mark),
            c.difficulty.as_str(),
            c.rng.clone_ref(py),
            c.budget.max_nodes,
            c.budget.table_bytes,
            c.budget.max_time.map(|t| t.as_secs_f64()),
            c.budget.proof_nodes,
        );
        Ok((restore, args))
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
///
/// ``Step(kind, value)`` rebuilds one (its ``repr`` is that call; pickling uses it): ``value``
/// is a ``Move`` for ``'played'``, a mark for ``'waiting'``, ``'win'`` or ``'draw'`` for
/// ``'over'`` (``ValueError``/``TypeError`` otherwise).
#[pyclass(module = "ttt", name = "Step", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Step {
    inner: ttt_core::Step,
}

#[pymethods]
impl Step {
    #[new]
    fn new(kind: &Bound<'_, PyAny>, value: &Bound<'_, PyAny>) -> PyResult<Step> {
        let kind = kind
            .cast::<PyString>()
            .map_err(|_| PyTypeError::new_err("a step kind is 'played', 'waiting' or 'over'"))?;
        let inner = match &*kind.to_cow()? {
            "played" => {
                let m = value
                    .cast::<Move>()
                    .map_err(|_| PyTypeError::new_err("a 'played' step holds the Move played"))?;
                ttt_core::Step::Played(m.get().inner)
            }
            "waiting" => ttt_core::Step::Waiting(convert::player(value)?),
            "over" => match convert::status_arg(value)? {
                ttt_core::Status::InProgress => {
                    return Err(PyValueError::new_err("an 'over' step is 'win' or 'draw'"));
                }
                status => ttt_core::Step::Over(status),
            },
            _ => return Err(PyValueError::new_err("a step kind is 'played', 'waiting' or 'over'")),
        };
        Ok(Step { inner })
    }
    #[allow(clippy::type_complexity)] // the pickle protocol's tuple
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, (&'static str, Bound<'py, PyAny>))> {
        let py = slf.py();
        let value = match slf.get().inner {
            ttt_core::Step::Played(inner) => Bound::new(py, Move { inner })?.into_any(),
            ttt_core::Step::Waiting(p) => convert::mark(py, p).into_any(),
            ttt_core::Step::Over(s) => convert::status(py, s).into_any(),
        };
        Ok((slf.get_type().into_any(), (slf.get().kind(), value)))
    }
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

/// A computer seat of a match: ttt-core's computer, whose search stops on Ctrl-C (it runs
/// inside [`interrupt::run`]); its move is then dropped, so that an interrupted step changes
/// nothing.
struct Interruptible {
    computer: ttt_core::ComputerPlayer,
    mark: Player,
}

impl Participant for Interruptible {
    fn mark(&self) -> Player {
        self.mark
    }

    fn next_move(&mut self, state: &ttt_core::GameState) -> Option<ttt_core::Move> {
        let mv = self.computer.next_move(state);
        if interrupt::raised() { None } else { mv }
    }
}

/// A game between participants (``HumanPlayer``, ``ComputerPlayer`` or any object with ``mark``
/// and ``next_move(state)`` returning an index, a ``Move`` or ``None`` when not ready): asks
/// the one in turn and plays its move after the engine has checked it, a computer's included.
///
/// ``Match(state, participants)``: ``participants`` is an iterable of at most 4 items (an
/// endless one is refused after the 5th); raises ``ValueError`` unless every seat of the rules
/// has exactly one participant, ``TypeError`` for an object that is no participant.
///
/// Threads: a match may be used from any thread. One ``step``/``run`` runs at a time; a call
/// from another thread waits for its turn (without the GIL). A participant whose
/// ``next_move`` steps its own match gets ``MatchBusyError`` from that inner call.
///
/// Ctrl-C: a computer's search runs on the calling thread with the GIL released and looks for
/// signals every 20 ms; Ctrl-C stops it, raises ``KeyboardInterrupt`` and plays nothing.
/// A Python participant's ``next_move`` runs on the calling thread, where Ctrl-C reaches it as
/// in any Python code.
#[pyclass(module = "ttt", name = "Match", frozen)]
pub struct Match {
    inner: Mutex<ttt_core::Match>,
    /// The thread inside `step`/`run`, to tell a re-entrant call (refused) from another
    /// thread's (which waits).
    owner: Mutex<Option<ThreadId>>,
    /// The exception of a Python participant, raised when its step returns.
    failure: Arc<Mutex<Option<PyErr>>>,
    /// The seats played by a `ComputerPlayer`.
    computers: Vec<Player>,
    /// The position after the last step, readable while a step runs (from a participant).
    current: Mutex<ttt_core::GameState>,
}

#[pymethods]
impl Match {
    #[new]
    fn new(state: &Bound<'_, GameState>, participants: &Bound<'_, PyAny>) -> PyResult<Match> {
        let py = state.py();
        let failure: Arc<Mutex<Option<PyErr>>> = Arc::new(Mutex::new(None));
        let mut computers = Vec::new();
        let max = usize::from(ttt_core::MAX_PLAYERS);
        let Some(items) = convert::take(participants, max)? else {
            return Err(PyValueError::new_err(format!(
                "a match has at most {max} participants; more were given"
            )));
        };
        let mut seats: Vec<Box<dyn Participant>> = Vec::new();
        for p in items {
            if let Ok(h) = p.cast::<HumanPlayer>() {
                let h = h.get();
                seats.push(Box::new(ttt_core::HumanPlayer::new(h.mark, h.inbox.clone())));
            } else if let Ok(c) = p.cast::<ComputerPlayer>() {
                let c = c.get();
                let rng = c.rng.clone_ref(py);
                let draw = move || rng.get().draw();
                let limits = limits_without_stop(c.budget);
                let computer =
                    ttt_core::ComputerPlayer::with_limits(c.mark, c.difficulty, draw, limits);
                computers.push(c.mark);
                seats.push(Box::new(Interruptible { computer, mark: c.mark }));
            } else if p.hasattr("next_move")? && p.hasattr("mark")? {
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
        let start = state.get().inner.clone();
        let inner = ttt_core::Match::new(start.clone(), seats)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok(Match {
            inner: Mutex::new(inner),
            owner: Mutex::new(None),
            failure,
            computers,
            current: Mutex::new(start),
        })
    }

    /// The position now (during a step: the position before it).
    #[getter]
    fn state(&self) -> GameState {
        GameState::from_core(self.current_state())
    }

    /// Asks the player to move for one move and plays it if the engine accepts it.
    ///
    /// Raises ``InvalidMoveError`` (``'not-your-turn'`` for a stale move, or why the engine
    /// refused it) and changes nothing; the exception of a Python participant propagates;
    /// ``MatchBusyError`` when called from inside a step of this match on the same thread;
    /// ``KeyboardInterrupt`` on Ctrl-C during a computer's search (nothing is played).
    fn step(&self, py: Python<'_>) -> PyResult<Step> {
        self.locked(py, |m| self.step_once(py, m))
    }

    /// Steps until the game is over or the player to move has no move ready; returns that last
    /// step. Raises as ``step`` (the moves played before stay played).
    fn run(&self, py: Python<'_>) -> PyResult<Step> {
        self.locked(py, |m| {
            loop {
                let step = self.step_once(py, m)?;
                if !matches!(step.inner, ttt_core::Step::Played(_)) {
                    return Ok(step);
                }
            }
        })
    }

    fn __repr__(&self) -> String {
        format!("<Match {}>", self.current_state().to_record())
    }
}

impl Match {
    fn current_state(&self) -> ttt_core::GameState {
        self.current.lock().unwrap_or_else(PoisonError::into_inner).clone()
    }

    /// Runs `f` on the match, one call at a time: a call from the thread already inside is
    /// refused with `MatchBusyError`; one from another thread waits (GIL released).
    fn locked<R>(
        &self,
        py: Python<'_>,
        f: impl FnOnce(&mut ttt_core::Match) -> PyResult<R>,
    ) -> PyResult<R> {
        let me = std::thread::current().id();
        let mut guard = loop {
            match self.inner.try_lock() {
                Ok(guard) => break guard,
                Err(TryLockError::Poisoned(p)) => break p.into_inner(),
                Err(TryLockError::WouldBlock) => {
                    if *self.owner.lock().unwrap_or_else(PoisonError::into_inner) == Some(me) {
                        return Err(errors::match_busy(
                            py,
                            "Match.step or run called from inside a step of the same match \
                             (a participant's next_move stepping its own match)"
                                .to_owned(),
                        ));
                    }
                    py.detach(|| std::thread::sleep(Duration::from_millis(1)));
                    py.check_signals()?;
                }
            }
        };
        *self.owner.lock().unwrap_or_else(PoisonError::into_inner) = Some(me);
        let result = f(&mut guard);
        *self.owner.lock().unwrap_or_else(PoisonError::into_inner) = None;
        result
    }

    /// One step: a computer's with the GIL released and Ctrl-C watched, any other
    /// participant's with the GIL.
    fn step_once(&self, py: Python<'_>, m: &mut ttt_core::Match) -> PyResult<Step> {
        let step = self.step_inner(py, m);
        *self.current.lock().unwrap_or_else(PoisonError::into_inner) = m.state().clone();
        step
    }

    fn step_inner(&self, py: Python<'_>, m: &mut ttt_core::Match) -> PyResult<Step> {
        let mover = m.state().current_player();
        if m.state().is_over() || !self.computers.contains(&mover) {
            let result = m.step();
            return self.finish(py, result);
        }
        // On the calling thread, GIL released: Ctrl-C stops the search (see `interrupt`), and
        // the computer then gives no move, so that the match is left as it was.
        let result = interrupt::run(py, move |_| m.step())?;
        self.finish(py, result)
    }

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
