#pragma once

// Stable discs: discs that no sequence of moves can ever flip. The endgame solver uses the count
// as a bound (the opponent's stable discs are the opponent's for good, so the side to move
// cannot score more than 64 - 2 * that) and cuts off when the bound is already below its window.
//
// What is found is a lower bound of the true set, cheap enough to compute at a search node:
// - edge discs stable within their edge, from a table that plays out every sequence of moves on
//   an 8-square line (exact for the edge as a line of its own);
// - discs whose four lines (row, column, both diagonals) are full;
// - then, repeatedly, discs that in each of the four directions have a full line or a stable
//   disc of their own colour next to them.

#include "games/reversi/bitboard.hpp"

namespace sente::reversi {

// The stable discs of `player` (the other side's discs are `opponent`).
Bitboard stable_discs(Bitboard player, Bitboard opponent);

// The squares whose row, column and both diagonals are all occupied.
Bitboard full_lines(Bitboard occupied);

}  // namespace sente::reversi
