//! The exact analysis of one position, without a budget: every move's outcome and plies.
//!
//! `cargo run --release -p ttt-core --example analyze_record -- 'ttt/1 7x6 k=4 ... moves=38,37'`
//! (a game record, as `GameState::to_record` writes it).

use std::time::Instant;
use ttt_core::{GameState, SearchLimits, analyze_with};

fn main() {
    let Some(record) = std::env::args().nth(1) else {
        eprintln!("usage: analyze_record RECORD");
        std::process::exit(2);
    };
    let state = match GameState::from_record(&record) {
        Ok(state) => state,
        Err(e) => {
            eprintln!("bad record: {e}");
            std::process::exit(2);
        }
    };
    let start = Instant::now();
    let limits = SearchLimits { max_nodes: u64::MAX, ..SearchLimits::default() };
    for m in analyze_with(&state, &limits) {
        let outcome = m.outcome.map_or("?", |o| o.as_str());
        println!("{:>4} {outcome:<5} {:?}", m.index, m.plies);
    }
    eprintln!("{:?}", start.elapsed());
}
