#pragma once

// Renju's forbidden points for black (RIF rules 9.2 and 9.3), decided exactly on the board.
//
// A black stone that makes five (exactly five stones in a row) wins, whatever else it makes.
// Otherwise it is forbidden when it makes
//   an overline: six or more black stones in a row;
//   a double-four: two or more fours, a four being a line of stones that one more stone turns
//     into exactly five (an open four is one four; "X.XXX.X" filled in the middle is two);
//   a double-three: two or more threes, a three being a line that one more stone turns into a
//     straight (open) four, where that stone must itself not be forbidden (checked recursively).
// Fours whose only completion would be an overline are not fours; a four and a three together
// (four-three) are allowed.

#include <cstdint>
#include <string_view>

#include "games/gomoku/position.hpp"

namespace sente::gomoku {

enum class Foul : std::uint8_t { none, overline, double_four, double_three };

std::string_view to_string(Foul foul);

// Whether black may not play the empty `point` of `pos` (the rule is not consulted: this is
// renju's definition whatever the position's rule).
Foul renju_foul(const Position& pos, int point);

// Whether `color` may play the empty `point` under the position's rule: anywhere, but for renju's
// black not on a foul. A cheap test first: only points where black makes two threats or an
// overline by the pattern tables can be fouls.
bool may_play(const Position& pos, Color color, int point);

// Whether the side to move may play `point`: empty, and may_play.
inline bool is_legal_point(const Position& pos, int point) {
    return pos.is_empty(point) && may_play(pos, pos.side, point);
}

// Whether the side to move may play somewhere: false on a full board and, under renju, where every
// empty point is a foul for black. The rules end the game there (outcome, notation.hpp).
bool has_legal_point(const Position& pos);

// Whether a point might be a foul for black, from the pattern tables alone (never false when it
// is one).
bool may_be_foul(const Position& pos, int point);

}  // namespace sente::gomoku
