#pragma once

// An independent check of complete tables. Every placement's two distances must satisfy the
// race equations, evaluated here from the rules' own move generator and the distances of the
// placement's moves: for the side racing to its goal one more than its best move's distance, for
// the other side one more than its worst, a capture counting as the goal (1) or as never by the
// value of the layer below, a side without a move losing on the spot. The tables were built by
// taking steps back and counting moves off, which never evaluates these equations; and the
// equations have one solution (a finite distance needs a chain of moves that falls by one each
// ply down to a goal, and a placement left at "never" that the equations would settle shows up
// as a mismatch), so a table that passes is the table.

#include <cstdint>
#include <functional>
#include <vector>

#include "games/soldiers/tablebase.hpp"

namespace sente::soldiers {

struct TableCheck {
    std::uint64_t checked = 0;
    std::uint64_t wrong = 0;
    std::vector<Placement> examples;  // the first few wrong placements
};

// Checks every placement of every layer on `threads` threads, reporting after each layer.
TableCheck check_tables(const Tablebase& tables, int threads,
                        const std::function<void(int soldiers, const TableCheck&)>& progress = {});

// The distance the equations give `winner`'s race at `p` from the tables' distances of its moves.
int distance_by_equation(const Tablebase& tables, const Placement& p, Color winner);

}  // namespace sente::soldiers
