#include "search/timeman.hpp"

#include <algorithm>

namespace sente::search {

namespace {

using std::chrono::milliseconds;

// Time that may be spent from `available` when it must last for `moves` more moves. The +2
// keeps a reserve for the moves the estimate forgets; the hard limit lets one difficult move
// take a few shares, but never more than a third of what is there.
TimeBudget share_of(milliseconds available, int moves) {
    const milliseconds soft = available / (std::max(moves, 1) + 2);
    const milliseconds hard = std::min(soft * 4, available / 3 + soft);
    return {soft, std::min(hard, available), true};
}

// Everything in a period may go into one move (the period restarts after it).
TimeBudget whole_of(milliseconds available) { return {available * 3 / 4, available, true}; }

TimeBudget clock_budget(const TimeControl& control, const ClockReading& mine, int moves_left,
                        milliseconds overhead) {
    const milliseconds left = std::max(mine.time_left - overhead, milliseconds{1});
    switch (control.kind) {
        case TimeControl::Kind::none:
            return {};
        case TimeControl::Kind::absolute:
            return share_of(left, moves_left);
        case TimeControl::Kind::canadian: {
            if (mine.stones > 0) {  // in byo-yomi: `left` must cover `stones` moves
                const TimeBudget even = share_of(left, mine.stones - 2);
                return mine.stones == 1 ? whole_of(left) : even;
            }
            // Main time, with the first byo-yomi period as a cushion for this move.
            TimeBudget budget = share_of(left, moves_left);
            const int stones = std::max(control.stones, 1);
            const milliseconds per_stone = control.period_time / stones;
            budget.soft += per_stone / 2;
            budget.hard = std::min(budget.hard + per_stone / 2, left + per_stone / 2);
            return budget;
        }
        case TimeControl::Kind::byoyomi: {
            if (mine.stones > 0) return whole_of(left);  // in a period
            TimeBudget budget = share_of(left, moves_left);
            // A move that spills into the first period costs nothing while it ends in time.
            const milliseconds period = std::max(control.period_time - overhead, milliseconds{0});
            if (control.periods > 0) {
                budget.soft += period / 2;
                budget.hard = std::min(budget.hard + period, left + period);
            }
            return budget;
        }
    }
    return {};
}

}  // namespace

TimeBudget allot_time(const TimeControl& control, const ClockReading& mine, int moves_left,
                      Milliseconds overhead, Milliseconds movetime) {
    TimeBudget budget = clock_budget(control, mine, moves_left, overhead);
    if (movetime.count() > 0) {
        if (!budget.limited() || movetime < budget.hard) budget.hard = movetime;
        if (!budget.limited() || movetime < budget.soft) budget.soft = movetime;
        budget.is_limited = true;
    }
    if (budget.limited()) {
        // Even an empty clock gets a millisecond: enough for a depth-1 answer.
        budget.hard = std::max(budget.hard, milliseconds{1});
        budget.soft = std::clamp(budget.soft, milliseconds{1}, budget.hard);
    }
    return budget;
}

}  // namespace sente::search
