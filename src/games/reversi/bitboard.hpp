#pragma once

// 64-bit boards for the 8x8 Othello board. Bit i is the square in row i / 8 and column i % 8,
// where row 0 is Othello row "1" (the top) and column 0 is file "a": a1 = bit 0, h8 = bit 63.

#include <bit>
#include <cstdint>

namespace sente::reversi {

using Bitboard = std::uint64_t;

inline constexpr int kSquares = 64;
inline constexpr Bitboard kNotFileA = 0xFEFEFEFEFEFEFEFEULL;
inline constexpr Bitboard kNotFileH = 0x7F7F7F7F7F7F7F7FULL;
inline constexpr Bitboard kInnerFiles = kNotFileA & kNotFileH;  // files b..g
inline constexpr Bitboard kCorners = 0x8100000000000081ULL;

constexpr Bitboard square_bit(int square) { return Bitboard{1} << square; }
constexpr int popcount(Bitboard b) { return std::popcount(b); }
constexpr int lowest_square(Bitboard b) { return std::countr_zero(b); }

// Moves every disc one step in direction `Step` (+1 east, +8 south, +9 south-east, ...).
// Callers mask out the discs that wrap from one edge file to the other.
template <int Step>
constexpr Bitboard shift(Bitboard b) {
    if constexpr (Step > 0) {
        return b << Step;
    } else {
        return b >> -Step;
    }
}

}  // namespace sente::reversi
