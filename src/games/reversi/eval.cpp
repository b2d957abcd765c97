#include "games/reversi/eval.hpp"

#include <array>

namespace sente::reversi {

namespace {

constexpr Bitboard kEdges = 0xFF818181818181FFULL;
constexpr Bitboard kRank1 = 0x00000000000000FFULL;
constexpr Bitboard kFileA = 0x0101010101010101ULL;

// The seed programs' weights for levels 2-6: corners 5, other edge squares 2, the rest 1.
int corner_edge_weight(Bitboard discs) {
    return 5 * popcount(discs & kCorners) + 2 * popcount(discs & kEdges & ~kCorners) +
           popcount(discs & ~kEdges);
}

// Classic square values: corners good, the squares next to an empty corner bad.
constexpr std::array<int, 64> kSquareValue = {
    100, -20, 10, 5,  5,  10, -20, 100,  //
    -20, -50, -2, -2, -2, -2, -50, -20,  //
    10,  -2,  1,  1,  1,  1,  -2,  10,   //
    5,   -2,  1,  0,  0,  1,  -2,  5,    //
    5,   -2,  1,  0,  0,  1,  -2,  5,    //
    10,  -2,  1,  1,  1,  1,  -2,  10,   //
    -20, -50, -2, -2, -2, -2, -50, -20,  //
    100, -20, 10, 5,  5,  10, -20, 100,  //
};

int square_values(Bitboard discs) {
    int sum = 0;
    for (; discs != 0; discs &= discs - 1) sum += kSquareValue[lowest_square(discs)];
    return sum;
}

// Empty squares next to the opponent's discs: where the side to move may later find moves.
Bitboard neighbours(Bitboard b) {
    const Bitboard horizontal = ((b << 1) & kNotFileA) | ((b >> 1) & kNotFileH);
    const Bitboard row_and_sides = b | horizontal;
    return horizontal | (row_and_sides << 8) | (row_and_sides >> 8);
}

struct Lines {
    std::array<Bitboard, 8> rows{};
    std::array<Bitboard, 8> files{};
    std::array<Bitboard, 15> diagonals{};       // a1-h8 direction, indexed by col - row + 7
    std::array<Bitboard, 15> anti_diagonals{};  // h1-a8 direction, indexed by col + row
};

constexpr Lines make_lines() {
    Lines lines;
    for (int sq = 0; sq < 64; ++sq) {
        const int row = sq / 8;
        const int col = sq % 8;
        lines.rows[row] |= square_bit(sq);
        lines.files[col] |= square_bit(sq);
        lines.diagonals[col - row + 7] |= square_bit(sq);
        lines.anti_diagonals[col + row] |= square_bit(sq);
    }
    return lines;
}

constexpr Lines kLines = make_lines();

template <std::size_t N>
Bitboard full_lines(const std::array<Bitboard, N>& lines, Bitboard occupied) {
    Bitboard full = 0;
    for (Bitboard line : lines) {
        if ((occupied & line) == line) full |= line;
    }
    return full;
}

}  // namespace

Bitboard stable_discs(Bitboard player, Bitboard opponent) {
    const Bitboard occupied = player | opponent;
    // Along each axis a disc is safe when the line is full or the board edge is next to it.
    const Bitboard safe_horizontal = full_lines(kLines.rows, occupied) | kFileA | (kFileA << 7);
    const Bitboard safe_vertical = full_lines(kLines.files, occupied) | kRank1 | (kRank1 << 56);
    const Bitboard safe_diagonal = full_lines(kLines.diagonals, occupied) | kEdges;
    const Bitboard safe_anti = full_lines(kLines.anti_diagonals, occupied) | kEdges;

    // Or when an own stable disc is next to it along that axis. Grow to a fixed point.
    Bitboard stable = 0;
    for (;;) {
        const Bitboard h =
            safe_horizontal | ((stable << 1) & kNotFileA) | ((stable >> 1) & kNotFileH);
        const Bitboard v = safe_vertical | (stable << 8) | (stable >> 8);
        const Bitboard d =
            safe_diagonal | ((stable << 9) & kNotFileA) | ((stable >> 9) & kNotFileH);
        const Bitboard a = safe_anti | ((stable << 7) & kNotFileH) | ((stable >> 7) & kNotFileA);
        const Bitboard grown = player & h & v & d & a;
        if (grown == stable) return stable;
        stable = grown;
    }
}

int evaluate(const Position& pos, EvalKind kind) {
    const Bitboard me = pos.player;
    const Bitboard you = pos.opponent;
    switch (kind) {
        case EvalKind::discs:
            return 100 * (popcount(me) - popcount(you));
        case EvalKind::corner_edge:
            return 100 * (corner_edge_weight(me) - corner_edge_weight(you));
        case EvalKind::corner_edge_mobility: {
            const int mobility = popcount(legal_moves(me, you)) - popcount(legal_moves(you, me));
            return 100 * (corner_edge_weight(me) - corner_edge_weight(you)) + 150 * mobility;
        }
        case EvalKind::stability_mobility: {
            const int my_moves = popcount(legal_moves(me, you));
            const int your_moves = popcount(legal_moves(you, me));
            const Bitboard empty = pos.empty();
            const int potential =
                popcount(neighbours(you) & empty) - popcount(neighbours(me) & empty);
            const int stable = popcount(stable_discs(me, you)) - popcount(stable_discs(you, me));
            // Mobility as a ratio, so that 2 moves against 1 matters more than 12 against 11.
            const int mobility = 100 * (my_moves - your_moves) / (my_moves + your_moves + 2);
            return 3 * (square_values(me) - square_values(you)) + 6 * mobility + 20 * potential +
                   120 * stable;
        }
    }
    return 0;
}

int move_order_score(const Position& pos, Move move, int depth) {
    // Corners first, then edges and the centre, X- and C-squares last.
    static constexpr std::array<int, 64> kPriority = {
        9, 2, 7, 6, 6, 7, 2, 9,  //
        2, 0, 3, 3, 3, 3, 0, 2,  //
        7, 3, 5, 4, 4, 5, 3, 7,  //
        6, 3, 4, 4, 4, 4, 3, 6,  //
        6, 3, 4, 4, 4, 4, 3, 6,  //
        7, 3, 5, 4, 4, 5, 3, 7,  //
        2, 0, 3, 3, 3, 3, 0, 2,  //
        9, 2, 7, 6, 6, 7, 2, 9,  //
    };
    if (move.is_pass()) return 0;
    int score = kPriority[move.square];
    if (depth >= 3) {
        const Position next = play(pos, move);
        score -= 4 * popcount(legal_moves(next));
    }
    return score;
}

}  // namespace sente::reversi
