#pragma once

// The time manager: how long one move may take, given the clock.

#include "sente/limits.hpp"

namespace sente::search {

// `soft`: do not start another iteration once half of it is gone. `hard`: stop the search.
// An unlimited budget (the default) has neither.
struct TimeBudget {
    Milliseconds soft{0};
    Milliseconds hard{0};
    bool is_limited = false;
    bool limited() const { return is_limited; }
};

// Allots time for one move of the side whose clock reads `mine`, expecting to spend time on
// `moves_left` more moves in the game (this one included); `overhead` is kept back for process
// and GUI lag. `movetime`, when non-zero, caps the result.
TimeBudget allot_time(const TimeControl& control, const ClockReading& mine, int moves_left,
                      Milliseconds overhead, Milliseconds movetime);

}  // namespace sente::search
