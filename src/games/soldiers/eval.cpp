#include "games/soldiers/eval.hpp"

namespace sente::soldiers {

namespace {

// The points the generals can walk to through empty points (their own points included).
Bitboard generals_room(Bitboard generals, Bitboard empty, Bitboard board) {
    Bitboard room = generals;
    for (;;) {
        const Bitboard grown = room | (neighbours(room, board) & empty);
        if (grown == room) return room;
        room = grown;
    }
}

// Soldiers a general standing somewhere in `room` could capture: an empty point next to the
// soldier, and beyond it, in line, a point of the room.
Bitboard exposed_soldiers(Bitboard soldiers, Bitboard empty, Bitboard room, Bitboard board) {
    Bitboard exposed = 0;
    for (const Direction d : kDirections) {
        exposed |= step(step(room, d, board) & empty, d, board) & soldiers;
    }
    return exposed;
}

// The position's value for the generals.
int generals_value(const Position& pos, EvalKind kind) {
    const int soldiers = popcount(pos.soldiers);
    const int mobility = general_move_count(pos.generals, pos.soldiers, pos.board);
    if (kind == EvalKind::greedy) return -1000 * soldiers + mobility;

    const Bitboard empty = pos.empty();
    const Bitboard room = generals_room(pos.generals, empty, pos.board);
    const int captures = popcount(capture_targets(pos.generals, pos.soldiers, pos.board));
    const int exposed = popcount(exposed_soldiers(pos.soldiers, empty, room, pos.board));
    const int room_size = popcount(room & ~pos.generals);
    const int captured = pos.size * (pos.size - 3) - soldiers;  // the start has N * (N - 3)
    int value = 100 * captured + 6 * mobility + 15 * captures + 8 * exposed + 4 * room_size;
    // Few moves left is how the generals lose: the danger grows fast near zero.
    if (mobility <= 2) value -= 40 * (3 - mobility);
    // A general that cannot step is half a general (it may still capture).
    for (Bitboard g = pos.generals; g; g &= g - 1) {
        if ((neighbours(g & -g, pos.board) & empty) == 0) value -= 25;
    }
    return value;
}

}  // namespace

int evaluate(const Position& pos, EvalKind kind) {
    const int value = generals_value(pos, kind);
    return pos.side == kGenerals ? value : -value;
}

int move_order_score(const Position& pos, Move move) {
    if (move.is_capture()) return 1000;
    if (pos.side == kSoldiers) {
        // A soldier moving next to a general takes a step from it.
        const Bitboard near_to = neighbours(point_bit(move.to), pos.board) & pos.generals;
        const Bitboard near_from = neighbours(point_bit(move.from), pos.board) & pos.generals;
        return 20 * popcount(near_to) - 10 * popcount(near_from);
    }
    return 0;
}

}  // namespace sente::soldiers
