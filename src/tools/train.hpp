#pragma once

// `sente train`: the training pipeline of the Reversi pattern evaluation (pattern_eval.hpp).
//
//   selfplay  plays games from random openings (a number of random plies drawn per game) and
//             writes the labelled positions from the end of the random opening on: every
//             position with at most --solve-empties empty squares gets its exact value from the
//             endgame solver; every earlier one the exact value of the first solved position of
//             its game (the game continued with perfect play from there), from its own side's
//             view. Positions inside the random opening are left out: their label would be the
//             result of random moves.
//   wthor     turns the tournament games of WTHOR files (wthor.hpp) into labelled positions:
//             positions with at least the files' theoretical empties (24) get the game's
//             theoretical score (perfect play from there on), positions with at most
//             --solve-empties their exact value from the solver, those in between the exact
//             value of the game's first solved position. Every Nth game can go to a file of
//             its own, to hold whole games out of the fit.
//   error     the root-mean-square error of a weights file (or the built-in weights) against
//             labelled positions, per band of five empties: the before/after of a new fit;
//             with --network, of the weights plus that Othello network's correction (the
//             check that sente's inference is the trainer's, scripts/train-othello-net).
//   fit       fits the weights of every phase to labelled positions by least squares (per-weight
//             steps, ridge regularisation, a held-out tenth to stop on), reports the error per
//             phase, and writes the weights file the build embeds. The phases are fitted from
//             the last to the first, each starting from and regularised towards the weights of
//             the phase after it, so that a reading a phase rarely sees keeps the value it has
//             a few moves later instead of falling to zero.

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "games/reversi/pattern_eval.hpp"
#include "games/reversi/position.hpp"
#include "sente/result.hpp"

namespace sente::tools {

struct SelfPlayOptions {
    int games = 1000;
    int random_plies = 8;      // random legal moves at the start of every game: at least this
    int random_plies_max = 0;  // and at most this many (drawn per game; 0: random_plies)
    int level = 5;             // the level that plays the rest
    int depth = 0;             // its depth limit (0: the level's own)
    double random_rate = 0.0;  // the chance of a random move instead, until 30 empties
    int solve_empties = 16;
    std::uint64_t seed = 1;
    std::string output;
};

struct WthorOptions {
    std::vector<std::string> inputs;  // WTHOR .wtb files
    std::string output;
    std::string holdout_output;  // every holdout_every-th game's positions (empty: none)
    int holdout_every = 20;
    int solve_empties = 16;
    int shard_index = 1;  // of shard_count: games g with g % count == index - 1
    int shard_count = 1;
    int check_every = 0;  // solve every Nth game's theoretical position to check the file
};

struct FitOptions {
    std::vector<std::string> inputs;
    std::vector<std::string> validation;  // held-out positions (none: every tenth input one)
    std::string output;
    int phases = reversi::kDefaultPhases;
    int epochs = 300;
    double regularisation = 4.0;  // added to every weight's occurrence count in its step
    bool chain_phases = true;     // regularise towards the next phase's weights (else zero)
};

int self_play(const SelfPlayOptions& options, std::ostream& out, std::ostream& err);
int wthor_positions(const WthorOptions& options, std::ostream& out, std::ostream& err);
int fit(const FitOptions& options, std::ostream& out, std::ostream& err);

struct ErrorOptions {
    std::string weights;  // a weights file (empty: the built-in weights)
    std::string network;  // an Othello network whose correction is added (empty: none)
    std::vector<std::string> inputs;
};
// The evaluation's RMSE against labelled positions, in bands of five empties.
int evaluation_error(const ErrorOptions& options, std::ostream& out, std::ostream& err);

}  // namespace sente::tools
