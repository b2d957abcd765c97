#pragma once

// Positions from random Reversi games, for tests that must see every phase and both sides to
// move: the pattern readings and the network's symmetry.

#include <cstdint>
#include <random>
#include <vector>

#include "games/reversi/moves.hpp"
#include "games/reversi/position.hpp"

namespace sente::test {

// Every position of `games` games of uniformly random legal moves (a pass when there is none).
inline std::vector<reversi::Position> random_game_positions(int games, std::uint64_t seed) {
    namespace r = sente::reversi;
    std::mt19937_64 rng(seed);
    std::vector<r::Position> out;
    for (int g = 0; g < games; ++g) {
        r::Position pos = r::start_position();
        while (!r::is_game_over(pos)) {
            out.push_back(pos);
            const r::Bitboard moves = r::legal_moves(pos);
            if (moves == 0) {
                pos = r::play(pos, r::Move::pass());
                continue;
            }
            std::vector<int> squares;
            for (r::Bitboard m = moves; m != 0; m &= m - 1) squares.push_back(r::lowest_square(m));
            pos = r::play(pos, r::Move::at(squares[rng() % squares.size()]));
        }
    }
    return out;
}

}  // namespace sente::test
