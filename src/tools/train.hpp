#pragma once

// `sente train`: the training pipeline of the Reversi pattern evaluation (pattern_eval.hpp).
//
//   selfplay  plays games from random openings and writes labelled positions, the start and the
//             random plies included: every position with at most --solve-empties empty squares
//             gets its exact value from the endgame solver; every earlier one the exact value of
//             the first solved position of its game (the game continued with perfect play from
//             there), from its own side's view.
//   fit       fits the weights of every phase to labelled positions by least squares (per-weight
//             steps, ridge regularisation, a held-out tenth to stop on), reports the error per
//             phase, and writes the weights file the build embeds.

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

namespace sente::tools {

struct SelfPlayOptions {
    int games = 1000;
    int random_plies = 8;      // random legal moves at the start of every game
    int level = 5;             // the level that plays the rest
    double random_rate = 0.1;  // and the chance of a random move instead, until 30 empties
    int solve_empties = 16;
    std::uint64_t seed = 1;
    std::string output;
};

struct FitOptions {
    std::vector<std::string> inputs;
    std::string output;
    int epochs = 300;
    double regularisation = 4.0;  // added to every weight's occurrence count in its step
};

int self_play(const SelfPlayOptions& options, std::ostream& out, std::ostream& err);
int fit(const FitOptions& options, std::ostream& out, std::ostream& err);

}  // namespace sente::tools
