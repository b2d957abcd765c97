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
// Game phases are bands of empty squares of equal width (60 / phases); the weights file says how
// many. Files of version 1 had 12 (five empties each).
inline constexpr int kDefaultPhases = 30;

// Whole-board features after the pattern tables of a phase. A weights file may hold fewer than
// the evaluation computes (version 1: the first three); the others then weigh nothing.
enum ScalarFeature { kBias, kMobility, kPotentialMobility, kParity, kScalarFeatures };

class PatternWeights {
  public:
    // All zero.
    explicit PatternWeights(int phases = kDefaultPhases, int scalars = kScalarFeatures);
    // Offset of a kind's table inside a phase, the same for each place (instance) of the
    // patterns, and the tables' size; the scalar weights follow them.
    static int kind_offset(int kind);
    static const std::array<int, kPatternInstances>& instance_offsets();
    static int patterns_size();

    int phases() const { return phases_; }
    int scalars() const { return scalars_; }
    int phase_size() const { return patterns_size() + scalars_; }
    int phase_of(int empties) const {
        const int phase = (60 - empties) / (60 / phases_);
        return phase < 0 ? 0 : phase >= phases_ ? phases_ - 1 : phase;
    }
    // The empties of a phase, fewest and most.
    int fewest_empties(int phase) const {
        return phase == phases_ - 1 ? 0 : 60 - (phase + 1) * (60 / phases_) + 1;
    }
    int most_empties(int phase) const { return 60 - phase * (60 / phases_); }

    std::int16_t* phase(int p) {
        return weights_.data() +
               static_cast<std::size_t>(p) * static_cast<std::size_t>(phase_size());
    }
    const std::int16_t* phase(int p) const {
        return weights_.data() +
               static_cast<std::size_t>(p) * static_cast<std::size_t>(phase_size());
    }
    std::span<std::int16_t> all() { return weights_; }
    std::span<const std::int16_t> all() const { return weights_; }

    // Gives every reading the weight of its canonical reading, so that the evaluation can look
    // readings up as they are. Training fits canonical readings only; parse() calls this.
    void symmetrise();

    // The compact file format: a header (version, phases, scalars), then the weights of the
    // canonical readings (the others written as zero) with runs of zeros shortened.
    std::vector<std::uint8_t> serialise() const;
    static Result<PatternWeights> parse(std::span<const std::uint8_t> bytes);

  private:
    int phases_;
    int scalars_;
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
    int empties = 0;
    PatternIndices patterns{};  // canonical index per instance
    std::array<int, kScalarFeatures> scalars{};
};
PositionFeatures position_features(Bitboard player, Bitboard opponent);

// The evaluation in hundredths of a disc, for the side to move.
int pattern_evaluate(const PatternWeights& weights, Bitboard player, Bitboard opponent);
int pattern_evaluate(const PatternWeights& weights, Bitboard player, Bitboard opponent,
                     Bitboard player_moves, Bitboard opponent_moves);
// The same from the position's readings (pattern_readings), for callers that use them again.
int pattern_evaluate(const PatternWeights& weights, const PatternIndices& readings, Bitboard player,
                     Bitboard opponent, Bitboard player_moves, Bitboard opponent_moves);

}  // namespace sente::reversi
