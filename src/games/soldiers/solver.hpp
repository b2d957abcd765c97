#pragma once

// The exact value of a Soldiers and Generals position under the full rules, by retrograde
// analysis of every placement reachable from it.
//
// Why this is exact. Captures cannot be undone, so the reachable placements fall into layers by
// the number of soldiers left, and play only moves down. Within a layer the 100-ply rule turns
// each side's win into a race: the generals win from (placement, counter c) exactly when they
// can force, within 100 - c plies, either a capture into a lower-layer placement that is a
// generals' win at counter 0, or a position where the soldiers cannot move; the soldiers win
// exactly when they can force the generals out of moves within 100 - c plies, the generals'
// captures counting as reaching the goal only when they land in a lower-layer soldiers' win.
// So one distance per side and placement ("plies to the race's goal", computed layer by layer
// from the fewest soldiers up, 101 meaning never within the rule) gives the value at every
// counter. The repetition rule changes nothing for a position given without history: along the
// winner's fastest strategy the distance falls every ply while the counter rises, and the
// distance never falls as the counter rises, so no placement comes back within a quiet stretch
// (and none comes back across a capture). A draw by repetition is therefore only ever a draw
// the analysis already finds.
//
// The cost is every reachable placement in memory: fine for endgames (2 generals and 5 soldiers
// on 5x5 is about 20 million placements at most). Start positions take the complete tables of
// tablebase.hpp, which compute the same two distances for every placement of a board.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "games/soldiers/position.hpp"

namespace sente::soldiers {

// A game-theoretic value for the side to move.
enum class Value : std::int8_t { loss = -1, draw = 0, win = 1 };

// Where the pieces stand and who moves: what the analysis tells apart (the counters are not part
// of it; the distances below give the value for every counter).
struct Placement {
    Bitboard generals;
    Bitboard soldiers;
    Color side;
    friend bool operator==(const Placement&, const Placement&) = default;
};
inline Placement placement_of(const Position& pos) {
    return {pos.generals, pos.soldiers, pos.side};
}
// The position of an N x N board with the placement's pieces and side to move, its counters at
// zero and no history.
Position position_of(const Placement& placement, int size);
// The placement after a legal move.
Placement after(const Placement& placement, Move move);

// Plies each side needs to force the goal of its race from a placement; kNeverInTime when it
// cannot within the 100-ply rule.
inline constexpr std::uint8_t kNeverInTime = kQuietPlyLimit + 1;
struct RaceDistances {
    std::uint8_t to_generals_win = kNeverInTime;
    std::uint8_t to_soldiers_win = kNeverInTime;
};

// The value for the side to move of a placement with `quiet` plies since the last capture, and
// the distance of the winner's race (0 for a draw).
std::pair<Value, int> value_at(RaceDistances distances, Color side, int quiet);

// How much the side to move likes a move of this value and distance (higher is better): wins,
// the fastest first; draws; losses, the slowest first.
int preference(Value value, int distance);

struct SolvedMove {
    Move move;
    Value value;   // for the side that plays it
    int distance;  // plies from the root to the goal of the winner's race (0 for a draw)
};

struct Solution {
    bool solved = false;
    std::string why_not;  // when not solved
    Value value = Value::draw;
    // Plies until the winner's race ends: the capture that leads into a won layer below, or the
    // loser's last move. 0 for a draw.
    int distance = 0;
    Move best = Move::none();
    std::vector<SolvedMove> moves;  // every legal move of the root, best first
    // A game both sides play perfectly (the winner fastest, the loser slowest) to its end; empty
    // for a draw, which has no end to show.
    std::vector<Move> line;
    std::size_t placements = 0;  // placements (with side to move) analysed
};

struct SolverLimits {
    std::size_t max_placements = 20'000'000;
};

// Solves `root`, taken as given without earlier history (its plies-without-capture counter
// counts). Positions whose game is already over are solved with no move.
Solution solve(const Position& root, const SolverLimits& limits = {});

// The solution of `root` (value, best move, every move's value) from any source of distances
// that covers the root and its successors, such as the complete tables.
using DistanceLookup = std::function<RaceDistances(const Placement&)>;
Solution solution_from(const Position& root, const DistanceLookup& lookup);

}  // namespace sente::soldiers
