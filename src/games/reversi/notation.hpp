#pragma once

// Othello notation: squares "a1".."h8" with a1 in the top-left corner, "pass", the one-line
// position text of the FFO .obf files, and the board for drawing.

#include <string>
#include <string_view>

#include "games/reversi/position.hpp"
#include "sente/board_view.hpp"
#include "sente/result.hpp"
#include "sente/types.hpp"

namespace sente::reversi {

// "d3" (lower case) or "pass"; `orientation` gogui counts rows from the bottom.
std::string format_move(Move move, Orientation orientation = Orientation::native);
// Accepts "d3", "D3", "pass" (any case). A well-formed square off the board is an illegal move,
// anything else a syntax error. Legality in the position is not checked here.
Result<Move> parse_move(std::string_view text, Orientation orientation = Orientation::native);

// 64 characters a1..h8 ('X' black, 'O' white, '-' empty), a space, and the side to move.
std::string format_position(const Position& pos);
// Reads the format above; also accepts '.' for empty squares, lower case, spaces between the
// board and the side, and ignores anything after a ';' (the scores in .obf files).
Result<Position> parse_position(std::string_view text);

// Rows of 'X', 'O' and '.', top row (a1-h1) first. The picture is the same in both
// orientations: GoGui draws its row 8 on top, and that is Othello's row 1.
std::string board_rows(const Position& pos);

// The board for drawing: discs, legal moves marked, the last move, disc counts and the side to
// move.
BoardView board_view(const Position& pos, Move last_move,
                     Orientation orientation = Orientation::native);

}  // namespace sente::reversi
