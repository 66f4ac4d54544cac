//! Hard: perfect play, uniform among all best moves, never loses, fastest win, the fork answer,
//! variety across seeds, the budget, unproven answers, and the empty-board time limit.

use std::collections::{BTreeSet, HashMap, HashSet};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};
use ttt_core::{
    Choice, Difficulty, GameState, Player, Rules, SeededRng, Status, analyze_with, choose_move,
    choose_move_with, search::SearchLimits,
};

fn hard(state: &GameState, r: f64) -> usize {
    choose_move(state, Difficulty::Hard, &mut || r).unwrap()
}

/// The distinct moves Hard can make here: one per candidate, walking r over the buckets until the
/// answers stop being new (at most 9 candidates on the classic board).
fn hard_moves(state: &GameState) -> BTreeSet<usize> {
    (0..9).map(|j| hard(state, (f64::from(j) + 0.5) / 9.0)).collect()
}

/// Plays every opponent reply (and every move Hard may choose) and returns the results seen
/// from the AI's seat.
fn explore(state: &GameState, ai: Player, results: &mut HashMap<&'static str, u32>) {
    match state.status() {
        Status::Win if state.winner() == Some(ai) => *results.entry("win").or_default() += 1,
        Status::Win => *results.entry("loss").or_default() += 1,
        Status::Draw => *results.entry("draw").or_default() += 1,
        Status::InProgress if state.current_player() == ai => {
            for m in hard_moves(state) {
                explore(&state.apply_move(m).unwrap(), ai, results);
            }
        }
        Status::InProgress => {
            for m in state.available_moves() {
                explore(&state.apply_move(m).unwrap(), ai, results);
            }
        }
    }
}

#[test]
fn hard_never_loses_as_x() {
    let mut results = HashMap::new();
    explore(&GameState::new(Rules::default(), Player::X).unwrap(), Player::X, &mut results);
    assert_eq!(results.get("loss"), None, "{results:?}");
    assert!(results["win"] > 0 && results["draw"] > 0, "{results:?}");
}

#[test]
fn hard_never_loses_as_o() {
    let mut results = HashMap::new();
    explore(&GameState::new(Rules::default(), Player::X).unwrap(), Player::O, &mut results);
    assert_eq!(results.get("loss"), None, "{results:?}");
    assert!(results["win"] > 0 && results["draw"] > 0, "{results:?}");
}

#[test]
fn hard_against_hard_always_draws() {
    let mut games = HashSet::new();
    for seed in 0..100 {
        let mut rng = SeededRng::new(seed);
        let mut s = GameState::new(Rules::default(), Player::X).unwrap();
        while !s.is_over() {
            s = s.apply_move(choose_move(&s, Difficulty::Hard, &mut rng).unwrap()).unwrap();
        }
        assert_eq!(s.status(), Status::Draw, "seed {seed}: {:?}", s.move_history());
        games.insert(s.move_history().to_vec());
    }
    // Random among equals: the hundred games are not one game replayed.
    assert!(games.len() > 20, "{} distinct games", games.len());
}

#[test]
fn hard_varies_its_first_move_across_seeds() {
    let empty = GameState::new(Rules::default(), Player::X).unwrap();
    let firsts: BTreeSet<usize> = (0..50)
        .map(|seed| choose_move(&empty, Difficulty::Hard, &mut SeededRng::new(seed)).unwrap())
        .collect();
    assert!(firsts.len() > 1, "{firsts:?}");
    // Every cell draws on the empty classic board, so all nine are candidates.
    assert_eq!(hard_moves(&empty), (0..9).collect());
}

#[test]
fn hard_answers_the_double_corner_with_an_edge() {
    let state = GameState::from_board_str(Rules::default(), "X...O...X", Player::O).unwrap();
    assert_eq!(hard_moves(&state), [1, 3, 5, 7].into_iter().collect());
    for seed in 0..100 {
        let m = choose_move(&state, Difficulty::Hard, &mut SeededRng::new(seed)).unwrap();
        assert!([1, 3, 5, 7].contains(&m), "seed {seed}: {m}");
    }
    // The same for the other diagonal.
    let state = GameState::from_board_str(Rules::default(), "..X.O.X..", Player::O).unwrap();
    assert_eq!(hard_moves(&state), [1, 3, 5, 7].into_iter().collect());
}

/// Independent oracle: plain minimax with the depth-adjusted score (win in p plies = 10 − p,
/// loss in p plies = p − 10, draw 0, counted from the position scored), memoized on the board,
/// no pruning and nothing shared with the library's search.
fn score(state: &GameState, memo: &mut HashMap<Vec<Option<Player>>, i32>) -> i32 {
    if let Some(&v) = memo.get(state.board()) {
        return v;
    }
    let v = state.available_moves().into_iter().map(|m| move_score(state, m, memo)).max().unwrap();
    memo.insert(state.board().to_vec(), v);
    v
}

/// The score of playing `m` in `state`, from the mover's view.
fn move_score(state: &GameState, m: usize, memo: &mut HashMap<Vec<Option<Player>>, i32>) -> i32 {
    let next = state.apply_move(m).unwrap();
    match next.status() {
        Status::Win => 9, // won in one ply
        Status::Draw => 0,
        Status::InProgress => {
            // The opponent's score, one ply further away and seen from our side: a win of theirs
            // in p plies (10 − p) is our loss in p + 1 plies, and the other way round.
            let v = score(&next, memo);
            -(v - v.signum())
        }
    }
}

/// Scores of every root move.
fn root_scores(state: &GameState) -> Vec<(usize, i32)> {
    let mut memo = HashMap::new();
    state.available_moves().into_iter().map(|m| (m, move_score(state, m, &mut memo))).collect()
}

#[test]
fn hard_picks_uniformly_among_all_best_moves_everywhere_on_the_classic_board() {
    // Every reachable non-terminal position: Hard's candidates are exactly the best-scoring
    // moves of the oracle, in ascending order, one per bucket of r.
    let mut seen = HashSet::new();
    let mut todo = vec![GameState::new(Rules::default(), Player::X).unwrap()];
    let mut positions = 0;
    let mut ties = 0;
    while let Some(s) = todo.pop() {
        if s.is_over() || !seen.insert(s.board().to_vec()) {
            continue;
        }
        positions += 1;
        let scores = root_scores(&s);
        let best = scores.iter().map(|&(_, v)| v).max().unwrap();
        let expected: Vec<usize> =
            scores.iter().filter(|&&(_, v)| v == best).map(|&(m, _)| m).collect();
        ties += usize::from(expected.len() > 1);
        let n = expected.len() as f64;
        for (j, &want) in expected.iter().enumerate() {
            assert_eq!(hard(&s, (j as f64 + 0.5) / n), want, "{}: {scores:?}", s.board_string());
        }
        for m in s.available_moves() {
            todo.push(s.apply_move(m).unwrap());
        }
    }
    assert_eq!(positions, 4520);
    assert!(ties > 1000, "{ties}");
}

#[test]
fn hard_takes_the_immediate_win_over_a_slower_one() {
    // X: 0, 4; O: 1, 2. X to move wins at once at 8, and 3 or 6 also win (more slowly).
    let state = GameState::from_board_str(Rules::default(), "XOO.X....", Player::X).unwrap();
    let scores = root_scores(&state);
    assert!(scores.iter().any(|&(m, v)| m != 8 && v > 0 && v < 9), "{scores:?}");
    for seed in 0..50 {
        assert_eq!(choose_move(&state, Difficulty::Hard, &mut SeededRng::new(seed)), Ok(8));
    }
    // Every classic position with an immediate win and a slower one: Hard wins at once.
    let mut checked = 0;
    let mut seen = HashSet::new();
    let mut todo = vec![GameState::new(Rules::default(), Player::X).unwrap()];
    while let Some(s) = todo.pop() {
        if s.is_over() || !seen.insert(s.board().to_vec()) {
            continue;
        }
        let scores = root_scores(&s);
        if scores.iter().any(|&(_, v)| v == 9) && scores.iter().any(|&(_, v)| v > 0 && v < 9) {
            checked += 1;
            for r in [0.0, 0.3, 0.7, 0.99] {
                let m = hard(&s, r);
                assert!(s.apply_move(m).unwrap().status() == Status::Win, "{}", s.board_string());
            }
        }
        for m in s.available_moves() {
            todo.push(s.apply_move(m).unwrap());
        }
    }
    assert!(checked > 100, "{checked}");
}

#[test]
fn hard_wins_fastest_and_loses_slowest_on_a_bigger_board() {
    // 4×4, k=3: X to move has a win in one at 2 (row 0) and many slower wins.
    let rules = Rules::new(4, 4, 3, 2, false).unwrap();
    let state = GameState::from_board_str(rules, "XX..OO..........", Player::X).unwrap();
    for seed in 0..10 {
        assert_eq!(choose_move(&state, Difficulty::Hard, &mut SeededRng::new(seed)), Ok(2));
    }
}

#[test]
fn the_empty_board_is_answered_within_100_ms() {
    // The one timed test the AI spec sets: Hard's first move on the empty classic board.
    let empty = GameState::new(Rules::default(), Player::X).unwrap();
    let start = Instant::now();
    let m = choose_move(&empty, Difficulty::Hard, &mut SeededRng::new(0)).unwrap();
    let took = start.elapsed();
    assert!(m < 9);
    assert!(took < Duration::from_millis(100), "took {took:?}");
}

#[test]
fn an_exhausted_budget_gives_a_legal_unproven_move() {
    let c4 = GameState::new(Rules::CONNECT_FOUR, Player::X).unwrap();
    let limits = SearchLimits { max_nodes: 1000, ..SearchLimits::default() };
    let Choice { index, proven } =
        choose_move_with(&c4, Difficulty::Hard, &mut SeededRng::new(0), &limits).unwrap();
    assert!(!proven);
    assert!(c4.is_legal(index));
    // It is the search's own first choice under the same (deterministic) budget.
    assert_eq!(index, analyze_with(&c4, &limits)[0].index);

    // A stop flag raised before the call stops it at once, with the same kind of answer.
    let stop = Arc::new(AtomicBool::new(true));
    let limits = SearchLimits { stop: Some(stop), ..SearchLimits::default() };
    let big = GameState::new(Rules::new(9, 9, 5, 2, false).unwrap(), Player::X).unwrap();
    let choice = choose_move_with(&big, Difficulty::Hard, &mut SeededRng::new(0), &limits).unwrap();
    assert!(!choice.proven);
    assert!(big.is_legal(choice.index));
}

#[test]
fn small_boards_are_proven_and_easy_and_medium_claim_nothing() {
    let s = GameState::new(Rules::default(), Player::X).unwrap().apply_move(4).unwrap();
    let limits = SearchLimits::default();
    let c = choose_move_with(&s, Difficulty::Hard, &mut SeededRng::new(0), &limits).unwrap();
    assert!(c.proven);
    for d in [Difficulty::Easy, Difficulty::Medium] {
        let c = choose_move_with(&s, d, &mut SeededRng::new(0), &limits).unwrap();
        assert!(!c.proven);
    }
    // Late Connect Four positions are proven with the default budget.
    let late = late_connect_four(28);
    assert_eq!(late.ply(), 28);
    let c = choose_move_with(&late, Difficulty::Hard, &mut SeededRng::new(0), &limits).unwrap();
    assert!(c.proven, "{}", late.to_record());
    assert!(late.is_legal(c.index));
}

#[test]
fn hard_with_three_players_plays_legal_moves_and_takes_a_win() {
    let rules = Rules::new(4, 4, 3, 3, false).unwrap();
    let mut rng = SeededRng::new(5);
    let mut s = GameState::new(rules, Player::X).unwrap();
    while !s.is_over() {
        let m = choose_move(&s, Difficulty::Hard, &mut rng).unwrap();
        assert!(s.is_legal(m));
        s = s.apply_move(m).unwrap();
    }
}

/// A Connect Four position after `plies` random moves, the game still going (the first seed
/// whose random game lasts that long).
fn late_connect_four(plies: usize) -> GameState {
    use ttt_core::{Rng, ai::pick_index};
    (0..)
        .find_map(|seed| {
            let mut rng = SeededRng::new(seed);
            let mut s = GameState::new(Rules::CONNECT_FOUR, Player::X).unwrap();
            while s.ply() < plies && !s.is_over() {
                let moves = s.available_moves();
                s = s.apply_move(moves[pick_index(rng.next_f64(), moves.len())]).unwrap();
            }
            (!s.is_over()).then_some(s)
        })
        .unwrap()
}
