#pragma once

// A random empty point of a Soldiers and Generals board, for tests that set pieces at random.

#include <random>

#include "games/soldiers/position.hpp"

inline int random_empty_point(std::mt19937_64& rng, const sente::soldiers::Position& pos) {
    const int size = pos.size;
    for (;;) {
        const int point = sente::soldiers::point_at(static_cast<int>(rng() % size),
                                                    static_cast<int>(rng() % size));
        if (pos.empty() & sente::soldiers::point_bit(point)) return point;
    }
}
