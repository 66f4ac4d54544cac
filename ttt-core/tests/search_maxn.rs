//! Three and four players when the paranoid search proves a loss (issue 14, item 4): Hard
//! keeps playing the move best against the players as they really play (max-n), never a
//! random one, and what it reports as proven stays true under the paranoid assumption.

use ttt_core::{
    Difficulty, Engine, GameState, Outcome, Player, Rules, SearchLimits, SeededRng, analyze,
    choose_move_with,
};

/// A position of `rules` from `(row, col, mark)` stones, `mover` to move.
fn position(rules: Rules, stones: &[(usize, usize, char)], mover: Player) -> GameState {
    let mut board = vec!['.'; rules.cell_count()];
    for &(r, c, m) in stones {
        board[rules.index(r, c).unwrap()] = m;
    }
    let text: String = board.into_iter().collect();
    GameState::from_board_str(rules, &text, mover).unwrap()
}

/// Hard's moves from `state` over 20 seeds, with the default limits and with a tiny budget.
fn hard_moves(state: &GameState) -> Vec<usize> {
    let mut out = Vec::new();
    for seed in 0..20 {
        for limits in
            [SearchLimits::default(), SearchLimits { max_nodes: 2_000, ..Default::default() }]
        {
            let c = choose_move_with(state, Difficulty::Hard, &mut SeededRng::new(seed), &limits)
                .unwrap();
            out.push(c.index);
        }
    }
    out
}

/// Y (third to move) has an open three: whatever X does, O and Y together win (X blocks one
/// end, O lets Y play the other), so paranoid search proves every move of X lost, all in the
/// same number of plies. Against players who each play for themselves, X blocks one end and O,
/// who must, blocks the other: Hard blocks an end, on every seed.
#[test]
fn a_lost_position_still_blocks_an_open_three() {
    let rules = Rules::new(10, 10, 4, 3, false).unwrap();
    let state = position(
        rules,
        &[
            (5, 3, 'Y'),
            (5, 4, 'Y'),
            (5, 5, 'Y'),
            (0, 0, 'X'),
            (9, 9, 'X'),
            (0, 9, 'X'),
            (9, 0, 'O'),
            (2, 8, 'O'),
            (8, 3, 'O'),
        ],
        Player::X,
    );
    // The paranoid claim: every move is lost (checked with the exact search).
    let all = analyze(&state);
    assert!(all.iter().all(|a| a.outcome == Some(Outcome::Loss)), "{all:?}");
    let ends = [rules.index(5, 2).unwrap(), rules.index(5, 6).unwrap()];
    for m in hard_moves(&state) {
        assert!(ends.contains(&m), "Hard played {:?}\n{state}", rules.row_col(m));
    }
}

/// Four players: Y (third to move) has an open diagonal three. O alone cannot block both ends:
/// X blocks one, O the other (Z, last to move, would also be too late).
#[test]
fn four_players_block_an_open_three_in_a_lost_position() {
    let rules = Rules::new(9, 9, 4, 4, false).unwrap();
    let state = position(
        rules,
        &[
            (2, 2, 'Y'),
            (3, 3, 'Y'),
            (4, 4, 'Y'),
            (0, 8, 'X'),
            (8, 0, 'X'),
            (0, 4, 'X'),
            (8, 8, 'O'),
            (8, 4, 'O'),
            (4, 8, 'O'),
            (0, 0, 'Z'),
            (6, 1, 'Z'),
            (1, 6, 'Z'),
        ],
        Player::X,
    );
    let ends = [rules.index(1, 1).unwrap(), rules.index(5, 5).unwrap()];
    for m in hard_moves(&state) {
        assert!(ends.contains(&m), "Hard played {:?}\n{state}", rules.row_col(m));
    }
}

/// When O (next to move) threatens to win at one cell and Y holds an open three, every move is
/// lost against the coalition; X must still block O's cell (any other move loses at once, and
/// after the block O has to answer Y), and what is reported as proven is the paranoid truth: a
/// loss.
#[test]
fn the_next_players_win_is_blocked_and_the_loss_reported_as_proven() {
    let rules = Rules::new(10, 10, 4, 3, false).unwrap();
    let state = position(
        rules,
        &[
            (5, 3, 'Y'),
            (5, 4, 'Y'),
            (5, 5, 'Y'),
            (0, 0, 'X'),
            (9, 9, 'X'),
            (0, 9, 'X'),
            (2, 0, 'O'),
            (2, 1, 'O'),
            (2, 2, 'O'),
        ],
        Player::X,
    );
    let block = rules.index(2, 3).unwrap();
    let all = analyze(&state);
    assert!(all.iter().all(|a| a.outcome == Some(Outcome::Loss)), "{all:?}");
    let mut engine = Engine::new();
    let best = engine.best_move_with(&state, &SearchLimits::default()).unwrap();
    assert_eq!(best.index, block);
    for (seed, &m) in hard_moves(&state).iter().enumerate() {
        assert_eq!(m, block, "Hard played {:?} ({seed})\n{state}", rules.row_col(m));
    }
}

/// Found by the fuzz target `search_oracle`: on a solved three-player position where every
/// move loses against the coalition, Hard still picks among the moves of the best exact score
/// (the slowest losses, as the spec's Hard does); max-n only breaks their ties.
#[test]
fn hard_keeps_to_the_slowest_losses_on_a_solved_position() {
    let rules = Rules::new(4, 3, 3, 3, false).unwrap();
    let mut state = GameState::new(rules, Player::X).unwrap();
    for m in [0, 9, 1, 2, 3] {
        state = state.apply_move(m).unwrap();
    }
    let analysis = analyze(&state);
    let best = analysis[0];
    assert_eq!(best.outcome, Some(Outcome::Loss), "every move loses here");
    let slowest: Vec<usize> = analysis
        .iter()
        .filter(|a| a.outcome == best.outcome && a.plies == best.plies)
        .map(|a| a.index)
        .collect();
    assert!(slowest.len() < analysis.len(), "some losses are faster: the test can fail");
    for seed in 0..20 {
        let mut rng = SeededRng::new(seed);
        let choice =
            choose_move_with(&state, Difficulty::Hard, &mut rng, &SearchLimits::default()).unwrap();
        assert!(
            slowest.contains(&choice.index),
            "seed {seed}: {} not in {slowest:?}",
            choice.index
        );
    }
}
