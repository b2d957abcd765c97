#pragma once

// `sente train gomoku-net-check`: a Gomoku network file against positions of
// `sente train gomoku-selfplay` (games/gomoku/network.hpp, scripts/train-gomoku-net).
//
// For every position it computes the network's logit as the engine does (the rounded table,
// the incremental sums of a position built stone by stone) and the hand-made evaluation's
// (its score / 200, which must be the value the file gives), and prints each one's mean log-loss against the games' results, against
// the searches' scores (as win probabilities) and against their mean: the held-out loss table
// of docs/training.md. A line may end with the logit the trainer expects sente to compute
// (train-gomoku-net --check): then the largest difference is printed too, and the check fails
// when it exceeds the tolerance.

#include <iosfwd>
#include <string>
#include <vector>

namespace sente::tools {

struct GomokuNetCheckOptions {
    std::vector<std::string> inputs;
    std::string network;
    std::string game = "gomoku";
    double tolerance = 0.01;  // logits
};

// 0 when every expected logit is within the tolerance (or none was given); 1 otherwise or
// when a file cannot be read (a message on `err`).
int gomoku_net_check(const GomokuNetCheckOptions& options, std::ostream& out, std::ostream& err);

}  // namespace sente::tools
