#pragma once

// The engine settings of the fuzz targets that drive a front end: searches kept short (depth 3,
// 20,000 nodes, 50 ms) whatever the input asks, and the smallest table.

#include "sente/session.hpp"

inline sente::EngineSettings fuzz_engine_settings() {
    sente::EngineSettings settings;
    settings.hash_mb = 1;
    settings.limits.depth = 3;
    settings.limits.nodes = 20'000;
    settings.limits.movetime = sente::Milliseconds{50};
    return settings;
}
