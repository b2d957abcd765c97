#pragma once

// `sente solve`: exact solutions. Othello: every position of an .obf file with the endgame
// solver, checking the scores the file gives. Soldiers and Generals: position lines (or one
// --position) by retrograde analysis (solve_soldiers.cpp).
//
// .obf lines: 64 squares a1..h8 (X black, O white, - empty), a space, the side to move, then
// optionally `;` and the exact score of each move (`G8:+18; H1:+12; ...`). Lines that are empty
// or start with `%` or `#` are skipped.

#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sente::tools {

struct SolveOptions {
    std::string game = "othello";
    std::string file;
    std::string position;  // one position given on the command line instead of a file
    std::size_t max_placements = 20'000'000;  // Soldiers: the solver's memory bound
    bool complete_tables = false;             // Soldiers: the complete tables, not a solver run
    std::string save_tables;                  // Soldiers: where to write them afterwards
    std::string load_tables;                  // Soldiers: tables from this file instead
    bool check_tables = false;                // Soldiers: every placement against the equations
    bool proof = false;                       // Soldiers: a proof search (proof_search.hpp) instead
    std::uint64_t proof_nodes = 0;  // Soldiers: give a proof search up after this many; 0: never
    int threads = 1;
    std::size_t hash_mb = 64;
    bool win_loss_draw = false;  // only the game's result, not the margin
    int first_number = 0;        // number of the first position; 0: from an fforum-N-M name, else 1
};

// Prints one row per position and a total row. Returns 0 when every known score is matched,
// 1 when one is wrong, 2 when the file cannot be read or parsed.
int solve(const SolveOptions& options, std::ostream& out, std::ostream& err);
int solve_soldiers(const SolveOptions& options, std::ostream& out, std::ostream& err);

// One position line to solve, trimmed, and where it came from ("file:12"), for error messages.
struct PositionLine {
    std::string text;
    std::string where;
};
// The lines of the file, blank lines and comments (`#`, `%`) left out, or the one --position.
// Nothing, after a message on `err`, when the file cannot be read.
std::optional<std::vector<PositionLine>> read_position_lines(const SolveOptions& options,
                                                             std::ostream& err);

}  // namespace sente::tools
