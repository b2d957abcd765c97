#include "games/soldiers/tablebase.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <chrono>
#include <cstring>
#include <thread>

namespace sente::soldiers {

namespace {

constexpr int kMaxPoints = kMaxSize * kMaxSize;
constexpr std::uint8_t kEscaped = 255;  // the loser has a move out of the race: never settled

using Binomials = std::array<std::array<std::uint64_t, kMaxPoints + 1>, kMaxPoints + 1>;
constexpr Binomials make_binomials() {
    Binomials c{};
    for (int n = 0; n <= kMaxPoints; ++n) {
        c[n][0] = 1;
        for (int k = 1; k <= n; ++k) c[n][k] = c[n - 1][k - 1] + (k <= n - 1 ? c[n - 1][k] : 0);
    }
    return c;
}
constexpr Binomials kBinomial = make_binomials();

std::uint64_t choose(int n, int k) { return k < 0 || k > n ? 0 : kBinomial[n][k]; }

// The rank of a set among the sets of the same size in colexicographic order: the sum over its
// members p_1 < p_2 < ... of C(p_i, i). Counting up through the ranks is counting up through the
// sets as numbers, which is what next_set does.
std::uint64_t colex_rank(std::uint64_t set) {
    std::uint64_t rank = 0;
    for (int i = 1; set; ++i, set &= set - 1) rank += kBinomial[std::countr_zero(set)][i];
    return rank;
}

// The set of `members` points out of `points` with the given colex rank.
std::uint64_t colex_set(std::uint64_t rank, int members, int points) {
    std::uint64_t set = 0;
    int candidate = points;
    for (int i = members; i >= 1; --i) {
        do --candidate;
        while (kBinomial[candidate][i] > rank);
        set |= std::uint64_t{1} << candidate;
        rank -= kBinomial[candidate][i];
    }
    return set;
}

// The next larger number with as many bits set (Gosper's formulation).
std::uint64_t next_set(std::uint64_t set) {
    const std::uint64_t filled = set | (set - 1);
    return (filled + 1) | (((~filled & (filled + 1)) - 1) >> (std::countr_zero(set) + 1));
}

// The soldiers never share a point with a general, so their set is ranked among the points the
// generals leave: squeeze takes the generals' points out, widen puts them back as gaps.
std::uint64_t squeeze(std::uint64_t soldiers, std::uint64_t generals) {
    // From the highest general down, so that the points below keep their places.
    while (generals) {
        const int p = 63 - std::countl_zero(generals);
        const std::uint64_t below = (std::uint64_t{1} << p) - 1;
        const std::uint64_t above = p == 63 ? 0 : soldiers >> (p + 1);
        soldiers = (soldiers & below) | (above << p);
        generals &= below;
    }
    return soldiers;
}
std::uint64_t widen(std::uint64_t soldiers, std::uint64_t generals) {
    for (; generals; generals &= generals - 1) {
        const std::uint64_t below = (std::uint64_t{1} << std::countr_zero(generals)) - 1;
        soldiers = (soldiers & below) | ((soldiers & ~below) << 1);
    }
    return soldiers;
}

// Steps of `movers` onto empty points: one move per piece and free direction.
int step_count(Bitboard movers, Bitboard empty, Bitboard board) {
    return popcount(step<kNorth>(movers, board) & empty) +
           popcount(step<kSouth>(movers, board) & empty) +
           popcount(step<kEast>(movers, board) & empty) +
           popcount(step<kWest>(movers, board) & empty);
}

}  // namespace

Tablebase::Tablebase(int size, int generals)
    : size_(size),
      generals_(generals),
      points_(size * size),
      board_(board_mask(size)),
      general_sets_(choose(size * size, generals)) {}

std::uint64_t Tablebase::layer_size(int soldiers) const {
    return 2 * general_sets_ * choose(points_ - generals_, soldiers);
}

std::size_t Tablebase::bytes_needed(int max_soldiers) const {
    std::uint64_t bytes = 0;
    for (int k = 0; k <= max_soldiers; ++k) bytes += 2 * layer_size(k);
    return bytes + 2 * layer_size(max_soldiers);  // each race's counters while the top is built
}

std::size_t Tablebase::placements() const {
    std::size_t total = 0;
    for (const Layer& layer : layers_) total += layer.to_generals_win.size();
    return total;
}

std::uint64_t Tablebase::compact(Bitboard b) const {
    std::uint64_t dense = 0;
    const Bitboard rank_mask = (Bitboard{1} << size_) - 1;
    for (int rank = 0; rank < size_; ++rank) {
        dense |= ((b >> (rank * kStride)) & rank_mask) << (rank * size_);
    }
    return dense;
}

Bitboard Tablebase::expand(std::uint64_t dense) const {
    Bitboard b = 0;
    const std::uint64_t rank_mask = (std::uint64_t{1} << size_) - 1;
    for (int rank = 0; rank < size_; ++rank) {
        b |= ((dense >> (rank * size_)) & rank_mask) << (rank * kStride);
    }
    return b;
}

bool Tablebase::covers(const Placement& p) const {
    return popcount(p.generals) == generals_ && (p.generals & p.soldiers) == 0 &&
           ((p.generals | p.soldiers) & ~board_) == 0 && popcount(p.soldiers) <= max_soldiers();
}

std::uint64_t Tablebase::index_of(const Placement& p) const {
    // From the counts alone: the layer being built is not among layers_ yet.
    const std::uint64_t soldier_sets = choose(points_ - generals_, popcount(p.soldiers));
    const std::uint64_t generals = compact(p.generals);
    const std::uint64_t soldiers = squeeze(compact(p.soldiers), generals);
    return (colex_rank(generals) * soldier_sets + colex_rank(soldiers)) * 2 + (p.side == kSoldiers);
}

Placement Tablebase::placement_at(const Layer& layer, std::uint64_t index) const {
    const Color side = (index & 1) ? kSoldiers : kGenerals;
    index >>= 1;
    const std::uint64_t generals = colex_set(index / layer.soldier_sets, generals_, points_);
    const std::uint64_t soldiers =
        widen(colex_set(index % layer.soldier_sets, layer.soldiers, points_ - generals_), generals);
    return {expand(generals), expand(soldiers), side};
}

RaceDistances Tablebase::distances(const Placement& p) const {
    const Layer& layer = layers_[popcount(p.soldiers)];
    const std::uint64_t i = index_of(p);
    return {layer.to_generals_win[i], layer.to_soldiers_win[i]};
}

void Tablebase::build(int max_soldiers, const std::function<void(const LayerReport&)>& report) {
    for (int k = static_cast<int>(layers_.size()); k <= max_soldiers; ++k) {
        const auto start = std::chrono::steady_clock::now();
        Layer layer;
        layer.soldiers = k;
        layer.soldier_sets = choose(points_ - generals_, k);
        const std::uint64_t n = layer_size(k);
        if (k == 0) {  // every soldier is taken: the generals have won
            layer.to_generals_win.assign(n, 0);
            layer.to_soldiers_win.assign(n, kNeverInTime);
        } else {
            layer.to_generals_win.assign(n, kNeverInTime);
            layer.to_soldiers_win.assign(n, kNeverInTime);
            const Layer& below = layers_.back();
            // The two races read only the finished layer below and write their own bytes.
            std::thread soldiers_race([&] { race(below, layer, kSoldiers); });
            race(below, layer, kGenerals);
            soldiers_race.join();
        }
        layers_.push_back(std::move(layer));
        LayerReport summary = summarise(layers_.back());
        summary.seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        if (report) report(summary);
    }
}

void Tablebase::race(const Layer& below, Layer& layer, Color winner) const {
    const bool generals_race = winner == kGenerals;
    std::vector<std::uint8_t>& distance =
        generals_race ? layer.to_generals_win : layer.to_soldiers_win;
    const std::vector<std::uint8_t>& below_distance =
        generals_race ? below.to_generals_win : below.to_soldiers_win;
    const std::uint64_t n = distance.size();
    // For each placement where the loser moves: its moves within the layer not yet known to
    // reach the winner's goal in time (kEscaped when a capture leaves the race for good).
    std::vector<std::uint8_t> open_moves(n, 0);

    // Set-up: the ends of the race. In index order, so the sets are counted up, not unranked.
    std::uint64_t i = 0;
    for (std::uint64_t g = 0; g < general_sets_; ++g) {
        const std::uint64_t dense_generals = colex_set(g, generals_, points_);
        const Bitboard generals = expand(dense_generals);
        std::uint64_t set = (std::uint64_t{1} << layer.soldiers) - 1;
        for (std::uint64_t s = 0; s < layer.soldier_sets; ++s, set = next_set(set)) {
            const Bitboard soldiers = expand(widen(set, dense_generals));
            const Bitboard empty = board_ & ~(generals | soldiers);
            for (const Color side : {kGenerals, kSoldiers}) {
                const Bitboard movers = side == kGenerals ? generals : soldiers;
                const int steps = step_count(movers, empty, board_);
                int captures = 0;
                int captures_reaching_goal = 0;
                if (side == kGenerals) {
                    for (const Direction d : kDirections) {
                        const Bitboard over = step(generals, d, board_) & empty;
                        for (Bitboard land = step(over, d, board_) & soldiers; land;
                             land &= land - 1) {
                            const Bitboard to = land & (~land + 1);
                            const Bitboard from = point_bit(lowest_point(land) - 2 * d);
                            const Placement next{generals ^ from ^ to, soldiers ^ to, kSoldiers};
                            ++captures;
                            captures_reaching_goal +=
                                below_distance[index_of(next)] <= kQuietPlyLimit;
                        }
                    }
                }
                if (steps + captures == 0) {
                    // The side to move loses: the goal of the other side's race.
                    if (side != winner) distance[i] = 0;
                } else if (side == winner) {
                    if (captures_reaching_goal > 0) distance[i] = 1;
                } else if (captures_reaching_goal < captures) {
                    open_moves[i] = kEscaped;
                } else if (steps == 0) {
                    distance[i] = 1;  // every move is a capture into the winner's goal
                } else {
                    open_moves[i] = static_cast<std::uint8_t>(steps);
                }
                ++i;
            }
        }
    }

    // Distance d + 1 from distance d, by taking back the step that led to each placement.
    for (int d = 0; d < kQuietPlyLimit; ++d) {
        const std::uint8_t* const first = distance.data();
        const std::uint8_t* at = first;
        bool any = false;
        const auto next_distance = static_cast<std::uint8_t>(d + 1);
        while ((at = static_cast<const std::uint8_t*>(
                    std::memchr(at, d, static_cast<std::size_t>(first + n - at)))) != nullptr) {
            any = true;
            const Placement p = placement_at(layer, static_cast<std::uint64_t>(at - first));
            ++at;
            const Color mover = opponent(p.side);  // who made the step
            const bool winner_moved = mover == winner;
            const Bitboard pieces = mover == kGenerals ? p.generals : p.soldiers;
            const Bitboard empty = board_ & ~(p.generals | p.soldiers);
            for (Bitboard rest = pieces; rest; rest &= rest - 1) {
                const Bitboard to = rest & (~rest + 1);
                for (Bitboard from_set = neighbours(to, board_) & empty; from_set;
                     from_set &= from_set - 1) {
                    const Bitboard moved = to | (from_set & (~from_set + 1));
                    const Placement before = mover == kGenerals
                                                 ? Placement{p.generals ^ moved, p.soldiers, mover}
                                                 : Placement{p.generals, p.soldiers ^ moved, mover};
                    const std::uint64_t j = index_of(before);
                    if (distance[j] != kNeverInTime) continue;
                    if (winner_moved) {
                        distance[j] = next_distance;
                    } else if (open_moves[j] != kEscaped && --open_moves[j] == 0) {
                        distance[j] = next_distance;
                    }
                }
            }
        }
        if (!any && d >= 1) break;  // nothing at d, so nothing can follow at d + 1
    }
}

LayerReport Tablebase::summarise(const Layer& layer) const {
    LayerReport r;
    r.soldiers = layer.soldiers;
    r.placements = layer.to_generals_win.size();
    for (std::uint64_t i = 0; i < r.placements; ++i) {
        const RaceDistances distances{layer.to_generals_win[i], layer.to_soldiers_win[i]};
        if (distances.to_generals_win <= kQuietPlyLimit) {
            r.longest_generals_race =
                std::max<int>(r.longest_generals_race, distances.to_generals_win);
        }
        if (distances.to_soldiers_win <= kQuietPlyLimit) {
            r.longest_soldiers_race =
                std::max<int>(r.longest_soldiers_race, distances.to_soldiers_win);
        }
        if (i & 1) continue;  // the counts are for the generals to move
        switch (value_at(distances, kGenerals, 0).first) {
            case Value::win:
                ++r.generals_win;
                break;
            case Value::loss:
                ++r.soldiers_win;
                break;
            case Value::draw:
                ++r.draw;
                break;
        }
    }
    return r;
}

Solution solve_with_tables(const Position& root, const Tablebase& tables) {
    Solution solution =
        solution_from(root, [&](const Placement& p) { return tables.distances(p); });
    solution.placements = tables.placements();
    return solution;
}

}  // namespace sente::soldiers
