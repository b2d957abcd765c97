#include "games/gomoku/movegen.hpp"

#include <algorithm>
#include <cstdlib>

#include "games/gomoku/eval.hpp"
#include "games/gomoku/renju.hpp"

namespace sente::gomoku {

void generate_legal_moves(const Position& pos, MoveList& list) {
    if (is_game_over(pos)) return;
    for_each_point(pos, [&](int point) {
        if (is_legal_point(pos, point)) list.push(move_at(point));
    });
}

namespace {

// Puts the `keep` points of most value first (in no particular order).
void split_by_value(MoveList& list, std::size_t keep) {
    std::nth_element(list.begin(), list.begin() + keep - 1, list.end(),
                     [](const auto& a, const auto& b) { return a.score > b.score; });
}

// The policy values the built-in order's kPolicyCandidates best points again; the others stay
// behind them, in the built-in order (the policy's gain lies nearly all within those points, and
// its price is a point's four table rows). Its values lie in [0, 8000], so the others are moved
// below that.
void rank_by_policy(const Position& pos, MoveList& list) {
    const std::size_t valued = std::min(list.size(), kPolicyCandidates);
    if (valued < list.size()) {
        split_by_value(list, valued);
        for (std::size_t i = valued; i < list.size(); ++i) list[i].score -= 8001;
    }
    for (std::size_t i = 0; i < valued; ++i) {
        auto& entry = list[i];
        entry.score = policy_order_value(*pos.order_policy, pos, entry.move.point, entry.score);
    }
}

}  // namespace

void generate_search_moves(const Position& pos, MoveList& list, std::size_t max_quiet) {
    if (is_game_over(pos)) return;
    const Color me = pos.side;
    const Color them = opponent(me);

    if (pos.stone_count == 0) {
        list.push(move_at(point_at(pos.size / 2, (pos.size - 1) / 2)));
        return;
    }
    if (pos.count(me, kThreatFive) > 0) {
        list.push(move_at(*find_five_point(pos, me)));
        return;
    }
    if (pos.count(them, kThreatFive) > 0) {
        for_each_point(pos, [&](int point) {
            if (pos.threat(them, point) == kThreatFive && is_legal_point(pos, point))
                list.push(move_at(point), built_in_order_value(pos, point));
        });
        if (list.empty()) {
            // Renju's black cannot block: whatever black plays, white makes five.
            for_each_point(pos, [&](int point) {
                if (list.empty() && is_legal_point(pos, point)) list.push(move_at(point));
            });
        }
        return;
    }
    // Only an open three is met by these points alone (see movegen.hpp); a four-three threat
    // has other answers, so then every point stays in play.
    const bool must_defend = pos.count(them, kThreatFlexFour) > 0;
    for_each_point(pos, [&](int point) {
        if (pos.stones[point] != kEmpty || pos.nearby(point) == 0) return;
        if (must_defend && !makes_four(pos, me, point) && !makes_four(pos, them, point)) return;
        if (is_legal_point(pos, point)) list.push(move_at(point), built_in_order_value(pos, point));
    });
    if (list.empty()) {
        generate_legal_moves(pos, list);
        for (auto& entry : list) entry.score = built_in_order_value(pos, entry.move.point);
        return;
    }
    if (pos.order_policy != nullptr && !must_defend) rank_by_policy(pos, list);
    // The points worth most for attack and defence; beyond them a quiet position has nothing
    // the search could use in time.
    if (list.size() > max_quiet) {
        split_by_value(list, max_quiet);
        list.resize(max_quiet);
    }
}

void generate_omitted_moves(const Position& pos, MoveList& list, std::size_t max_quiet) {
    MoveList all;
    generate_search_moves(pos, all, all.capacity());
    if (all.size() <= max_quiet) return;
    // The same split as generate_search_moves makes (same points, same order, same algorithm).
    split_by_value(all, max_quiet);
    for (std::size_t i = max_quiet; i < all.size(); ++i) list.push(all[i].move, all[i].score);
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
