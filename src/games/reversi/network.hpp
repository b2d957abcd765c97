#pragma once

// The Othello network (issue 55, docs/training.md): a learned, non-linear correction to the
// pattern evaluation (pattern_eval.hpp).
//
// Every reading of every pattern kind (patterns.hpp) indexes a row of kNetFeatures int8
// values (2.7 MB for all of them: the rows' reads from memory are most of the network's cost); a
// position's accumulator is the sum of the rows of its 46 readings (as the linear evaluation sums
// weights, the same readings), each entry clipped to [0, 1]. With the two sides' move counts it
// enters a small dense layer of kNetHidden units (clipped ReLU), chosen by the game phase
// (kNetBuckets bands of empties), whose output is a correction in discs added to the linear
// evaluation's value. The rows are shared by all phases, which keeps the table one size whatever
// the number of phases; the phases differ in the dense layers.
//
// Everything is integer, so that the portable build's two code paths and every compiler give
// the same value: table entries in 1/kNetTableScale, dense weights in 1/kNetWeightScale.
// scripts/train-othello-net trains it (PyTorch) on the positions `sente train othello-features`
// writes, and writes the file read_othello_network reads.

#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "games/reversi/patterns.hpp"
#include "games/reversi/position.hpp"
#include "sente/result.hpp"

namespace sente::reversi {

inline constexpr int kNetFeatures = 16;
inline constexpr int kNetHidden = 32;
// The dense layer's inputs: the clipped accumulator, then each side's move count.
inline constexpr int kNetInputs = kNetFeatures + 2;
inline constexpr int kNetBuckets = 8;
inline constexpr int kNetTableScale = 256;
inline constexpr int kNetWeightScale = 1024;
// A move count enters the dense layer as count / kNetMovesPerUnit.
inline constexpr int kNetMovesPerUnit = 16;

// The phase band of a position with `empties` empty squares: 60-53 empties are band 0, 4-0
// band 7.
constexpr int net_bucket(int empties) { return (60 - empties) / 8; }

struct alignas(16) OthelloNetRow {
    std::array<std::int8_t, kNetFeatures> values;
};

struct OthelloNetBucket {
    // [input][unit], in 1/kNetWeightScale: an input's weights side by side, so that the dense
    // layer adds each input to all the units at once (the file holds them unit by unit).
    // Biases in 1/(kNetTableScale * kNetWeightScale).
    std::array<std::array<std::int32_t, kNetHidden>, kNetInputs> hidden_weights{};
    std::array<std::int32_t, kNetHidden> hidden_bias{};
    // In 1/kNetWeightScale disc per unit at 1.0; the bias in 1/(kNetTableScale *
    // kNetWeightScale) disc.
    std::array<std::int16_t, kNetHidden> output_weights{};
    std::int32_t output_bias = 0;
};

struct OthelloNetwork {
    // A row for every reading of every kind, at PatternWeights::kind_offset(kind) + reading;
    // readings that are images of each other share the canonical reading's row.
    std::vector<OthelloNetRow> table;
    std::array<OthelloNetBucket, kNetBuckets> buckets{};
};

// The weight file (little-endian): "SENTEONN", the format version (uint32, 2), kNetFeatures,
// kNetHidden, kNetInputs, kNetBuckets, the pattern kinds and each kind's table size (uint32
// each, all checked against this build), then each kind's rows in reading order (int8 x
// kNetFeatures each; only the canonical readings' rows are read, the others take theirs), then
// each bucket: the hidden weights unit by unit (int16), the hidden biases (int32), the output
// weights (int16) and the output bias (int32).
inline constexpr std::string_view kOthelloNetMagic = "SENTEONN";
Result<std::shared_ptr<const OthelloNetwork>> read_othello_network(
    std::span<const std::uint8_t> bytes);
Result<std::shared_ptr<const OthelloNetwork>> load_othello_network(const std::string& path);

// The network built into the binary (network.bin); nullptr in a build without it.
std::shared_ptr<const OthelloNetwork> builtin_othello_network();

// The network levels 9-10 add to the linear evaluation: the built-in one until another is set
// (nullptr: none). Setting it is for the start of a process (games already searching may see
// either), and a network once set lives as long as the process.
void set_active_othello_network(std::shared_ptr<const OthelloNetwork> net);
const OthelloNetwork* active_othello_network();

// The correction in hundredths of a disc, from the position's readings (pattern_readings) and
// the two sides' move counts; `empties` chooses the bucket.
int othello_net_correction(const OthelloNetwork& net, const PatternIndices& readings, int empties,
                           int player_moves, int opponent_moves);

}  // namespace sente::reversi
