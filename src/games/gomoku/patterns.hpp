#pragma once

// What one stone would make on one line: the threat classes of five in a row.
//
// A point's neighbourhood on a line, four points each side, is a 16-bit key (two bits per point:
// empty, black, white, wall; offsets -4..-1 then +1..+4, nearest the point in the middle). The
// class of placing a stone on the point is one table lookup, built once per rule and colour by
// playing the definitions out on the nine points:
//   five      the stone completes five (as the rule counts five) through the point;
//   flex4     two or more points then complete a five through it (an open four, or two fours);
//   block4    exactly one does (a four);
//   flex3/block3, flex2/block2, flex1/block1: one more stone can make a flex or block class of
//             the next higher rank, through the point;
//   overline  (exactly-five rules) the stone makes six or more through the point, which is no
//             win (and a foul for renju's black).
// The window sees four points each side, so it cannot see a sixth stone five points away: a
// `five` from the table is confirmed on the board (Position does) before anything relies on it.
// Everything else is a heuristic for evaluation and move ordering; the renju fouls themselves
// are decided exactly by renju.hpp.

#include <array>
#include <cstdint>

#include "games/gomoku/board.hpp"

namespace sente::gomoku {

enum LinePattern : std::uint8_t {
    kDead,
    kOverline,
    kBlock1,
    kFlex1,
    kBlock2,
    kFlex2,
    kBlock3,
    kFlex3,
    kBlock4,
    kFlex4,
    kFive,
};
inline constexpr int kLinePatterns = kFive + 1;

using LineKey = std::uint16_t;
using LineTable = std::array<LinePattern, 1 << 16>;
// Black's and white's class of the same neighbourhood side by side ([key][colour]): a point's
// refresh reads both in one load.
using LinePairTable = std::array<std::array<LinePattern, 2>, 1 << 16>;

// The bit position in a key of the point `offset` steps along the line (offset in -4..4, not 0).
constexpr int key_shift(int offset) { return 2 * (offset < 0 ? offset + 4 : offset + 3); }

// The table for `color`'s stones under `rule`, built on first use (thread-safe).
const LineTable& line_table(LineRule rule, Color color);

// Both colours' tables under `rule`, interleaved (built on first use, thread-safe).
const LinePairTable& line_pair_table(Rule rule);

// The same classification for one line given point by point (index 4 is the empty point to
// play), computed directly: the tables' builder, and the tests' reference.
LinePattern classify_line(LineRule rule, const std::array<Stone, 9>& line, Color color);

}  // namespace sente::gomoku
