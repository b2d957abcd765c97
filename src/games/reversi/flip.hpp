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
#include <cstdint>

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

// For the last empty square: the board is full but for it, so a line's discs of one side give
// the other side's too, and the flips along a line follow from the player's 8-bit pattern on it.
// kLineFlips[position][pattern]: discs flipped along an 8-square line by a disc at `position`
// when the player holds the squares set in `pattern` and the opponent all the others.
// Diagonals shorter than 8 squares are padded with opponent squares, which never bracket.
struct LineFlips {
    std::array<std::array<std::uint8_t, 256>, 8> count{};
};

constexpr LineFlips make_line_flips() {
    LineFlips table;
    for (int position = 0; position < 8; ++position) {
        for (int pattern = 0; pattern < 256; ++pattern) {
            int flipped = 0;
            for (const int step : {-1, 1}) {
                int run = 0;
                int i = position + step;
                while (i >= 0 && i < 8 && !(pattern & (1 << i))) {
                    ++run;
                    i += step;
                }
                if (i >= 0 && i < 8) flipped += run;  // stopped on a player disc
            }
            table.count[position][pattern] = static_cast<std::uint8_t>(flipped);
        }
    }
    return table;
}

inline constexpr LineFlips kLineFlips = make_line_flips();

struct SquareLines {
    // The squares of the square's diagonal (a1-h8 direction) and anti-diagonal.
    std::array<Bitboard, 64> diagonal{};
    std::array<Bitboard, 64> anti_diagonal{};
};

constexpr SquareLines make_square_lines() {
    SquareLines lines;
    for (int square = 0; square < 64; ++square) {
        for (int other = 0; other < 64; ++other) {
            const int df = other % 8 - square % 8, dr = other / 8 - square / 8;
            if (df == dr) lines.diagonal[square] |= Bitboard{1} << other;
            if (df == -dr) lines.anti_diagonal[square] |= Bitboard{1} << other;
        }
    }
    return lines;
}

inline constexpr SquareLines kSquareLines = make_square_lines();

// The discs of a line as 8 bits indexed by file (rows, diagonals) or by row (columns, see
// file_bits). The multiplication gathers a diagonal's bits into the top byte without carries.
inline unsigned row_bits(Bitboard discs, int row) { return (discs >> (8 * row)) & 0xFF; }
inline unsigned diagonal_bits(Bitboard discs, Bitboard line) {
    return static_cast<unsigned>(((discs & line) * kFileA) >> 56);
}

}  // namespace flip_detail

// How many discs a disc of `player` on the last empty square flips (the board being full but
// for `square`; `player` is either side's discs). Table lookups on the four lines.
inline int count_last_flips(int square, Bitboard player) {
    using namespace flip_detail;
    const int file = square & 7, row = square >> 3;
    return kLineFlips.count[file][row_bits(player, row)] +
           kLineFlips.count[row][file_bits(player, file)] +
           kLineFlips.count[file][diagonal_bits(player, kSquareLines.diagonal[square])] +
           kLineFlips.count[file][diagonal_bits(player, kSquareLines.anti_diagonal[square])];
}

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
