// The proof search (proof_search.hpp) against the retrograde solver (solver.hpp), which is
// checked against brute force in soldiers_solver_test.cpp: on random endgames, each side's proof
// must say exactly what the solver's value says, at every counter of plies without a capture.

#include <doctest/doctest.h>

#include <random>

#include "games/soldiers/notation.hpp"
#include "games/soldiers/proof_search.hpp"
#include "games/soldiers/solver.hpp"
#include "soldiers_position_text.hpp"
#include "soldiers_random_point.hpp"

using namespace sente::soldiers;

namespace {

// The value for the side to move from the two proofs, neither of which may be given up.
Value proven_value(ProofSearch& search, const Position& pos) {
    std::uint64_t nodes = 0;
    const auto value = search.value(pos, {}, nodes);
    REQUIRE(value.has_value());
    return *value;
}

// A random placement of `generals` generals and `soldiers` soldiers on an N x N board.
Position random_endgame(std::mt19937_64& rng, int size, int generals, int soldiers) {
    Position pos = start_position(size);
    pos.generals = pos.soldiers = 0;
    while (popcount(pos.generals) < generals)
        pos.generals |= point_bit(random_empty_point(rng, pos));
    while (popcount(pos.soldiers) < soldiers)
        pos.soldiers |= point_bit(random_empty_point(rng, pos));
    pos.side = rng() & 1 ? kGenerals : kSoldiers;
    return pos;
}

}  // namespace

TEST_CASE("the proof search on positions whose answer is plain") {
    ProofSearch search(1);
    // A capture of the last soldier: the generals win, the soldiers do not.
    CHECK(search.prove(position("5/5/S4/5/G4 g 0 1"), kGenerals).proof == Proof::proven);
    CHECK(search.prove(position("5/5/S4/5/G4 g 0 1"), kSoldiers).proof == Proof::disproven);
    // The soldiers box the general in.
    CHECK(search.prove(position("5/5/S4/S4/G1S2 s 0 1"), kSoldiers).proof == Proof::proven);
    // At the 100th ply the game is drawn, capture or not: neither side wins.
    CHECK(search.prove(position("5/5/S4/5/G4 g 100 1"), kGenerals).proof == Proof::disproven);
    CHECK(search.prove(position("5/5/S4/5/G4 g 100 1"), kSoldiers).proof == Proof::disproven);
    // The generals catch this soldier in 20 plies at best (the solver's distance). Looked for
    // within stretches of 19 plies without a capture, the win is not found, which decides
    // nothing; within 20 it is.
    const Position twenty_plies = position("5/5/2S2/5/1GG2 s 0 1");
    ProofLimits short_stretch;
    short_stretch.quiet_limit = 19;
    CHECK(search.prove(twenty_plies, kGenerals, short_stretch).proof == Proof::unknown);
    short_stretch.quiet_limit = 20;
    CHECK(search.prove(twenty_plies, kGenerals, short_stretch).proof == Proof::proven);
    CHECK(search.prove(twenty_plies, kGenerals).proof == Proof::proven);
    // A node limit leaves a question open rather than answering it wrongly.
    ProofLimits limits;
    limits.max_nodes = 10;
    CHECK(search.prove(start_position(5), kSoldiers, limits).proof == Proof::unknown);
}

TEST_CASE("the proof search agrees with the solver on endgames at every counter") {
    // A draw is proven by disproving both wins, which takes every line to the 100th ply: with
    // one soldier that is cheap from any counter, with two only near the end.
    std::mt19937_64 rng(4711);
    ProofSearch search(16);
    int outcomes[3] = {};  // loss, draw, win for the side to move
    for (int trial = 0; trial < 80; ++trial) {
        const int size = 5 + trial % 2;
        const int soldiers = 1 + trial % 4 / 3;
        Position pos = random_endgame(rng, size, 1 + static_cast<int>(rng() % 2), soldiers);
        pos.quiet_plies = static_cast<std::uint8_t>(soldiers == 1 ? rng() % 100 : 88 + rng() % 12);
        const Solution solved = solve(pos);
        REQUIRE(solved.solved);
        CAPTURE(format_position(pos));
        CHECK(proven_value(search, pos) == solved.value);
        ++outcomes[static_cast<int>(solved.value) + 1];
    }
    MESSAGE("the solver: " << outcomes[2] << " wins, " << outcomes[1] << " draws, " << outcomes[0]
                           << " losses for the side to move");
    for (const int count : outcomes) CHECK(count > 0);
}
