#include "games/soldiers/solver.hpp"

#include <algorithm>
#include <unordered_map>

#include <fmt/format.h>

namespace sente::soldiers {

namespace {

constexpr std::uint8_t kNever = kNeverInTime;

struct PlacementHash {
    std::size_t operator()(const Placement& p) const {
        return position_key(p.generals, p.soldiers, p.side);
    }
};

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
        const std::uint32_t i = index_.at(p);
        return {to_generals_win_[i], to_soldiers_win_[i]};
    }

  private:
    static constexpr std::uint32_t kCaptureBit = 0x80000000u;

    std::uint32_t add(const Placement& p) {
        const auto [it, inserted] =
            index_.try_emplace(p, static_cast<std::uint32_t>(placements_.size()));
        if (inserted) placements_.push_back(p);
        return it->second;
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

    // The plies `winner` needs to force its goal from each placement of one layer (the layers
    // below are done). Pass k settles the placements whose distance is exactly k: it only reads
    // distances below k, so updating in place is safe, and a pass that settles nothing ends it.
    void race(const std::vector<std::uint32_t>& layer, Color winner,
              std::vector<std::uint8_t>& distance) {
        for (int k = 1; k <= kQuietPlyLimit; ++k) {
            bool settled_any = false;
            for (const std::uint32_t i : layer) {
                if (distance[i] != kNever || successors(i).empty()) continue;
                const bool winner_moves = placements_[i].side == winner;
                bool reached = !winner_moves;  // any move for the winner, every move for the loser
                for (const std::uint32_t entry : successors(i)) {
                    const std::uint32_t j = entry & ~kCaptureBit;
                    // A capture leaves the layer: it reaches the goal when the layer below is a
                    // win at counter 0 there, and never otherwise.
                    const bool done = (entry & kCaptureBit) ? distance[j] <= kQuietPlyLimit
                                                            : distance[j] <= k - 1;
                    if (winner_moves && done) {
                        reached = true;
                        break;
                    }
                    if (!winner_moves && !done) {
                        reached = false;
                        break;
                    }
                }
                if (reached) {
                    distance[i] = static_cast<std::uint8_t>(k);
                    settled_any = true;
                }
            }
            if (!settled_any) return;
        }
    }

    int size_;
    std::size_t max_;
    std::vector<Placement> placements_;
    std::unordered_map<Placement, std::uint32_t, PlacementHash> index_;
    std::vector<std::uint32_t> successor_begin_;
    std::vector<std::uint32_t> successors_;
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
