#pragma once

// `sente train relabel`: labels for the Othello evaluation from sente's own searches.
//
// The WTHOR labels of middle-game positions are the score the game reached, so every later
// mistake of the two players is in them; a search from the position itself is not bound to the
// game's continuation. relabel reads labelled position files ("BOARD SIDE LABEL" lines, as
// `train wthor` and `train selfplay` write them) and replaces the label of every position with
// --min-empties..--max-empties empty squares by the value of a search --depth plies deep at full
// strength (exact where the search reaches the endgame solver), optionally blended with the old
// label; the other positions are copied as they are, so the output replaces its input in `train
// fit`. Lines are dealt round-robin to --shard-count jobs, each writing its own share.

#include <iosfwd>
#include <string>
#include <vector>

namespace sente::tools {

struct RelabelOptions {
    std::vector<std::string> inputs;
    std::string output;
    int depth = 8;
    int min_empties = 17;
    int max_empties = 60;
    double search_weight = 1.0;  // new label = w * search + (1 - w) * old label
    int shard_index = 1;         // of shard_count: lines l with l % count == index - 1
    int shard_count = 1;
};

int relabel(const RelabelOptions& options, std::ostream& out, std::ostream& err);

}  // namespace sente::tools
