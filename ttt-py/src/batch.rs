//! `ttt.play_games`: many AI-vs-AI (or random) games in Rust, without a Python call per move.

use crate::convert;
use crate::interrupt;
use crate::rules::Rules;
use crate::state::GameState;
use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString, PyTuple};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use ttt_core::batch::{BatchError, GAMES_PER_SEED, GameSummary, play_games as play_games_in_core};
use ttt_core::{Difficulty, Player, SearchLimits};

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
    let list: Vec<Difficulty> = players.try_iter()?.map(|p| parse(&p?)).collect::<PyResult<_>>()?;
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

    /// The result rebuilt from what ``__reduce__`` gives (how it unpickles): the seats' marks,
    /// and per game its winner, its plies and its moves (all ``None`` when not recorded).
    /// Raises ``ValueError`` for anything inconsistent.
    #[classmethod]
    fn _from_games(
        _cls: &Bound<'_, pyo3::types::PyType>,
        marks: Vec<String>,
        winners: Vec<Option<String>>,
        plies: Vec<u32>,
        moves: Option<Vec<Vec<usize>>>,
    ) -> PyResult<BatchResult> {
        let marks: Vec<Player> =
            marks.iter().map(|m| convert::player_str(m)).collect::<PyResult<_>>()?;
        let bad = |what: &str| PyValueError::new_err(format!("not a pickled BatchResult: {what}"));
        if !(2..=4).contains(&marks.len())
            || marks.iter().enumerate().any(|(i, m)| marks[..i].contains(m))
        {
            return Err(bad("the seats"));
        }
        if winners.len() != plies.len() || moves.as_ref().is_some_and(|m| m.len() != plies.len()) {
            return Err(bad("the lengths"));
        }
        let mut games = Vec::with_capacity(plies.len());
        for (i, (winner, &plies)) in winners.iter().zip(&plies).enumerate() {
            let winner = winner.as_deref().map(convert::player_str).transpose()?;
            if winner.is_some_and(|w| !marks.contains(&w)) {
                return Err(bad("a winner not seated"));
            }
            let moves = moves.as_ref().map(|m| m[i].clone());
            if moves.as_ref().is_some_and(|m| m.len() != plies as usize) {
                return Err(bad("moves and plies disagree"));
            }
            games.push(GameSummary { winner, plies, moves });
        }
        Ok(BatchResult { parts: vec![games], marks })
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> convert::Reduced<'py> {
        let (py, b) = (slf.py(), slf.get());
        let marks: Vec<_> = b.marks.iter().map(|&p| convert::mark(py, p)).collect();
        let winners: Vec<_> = b.iter().map(|g| g.winner.map(|p| convert::mark(py, p))).collect();
        let plies: Vec<u32> = b.iter().map(|g| g.plies).collect();
        let moves = b.iter().map(|g| g.moves.clone()).collect::<Option<Vec<_>>>();
        convert::reduced(slf.getattr("_from_games")?, (marks, winners, plies, moves))
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

/// Plays ``n`` games in Rust with the GIL released, and returns their results.
///
/// Every game starts from ``start`` (a fresh game of ``rules`` when ``None``); each move is
/// ``choose_move(state, players[seat], rng)``. Games come in blocks of 64: the games of block
/// ``b`` (games ``64*b`` to ``64*b + 63``) are played one after the other with one
/// ``SeededRng(seed + b)`` (wrapping at 2**64). So any game of the batch can be replayed from
/// Python (play its block's earlier games first, with the same generator), and the results do
/// not depend on ``threads``. ``players`` is one difficulty for every
/// seat, or one per seat; ``'random'`` is another name for ``'easy'``.
///
/// ``threads``: worker threads (default: the machine's cores, at most one per 64 games).
/// Raises ``ValueError``/``TypeError`` for bad players, ``InvalidRulesError`` never (rules are
/// already valid). Ctrl-C stops the batch and raises ``KeyboardInterrupt``.
#[pyfunction]
#[pyo3(signature = (n, players = None, *, rules = None, start = None, seed = 0, record_moves = false, threads = None, max_nodes = None, table_bytes = None))]
#[allow(clippy::too_many_arguments)] // the keyword arguments of one Python function
pub fn play_games(
    py: Python<'_>,
    n: u64,
    players: Option<&Bound<'_, PyAny>>,
    rules: Option<&Bound<'_, Rules>>,
    start: Option<&Bound<'_, GameState>>,
    seed: u64,
    record_moves: bool,
    threads: Option<usize>,
    max_nodes: Option<u64>,
    table_bytes: Option<usize>,
) -> PyResult<BatchResult> {
    let start = match (start, rules) {
        (Some(_), Some(_)) => {
            return Err(PyTypeError::new_err("pass rules or start, not both"));
        }
        (Some(s), None) => s.get().inner.clone(),
        (None, r) => ttt_core::GameState::new(crate::rules::rules_arg(r), Player::X)
            .map_err(|e| PyRuntimeError::new_err(e.to_string()))?,
    };
    let n_seats = usize::from(start.rules().players());
    let seats = match players {
        Some(p) if !p.is_none() => seats(p, n_seats)?,
        _ => vec![Difficulty::Easy; n_seats],
    };
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    let threads = match threads {
        Some(0) => return Err(PyValueError::new_err("threads must be at least 1")),
        Some(t) => t,
        None => cores.min(usize::try_from(n / 64).unwrap_or(usize::MAX)).max(1),
    };
    let small = n < 64 && !seats.contains(&Difficulty::Hard);
    let start_ref = &start;
    let seats_ref = &seats[..];
    let result = interrupt::run(py, small, move |stop: Arc<AtomicBool>| {
        let mut limits = SearchLimits::default();
        if let Some(m) = max_nodes {
            limits.max_nodes = m;
        }
        if let Some(b) = table_bytes {
            limits.table_bytes = b;
        }
        limits.stop = Some(Arc::clone(&stop));
        // Whole blocks of one seed per thread, so that no thread replays another's games.
        let per = n.div_ceil(threads as u64).max(1).next_multiple_of(GAMES_PER_SEED);
        std::thread::scope(|scope| {
            let workers: Vec<_> = (0..threads as u64)
                .map(|t| {
                    let range = (t * per).min(n)..((t + 1) * per).min(n);
                    let limits = &limits;
                    scope.spawn(move || {
                        play_games_in_core(start_ref, seats_ref, seed, range, record_moves, limits)
                    })
                })
                .collect();
            let mut parts = Vec::with_capacity(threads);
            for w in workers {
                match w.join() {
                    Ok(part) => parts.push(part?),
                    Err(panic) => std::panic::resume_unwind(panic),
                }
            }
            Ok::<_, BatchError>(parts)
        })
    })?;
    match result {
        Ok(parts) => Ok(BatchResult { parts, marks: start.rules().seats().collect() }),
        Err(e) => Err(PyRuntimeError::new_err(e.to_string())),
    }
}
