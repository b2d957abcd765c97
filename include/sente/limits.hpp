#pragma once

// Search limits and clocks, as the protocols describe them.

#include <chrono>
#include <cstdint>

namespace sente {

using Milliseconds = std::chrono::milliseconds;

// Hard limits for one search. Zero means "no limit of this kind".
struct SearchLimits {
    int depth = 0;
    std::uint64_t nodes = 0;
    Milliseconds movetime{0};
    // Analysis: how many moves get an exact value, best first (SearchInfo::lines); 0 or 1 is
    // an ordinary search for the best move. Not a limit: a search's own request decides it.
    int lines = 0;
};

// A game clock as GTP `time_settings` and `kgs-time_settings` define it.
struct TimeControl {
    enum class Kind : std::uint8_t {
        none,      // no clock: the level and --movetime decide
        absolute,  // sudden death: main_time for the whole game
        byoyomi,   // main_time, then `periods` periods of period_time each, one move per period
        canadian,  // main_time, then period_time for every `stones` moves
    };
    Kind kind = Kind::none;
    Milliseconds main_time{0};
    Milliseconds period_time{0};
    int periods = 0;  // byoyomi only
    int stones = 0;   // canadian only
};

// One side's clock reading as GTP `time_left` reports it: `stones == 0` means main time;
// otherwise byo-yomi, with `stones` moves to make in `time_left` (canadian) or `stones`
// periods left of which `time_left` remains in the current one (byoyomi).
struct ClockReading {
    Milliseconds time_left{0};
    int stones = 0;
};

}  // namespace sente
