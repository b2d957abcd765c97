#pragma once

// Forward pruning for Gomoku's search at the strong levels (search/game_concept.hpp,
// HasForwardPruning): near the horizon, a null-window node whose static value lies far above
// beta returns it (futility), one far below alpha drops to the horizon (razoring), and a node
// searches only its first few moves once one of them holds (move-count pruning). The move list
// is ordered by attack and defence value, so the moves it leaves out are the quiet ones that a
// strong player would not look at this close to the horizon.
//
// None of it applies where the evaluation cannot be trusted: when the opponent threatens five
// (one forced block) or an open four (its open three must be met, and the moves are already cut
// down to the replies that can), or when the game is over.
//
// Margins are in evaluation units (200 to a logit of the fitted win probability, eval.hpp).
// Tuned by self-play (docs/experiments.md): deeper futility and move-count pruning lost.

#include <cmath>
#include <optional>

#include "games/gomoku/position.hpp"
#include "search/game_concept.hpp"

namespace sente::gomoku {

namespace pruning_detail {

inline constexpr int kFutilityDepth = 6;
inline constexpr search::Score kFutilityMargin = 60;  // a ply
inline constexpr int kRazorDepth = 2;
inline constexpr search::Score kRazorBase = 40;
inline constexpr search::Score kRazorMargin = 15;  // a ply
inline constexpr int kMoveCountDepth = 8;

// 3 + depth^1.32 moves: 4 at depth 1, 5 at 2, 7 at 3, 9 at 4, ..., 18 at 8.
inline int move_count(int depth) {
    return 3 + static_cast<int>(std::pow(static_cast<double>(depth), 1.32));
}

}  // namespace pruning_detail

inline std::optional<search::ForwardPruning> forward_pruning(const Position& pos, int depth) {
    if (is_game_over(pos)) return std::nullopt;
    const Color them = opponent(pos.side);
    if (pos.count(them, kThreatFive) > 0 || pos.count(them, kThreatFlexFour) > 0) {
        return std::nullopt;
    }
    using namespace pruning_detail;
    search::ForwardPruning pruning;
    if (depth <= kFutilityDepth) pruning.futility_margin = kFutilityMargin * depth;
    if (depth <= kRazorDepth) pruning.razor_margin = kRazorBase + kRazorMargin * depth;
    if (depth <= kMoveCountDepth) pruning.move_count = move_count(depth);
    return pruning;
}

}  // namespace sente::gomoku
