#include "games/gomoku/eval.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <span>

#include "games/gomoku/renju.hpp"

namespace sente::gomoku {

namespace {

// Fitted by `sente train gomoku-fit` (logistic regression on game outcomes, see
// docs/training.md, "The Gomoku evaluation"), with the shapes' weights (shape.cpp), to 927
// games of freestyle 15x15: sente level 10 against AIWine, Rapfi and itself, and Rapfi against
// itself; 33,098 positions. A four on the board is never evaluated for its owner to move (the
// five is played) and an open four never against it (two fives cannot both be blocked), so
// those line weights are 0; nor is a five for the side to move, so that row of the threat
// states is 0. The counts, the threat states and the shapes overlap, so a weight alone says
// little: only their sums are fitted.
// One row of the tables a line:
// clang-format off
constexpr std::array<int, kEvalShapeBase> kWeights = {
    // own lines: block1 flex1 block2 flex2 block3 flex3 block4 flex4
    549, 336, -643, -338, 589, 1067, 0, 0,
    // their lines
    -601, -365, 497, 173, -761, -3236, -423, 0,
    // own threats: three, double three, four, four-three, flex four
    448, 1828, 456, 1525, 1033,
    // their threats
    -582, -1519, -406, -5207, -2350,
    // own and their point values, tempo
    8, -2, 1365,
    // threat states: own best threat (rows) against their best threat (columns)
    -2402, 583, 1100, 3665, 6931, 10855, -2604,
    -3771, -778, 6, 2178, 2475, 7629, -4103,
    0, 21758, 24327, 2667, -1888, 3925, -9906,
    -5743, -2034, 1391, 654, 2755, 5943, -5940,
    2402, 18005, 21857, 7660, 11475, 24349, -2011,
    4514, 17560, 18974, 25359, 26042, 48029, -3435,
    0, 0, 0, 0, 0, 0, 0};

// Fitted by `sente train gomoku-fit --order` (see eval.hpp) to the winners' moves of the same
// games: 21,643 moves.
constexpr OrderWeights kOrderWeights = {
    // line classes in one direction: own (rows: dead overline block1 flex1 block2 flex2 block3
    // flex3 block4 flex4 five) against their (columns, the same)
    -111, 0, 0, 0, -97, -75, -46, -14, 27, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, -115, 0, -98, -59, -40, 3, 35, 0, 0,
    0, 0, 0, -85, -71, -55, -18, -51, 28, 0, 0,
    -82, 0, -70, -60, -70, -64, -29, -24, 41, 0, 0,
    -4, 0, 16, 5, -11, 5, 14, -18, 60, 0, 0,
    10, 0, 13, 35, -26, 36, -31, -17, -7, 0, 0,
    40, 0, 35, -6, 17, -12, 10, 12, 0, 0, 0,
    88, 0, 71, 68, 63, 63, 59, -4, 0, 0, 0,
    234, 0, 235, 0, 123, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    // threats there: own (rows) against their (columns)
    -233, -108, -72, -113, 69, 0, 0,
    -61, -38, -82, -33, 39, 0, 0,
    71, 67, 18, 10, -40, 0, 0,
    -115, -109, -132, -82, -18, 0, 0,
    152, 136, 22, 70, 0, 0, 0,
    233, 310, 65, 248, 35, 0, 0,
    0, 0, 0, 0, 0, 0, 0,
    // stones within two points: own (rows, 0..6 or more) against their (columns)
    0, -270, -132, -74, -100, -34, -3,
    -111, -73, -54, -14, -39, -41, 20,
    -4, 1, -2, -5, 1, -4, 5,
    51, 37, 35, 12, 8, 8, 5,
    66, 64, 50, 32, 7, 8, 3,
    53, 70, 67, 48, 22, 18, 9,
    3, 53, 60, 54, 45, 33, 12};
// clang-format on

// The strongest threat `color` has on an empty point (kNoThreat if none).
int best_threat(const Position& pos, int color) {
    for (int k = kThreatFive; k > kNoThreat; --k)
        if (pos.threat_counts[color][k] > 0) return k;
    return kNoThreat;
}

// The features [0, kEvalCounts).
void write_counts(const Position& pos, std::span<int, kEvalCounts> f) {
    const int own = index_of(pos.side);
    const int their = 1 - own;
    for (int k = kBlock1; k <= kFlex4; ++k) {
        f[k - kBlock1] = pos.stone_lines[own][k];
        f[8 + k - kBlock1] = pos.stone_lines[their][k];
    }
    for (int k = kThreatThree; k <= kThreatFlexFour; ++k) {
        f[16 + k - kThreatThree] = std::min<int>(pos.threat_counts[own][k], 4);
        f[21 + k - kThreatThree] = std::min<int>(pos.threat_counts[their][k], 4);
    }
    // In sixteenths: the sums run to thousands, and their weights are whole numbers.
    f[26] = pos.value_sums[own] / 16;
    f[27] = pos.value_sums[their] / 16;
    f[28] = 1;
}

int threat_state(const Position& pos, int own, int their) {
    return kEvalCounts + kThreats * best_threat(pos, own) + best_threat(pos, their);
}

}  // namespace

EvalFeatures eval_features(const Position& pos) {
    const int own = index_of(pos.side);
    EvalFeatures f{};
    write_counts(pos, std::span<int, kEvalCounts>(f.data(), kEvalCounts));
    f[threat_state(pos, own, 1 - own)] = 1;
    for_each_point(pos, [&](int point) {
        if (!pos.is_empty(point)) return;
        const auto& codes = pos.points[point].shape_codes;
        const int mine = shape_index(codes[own]);
        const int theirs = shape_index(codes[1 - own]);
        if (is_weighed(shape_of_index(mine))) ++f[kEvalShapeBase + mine];
        if (is_weighed(shape_of_index(theirs))) ++f[kEvalShapeBase + kShapes + theirs];
    });
    return f;
}

const EvalWeights& eval_weights() {
    static const EvalWeights weights = [] {
        EvalWeights w{};
        std::copy(kWeights.begin(), kWeights.end(), w.begin());
        for (int index = 0; index < kShapes; ++index) {
            w[kEvalShapeBase + index] = shape_weight(index).own;
            w[kEvalShapeBase + kShapes + index] = shape_weight(index).their;
        }
        return w;
    }();
    return weights;
}

double network_logit(const Position& pos) {
    const Network& net = *pos.network;
    double logit = net_logit(net, pos.net_sums, pos.side);
    if (net.on_built_in) logit += built_in_evaluate(pos) / kNetPointsPerLogit;
    return logit;
}

search::Score evaluate(const Position& pos) {
    if (pos.network == nullptr) return built_in_evaluate(pos);
    const double score = std::round(network_logit(pos) * kNetPointsPerLogit);
    return static_cast<search::Score>(std::clamp(score, -20000.0, 20000.0));
}

search::Score built_in_evaluate(const Position& pos) {
    std::array<int, kEvalCounts> counts;
    write_counts(pos, counts);
    const int own = index_of(pos.side);
    int sum = kWeights[threat_state(pos, own, 1 - own)];
    for (int i = 0; i < kEvalCounts; ++i) sum += kWeights[i] * counts[i];
    sum += pos.shape_sums[own][0] + pos.shape_sums[1 - own][1];
    return std::clamp(sum / kEvalWeightScale, -20000, 20000);
}

OrderFeatures order_features(const Position& pos, int point) {
    const int own = index_of(pos.side);
    const int their = 1 - own;
    const PointState& state = pos.points[point];
    OrderFeatures f{};
    for (int d = 0; d < 4; ++d) f[d] = kLinePatterns * state.lines[own][d] + state.lines[their][d];
    f[4] = kLinePatterns * kLinePatterns + kThreats * state.threats[own] + state.threats[their];
    f[5] = kLinePatterns * kLinePatterns + kThreats * kThreats +
           kNearbyClasses * std::min(pos.nearby(pos.side, point), kNearbyClasses - 1) +
           std::min(pos.nearby(opponent(pos.side), point), kNearbyClasses - 1);
    return f;
}

const OrderWeights& order_weights() { return kOrderWeights; }

int built_in_order_value(const Position& pos, int point) {
    int sum = kOrderOffset;
    for (const std::uint8_t feature : order_features(pos, point)) sum += kOrderWeights[feature];
    return std::clamp(sum, 0, 8000);
}

int policy_order_value(const Policy& policy, const Position& pos, int point, int built_in) {
    std::array<int, kPolicyFeatures> sum{};
    for (int d = 0; d < 4; ++d) {
        const PolicyRow& row = policy.table[net_pattern(pos, point, d)];
        for (int j = 0; j < kPolicyFeatures; ++j) sum[j] += row[j];
    }
    // The side to move's half first, as the trainer reads the point (white's starts at
    // kPolicyViewFeatures).
    const int own = pos.side == Color::black ? 0 : kPolicyViewFeatures;
    const int other = kPolicyViewFeatures - own;
    float logit = policy.bias + policy.order_weight * static_cast<float>(built_in - kOrderOffset) /
                                    static_cast<float>(kOrderWeightScale);
    for (int j = 0; j < kPolicyViewFeatures; ++j) {
        logit += policy.weights[j] * static_cast<float>(std::clamp(sum[own + j], 0, kNetClip));
        logit += policy.weights[kPolicyViewFeatures + j] *
                 static_cast<float>(std::clamp(sum[other + j], 0, kNetClip));
    }
    const float value = static_cast<float>(kOrderOffset) + kOrderWeightScale * logit;
    return std::clamp(static_cast<int>(std::lround(value)), 0, 8000);
}

}  // namespace sente::gomoku
