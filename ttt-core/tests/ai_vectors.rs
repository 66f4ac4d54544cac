//! The shared test vectors (`testdata/ai-vectors.tsv`): every row must give the recorded move.
//! The C and Python tests read the same file, so one seed gives one move in every language.

use std::collections::BTreeMap;
use ttt_core::{
    Difficulty, GameState, SeededRng, choose_move, choose_move_with, search::SearchLimits,
};

const VECTORS: &str = include_str!("../../testdata/ai-vectors.tsv");

struct Row {
    line: usize,
    state: GameState,
    difficulty: Difficulty,
    seed: u64,
    expected: usize,
}

fn rows() -> Vec<Row> {
    let mut lines = VECTORS.lines().enumerate();
    assert_eq!(lines.next().map(|(_, l)| l), Some("record\tdifficulty\tseed\tmove"));
    lines
        .map(|(i, line)| {
            let fields: Vec<&str> = line.split('\t').collect();
            assert_eq!(fields.len(), 4, "line {}: {line:?}", i + 1);
            Row {
                line: i + 1,
                state: GameState::from_record(fields[0]).expect("record"),
                difficulty: fields[1].parse().expect("difficulty"),
                seed: fields[2].parse().expect("seed"),
                expected: fields[3].parse().expect("move"),
            }
        })
        .collect()
}

#[test]
fn every_vector_gives_its_move() {
    let rows = rows();
    for row in &rows {
        let got = choose_move(&row.state, row.difficulty, &mut SeededRng::new(row.seed));
        assert_eq!(
            got,
            Ok(row.expected),
            "line {}: {} {} seed {}",
            row.line,
            row.state.to_record(),
            row.difficulty,
            row.seed
        );
    }
}

#[test]
fn the_vectors_cover_what_the_bindings_need() {
    let rows = rows();
    assert!(rows.len() >= 200, "{} rows", rows.len());
    let mut per_kind: BTreeMap<(String, Difficulty), usize> = BTreeMap::new();
    for row in &rows {
        let r = row.state.rules();
        let kind = format!("{}x{} k={} gravity={}", r.width(), r.height(), r.k(), r.gravity());
        *per_kind.entry((kind, row.difficulty)).or_default() += 1;
        assert!(!row.state.is_over(), "line {}", row.line);
    }
    for kind in ["3x3 k=3 gravity=false", "4x4 k=4 gravity=false", "7x6 k=4 gravity=true"] {
        for d in Difficulty::ALL {
            let n = per_kind.get(&(kind.to_owned(), d)).copied().unwrap_or(0);
            assert!(n >= 10, "{kind} {d}: {n} rows");
        }
    }
    // Seeds from the whole u64 range, and the moves are spread (not one answer everywhere).
    assert!(rows.iter().any(|r| r.seed > u64::MAX / 2));
    assert!(rows.iter().any(|r| r.seed < 1000));
    let moves: std::collections::BTreeSet<_> = rows.iter().map(|r| r.expected).collect();
    assert!(moves.len() > 20);
}

#[test]
fn hard_vectors_on_connect_four_are_proven_with_the_default_budget() {
    let limits = SearchLimits::default();
    for row in rows().iter().filter(|r| r.difficulty == Difficulty::Hard) {
        let c =
            choose_move_with(&row.state, row.difficulty, &mut SeededRng::new(row.seed), &limits)
                .unwrap();
        assert!(c.proven, "line {}", row.line);
        assert_eq!(c.index, row.expected);
    }
}
