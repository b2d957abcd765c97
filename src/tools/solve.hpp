#pragma once

// `sente solve FILE`: solves every Othello position of an .obf file exactly with the endgame
// solver and checks the scores the file gives.
//
// .obf lines: 64 squares a1..h8 (X black, O white, - empty), a space, the side to move, then
// optionally `;` and the exact score of each move (`G8:+18; H1:+12; ...`). Lines that are empty
// or start with `%` or `#` are skipped.

#include <cstddef>
#include <iosfwd>
#include <string>

namespace sente::tools {

struct SolveOptions {
    std::string file;
    int threads = 1;
    std::size_t hash_mb = 64;
    bool win_loss_draw = false;  // only the game's result, not the margin
    int first_number = 0;        // number of the first position; 0: from an fforum-N-M name, else 1
};

// Prints one row per position and a total row. Returns 0 when every known score is matched,
// 1 when one is wrong, 2 when the file cannot be read or parsed.
int solve(const SolveOptions& options, std::ostream& out, std::ostream& err);

}  // namespace sente::tools
