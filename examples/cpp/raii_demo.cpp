// A tour of the C++ RAII wrapper (include/ttt.hpp): games are values that free themselves,
// failures are exceptions carrying the library's status and message, the AI is a method call.
// Cells are numbered row-major from the top-left, from 0: index = row * width + col (so on the
// classic board 0 1 2 / 3 4 5 / 6 7 8, and 4 is the centre).
//
//   g++ -std=c++17 -Iinclude examples/cpp/raii_demo.cpp -Lbuild/c/lib -lttt
#include <iostream>
#include <string>

#include "ttt.hpp"

namespace {

void show(const ttt::Game &game) {
    const ttt::Rules rules = game.rules();
    const std::vector<ttt::Player> cells = game.cells();
    for (std::size_t row = 0; row < rules.height(); ++row) {
        std::cout << "  ";
        for (std::size_t col = 0; col < rules.width(); ++col) {
            std::cout << ttt::mark(cells[row * rules.width() + col]);
        }
        std::cout << '\n';
    }
}

}  // namespace

int main() {
    std::cout << "libttt " << ttt::version() << "\n\n";

    // A classic game: Hard (X) against Medium (O), reproducible from the seed.
    ttt::Game game;
    ttt::Rng rng(2024);
    while (!game.is_over()) {
        const bool x_to_move = game.current_player() == ttt::Player::X;
        const std::size_t move =
            game.choose_move(x_to_move ? ttt::Difficulty::Hard : ttt::Difficulty::Medium, rng);
        game.play(move);
    }
    show(game);
    std::cout << ttt::to_string(game.status())
              << (game.status() == ttt::GameStatus::Win ? " for " + ttt::to_string(game.winner())
                                                        : std::string())
              << "\nrecord: " << game.record() << "\n\n";

    // Values: a copy is an independent game; the record round-trips.
    ttt::Game copy = game;
    copy.undo();
    std::cout << "after undo on a copy: " << copy.board_string() << " (original still "
              << game.board_string() << ")\n";
    std::cout << "reloaded equals original: " << std::boolalpha
              << (ttt::Game::from_record(game.record()) == game) << "\n\n";

    // Refused moves throw ttt::Error and change nothing.
    ttt::Game fresh;
    fresh.play(4);
    try {
        fresh.play(4);
    } catch (const ttt::Error &e) {
        std::cout << "refused: " << e.name() << " (" << e.what() << ")\n";
    }
    // Or ask for the status instead; it cannot be ignored ([[nodiscard]]).
    if (fresh.try_play(9) == TTT_STATUS_OUT_OF_RANGE) {
        std::cout << "refused: cell 9 is off the board\n\n";
    }

    // Perfect play, explained.
    ttt::Game puzzle = ttt::Game::from_board(ttt::Rules::classic(), "XX.OO....", ttt::Player::X);
    std::cout << "XX.OO.... with X to move: best move " << puzzle.best_move() << '\n';
    for (const ttt::MoveAnalysis &m : puzzle.analyze()) {
        std::cout << "  cell " << m.index << ": " << ttt::to_string(m.outcome) << " in "
                  << m.plies << " plies\n";
    }

    // Connect Four: gravity is in the rules, and a move can name a column (0 = leftmost).
    ttt::Game c4(ttt::Rules::connect_four());
    std::cout << "\nConnect Four opening moves: " << c4.legal_moves().size() << " columns\n";
    const std::size_t cell = c4.play_column(3);
    std::cout << "dropped into column 3, landed in cell " << cell << " (row " << cell / 7
              << ", column " << cell % 7 << ")\n";

    // A long search on a big board, cancellable: limits bound it, and the answer says whether
    // it is proven.
    ttt::Game gomoku(ttt::Rules(15, 15, 5));
    const ttt_best_move best = gomoku.best_move(ttt::SearchLimits().max_nodes(5000));
    std::cout << "15x15 opening within 5000 nodes: cell " << best.index << ", "
              << (best.proven ? "proven" : "not proven") << '\n';
    return 0;
}
