//! The old Hard (commit `5febaf0`, default limits: 2M nodes) as a process for the
//! `make strength-old` match. Not part of the repo's crates: the make target copies this file
//! into a worktree of that commit as an example of its `ttt-core` and builds it there.
//!
//! Protocol, one request a line on stdin, one answer a line on stdout:
//! `WIDTH HEIGHT K GRAVITY(0|1) SEED MOVE...` (two players, X starts, the moves so far as cell
//! indices) → the cell Hard plays, or `error: ...` for a request it cannot answer.

use std::io::{BufRead, Write};
use ttt_core::{Difficulty, GameState, Player, Rules, SeededRng, choose_move};

fn answer(line: &str) -> Result<usize, String> {
    let nums: Vec<u64> =
        line.split_whitespace().map(|t| t.parse().map_err(|e| format!("{t}: {e}"))).collect::<Result<_, _>>()?;
    if nums.len() < 5 {
        return Err("want WIDTH HEIGHT K GRAVITY SEED MOVE...".into());
    }
    let rules = Rules::new(nums[0] as usize, nums[1] as usize, nums[2] as usize, 2, nums[3] == 1)
        .map_err(|e| e.to_string())?;
    let mut s = GameState::new(rules, Player::X).map_err(|e| e.to_string())?;
    for &m in &nums[5..] {
        s = s.apply_move(m as usize).map_err(|e| e.to_string())?;
    }
    choose_move(&s, Difficulty::Hard, &mut SeededRng::new(nums[4])).map_err(|e| e.to_string())
}

fn main() {
    let stdin = std::io::stdin();
    let mut out = std::io::stdout();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        match answer(&line) {
            Ok(m) => writeln!(out, "{m}"),
            Err(e) => writeln!(out, "error: {e}"),
        }
        .and_then(|()| out.flush())
        .ok();
    }
}
