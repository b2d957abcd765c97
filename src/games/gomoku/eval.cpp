#include "games/gomoku/eval.hpp"

#include <algorithm>
#include <cstdlib>

#include "games/gomoku/movegen.hpp"
#include "games/gomoku/renju.hpp"

namespace sente::gomoku {

search::Score evaluate(const Position& pos) {
    const Color me = pos.side;
    const Color them = opponent(me);
    const int m = index_of(me);
    const int t = index_of(them);
    // What each side has built, and a little of what it could build (its points' values).
    int score =
        pos.stone_sums[m] - pos.stone_sums[t] + (pos.value_sums[m] - pos.value_sums[t]) / 16;
    // The move: a threat the side to move can make now is worth more than the same threat the
    // opponent could make next.
    if (pos.count(me, kThreatFlexFour) + pos.count(me, kThreatFourThree) > 0) {
        score += 400;
    } else if (pos.count(me, kThreatDoubleThree) > 0) {
        score += 120;
    } else if (pos.count(me, kThreatThree) + pos.count(me, kThreatFour) > 0) {
        score += 40;
    }
    return std::clamp(score, -20000, 20000);
}

int order_value(const Position& pos, int point) {
    const int attack = pos.value(pos.side, point);
    const int defence = pos.value(opponent(pos.side), point);
    return std::min(attack * 2 + defence, 8000);
}

int greedy_point(const Position& pos) {
    MoveList moves;
    generate_search_moves(pos, moves, MoveList::capacity());
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
