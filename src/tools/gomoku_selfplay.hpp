#pragma once

// `sente train gomoku-selfplay`: the training data of the Gomoku network (games/gomoku/
// network.hpp). sente plays itself from random openings (a few stones near the centre, so that
// no two games start alike) at a fixed node budget a move, and writes every position it searched
// after the opening, one a line:
//
//   <position text> <score> <result> <built-in>
//
// the position in the game's text format (gomoku/notation.hpp, side to move included), the
// search's score from the side to move's point of view in the search's units (200 a logit of
// the win probability; beyond +-29000 a proven win or loss), the game's result for the side
// to move (1 won, 0.5 drawn, 0 lost) and the built-in evaluation's static value of the
// position (the base a network may learn a correction to, network.hpp). A node budget rather than a
// time limit makes a shard the same on every machine, given its seed. The games are played with
// the network built in for the rule, if any; with --network FILE with that network's evaluation
// (the next generation's data), with --network none with the hand-made one. Shards (--shard-index
// of
// --shard-count) play disjoint games of the same seed, so that cores and machines share one run.

#include <cstdint>
#include <iosfwd>
#include <string>

namespace sente::tools {

struct GomokuSelfPlayOptions {
    std::string output;
    std::string game = "gomoku";  // the rule's game name (gomoku, gomoku-standard, renju, caro)
    int size = 15;
    int games = 100;
    int level = 10;
    std::uint64_t nodes = 20000;  // the search's budget a move
    int opening_min = 2;          // random stones, alternating colours from black: at least
    int opening_max = 6;          // and at most this many, drawn per game
    int opening_radius = 3;       // within this many points of the centre (a square)
    // The chance that a move is a random one among the points next to the stones instead of
    // the search's (never while a five is on the board): the games then reach positions a
    // search meets and good play avoids, such as a threat left unanswered. The position is
    // searched and written all the same.
    double random_rate = 0.1;
    std::uint64_t seed = 1;
    // A network file to evaluate with; "none": the hand-made evaluation; empty: the network
    // built in for the rule (the hand-made evaluation where there is none).
    std::string network;
    int shard_index = 1;
    int shard_count = 1;
};

// Returns 0, or 1 with a message on `err`.
int gomoku_self_play(const GomokuSelfPlayOptions& options, std::ostream& out, std::ostream& err);

}  // namespace sente::tools
