#include "games/gomoku/shape.hpp"

#include <algorithm>
#include <functional>

namespace sente::gomoku {

namespace {

struct FittedShape {
    Shape shape;
    ShapeWeight weight;
};

// Fitted by `sente train gomoku-fit` with the evaluation's other weights (eval.cpp says on
// which games). The side to move's shapes with a five are never evaluated (the five is
// played), so their `own` weights are 0.
// clang-format off
constexpr FittedShape kFittedShapes[] = {
    {{kFive, kFive}, {0, 0}},
    {{kFive, kFlex4}, {0, 0}},
    {{kFive, kBlock4}, {0, 219}},
    {{kFive, kFlex3}, {0, 284}},
    {{kFive, kBlock3}, {0, -1427}},
    {{kFive, kFlex2}, {0, 80}},
    {{kFive, kBlock2}, {0, 554}},
    {{kFive, kDead}, {0, 224}},
    {{kFlex4, kFlex4}, {-83, 153}},
    {{kFlex4, kBlock4}, {19, -41}},
    {{kFlex4, kFlex3}, {-770, 190}},
    {{kFlex4, kBlock3}, {-291, -392}},
    {{kFlex4, kFlex2}, {388, -477}},
    {{kFlex4, kBlock2}, {56, 410}},
    {{kFlex4, kDead}, {836, 648}},
    {{kBlock4, kBlock4}, {-100, -662}},
    {{kBlock4, kFlex3}, {13, -61}},
    {{kBlock4, kBlock3}, {1387, -1109}},
    {{kBlock4, kFlex2}, {1235, -750}},
    {{kBlock4, kBlock2}, {-11, 216}},
    {{kBlock4, kDead}, {-332, 553}},
    {{kFlex3, kFlex3}, {-64, 75}},
    {{kFlex3, kBlock3}, {1649, -1365}},
    {{kFlex3, kFlex2}, {1027, -897}},
    {{kFlex3, kBlock2}, {95, -47}},
    {{kFlex3, kDead}, {559, -425}},
    {{kBlock3, kBlock3}, {1501, -1323}},
    {{kBlock3, kFlex2}, {922, -797}},
    {{kBlock3, kBlock2}, {586, -521}},
    {{kBlock3, kDead}, {542, -412}},
    {{kFlex2, kFlex2}, {180, -166}},
    {{kFlex2, kBlock2}, {-33, 105}},
    {{kFlex2, kDead}, {-19, 38}},
    {{kBlock2, kBlock2}, {-232, 234}},
    {{kBlock2, kDead}, {-137, 180}},
};
// clang-format on

const std::array<std::uint8_t, kShapeCodes>& index_table() {
    static const auto table = [] {
        std::array<std::uint8_t, kShapeCodes> t{};
        for (int code = 0; code < kShapeCodes; ++code) {
            std::array<int, 4> levels{};
            for (int d = 0; d < 4; ++d) levels[d] = code / kShapeDigit[d] % kShapeLevels;
            std::sort(levels.begin(), levels.end(), std::greater<>());
            t[code] = static_cast<std::uint8_t>(
                shape_index(Shape{kPatternOfLevel[levels[0]], kPatternOfLevel[levels[1]]}));
        }
        return t;
    }();
    return table;
}

const std::array<ShapeWeight, kShapes>& weights_by_index() {
    static const auto table = [] {
        std::array<ShapeWeight, kShapes> t{};
        for (const FittedShape& fitted : kFittedShapes)
            if (is_weighed(fitted.shape)) t[shape_index(fitted.shape)] = fitted.weight;
        return t;
    }();
    return table;
}

}  // namespace

int shape_index(ShapeCode code) { return index_table()[code]; }

// The inverse of shape_index(Shape) on the shapes' levels.
Shape shape_of_index(int index) {
    int first = 0;
    while ((first + 1) * (first + 2) / 2 <= index) ++first;
    return Shape{kPatternOfLevel[first], kPatternOfLevel[index - first * (first + 1) / 2]};
}

ShapeWeight shape_weight(int index) { return weights_by_index()[index]; }

const std::array<ShapeWeight, kShapeCodes>& shape_weights() {
    static const auto table = [] {
        std::array<ShapeWeight, kShapeCodes> t{};
        for (int code = 0; code < kShapeCodes; ++code)
            t[code] = shape_weight(shape_index(static_cast<ShapeCode>(code)));
        return t;
    }();
    return table;
}

}  // namespace sente::gomoku
