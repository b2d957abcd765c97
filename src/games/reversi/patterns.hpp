#pragma once

// The pattern features of a Reversi position, as the trained evaluation sees them: each pattern
// is a fixed group of squares (an edge with its X-squares, a corner block, a line, a diagonal),
// looked at in every one of its places on the board (the board's eight symmetries), and read
// as a base-3 number of its squares' contents relative to the side to move (0 empty, 1 mine,
// 2 the opponent's). A pattern whose squares map onto themselves under a symmetry (an edge read
// backwards) folds both readings onto one canonical index, so the two share a weight.

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "games/reversi/position.hpp"

namespace sente::reversi {

struct PatternKind {
    const char* name;
    int size;        // squares
    int table_size;  // 3^size
    int first_instance;
    int instance_count;
};

inline constexpr int kPatternKinds = 11;
inline constexpr int kPatternInstances = 46;
inline constexpr int kMaxPatternSize = 10;

struct PatternInstance {
    int kind;
    int size;
    std::array<std::uint8_t, kMaxPatternSize> squares;  // digit i is squares[i], weight 3^i
};

const std::array<PatternKind, kPatternKinds>& pattern_kinds();
const std::array<PatternInstance, kPatternInstances>& pattern_instances();

// The canonical index of a reading of `kind` (the smallest among its self-symmetric readings).
int canonical_index(int kind, int index);

// Every instance's reading, in instance order, as it is (pattern_readings) or folded onto the
// canonical reading (pattern_indices).
using PatternIndices = std::array<std::uint32_t, kPatternInstances>;
PatternIndices pattern_readings(Bitboard player, Bitboard opponent);
PatternIndices pattern_indices(Bitboard player, Bitboard opponent);
// The same readings disc by disc, with no special instructions: what pattern_readings does on
// CPUs without BMI2's pext, and its reference in the tests.
PatternIndices pattern_readings_by_disc(Bitboard player, Bitboard opponent);

// The board's eight images under the symmetries of transform_board (index = symmetry), by bit
// operations.
std::array<Bitboard, 8> symmetric_images(Bitboard board);

// The eight symmetries of the board, as maps of squares (0 is the identity).
int transform_square(int symmetry, int square);
Bitboard transform_board(int symmetry, Bitboard board);

}  // namespace sente::reversi
