#include "games/gomoku/vct.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>

#include "games/gomoku/renju.hpp"

namespace sente::gomoku {

namespace {

// The VCF each attacker node tries first, and how much it may cost.
constexpr int kVcfFours = 12;
constexpr std::uint64_t kVcfBudget = 300;
// The attacker's threats tried at a node, strongest first.
constexpr int kMaxThreats = 12;

// Whether `point` lies on one of the four lines through `last`, at most four points away.
bool in_line_with(int point, int last) {
    const int dc = column_of(point) - column_of(last);
    const int dr = row_of(point) - row_of(last);
    if (std::abs(dc) > 4 || std::abs(dr) > 4) return false;
    return dc == 0 || dr == 0 || dc == dr || dc == -dr;
}

// Whether `color` has an open four it may play. The pattern tables already count renju's fives
// exactly, so only renju's black needs the check: its open-four point may be a foul (a double
// four, or a four with two threes), and then the three behind it threatens nothing.
bool may_open_four(const Position& pos, Color color) {
    if (pos.count(color, kThreatFlexFour) == 0) return false;
    if (pos.rule != Rule::renju || color != Color::black) return true;
    bool found = false;
    for_each_point(pos, [&](int point) {
        if (!found && pos.threat(color, point) == kThreatFlexFour && may_play(pos, color, point))
            found = true;
    });
    return found;
}

}  // namespace

bool VctSearch::applies(const Position& pos) { return pos.rule != Rule::caro; }

bool VctSearch::out_of_budget() const {
    if (nodes() >= budget_end_) return true;
    return stop_ != nullptr && stop_->load(std::memory_order_relaxed);
}

std::optional<VctWin> VctSearch::find(Position& pos, int max_threes, std::uint64_t node_budget) {
    if (is_game_over(pos) || !applies(pos)) return std::nullopt;
    budget_end_ = nodes() + node_budget;
    // Iterative deepening on the threes: a depth-first search allowed many threes spends its
    // budget deep in hopeless lines before it tries the short wins; the small trees cost little.
    for (int threes = 1; threes <= max_threes; ++threes) {
        Move first;
        const int plies = attack(pos, threes, 0, &first);
        if (out_of_budget()) return std::nullopt;  // a cut-short search proves nothing
        if (plies > 0) return VctWin{first, plies};
    }
    return std::nullopt;
}

int VctSearch::attack(Position& pos, int threes_left, int last, Move* first) {
    ++nodes_;
    if (out_of_budget()) return 0;
    const Color attacker = pos.side;
    const Color defender = opponent(attacker);
    if (const auto five = find_five_point(pos, attacker)) {
        if (first) *first = move_at(*five);
        return 1;
    }

    std::array<int, kMaxSize * kMaxSize> candidates;
    int count = 0;
    if (const auto block = find_five_point(pos, defender)) {
        // The defender's four must be blocked, and the block must threaten for the attack to
        // go on.
        if (pos.count(defender, kThreatFive) > 1) return 0;
        if (pos.threat(attacker, *block) < kThreatThree || !may_play(pos, attacker, *block))
            return 0;
        candidates[count++] = *block;
    } else {
        if (auto vcf = vcf_.find(pos, kVcfFours, kVcfBudget)) {
            if (first) *first = vcf->first;
            return vcf->plies;
        }
        if (threes_left <= 0) return 0;
        for_each_point(pos, [&](int point) {
            const Threat threat = pos.threat(attacker, point);
            if (threat < kThreatThree || !may_play(pos, attacker, point)) return;
            const bool double_threat = threat == kThreatDoubleThree || threat >= kThreatFourThree;
            if (last == 0 || double_threat || in_line_with(point, last))
                candidates[count++] = point;
        });
        sort_by_threat(pos, attacker, std::span(candidates).first(static_cast<std::size_t>(count)));
        count = std::min(count, kMaxThreats);
    }

    MoveUndo threat_undo;
    MoveUndo block_undo;
    for (int i = 0; i < count; ++i) {
        const int point = candidates[i];  // may_play: checked when it became a candidate
        const Move threat = move_at(point);
        make_move_unevaluated(pos, threat, threat_undo);
        int plies = 0;
        const int fives = pos.count(attacker, kThreatFive);
        if (fives >= 2) {
            plies = 3;  // an open four (or two fours): block one, five with the other
        } else if (fives == 1) {
            const int block = *find_five_point(pos, attacker, point);
            if (!may_play(pos, defender, block)) {
                plies = 3;  // renju: black may not block there
            } else if (pos.threat(defender, block) != kThreatFive) {
                make_move_unevaluated(pos, move_at(block), block_undo);
                const int rest = attack(pos, threes_left, point, nullptr);
                unmake_move(pos, move_at(block), block_undo);
                plies = rest > 0 ? rest + 2 : 0;
            }
        } else {
            const int rest = defend(pos, threes_left - 1, point);
            plies = rest > 0 ? rest + 1 : 0;
        }
        unmake_move(pos, threat, threat_undo);
        if (plies > 0) {
            if (first) *first = threat;
            return plies;
        }
        if (out_of_budget()) return 0;
    }
    return 0;
}

int VctSearch::defend(Position& pos, int threes_left, int last) {
    ++nodes_;
    if (out_of_budget()) return 0;
    const Color defender = pos.side;
    const Color attacker = opponent(defender);
    if (pos.count(defender, kThreatFive) > 0) return 0;  // the defender wins first
    // Only a threat of an open four forces the defender's hand, and only then are the points
    // below every defence. A threat of a four-three alone is not forcing enough to prove
    // anything: it can also be met on the three's line, or by a stone that makes the forced
    // block of the four a counter-four, and those points are not among them.
    if (!may_open_four(pos, attacker)) return 0;

    std::array<int, kMaxSize * kMaxSize> defences;
    int count = 0;
    for_each_point(pos, [&](int point) {
        if (pos.stones[point] != kEmpty) return;
        if ((makes_four(pos, attacker, point) || makes_four(pos, defender, point)) &&
            may_play(pos, defender, point)) {
            defences[count++] = point;
        }
    });
    // (No defence at all cannot happen: the attacker's open-four point is one of its fours.)
    if (count == 0) return 0;
    int longest = 0;
    MoveUndo defence_undo;
    for (int i = 0; i < count; ++i) {
        const Move defence = move_at(defences[i]);
        make_move_unevaluated(pos, defence, defence_undo);
        const int plies = attack(pos, threes_left, last, nullptr);
        unmake_move(pos, defence, defence_undo);
        if (plies == 0) return 0;
        longest = std::max(longest, plies + 1);
    }
    return longest;
}

}  // namespace sente::gomoku
