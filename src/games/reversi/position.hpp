#pragma once

// Reversi / Othello rules on bitboards: legal moves, flips, passes, the end and the score.

#include <cstdint>

#include "games/reversi/bitboard.hpp"
#include "games/reversi/moves.hpp"
#include "sente/types.hpp"

namespace sente::reversi {

// A square 0..63, or a pass. Small and trivially copyable: the search stores millions.
struct Move {
    static constexpr std::uint8_t kPass = 64;
    static constexpr std::uint8_t kNone = 65;

    std::uint8_t square = kNone;

    static constexpr Move at(int sq) { return Move{static_cast<std::uint8_t>(sq)}; }
    static constexpr Move pass() { return Move{kPass}; }
    static constexpr Move none() { return Move{kNone}; }
    constexpr bool is_pass() const { return square == kPass; }
    constexpr bool is_none() const { return square == kNone; }
    friend constexpr bool operator==(Move, Move) = default;
};

// The side to move's discs and the opponent's, plus which colour the side to move has.
// Rules and evaluation only need (player, opponent); the colour is for people and protocols.
struct Position {
    Bitboard player = 0;
    Bitboard opponent = 0;
    Color side = Color::black;

    Bitboard empty() const { return ~(player | opponent); }
    int empty_count() const { return popcount(empty()); }
    Bitboard discs_of(Color c) const { return c == side ? player : opponent; }
    friend bool operator==(const Position&, const Position&) = default;
};

// The standard start: white d4 e5, black d5 e4, black to move.
Position start_position();

// Squares where the side to move may play (no pass included): moves.hpp's legal_moves.
inline Bitboard legal_moves(const Position& pos) { return legal_moves(pos.player, pos.opponent); }

// The opponent discs a disc on `square` would flip; 0 when the move is illegal.
Bitboard flips(int square, Bitboard player, Bitboard opponent);

// The side to move has no move but the game goes on: it must pass.
bool must_pass(const Position& pos);
// Neither side can move.
bool is_game_over(const Position& pos);
// Whether `move` is legal: an empty square that flips something, or a pass when forced.
bool is_legal(const Position& pos, Move move);

// Plays a legal move (or a forced pass) and returns the position with the other side to move.
Position play(const Position& pos, Move move);

// A 64-bit hash of (player, opponent) for transposition tables. The colours do not matter: a
// Reversi position's value depends on whose discs are whose and who moves, nothing else.
constexpr std::uint64_t position_key(Bitboard player, Bitboard opponent) {
    // SplitMix64's finaliser, applied twice so that both boards reach every bit.
    constexpr auto mix = [](std::uint64_t x) {
        x ^= x >> 30;
        x *= 0xBF58476D1CE4E5B9ULL;
        x ^= x >> 27;
        x *= 0x94D049BB133111EBULL;
        return x ^ (x >> 31);
    };
    return mix(player ^ mix(opponent + 0x9E3779B97F4A7C15ULL));
}

// Discs of the side to move minus the opponent's.
inline int disc_difference(const Position& pos) {
    return popcount(pos.player) - popcount(pos.opponent);
}

// Final disc difference for the side to move with the empty squares given to the winner
// (the World Othello Federation rule), so a 33-29 finish with 2 empties scores +6.
inline int final_disc_difference(Bitboard player, Bitboard opponent) {
    const int own = popcount(player);
    const int other = popcount(opponent);
    const int diff = own - other;
    const int empties = kSquares - own - other;
    return diff > 0 ? diff + empties : diff < 0 ? diff - empties : 0;
}
inline int final_disc_difference(const Position& pos) {
    return final_disc_difference(pos.player, pos.opponent);
}

// The game's result when it is over (winner, points with empties to the winner).
Outcome outcome(const Position& pos);

}  // namespace sente::reversi
