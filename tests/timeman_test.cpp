// The time manager: what it allots stays within the clock it is given.

#include <doctest/doctest.h>

#include "search/timeman.hpp"

using sente::ClockReading;
using sente::Milliseconds;
using sente::TimeControl;
using sente::search::allot_time;

namespace {

TimeControl control(TimeControl::Kind kind, int main_s, int period_s = 0, int count = 0) {
    TimeControl c;
    c.kind = kind;
    c.main_time = Milliseconds{main_s * 1000};
    c.period_time = Milliseconds{period_s * 1000};
    c.periods = kind == TimeControl::Kind::byoyomi ? count : 0;
    c.stones = kind == TimeControl::Kind::canadian ? count : 0;
    return c;
}

const Milliseconds kOverhead{50};

}  // namespace

TEST_CASE("no clock and no movetime means no time limit") {
    const auto budget = allot_time(TimeControl{}, ClockReading{}, 30, kOverhead, Milliseconds{0});
    CHECK_FALSE(budget.limited());
}

TEST_CASE("a fixed movetime is used as it is") {
    const auto budget = allot_time(TimeControl{}, ClockReading{}, 30, kOverhead, Milliseconds{700});
    CHECK(budget.hard == Milliseconds{700});
    CHECK(budget.soft == Milliseconds{700});
}

TEST_CASE("sudden death never allots more than is left after the overhead") {
    const auto c = control(TimeControl::Kind::absolute, 60);
    for (int left_ms : {1, 10, 49, 50, 51, 100, 1000, 5000, 60000}) {
        for (int moves : {1, 2, 5, 30}) {
            CAPTURE(left_ms);
            CAPTURE(moves);
            const auto b = allot_time(c, ClockReading{Milliseconds{left_ms}, 0}, moves, kOverhead,
                                      Milliseconds{0});
            CHECK(b.limited());
            CHECK(b.soft <= b.hard);
            CHECK(b.hard >= Milliseconds{1});
            CHECK(b.hard <= std::max(Milliseconds{left_ms} - kOverhead, Milliseconds{1}));
        }
    }
    // With a whole game ahead, a move takes a small share.
    const auto early =
        allot_time(c, ClockReading{Milliseconds{60000}, 0}, 30, kOverhead, Milliseconds{0});
    CHECK(early.soft < Milliseconds{3000});
    CHECK(early.hard < Milliseconds{20000});
}

TEST_CASE("canadian byo-yomi spreads the period over its stones") {
    const auto c = control(TimeControl::Kind::canadian, 0, 30, 5);
    const auto b =
        allot_time(c, ClockReading{Milliseconds{30000}, 5}, 30, kOverhead, Milliseconds{0});
    CHECK(b.soft <= Milliseconds{6000});
    CHECK(b.hard <= Milliseconds{30000} - kOverhead);
    const auto last =
        allot_time(c, ClockReading{Milliseconds{4000}, 1}, 30, kOverhead, Milliseconds{0});
    CHECK(last.hard <= Milliseconds{4000} - kOverhead);
    CHECK(last.hard > Milliseconds{3000});
}

TEST_CASE("japanese byo-yomi: a period may be used whole, never more") {
    const auto c = control(TimeControl::Kind::byoyomi, 0, 10, 3);
    const auto b =
        allot_time(c, ClockReading{Milliseconds{10000}, 3}, 30, kOverhead, Milliseconds{0});
    CHECK(b.hard <= Milliseconds{10000} - kOverhead);
    CHECK(b.soft <= b.hard);
    // In main time the first period is a cushion, not a target.
    const auto main =
        allot_time(control(TimeControl::Kind::byoyomi, 60, 10, 3),
                   ClockReading{Milliseconds{60000}, 0}, 30, kOverhead, Milliseconds{0});
    CHECK(main.hard <= Milliseconds{60000} + Milliseconds{10000} - 2 * kOverhead);
}

TEST_CASE("a movetime tighter than the clock wins") {
    const auto b =
        allot_time(control(TimeControl::Kind::absolute, 600), ClockReading{Milliseconds{600000}, 0},
                   30, kOverhead, Milliseconds{100});
    CHECK(b.hard == Milliseconds{100});
    CHECK(b.soft == Milliseconds{100});
}
