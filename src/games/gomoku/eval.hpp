#pragma once

// Gomoku evaluation and move ordering from the position's point values (position.hpp): a point's
// value for a colour measures the threats a stone of that colour would make there.

#include <cstdint>

#include "games/gomoku/position.hpp"
#include "search/score.hpp"

namespace sente::gomoku {

enum class EvalKind : std::uint8_t {
    greedy,  // the seed programs' easy player: no search, see greedy_point()
    full,
};

// From the side to move's point of view: its threats against the opponent's, with the side to
// move's tempo counted (its own threats are worth more: it plays first).
search::Score evaluate(const Position& pos);

// Attack and defence value of a point for the side to move, for move ordering (small and
// non-negative: the search scales it).
int order_value(const Position& pos, int point);

// The seed programs' easy player: the point whose larger of own attack value and opponent's
// attack value is largest (ties: the first from the centre outwards).
int greedy_point(const Position& pos);

}  // namespace sente::gomoku
