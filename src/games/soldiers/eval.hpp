#pragma once

// Soldiers and Generals evaluations, from the side to move's point of view, in hundredths of a
// soldier. Each is what one group of levels uses.

#include <cstdint>

#include "games/soldiers/position.hpp"

namespace sente::soldiers {

enum class EvalKind : std::uint8_t {
    // The source app's one-ply player: for the generals, fewer soldiers first, then more general
    // moves; the soldiers' mirror image prefers leaving the generals the fewest moves.
    greedy,
    // Material, general mobility and captures on offer, the room the generals can reach, and the
    // soldiers a general can get at.
    full,
};

int evaluate(const Position& pos, EvalKind kind);

// Move-ordering score, higher first: captures, then soldiers closing in on a general.
int move_order_score(const Position& pos, Move move);

}  // namespace sente::soldiers
