#pragma once

// The shape of an empty point for one colour: the two strongest of the four line classes
// (patterns.hpp) a stone of that colour would make there. A point where one stone builds on two
// lines at once is where a player makes two threats with one move later on: an open two
// crossing a closed three, say, is worth more than the two lines counted apart, and no count of
// lines or of threat points (which start at open three) says so. The evaluation (eval.hpp) adds
// a fitted weight for every empty point's shape, for the side to move and for its opponent;
// Position keeps those sums up to date as the classes change.
//
// Lines weaker than a closed two count alike (as kDead), and only the shapes whose strongest
// line is a closed two or better carry a weight: the others (most of the board) would only count
// the empty points again, and fitting them learns the games rather than the shapes.
//
// A point keeps its four lines' levels (its classes with the weak ones merged) as a base-8
// code, direction d the digit of weight 8^d, so that one line's change is one addition; a table
// small enough for the first-level cache gives the code's weights.

#include <array>
#include <cstdint>

#include "games/gomoku/patterns.hpp"

namespace sente::gomoku {

inline constexpr int kShapeLevels = 8;
// The level of each line class: the weak classes 0, then closed two .. five 1 .. 7.
inline constexpr std::array<std::uint8_t, kLinePatterns> kShapeLevel = {0, 0, 0, 0, 1, 2,
                                                                        3, 4, 5, 6, 7};
inline constexpr std::array<LinePattern, kShapeLevels> kPatternOfLevel = {
    kDead, kBlock2, kFlex2, kBlock3, kFlex3, kBlock4, kFlex4, kFive};

using ShapeCode = std::uint16_t;
inline constexpr std::array<int, 4> kShapeDigit = {1, 8, 64, 512};  // kShapeLevels^d
static_assert(kShapeDigit[1] == kShapeLevels);
inline constexpr int kShapeCodes = kShapeLevels * kShapeDigit[3];

// Shapes are numbered by their pair of levels (strongest first): first * (first + 1) / 2 +
// second.
inline constexpr int kShapes = kShapeLevels * (kShapeLevels + 1) / 2;

struct Shape {
    LinePattern first;   // the strongest line
    LinePattern second;  // the next, no stronger (kDead: none of a closed two or better)
};

constexpr int shape_index(Shape shape) {
    const int first = kShapeLevel[shape.first];
    return first * (first + 1) / 2 + kShapeLevel[shape.second];
}
// The shape of a code.
int shape_index(ShapeCode code);
Shape shape_of_index(int index);
// Whether a shape carries a weight (see above).
constexpr bool is_weighed(Shape shape) { return shape.first >= kBlock2; }

// A shape's evaluation weights, in eval.hpp's kEvalWeightScale units: `own` for an empty point
// of the side to move, `their` for one of its opponent.
struct ShapeWeight {
    std::int16_t own = 0;
    std::int16_t their = 0;
};

// The fitted weights by shape index, and by code (built on first use, thread-safe).
ShapeWeight shape_weight(int index);
const std::array<ShapeWeight, kShapeCodes>& shape_weights();

}  // namespace sente::gomoku
