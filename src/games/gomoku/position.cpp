#include "games/gomoku/position.hpp"

#include <algorithm>
#include <cstring>
#include <type_traits>

namespace sente::gomoku {

static_assert(std::is_trivially_copyable_v<PointState>, "MoveUndo copies points as bytes");

namespace {

constexpr std::uint64_t splitmix(std::uint64_t& state) {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

struct ZobristKeys {
    std::array<std::array<std::uint64_t, kPoints>, 2> stone{};
    std::uint64_t white_to_move = 0;
    std::array<std::uint64_t, kMaxSize + 1> size{};
    std::array<std::uint64_t, 4> rule{};
};

constexpr ZobristKeys make_keys() {
    ZobristKeys keys;
    std::uint64_t state = 0x5E47E60A0C0FFEEULL;
    for (auto& colour : keys.stone)
        for (auto& k : colour) k = splitmix(state);
    keys.white_to_move = splitmix(state);
    for (auto& k : keys.size) k = splitmix(state);
    for (auto& k : keys.rule) k = splitmix(state);
    return keys;
}

const ZobristKeys& zobrist() {
    static const ZobristKeys keys = make_keys();
    return keys;
}

// What one line class is worth on a point, for the evaluation and move ordering.
constexpr std::array<int, kLinePatterns> kLineValue = {
    0,     // dead
    0,     // overline
    1,     // block1
    3,     // flex1
    6,     // block2
    16,    // flex2
    20,    // block3
    60,    // flex3
    70,    // block4
    500,   // flex4
    3000,  // five
};

// kUpdateReach (position.hpp) is the number of points along a line from a stone that the rule
// needs to confirm a five: the run through the point and, for exactly-five and caro rules, the
// point just beyond it.
bool needs_confirmation(LineRule rule) { return rule != LineRule::at_least_five; }

// How far along each line a stone's arrival or departure changes the points.
int update_reach(const Position& pos) {
    return needs_confirmation(line_rule(pos.rule, Color::black)) ||
                   needs_confirmation(line_rule(pos.rule, Color::white))
               ? kUpdateReach
               : 4;
}

// The length of the run of `stone` through `point` along `step`, counting `point` itself, and
// the points just beyond both ends.
struct Run {
    int length;
    int before;  // the point before the first stone
    int after;   // the point after the last stone
};

Run run_through(const Position& pos, int point, int step, Stone stone) {
    int before = point - step;
    while (pos.stones[before] == stone) before -= step;
    int after = point + step;
    while (pos.stones[after] == stone) after += step;
    return Run{(after - before) / step - 1, before, after};
}

bool run_wins(const Position& pos, const Run& run, LineRule rule, Stone opponent) {
    switch (rule) {
        case LineRule::at_least_five:
            return run.length >= 5;
        case LineRule::exactly_five:
            return run.length == 5;
        case LineRule::unblocked_five:
            if (run.length > 5) return true;
            return run.length == 5 &&
                   !(pos.stones[run.before] == opponent && pos.stones[run.after] == opponent);
    }
    return false;
}

// Whether a stone of `color` on the empty `point` makes five along direction `d`, on the board.
bool confirms_five(const Position& pos, int point, int d, Color color) {
    const LineRule rule = line_rule(pos.rule, color);
    const Run run = run_through(pos, point, kDirections[d], stone_of(color));
    return run_wins(pos, run, rule, stone_of(opponent(color)));
}

Threat combine(const std::array<LinePattern, 4>& lines, int& value) {
    int fives = 0, flex4 = 0, block4 = 0, flex3 = 0;
    value = 0;
    for (const LinePattern p : lines) {
        value += kLineValue[p];
        fives += p == kFive;
        flex4 += p == kFlex4;
        block4 += p == kBlock4;
        flex3 += p == kFlex3;
    }
    if (fives > 0) return kThreatFive;
    if (flex4 > 0 || block4 >= 2) {
        value = std::max(value, 600);
        return kThreatFlexFour;
    }
    if (block4 > 0 && flex3 > 0) {
        value = std::max(value, 400);
        return kThreatFourThree;
    }
    if (block4 > 0) return kThreatFour;
    if (flex3 >= 2) {
        value = std::max(value, 250);
        return kThreatDoubleThree;
    }
    if (flex3 > 0) return kThreatThree;
    return kNoThreat;
}

// A point's threat from its four line classes by one lookup: the point's shape code (shape.hpp)
// keeps each line's level, and the levels from open three up are the classes the threat depends
// on, so a table over the codes (4 kB, first-level cache) gives the threat.
static_assert(
    [] {
        for (const LinePattern p : {kFlex3, kBlock4, kFlex4, kFive})
            if (kPatternOfLevel[kShapeLevel[p]] != p) return false;
        return kShapeLevel[kBlock3] < kShapeLevel[kFlex3];
    }(),
    "a shape code keeps the classes a threat depends on");

const std::array<Threat, kShapeCodes>& threat_table() {
    static const auto table = [] {
        std::array<Threat, kShapeCodes> threats{};
        for (int i = 0; i < kShapeCodes; ++i) {
            std::array<LinePattern, 4> lines{};
            for (int d = 0; d < 4; ++d)
                lines[d] = kPatternOfLevel[i / kShapeDigit[d] % kShapeLevels];
            int unused = 0;
            threats[i] = combine(lines, unused);
        }
        return threats;
    }();
    return table;
}

// The least value of a point with each threat (combine() raises the sum of its lines to it).
constexpr std::array<int, kThreats> kThreatFloor = {0, 0, 250, 0, 400, 600, 0};

// The class of a stone of colour index `c` on the empty `point` along direction `d`, with a
// five from the table confirmed on the board where the rule needs it.
LinePattern class_of(const Position& pos, int point, int d, int c, LinePattern pattern) {
    const Color color = static_cast<Color>(c);
    if (pattern == kFive && needs_confirmation(line_rule(pos.rule, color)) &&
        !confirms_five(pos, point, d, color)) {
        return line_rule(pos.rule, color) == LineRule::exactly_five ? kOverline : kDead;
    }
    return pattern;
}

// Recomputes an empty point's class in one direction for both colours, with the point's codes
// and sums; true if either changed.
bool refresh_line(Position& pos, int point, int d) {
    PointState& state = pos.points[point];
    const auto& classes = (*pos.lines_table)[state.keys[d]];
    bool changed = false;
    for (int c = 0; c < 2; ++c) {
        const LinePattern pattern = class_of(pos, point, d, c, classes[c]);
        const LinePattern before = state.lines[c][d];
        if (pattern == before) continue;
        state.lines[c][d] = pattern;
        state.line_sums[c] = static_cast<std::int16_t>(state.line_sums[c] + kLineValue[pattern] -
                                                       kLineValue[before]);
        changed = true;
        const int level_change = kShapeLevel[pattern] - kShapeLevel[before];
        if (level_change == 0) continue;  // a change among the weak lines: the same shape
        const ShapeCode old_shape = state.shape_codes[c];
        state.shape_codes[c] = static_cast<ShapeCode>(old_shape + level_change * kShapeDigit[d]);
        const ShapeWeight was = (*pos.shape_table)[old_shape];
        const ShapeWeight is = (*pos.shape_table)[state.shape_codes[c]];
        pos.shape_sums[c][0] += is.own - was.own;
        pos.shape_sums[c][1] += is.their - was.their;
    }
    return changed;
}

// An empty point's four classes for both colours, and its codes and sums, from scratch (its
// shape weights are counted by the caller: see count_shapes).
void rebuild_lines(Position& pos, int point) {
    PointState& state = pos.points[point];
    for (int c = 0; c < 2; ++c) {
        int sum = 0;
        int shape = 0;
        for (int d = 0; d < 4; ++d) {
            const LinePattern pattern =
                class_of(pos, point, d, c, (*pos.lines_table)[state.keys[d]][c]);
            state.lines[c][d] = pattern;
            sum += kLineValue[pattern];
            shape += kShapeLevel[pattern] * kShapeDigit[d];
        }
        state.line_sums[c] = static_cast<std::int16_t>(sum);
        state.shape_codes[c] = static_cast<ShapeCode>(shape);
    }
}

// Adds (+1) or removes (-1) the weights of an empty point's shapes to or from the shape sums:
// a point counts while it is empty.
void count_shapes(Position& pos, int point, int sign) {
    const PointState& state = pos.points[point];
    for (int c = 0; c < 2; ++c) {
        const ShapeWeight weight = (*pos.shape_table)[state.shape_codes[c]];
        pos.shape_sums[c][0] += sign * weight.own;
        pos.shape_sums[c][1] += sign * weight.their;
    }
}

// The line through a stone of the board, for its owner, after a change of the stones around it.
void refresh_stone_line(Position& pos, int point, int d) {
    const int c = pos.stones[point] - 1;
    const LinePattern before = pos.points[point].lines[c][d];
    const LinePattern after = (*pos.lines_table)[pos.points[point].keys[d]][c];
    pos.points[point].lines[c][d] = after;
    --pos.stone_lines[c][before];
    ++pos.stone_lines[c][after];
}

// Adds (+1) or removes (-1) the lines of the stone on `point` to or from its colour's counts.
void count_stone_lines(Position& pos, int point, int sign) {
    const int c = pos.stones[point] - 1;
    for (const LinePattern line : pos.points[point].lines[c]) pos.stone_lines[c][line] += sign;
}

// Recomputes the combined threat and value of a point for both colours from its codes and sums.
void refresh_point(Position& pos, int point) {
    const auto& threats = threat_table();
    PointState& state = pos.points[point];
    const bool empty = pos.stones[point] == kEmpty;
    for (int c = 0; c < 2; ++c) {
        Threat threat = kNoThreat;
        int value = 0;
        if (empty) {
            threat = threats[state.shape_codes[c]];
            value = std::max<int>(state.line_sums[c], kThreatFloor[threat]);
        }
        // Most points have no threat before or after: their counts stay as they are.
        if (threat != state.threats[c]) {
            --pos.threat_counts[c][state.threats[c]];
            ++pos.threat_counts[c][threat];
            state.threats[c] = threat;
        }
        pos.value_sums[c] += value - state.values[c];
        state.values[c] = static_cast<std::int16_t>(value);
    }
}

// Counts a stone of `stone` on `point` in (+1) or out of (-1) the 5 x 5 square's nearby counts.
void count_near(Position& pos, int point, Stone stone, int sign) {
    for (int dr = -2; dr <= 2; ++dr) {
        for (int dc = -2; dc <= 2; ++dc) {
            std::uint8_t& near = pos.points[point + dr * kStride + dc].near[stone - 1];
            near = static_cast<std::uint8_t>(near + sign);
        }
    }
}

// Everything a stone arriving on or leaving `point` changes, after pos.stones was updated.
void update_around(Position& pos, int point, Stone stone) {
    const int reach = update_reach(pos);
    for (int d = 0; d < 4; ++d) {
        const int step = kDirections[d];
        for (int k = 1; k <= reach; ++k) {
            const int ahead = point + k * step;
            const int behind = point - k * step;
            if (k <= 4) {
                // The stone sits `k` points behind `ahead` and `k` ahead of `behind`.
                pos.points[ahead].keys[d] ^= static_cast<LineKey>(stone << key_shift(-k));
                pos.points[behind].keys[d] ^= static_cast<LineKey>(stone << key_shift(k));
            }
            for (const int q : {ahead, behind}) {
                const Stone there = pos.stones[q];
                if (there == kEmpty) {
                    if (refresh_line(pos, q, d)) refresh_point(pos, q);
                } else if (there != kWall && k <= 4) {
                    refresh_stone_line(pos, q, d);
                }
            }
        }
    }
    count_near(pos, point, stone, pos.stones[point] == kEmpty ? -1 : +1);
}

// Calls fn(i, q) for the points a move on `point` may change along its lines: the point itself
// (i = 0), then along each direction the points 1..reach ahead and behind, in a fixed order.
template <class Fn>
void for_each_line_point(const Position& pos, int point, Fn&& fn) {
    const int reach = update_reach(pos);
    fn(0, point);
    int i = 1;
    for (int d = 0; d < 4; ++d) {
        const int step = kDirections[d];
        for (int k = 1; k <= reach; ++k) {
            fn(i++, point + k * step);
            fn(i++, point - k * step);
        }
    }
}

void put_stone(Position& pos, int point, Color color) {
    const Stone stone = stone_of(color);
    pos.stones[point] = stone;
    pos.key ^= zobrist().stone[index_of(color)][point];
    ++pos.stone_count;
    count_shapes(pos, point, -1);
    refresh_point(pos, point);  // occupied: no threat, no value
    // The point's classes for this colour, kept while it was empty, are the stone's lines.
    count_stone_lines(pos, point, +1);
    update_around(pos, point, stone);
}

// put_stone with the network's sums kept, if the position has a network.
void put(Position& pos, int point, Color color) {
    put_stone(pos, point, color);
    if (pos.network != nullptr) update_network(pos, point, kEmpty);
}

void take_stone(Position& pos, int point) {
    const Stone stone = pos.stones[point];
    count_stone_lines(pos, point, -1);
    pos.stones[point] = kEmpty;
    pos.key ^= zobrist().stone[stone - 1][point];
    --pos.stone_count;
    update_around(pos, point, stone);
    // The point's own lines went stale while it was occupied.
    rebuild_lines(pos, point);
    count_shapes(pos, point, +1);
    refresh_point(pos, point);
}

void take(Position& pos, int point) {
    const Stone was = pos.stones[point];
    take_stone(pos, point);
    if (pos.network != nullptr) update_network(pos, point, was);
}

// The move without the network's sums: the stone, the side to move, the winner.
void play_stone(Position& pos, Move move) {
    const int point = move.point;
    const Color mover = pos.side;
    // The point's classes are confirmed on the board, so they say whether this stone wins.
    const bool wins = pos.points[point].threats[index_of(mover)] == kThreatFive;
    put_stone(pos, point, mover);
    if (wins) pos.winner = mover;
    pos.side = opponent(mover);
    pos.key ^= zobrist().white_to_move;
}

void save_for_undo(const Position& pos, Move move, MoveUndo& undo, bool evaluated) {
    for_each_line_point(pos, move.point, [&](int i, int q) {
        std::memcpy(undo.points.data() + i * sizeof(PointState), &pos.points[q],
                    sizeof(PointState));
    });
    undo.threat_counts = pos.threat_counts;
    undo.value_sums = pos.value_sums;
    undo.stone_lines = pos.stone_lines;
    undo.shape_sums = pos.shape_sums;
    undo.net_saved = evaluated && pos.network != nullptr;
    if (!undo.net_saved) return;
    undo.net_sums = pos.net_sums;
    for_each_net_point(pos.stones, move.point, [&](int slot, int q) {
        undo.net_points[slot] = pos.net_points[net_index(q)];
    });
}

}  // namespace

Position empty_position(int size, Rule rule) {
    Position pos;
    pos.size = static_cast<std::uint8_t>(size);
    pos.rule = rule;
    pos.lines_table = &line_pair_table(rule);
    pos.shape_table = &shape_weights();
    pos.stones.fill(kWall);
    for (int row = 0; row < size; ++row)
        for (int column = 0; column < size; ++column) pos.stones[point_at(column, row)] = kEmpty;
    for (int point = 0; point < kPoints; ++point) {
        for (int d = 0; d < 4; ++d) {
            LineKey key = 0;
            for (int offset = -4; offset <= 4; ++offset) {
                const int q = point + offset * kDirections[d];
                if (offset == 0 || q < 0 || q >= kPoints) continue;
                key |= static_cast<LineKey>(pos.stones[q] << key_shift(offset));
            }
            pos.points[point].keys[d] = key;
        }
    }
    pos.threat_counts[0][kNoThreat] = pos.threat_counts[1][kNoThreat] = kPoints;
    for_each_point(pos, [&](int point) {
        rebuild_lines(pos, point);
        count_shapes(pos, point, +1);
        refresh_point(pos, point);
    });
    pos.key = zobrist().size[size] ^ zobrist().rule[static_cast<int>(rule)];
    const Network* net = active_network(rule);
    attach_network(pos, net != nullptr && net->plays(rule, size) ? net : nullptr);
    return pos;
}

void attach_network(Position& pos, const Network* net) {
    pos.network = net;
    pos.net_sums = NetSums{};
    pos.net_points = {};
    if (net != nullptr) refresh_network(pos);
}

void place_stone(Position& pos, int point, Color color) { put(pos, point, color); }

void set_side_to_move(Position& pos, Color color) {
    if (pos.side != color) pos.key ^= zobrist().white_to_move;
    pos.side = color;
}

bool has_five_at(const Position& pos, int point, Color color) {
    const LineRule rule = line_rule(pos.rule, color);
    for (int d = 0; d < 4; ++d) {
        const Run run = run_through(pos, point, kDirections[d], stone_of(color));
        if (run_wins(pos, run, rule, stone_of(opponent(color)))) return true;
    }
    return false;
}

void make_move(Position& pos, Move move) {
    play_stone(pos, move);
    if (pos.network != nullptr) update_network(pos, move.point, kEmpty);
}

void unmake_move(Position& pos, Move move) {
    pos.side = opponent(pos.side);
    pos.key ^= zobrist().white_to_move;
    pos.winner.reset();
    take(pos, move.point);
}

void make_move(Position& pos, Move move, MoveUndo& undo) {
    save_for_undo(pos, move, undo, true);
    make_move(pos, move);
}

void make_move_unevaluated(Position& pos, Move move, MoveUndo& undo) {
    save_for_undo(pos, move, undo, false);
    play_stone(pos, move);
}

void unmake_move(Position& pos, Move move, const MoveUndo& undo) {
    const int point = move.point;
    const Stone stone = pos.stones[point];
    pos.side = opponent(pos.side);
    pos.key ^= zobrist().white_to_move ^ zobrist().stone[stone - 1][point];
    pos.winner.reset();
    pos.stones[point] = kEmpty;
    --pos.stone_count;
    // The square's counts first: the points on the lines among them get their saved states
    // (counts included) back right after.
    count_near(pos, point, stone, -1);
    for_each_line_point(pos, point, [&](int i, int q) {
        std::memcpy(&pos.points[q], undo.points.data() + i * sizeof(PointState),
                    sizeof(PointState));
    });
    pos.threat_counts = undo.threat_counts;
    pos.value_sums = undo.value_sums;
    pos.stone_lines = undo.stone_lines;
    pos.shape_sums = undo.shape_sums;
    if (!undo.net_saved) return;
    pos.net_sums = undo.net_sums;
    for_each_net_point(pos.stones, point, [&](int slot, int q) {
        pos.net_points[net_index(q)] = undo.net_points[slot];
    });
}

bool is_game_over(const Position& pos) { return pos.winner.has_value() || pos.is_full(); }

std::optional<int> find_five_point(const Position& pos, Color color, int hint) {
    const int fives = pos.count(color, kThreatFive);
    if (fives == 0) return std::nullopt;
    if (hint != 0 && fives == 1) {
        // A four's five point is within four points of its stones along their line.
        for (int d = 0; d < 4; ++d) {
            for (int k = 1; k <= 4; ++k) {
                const int ahead = hint + k * kDirections[d];
                const int behind = hint - k * kDirections[d];
                if (pos.threat(color, ahead) == kThreatFive) return ahead;
                if (pos.threat(color, behind) == kThreatFive) return behind;
            }
        }
    }
    // Bottom row first, as for_each_point, stopping at the first.
    for (int row = 0; row < pos.size; ++row) {
        const int first = point_at(0, row);
        for (int point = first; point < first + pos.size; ++point)
            if (pos.threat(color, point) == kThreatFive) return point;
    }
    return std::nullopt;
}

}  // namespace sente::gomoku
