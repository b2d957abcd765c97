#include "games/soldiers/solver.hpp"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

namespace sente::soldiers {

namespace {

constexpr std::uint8_t kNever = kNeverInTime;

// Every placement reachable from the root, its moves as indices, and the two race distances.
class Analysis {
  public:
    Analysis(const Position& root, std::size_t max_placements)
        : size_(root.size), max_(max_placements) {
        add({root.generals, root.soldiers, root.side});
    }

    // Walks every placement reachable from the root. False when there are too many.
    bool explore() {
        for (std::uint32_t i = 0; i < placements_.size(); ++i) {
            const Placement p = placements_[i];
            successor_begin_.push_back(static_cast<std::uint32_t>(successors_.size()));
            if (p.soldiers == 0) continue;  // the generals have won
            for_each_move(position_of(p, size_), [&](Move move) {
                const Placement next = soldiers::after(p, move);
                const std::uint32_t index = add(next);
                successors_.push_back(move.is_capture() ? index | kCaptureBit : index);
            });
            if (placements_.size() > max_) return false;
        }
        successor_begin_.push_back(static_cast<std::uint32_t>(successors_.size()));
        return true;
    }

    // Fills both distances, layer by layer from the fewest soldiers up.
    void analyse() {
        const std::size_t n = placements_.size();
        to_generals_win_.assign(n, kNever);
        to_soldiers_win_.assign(n, kNever);
        open_moves_.assign(n, 0);
        link_predecessors();
        std::vector<std::vector<std::uint32_t>> layers(kMaxSize * kMaxSize + 1);
        for (std::uint32_t i = 0; i < n; ++i) {
            layers[popcount(placements_[i].soldiers)].push_back(i);
        }
        for (const auto& layer : layers) {
            for (const std::uint32_t i : layer) {
                if (placements_[i].soldiers == 0) {
                    to_generals_win_[i] = 0;
                } else if (successors(i).empty()) {  // the side to move cannot move and loses
                    (placements_[i].side == kGenerals ? to_soldiers_win_ : to_generals_win_)[i] = 0;
                }
            }
            race(layer, kGenerals, to_generals_win_);
            race(layer, kSoldiers, to_soldiers_win_);
        }
    }

    std::size_t size() const { return placements_.size(); }

    RaceDistances distances(const Placement& p) const {
        const std::uint32_t i = slots_[slot_of(p)];
        if (i == kEmptySlot) throw std::out_of_range("the placement was not reached");
        return {to_generals_win_[i], to_soldiers_win_[i]};
    }

  private:
    static constexpr std::uint32_t kCaptureBit = 0x80000000u;

    static constexpr std::uint32_t kEmptySlot = 0xffffffffu;

    // The index of a placement, adding it when new. The index is an open-addressing table of
    // placement numbers, a quarter to half full: 8 to 16 bytes a placement where a node-based map
    // takes about 60, and at that load a lookup compares one or two placements on average.
    std::uint32_t add(const Placement& p) {
        if (2 * (placements_.size() + 1) > slots_.size()) grow_index();
        const std::size_t slot = slot_of(p);
        if (slots_[slot] == kEmptySlot) {
            slots_[slot] = static_cast<std::uint32_t>(placements_.size());
            placements_.push_back(p);
        }
        return slots_[slot];
    }

    // The slot holding the placement, or the empty slot where it would go.
    std::size_t slot_of(const Placement& p) const {
        const std::size_t mask = slots_.size() - 1;
        std::size_t slot = position_key(p.generals, p.soldiers, p.side) & mask;
        while (slots_[slot] != kEmptySlot && !(placements_[slots_[slot]] == p)) {
            slot = (slot + 1) & mask;
        }
        return slot;
    }

    void grow_index() {
        slots_.assign(std::max<std::size_t>(1024, 2 * slots_.size()), kEmptySlot);
        for (std::uint32_t i = 0; i < placements_.size(); ++i) slots_[slot_of(placements_[i])] = i;
    }

    struct Span {
        const std::uint32_t* first;
        const std::uint32_t* last;
        const std::uint32_t* begin() const { return first; }
        const std::uint32_t* end() const { return last; }
        bool empty() const { return first == last; }
    };
    Span successors(std::uint32_t i) const {
        return {successors_.data() + successor_begin_[i],
                successors_.data() + successor_begin_[i + 1]};
    }

    // The placements with a quiet move into each placement (a quiet move stays in its layer).
    void link_predecessors() {
        const std::size_t n = placements_.size();
        predecessor_begin_.assign(n + 1, 0);
        for (const std::uint32_t entry : successors_) {
            if (!(entry & kCaptureBit)) ++predecessor_begin_[entry + 1];
        }
        for (std::size_t i = 0; i < n; ++i) predecessor_begin_[i + 1] += predecessor_begin_[i];
        predecessors_.resize(predecessor_begin_[n]);
        std::vector<std::uint32_t> next_slot(predecessor_begin_.begin(),
                                             predecessor_begin_.end() - 1);
        for (std::uint32_t i = 0; i < n; ++i) {
            for (const std::uint32_t entry : successors(i)) {
                if (!(entry & kCaptureBit)) predecessors_[next_slot[entry]++] = i;
            }
        }
    }
    Span predecessors(std::uint32_t i) const {
        return {predecessors_.data() + predecessor_begin_[i],
                predecessors_.data() + predecessor_begin_[i + 1]};
    }

    // The plies `winner` needs to force its goal from each placement of one layer (the layers
    // below are done), by retrograde analysis: the placements at distance d + 1 are found by
    // taking back the quiet moves into those at distance d. A placement where the winner moves
    // is at d + 1 on its first move into d; one where the loser moves, once its last quiet move
    // is settled (at the largest distance, since the distances are settled in order). Captures
    // leave the layer: one reaches the goal when the layer below is a win at counter 0 there,
    // and never otherwise; so a loser's capture that misses the goal is an escape for good.
    void race(const std::vector<std::uint32_t>& layer, Color winner,
              std::vector<std::uint8_t>& distance) {
        constexpr std::uint16_t kEscaped = 0xffff;
        std::vector<std::vector<std::uint32_t>> at_distance(kQuietPlyLimit + 1);
        for (const std::uint32_t i : layer) {
            if (distance[i] == 0) at_distance[0].push_back(i);
            if (distance[i] != kNever || successors(i).empty()) continue;
            int quiet = 0;
            int captures = 0;
            int captures_reaching_goal = 0;
            for (const std::uint32_t entry : successors(i)) {
                if (entry & kCaptureBit) {
                    ++captures;
                    captures_reaching_goal += distance[entry & ~kCaptureBit] <= kQuietPlyLimit;
                } else {
                    ++quiet;
                }
            }
            const bool winner_moves = placements_[i].side == winner;
            const bool at_one = winner_moves ? captures_reaching_goal > 0
                                             : captures_reaching_goal == captures && quiet == 0;
            if (at_one) {
                distance[i] = 1;
                at_distance[1].push_back(i);
            } else if (!winner_moves) {
                open_moves_[i] = captures_reaching_goal < captures
                                     ? kEscaped
                                     : static_cast<std::uint16_t>(quiet);
            }
        }
        for (int d = 0; d < kQuietPlyLimit; ++d) {
            const auto next = static_cast<std::uint8_t>(d + 1);
            for (const std::uint32_t j : at_distance[d]) {
                for (const std::uint32_t i : predecessors(j)) {
                    if (distance[i] != kNever) continue;
                    const bool settled = placements_[i].side == winner ||
                                         (open_moves_[i] != kEscaped && --open_moves_[i] == 0);
                    if (settled) {
                        distance[i] = next;
                        at_distance[next].push_back(i);
                    }
                }
            }
        }
    }

    int size_;
    std::size_t max_;
    std::vector<Placement> placements_;
    std::vector<std::uint32_t> slots_;  // see add()
    std::vector<std::uint32_t> successor_begin_;
    std::vector<std::uint32_t> successors_;
    std::vector<std::uint32_t> predecessor_begin_;
    std::vector<std::uint32_t> predecessors_;
    std::vector<std::uint16_t> open_moves_;  // per loser-to-move placement, during a race
    std::vector<std::uint8_t> to_generals_win_;
    std::vector<std::uint8_t> to_soldiers_win_;
};

}  // namespace

Position position_of(const Placement& placement, int size) {
    Position pos;
    pos.size = static_cast<std::uint8_t>(size);
    pos.board = board_mask(size);
    pos.generals = placement.generals;
    pos.soldiers = placement.soldiers;
    pos.side = placement.side;
    return pos;
}

Placement after(const Placement& p, Move move) {
    const Bitboard moved = point_bit(move.from) | point_bit(move.to);
    if (p.side == kSoldiers) return {p.generals, p.soldiers ^ moved, kGenerals};
    const Bitboard taken = move.is_capture() ? point_bit(move.to) : 0;
    return {p.generals ^ moved, p.soldiers & ~taken, kSoldiers};
}

int preference(Value value, int distance) {
    // Wins first, the fastest first; then draws; then losses, the slowest first.
    switch (value) {
        case Value::win:
            return 1000 - distance;
        case Value::draw:
            return 0;
        case Value::loss:
            return -1000 + distance;
    }
    return 0;
}

std::pair<Value, int> value_at(RaceDistances distances, Color side, int quiet) {
    const int left = kQuietPlyLimit - quiet;
    if (distances.to_generals_win <= left) {
        return {side == kGenerals ? Value::win : Value::loss, distances.to_generals_win};
    }
    if (distances.to_soldiers_win <= left) {
        return {side == kSoldiers ? Value::win : Value::loss, distances.to_soldiers_win};
    }
    return {Value::draw, 0};
}

Solution solve(const Position& root, const SolverLimits& limits) {
    Analysis analysis(root, limits.max_placements);
    if (!analysis.explore()) {
        Solution solution;
        solution.why_not = fmt::format("more than {} reachable placements", limits.max_placements);
        solution.placements = analysis.size();
        return solution;
    }
    analysis.analyse();
    Solution solution =
        solution_from(root, [&](const Placement& p) { return analysis.distances(p); });
    solution.placements = analysis.size();
    return solution;
}

namespace {

// The value of the root and of each of its moves.
Solution moves_and_value(const Position& root, const DistanceLookup& lookup) {
    Solution solution;
    solution.solved = true;
    const Placement start = placement_of(root);
    const auto [value, distance] = value_at(lookup(start), root.side, root.quiet_plies);
    solution.value = value;
    solution.distance = distance;
    if (is_game_over(root)) return solution;

    for_each_move(root, [&](Move move) {
        const int quiet = move.is_capture() ? 0 : root.quiet_plies + 1;
        const Placement next = after(start, move);
        const auto [child_value, child_distance] = value_at(lookup(next), next.side, quiet);
        const Value mine = static_cast<Value>(-static_cast<int>(child_value));
        // A capture ends this layer's race: its goal is reached (or missed) on that ply.
        const int plies = mine == Value::draw ? 0 : move.is_capture() ? 1 : child_distance + 1;
        solution.moves.push_back({move, mine, plies});
    });
    std::stable_sort(solution.moves.begin(), solution.moves.end(),
                     [](const SolvedMove& a, const SolvedMove& b) {
                         return preference(a.value, a.distance) > preference(b.value, b.distance);
                     });
    solution.best = solution.moves.front().move;
    return solution;
}

}  // namespace

Solution solution_from(const Position& root, const DistanceLookup& lookup) {
    Solution solution = moves_and_value(root, lookup);
    if (solution.value == Value::draw) return solution;
    // Every ply of the line shortens the winner's race or starts a shorter game below, so it
    // ends; the bound only guards against a lookup that breaks that promise.
    Position pos = root;
    pos.known = 0;
    for (int ply = 0; ply < 64 * kQuietPlyLimit && !is_game_over(pos); ++ply) {
        const Move best = moves_and_value(pos, lookup).best;
        solution.line.push_back(best);
        make_move(pos, best);
    }
    return solution;
}

}  // namespace sente::soldiers
