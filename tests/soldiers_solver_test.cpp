// The Soldiers and Generals solver against brute force: plain minimax over the referee in
// tests/soldiers_reference.hpp, with the full rules (the repetition rule included, judged on the
// game's real history) on positions small enough to search to the end. Larger endgames are
// checked for consistency: every position's value follows from its moves' values.

#include <doctest/doctest.h>

#include <random>

#include "games/soldiers/game.hpp"
#include "games/soldiers/solver.hpp"
#include "soldiers_position_text.hpp"
#include "soldiers_random_point.hpp"
#include "soldiers_reference.hpp"
#include "soldiers_to_reference.hpp"

using namespace sente::soldiers;
namespace ref = soldiers_reference;

namespace {

// +1 the side to move wins, 0 draw, -1 it loses: every line played out.
int brute_force(ref::Game& game) {
    const char result = ref::result(game);
    if (result != ' ') {
        if (result == 'D') return 0;
        return (result == 'G') == game.now().generals_to_move ? 1 : -1;
    }
    int best = -1;
    for (const ref::Step& step : ref::moves(game)) {
        ref::play(game, step);
        best = std::max(best, -brute_force(game));
        game.states.pop_back();
        if (best == 1) break;
    }
    return best;
}

}  // namespace

TEST_CASE("the solver on positions whose answer is plain") {
    SUBCASE("a capture of the last soldier wins at once") {
        const Solution s = solve(position("5/5/S4/5/G4 g 0 1"));
        REQUIRE(s.solved);
        CHECK(s.line.size() == 1);
        CHECK(s.value == Value::win);
        CHECK(s.distance == 1);
        CHECK(format_move(s.best) == "a1xa3");
    }
    SUBCASE("the soldiers box the general in") {
        const Solution s = solve(position("5/5/S4/S4/G1S2 s 0 1"));
        CHECK(s.value == Value::win);
        CHECK(format_move(s.best) == "c1-b1");
    }
    SUBCASE("the 100th ply comes first") {
        const Solution s = solve(position("5/5/S4/5/G4 g 100 1"));
        CHECK(s.value == Value::draw);
        CHECK(s.moves.empty());
    }
    SUBCASE("a lone soldier escapes one general but not two") {
        // It keeps next to the general, where no capture can reach it.
        CHECK(solve(position("5/5/2S2/5/G4 g 0 1")).value == Value::draw);
        CHECK(solve(position("5/5/2S2/5/G4 g 0 1")).line.empty());
        const Solution s = solve(position("5/5/2S2/5/1GG2 s 1 1"));
        REQUIRE(s.solved);
        CHECK(s.value == Value::loss);
        CHECK(s.distance == 20);  // the alpha-beta search finds the same "loss in 20"
        // The perfect line is 20 plies long and ends in the generals' win.
        CHECK(s.line.size() == 20);
        Position end = position("5/5/2S2/5/1GG2 s 1 1");
        for (const Move m : s.line) {
            REQUIRE(check_move(end, m).ok());
            make_move(end, m);
        }
        CHECK(status(end) == Status::generals_win);
        // With too little time left, the same hunt is a draw.
        CHECK(solve(position("5/5/2S2/5/1GG2 s 90 1")).value == Value::draw);
    }
    SUBCASE("too many placements is said, not guessed") {
        const Solution s = solve(start_position(5), SolverLimits{1000});
        CHECK_FALSE(s.solved);
        CHECK(s.why_not.find("1000") != std::string::npos);
    }
}

TEST_CASE("the solver agrees with brute force over the full rules") {
    std::mt19937_64 rng(1122);
    int outcomes[3] = {};  // loss, draw, win for the side to move
    for (int trial = 0; trial < 300; ++trial) {
        // One soldier (its capture ends the game) and 1 to 3 generals on 5x5 or 6x6, a few plies
        // before the 100-ply draw, so that brute force reaches the end of every line.
        const int size = 5 + trial % 2;
        Position pos = start_position(size);
        pos.generals = pos.soldiers = 0;
        pos.soldiers |= point_bit(random_empty_point(rng, pos));
        const int generals = 1 + static_cast<int>(rng() % 3);
        for (int g = 0; g < generals; ++g) pos.generals |= point_bit(random_empty_point(rng, pos));
        pos.side = rng() & 1 ? kGenerals : kSoldiers;
        pos.quiet_plies = static_cast<std::uint8_t>(93 + rng() % 8);

        ref::Game game{{to_reference(pos)}};
        const int expected = brute_force(game);
        const Solution s = solve(pos);
        REQUIRE(s.solved);
        CAPTURE(format_position(pos));
        REQUIRE(static_cast<int>(s.value) == expected);
        if (!s.moves.empty()) CHECK(s.moves.front().value == s.value);
        ++outcomes[expected + 1];
    }
    MESSAGE("brute force: " << outcomes[2] << " wins, " << outcomes[1] << " draws, " << outcomes[0]
                            << " losses for the side to move");
    for (const int count : outcomes) CHECK(count > 0);
}

TEST_CASE("every solved value follows from the values of its moves") {
    // Endgames too large for brute force: 2 generals and 2 or 3 soldiers on 5x5. The value of a
    // position must be the best of its moves' values (each solved on its own, from scratch).
    std::mt19937_64 rng(99);
    int checked = 0;
    for (int trial = 0; trial < 8; ++trial) {
        Position pos = start_position(5);
        pos.generals = pos.soldiers = 0;
        while (popcount(pos.generals) < 2) {
            pos.generals |=
                point_bit(point_at(static_cast<int>(rng() % 5), static_cast<int>(rng() % 5)));
        }
        while (popcount(pos.soldiers) < 2 + (trial % 4 == 1)) {
            const Bitboard bit =
                point_bit(point_at(static_cast<int>(rng() % 5), static_cast<int>(rng() % 5)));
            if (!(pos.generals & bit)) pos.soldiers |= bit;
        }
        pos.side = trial % 3 == 0 ? kSoldiers : kGenerals;
        pos.quiet_plies = static_cast<std::uint8_t>(rng() % 100);
        if (is_game_over(pos)) continue;
        const Solution s = solve(pos);
        REQUIRE(s.solved);
        int best = -2;
        for_each_move(pos, [&](Move move) {
            Position child = pos;
            make_move(child, move);
            child.known = 0;  // solved as given, as the solver sees it
            const Solution c = solve(child);
            REQUIRE(c.solved);
            best = std::max(best, -static_cast<int>(c.value));
        });
        CAPTURE(format_position(pos));
        CHECK(best == static_cast<int>(s.value));
        ++checked;
    }
    CHECK(checked >= 5);
}
