//! Players and matches: the human inbox, computers, and the match loop that validates every move.

use ttt_core::{
    ComputerPlayer, Difficulty, GameState, HumanPlayer, Inbox, InvalidMoveReason, Match,
    MatchError, Move, Participant, Player, Rules, SeededRng, Status, Step, search::SearchLimits,
};

fn classic() -> GameState {
    GameState::new(Rules::default(), Player::X).unwrap()
}

fn human(mark: Player) -> (Box<dyn Participant>, Inbox) {
    let inbox = Inbox::new();
    (Box::new(HumanPlayer::new(mark, inbox.clone())), inbox)
}

fn computer(mark: Player, d: Difficulty, seed: u64) -> Box<dyn Participant> {
    Box::new(ComputerPlayer::new(mark, d, SeededRng::new(seed)))
}

#[test]
fn humans_play_the_moves_pushed_into_their_inbox_in_order() {
    let (x, x_in) = human(Player::X);
    let (o, o_in) = human(Player::O);
    let mut m = Match::new(classic(), vec![x, o]).unwrap();
    assert_eq!(m.step(), Ok(Step::Waiting(Player::X)));
    assert_eq!(m.run(), Ok(Step::Waiting(Player::X)));
    assert!(x_in.is_empty());

    x_in.push(Move { player: Player::X, ply: 0, index: 0 });
    x_in.push(Move { player: Player::X, ply: 2, index: 1 });
    x_in.push(Move { player: Player::X, ply: 4, index: 2 });
    assert_eq!(x_in.len(), 3);
    o_in.push(Move { player: Player::O, ply: 1, index: 4 });
    // X's first move, then O's, then X's second: O has no third move queued, but X wins first.
    o_in.push(Move { player: Player::O, ply: 3, index: 8 });
    assert_eq!(m.step(), Ok(Step::Played(Move { player: Player::X, ply: 0, index: 0 })));
    assert_eq!(m.run(), Ok(Step::Over(Status::Win)));
    assert_eq!(m.state().move_history(), &[0, 4, 1, 8, 2]);
    assert_eq!(m.state().winner(), Some(Player::X));
    assert_eq!(m.step(), Ok(Step::Over(Status::Win)));
}

#[test]
fn stale_and_illegal_moves_are_refused_and_change_nothing() {
    let (x, x_in) = human(Player::X);
    let (o, o_in) = human(Player::O);
    let mut m = Match::new(classic(), vec![o, x]).unwrap(); // any order
    x_in.push(Move { player: Player::X, ply: 0, index: 4 });
    assert!(matches!(m.step(), Ok(Step::Played(_))));
    let before = m.state().clone();

    let cases = [
        // A late duplicate of X's first move: wrong player and wrong ply.
        (&o_in, Move { player: Player::X, ply: 0, index: 4 }, InvalidMoveReason::NotYourTurn),
        // O's move for a ply that has passed.
        (&o_in, Move { player: Player::O, ply: 0, index: 0 }, InvalidMoveReason::NotYourTurn),
        // O's move for a ply that has not come yet.
        (&o_in, Move { player: Player::O, ply: 3, index: 0 }, InvalidMoveReason::NotYourTurn),
        // Right player and ply, but the cell is taken.
        (&o_in, Move { player: Player::O, ply: 1, index: 4 }, InvalidMoveReason::Occupied),
        (&o_in, Move { player: Player::O, ply: 1, index: 9 }, InvalidMoveReason::OutOfRange),
    ];
    for (inbox, mv, reason) in cases {
        inbox.push(mv);
        match m.step() {
            Err(MatchError::Refused { mv: refused, error }) => {
                assert_eq!(refused, mv);
                assert_eq!(error.reason, reason);
                assert_eq!(error.index, mv.index);
            }
            other => panic!("{mv}: {other:?}"),
        }
        assert_eq!(m.state(), &before, "a refused move changed the state");
        assert!(inbox.is_empty(), "a refused move is dropped");
    }
    // X pushing during O's turn is not even looked at: the match asks O.
    x_in.push(Move { player: Player::X, ply: 1, index: 0 });
    assert_eq!(m.step(), Ok(Step::Waiting(Player::O)));
    assert_eq!(x_in.len(), 1);
    // Then O plays properly, and X's queued move (made for ply 1) is now stale.
    o_in.push(Move { player: Player::O, ply: 1, index: 0 });
    assert!(matches!(m.step(), Ok(Step::Played(_))));
    let err = m.step().unwrap_err();
    assert!(
        matches!(err, MatchError::Refused { error, .. } if error.reason == InvalidMoveReason::NotYourTurn)
    );
    assert_eq!(
        err.to_string(),
        "move X@1 at 0 refused: cannot play 0: it is not that player's turn, or the move is for a turn that has passed"
    );
    assert_eq!(m.state().ply(), 2);
}

/// A computer that is wrong in a chosen way, to prove the match checks computers too.
struct Faulty {
    mark: Player,
    fault: fn(&GameState, Player) -> Move,
}

impl Participant for Faulty {
    fn mark(&self) -> Player {
        self.mark
    }
    fn next_move(&mut self, state: &GameState) -> Option<Move> {
        Some((self.fault)(state, self.mark))
    }
}

#[test]
fn computer_moves_are_validated_too() {
    type Fault = fn(&GameState, Player) -> Move;
    let faults: [(Fault, InvalidMoveReason); 4] = [
        (
            |s, p| Move { player: p, ply: s.ply() + 1, index: s.available_moves()[0] },
            InvalidMoveReason::NotYourTurn,
        ),
        (
            |s, _| Move { player: Player::X, ply: s.ply(), index: s.available_moves()[0] },
            InvalidMoveReason::NotYourTurn,
        ),
        (
            |s, p| Move { player: p, ply: s.ply(), index: s.move_history()[0] },
            InvalidMoveReason::Occupied,
        ),
        (|s, p| Move { player: p, ply: s.ply(), index: 1000 }, InvalidMoveReason::OutOfRange),
    ];
    for (fault, reason) in faults {
        let mut m = Match::new(
            classic(),
            vec![
                computer(Player::X, Difficulty::Easy, 1),
                Box::new(Faulty { mark: Player::O, fault }),
            ],
        )
        .unwrap();
        assert!(matches!(m.step(), Ok(Step::Played(_))));
        let before = m.state().clone();
        match m.run() {
            Err(MatchError::Refused { error, .. }) => assert_eq!(error.reason, reason),
            other => panic!("{other:?}"),
        }
        assert_eq!(m.state(), &before);
    }
    // Under gravity a floating cell is refused too.
    let rules = Rules::new(4, 4, 3, 2, true).unwrap();
    let mut m = Match::new(
        GameState::new(rules, Player::X).unwrap(),
        vec![
            Box::new(Faulty {
                mark: Player::X,
                fault: |s, p| Move { player: p, ply: s.ply(), index: 0 },
            }),
            computer(Player::O, Difficulty::Easy, 1),
        ],
    )
    .unwrap();
    assert!(matches!(
        m.step(),
        Err(MatchError::Refused { error, .. }) if error.reason == InvalidMoveReason::Floating
    ));
}

#[test]
fn computers_play_whole_games_with_every_move_checked() {
    for seed in 0..20 {
        let mut m = Match::new(
            classic(),
            vec![
                computer(Player::X, Difficulty::Hard, seed),
                computer(Player::O, Difficulty::Hard, seed + 100),
            ],
        )
        .unwrap();
        assert_eq!(m.run(), Ok(Step::Over(Status::Draw)), "seed {seed}");
    }
    // Hard against Medium and Easy never loses.
    for seed in 0..20 {
        for weak in [Difficulty::Easy, Difficulty::Medium] {
            let mut m = Match::new(
                classic(),
                vec![computer(Player::X, weak, seed), computer(Player::O, Difficulty::Hard, seed)],
            )
            .unwrap();
            assert!(matches!(m.run(), Ok(Step::Over(_))));
            assert_ne!(m.state().winner(), Some(Player::X));
        }
    }
    // Three computers on a 4×4 board, k=3, and a limited search.
    let rules = Rules::new(4, 4, 3, 3, false).unwrap();
    let limits = SearchLimits { max_nodes: 20_000, ..SearchLimits::default() };
    let mut m = Match::new(
        GameState::new(rules, Player::Y).unwrap(),
        vec![
            computer(Player::X, Difficulty::Medium, 1),
            Box::new(ComputerPlayer::with_limits(
                Player::O,
                Difficulty::Hard,
                SeededRng::new(2),
                limits,
            )),
            computer(Player::Y, Difficulty::Easy, 3),
        ],
    )
    .unwrap();
    assert!(matches!(m.run(), Ok(Step::Over(_))));
    assert!(m.state().is_over());
}

#[test]
fn a_human_and_a_computer() {
    let (x, x_in) = human(Player::X);
    let mut m = Match::new(classic(), vec![x, computer(Player::O, Difficulty::Medium, 4)]).unwrap();
    // The human keeps answering whatever the computer did; the computer blocks X's row.
    x_in.push(Move { player: Player::X, ply: 0, index: 0 });
    assert_eq!(m.run(), Ok(Step::Waiting(Player::X)));
    let o1 = m.state().move_history()[1];
    // A second X next to the first, on a line O has not touched: O must block its end.
    let (x2, block) =
        [(1, 2), (3, 6), (4, 8)].into_iter().find(|&(a, b)| a != o1 && b != o1).unwrap();
    x_in.push(Move { player: Player::X, ply: 2, index: x2 });
    assert_eq!(m.run(), Ok(Step::Waiting(Player::X)));
    assert_eq!(m.state().move_history()[3], block);
}

#[test]
fn every_seat_needs_exactly_one_participant() {
    let err = Match::new(classic(), vec![computer(Player::X, Difficulty::Easy, 0)]).unwrap_err();
    assert_eq!(err, MatchError::Seats { player: Player::O, count: 0 });
    let err = Match::new(
        classic(),
        vec![
            computer(Player::X, Difficulty::Easy, 0),
            computer(Player::X, Difficulty::Easy, 1),
            computer(Player::O, Difficulty::Easy, 2),
        ],
    )
    .unwrap_err();
    assert_eq!(err, MatchError::Seats { player: Player::X, count: 2 });
    let err = Match::new(
        classic(),
        vec![
            computer(Player::X, Difficulty::Easy, 0),
            computer(Player::O, Difficulty::Easy, 2),
            computer(Player::Y, Difficulty::Easy, 2),
        ],
    )
    .unwrap_err();
    assert_eq!(err, MatchError::Seats { player: Player::Y, count: 1 });
    assert!(err.to_string().contains("seat Y"));
}

#[test]
fn a_finished_game_is_over_at_once() {
    let done = GameState::from_board_str(Rules::default(), "XOXXOOOXX", Player::O).unwrap();
    let (x, x_in) = human(Player::X);
    let mut m = Match::new(done, vec![x, computer(Player::O, Difficulty::Hard, 0)]).unwrap();
    x_in.push(Move { player: Player::X, ply: 0, index: 0 });
    assert_eq!(m.run(), Ok(Step::Over(Status::Draw)));
    assert_eq!(x_in.len(), 1, "nobody is asked once the game is over");
    // A computer asked directly on a finished game has no move.
    let mut c = ComputerPlayer::new(Player::O, Difficulty::Easy, || 0.5);
    assert_eq!(c.next_move(m.state()), None);
    assert_eq!(c.difficulty(), Difficulty::Easy);
    assert!(format!("{c:?}").contains("Easy"));
    assert!(format!("{m:?}").contains("seats"));
}

#[test]
fn inbox_handles_share_one_queue_across_threads() {
    let inbox = Inbox::new();
    let sender = inbox.clone();
    std::thread::spawn(move || sender.push(Move { player: Player::X, ply: 0, index: 4 }))
        .join()
        .unwrap();
    let mut h = HumanPlayer::new(Player::X, inbox.clone());
    assert_eq!(h.mark(), Player::X);
    assert_eq!(h.next_move(&classic()), Some(Move { player: Player::X, ply: 0, index: 4 }));
    assert_eq!(h.next_move(&classic()), None);
}

#[test]
fn a_match_can_move_to_another_thread() {
    let (x, inbox) = human(Player::X);
    let mut m = Match::new(classic(), vec![x, computer(Player::O, Difficulty::Hard, 1)]).unwrap();
    inbox.push(Move { player: Player::X, ply: 0, index: 4 });
    let m = std::thread::spawn(move || {
        m.run().unwrap();
        m
    })
    .join()
    .unwrap();
    assert_eq!(m.state().ply(), 2);
}
