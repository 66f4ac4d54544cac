//! Plays pseudo-random games with ttt-core directly and prints every step. The C program
//! `ttt-ffi/tests/c/trace.c` plays the same games through libttt and prints the same lines;
//! `scripts/test-c.sh` checks that the two outputs are identical, so a game driven from C
//! matches the Rust engine move for move.

use ttt_core::{GameState, Player, Rules};

/// The same 64-bit LCG as trace.c: only a source of numbers, no game logic.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        self.0 >> 33
    }
}

fn mark(p: Option<Player>) -> char {
    p.map_or('.', Player::mark)
}

fn main() {
    // width, height, k, players, gravity, starting seat
    let configs = [
        (3, 3, 3, 2, false, 0),
        (3, 3, 3, 2, false, 1),
        (4, 4, 3, 2, false, 0),
        (7, 6, 4, 2, true, 0),
        (5, 5, 4, 3, false, 2),
        (4, 3, 3, 4, true, 3),
        (1, 1, 1, 2, false, 0),
    ];
    for (c, &(w, h, k, players, gravity, start)) in configs.iter().enumerate() {
        let rules = Rules::new(w, h, k, players, gravity).expect("valid rules");
        for seed in 1..=12u64 {
            let mut rng = Lcg(seed * 1000 + c as u64);
            let mut state =
                GameState::new(rules, Player::from_seat(start).expect("seat")).expect("game");
            println!("game {c} {seed} {}", state.to_record());
            let mut step = 0u64;
            while !state.is_over() {
                step += 1;
                if step % 3 == 0 {
                    let bad = (rng.next() % (rules.cell_count() as u64 + 2)) as usize;
                    let seat = (rng.next() % players as u64) as usize;
                    let player = Player::from_seat(seat).expect("seat");
                    let result = match state.apply_move_as(player, bad) {
                        Ok(next) => {
                            state = next;
                            "ok"
                        }
                        Err(e) => e.reason.as_str(),
                    };
                    println!("try {} {bad} {result}", mark(Some(player)));
                    continue;
                }
                let moves = state.available_moves();
                let index = moves[(rng.next() % moves.len() as u64) as usize];
                state = state.apply_move(index).expect("a legal move");
                let line = state.winning_line().unwrap_or_default();
                println!(
                    "play {index} {} {} {} to-move={} line={line:?} legal={:?}",
                    state.board_string(),
                    state.status(),
                    mark(state.winner()),
                    mark(Some(state.current_player())),
                    state.available_moves(),
                );
            }
            println!("end {}", state.to_record());
            while state.ply() > 0 {
                state = state.undo_last_move();
                println!("undo {} {}", state.board_string(), state.status());
            }
        }
    }
}
