#pragma once

// Late-move reductions for Gomoku's search (search/game_concept.hpp, HasLateMoveReduction).
//
// The move list is ordered by attack and defence value (order_value), so in a quiet position the
// moves late in it are the ones a strong player would not consider; searching them a few plies
// shallower first buys the depth that the fours and threes further down the main lines need.
// Fours are never reduced (one forced reply: cheap, and a win may start there); moves that make
// an open three or stop one of the opponent's threats are reduced a ply less than quiet ones.

#include <array>
#include <cmath>

#include "games/gomoku/position.hpp"
#include "search/game_concept.hpp"

namespace sente::gomoku {

namespace reductions_detail {

inline constexpr int kMaxDepth = 64;
inline constexpr int kMaxIndex = 64;

// log(depth) * log(index) / kDivisor, rounded down after adding kBias: the usual shape (deeper
// nodes and later moves reduce more), scaled so that a depth-6 node reduces its fourth move by 2
// and a depth-12 node its twelfth by 6. The forward pruning and the fitted move order let the
// divisor come down from 2; deeper reductions than these lost (docs/experiments.md).
inline constexpr double kDivisor = 1.0;
inline constexpr double kBias = 0.3;

inline const std::array<std::array<std::int8_t, kMaxIndex>, kMaxDepth>& table() {
    static const auto reductions = [] {
        std::array<std::array<std::int8_t, kMaxIndex>, kMaxDepth> r{};
        for (int depth = 1; depth < kMaxDepth; ++depth)
            for (int index = 1; index < kMaxIndex; ++index)
                r[depth][index] =
                    static_cast<std::int8_t>(kBias + std::log(depth) * std::log(index) / kDivisor);
        return r;
    }();
    return reductions;
}

// At a node expected to fail high, a move that is not a killer is reduced this much more: the
// node's cut should come from its first moves, and the others are searched only to confirm
// that they fail low (as Rapfi and Stockfish do; docs/experiments.md).
inline constexpr int kCutNodeReduction = 2;

}  // namespace reductions_detail

// Plies to reduce the move to `point`, the `node.index`-th (0 first) at `node`.
inline int late_move_reduction(const Position& pos, int point, const search::ReductionNode& node) {
    const int depth = node.depth;
    const int index = node.index;
    if (depth < 3 || index < 2) return 0;
    const Color me = pos.side;
    const Threat attack = pos.threat(me, point);
    const Threat defence = pos.threat(opponent(me), point);
    // A four is answered by one forced reply: searching it costs little and it may start a win.
    if (attack >= kThreatFour) return 0;
    using namespace reductions_detail;
    int r = table()[std::min(depth, kMaxDepth - 1)][std::min(index, kMaxIndex - 1)];
    // (A point where the opponent would make a four has a threat of at least kThreatFour.)
    if (attack >= kThreatThree || defence >= kThreatThree) --r;
    if (node.pv_node) --r;
    if (node.cut_node && !node.killer) r += kCutNodeReduction;
    return r;
}

}  // namespace sente::gomoku
