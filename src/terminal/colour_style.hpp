#pragma once

// How the terminal draws boards: plain ASCII, or ANSI colours with Unicode discs and stones.

#include <string>

#include "sente/board_view.hpp"

namespace sente::terminal {

enum class Look { plain, colour };

// Colour when standard output is a terminal that is not "dumb" and NO_COLOR is unset or empty
// (https://no-color.org); plain otherwise, so nothing of it ever reaches a pipe or a file.
Look detect_look();

// The board drawn in `look`.
std::string draw_board(const BoardView& view, Look look);

}  // namespace sente::terminal
