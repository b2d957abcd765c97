#include "games/gomoku/eval.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>

#include "games/gomoku/renju.hpp"

namespace sente::gomoku {

namespace {

// Fitted by `sente train gomoku-fit` (logistic regression on game outcomes, see the README's
// "The Gomoku evaluation") to 527 games of sente at levels 9-10 against AIWine and itself,
// freestyle 15x15: 16,097 positions. A four on the board is never evaluated for its owner to
// move (the five is played) and an open four never against it (two fives cannot both be
// blocked), so those line weights are 0.
constexpr EvalWeights kWeights = {
    // own lines: block1 flex1 block2 flex2 block3 flex3 block4 flex4
    120, 293, 451, 619, 1096, 2707, 0, 0,
    // their lines
    -53, -242, -408, -582, -1034, -1859, -1467, 0,
    // own threats: three, double three, four, four-three, flex four
    720, 646, -707, 4358, -510,
    // their threats
    -784, -594, 730, -1766, -514,
    // own and their point values, tempo
    2, -1, 485};

}  // namespace

EvalFeatures eval_features(const Position& pos) {
    const int own = index_of(pos.side);
    const int their = 1 - own;
    EvalFeatures f{};
    for (int k = kBlock1; k <= kFlex4; ++k) {
        f[k - kBlock1] = pos.stone_lines[own][k];
        f[8 + k - kBlock1] = pos.stone_lines[their][k];
    }
    for (int k = kThreatThree; k <= kThreatFlexFour; ++k) {
        f[16 + k - kThreatThree] = std::min<int>(pos.threat_counts[own][k], 4);
        f[21 + k - kThreatThree] = std::min<int>(pos.threat_counts[their][k], 4);
    }
    f[26] = pos.value_sums[own];
    f[27] = pos.value_sums[their];
    f[28] = 1;
    return f;
}

const EvalWeights& eval_weights() { return kWeights; }

search::Score evaluate(const Position& pos) {
    const EvalFeatures f = eval_features(pos);
    int sum = 0;
    for (int i = 0; i < kEvalFeatures; ++i) sum += kWeights[i] * f[i];
    return std::clamp(sum / kEvalWeightScale, -20000, 20000);
}

int order_value(const Position& pos, int point) {
    const int attack = pos.value(pos.side, point);
    const int defence = pos.value(opponent(pos.side), point);
    return std::min(attack * 2 + defence, 8000);
}

}  // namespace sente::gomoku
