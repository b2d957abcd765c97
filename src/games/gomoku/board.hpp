#pragma once

// Gomoku board geometry: one byte per point in a padded 32 x 32 array, so that every line walk
// of up to five points from any point of a board up to 22 x 22 stays inside the array and meets
// a wall instead of wrapping around. Rows count from the bottom (row 0 is GTP's row 1).

#include <array>
#include <cstdint>

#include "sente/types.hpp"

namespace sente::gomoku {

inline constexpr int kMinSize = 5;
inline constexpr int kMaxSize = 22;
inline constexpr int kDefaultSize = 15;

inline constexpr int kPad = 5;  // wall points on each side: a run or a window never leaves
inline constexpr int kStride = 32;
inline constexpr int kPoints = kStride * kStride;
static_assert(kPad + kMaxSize + kPad <= kStride);

// The four line directions: east, north, north-east, north-west.
inline constexpr std::array<int, 4> kDirections = {1, kStride, kStride + 1, kStride - 1};

// What a point holds. Stones are 1 + the colour's index so that a colour maps to its stone.
enum Stone : std::uint8_t { kEmpty = 0, kBlack = 1, kWhite = 2, kWall = 3 };

constexpr Stone stone_of(Color color) { return color == Color::black ? kBlack : kWhite; }
// The colour of a stone (kBlack or kWhite).
constexpr Color color_of(Stone stone) { return stone == kBlack ? Color::black : Color::white; }
constexpr int index_of(Color color) { return static_cast<int>(color); }

constexpr int point_at(int column, int row) { return (row + kPad) * kStride + column + kPad; }
constexpr int column_of(int point) { return point % kStride - kPad; }
constexpr int row_of(int point) { return point / kStride - kPad; }

// The rules of five in a row that sente plays (Gomocup's `INFO rule` numbers in comments).
enum class Rule : std::uint8_t {
    freestyle,  // 0: five or more in a row wins
    standard,   // 1: exactly five wins; an overline does not
    renju,      // 2, 4: black exactly five, with double-three, double-four and overline forbidden;
                //       white five or more
    caro,       // 8: five wins unless both its ends are the opponent's stones; overlines win
};

// How a line of stones wins for one colour under a rule.
enum class LineRule : std::uint8_t { at_least_five, exactly_five, unblocked_five };

constexpr LineRule line_rule(Rule rule, Color color) {
    switch (rule) {
        case Rule::freestyle:
            return LineRule::at_least_five;
        case Rule::standard:
            return LineRule::exactly_five;
        case Rule::renju:
            return color == Color::black ? LineRule::exactly_five : LineRule::at_least_five;
        case Rule::caro:
            return LineRule::unblocked_five;
    }
    return LineRule::at_least_five;
}

// A move is a point of the padded array; 0 (a wall) means no move. Gomoku has no pass.
struct Move {
    std::uint16_t point = 0;
    static constexpr Move none() { return Move{}; }
    constexpr bool is_none() const { return point == 0; }
    friend constexpr bool operator==(Move, Move) = default;
};

constexpr Move move_at(int point) { return Move{static_cast<std::uint16_t>(point)}; }

}  // namespace sente::gomoku
