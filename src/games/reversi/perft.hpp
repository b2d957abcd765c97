#pragma once

// Othello's own perft: the same count as the generic search::perft (a forced pass is a move, a
// finished game one leaf), on bare bitboards, without move lists, and counting the last ply
// with one popcount per position. It measures the move generator and flips and nothing else.

#include <cstdint>

#include "games/reversi/bitboard.hpp"

namespace sente::reversi {

std::uint64_t count_leaves(Bitboard player, Bitboard opponent, int depth);

}  // namespace sente::reversi
