#pragma once

// Reversi evaluations, from the side to move's point of view, in hundredths of a disc (roughly:
// only the disc counter is exactly that). Each is what one group of levels uses.

#include <cstdint>

#include "games/reversi/position.hpp"

namespace sente::reversi {

enum class EvalKind : std::uint8_t {
    discs,                 // disc count only (the rookie)
    corner_edge,           // corners 5, edges 2, other squares 1
    corner_edge_mobility,  // the above plus mobility
    stability_mobility,    // stable discs, mobility, potential mobility, square values
    patterns,  // the trained pattern evaluation (stability_mobility in a binary without weights)
};

int evaluate(const Position& pos, EvalKind kind);
// The same, given both sides' legal moves (the search's leaves have them).
int evaluate(const Position& pos, EvalKind kind, Bitboard player_moves, Bitboard opponent_moves);

// Move-ordering score, higher first: square priority (corners first, X-squares last) and, when
// enough depth remains to pay for it, fewest replies for the opponent (fastest-first).
int move_order_score(const Position& pos, Move move, int depth);

}  // namespace sente::reversi
