#pragma once

// The Soldiers and Generals board as 64-bit masks. Every size (5x5 to 8x8) uses the same 8-wide
// layout: bit rank * 8 + file, rank 0 being rank "1" at the bottom (the generals' side) and file 0
// file "a" on the left. Points beyond the board's size are never set, so a shift that leaves the
// board only has to be masked with the board.

#include <bit>
#include <cstdint>

namespace sente::soldiers {

using Bitboard = std::uint64_t;

inline constexpr int kMinSize = 5;
inline constexpr int kMaxSize = 8;
inline constexpr int kStride = 8;

constexpr Bitboard point_bit(int point) { return Bitboard{1} << point; }
constexpr int popcount(Bitboard b) { return std::popcount(b); }
constexpr int lowest_point(Bitboard b) { return std::countr_zero(b); }
constexpr int point_at(int file, int rank) { return rank * kStride + file; }
constexpr int file_of(int point) { return point % kStride; }
constexpr int rank_of(int point) { return point / kStride; }

// The points of an N x N board.
constexpr Bitboard board_mask(int size) {
    Bitboard mask = 0;
    for (int rank = 0; rank < size; ++rank) {
        for (int file = 0; file < size; ++file) mask |= point_bit(point_at(file, rank));
    }
    return mask;
}

inline constexpr Bitboard kFileA = 0x0101010101010101ULL;
inline constexpr Bitboard kFileH = 0x8080808080808080ULL;

// The four orthogonal directions, as the change of a point's index.
enum Direction : int { kNorth = 8, kSouth = -8, kEast = 1, kWest = -1 };
inline constexpr Direction kDirections[4] = {kNorth, kSouth, kEast, kWest};

// Every piece of `b` moved one point in direction `D`, those that would leave the board dropped.
// East and west must not wrap from file h to file a of the next rank (only 8x8 has file h); the
// board mask drops everything that lands beyond the board's own last file or rank.
template <Direction D>
constexpr Bitboard step(Bitboard b, Bitboard board) {
    if constexpr (D == kNorth) return (b << 8) & board;
    if constexpr (D == kSouth) return (b >> 8) & board;
    if constexpr (D == kEast) return ((b & ~kFileH) << 1) & board;
    if constexpr (D == kWest) return ((b & ~kFileA) >> 1) & board;
}

inline Bitboard step(Bitboard b, Direction d, Bitboard board) {
    switch (d) {
        case kNorth:
            return step<kNorth>(b, board);
        case kSouth:
            return step<kSouth>(b, board);
        case kEast:
            return step<kEast>(b, board);
        case kWest:
            return step<kWest>(b, board);
    }
    return 0;
}

// The points next to any point of `b`.
inline Bitboard neighbours(Bitboard b, Bitboard board) {
    return step<kNorth>(b, board) | step<kSouth>(b, board) | step<kEast>(b, board) |
           step<kWest>(b, board);
}

}  // namespace sente::soldiers
