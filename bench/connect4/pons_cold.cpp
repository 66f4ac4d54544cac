// Pons' side of the cold-call model of `make bench-connect4-cold`
// (scripts/bench-connect4-cold.sh): built at benchmark time against an unmodified copy of Pascal
// Pons' sources named by PONS_DIR (AGPL: they are never copied into this repository).
//
// Same protocol as ttt's side (ttt-core/examples/c4_cold.rs): one position per line on standard
// input (`MOVES` or `MOVES SCORE`), argument `strong` (default) or `weak`. Before each position
// the solver is reset (his `reset()`, as his own benchmark does) and 84 MiB are written to, as on
// ttt's side; then `cold_solve`, the one function the simulator counts, solves it. The first
// position is solved once before, outside `cold_solve`. Prints the number of positions solved.
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "Solver.hpp"

using GameSolver::Connect4::Position;
using GameSolver::Connect4::Solver;

// The counted call (the script tells the simulator this name); noipa keeps the compiler from
// cloning or inlining it, and the empty asm statement from ending it with a jump to `solve`
// (a tail call), which the simulator would not see return.
extern "C" __attribute__((noipa)) int cold_solve(Solver& solver, const Position& p, bool weak) {
    int score = solver.solve(p, weak);
    asm volatile("" : "+r"(score));
    return score;
}

int main(int argc, char** argv) {
    const std::string kind = argc > 1 ? argv[1] : "strong";
    if (kind != "strong" && kind != "weak") {
        std::cerr << "usage: pons_cold [strong|weak] < POSITIONS" << std::endl;
        return 2;
    }
    const bool weak = kind == "weak";
    std::vector<Position> positions;
    std::string line;
    while (std::getline(std::cin, line)) {
        std::istringstream fields(line);
        std::string moves;
        fields >> moves;
        Position p;
        if (p.play(moves) != moves.size()) {
            std::cerr << "invalid moves: " << moves << std::endl;
            return 1;
        }
        positions.push_back(p);
    }
    auto solver = std::make_unique<Solver>();  // its table is too big for the stack
    if (!positions.empty()) {
        solver->reset();
        volatile int first = solver->solve(positions[0], weak);
        (void)first;
    }
    std::vector<unsigned char> junk(84u << 20);
    for (const Position& p : positions) {
        solver->reset();
        // A byte in every cache line is enough to take the line (as on ttt's side).
        for (size_t at = 0; at < junk.size(); at += 64) junk[at] = static_cast<unsigned char>(at);
        asm volatile("" : : "r"(junk.data()) : "memory");
        volatile int score = cold_solve(*solver, p, weak);
        (void)score;
    }
    std::cout << positions.size() << std::endl;
    return 0;
}
