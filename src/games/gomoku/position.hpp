#pragma once

// A Gomoku position with everything the search asks about a point kept up to date as stones
// come and go: for each empty point, each colour and each line direction, the threat class a
// stone there would make (patterns.hpp); for each point and colour, the combined threat and a
// value; and for each colour, how many points of each threat it has, the sum of the values and
// the sums of its points' shape weights (shape.hpp).
// A move updates the (at most 40) points whose lines it changes, so asking "can the side to move
// make five?" or "what is this point worth?" costs a lookup, not a scan.
//
// The same classes describe the stones already on the board: the class of a stone's point for
// its own colour, computed when the point was empty, is the line the stone stands in. Those are
// kept up to date too (for the stone's colour), and counted per class in stone_lines, the
// evaluation's measure of what each side has built.

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>

#include "games/gomoku/board.hpp"
#include "games/gomoku/network.hpp"
#include "games/gomoku/patterns.hpp"
#include "games/gomoku/shape.hpp"
#include "sente/types.hpp"

namespace sente::gomoku {

// What a stone on a point makes over all four lines, strongest first in the enum's order.
enum Threat : std::uint8_t {
    kNoThreat,
    kThreatThree,        // one open three (flex3)
    kThreatDoubleThree,  // two or more open threes
    kThreatFour,         // a four (block4), nothing stronger
    kThreatFourThree,    // a four and an open three: wins unless the four's block defends
    kThreatFlexFour,     // an open four or two fours: five next move whatever the reply
    kThreatFive,         // five in a row now
};
inline constexpr int kThreats = kThreatFive + 1;

// Everything kept about one point, together: a move updates a few dozen points, each in one or
// two cache lines rather than in six arrays.
struct PointState {
    std::array<LineKey, 4> keys{};  // per direction, the neighbourhood (patterns.hpp)
    // [colour][direction]: the class of that colour's stone on the point, for an empty point,
    // and for a point holding that colour's stone (the line it stands in).
    std::array<std::array<LinePattern, 4>, 2> lines{};
    std::array<Threat, 2> threats{};       // kNoThreat on occupied points
    std::array<std::int16_t, 2> values{};  // 0 on occupied points
    // Stones of each colour within two points (a 5 x 5 square): the search's candidate points
    // have one, and the move order weighs them.
    std::array<std::uint8_t, 2> near{};
    // [colour], for an empty point: the sum of its four lines' values, and its shape (the four
    // lines' levels, shape.hpp), kept as a line changes so that the point's value, threat and
    // shape weight follow from one change, not four lines.
    std::array<std::int16_t, 2> line_sums{};
    std::array<ShapeCode, 2> shape_codes{};

    friend bool operator==(const PointState&, const PointState&) = default;
};

struct Position {
    std::array<Stone, kPoints> stones{};
    std::array<PointState, kPoints> points{};
    std::array<std::array<std::int16_t, kThreats>, 2> threat_counts{};
    std::array<std::int32_t, 2> value_sums{};
    // Per colour and line class, how many of the colour's (stone, direction) pairs stand in a
    // line of that class: what each side has built, for the evaluation.
    std::array<std::array<std::int16_t, kLinePatterns>, 2> stone_lines{};
    // [colour][0]: the sum of the `own` shape weights (shape.hpp) of the colour's shapes on the
    // empty points, [colour][1] the sum of the `their` weights: the evaluation takes the first
    // for the side to move and the second for its opponent.
    std::array<std::array<std::int32_t, 2>, 2> shape_sums{};

    // With a network (network.hpp): the board's sums of the points' clipped vectors. Kept by
    // every move but the threat searches' (see make_move_unevaluated).
    NetSums net_sums{};
    std::array<NetPoint, kNetPoints> net_points{};  // by net_index(point)
    const Network* network = nullptr;
    // The move order's policy (network.hpp), set by the strong levels' searches only, so that
    // the fixed-depth levels order as they always have (GomokuGame::prepare_search).
    const Policy* order_policy = nullptr;

    const LinePairTable* lines_table = nullptr;  // both colours' classes under the rule
    const std::array<ShapeWeight, kShapeCodes>* shape_table = nullptr;  // shape_weights()
    std::uint64_t key = 0;
    std::uint16_t stone_count = 0;
    std::uint8_t size = 0;
    Rule rule = Rule::freestyle;
    Color side = Color::black;
    std::optional<Color> winner;  // set by the move that made five

    bool on_board(int point) const { return stones[point] != kWall; }
    bool is_empty(int point) const { return stones[point] == kEmpty; }
    bool is_full() const { return stone_count == size * size; }
    int count(Color color, Threat threat) const { return threat_counts[index_of(color)][threat]; }
    Threat threat(Color color, int point) const { return points[point].threats[index_of(color)]; }
    LinePattern line(Color color, int direction, int point) const {
        return points[point].lines[index_of(color)][direction];
    }
    int value(Color color, int point) const { return points[point].values[index_of(color)]; }
    int nearby(int point) const { return points[point].near[0] + points[point].near[1]; }
    int nearby(Color color, int point) const { return points[point].near[index_of(color)]; }
};

// What make_move(pos, move, undo) is about to change, so that unmake_move puts it back by
// copying rather than by recomputing every line the stone crossed (the search's and the threat
// searches' moves; the plain make_move and unmake_move recompute, and the tests hold the two
// to each other). The points are the move's own and those on its four lines within
// kUpdateReach, in a fixed order; the bytes are left uninitialised until make_move fills them.
inline constexpr int kUpdateReach = 5;  // see position.cpp
inline constexpr int kUndoPoints = 1 + 4 * 2 * kUpdateReach;
struct MoveUndo {
    std::array<std::byte, kUndoPoints * sizeof(PointState)> points;
    std::array<std::array<std::int16_t, kThreats>, 2> threat_counts;
    std::array<std::int32_t, 2> value_sums;
    std::array<std::array<std::int16_t, kLinePatterns>, 2> stone_lines;
    std::array<std::array<std::int32_t, 2>, 2> shape_sums;
    NetSums net_sums;
    // With a network, unless the move was a threat search's: the sums and the vectors of the
    // points that the move changes (for_each_net_point's slots).
    bool net_saved;
    std::array<NetPoint, kNetChangedPoints> net_points;
};

// An empty board of `size` (kMinSize..kMaxSize), black to move, evaluated by the rule's active
// network if there is one and it was trained on this size (network.hpp).
Position empty_position(int size, Rule rule);

// Makes `pos` evaluate with `net` (nullptr: the hand-made evaluation), its sums from scratch.
void attach_network(Position& pos, const Network* net);

// The network's sums (network_sums.cpp). The pattern of `point` along direction `d`:
inline int net_pattern(const Position& pos, int point, int d) {
    return net_pattern(pos.stones[point], pos.points[point].keys[d]);
}
// The board's sums counted from scratch, without the points' kept vectors (the tests'
// reference).
NetSums net_board_sums(const Position& pos);
// Sets the points' vectors and the board's sums of a position with a network from scratch.
void refresh_network(Position& pos);
// After the stone on `point` changed from `was` to what it is now (and the lines' keys were
// updated): the vectors of the points whose patterns changed, and the sums.
void update_network(Position& pos, int point, Stone was);

// Puts a stone of `color` on an empty point without changing the side to move (position set-up).
void place_stone(Position& pos, int point, Color color);

// Sets the side to move (position set-up).
void set_side_to_move(Position& pos, Color color);

// Plays the side to move's stone on an empty point; the game is won if it made five.
void make_move(Position& pos, Move move);
// Takes back the last move, which was `move`.
void unmake_move(Position& pos, Move move);
// The same pair, keeping in `undo` what the move changed; unmake_move then copies it back.
void make_move(Position& pos, Move move, MoveUndo& undo);
void unmake_move(Position& pos, Move move, const MoveUndo& undo);
// The threat searches' moves (vcf.cpp, vct.cpp): make_move without updating the network's
// sums, which nothing reads until unmake_move (with `undo`) puts the position back. A threat
// search makes many moves and evaluates none.
void make_move_unevaluated(Position& pos, Move move, MoveUndo& undo);

bool is_game_over(const Position& pos);

// Whether `color` has five through `point` (occupied by its stone) under the position's rule.
bool has_five_at(const Position& pos, int point, Color color);

// Calls fn(point) for every point of the board, bottom row first.
template <class Fn>
void for_each_point(const Position& pos, Fn&& fn) {
    for (int row = 0; row < pos.size; ++row) {
        const int first = point_at(0, row);
        for (int point = first; point < first + pos.size; ++point) fn(point);
    }
}

// How many empty points give `color` a four or more (a four, a four-three, an open four): with
// none it has no four to play, and no win by fours.
inline int count_four_points(const Position& pos, Color color) {
    return pos.count(color, kThreatFour) + pos.count(color, kThreatFourThree) +
           pos.count(color, kThreatFlexFour);
}

// Whether a stone of `color` on the empty `point` makes a four (or an open four) on some line.
inline bool makes_four(const Position& pos, Color color, int point) {
    for (int d = 0; d < 4; ++d) {
        const LinePattern p = pos.line(color, d, point);
        if (p == kBlock4 || p == kFlex4) return true;
    }
    return false;
}

// The first empty point where `color` makes five, if any. `hint`, a point whose lines the
// five point probably lies on (the stone that just made a four), is looked along first when
// the point is the only one; the answer is the same with it or without.
std::optional<int> find_five_point(const Position& pos, Color color, int hint = 0);

}  // namespace sente::gomoku
