#pragma once

// `sente train probcut`: the statistics behind the Othello midgame's Multi-ProbCut
// (games/reversi/probcut.hpp). Searches a random sample of positions from labelled position
// files (as `train selfplay` and `train wthor` write them) to every depth up to --depth with the
// full-strength evaluation, no early endgame solve and no selectivity (or, with --selective, the
// Multi-ProbCut a level plays with, to measure the model at depths a full-width search cannot
// reach), and writes one line per position: the board and side, its empty squares, the static
// evaluation and the value of each depth in hundredths of a disc. scripts/lab/probcut-fit turns the
// lines into the error model of a shallow search's value against a deeper one's.

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

namespace sente::tools {

struct ProbCutStatsOptions {
    std::vector<std::string> inputs;
    std::string output;
    int max_depth = 12;
    int positions = 1000;
    int min_empties = 24;  // positions with fewer are solved, not estimated, by the search
    int max_empties = 54;
    std::uint64_t seed = 1;
    // Multi-ProbCut's tolerance in tenths of a deviation during the searches; 0: none.
    int probcut_t = 0;
};

int probcut_stats(const ProbCutStatsOptions& options, std::ostream& out, std::ostream& err);

}  // namespace sente::tools
