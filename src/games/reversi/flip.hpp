#pragma once

// Branch-free flips for the endgame solver, where flipping is most of the work. For each of the
// eight directions a precomputed ray from the square to the board edge; along it the first
// square that is not an opponent disc decides: a player disc brackets the run before it, anything
// else flips nothing. In rays that run towards higher bits the first such square is the lowest
// set bit; in the others it is the highest.
//
// position.cpp's flips() is the plain walk the rules use; the tests check that both agree.

#include <array>
#include <bit>

#include "games/reversi/bitboard.hpp"

namespace sente::reversi {

namespace flip_detail {

struct Rays {
    // [square][direction]: directions 0-3 run towards higher bits (E, SW, S, SE), 4-7 towards
    // lower bits (W, NE, N, NW).
    std::array<std::array<Bitboard, 8>, 64> ray{};
};

constexpr Rays make_rays() {
    constexpr int kFileStep[8] = {1, -1, 0, 1, -1, 1, 0, -1};
    constexpr int kRowStep[8] = {0, 1, 1, 1, 0, -1, -1, -1};
    Rays rays;
    for (int square = 0; square < 64; ++square) {
        for (int dir = 0; dir < 8; ++dir) {
            Bitboard ray = 0;
            int file = square % 8 + kFileStep[dir];
            int row = square / 8 + kRowStep[dir];
            while (file >= 0 && file < 8 && row >= 0 && row < 8) {
                ray |= Bitboard{1} << (row * 8 + file);
                file += kFileStep[dir];
                row += kRowStep[dir];
            }
            rays.ray[square][dir] = ray;
        }
    }
    return rays;
}

inline constexpr Rays kRays = make_rays();

// Discs flipped along a ray towards higher bits.
inline Bitboard flip_up(Bitboard ray, Bitboard player, Bitboard opponent) {
    const Bitboard stoppers = ray & ~opponent;
    const Bitboard first = stoppers & (0 - stoppers);
    const Bitboard bracketed = Bitboard{0} - ((first & player) != 0);
    return (first - 1) & ray & bracketed;
}

// Discs flipped along a ray towards lower bits.
inline Bitboard flip_down(Bitboard ray, Bitboard player, Bitboard opponent) {
    const Bitboard stoppers = ray & ~opponent;
    const Bitboard first = std::bit_floor(stoppers);
    const Bitboard bracketed = Bitboard{0} - ((first & player) != 0);
    return (Bitboard{0} - (first << 1)) & ray & bracketed;
}

}  // namespace flip_detail

// The opponent discs that a disc on the empty `square` flips (0: not a legal move there).
inline Bitboard flip(int square, Bitboard player, Bitboard opponent) {
    using namespace flip_detail;
    const auto& ray = kRays.ray[square];
    return flip_up(ray[0], player, opponent) | flip_up(ray[1], player, opponent) |
           flip_up(ray[2], player, opponent) | flip_up(ray[3], player, opponent) |
           flip_down(ray[4], player, opponent) | flip_down(ray[5], player, opponent) |
           flip_down(ray[6], player, opponent) | flip_down(ray[7], player, opponent);
}

}  // namespace sente::reversi
