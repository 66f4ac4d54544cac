// A C++ consumer of libttt through ttt.hpp: classic game, Hard against Hard, a draw.
// Cells are numbered row-major from the top-left, from 0.
#include <iostream>

#include "ttt.hpp"

int main() {
    ttt::Game game;
    ttt::Rng rng(7);
    while (!game.is_over()) {
        game.play(game.choose_move(ttt::Difficulty::Hard, rng));
    }
    std::cout << game.record() << '\n';
    return game.status() == ttt::GameStatus::Draw ? 0 : 1;
}
