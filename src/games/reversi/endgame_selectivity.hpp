#pragma once

// How selective an endgame solve is. Exact solves prove every score. Selective passes (ProbCut)
// cut a node when a short look with the evaluation puts it beyond the window by a margin: they
// are much cheaper and nearly always right, and what they leave in the transposition table
// (best moves, a score to aim at) orders the exact solve that follows them.

#include "search/tt.hpp"

namespace sente::reversi {

// Exact (level 0), or ProbCut at nodes of `min_empties` or more with a margin of `margin`
// discs. Later passes have higher levels and wider margins.
struct Selectivity {
    int level = 0;
    int margin = 0;
    int min_empties = 12;
    bool exact() const { return level == 0; }
};

// Table depths of selective results: just below the exhaustive ones and above any depth the
// midgame search reaches; one per level, so that a pass trusts the bounds of its own level and
// higher ones (wider margins) but no exact search trusts them. Their moves order every pass.
constexpr int selective_depth(int level) {
    return search::TranspositionTable::kExhaustiveDepth - 8 + level;
}
// Whether a table entry comes from the endgame solver, exact or selective: its move orders.
constexpr bool is_solver_depth(int depth) { return depth > selective_depth(0); }

}  // namespace sente::reversi
