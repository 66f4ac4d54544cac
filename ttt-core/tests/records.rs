//! Game records: exact round trips, and a precise error for every kind of bad input.

use ttt_core::{
    GameState, InvalidMoveReason, Player, PositionError, RecordError, RecordErrorKind, Rules,
    RulesError, create_game,
};

fn play(start: GameState, moves: &[usize]) -> GameState {
    moves.iter().fold(start, |s, &m| s.apply_move(m).unwrap())
}

#[test]
fn records_round_trip_exactly() {
    let games = [
        create_game(Player::X).unwrap(),
        create_game(Player::O).unwrap(),
        play(create_game(Player::X).unwrap(), &[4, 0, 8, 2, 1]),
        play(
            GameState::new(Rules::CONNECT_FOUR, Player::X).unwrap(),
            &[38, 31, 39, 32, 40, 33, 41],
        ),
        play(
            GameState::new(Rules::new(5, 4, 3, 3, false).unwrap(), Player::Y).unwrap(),
            &[0, 19, 7],
        ),
        play(GameState::from_board_str(Rules::CLASSIC, "XX.OO....", Player::X).unwrap(), &[2]),
        GameState::from_board_str(Rules::new(3, 3, 3, 2, true).unwrap(), "... ... XO.", Player::X)
            .unwrap(),
    ];
    for game in games {
        let text = game.to_record();
        let back = GameState::from_record(&text).unwrap();
        assert_eq!(back, game, "{text}");
        assert_eq!(back.to_record(), text);
        assert_eq!(GameState::from_record(&format!("{text}\n")).unwrap(), game);
        assert_eq!(GameState::from_record_bytes(text.as_bytes()).unwrap(), game);
    }
}

#[test]
fn the_notation_reads_as_documented() {
    let game = play(GameState::new(Rules::CONNECT_FOUR, Player::X).unwrap(), &[38, 31]);
    assert_eq!(game.to_record(), "ttt/1 7x6 k=4 players=2 gravity start=X moves=38,31");
    let text = "ttt/1 3x3 k=3 players=2 start=XX.OO....:X moves=";
    let state = GameState::from_record(text).unwrap();
    assert_eq!(state.to_record(), text);
    assert_eq!(state.board_string(), "XX.OO....");
}

fn error(text: &str) -> RecordError {
    GameState::from_record(text).unwrap_err()
}

#[test]
fn malformed_records_say_where_and_why() {
    use RecordErrorKind as K;
    let cases: Vec<(&str, usize, RecordErrorKind)> = vec![
        ("", 0, K::NotARecord),
        ("tic-tac-toe", 0, K::NotARecord),
        ("ttt/", 4, K::Truncated("the version")),
        ("ttt/2 3x3 k=3 players=2 start=X moves=", 4, K::Version("2".into())),
        ("ttt/1", 5, K::Truncated("the board size (WxH)")),
        ("ttt/1 3x3", 9, K::Truncated("k=K")),
        ("ttt/1 3x3 k=3 players=2", 23, K::Truncated("start=...")),
        ("ttt/1 3x3 k=3 players=2 start=X", 31, K::Truncated("moves=...")),
        (
            "ttt/1 3by3 k=3",
            6,
            K::Unexpected { expected: "the board size (WxH)", found: "3by3".into() },
        ),
        ("ttt/1 3x3 q=3", 10, K::Unexpected { expected: "k=K", found: "q=3".into() }),
        ("ttt/1 ax3 k=3", 6, K::Number { found: "a".into() }),
        ("ttt/1 3x-3 k=3", 8, K::Number { found: "-3".into() }),
        ("ttt/1 3x3 k=+3", 12, K::Number { found: "+3".into() }),
        (
            "ttt/1 3x3 k=99999999999999999999999 players=2 start=X moves=",
            12,
            K::Number { found: "99999999999999999999999".into() },
        ),
        ("ttt/1 3x3 k=4 players=2 start=X moves=", 6, K::Rules(RulesError::K { k: 4, max: 3 })),
        ("ttt/1 30x3 k=3 players=2 start=X moves=", 6, K::Rules(RulesError::Width(30))),
        ("ttt/1 3x3 k=3 players=9 start=X moves=", 6, K::Rules(RulesError::Players(9))),
        (
            "ttt/1 3x3 k=3 players=2 start=Y moves=",
            30,
            K::Rules(RulesError::PlayerNotInGame { player: Player::Y, players: 2 }),
        ),
        (
            "ttt/1 3x3 k=3 players=2 start=Q moves=",
            30,
            K::Unexpected { expected: "a player mark (X, O, Y or Z)", found: "Q".into() },
        ),
        (
            "ttt/1 3x3 k=3 players=2 start=XO moves=",
            30,
            K::Unexpected { expected: "a player mark (X, O, Y or Z)", found: "XO".into() },
        ),
        (
            "ttt/1 3x3 k=3 players=2 start=XXX.O....:O moves=",
            30,
            K::Position(PositionError::MarkCounts { to_move: Player::O }),
        ),
        (
            "ttt/1 3x3 k=3 players=2 start=XX?OO....:X moves=",
            30,
            K::Position(PositionError::UnknownMark { index: 2, mark: '?' }),
        ),
        ("ttt/1 3x3 k=3 players=2 start=X moves=4,x", 40, K::Number { found: "x".into() }),
        ("ttt/1 3x3 k=3 players=2 start=X moves=4,,5", 40, K::Number { found: "".into() }),
        ("ttt/1 3x3 k=3 players=2 start=X moves=4,", 40, K::Number { found: "".into() }),
        (
            "ttt/1 3x3 k=3 players=2 start=X moves=4,4",
            40,
            K::Move {
                ply: 1,
                error: ttt_core::InvalidMoveError { index: 4, reason: InvalidMoveReason::Occupied },
            },
        ),
        (
            "ttt/1 3x3 k=3 players=2 start=X moves=0,3,1,4,2,5",
            48,
            K::Move {
                ply: 5,
                error: ttt_core::InvalidMoveError { index: 5, reason: InvalidMoveReason::GameOver },
            },
        ),
        (
            "ttt/1 3x3 k=3 players=2 start=X moves=9",
            38,
            K::Move {
                ply: 0,
                error: ttt_core::InvalidMoveError {
                    index: 9,
                    reason: InvalidMoveReason::OutOfRange,
                },
            },
        ),
        (
            "ttt/1 3x3 k=3 players=2 gravity start=X moves=0",
            46,
            K::Move {
                ply: 0,
                error: ttt_core::InvalidMoveError { index: 0, reason: InvalidMoveReason::Floating },
            },
        ),
        ("ttt/1 3x3 k=3 players=2 start=X moves=4 extra", 39, K::Trailing(" extra".into())),
        ("ttt/1 3x3 k=3 players=2 start=X moves=4 ", 39, K::Trailing(" ".into())),
    ];
    for (text, offset, kind) in cases {
        assert_eq!(error(text), RecordError { offset, kind }, "{text:?}");
    }
}

#[test]
fn non_utf8_bytes_are_refused_at_the_first_bad_byte() {
    let mut bytes = b"ttt/1 3x3 k=3 players=2 start=X moves=4".to_vec();
    bytes.insert(10, 0xff);
    let err = GameState::from_record_bytes(&bytes).unwrap_err();
    assert_eq!(err, RecordError { offset: 10, kind: RecordErrorKind::NotUtf8 });
}

#[test]
fn errors_quote_at_most_forty_characters() {
    let long = format!("ttt/1 3x3 k={} players=2 start=X moves=", "9".repeat(10_000));
    let err = error(&long);
    match &err.kind {
        RecordErrorKind::Number { found } => assert_eq!(found.len(), 40),
        other => panic!("unexpected {other:?}"),
    }
    assert!(err.to_string().len() < 120);
    assert_eq!(
        error("ttt/7 x").to_string(),
        "bad game record at byte 4: unsupported version \"7\" (this library reads version 1)"
    );
}
