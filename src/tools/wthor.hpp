#pragma once

// The WTHOR database of the French Othello Federation: tournament games, one file per year
// (`WTH_YYYY.wtb`). A 16-byte header (bytes 4-7: the number of games; bytes 10-11: their year;
// byte 14: the empty squares from which the theoretical score was computed), then 68 bytes a
// game: tournament, black and white player numbers (16 bits each), black's real disc count at
// the end, black's theoretical disc count (perfect play from the header's number of empties),
// then 60 moves as 10 * row + column (rows and columns 1-8, a1 = 11, h1 = 18), 0 after the last.
// Passes are not recorded. All numbers are little-endian.

#include <cstdint>
#include <string>
#include <vector>

#include "games/reversi/position.hpp"
#include "sente/result.hpp"

namespace sente::tools {

struct WthorGame {
    int year = 0;
    int black_real_discs = 0;
    int black_theoretical_discs = 0;  // under perfect play from `theoretical_empties`
    int theoretical_empties = 0;
    std::vector<reversi::Move> moves;  // squares as sente numbers them, passes left out
};

// Every game of a WTHOR file; an error for a file that is not one (short, wrong counts, a
// move outside the board).
Result<std::vector<WthorGame>> read_wthor(const std::string& path);

// The positions of a game before each of its moves, passes played where the side to move has
// none (so every position has a move), then the position after the last move. An error names
// the first illegal move.
Result<std::vector<reversi::Position>> replay(const WthorGame& game);

}  // namespace sente::tools
