//! Writes the shared AI test vectors (`testdata/ai-vectors.tsv`) to standard output:
//!
//! ```text
//! cargo run -p ttt-core --example gen_ai_vectors > testdata/ai-vectors.tsv
//! ```
//!
//! Each row is a position reached by random legal play (a seeded game), a difficulty, a seed and
//! the move `choose_move(state, difficulty, &mut SeededRng::new(seed))` returns. The rows cover
//! the classic board, 4×4 with four in a row, and Connect Four (7×6, gravity). Hard appears on
//! Connect Four only in late positions that the search proves with a tenth of its default node
//! budget, so the expected moves depend on exact scores alone, never on search heuristics or
//! budgets. The output is deterministic.

use ttt_core::ai::pick_index;
use ttt_core::search::SearchLimits;
use ttt_core::{
    Difficulty, GameState, Player, Rng, Rules, SeededRng, choose_move, choose_move_with,
};

/// Positions of random games on `rules`: after `plies` moves of game number `g`, for the given
/// `(game, plies)` pairs; games that end earlier give their last position before the end.
fn position(rules: Rules, game: u64, plies: usize) -> GameState {
    let mut rng = SeededRng::new(0x5EED_0000 + game);
    let mut s = GameState::new(rules, Player::X).expect("valid rules");
    while s.ply() < plies {
        let moves = s.available_moves();
        let next = s.apply_move(moves[pick_index(rng.next_f64(), moves.len())]).expect("legal");
        if next.is_over() {
            break;
        }
        s = next;
    }
    s
}

/// A spread of seeds: small ones, the pinned ones, big ones.
fn seed_for(row: u64) -> u64 {
    match row % 5 {
        0 => row,
        1 => 42,
        2 => u64::MAX - row,
        _ => row.wrapping_mul(0x9E37_79B9_7F4A_7C15),
    }
}

fn main() {
    let four = Rules::new(4, 4, 4, 2, false).expect("valid rules");
    let c4 = Rules::CONNECT_FOUR;
    let tight = SearchLimits {
        max_nodes: SearchLimits::default().max_nodes / 10,
        ..SearchLimits::default()
    };
    let mut rows: Vec<(GameState, Difficulty, u64)> = Vec::new();
    let mut n = 0u64;
    let mut push = |rows: &mut Vec<_>, s: GameState, d| {
        rows.push((s, d, seed_for(n)));
        n += 1;
    };

    // Classic: every difficulty, positions from the empty board to the last move.
    for game in 0..36 {
        let s = position(Rules::default(), game, (game % 9) as usize);
        for d in Difficulty::ALL {
            push(&mut rows, s.clone(), d);
        }
    }
    // 4×4, k=4: every difficulty; Hard wherever the search proves the position.
    for game in 0..30 {
        let s = position(four, 100 + game, (game % 15) as usize);
        for d in Difficulty::ALL {
            if d == Difficulty::Hard {
                let c = choose_move_with(&s, d, &mut SeededRng::new(0), &tight).expect("on");
                if !c.proven {
                    continue;
                }
            }
            push(&mut rows, s.clone(), d);
        }
    }
    // Connect Four: Easy and Medium anywhere, Hard on late proven positions only.
    for game in 0..40 {
        let s = position(c4, 200 + game, (game % 40) as usize);
        push(&mut rows, s.clone(), Difficulty::Easy);
        push(&mut rows, s, Difficulty::Medium);
    }
    let mut hard_c4 = 0;
    for game in 0..200 {
        if hard_c4 == 30 {
            break;
        }
        let s = position(c4, 400 + game, 26 + (game % 12) as usize);
        if s.ply() < 26 {
            continue;
        }
        let c = choose_move_with(&s, Difficulty::Hard, &mut SeededRng::new(0), &tight).expect("on");
        if c.proven {
            push(&mut rows, s, Difficulty::Hard);
            hard_c4 += 1;
        }
    }

    println!("record\tdifficulty\tseed\tmove");
    for (s, d, seed) in rows {
        let m = choose_move(&s, d, &mut SeededRng::new(seed)).expect("game is on");
        println!("{}\t{}\t{}\t{}", s.to_record(), d, seed, m);
    }
}
