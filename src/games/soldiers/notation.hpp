#pragma once

// Soldiers and Generals notation: points "a1".."h8" (files from the left, rank 1 at the bottom,
// the generals' side), moves "b2-b3" (a step) and "b2xb4" (a capture), the one-line position
// text, and a board diagram for people.

#include <string>
#include <string_view>

#include "games/soldiers/position.hpp"
#include "sente/board_view.hpp"
#include "sente/result.hpp"

namespace sente::soldiers {

// "b2-b3" or "b2xb4", lower case.
std::string format_move(Move move);
// Accepts "b2-b3", "b2xb4" and "b2b4" (the kind inferred from the distance), any case. A move
// whose kind and distance disagree ("b2-b4"), that is not along a line, or that leaves the
// 8x8 grid is an illegal move; text that is no move at all a syntax error. Whether the move is
// legal in a position (on its board, the right pieces) is check_move's business.
Result<Move> parse_move(std::string_view text);
// Why `move` cannot be played in `pos`, or nothing when it can.
Result<void> check_move(const Position& pos, Move move);

// "SSSSS/SSSSS/5/1G1G1/5 g 0 1": ranks from the top (rank N) down to rank 1, S a soldier, G a
// general, digits for runs of empty points; then the side to move (g or s), the plies since the
// last capture and the move number.
std::string format_position(const Position& pos);
// Reads the format above; the last two numbers may be left out (0 and 1).
Result<Position> parse_position(std::string_view text);

// Rows of X (soldiers, black), O (generals, white) and '.', the top rank first.
std::string board_rows(const Position& pos);
// A diagram with coordinates on all sides, the last move's destination bracketed, piece counts,
// the side to move, the move number and the plies counted towards the 100-ply draw.
BoardView board_view(const Position& pos, Move last_move);

}  // namespace sente::soldiers
