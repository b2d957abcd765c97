#pragma once

// Gomoku evaluation and move ordering from the position's point values (position.hpp): a point's
// value for a colour measures the threats a stone of that colour would make there.

#include <array>
#include <cstdint>

#include "games/gomoku/position.hpp"
#include "search/score.hpp"

namespace sente::gomoku {

enum class EvalKind : std::uint8_t {
    greedy,  // the seed programs' easy player: no search, see greedy_point()
    full,
};

// The evaluation is linear in counts the position keeps up to date, from the side to move's
// point of view (`own` is the side to move, `their` the opponent):
//   [0, 8)   own (stone, direction) pairs in a line of each class kBlock1..kFlex4;
//   [8, 16)  the same for the opponent;
//   [16, 21) own empty points of each threat kThreatThree..kThreatFlexFour (at most 4 each);
//   [21, 26) the same for the opponent;
//   26, 27   the sums of own and of the opponent's point values (position.hpp);
//   28       1: the tempo of the side to move.
// Its weights are fitted to game outcomes by `sente train gomoku-fit` (tools/gomoku_fit.hpp).
inline constexpr int kEvalFeatures = 29;
using EvalFeatures = std::array<int, kEvalFeatures>;
// In sixteenths of a point; 200 points are one logit of the fitted win probability.
using EvalWeights = std::array<int, kEvalFeatures>;
inline constexpr int kEvalWeightScale = 16;

EvalFeatures eval_features(const Position& pos);
const EvalWeights& eval_weights();

// The weighted sum of the features, from the side to move's point of view.
search::Score evaluate(const Position& pos);

// Attack and defence value of a point for the side to move, for move ordering (small and
// non-negative: the search scales it).
int order_value(const Position& pos, int point);

}  // namespace sente::gomoku
