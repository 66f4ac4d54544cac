// C++17 tests of the RAII wrapper include/ttt.hpp (and through it, the C API from C++).
#include "ttt.hpp"

#include <cstdio>
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
        CHECK(std::string(e.what()).find("k = 9") != std::string::npos);
        CHECK(std::string(e.name()) == "invalid-rules");
    }
}

void test_play() {
    ttt::Game game;
    CHECK(game.status() == ttt::Status::InProgress);
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
    CHECK(game.status() == ttt::Status::Win);
    CHECK(game.winner() == ttt::Player::X);
    CHECK(game.winning_line() == (std::vector<std::size_t>{1, 4, 7}));
    CHECK(thrown_status([&] { game.play(8); }) == TTT_STATUS_GAME_OVER);
    CHECK(game.legal_moves().empty());
    game.undo();
    CHECK(game.status() == ttt::Status::InProgress);
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
    CHECK(game.status() == ttt::Status::Draw);
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

}  // namespace

int main() {
    test_rules();
    test_play();
    test_play_column();
    test_value_semantics();
    test_positions_and_records();
    test_ai();
    CHECK(ttt::version() == ttt_version());
    return check_summary("test_ttt_cpp");
}
