#pragma once

// The terminal's analysis: every analysed move's value drawn on its point of the board, and the
// moves as a list with the lines the search expects.

#include <string>
#include <vector>

#include "sente/board_view.hpp"
#include "sente/types.hpp"
#include "terminal/colour_style.hpp"

namespace sente::terminal {

// The board with each analysed move's value on its point (six columns a point), the pieces
// as letters or discs; in colour, the best move green, the worst red, bounds grey. Empty for
// games whose moves are not single points (Soldiers and Generals) and for boards wider than 15
// points, which would not fit a terminal.
std::string draw_move_values(const BoardView& view, const std::vector<MoveValue>& lines,
                             bool point_moves, Look look);

// One line a move: the move, its value and the expected line (the first `max_moves` of it).
std::string list_move_values(const std::vector<MoveValue>& lines, std::size_t max_moves = 8);

}  // namespace sente::terminal
