#include "games/reversi/position.hpp"

#include "games/reversi/flip.hpp"

namespace sente::reversi {

namespace {

// Opponent discs bracketed in direction Step between `move_bit` and a player disc.
template <int Step>
Bitboard flips_in_direction(Bitboard move_bit, Bitboard player, Bitboard opponents) {
    Bitboard flipped = 0;
    Bitboard next = shift<Step>(move_bit) & opponents;
    while (next != 0) {
        flipped |= next;
        next = shift<Step>(next);
        if (next & player) return flipped;
        next &= opponents;
    }
    return 0;
}

}  // namespace

Position start_position() {
    // d4 (27) and e5 (36) white; d5 (35) and e4 (28) black; black moves first.
    return Position{square_bit(28) | square_bit(35), square_bit(27) | square_bit(36), Color::black};
}

Bitboard flips(int square, Bitboard player, Bitboard opponent) {
    const Bitboard bit = square_bit(square);
    if ((player | opponent) & bit) return 0;
    const Bitboard inner = opponent & kInnerFiles;
    return flips_in_direction<1>(bit, player, inner) | flips_in_direction<-1>(bit, player, inner) |
           flips_in_direction<8>(bit, player, opponent) |
           flips_in_direction<-8>(bit, player, opponent) |
           flips_in_direction<9>(bit, player, inner) | flips_in_direction<-9>(bit, player, inner) |
           flips_in_direction<7>(bit, player, inner) | flips_in_direction<-7>(bit, player, inner);
}

bool must_pass(const Position& pos) {
    return legal_moves(pos.player, pos.opponent) == 0 && legal_moves(pos.opponent, pos.player) != 0;
}

bool is_game_over(const Position& pos) {
    return legal_moves(pos.player, pos.opponent) == 0 && legal_moves(pos.opponent, pos.player) == 0;
}

bool is_legal(const Position& pos, Move move) {
    if (move.is_pass()) return must_pass(pos);
    if (move.square >= kSquares) return false;
    return (legal_moves(pos) & square_bit(move.square)) != 0;
}

Position play(const Position& pos, Move move) {
    const Color next = opponent(pos.side);
    if (move.is_pass()) return Position{pos.opponent, pos.player, next};
    // The branch-free flips (flip.hpp); the plain walk above stays as their reference.
    const Bitboard flipped = flip(move.square, pos.player, pos.opponent);
    return Position{pos.opponent & ~flipped, pos.player | flipped | square_bit(move.square), next};
}

Outcome outcome(const Position& pos) {
    Outcome result;
    result.over = is_game_over(pos);
    const int black = popcount(pos.discs_of(Color::black));
    const int white = popcount(pos.discs_of(Color::white));
    const int empties = kSquares - black - white;
    result.black_points = black;
    result.white_points = white;
    if (!result.over) return result;
    if (black > white) {
        result.winner = Color::black;
        result.black_points += empties;
    } else if (white > black) {
        result.winner = Color::white;
        result.white_points += empties;
    } else {
        result.black_points += empties / 2;
        result.white_points += empties / 2;
    }
    return result;
}

}  // namespace sente::reversi
