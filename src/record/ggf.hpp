#pragma once

// Othello game records in GGF (the Generic Game Format of GGS, the Othello server), as the NBoard
// GUI sends them with `set game`: properties KEY[VALUE] between "(;" and ";)", the start position
// in BO[8 <64 squares> <side>] ('*' black, 'O' white, '-' empty, a1..h8 row by row), and the
// moves as B[F5] and W[D6], each optionally with its evaluation and the seconds it took
// (B[F5/-1.00/0.52]); PA is a pass. TI[15:00] is each player's clock, TB and TW black's and
// white's when they differ.

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sente/limits.hpp"
#include "sente/result.hpp"
#include "sente/types.hpp"

namespace sente::record {

struct GgfMove {
    Color color = Color::black;
    std::string move;    // "f5" or "pass"
    double seconds = 0;  // the time it took, 0 when not given
};

struct GgfGame {
    std::string start;  // the start position in sente's Othello text: 64 squares, a space, X or O
    std::vector<GgfMove> moves;
    // Each side's time for the game (TI, or TB and TW), indexed by Color; none when not given.
    std::array<std::optional<Milliseconds>, 2> clock;
};

// Reads one game. Errors name what is wrong: a missing or malformed BO, a board other than 8x8,
// a move that is not a square or PA. Whether the moves are legal is for the caller to find out.
Result<GgfGame> parse_ggf(std::string_view text);

// A move list item as GGF records it in B[...] and W[...] and NBoard sends it with `move`: "F5",
// "F5/-1.00" or "F5//2.5" (the move, its evaluation, the seconds it took; PA a pass). Gives the
// move and its seconds (the colour is the caller's to set), or nothing when the move is not a
// square or PA.
std::optional<GgfMove> parse_move_item(std::string_view text);

// A move as NBoard and GGF write it, "F5" or "PA", from sente's "f5" or "pass".
std::string ggf_move(std::string_view move);
// sente's notation from NBoard's: "F5" -> "f5", "PA" -> "pass"; empty if it is neither.
std::string from_ggf_move(std::string_view move);

}  // namespace sente::record
