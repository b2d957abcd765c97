#pragma once

// `sente train gomoku-policy-check`: a network file's move order policy (games/gomoku/network.hpp,
// Policy) against the values its trainer expects (scripts/train-gomoku-policy --check).
//
// Each line is a line of `sente train gomoku-import --moves` (a position, the side to move, the
// engine's move and the candidates with their built-in order values) followed by the order
// value the trainer computed for each candidate. For each candidate it checks that sente's
// built-in order value is the one the file gives (else the data came from another version of
// the order), computes the policy's value as the search does (eval.hpp, policy_order_value) and
// compares: the trainer's float sums run in another order, so a value may round one unit off.
// It prints the largest difference, and how often the engine's move ranks first, among the
// first 5 and among the 12 a quiet node keeps by the built-in order and by the policy.

#include <iosfwd>
#include <string>
#include <vector>

namespace sente::tools {

struct GomokuPolicyCheckOptions {
    std::vector<std::string> inputs;
    std::string network;
    std::string game = "gomoku";
    int tolerance = 1;  // order value units
};

// 0 when every value is within the tolerance; 1 otherwise, when the network has no policy or
// when a file cannot be read (a message on `err`).
int gomoku_policy_check(const GomokuPolicyCheckOptions& options, std::ostream& out,
                        std::ostream& err);

}  // namespace sente::tools
