// C++17 tests of the RAII wrapper include/ttt.hpp (and through it, the C API from C++).
#include "ttt.hpp"

#include <chrono>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "../c/check.h"

namespace {

template <class F>
ttt_status thrown_status(F f) {
    try {
        f();
    } catch (const ttt::Error &e) {
        return e.status();
    }
    return TTT_STATUS_OK;
}

void test_rules() {
    ttt::Rules classic = ttt::Rules::classic();
    CHECK(classic.width() == 3 && classic.k() == 3 && classic.cell_count() == 9);
    CHECK(ttt::Rules::connect_four().gravity());
    CHECK(thrown_status([] { ttt::Rules(0, 3, 3); }) == TTT_STATUS_INVALID_RULES);
    CHECK(thrown_status([] { ttt::Rules(3, 3, 3, 5); }) == TTT_STATUS_INVALID_RULES);
    try {
        ttt::Rules(3, 3, 9);
        CHECK(false);
    } catch (const ttt::Error &e) {
        CHECK(std::string(e.what()).find("k, the marks in a row to win, must be from 1 to 3 on this board, not 9") != std::string::npos);
        CHECK(std::string(e.name()) == "invalid-rules");
    }
}

void test_play() {
    ttt::Game game;
    CHECK(game.status() == ttt::GameStatus::InProgress);
    CHECK(game.legal_moves().size() == 9);
    game.play(4);
    game.play(0);
    CHECK(game.board_string() == "O...X....");
    CHECK(game.record() == "ttt/1 3x3 k=3 players=2 start=X moves=4,0");
    CHECK(game.current_player() == ttt::Player::X);
    CHECK(game.cell(4) == ttt::Player::X);
    CHECK(game.cells().at(0) == ttt::Player::O);
    CHECK(game.history() == (std::vector<std::size_t>{4, 0}));
    CHECK(game.winning_line().empty());
    CHECK(thrown_status([&] { game.play(4); }) == TTT_STATUS_OCCUPIED);
    CHECK(thrown_status([&] { game.play(9); }) == TTT_STATUS_OUT_OF_RANGE);
    CHECK(thrown_status([&] { game.play_as(ttt::Player::O, 1); }) == TTT_STATUS_NOT_YOUR_TURN);
    CHECK(game.try_play_at(ttt::Player::X, 1, 1) == TTT_STATUS_NOT_YOUR_TURN);
    CHECK(game.try_play(4) == TTT_STATUS_OCCUPIED);
    CHECK(game.ply() == 2);
    game.play(1);
    game.play(3);
    game.play(7);
    CHECK(game.status() == ttt::GameStatus::Win);
    CHECK(game.winner() == ttt::Player::X);
    CHECK(game.winning_line() == (std::vector<std::size_t>{1, 4, 7}));
    CHECK(thrown_status([&] { game.play(8); }) == TTT_STATUS_GAME_OVER);
    CHECK(game.legal_moves().empty());
    game.undo();
    CHECK(game.status() == ttt::GameStatus::InProgress);
    CHECK(ttt::mark(ttt::Player::Y) == 'Y');
    CHECK(ttt::mark(ttt::Player::None) == '.');
}

void test_play_column() {
    ttt::Game game(ttt::Rules::connect_four());
    CHECK(game.play_column(3) == 38);
    CHECK(game.play_column(3) == 31);
    std::size_t cell = 0;
    CHECK(game.try_play_column(0, &cell) == TTT_STATUS_OK && cell == 35);
    CHECK(thrown_status([&] { (void)game.play_column(7); }) == TTT_STATUS_OUT_OF_RANGE);
    CHECK(game.ply() == 3);
    ttt::Game classic;
    CHECK(thrown_status([&] { (void)classic.play_column(0); }) == TTT_STATUS_NO_GRAVITY);
    CHECK(classic.try_play_column(1) == TTT_STATUS_NO_GRAVITY);
}

void test_value_semantics() {
    ttt::Game a;
    a.play(4);
    ttt::Game b = a;  // a clone
    CHECK(a == b);
    b.play(0);
    CHECK(a != b);
    CHECK(a.ply() == 1 && b.ply() == 2);
    a = b;
    CHECK(a == b && a.get() != b.get());
    ttt::Game c = std::move(a);
    CHECK(c == b);
    // A moved-from game holds no handle: calls fail cleanly.
    CHECK(a.get() == nullptr);  // NOLINT(bugprone-use-after-move)
    CHECK(thrown_status([&] { (void)a.ply(); }) == TTT_STATUS_NULL_ARGUMENT);
    CHECK(a.try_play(0) == TTT_STATUS_NULL_ARGUMENT);
    a = c;  // assignable again
    CHECK(a.ply() == 2);
    ttt::Game none = ttt::Game::adopt(nullptr);
    CHECK(none.get() == nullptr);
}

void test_positions_and_records() {
    ttt::Game game = ttt::Game::from_board(ttt::Rules::classic(), "XX.OO....", ttt::Player::X);
    CHECK(game.legal_moves().front() == 2);
    CHECK(thrown_status([] {
              (void)ttt::Game::from_board(ttt::Rules::classic(), "XX.OO....", ttt::Player::O);
          }) == TTT_STATUS_POSITION_MARK_COUNTS);
    game.play(2);
    ttt::Game loaded = ttt::Game::from_record(game.record());
    CHECK(loaded == game);
    CHECK(loaded.record() == "ttt/1 3x3 k=3 players=2 start=XX.OO....:X moves=2");
    try {
        (void)ttt::Game::from_record("ttt/1 3x3 k=3 players=2 start=X moves=4,4");
        CHECK(false);
    } catch (const ttt::Error &e) {
        CHECK(e.status() == TTT_STATUS_INVALID_RECORD);
        CHECK(std::string(e.what()).find("byte 40: move 1 is illegal") != std::string::npos);
    }
    ttt::Game c4(ttt::Rules::connect_four());
    CHECK(c4.try_play(0) == TTT_STATUS_FLOATING);
    c4.play(38);
    CHECK(c4.rules().width() == 7);
    ttt::Game three(ttt::Rules(4, 4, 3, 3), ttt::Player::Y);
    CHECK(three.starting_player() == ttt::Player::Y);
    three.play(0);
    CHECK(three.current_player() == ttt::Player::X);
}

void test_ai() {
    ttt::Game empty;
    CHECK(empty.best_move() == 4);
    ttt::Game puzzle = ttt::Game::from_board(ttt::Rules::classic(), "XX.OO....", ttt::Player::X);
    CHECK(puzzle.best_move() == 2);
    // The weak solve: the outcome without the plies, and a move that keeps it.
    ttt_best_move weak = empty.weak_solve();
    CHECK(weak.proven && weak.outcome == TTT_OUTCOME_DRAW && weak.plies == -1 && weak.index == 4);
    weak = puzzle.weak_solve(ttt::SearchLimits());
    CHECK(weak.proven && weak.outcome == TTT_OUTCOME_WIN && weak.index == 2 && weak.plies == 1);
    std::vector<ttt::MoveAnalysis> moves = puzzle.analyze();
    CHECK(moves.size() == 5);
    CHECK(moves.at(0).index == 2 && moves.at(0).outcome == ttt::Outcome::Win &&
          moves.at(0).plies == 1);
    // The same seed gives the same moves; the RNG stream matches ttt_rng's.
    ttt::Rng a(99), b(99);
    CHECK(a.next() == b.next());
    for (int i = 0; i < 10; ++i) {
        CHECK(empty.choose_move(ttt::Difficulty::Easy, a) ==
              empty.choose_move(ttt::Difficulty::Easy, b));
    }
    CHECK(puzzle.choose_move(ttt::Difficulty::Hard, a) == 2);
    CHECK(puzzle.choose_move(ttt::Difficulty::Medium, a) == 2);
    // Hard against Hard always draws.
    ttt::Game game;
    while (!game.is_over()) game.play(game.choose_move(ttt::Difficulty::Hard, a));
    CHECK(game.status() == ttt::GameStatus::Draw);
    CHECK(thrown_status([&] { (void)game.best_move(); }) == TTT_STATUS_GAME_OVER);
    CHECK(thrown_status([&] { (void)game.choose_move(ttt::Difficulty::Easy, a); }) ==
          TTT_STATUS_GAME_OVER);
    CHECK(game.analyze().empty());

    // Limits and a stop flag: a big board cannot be proven within a small budget, and a set
    // flag stops the search at once.
    ttt::Game gomoku(ttt::Rules(15, 15, 5));
    bool proven = true;
    std::size_t move = gomoku.choose_move(ttt::Difficulty::Hard, a,
                                          ttt::SearchLimits().max_nodes(2000), proven);
    CHECK(!proven && move < 225);
    ttt::StopFlag flag;
    flag.set();
    ttt_best_move best = gomoku.best_move(ttt::SearchLimits().stop(flag));
    CHECK(!best.proven && best.nodes < ttt_search_limits_default().max_nodes);
    flag.clear();
    ttt_best_move classic_best = ttt::Game().best_move(ttt::SearchLimits().stop(flag));
    CHECK(classic_best.proven && classic_best.index == 4);
}

void test_names_and_parsing() {
    CHECK(ttt::to_string(ttt::Player::X) == "X" && ttt::to_string(ttt::Player::Z) == "Z");
    CHECK(ttt::to_string(ttt::Player::None) == "none");
    CHECK(ttt::to_string(static_cast<ttt::Player>(9)) == "?");
    CHECK(ttt::to_string(ttt::GameStatus::InProgress) == "in-progress");
    CHECK(ttt::to_string(ttt::GameStatus::Win) == "win");
    CHECK(ttt::to_string(ttt::GameStatus::Draw) == "draw");
    CHECK(ttt::to_string(ttt::Difficulty::Easy) == "easy");
    CHECK(ttt::to_string(ttt::Difficulty::Hard) == "hard");
    CHECK(ttt::to_string(ttt::Outcome::Win) == "win" && ttt::to_string(ttt::Outcome::Loss) == "loss");
    CHECK(ttt::to_string(ttt::Outcome::Unknown) == "unknown");
    CHECK(ttt::to_string(TTT_STATUS_OCCUPIED) == "occupied");
    CHECK(ttt::to_string(TTT_STATUS_NO_GRAVITY) == "no-gravity");
    CHECK(ttt::describe(TTT_STATUS_OK) == "success");
    CHECK(ttt::parse_difficulty("medium") == ttt::Difficulty::Medium);
    CHECK(thrown_status([] { (void)ttt::parse_difficulty("impossible"); }) ==
          TTT_STATUS_INVALID_ARGUMENT);
    // The old name of GameStatus still works.
    ttt::Status old = ttt::GameStatus::Draw;
    CHECK(old == ttt::GameStatus::Draw);
    CHECK(ttt::version_number() == TTT_VERSION_NUMBER);
}

void test_boards_and_turns() {
    using P = ttt::Player;
    const P n = P::None;
    std::vector<P> board = {P::X, P::X, P::X, P::O, P::O, n, n, n, n};
    ttt::Evaluation e = ttt::Rules::classic().evaluate(board);
    CHECK(e.status == ttt::GameStatus::Win && e.winner == P::X);
    CHECK(e.line == (std::vector<std::size_t>{0, 1, 2}));
    CHECK(thrown_status([&] { (void)ttt::Rules::classic().evaluate({P::X}); }) ==
          TTT_STATUS_POSITION_WRONG_LENGTH);
    std::vector<P> puzzle = {P::X, P::X, n, P::O, P::O, n, n, n, n};
    ttt::Game game = ttt::Game::from_board(ttt::Rules::classic(), puzzle, P::X);
    CHECK(game.board_string() == "XX.OO....");
    CHECK(thrown_status([&] { (void)ttt::Game::from_board(ttt::Rules::classic(), board, P::X); }) ==
          TTT_STATUS_POSITION_MARK_COUNTS);
    // Throwing and non-throwing turn checks.
    CHECK(thrown_status([&] { game.play_at(P::X, 1, 2); }) == TTT_STATUS_NOT_YOUR_TURN);
    CHECK(thrown_status([&] { game.play_at(P::O, 0, 2); }) == TTT_STATUS_NOT_YOUR_TURN);
    game.play_at(P::X, 0, 2);
    CHECK(game.status() == ttt::GameStatus::Win);
}

void test_callable_randomness_and_limits() {
    ttt::Game empty;
    // Any callable is a source of randomness; 0.0 picks the first candidate.
    int calls = 0;
    std::size_t move = empty.choose_move_with(ttt::Difficulty::Easy, [&] {
        ++calls;
        return 0.0;
    });
    CHECK(move == 0 && calls == 1);
    CHECK(empty.choose_move_with(ttt::Difficulty::Easy, [] { return 0.999; }) == 8);
    // An exception from the callable comes back out of the call, not through the C library.
    bool caught = false;
    try {
        (void)empty.choose_move_with(ttt::Difficulty::Easy,
                                     []() -> double { throw std::runtime_error("no dice"); });
    } catch (const std::runtime_error &e) {
        caught = std::string(e.what()) == "no dice";
    }
    CHECK(caught);

    // analyze with limits: a stopped analysis of 15 x 15 reports every move, none proven.
    ttt::Game gomoku(ttt::Rules(15, 15, 5));
    gomoku.play(112);
    ttt::StopFlag flag;
    flag.set();
    std::vector<ttt::MoveAnalysis> moves =
        gomoku.analyze(ttt::SearchLimits().stop(flag).table_bytes(1 << 20));
    CHECK(moves.size() == 224);
    bool none_proven = true;
    for (const ttt::MoveAnalysis &m : moves) {
        none_proven = none_proven && m.outcome == ttt::Outcome::Unknown && m.plies == -1;
    }
    CHECK(none_proven);
    // A small board is proven within a small budget.
    std::vector<ttt::MoveAnalysis> small =
        ttt::Game().analyze(ttt::SearchLimits().max_nodes(100000));
    CHECK(small.size() == 9 && small.at(0).outcome == ttt::Outcome::Draw);
}

// A whole Connect Four game through one Engine: Hard (the engine) against Medium, every move
// legal, the game finished, Hard not beaten; then the engine's other calls and its errors.
void test_engine() {
    using namespace std::chrono_literals;
    ttt::Engine engine(1 << 22);
    CHECK(engine.table_bytes() == (1u << 22));
    CHECK(ttt::Engine().table_bytes() == ttt::SearchLimits().raw.table_bytes);
    ttt::Rng rng(17);
    ttt::Game game(ttt::Rules::connect_four());
    const ttt::SearchLimits limits = ttt::SearchLimits().max_nodes(20000);
    int hard_moves = 0;
    while (game.status() == ttt::GameStatus::InProgress) {
        if (game.current_player() == ttt::Player::X) {
            bool proven = true;
            std::size_t move = engine.choose_move(game, ttt::Difficulty::Hard, rng, limits, proven);
            game.play(move);
            ++hard_moves;
        } else {
            game.play(game.choose_move(ttt::Difficulty::Medium, rng));
        }
    }
    CHECK(hard_moves >= 4);
    CHECK(game.status() == ttt::GameStatus::Draw || game.winner() == ttt::Player::X);
    // The game is over: the throwing calls throw GAME_OVER, the try_ calls return it and
    // leave their outputs alone.
    CHECK(thrown_status([&] { (void)engine.best_move(game); }) == TTT_STATUS_GAME_OVER);
    CHECK(thrown_status([&] { (void)engine.choose_move(game, ttt::Difficulty::Hard, rng); }) ==
          TTT_STATUS_GAME_OVER);
    std::size_t index = 777;
    bool proven = true;
    ttt_best_move best{};
    best.index = 777;
    CHECK(engine.try_best_move(game, index) == TTT_STATUS_GAME_OVER && index == 777);
    CHECK(engine.try_best_move(game, limits, best) == TTT_STATUS_GAME_OVER && best.index == 777);
    CHECK(engine.try_weak_solve(game, limits, best) == TTT_STATUS_GAME_OVER && best.index == 777);
    CHECK(thrown_status([&] { (void)engine.weak_solve(game); }) == TTT_STATUS_GAME_OVER);
    CHECK(thrown_status([&] { (void)game.weak_solve(); }) == TTT_STATUS_GAME_OVER);
    CHECK(engine.try_choose_move(game, ttt::Difficulty::Easy, rng, index) ==
          TTT_STATUS_GAME_OVER);
    CHECK(engine.try_choose_move(game, ttt::Difficulty::Easy, rng, limits, index, proven) ==
          TTT_STATUS_GAME_OVER);
    CHECK(index == 777 && proven);
    CHECK(engine.analyze(game).empty());

    // On a board it solves, the engine agrees with the free functions.
    engine.clear();
    CHECK(engine.try_clear() == TTT_STATUS_OK);
    ttt::Game classic;
    CHECK(engine.best_move(classic) == classic.best_move());
    CHECK(engine.try_best_move(classic, index) == TTT_STATUS_OK && index == 4);
    ttt_best_move ours = engine.best_move(classic, ttt::SearchLimits());
    CHECK(ours.proven && ours.index == 4 && ours.outcome == TTT_OUTCOME_DRAW);
    ttt_best_move weak_ours = engine.weak_solve(classic);
    CHECK(weak_ours.proven && weak_ours.index == 4 && weak_ours.outcome == TTT_OUTCOME_DRAW);
    std::vector<ttt::MoveAnalysis> a = engine.analyze(classic), b = classic.analyze();
    CHECK(a.size() == 9 && b.size() == 9);
    for (std::size_t i = 0; i < a.size() && i < b.size(); i++) {
        CHECK(a[i].index == b[i].index && a[i].outcome == b[i].outcome && a[i].plies == b[i].plies);
    }
    CHECK(engine.analyze(classic, ttt::SearchLimits().max_nodes(100000)).size() == 9);
    CHECK(engine.choose_move(classic, ttt::Difficulty::Hard, rng) < 9);
    CHECK(engine.try_choose_move(classic, ttt::Difficulty::Hard, rng, index) == TTT_STATUS_OK);
    CHECK(thrown_status([&] {
              (void)engine.choose_move(classic, static_cast<ttt::Difficulty>(9), rng);
          }) == TTT_STATUS_INVALID_ARGUMENT);

    // The time limit: stored in milliseconds, at least 1 ms; a 200 ms call on 20 x 20 with no
    // node budget returns well within 2 s (a generous bound).
    ttt::SearchLimits timed;
    CHECK(!timed.max_time().has_value() && timed.raw.max_time_ms == 0);
    timed.max_time(1s);
    CHECK(timed.raw.max_time_ms == 1000 && timed.max_time() == std::chrono::milliseconds(1000));
    CHECK(timed.max_time(0ms).raw.max_time_ms == 1 && timed.max_time(-5ms).raw.max_time_ms == 1);
    CHECK(!timed.no_time_limit().max_time().has_value());
    timed.max_nodes(UINT64_MAX).max_time(200ms);
    ttt::Game big(ttt::Rules(20, 20, 5));
    big.play(210);
    auto start = std::chrono::steady_clock::now();
    ttt_best_move timed_best = engine.best_move(big, timed);
    CHECK(std::chrono::steady_clock::now() - start < 2s);
    CHECK(timed_best.index < 400 && timed_best.index != 210 && !timed_best.proven);

    // The weak proof's budget under gravity: on by default (the C default), chained like the
    // other setters; 0 makes max_nodes a hard bound; the largest values are accepted.
    ttt::SearchLimits proof;
    CHECK(proof.proof_nodes() > 0 &&
          proof.proof_nodes() == ttt_search_limits_default().proof_nodes);
    CHECK(proof.max_nodes(1000).proof_nodes(0).proof_nodes() == 0 && proof.raw.proof_nodes == 0);
    ttt::Game c4(ttt::Rules::connect_four());
    for (std::size_t col : {3, 2, 3, 3, 2, 1, 4, 4}) c4.play_column(col);
    ttt_best_move bounded = c4.best_move(proof);
    CHECK(!bounded.proven && bounded.nodes > 0 && bounded.nodes <= 1000);
    bounded = c4.weak_solve(proof);
    CHECK(!bounded.proven && bounded.nodes > 0 && bounded.nodes <= 1000);
    CHECK(engine.try_clear() == TTT_STATUS_OK);
    bounded = engine.best_move(c4, proof);
    CHECK(!bounded.proven && bounded.nodes > 0 && bounded.nodes <= 1000);
    CHECK(c4.best_move(proof.proof_nodes(20000)).nodes > 1000);
    proof.max_nodes(UINT64_MAX).proof_nodes(UINT64_MAX).max_time(100ms);
    start = std::chrono::steady_clock::now();
    CHECK(engine.best_move(c4, proof).index < 42 && c4.weak_solve(proof).index < 42);
    CHECK(std::chrono::steady_clock::now() - start < 4s);

    // A moved-from engine holds no handle: its calls fail, they do not crash.
    ttt::Engine moved = std::move(engine);
    CHECK(moved.best_move(classic) == 4);
    CHECK(engine.get() == nullptr);
    CHECK(thrown_status([&] { (void)engine.best_move(classic); }) == TTT_STATUS_NULL_ARGUMENT);
    CHECK(engine.try_clear() == TTT_STATUS_NULL_ARGUMENT);
}

}  // namespace

int main() {
    test_names_and_parsing();
    test_boards_and_turns();
    test_callable_randomness_and_limits();
    test_rules();
    test_play();
    test_play_column();
    test_value_semantics();
    test_positions_and_records();
    test_ai();
    test_engine();
    CHECK(ttt::version() == ttt_version());
    return check_summary("test_ttt_cpp");
}
