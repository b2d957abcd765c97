#pragma once

// Reversi evaluations, from the side to move's point of view, in hundredths of a disc (roughly:
// only the disc counter is exactly that). Each is what one group of levels uses.

#include <cstdint>
#include <limits>

#include "games/reversi/position.hpp"

namespace sente::reversi {

enum class EvalKind : std::uint8_t {
    discs,                 // disc count only (the rookie)
    corner_edge,           // corners 5, edges 2, other squares 1
    corner_edge_mobility,  // the above plus mobility
    stability_mobility,    // stable discs, mobility, potential mobility, square values
    patterns,  // the trained pattern evaluation (stability_mobility in a binary without weights)
};

// What the search asking for a value needs to know of it: whether it lies at or below alpha,
// between, or at or above beta. The default window asks for the value itself.
struct EvalWindow {
    int alpha = std::numeric_limits<int>::min();
    int beta = std::numeric_limits<int>::max();
};

// The network's correction (network.hpp) is left out where the patterns' value alone lies this
// far outside the window: the correction is seldom that large (docs/training.md), so the answer
// stays on the same side of the window, and most of the search's leaves lie that far outside
// it: its row reads are most of what a leaf costs.
inline constexpr int kLazyNetworkMargin = 500;

int evaluate(const Position& pos, EvalKind kind);
// The same, given both sides' legal moves (the search's leaves have them), for a search with
// this window.
int evaluate(const Position& pos, EvalKind kind, Bitboard player_moves, Bitboard opponent_moves,
             EvalWindow window = {});

// Move-ordering score, higher first: square priority (corners first, X-squares last) and, when
// enough depth remains to pay for it, fewest replies for the opponent (fastest-first).
int move_order_score(const Position& pos, Move move, int depth);

}  // namespace sente::reversi
