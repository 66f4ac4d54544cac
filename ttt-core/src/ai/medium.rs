//! Medium: win now, else block, else random; a one-ply greedy player that does not see forks.

use super::easy::pick;
use super::rng::Rng;
use crate::{GameState, Player, Status};

/// Medium's choice, made in this fixed order from the legal moves in ascending order:
///
/// 1. **Win**: the moves after which the mover has won.
/// 2. **Block**: the cells where another player would win if it were their turn now. Players are
///    looked at in turn order after the mover and the first one who has such a cell gives the
///    candidates (with two players that is simply the opponent).
/// 3. **Random**: every legal move.
///
/// Both lookups are trial moves through the engine ([`GameState::apply_move`] on a trial state),
/// never patterns matched on the board. Exactly one draw picks among the candidates of the first
/// step that has any, as [`pick`] does.
pub(super) fn choose(state: &GameState, rng: &mut dyn Rng) -> usize {
    let moves = state.available_moves();
    let wins = winning_moves(state, &moves);
    if !wins.is_empty() {
        return pick(&wins, rng);
    }
    let rules = state.rules();
    let mut opponent = rules.next_player(state.current_player());
    while opponent != state.current_player() {
        let blocks = winning_moves(&as_if_to_move(state, opponent), &moves);
        if !blocks.is_empty() {
            return pick(&blocks, rng);
        }
        opponent = rules.next_player(opponent);
    }
    pick(&moves, rng)
}

/// The moves among `moves` after which the player to move in `state` has won.
fn winning_moves(state: &GameState, moves: &[usize]) -> Vec<usize> {
    let mover = state.current_player();
    moves
        .iter()
        .copied()
        .filter(|&m| {
            state
                .apply_move(m)
                .is_ok_and(|s| s.status() == Status::Win && s.winner() == Some(mover))
        })
        .collect()
}

/// The same board with `player` to move: the trial position for "would they win there?". Not a
/// position of the game (it may even be unreachable), only a question asked of the engine.
fn as_if_to_move(state: &GameState, player: Player) -> GameState {
    GameState::from_checked_board(*state.rules(), state.board(), player)
}
