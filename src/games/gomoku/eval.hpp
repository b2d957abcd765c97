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
//   26, 27   the sums of own and of the opponent's point values (position.hpp), in sixteenths;
//   28       1: the tempo of the side to move;
//   [29, 78) one-hot, the threat state: 29 + 7 * own best threat + their best threat (Threat,
//            kNoThreat..kThreatFive), which the counts cannot say: a four-three point wins when
//            the opponent has no four to answer with and is worth little when it has to block
//            a five first;
//   [78, 78 + kShapes)  how many empty points have each shape (shape.hpp) for the side to move
//            (0 for the shapes that carry no weight);
//   [78 + kShapes, 78 + 2 * kShapes)  the same for the opponent.
// Its weights are fitted to game outcomes by `sente train gomoku-fit` (tools/gomoku_fit.hpp);
// the shapes' weights live in shape.cpp, and the position keeps their sums (Position::shape_sums).
inline constexpr int kEvalCounts = 29;
inline constexpr int kEvalShapeBase = kEvalCounts + kThreats * kThreats;
inline constexpr int kEvalFeatures = kEvalShapeBase + 2 * kShapes;
using EvalFeatures = std::array<int, kEvalFeatures>;
// In sixteenths of a point; 200 points are one logit of the fitted win probability.
using EvalWeights = std::array<int, kEvalFeatures>;
inline constexpr int kEvalWeightScale = 16;

// Counted from scratch (the shapes by a walk over the board): the fitting tool's and the tests'.
EvalFeatures eval_features(const Position& pos);
const EvalWeights& eval_weights();

// The weighted sum of the features, from the side to move's point of view; or, for a position
// with a network (network.hpp), the network's value.
search::Score evaluate(const Position& pos);
// The network's value of a position that has one as the logit of the side to move's chance to
// win (the built-in value included for a network trained on it).
double network_logit(const Position& pos);
// The built-in (hand-made) evaluation, with a network or without.
search::Score built_in_evaluate(const Position& pos);

// Move ordering: the value of an empty point for the side to move is a sum of weights of its
// features, each feature one index in [0, kOrderFeatures):
//   [0, 121)   per direction (four features), 11 * the line class (LinePattern) a stone of the
//              side to move would make there + the class the opponent's stone would make;
//   [121, 170) 121 + 7 * own threat there + their threat there (Threat);
//   [170, 219) 170 + 7 * own stones within two points + their stones (each at most 6).
// The weights are fitted by `sente train gomoku-fit --order` to the moves the winners of games
// played among the points the search would try (a softmax over them), so the order is the one
// strong play suggests rather than a hand-set mix of attack and defence: a point that blocks
// and builds on the same line, or that joins the fight where the stones are, ranks higher.
inline constexpr int kNearbyClasses = 7;
inline constexpr int kOrderFeatures =
    kLinePatterns * kLinePatterns + kThreats * kThreats + kNearbyClasses * kNearbyClasses;
using OrderFeatures = std::array<std::uint8_t, 6>;
using OrderWeights = std::array<int, kOrderFeatures>;
// kOrderWeightScale units make one logit of the fitted move probability.
inline constexpr int kOrderWeightScale = 64;
// Added to every point's sum, so that the values fall inside [0, 8000].
inline constexpr int kOrderOffset = 4000;

OrderFeatures order_features(const Position& pos, int point);
const OrderWeights& order_weights();

// The point's value for move ordering: the weighted features, shifted and clamped into
// [0, 8000] (the search scales it, and history breaks its ties).
int built_in_order_value(const Position& pos, int point);
// The same empty point's value with the position's policy (Position::order_policy, network.hpp)
// where it has one, `built_in` its built_in_order_value: in the same units, clamped alike. The
// policy's table has rows for empty points' patterns only.
int policy_order_value(const Policy& policy, const Position& pos, int point, int built_in);
// The value the search orders by for an empty point: the policy's where the position has one,
// else the built-in.
inline int order_value(const Position& pos, int point) {
    const int built_in = built_in_order_value(pos, point);
    return pos.order_policy == nullptr
               ? built_in
               : policy_order_value(*pos.order_policy, pos, point, built_in);
}

}  // namespace sente::gomoku
