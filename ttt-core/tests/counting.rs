//! Counting oracles computed from the rules engine alone: whole game trees and reachable
//! positions, compared with the published figures.

use std::collections::{HashMap, HashSet};
use ttt_core::{Cell, GameState, Player, Rules, Status, create_game};

#[derive(Default, Debug, PartialEq)]
struct Tally {
    x_wins: u64,
    o_wins: u64,
    draws: u64,
}

fn count_games(state: &GameState, tally: &mut Tally) {
    match state.status() {
        Status::Win if state.winner() == Some(Player::X) => tally.x_wins += 1,
        Status::Win => tally.o_wins += 1,
        Status::Draw => tally.draws += 1,
        Status::InProgress => {
            for m in state.available_moves() {
                count_games(&state.apply_move(m).unwrap(), tally);
            }
        }
    }
}

#[test]
fn classic_complete_games() {
    let mut tally = Tally::default();
    count_games(&create_game(Player::X).unwrap(), &mut tally);
    assert_eq!(tally, Tally { x_wins: 131_184, o_wins: 77_904, draws: 46_080 });
    assert_eq!(tally.x_wins + tally.o_wins + tally.draws, 255_168);
}

/// Every distinct (board, side to move) reachable from `start`, by breadth-first search.
fn reachable(start: GameState) -> HashMap<Vec<Cell>, GameState> {
    let mut seen = HashMap::new();
    let mut frontier = vec![start];
    while let Some(state) = frontier.pop() {
        if seen.contains_key(state.board()) {
            continue;
        }
        frontier.extend(state.available_moves().into_iter().map(|m| state.apply_move(m).unwrap()));
        seen.insert(state.board().to_vec(), state);
    }
    seen
}

#[test]
fn classic_reachable_positions() {
    // With X starting the side to move follows from the board, so boards count positions.
    let positions = reachable(create_game(Player::X).unwrap());
    assert_eq!(positions.len(), 5478);
    let non_terminal = positions.values().filter(|s| !s.is_over()).count();
    assert_eq!(non_terminal, 4520);
}

#[test]
fn connect_four_positions_by_ply() {
    let expected: [usize; 9] = [1, 7, 49, 238, 1120, 4263, 16422, 54859, 184275];
    let mut level: HashSet<GameState> = HashSet::new();
    level.insert(GameState::new(Rules::CONNECT_FOUR, Player::X).unwrap());
    for (ply, &count) in expected.iter().enumerate() {
        let boards: HashSet<&[Cell]> = level.iter().map(|s| s.board()).collect();
        assert_eq!(boards.len(), count, "ply {ply}");
        if ply + 1 == expected.len() {
            break;
        }
        // Keep one state per board for the next level: histories differ, positions do not.
        let mut next: HashMap<Vec<Cell>, GameState> = HashMap::new();
        for state in &level {
            for m in state.available_moves() {
                let child = state.apply_move(m).unwrap();
                next.entry(child.board().to_vec()).or_insert(child);
            }
        }
        level = next.into_values().collect();
    }
}
