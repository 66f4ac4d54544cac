//! Pons' test-set notation, shared by the Connect Four benchmark examples (`c4_worker`,
//! `c4_cold`), which include this file as a module.

use ttt_core::{GameState, Player, Rules};

/// The Connect Four position after `moves`, 1-based column digits from the empty 7×6 board
/// (may be empty). An error names a character that is not a column digit, or the move that
/// the rules refuse (a full column, a game already over).
pub fn position(moves: &str) -> Result<GameState, String> {
    let mut game = GameState::new(Rules::CONNECT_FOUR, Player::X).map_err(|e| e.to_string())?;
    for c in moves.bytes() {
        if !(b'1'..=b'7').contains(&c) {
            return Err(format!("not a column digit: {:?}", char::from(c)));
        }
        game = game.play_column(usize::from(c - b'1')).map_err(|e| e.to_string())?.0;
    }
    Ok(game)
}
