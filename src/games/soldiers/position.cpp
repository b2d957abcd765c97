#include "games/soldiers/position.hpp"

#include <algorithm>

namespace sente::soldiers {

namespace {

// A bijective 64-bit finaliser (splitmix64's): every input bit moves every output bit.
constexpr std::uint64_t mix(std::uint64_t x) {
    x ^= x >> 30;
    x *= 0xBF58476D1CE4E5B9ULL;
    x ^= x >> 27;
    x *= 0x94D049BB133111EBULL;
    x ^= x >> 31;
    return x;
}

// The generals' points on each start position: rank 2, centred.
Bitboard start_generals(int size) {
    switch (size) {
        case 5:
            return point_bit(point_at(1, 1)) | point_bit(point_at(3, 1));
        case 6:
            return point_bit(point_at(2, 1)) | point_bit(point_at(3, 1));
        case 7:
            return point_bit(point_at(2, 1)) | point_bit(point_at(3, 1)) |
                   point_bit(point_at(4, 1));
        default:
            return point_bit(point_at(2, 1)) | point_bit(point_at(3, 1)) |
                   point_bit(point_at(4, 1)) | point_bit(point_at(5, 1));
    }
}

// The repetitions of the current position among the earlier ones with the same side to move.
int earlier_occurrences(const Position& pos) {
    const std::uint64_t key = position_key(pos);
    const int lookback = std::min<int>(pos.quiet_plies, pos.known);
    int count = 0;
    for (int back = 2; back <= lookback; back += 2) {
        if (pos.recent[static_cast<std::uint16_t>(pos.ply - back) % Position::kRing] == key)
            ++count;
    }
    return count;
}

}  // namespace

Position start_position(int size) {
    size = std::clamp(size, kMinSize, kMaxSize);
    Position pos;
    pos.size = static_cast<std::uint8_t>(size);
    pos.board = board_mask(size);
    pos.generals = start_generals(size);
    for (int rank = 3; rank < size; ++rank) {
        for (int file = 0; file < size; ++file) pos.soldiers |= point_bit(point_at(file, rank));
    }
    pos.side = kGenerals;
    return pos;
}

std::uint64_t position_key(Bitboard generals, Bitboard soldiers, Color side) {
    return mix(mix(generals ^ 0x5E17E5E17E5E17E5ULL) + soldiers) ^
           (side == kGenerals ? 0 : 0x6A09E667F3BCC909ULL);
}

Bitboard capture_targets(Bitboard generals, Bitboard soldiers, Bitboard board) {
    const Bitboard empty = board & ~(generals | soldiers);
    Bitboard targets = 0;
    for (const Direction d : kDirections) {
        targets |= step(step(generals, d, board) & empty, d, board) & soldiers;
    }
    return targets;
}

int general_move_count(Bitboard generals, Bitboard soldiers, Bitboard board) {
    const Bitboard empty = board & ~(generals | soldiers);
    int count = 0;
    for (const Direction d : kDirections) {
        const Bitboard over = step(generals, d, board) & empty;
        count += popcount(over) + popcount(step(over, d, board) & soldiers);
    }
    return count;
}

bool has_move(const Position& pos) {
    // A capture jumps over an empty neighbour, so a piece with a move always has a step too.
    return (neighbours(pos.pieces_to_move(), pos.board) & pos.empty()) != 0;
}

Status status(const Position& pos) {
    if (pos.soldiers == 0) return Status::generals_win;
    if (!has_move(pos)) return pos.side == kGenerals ? Status::soldiers_win : Status::generals_win;
    if (pos.quiet_plies >= 4 && earlier_occurrences(pos) >= kRepetitionsToDraw - 1)
        return Status::draw_by_repetition;
    if (pos.quiet_plies >= kQuietPlyLimit) return Status::draw_by_quiet_plies;
    return Status::playing;
}

Undo make_move(Position& pos, Move move) {
    const Undo undo{pos.quiet_plies, pos.known};
    pos.recent[pos.ply % Position::kRing] = position_key(pos);
    ++pos.ply;
    pos.known = static_cast<std::uint8_t>(std::min<int>(pos.known + 1, Position::kRing - 1));
    const Bitboard from_to = point_bit(move.from) | point_bit(move.to);
    if (pos.side == kGenerals) {
        pos.generals ^= from_to;
        if (move.is_capture()) {
            pos.soldiers &= ~point_bit(move.to);
            pos.quiet_plies = 0;
        } else {
            pos.quiet_plies = static_cast<std::uint8_t>(std::min(pos.quiet_plies + 1, 255));
        }
    } else {
        pos.soldiers ^= from_to;
        pos.quiet_plies = static_cast<std::uint8_t>(std::min(pos.quiet_plies + 1, 255));
        ++pos.move_number;
    }
    pos.side = opponent(pos.side);
    return undo;
}

void unmake_move(Position& pos, Move move, Undo undo) {
    pos.side = opponent(pos.side);
    const Bitboard from_to = point_bit(move.from) | point_bit(move.to);
    if (pos.side == kGenerals) {
        pos.generals ^= from_to;
        if (move.is_capture()) pos.soldiers |= point_bit(move.to);
    } else {
        pos.soldiers ^= from_to;
        --pos.move_number;
    }
    --pos.ply;
    pos.quiet_plies = undo.quiet_plies;
    pos.known = undo.known;
}

Outcome outcome(const Position& pos) {
    // No points: the result is a win or a draw, "W+", "B+" or "0".
    Outcome result;
    switch (status(pos)) {
        case Status::playing:
            return result;
        case Status::generals_win:
            result.winner = kGenerals;
            break;
        case Status::soldiers_win:
            result.winner = kSoldiers;
            break;
        case Status::draw_by_repetition:
        case Status::draw_by_quiet_plies:
            break;
    }
    result.over = true;
    return result;
}

}  // namespace sente::soldiers
