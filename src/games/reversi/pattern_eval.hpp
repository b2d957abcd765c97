#pragma once

// The trained evaluation: per game phase (by empty squares) a weight for every canonical
// reading of every pattern (patterns.hpp), plus a few whole-board features, summed for the side
// to move. The weights are learnt by `sente train` (src/tools/train.cpp) and ship inside the
// binary (weights.bin, embedded at build time), so the engine needs no file at run time.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "games/reversi/patterns.hpp"
#include "sente/result.hpp"

namespace sente::reversi {

// Weights are stored in units of 1/kWeightScale disc.
inline constexpr int kWeightScale = 64;
inline constexpr int kPhases = 12;

// Whole-board features after the pattern tables of a phase.
enum ScalarFeature { kBias, kMobility, kPotentialMobility, kScalarFeatures };

constexpr int phase_of(int empties) {
    const int phase = (60 - empties) / 5;
    return phase < 0 ? 0 : phase >= kPhases ? kPhases - 1 : phase;
}

class PatternWeights {
  public:
    PatternWeights();  // all zero
    // Offset of a kind's table inside a phase, the same for each place (instance) of the
    // patterns, and the size of a phase.
    static int kind_offset(int kind);
    static const std::array<int, kPatternInstances>& instance_offsets();
    static int phase_size();

    std::int16_t* phase(int p) {
        return weights_.data() + static_cast<std::size_t>(p) * phase_size();
    }
    const std::int16_t* phase(int p) const {
        return weights_.data() + static_cast<std::size_t>(p) * phase_size();
    }
    std::span<std::int16_t> all() { return weights_; }
    std::span<const std::int16_t> all() const { return weights_; }

    // Gives every reading the weight of its canonical reading, so that the evaluation can look
    // readings up as they are. Training fits canonical readings only; parse() calls this.
    void symmetrise();

    // The compact file format: a header, then the weights of the canonical readings (the others
    // written as zero) with runs of zeros shortened.
    std::vector<std::uint8_t> serialise() const;
    static Result<PatternWeights> parse(std::span<const std::uint8_t> bytes);

  private:
    std::vector<std::int16_t> weights_;
};

// The weights built into the binary; nullptr when it was built without any.
const PatternWeights* builtin_weights();

// The whole-board features, the same for the evaluation and the training; the second form
// takes both sides' legal moves when the caller has them.
std::array<int, kScalarFeatures> scalar_features(Bitboard player, Bitboard opponent);
std::array<int, kScalarFeatures> scalar_features(Bitboard player, Bitboard opponent,
                                                 Bitboard player_moves, Bitboard opponent_moves);

// The features of a position, as the training sees them.
struct PositionFeatures {
    int phase = 0;
    PatternIndices patterns{};  // canonical index per instance
    std::array<int, kScalarFeatures> scalars{};
};
PositionFeatures position_features(Bitboard player, Bitboard opponent);

// The evaluation in hundredths of a disc, for the side to move.
int pattern_evaluate(const PatternWeights& weights, Bitboard player, Bitboard opponent);
int pattern_evaluate(const PatternWeights& weights, Bitboard player, Bitboard opponent,
                     Bitboard player_moves, Bitboard opponent_moves);

}  // namespace sente::reversi
