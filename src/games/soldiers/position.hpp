#pragma once

// Soldiers and Generals (兵将棋) rules on bitboards.
//
// The generals (white) move first. Soldiers (black) step one point orthogonally onto an empty
// point. Generals step likewise, or capture: two points in a straight orthogonal line, over an
// empty middle point, onto a soldier, which is removed. The generals win when the last soldier
// is captured; a side to move without a legal move loses. Draws: the same position with the same
// side to move for the third time, or 100 plies in a row without a capture. When the move that
// makes a draw also wins (it captures the last soldier or leaves the other side without a move),
// the win stands.
//
// The position carries what the draw rules need: the plies since the last capture and the keys
// of the recent positions, so that the search and the session see the same rules.

#include <array>
#include <cstdint>

#include "games/soldiers/board.hpp"
#include "sente/types.hpp"

namespace sente::soldiers {

inline constexpr Color kGenerals = Color::white;
inline constexpr Color kSoldiers = Color::black;
inline constexpr int kQuietPlyLimit = 100;  // plies without a capture that draw the game
inline constexpr int kRepetitionsToDraw = 3;

// A step or a capture from one point to another. Soldiers and Generals has no pass.
struct Move {
    static constexpr std::uint8_t kNoPoint = 255;
    std::uint8_t from = kNoPoint;
    std::uint8_t to = kNoPoint;

    static constexpr Move none() { return Move{}; }
    constexpr bool is_none() const { return from == kNoPoint; }
    // A capture moves two points; a step one.
    constexpr bool is_capture() const {
        const int distance = from > to ? from - to : to - from;
        return distance == 2 || distance == 2 * kStride;
    }
    friend constexpr bool operator==(Move, Move) = default;
};

struct Position {
    Bitboard generals = 0;
    Bitboard soldiers = 0;
    Bitboard board = 0;  // the points of the board (see board_mask)
    Color side = kGenerals;
    std::uint8_t size = 0;
    std::uint8_t quiet_plies = 0;   // plies since the last capture (or since the start)
    std::uint16_t move_number = 1;  // as in the position text: grows after the soldiers' move
    // Keys of the positions before this one, newest last, in a ring indexed by `ply`; `known`
    // of them are valid (a position set from text has no past).
    static constexpr int kRing = 128;  // a power of two above kQuietPlyLimit
    std::uint16_t ply = 0;
    std::uint8_t known = 0;
    std::array<std::uint64_t, kRing> recent{};

    Bitboard empty() const { return board & ~(generals | soldiers); }
    Bitboard pieces_to_move() const { return side == kGenerals ? generals : soldiers; }
};

// What make_move changed that the position cannot recompute.
struct Undo {
    std::uint8_t quiet_plies;
    std::uint8_t known;
};

// The start position of an N x N board (N in 5..8), generals to move.
Position start_position(int size);

// The key of the placement and the side to move (not the counters): equal keys are the same
// position for the repetition rule and for the transposition table.
std::uint64_t position_key(Bitboard generals, Bitboard soldiers, Color side);
inline std::uint64_t position_key(const Position& pos) {
    return position_key(pos.generals, pos.soldiers, pos.side);
}

// The points a general could capture on: soldiers two points away over an empty point.
Bitboard capture_targets(Bitboard generals, Bitboard soldiers, Bitboard board);
// How many moves (steps and captures) the generals have.
int general_move_count(Bitboard generals, Bitboard soldiers, Bitboard board);

// Whether the side to move has a legal move, ignoring whether the game has ended by a draw rule.
bool has_move(const Position& pos);

// How the game stands.
enum class Status : std::uint8_t {
    playing,
    generals_win,  // the last soldier was captured, or the soldiers cannot move
    soldiers_win,  // the generals cannot move
    draw_by_repetition,
    draw_by_quiet_plies,
};
Status status(const Position& pos);
inline bool is_game_over(const Position& pos) { return status(pos) != Status::playing; }

// Calls `visit(Move)` for every move of the side to move (whether or not a draw rule ended the
// game): captures first, then steps.
template <class Visit>
void for_each_move(const Position& pos, Visit&& visit) {
    const Bitboard empty = pos.empty();
    const Bitboard movers = pos.pieces_to_move();
    if (pos.side == kGenerals) {
        for (const Direction d : kDirections) {
            const Bitboard over = step(movers, d, pos.board) & empty;
            for (Bitboard land = step(over, d, pos.board) & pos.soldiers; land; land &= land - 1) {
                const int to = lowest_point(land);
                visit(Move{static_cast<std::uint8_t>(to - 2 * d), static_cast<std::uint8_t>(to)});
            }
        }
    }
    for (const Direction d : kDirections) {
        for (Bitboard to_set = step(movers, d, pos.board) & empty; to_set; to_set &= to_set - 1) {
            const int to = lowest_point(to_set);
            visit(Move{static_cast<std::uint8_t>(to - d), static_cast<std::uint8_t>(to)});
        }
    }
}

// Plays a legal move in place; unmake_move with the returned Undo restores the position.
Undo make_move(Position& pos, Move move);
void unmake_move(Position& pos, Move move, Undo undo);

// The result for people and protocols.
Outcome outcome(const Position& pos);

}  // namespace sente::soldiers
