#pragma once

// `sente train othello-features`: the Othello network's training data (games/reversi/network.hpp).
//
// Reads labelled position files ("BOARD SIDE LABEL" lines, as `train wthor`, `selfplay` and
// `relabel` write them) and writes one binary file the trainer (scripts/train-othello-net) maps
// into memory as it is. The header tells the trainer the patterns, so that it holds no copy of
// their definitions (all little-endian):
//
//   "SENTEOTF", version (uint32, 1), instances (uint32, 46), kinds (uint32, 11), each kind's
//   table size (uint32), each instance's kind (uint32), the record count (uint64)
//
// then one record of kOthelloFeatureRecordSize bytes per position:
//
//   uint16 x 46  the canonical reading of each pattern instance (patterns.hpp)
//   uint8        the side to move's legal moves
//   uint8        the opponent's legal moves
//   uint8        empty squares
//   int8         the label: the final disc difference for the side to move
//   int16        the built-in linear evaluation, in hundredths of a disc
//
// The linear value is the base the network corrects; the trainer needs no other feature.

#include <cstddef>
#include <iosfwd>
#include <string>
#include <vector>

namespace sente::tools {

inline constexpr std::size_t kOthelloFeatureRecordSize = 46 * 2 + 4 + 2;

struct OthelloFeaturesOptions {
    std::vector<std::string> inputs;
    std::string output;
};

int othello_features(const OthelloFeaturesOptions& options, std::ostream& out, std::ostream& err);

}  // namespace sente::tools
