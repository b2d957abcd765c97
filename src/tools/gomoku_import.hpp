#pragma once

// `sente train gomoku-import`: another engine's games as training data for the Gomoku network,
// in the line format of `sente train gomoku-selfplay` (gomoku_selfplay.hpp), so that the
// trainer reads them beside sente's own games.
//
// It reads the plain-text data sets that Rapfi's `selfplay --output-type txt` writes (the
// engine is not part of sente: the data is its output), one position a line:
//
//   SIZE,RULE,MOVES,RESULT,MOVE(EVAL)
//
// the board size, the rule (Freestyle, Standard or Renju), the moves from the empty board as
// column letter from 'A' and row number from 1 (Gomocup's x and y + 1, so row 1 is the top),
// the game's result for the side to move (0 lost, 1 drawn, 2 won) and the engine's move with
// its search's evaluation for the side to move in parentheses (200 a logit, as sente's; beyond
// +-29000 a proven result; no parentheses where its search gave no value, as for a forced move:
// such lines are left out and counted on stderr). Multi-PV moves after a '|' are ignored. Every
// line becomes the position after MOVES, its evaluation, its result and sente's built-in evaluation
// of it. A line that does not parse, has another rule or size than asked for, or whose moves are
// not legal stops the import with its file and line number: a data set is not silently shortened.
//
// With `moves`, it writes the move order's policy data instead (network.hpp, Policy;
// scripts/train-gomoku-policy reads it): for each quiet position (no five to make or block, no
// open four to meet: there the move generator, not the order, decides) the engine's move and the
// kPolicyCandidates points of the best built-in order value (movegen.hpp), one line each:
//
//   <position> <side to move> <the engine's move> <point>:<built-in order value> ...
//
// the points best first, as sente writes them (h8). A position where the engine's move is none
// of them is written too (the trainer counts it), so that the data says how often that happens.

#include <iosfwd>
#include <string>
#include <vector>

namespace sente::tools {

struct GomokuImportOptions {
    std::vector<std::string> inputs;
    std::string output;
    std::string game = "gomoku";  // the rule's game name: the lines' rule must be this one
    int size = 15;
    bool moves = false;  // the policy's data instead of the positions' values
};

// Returns 0, or 1 with a message on `err`.
int gomoku_import(const GomokuImportOptions& options, std::ostream& out, std::ostream& err);

}  // namespace sente::tools
