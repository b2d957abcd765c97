#pragma once

// Gomoku text: points as GTP vertices (columns A.. skipping I, row 1 at the bottom), the
// one-line position text, and the board for people.
//
// Position text: the rows from the top, separated by '/', with 'x' for black, 'o' for white and
// a number for a run of empty points, then the side to move ('b' or 'w'):
//   "15/15/15/15/15/15/15/7x7/15/15/15/15/15/15/15 w" is a 15 x 15 board after black's first move
//   in the centre. The rule is the game's (gomoku, gomoku-standard, renju, caro), not the text's.

#include <algorithm>
#include <array>
#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "games/gomoku/position.hpp"
#include "sente/board_view.hpp"
#include "sente/result.hpp"

namespace sente::gomoku {

// The column letters of GTP vertices: 22 of them, I left out.
inline constexpr std::string_view kColumnLetters = kGtpColumnLetters.substr(0, kMaxSize);

Result<Move> parse_move(std::string_view text);
std::string format_move(Move move);

// Whether the side to move may play `move` (on the board, empty, not a renju foul), with the
// reason when not.
Result<void> check_move(const Position& pos, Move move);

// The game's result: five wins, and the game is drawn on a full board or when the side to move
// has no legal point (renju's black, every empty point a foul). There RIF's rules let black pass
// and white play on; no protocol sente speaks has a pass in Gomoku, so sente ends the game
// drawn, as its search scores a node without moves.
Outcome outcome(const Position& pos);

std::string format_position(const Position& pos);
Result<Position> parse_position(std::string_view text, Rule rule);

// A stone to set up: its colour and its point.
struct PlacedStone {
    Color color;
    Move point;
};
// The position of these stones on an empty board of `size`, `to_move` to move, as a board a GUI
// sends is set up (no rule applies to how the stones came there); a five on the board ends the
// game. Refused: a point off the board or given twice, fives of both sides.
Result<Position> position_of_stones(int size, Rule rule, std::span<const PlacedStone> stones,
                                    Color to_move);

std::string board_rows(const Position& pos);
BoardView board_view(const Position& pos, Move last_move);

// How a rule is named: its short name (rule_name), the id and GTP name of its game, the game's
// title and the other names a user may give it (the Session's aliases).
struct RuleInfo {
    Rule rule;
    std::string_view name;
    std::string_view id;
    std::string_view gtp_name;
    std::string_view title;
    std::array<std::string_view, 3> aliases;
};

// Indexed by the Rule's value.
inline constexpr std::array<RuleInfo, 4> kRuleInfos = {{
    {Rule::freestyle,
     "freestyle",
     "gomoku",
     "Gomoku",
     "Gomoku (freestyle: five or more wins)",
     {"freestyle", "gomoku-freestyle", "five-in-a-row"}},
    {Rule::standard,
     "standard",
     "gomoku-standard",
     "Gomoku-standard",
     "Gomoku (standard: exactly five wins)",
     {"standard", "standard-gomoku", "exact-five"}},
    {Rule::renju,
     "renju",
     "renju",
     "Renju",
     "Renju (black: exactly five, no double-three, double-four or overline)",
     {"gomoku-renju", "renju-rif", "rif"}},
    {Rule::caro,
     "caro",
     "caro",
     "Caro",
     "Caro (a five blocked at both ends does not win)",
     {"gomoku-caro", "co-caro", "caro-gomoku"}},
}};
static_assert(std::ranges::all_of(kRuleInfos, [](const RuleInfo& info) {
    return &kRuleInfos[static_cast<std::size_t>(info.rule)] == &info;
}));

constexpr const RuleInfo& rule_info(Rule rule) {
    return kRuleInfos[static_cast<std::size_t>(rule)];
}
constexpr std::string_view rule_name(Rule rule) { return rule_info(rule).name; }
// The rule of a Gomoku game's id (gomoku, gomoku-standard, renju, caro: GameInfo::id), if it is
// one.
std::optional<Rule> rule_of_game(std::string_view id);

}  // namespace sente::gomoku
