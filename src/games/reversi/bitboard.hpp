#pragma once

// 64-bit boards for the 8x8 Othello board. Bit i is the square in row i / 8 and column i % 8,
// where row 0 is Othello row "1" (the top) and column 0 is file "a": a1 = bit 0, h8 = bit 63.

#include <bit>
#include <cstdint>

namespace sente::reversi {

using Bitboard = std::uint64_t;

inline constexpr int kSquares = 64;
inline constexpr Bitboard kFileA = 0x0101010101010101ULL;
inline constexpr Bitboard kFileH = 0x8080808080808080ULL;
inline constexpr Bitboard kRow1 = 0x00000000000000FFULL;  // Othello row "1", the top
inline constexpr Bitboard kRow8 = 0xFF00000000000000ULL;
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

// The squares next to any disc of `b` (the eight directions), `b` itself excepted unless a
// disc of it is next to another.
constexpr Bitboard neighbours(Bitboard b) {
    const Bitboard horizontal = ((b << 1) & kNotFileA) | ((b >> 1) & kNotFileH);
    const Bitboard row_and_sides = b | horizontal;
    return horizontal | (row_and_sides << 8) | (row_and_sides >> 8);
}

// The discs of one file as a byte, row 1 in bit 0. The multiplication gathers the file's bits
// into the top byte without carries.
constexpr unsigned file_bits(Bitboard b, int file) {
    return static_cast<unsigned>((((b >> file) & kFileA) * 0x0102040810204080ULL) >> 56);
}

}  // namespace sente::reversi
