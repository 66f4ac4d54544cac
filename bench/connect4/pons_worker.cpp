// The Pons side of the Connect Four side-by-side benchmark (`make bench-connect4`): a
// long-running worker over Pascal Pons' solver, built at benchmark time against an unmodified
// copy of his sources named by PONS_DIR (AGPL: they are never copied into this repository).
//
// Same protocol as ttt's worker (ttt-core/examples/c4_worker.rs): a request per line,
// `strong MOVES` or `weak MOVES` (1-based column digits), answered by `SCORE NODES NANOS`. Each
// position gets a cold table (`reset()`, untimed, as Pons' own benchmark does) and no opening
// book; only `solve()` is timed.
#include <chrono>
#include <iostream>
#include <memory>
#include <string>

#include "Solver.hpp"

using GameSolver::Connect4::Position;
using GameSolver::Connect4::Solver;

int main() {
    std::ios::sync_with_stdio(false);
    auto solver = std::make_unique<Solver>();  // its table is too big for the stack
    std::string line;
    while (std::getline(std::cin, line)) {
        const auto space = line.find(' ');
        const std::string kind = line.substr(0, space);
        const std::string moves = space == std::string::npos ? "" : line.substr(space + 1);
        if (kind != "strong" && kind != "weak") {
            std::cout << "error: unknown query " << kind << std::endl;
            continue;
        }
        Position position;
        if (position.play(moves) != moves.size()) {
            std::cout << "error: invalid moves " << moves << std::endl;
            continue;
        }
        solver->reset();
        const auto start = std::chrono::steady_clock::now();
        const int score = solver->solve(position, kind == "weak");
        const auto nanos = std::chrono::duration_cast<std::chrono::nanoseconds>(
                               std::chrono::steady_clock::now() - start)
                               .count();
        std::cout << score << ' ' << solver->getNodeCount() << ' ' << nanos << std::endl;
    }
    return 0;
}
