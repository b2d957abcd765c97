#include "games/gomoku/eval.hpp"

#include <algorithm>
#include <cstdlib>

#include "games/gomoku/movegen.hpp"
#include "games/gomoku/renju.hpp"

namespace sente::gomoku {

search::Score evaluate(const Position& pos) {
    const int me = index_of(pos.side);
    const int them = 1 - me;
    const int score = (pos.value_sums[me] * 6 - pos.value_sums[them] * 5) / 8;
    return std::clamp(score, -20000, 20000);
}

int order_value(const Position& pos, int point) {
    const int attack = pos.value(pos.side, point);
    const int defence = pos.value(opponent(pos.side), point);
    return std::min(attack * 2 + defence, 8000);
}

int greedy_point(const Position& pos) {
    MoveList moves;
    generate_search_moves(pos, moves);
    int best = moves.empty() ? 0 : moves[0].move.point;
    int best_value = -1;
    int best_distance = 0;
    const int center = point_at(pos.size / 2, (pos.size - 1) / 2);
    for (const auto& entry : moves) {
        const int point = entry.move.point;
        const int value =
            std::max(pos.value(pos.side, point), pos.value(opponent(pos.side), point));
        const int distance = std::max(std::abs(column_of(point) - column_of(center)),
                                      std::abs(row_of(point) - row_of(center)));
        if (value > best_value || (value == best_value && distance < best_distance)) {
            best = point;
            best_value = value;
            best_distance = distance;
        }
    }
    return best;
}

}  // namespace sente::gomoku
