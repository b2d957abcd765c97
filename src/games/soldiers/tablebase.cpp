#include "games/soldiers/tablebase.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <chrono>
#include <cstring>
#include <fstream>
#include <thread>
#include <utility>

#include <fmt/format.h>

#include "platform/platform.hpp"

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

std::uint64_t Tablebase::placements_up_to(int max_soldiers) const {
    std::uint64_t total = 0;
    for (int k = 0; k <= max_soldiers; ++k) total += layer_size(k);
    return total;
}

std::size_t Tablebase::bytes_needed(int max_soldiers) const {
    std::uint64_t bytes = 0;
    for (int k = 0; k <= max_soldiers; ++k) bytes += 2 * layer_size(k);
    return bytes + 2 * layer_size(max_soldiers);  // each race's counters while the top is built
}

std::size_t Tablebase::placements() const {
    std::size_t total = 0;
    for (const Layer& layer : layers_) total += layer.placements;
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

std::uint64_t Tablebase::index_in_layer(const Placement& p) const {
    // From the counts alone: the layer being built is not among layers_ yet.
    const std::uint64_t soldier_sets = choose(points_ - generals_, popcount(p.soldiers));
    const std::uint64_t generals = compact(p.generals);
    const std::uint64_t soldiers = squeeze(compact(p.soldiers), generals);
    return (colex_rank(generals) * soldier_sets + colex_rank(soldiers)) * 2 + (p.side == kSoldiers);
}

Placement Tablebase::placement_at(std::uint64_t soldier_sets, int soldier_count,
                                  std::uint64_t index) const {
    const Color side = (index & 1) ? kSoldiers : kGenerals;
    index >>= 1;
    const std::uint64_t generals = colex_set(index / soldier_sets, generals_, points_);
    const std::uint64_t soldiers =
        widen(colex_set(index % soldier_sets, soldier_count, points_ - generals_), generals);
    return {expand(generals), expand(soldiers), side};
}

RaceDistances Tablebase::distances(const Placement& p) const {
    const Layer& layer = layers_[popcount(p.soldiers)];
    const std::uint64_t i = index_in_layer(p);
    return {layer.to_generals_win[i], layer.to_soldiers_win[i]};
}

void Tablebase::build(int max_soldiers, const std::function<void(const LayerReport&)>& report) {
    if (from_file()) return;  // a mapped file has the layers it has
    for (int k = static_cast<int>(layers_.size()); k <= max_soldiers; ++k) {
        const auto start = std::chrono::steady_clock::now();
        Layer layer;
        layer.soldiers = k;
        layer.soldier_sets = choose(points_ - generals_, k);
        layer.placements = layer_size(k);
        if (k == 0) {  // every soldier is taken: the generals have won
            layer.built_to_generals_win.assign(layer.placements, 0);
            layer.built_to_soldiers_win.assign(layer.placements, kNeverInTime);
        } else {
            layer.built_to_generals_win.assign(layer.placements, kNeverInTime);
            layer.built_to_soldiers_win.assign(layer.placements, kNeverInTime);
            const Layer& below = layers_.back();
            // The two races read only the finished layer below and write their own bytes.
            std::thread soldiers_race([&] {
                race(below, layer.soldier_sets, k, layer.built_to_soldiers_win, kSoldiers);
            });
            race(below, layer.soldier_sets, k, layer.built_to_generals_win, kGenerals);
            soldiers_race.join();
        }
        layer.to_generals_win = layer.built_to_generals_win.data();
        layer.to_soldiers_win = layer.built_to_soldiers_win.data();
        layers_.push_back(std::move(layer));
        LayerReport summary = summarise(layers_.back());
        summary.seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        if (report) report(summary);
    }
}

void Tablebase::race(const Layer& below, std::uint64_t soldier_sets, int layer_soldiers,
                     std::vector<std::uint8_t>& distance, Color winner) const {
    const std::uint8_t* const below_distance =
        winner == kGenerals ? below.to_generals_win : below.to_soldiers_win;
    const std::uint64_t n = distance.size();
    // For each placement where the loser moves: its moves within the layer not yet known to
    // reach the winner's goal in time (kEscaped when a capture leaves the race for good).
    std::vector<std::uint8_t> open_moves(n, 0);

    // Set-up: the ends of the race. In index order, so the sets are counted up, not unranked.
    std::uint64_t i = 0;
    for (std::uint64_t g = 0; g < general_sets_; ++g) {
        const std::uint64_t dense_generals = colex_set(g, generals_, points_);
        const Bitboard generals = expand(dense_generals);
        std::uint64_t set = (std::uint64_t{1} << layer_soldiers) - 1;
        for (std::uint64_t s = 0; s < soldier_sets; ++s, set = next_set(set)) {
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
                                below_distance[index_in_layer(next)] <= kQuietPlyLimit;
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
            const Placement p =
                placement_at(soldier_sets, layer_soldiers, static_cast<std::uint64_t>(at - first));
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
                    const std::uint64_t j = index_in_layer(before);
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
    r.placements = layer.placements;
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

// ---- Files --------------------------------------------------------------------------------
// A 64-byte header (magic, format version, board size, generals, soldiers of the top layer as
// little-endian 32-bit numbers), then for each layer from 0 soldiers up its distances to the
// generals' win and then to the soldiers' win, one byte per placement in index order.

namespace {

constexpr char kMagic[16] = "sente-soldiers";
constexpr std::uint32_t kFormat = 1;
constexpr std::size_t kHeaderBytes = 64;

void put_u32(char* at, std::uint32_t v) {
    for (int i = 0; i < 4; ++i) at[i] = static_cast<char>((v >> (8 * i)) & 0xFF);
}
std::uint32_t get_u32(const unsigned char* at) {
    return at[0] | (at[1] << 8) | (at[2] << 16) | (std::uint32_t{at[3]} << 24);
}

}  // namespace

Result<void> Tablebase::save(const std::string& path) const {
    std::ofstream file(path, std::ios::binary | std::ios::trunc);
    if (!file) return make_error(ErrorCode::invalid_argument, "cannot write " + path);
    char header[kHeaderBytes] = {};
    std::memcpy(header, kMagic, sizeof kMagic);
    put_u32(header + 16, kFormat);
    put_u32(header + 20, static_cast<std::uint32_t>(size_));
    put_u32(header + 24, static_cast<std::uint32_t>(generals_));
    put_u32(header + 28, static_cast<std::uint32_t>(max_soldiers()));
    file.write(header, kHeaderBytes);
    for (const Layer& layer : layers_) {
        file.write(reinterpret_cast<const char*>(layer.to_generals_win),
                   static_cast<std::streamsize>(layer.placements));
        file.write(reinterpret_cast<const char*>(layer.to_soldiers_win),
                   static_cast<std::streamsize>(layer.placements));
    }
    file.close();
    if (!file) return make_error(ErrorCode::invalid_argument, "cannot write " + path);
    return {};
}

Result<Tablebase> Tablebase::load(const std::string& path) {
    const auto fail = [&](const std::string& why) {
        return make_error(ErrorCode::invalid_argument, fmt::format("{}: {}", path, why));
    };
    auto file = platform::MappedFile::open(path);
    if (!file) return make_error(file.error().code, file.error().message);
    if ((*file)->size() < kHeaderBytes) return fail("not a Soldiers and Generals tables file");
    const std::shared_ptr<const platform::MappedFile> mapping = std::move(*file);
    const std::size_t bytes = mapping->size();

    const unsigned char* header = mapping->bytes();
    if (std::memcmp(header, kMagic, sizeof kMagic) != 0) {
        return fail("not a Soldiers and Generals tables file");
    }
    if (get_u32(header + 16) != kFormat) return fail("tables of another format version");
    const auto size = static_cast<int>(get_u32(header + 20));
    const auto generals = static_cast<int>(get_u32(header + 24));
    const auto top = static_cast<int>(get_u32(header + 28));
    if (size < kMinSize || size > kMaxSize || generals < 1 || generals >= size * size || top < 0 ||
        top > size * size - generals) {
        return fail("a header with impossible numbers");
    }
    Tablebase tables(size, generals);
    std::size_t offset = kHeaderBytes;
    for (int k = 0; k <= top; ++k) {
        Layer layer;
        layer.soldiers = k;
        layer.soldier_sets = choose(size * size - generals, k);
        layer.placements = tables.layer_size(k);
        if (bytes - offset < 2 * layer.placements) return fail("the file is cut short");
        layer.to_generals_win = mapping->bytes() + offset;
        layer.to_soldiers_win = layer.to_generals_win + layer.placements;
        offset += 2 * layer.placements;
        tables.layers_.push_back(std::move(layer));
    }
    if (offset != bytes) return fail("more bytes than its header says");
    tables.mapping_ = std::move(mapping);
    return tables;
}

Solution solve_with_tables(const Position& root, const Tablebase& tables) {
    Solution solution =
        solution_from(root, [&](const Placement& p) { return tables.distances(p); });
    solution.placements = tables.placements();
    return solution;
}

}  // namespace sente::soldiers
