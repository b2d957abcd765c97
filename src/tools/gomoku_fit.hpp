#pragma once

// `sente train gomoku-fit`: fits the Gomoku evaluation's weights (games/gomoku/eval.hpp) to the
// outcomes of games, by logistic regression: the evaluation of every position, divided by 200,
// is taken as the logit of the side to move's chance to win the game, and the weights that
// predict the outcomes best (least log-loss, a little L2 regularisation) are printed as the
// tables eval.cpp and shape.cpp embed, with the log-loss of the built-in, the fitted and the
// printed (rounded) weights on the games held out of the fit.
//
// Input: one game a line, "1" (black won) or "0" (white won), then the moves from the empty
// board as points (h8 ...); scripts/lab/gomoku-games writes them from scripts/match results. A move
// may carry a label, h8/0.62: the chance of the player about to play it, which the position it
// is played from is then fitted to, mixed with the outcome (label_weight). Positions where the
// side to move can make five, or faces two fives, are left out: the search never evaluates
// them (evaluated_only, below, leaves out more).

#include <iosfwd>
#include <string>
#include <vector>

namespace sente::tools {

struct GomokuFitOptions {
    std::vector<std::string> inputs;
    int size = 15;
    int holdout_every = 5;  // every Nth game is held out of the fit (0: none)
    int iterations = 3000;
    double regularisation = 1e-4;
    double shape_regularisation = 1e-3;  // for the shape counts' weights (see gomoku_fit.cpp)
    double label_weight = 0;  // a labelled position's target: this much label, the rest outcome
    // Fit only the positions the search's static evaluation judges: also leave out those where
    // the opponent has a five to block (the search plays the block) and those where the side to
    // move wins by fours (the threat search finds it first). Tried, and it plays worse
    // (docs/experiments.md); kept so that the experiment can be repeated.
    bool evaluated_only = false;
};

// Returns 0, or 1 with a message on `err` when an input cannot be read.
int fit_gomoku_eval(const GomokuFitOptions& options, std::ostream& out, std::ostream& err);

// `sente train gomoku-fit --order`: fits the move ordering's weights (eval.hpp, order_value) to
// the moves the winners of the same games played, by softmax regression over the points the
// search would try in each quiet position (a five or an open four to meet leaves the move
// generator no choice to order; the three stones of a match opening are not the players').
// Prints how often the played point ranks first, among the first five and among the points a
// quiet node keeps, with the built-in and the fitted weights, and the weights table.
int fit_gomoku_order(const GomokuFitOptions& options, std::ostream& out, std::ostream& err);

}  // namespace sente::tools
