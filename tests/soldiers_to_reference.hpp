#pragma once

// The bitboard position as the plain referee's grid (tests/soldiers_reference.hpp), so that the
// two can be compared.

#include <string>

#include "games/soldiers/position.hpp"
#include "soldiers_reference.hpp"

inline soldiers_reference::State to_reference(const sente::soldiers::Position& pos) {
    using namespace sente::soldiers;
    soldiers_reference::State s;
    s.size = pos.size;
    s.grid.assign(pos.size, std::string(pos.size, '.'));
    for (int rank = 0; rank < pos.size; ++rank) {
        for (int file = 0; file < pos.size; ++file) {
            const Bitboard bit = point_bit(point_at(file, rank));
            if (pos.generals & bit) s.grid[rank][file] = 'G';
            if (pos.soldiers & bit) s.grid[rank][file] = 'S';
        }
    }
    s.generals_to_move = pos.side == kGenerals;
    s.quiet = pos.quiet_plies;
    return s;
}
