#pragma once

// Perfect play for the top level. A position is answered from complete tables when there are
// some for its board and number of generals: tables loaded from a file the user gave (the 5x5
// start needs its 3.4 GB file, written by `sente solve --game soldiers --tables --save-tables`),
// or tables built on the spot when the position has so few soldiers that building them costs a
// small part of the move's time (tens of millions of placements, well under a second).
//
// The tables value a position as if it had no history. Along a winner's fastest line no
// position comes back, so that only matters after imperfect play: a move that would repeat a
// position for the third time is judged a draw here, whatever the tables say.

#include <optional>
#include <string>
#include <vector>

#include "games/soldiers/solver.hpp"
#include "search/timeman.hpp"
#include "sente/result.hpp"

namespace sente::soldiers {

struct PerfectMove {
    Move move;
    Value value;             // for the side to move
    std::vector<Move> line;  // perfect play to the end of the game; empty for a draw
};

// Maps a tables file for later positions (shared by every session in the process).
Result<void> add_tables_file(const std::string& path);

// The perfect move, or nothing when no tables cover the position and building them would cost
// too much of `time`. Thread-safe.
std::optional<PerfectMove> perfect_move(const Position& pos, const search::TimeBudget& time);

}  // namespace sente::soldiers
