#include "games/gomoku/vcf.hpp"

#include <algorithm>
#include <array>

#include "games/gomoku/renju.hpp"

namespace sente::gomoku {

bool VcfSearch::out_of_budget() const {
    if (nodes_ >= budget_end_) return true;
    // Every node: the search's watchdog raises the stop at the hard time limit, and a VCF must
    // not carry the search past it.
    return stop_ != nullptr && stop_->load(std::memory_order_relaxed);
}

std::optional<VcfWin> VcfSearch::find(Position& pos, int max_fours, std::uint64_t node_budget) {
    budget_end_ = nodes_ + node_budget;
    ++search_number_;
    unplayed_plies_ = 0;
    std::vector<Move> line;
    if (is_game_over(pos) || !attack(pos, max_fours, line)) return std::nullopt;
    VcfWin win;
    win.first = line.front();
    win.plies = static_cast<int>(line.size()) + unplayed_plies_;
    win.line = std::move(line);
    return win;
}

bool VcfSearch::known_failure(const Position& pos, int fours_left) const {
    const Failure& slot = failures_[pos.key % kFailureSlots];
    return slot.key == pos.key && slot.search == search_number_ && slot.fours_left >= fours_left;
}

void VcfSearch::record_failure(const Position& pos, int fours_left) {
    failures_[pos.key % kFailureSlots] = Failure{pos.key, search_number_, fours_left};
}

// The side to move attacks; on success `line` holds the moves from here to the five.
void sort_by_threat(const Position& pos, Color attacker, std::span<int> points) {
    std::sort(points.begin(), points.end(), [&](int a, int b) {
        return pos.threat(attacker, a) > pos.threat(attacker, b) ||
               (pos.threat(attacker, a) == pos.threat(attacker, b) &&
                pos.value(attacker, a) > pos.value(attacker, b));
    });
}

bool VcfSearch::attack(Position& pos, int fours_left, std::vector<Move>& line) {
    const Color attacker = pos.side;
    const Color defender = opponent(attacker);
    ++nodes_;
    if (const auto five = find_five_point(pos, attacker)) {
        line.push_back(move_at(*five));
        return true;
    }
    if (fours_left <= 0 || out_of_budget()) return false;
    if (count_four_points(pos, attacker) == 0) return false;
    if (known_failure(pos, fours_left)) return false;

    // The attacker's fours, strongest first; only the one on the defender's five point if the
    // defender threatens five (a four elsewhere would lose to it).
    std::array<int, kMaxSize * kMaxSize> candidates;
    int count = 0;
    // The defender's last block (if any) is where a five threat of its own would come from.
    const int last_block = line.empty() ? 0 : line.back().point;
    const std::optional<int> must_block = find_five_point(pos, defender, last_block);
    if (must_block) {
        if (pos.count(defender, kThreatFive) > 1) return false;
        if (pos.threat(attacker, *must_block) >= kThreatFour) candidates[count++] = *must_block;
    } else {
        for_each_point(pos, [&](int point) {
            if (pos.threat(attacker, point) >= kThreatFour) candidates[count++] = point;
        });
    }
    sort_by_threat(pos, attacker, std::span(candidates).first(static_cast<std::size_t>(count)));

    MoveUndo four_undo;
    MoveUndo block_undo;
    for (int i = 0; i < count; ++i) {
        const int point = candidates[i];
        if (!may_play(pos, attacker, point)) continue;
        const Move four = move_at(point);
        make_move_unevaluated(pos, four, four_undo);
        line.push_back(four);
        bool won = false;
        const int fives = pos.count(attacker, kThreatFive);
        if (fives >= 2) {
            // An open four or a double four: the defender blocks one five, the attacker makes
            // the other.
            const int block = *find_five_point(pos, attacker, point);
            make_move_unevaluated(pos, move_at(block), block_undo);
            line.push_back(move_at(block));
            line.push_back(move_at(*find_five_point(pos, attacker, point)));
            unmake_move(pos, move_at(block), block_undo);
            won = true;
        } else if (fives == 1) {
            const int block = *find_five_point(pos, attacker, point);
            if (!may_play(pos, defender, block)) {
                // Renju: black may not block there, so white's five comes next whatever black
                // does; the line ends with the four, two plies short of the five.
                unplayed_plies_ = 2;
                won = true;
            } else if (pos.threat(defender, block) != kThreatFive) {
                make_move_unevaluated(pos, move_at(block), block_undo);
                line.push_back(move_at(block));
                ++nodes_;
                won = attack(pos, fours_left - 1, line);
                if (!won) line.pop_back();
                unmake_move(pos, move_at(block), block_undo);
            }
        }
        unmake_move(pos, four, four_undo);
        if (won) return true;
        line.pop_back();
        if (out_of_budget()) return false;
    }
    // Every four was searched to its end within the budget: none wins from here.
    record_failure(pos, fours_left);
    return false;
}

}  // namespace sente::gomoku
