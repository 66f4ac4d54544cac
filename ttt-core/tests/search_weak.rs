//! The weak solve (`weak_solve_with`): on Pascal Pons' Connect Four positions
//! (`testdata/connect4/`) the outcome is the sign of the exact score and the move keeps it;
//! on small boards of every kind, the outcome is the strong solve's.

mod common;

use ttt_core::{
    GameState, Outcome, Player, Rules, SearchLimits, Status, best_move_with, weak_solve_with,
};

fn unlimited() -> SearchLimits {
    SearchLimits { max_nodes: u64::MAX, ..SearchLimits::default() }
}

fn sign(outcome: Outcome) -> i32 {
    match outcome {
        Outcome::Win => 1,
        Outcome::Draw => 0,
        Outcome::Loss => -1,
    }
}

/// The outcome for the player who made the last move of `after` (the game over, or by the
/// strong solve of the next player's position).
fn outcome_of_move(after: &GameState) -> i32 {
    match after.status() {
        Status::Win => 1,
        Status::Draw => 0,
        Status::InProgress => -sign(best_move_with(after, &unlimited()).unwrap().outcome.unwrap()),
    }
}

/// Checks `take` positions of `name`; with `check_moves`, also that the move keeps the outcome.
fn check(name: &str, take: usize, check_moves: bool) {
    for (line, (game, want)) in
        common::pons_set(name, take).into_iter().map(|(g, score)| (g, score.signum())).enumerate()
    {
        let weak = weak_solve_with(&game, &unlimited()).unwrap();
        let at = format!("{name} line {}", line + 1);
        assert!(weak.proven, "{at}");
        assert_eq!(sign(weak.outcome.unwrap()), want, "{at}");
        assert!(weak.plies.is_none() || weak.plies == Some(1), "{at}: {weak:?}");
        if check_moves && want >= 0 {
            let after = game.apply_move(weak.index).unwrap();
            assert_eq!(outcome_of_move(&after), want, "{at}: move {}", weak.index);
        }
    }
}

#[test]
fn end_easy_outcomes_and_moves() {
    check("Test_L3_R1", 1000, true);
}

#[test]
fn middle_easy_outcomes_and_moves() {
    check("Test_L2_R1", 300, true);
}

#[test]
fn middle_medium_and_begin_easy_outcomes() {
    check("Test_L2_R2", 100, false);
    check("Test_L1_R1", 100, false);
}

/// Small boards with and without gravity, two and three players: the weak outcome is the
/// strong one on every position of a few random games.
#[test]
fn small_boards_agree_with_the_strong_solve() {
    let mut seed = 0x5EED_u64;
    let mut next = move |n: usize| {
        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        ((seed >> 33) as usize) % n
    };
    let mut checked = 0;
    for rules in [
        Rules::default(),
        Rules::new(4, 4, 3, 2, false).unwrap(),
        Rules::new(5, 4, 4, 2, true).unwrap(),
        Rules::new(4, 3, 3, 3, false).unwrap(),
    ] {
        for _ in 0..6 {
            let mut game = GameState::new(rules, Player::X).unwrap();
            while !game.is_over() {
                let strong = best_move_with(&game, &unlimited()).unwrap();
                let weak = weak_solve_with(&game, &unlimited()).unwrap();
                assert!(weak.proven && strong.proven, "{rules}\n{game}");
                assert_eq!(weak.outcome, strong.outcome, "{rules}\n{game}");
                if rules.players() == 2 && weak.outcome != Some(Outcome::Loss) {
                    let after = game.apply_move(weak.index).unwrap();
                    assert_eq!(
                        outcome_of_move(&after),
                        sign(weak.outcome.unwrap()),
                        "{rules}\n{game}"
                    );
                }
                checked += 1;
                let moves = game.available_moves();
                game = game.apply_move(moves[next(moves.len())]).unwrap();
            }
        }
    }
    assert!(checked > 100, "{checked}");
}
