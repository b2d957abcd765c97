#pragma once

// The Gomoku network: a learned evaluation over the line patterns (issue 54, docs/training.md).
//
// Every point of the board and each of its four directions has a line pattern: the point's own
// state (empty, black, white) and the four points each side of it along the line (empty,
// black, white or off the board). A pattern indexes a row of the table (int16): the
// kNetViewFeatures values a small learned function gives the line read from black's point of
// view (black's stones "own"), then the kNetViewFeatures it gives the same line read from
// white's. One row thus serves both points of view, and a stone costs one row read per changed
// pattern whichever side is to move. A point's vector is the sum of its four directions' rows,
// clipped to [0, 1]; the board's is the sum of its points' vectors; its two halves, the side
// to move's first, enter a small dense layer of kNetHidden units (float) that gives the logit
// of the side to move's chance to win, and 200 points a logit make it a score in the search's
// units, as the hand-made evaluation's. Because the halves are the same function of the two
// points of view, a position and its image with the colours (and the side to move) swapped get
// the same value; a network trained with a function for each colour (the trainer's
// --colour-views, for renju, whose rules differ by colour) fills the same layout, and only
// those values then differ. A network may instead be trained as a correction to the hand-made
// evaluation (Network::on_built_in): its logit is then added to that one's.
//
// The rows are what a small network over the nine points of a line computed for every possible
// pattern when it was trained (scripts/train-gomoku-net): a pattern seldom seen in training
// still gets the value its points suggest. A line read backwards gives the same row (the
// trainer makes it so), so the evaluation is the same under the board's eight symmetries.
//
// Position keeps each point's vector and the board's sums up to date as stones come and go
// (position.hpp, network_sums.cpp): a stone changes the patterns of its own point and of the
// points within four along its lines, 33 points at most, and each of those changes one row of
// a point's vector.

#include <array>
#include <cstdint>
#include <memory>
#include <new>
#include <span>
#include <string>
#include <vector>

#include "games/gomoku/board.hpp"
#include "games/gomoku/patterns.hpp"
#include "sente/result.hpp"

namespace sente::gomoku {

// The features of one point of view; a row holds both. The build's width (CMake's
// SENTE_GOMOKU_NET_VIEW_FEATURES, 16 unless set) is the widest network it reads: a narrower one
// (the trainer's --view-features) reads with its missing features zero (read_network).
// No default here: a file compiled without the build's setting would disagree with the others
// on the layout of Position and Network.
#ifndef SENTE_GOMOKU_NET_VIEW_FEATURES
#error "SENTE_GOMOKU_NET_VIEW_FEATURES is set by CMakeLists.txt"
#endif
inline constexpr int kNetViewFeatures = SENTE_GOMOKU_NET_VIEW_FEATURES;
inline constexpr int kNetFeatures = 2 * kNetViewFeatures;
inline constexpr int kNetHidden = 32;
// The four points on one side of a line, nearest first, each empty, black or white, and the
// board's edge after the last of them that is on the board: 1 + 3 + 9 + 27 + 81 codes.
inline constexpr int kNetSideCodes = 121;
inline constexpr int kNetPatterns = 3 * kNetSideCodes * kNetSideCodes;
// Table units in 1.0; a point's vector is clipped to [0, kNetClip].
inline constexpr int kNetTableScale = 256;
inline constexpr int kNetClip = kNetTableScale;
// The board's sum enters the dense layer as sum / (kNetTableScale * kNetPoolDivisor).
inline constexpr int kNetPoolDivisor = 32;
inline constexpr double kNetPointsPerLogit = 200.0;

using NetRow = std::array<std::int16_t, kNetFeatures>;
// The board's sums: black's point of view's features, then white's.
using NetSums = std::array<std::int32_t, kNetFeatures>;

// Allocates on cache-line boundaries, so that each table row starts a cache line: a row read
// during the search then touches no more lines than it fills.
template <class T>
struct CacheLineAllocator {
    using value_type = T;
    static constexpr std::align_val_t kAlignment{64};
    CacheLineAllocator() = default;
    template <class U>
    explicit CacheLineAllocator(const CacheLineAllocator<U>& /*other*/) {}
    T* allocate(std::size_t count) {
        return static_cast<T*>(::operator new(count * sizeof(T), kAlignment));
    }
    void deallocate(T* pointer, std::size_t /*count*/) { ::operator delete(pointer, kAlignment); }
    bool operator==(const CacheLineAllocator& /*other*/) const = default;
};
static_assert(sizeof(NetRow) % 64 == 0, "a table row fills whole cache lines");

// The move order's policy, which a network file may carry (format versions 3 and 4): how likely the
// side to move is to play an empty point, learnt from a strong engine's moves (docs/training.md,
// "The move order's policy"). Each of the point's four line patterns indexes a row of the
// policy's own table, laid out as the network's rows (kPolicyViewFeatures values read from
// black's point of view, then as many from white's); the point's vector is the sum of its
// four rows clipped to [0, 1], and a linear layer over it, the side to move's half first, plus
// the hand-made order's value (eval.hpp, order_value) times order_weight, gives the logit. The
// order ranks the points by it (policy_order_value).
inline constexpr int kPolicyViewFeatures = 16;
// The policy is read at empty points only, so its table holds the patterns whose centre is
// empty: net_pattern's first kNetSideCodes * kNetSideCodes.
inline constexpr int kPolicyPatterns = kNetSideCodes * kNetSideCodes;
inline constexpr int kPolicyFeatures = 2 * kPolicyViewFeatures;
using PolicyRow = std::array<std::int16_t, kPolicyFeatures>;
static_assert(sizeof(PolicyRow) % 64 == 0, "a policy row fills whole cache lines");

struct Policy {
    std::vector<PolicyRow, CacheLineAllocator<PolicyRow>> table;  // kPolicyPatterns rows
    // Per table unit: the side to move's half's weights, then the other half's.
    std::array<float, kPolicyFeatures> weights{};
    float order_weight = 1;  // per kOrderWeightScale units of the hand-made order's value
    float bias = 0;
};

struct Network {
    std::vector<NetRow, CacheLineAllocator<NetRow>> table;  // kNetPatterns rows
    // [input][unit]: an input's weights side by side, so that the dense layer adds each input
    // to all the units at once (the file holds them unit by unit).
    std::array<std::array<float, kNetHidden>, kNetFeatures> hidden_weights{};
    std::array<float, kNetHidden> hidden_bias{};
    std::array<float, kNetHidden> output_weights{};
    float output_bias = 0;
    std::uint32_t rules = 0;  // bit 1 << Rule for each rule it was trained for
    std::uint32_t sizes = 0;  // bit 1 << size for each board size it was trained on
    // The built-in evaluation is the base the network's logit corrects (eval.hpp); else the
    // network's logit is the whole value.
    bool on_built_in = false;
    // The move order's policy, if the file has one (the strong levels order with it).
    std::shared_ptr<const Policy> policy;

    bool plays(Rule rule) const { return (rules >> static_cast<int>(rule)) & 1U; }
    bool plays(Rule rule, int size) const { return plays(rule) && ((sizes >> size) & 1U); }
};

// The weight file (little-endian): "SENTENET", the format version (uint32, 2 to 4), kNetFeatures,
// kNetHidden and kNetPatterns (uint32 each, checked), the rules and sizes masks (uint32), the
// base (uint32: 0 none, 1 the built-in evaluation), the table (int16, pattern by pattern), the
// hidden weights (float, unit by unit), the hidden biases, the output weights and the output
// bias. Versions 3 and 4 go on with the policy: kPolicyFeatures (uint32; 0 for none), its table
// (int16, pattern by pattern: version 4 the kPolicyPatterns it reads, version 3 all
// kNetPatterns), its weights (float), its order weight and its bias (float).
Result<std::shared_ptr<const Network>> read_network(std::span<const std::uint8_t> bytes);
Result<std::shared_ptr<const Network>> load_network(const std::string& path);

// A point's vector before clipping, kept by Position.
using NetPoint = NetRow;
// Position keeps them for the points of the largest board, row by row.
inline constexpr int kNetPoints = kMaxSize * kMaxSize;
constexpr int net_index(int point) { return row_of(point) * kMaxSize + column_of(point); }
// The points whose patterns a stone on a point changes: the point, and four along each line
// each way (slots for those off the board too, which are skipped).
inline constexpr int kNetReach = 4;
inline constexpr int kNetChangedPoints = 1 + 4 * 2 * kNetReach;

namespace net_detail {

// A side's code from four cells, nearest first: 0 empty, 1 black, 2 white, 3 off the
// board (and everything beyond the edge is off the board too). The codes of k cells on the
// board start at kSideCodeStart[k]; the cells count in base 3, the nearest the lowest digit.
inline constexpr std::array<int, 5> kSideCodeStart = {0, 1, 4, 13, 40};

constexpr int side_code(const std::array<int, 4>& cells) {
    int on_board = 0;
    while (on_board < 4 && cells[on_board] != 3) ++on_board;
    int code = 0;
    for (int i = on_board - 1; i >= 0; --i) code = code * 3 + cells[i];
    return kSideCodeStart[on_board] + code;
}

// A Stone is already the cell: 0 empty, 1 black, 2 white, 3 the wall.
static_assert(kEmpty == 0 && kBlack == 1 && kWhite == 2 && kWall == 3,
              "the side codes read a key's stones as cells");

// [byte]: the side codes of a key's low byte (offsets -4..-1, the nearest in bits 6-7) and of
// its high byte (offsets +1..+4, the nearest in bits 0-1).
struct SideTables {
    std::array<std::uint8_t, 256> before{}, after{};
};

constexpr SideTables make_side_tables() {
    SideTables tables;
    for (int byte = 0; byte < 256; ++byte) {
        std::array<int, 4> before{}, after{};
        for (int i = 0; i < 4; ++i) {
            before[i] = (byte >> (6 - 2 * i)) & 3;
            after[i] = (byte >> (2 * i)) & 3;
        }
        tables.before[byte] = static_cast<std::uint8_t>(side_code(before));
        tables.after[byte] = static_cast<std::uint8_t>(side_code(after));
    }
    return tables;
}

inline constexpr SideTables kSideTables = make_side_tables();
static_assert(key_shift(-1) == 6 && key_shift(-4) == 0 && key_shift(1) == 8 && key_shift(4) == 14,
              "the side tables read a key's bytes as patterns.hpp lays them out");

}  // namespace net_detail

// The pattern of a point: its own cell (Stone) and the line's key around it (patterns.hpp).
// Inline: the incremental update calls it for every row it reads.
inline int net_pattern(Stone centre, LineKey key) {
    using net_detail::kSideTables;
    return (centre * kNetSideCodes + kSideTables.before[key & 0xff]) * kNetSideCodes +
           kSideTables.after[key >> 8];
}

// Calls fn(slot, q) for the points update_network changes for a stone on `point`: the point
// (slot 0), then along each direction the points 1..kNetReach ahead and behind that are on the
// board, each in its fixed slot below kNetChangedPoints.
template <class Fn>
void for_each_net_point(const std::array<Stone, kPoints>& stones, int point, Fn&& fn) {
    fn(0, point);
    int slot = 1;
    for (int d = 0; d < 4; ++d) {
        for (int k = 1; k <= kNetReach; ++k, slot += 2) {
            const int ahead = point + k * kDirections[d];
            const int behind = point - k * kDirections[d];
            if (stones[ahead] != kWall) fn(slot, ahead);
            if (stones[behind] != kWall) fn(slot + 1, behind);
        }
    }
}

// The dense layer on the board's sums: the logit of `side`'s chance to win, `side` to move.
float net_logit(const Network& net, const NetSums& sums, Color side);

// The networks built into the binary (network.bin and network-renju.bin beside
// builtin_network.cpp), read once: the one that plays `rule`, or none.
std::shared_ptr<const Network> builtin_network(Rule rule);

// The network that new positions of `rule` evaluate with on the board sizes it was trained on
// (none: the hand-made evaluation). At start, the built-in network for the rules it plays.
// Set it before positions are made (at start-up); positions keep the one they were made with.
void set_active_network(Rule rule, std::shared_ptr<const Network> net);
const Network* active_network(Rule rule);

}  // namespace sente::gomoku
