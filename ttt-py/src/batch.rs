//! `ttt.play_games`: many AI-vs-AI (or random) games in Rust, without a Python call per move.

use crate::convert;
use crate::interrupt;
use crate::rules::Rules;
use crate::search::{budget, limits};
use crate::state::GameState;
use pyo3::exceptions::{PyMemoryError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString, PyTuple};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use ttt_core::batch::{BatchError, GAMES_PER_SEED, GameSummary, play_games as play_games_in_core};
use ttt_core::{Difficulty, Player};

/// The difficulty of each seat: one for all, or one per seat.
fn seats(players: &Bound<'_, PyAny>, n: usize) -> PyResult<Vec<Difficulty>> {
    let parse = |obj: &Bound<'_, PyAny>| -> PyResult<Difficulty> {
        let s = obj.cast::<PyString>().map_err(|_| {
            PyTypeError::new_err(format!(
                "a player is one of 'easy', 'medium', 'hard', not {}",
                convert::type_name(obj)
            ))
        })?;
        let text = s.to_cow()?;
        match &*text {
            "random" => Ok(Difficulty::Easy),
            other => other.parse().map_err(|e: ttt_core::ParseDifficultyError| {
                PyValueError::new_err(format!("{e}: use 'easy' (or 'random'), 'medium' or 'hard'"))
            }),
        }
    };
    if players.is_instance_of::<PyString>() {
        return Ok(vec![parse(players)?; n]);
    }
    // Reading one more item than there are seats is enough to refuse the list: an endless
    // iterable stops there.
    let Some(items) = convert::take(players, n)? else {
        return Err(PyValueError::new_err(format!(
            "players names more difficulties than the {n} seats of these rules"
        )));
    };
    let list: Vec<Difficulty> = items.iter().map(parse).collect::<PyResult<_>>()?;
    if list.len() != n {
        return Err(PyValueError::new_err(format!(
            "players names {} difficulties; these rules have {n} seats",
            list.len()
        )));
    }
    Ok(list)
}

/// The results of ``play_games``.
#[pyclass(module = "ttt", name = "BatchResult", frozen)]
pub struct BatchResult {
    /// The games in order, as the worker threads returned them (joining them would copy every
    /// summary once more).
    parts: Vec<Vec<GameSummary>>,
    marks: Vec<Player>,
}

impl BatchResult {
    fn iter(&self) -> impl Iterator<Item = &GameSummary> {
        self.parts.iter().flatten()
    }

    fn len(&self) -> usize {
        self.parts.iter().map(Vec::len).sum()
    }
}

#[pymethods]
impl BatchResult {
    /// Number of games played.
    #[getter]
    fn games(&self) -> usize {
        self.len()
    }

    /// Wins per mark, e.g. ``{'X': 5843, 'O': 2880}`` (every seated mark is a key).
    #[getter]
    fn wins<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for &p in &self.marks {
            let n = self.iter().filter(|g| g.winner == Some(p)).count();
            dict.set_item(convert::mark(py, p), n)?;
        }
        Ok(dict)
    }

    /// Number of drawn games.
    #[getter]
    fn draws(&self) -> usize {
        self.iter().filter(|g| g.winner.is_none()).count()
    }

    /// Total number of moves played.
    #[getter]
    fn total_plies(&self) -> u64 {
        self.iter().map(|g| u64::from(g.plies)).sum()
    }

    /// The winner of each game in order (``None`` for a draw).
    #[getter]
    fn winners<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let winners: Vec<_> = self.iter().map(|g| g.winner.map(|p| convert::mark(py, p))).collect();
        PyTuple::new(py, winners)
    }

    /// The number of moves of each game in order.
    #[getter]
    fn plies<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.iter().map(|g| g.plies).collect::<Vec<_>>())
    }

    /// The moves of each game (from the start position) when ``record_moves=True``, else ``None``.
    #[getter]
    fn moves<'py>(&self, py: Python<'py>) -> PyResult<Option<Vec<Bound<'py, PyTuple>>>> {
        self.iter().map(|g| g.moves.as_ref().map(|m| PyTuple::new(py, m)).transpose()).collect()
    }

    fn __len__(&self) -> usize {
        self.len()
    }

    /// The games of several results in order, as one result: how a batch split over processes
    /// or machines (``ttt.distributed.play_games``) is put back together. Raises ``ValueError``
    /// for no results or results of different seats, ``TypeError`` for an item that is not a
    /// ``BatchResult``; Ctrl-C interrupts a long iterable.
    #[classmethod]
    fn concat(
        _cls: &Bound<'_, pyo3::types::PyType>,
        results: &Bound<'_, PyAny>,
    ) -> PyResult<BatchResult> {
        let py = results.py();
        let mut marks: Option<Vec<Player>> = None;
        let mut parts = Vec::new();
        for (i, item) in results.try_iter()?.enumerate() {
            if i % 1024 == 1023 {
                py.check_signals()?;
            }
            let item = item?;
            let part = item.cast::<BatchResult>().map_err(|_| {
                PyTypeError::new_err(format!(
                    "concat takes BatchResult objects, not {}",
                    convert::type_name(&item)
                ))
            })?;
            let part = part.get();
            match &marks {
                Some(m) if *m != part.marks => {
                    return Err(PyValueError::new_err("the results are of different seats"));
                }
                Some(_) => {}
                None => marks = Some(part.marks.clone()),
            }
            parts.extend(part.parts.iter().cloned());
        }
        let marks =
            marks.ok_or_else(|| PyValueError::new_err("concat needs at least one result"))?;
        Ok(BatchResult { parts, marks })
    }

    /// What unpickling calls: the results from the seated marks (a string such as ``'XO'``),
    /// the winner and the plies of each game, and the moves of each (or ``None``).
    #[classmethod]
    fn _restore(
        _cls: &Bound<'_, pyo3::types::PyType>,
        marks: &str,
        winners: &Bound<'_, PyAny>,
        plies: &Bound<'_, PyAny>,
        moves: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<BatchResult> {
        let marks = marks
            .chars()
            .map(|c| convert::player_str(&c.to_string()))
            .collect::<PyResult<Vec<_>>>()?;
        let winners: Vec<Option<Player>> = winners
            .try_iter()?
            .map(|w| {
                let w = w?;
                if w.is_none() { Ok(None) } else { convert::player(&w).map(Some) }
            })
            .collect::<PyResult<_>>()?;
        let plies: Vec<u32> = plies
            .try_iter()?
            .map(|p| Ok(convert::uint(&p?, "plies", u64::from(u32::MAX))? as u32))
            .collect::<PyResult<_>>()?;
        let moves: Option<Vec<Vec<usize>>> = match moves.filter(|m| !m.is_none()) {
            None => None,
            Some(m) => Some(
                m.try_iter()?
                    .map(|game| {
                        let game = game?;
                        let Some(cells) = convert::take(&game, convert::MAX_CELLS)? else {
                            return Err(PyValueError::new_err("a game has at most 400 moves"));
                        };
                        cells.iter().map(|c| convert::usize_arg(c, "move")).collect()
                    })
                    .collect::<PyResult<_>>()?,
            ),
        };
        if winners.len() != plies.len() || moves.as_ref().is_some_and(|m| m.len() != plies.len()) {
            return Err(PyValueError::new_err("winners, plies and moves differ in length"));
        }
        let games = winners
            .into_iter()
            .zip(plies)
            .enumerate()
            .map(|(i, (winner, plies))| GameSummary {
                winner,
                plies,
                moves: moves.as_ref().map(|m| m[i].clone()),
            })
            .collect();
        Ok(BatchResult { parts: vec![games], marks })
    }

    /// Pickles as the seated marks, the winners, the plies and the moves of every game.
    #[allow(clippy::type_complexity)] // the pickle protocol's tuple
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(
        Bound<'py, PyAny>,
        (String, Bound<'py, PyTuple>, Bound<'py, PyTuple>, Option<Vec<Bound<'py, PyTuple>>>),
    )> {
        let (py, b) = (slf.py(), slf.get());
        let restore = slf.get_type().getattr("_restore")?;
        let marks: String = b.marks.iter().map(|p| p.mark()).collect();
        let moves =
            if b.iter().all(|g| g.moves.is_some()) && b.len() > 0 { b.moves(py)? } else { None };
        Ok((restore, (marks, b.winners(py)?, b.plies(py)?, moves)))
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "<BatchResult games={} wins={} draws={}>",
            self.len(),
            self.wins(py)?.repr()?,
            self.draws()
        ))
    }
}

/// The most worker threads one ``play_games`` call starts, whatever ``threads=`` asks.
pub const MAX_THREADS: u64 = 256;

/// Games per unit of work a worker takes at a time: whole blocks of one seed, so that no
/// worker replays another's games, and small enough to spread a batch over the workers.
const CHUNK: u64 = 16 * GAMES_PER_SEED;

/// Plays ``n`` games in Rust with the GIL released, and returns their results.
///
/// Every game starts from ``start`` (a fresh game of ``rules`` when ``None``); each move is
/// ``choose_move(state, players[seat], rng)``. Games come in blocks of 64: the games of block
/// ``b`` (games ``64*b`` to ``64*b + 63``) are played one after the other with one
/// ``SeededRng(seed + b)`` (wrapping at 2**64). So any game of the batch can be replayed from
/// Python (play its block's earlier games first, with the same generator), and the results do
/// not depend on ``threads``. ``players`` is one difficulty for every seat, or an iterable of
/// one per seat (at most 4 items are read); ``'random'`` is another name for ``'easy'``.
///
/// ``n`` and ``seed`` are integers in 0..2**64-1 (``seed=None`` means 0). ``threads``: worker
/// threads, an integer of at least 1 (default: the machine's cores); at most one per 1024
/// games and at most ``MAX_THREADS`` (256) are started, whatever is asked.
///
/// ``max_nodes``, ``proof_nodes``, ``table_bytes`` and ``time_limit`` (seconds) bound each Hard
/// move, as in ``choose_move``; with a ``time_limit`` the games depend on the machine's speed
/// and load, and no longer only on ``seed``.
///
/// Raises ``ValueError``/``TypeError`` for bad arguments, ``MemoryError`` (before playing
/// anything) when the results of ``n`` games cannot fit in memory. Ctrl-C stops the batch and
/// raises ``KeyboardInterrupt``.
#[pyfunction]
#[pyo3(signature = (n, players = None, *, rules = None, start = None, seed = None, record_moves = false, threads = None, max_nodes = None, proof_nodes = None, table_bytes = None, time_limit = None))]
#[pyo3(
    text_signature = "(n, players=None, *, rules=None, start=None, seed=0, record_moves=False, threads=None, max_nodes=None, proof_nodes=None, table_bytes=None, time_limit=None)"
)]
#[allow(clippy::too_many_arguments)] // the keyword arguments of one Python function
pub fn play_games(
    py: Python<'_>,
    n: &Bound<'_, PyAny>,
    players: Option<&Bound<'_, PyAny>>,
    rules: Option<&Bound<'_, Rules>>,
    start: Option<&Bound<'_, GameState>>,
    seed: Option<&Bound<'_, PyAny>>,
    record_moves: bool,
    threads: Option<&Bound<'_, PyAny>>,
    max_nodes: Option<&Bound<'_, PyAny>>,
    proof_nodes: Option<&Bound<'_, PyAny>>,
    table_bytes: Option<&Bound<'_, PyAny>>,
    time_limit: Option<&Bound<'_, PyAny>>,
) -> PyResult<BatchResult> {
    let n = convert::uint(n, "n", u64::MAX)?;
    let seed = convert::opt_uint(seed, "seed", u64::MAX)?.unwrap_or(0);
    let budget = budget(max_nodes, proof_nodes, table_bytes, time_limit)?;
    let threads = match threads {
        Some(t) if !t.is_none() => Some(convert::positive_saturating(t, "threads")?),
        _ => None,
    };
    let start = match (start, rules) {
        (Some(_), Some(_)) => {
            return Err(PyTypeError::new_err("pass rules or start, not both"));
        }
        (Some(s), None) => s.get().inner.clone(),
        (None, r) => ttt_core::GameState::new(crate::rules::rules_arg(r), Player::X)
            .map_err(|e| PyValueError::new_err(e.to_string()))?,
    };
    let n_seats = usize::from(start.rules().players());
    let seats = match players {
        Some(p) if !p.is_none() => seats(p, n_seats)?,
        _ => vec![Difficulty::Easy; n_seats],
    };
    // The results are kept per chunk. Both the chunk table and (as a probe) room for every
    // summary are asked for before any game is played, so that a batch too big for memory
    // fails at once with MemoryError instead of running out of memory after hours.
    let chunks = n.div_ceil(CHUNK);
    let too_big =
        || PyMemoryError::new_err(format!("the results of {n} games do not fit in memory"));
    // The probe comes first: it is 1024 times the size of the chunk table, which is filled
    // (touched) only once the probe has shown there is room.
    let mut probe: Vec<GameSummary> = Vec::new();
    probe.try_reserve_exact(usize::try_from(n).map_err(|_| too_big())?).map_err(|_| too_big())?;
    drop(probe);
    let mut slots: Vec<Mutex<Option<Vec<GameSummary>>>> = Vec::new();
    slots
        .try_reserve_exact(usize::try_from(chunks).map_err(|_| too_big())?)
        .map_err(|_| too_big())?;
    slots.resize_with(slots.capacity().min(chunks as usize), || Mutex::new(None));
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get) as u64;
    let workers = threads.unwrap_or(cores).min(MAX_THREADS).min(chunks).max(1);
    let marks = start.rules().seats().collect();
    let result = interrupt::run(py, move |stop: Arc<AtomicBool>| {
        let limits = limits(budget, stop);
        let next = AtomicU64::new(0);
        let failure: Mutex<Option<BatchError>> = Mutex::new(None);
        // Each worker takes the next chunk until none is left, the batch fails or is stopped.
        let work = || {
            loop {
                let c = next.fetch_add(1, Ordering::Relaxed);
                if c >= chunks || failure.lock().unwrap_or_else(PoisonError::into_inner).is_some() {
                    return;
                }
                let first = c * CHUNK; // c < chunks = ceil(n / CHUNK): first < n, no overflow
                let range = first..first.saturating_add(CHUNK).min(n);
                match play_games_in_core(&start, &seats, seed, range, record_moves, &limits) {
                    Ok(games) => {
                        *slots[c as usize].lock().unwrap_or_else(PoisonError::into_inner) =
                            Some(games);
                    }
                    Err(e) => {
                        failure.lock().unwrap_or_else(PoisonError::into_inner).get_or_insert(e);
                        return;
                    }
                }
            }
        };
        std::thread::scope(|scope| {
            // The calling thread is a worker too (the one that looks for Ctrl-C); a thread
            // that cannot be started leaves its share to the others.
            for _ in 1..workers {
                if std::thread::Builder::new().spawn_scoped(scope, work).is_err() {
                    break;
                }
            }
            work();
        });
        match failure.into_inner().unwrap_or_else(PoisonError::into_inner) {
            Some(e) => Err(e),
            None => Ok(slots
                .into_iter()
                .map(|s| s.into_inner().unwrap_or_else(PoisonError::into_inner).unwrap_or_default())
                .collect::<Vec<_>>()),
        }
    })?;
    match result {
        Ok(parts) => Ok(BatchResult { parts, marks }),
        Err(e) => Err(PyValueError::new_err(e.to_string())),
    }
}
