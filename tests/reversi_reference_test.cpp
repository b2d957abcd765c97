// The bitboard rules against the plain reference in tests/reversi_reference.hpp, over positions
// from random games and over random (often unreachable) boards that stress the edge masks.

#include <doctest/doctest.h>

#include <random>

#include "games/reversi/game.hpp"
#include "games/reversi/position.hpp"
#include "reversi_reference.hpp"

using namespace sente::reversi;

namespace {

reference::Board to_reference(const Position& pos) {
    reference::Board b;
    for (int sq = 0; sq < 64; ++sq) {
        const Bitboard bit = square_bit(sq);
        b.cell[sq / 8][sq % 8] = (pos.player & bit)     ? reference::mine
                                 : (pos.opponent & bit) ? reference::theirs
                                                        : reference::empty;
    }
    return b;
}

Bitboard reference_moves(const reference::Board& b) {
    Bitboard moves = 0;
    for (const auto& [r, c] : reference::moves(b)) moves |= square_bit(r * 8 + c);
    return moves;
}

// Everything the rules say about `pos` must match the reference. Returns the number of checks.
int check_position(const Position& pos) {
    const reference::Board ref = to_reference(pos);
    const Bitboard moves = legal_moves(pos);
    REQUIRE(moves == reference_moves(ref));
    CHECK(is_game_over(pos) == reference::game_over(ref));
    CHECK(must_pass(pos) == (moves == 0 && !reference::game_over(ref)));
    CHECK(final_disc_difference(pos) == reference::final_score(ref));
    int checks = 4;
    for (int sq = 0; sq < 64; ++sq) {
        Bitboard expected_flips = 0;
        for (const auto& [r, c] : reference::flips(ref, sq / 8, sq % 8)) {
            expected_flips |= square_bit(r * 8 + c);
        }
        REQUIRE(flips(sq, pos.player, pos.opponent) == expected_flips);
        ++checks;
    }
    for (Bitboard m = moves; m != 0; m &= m - 1) {
        const int sq = lowest_square(m);
        const Position next = play(pos, Move::at(sq));
        const reference::Board ref_next = reference::play(ref, sq / 8, sq % 8);
        REQUIRE(to_reference(next).cell == ref_next.cell);
        CHECK(next.side == opponent(pos.side));
        ++checks;
    }
    return checks;
}

}  // namespace

TEST_CASE("bitboard rules agree with the reference over positions from random games") {
    std::mt19937_64 rng(20261122);
    int positions = 0;
    int passes = 0;
    int finished = 0;
    while (positions < 12'000) {
        Position pos = start_position();
        for (;;) {
            check_position(pos);
            ++positions;
            ReversiGame::MoveList list;
            ReversiGame::generate_moves(pos, list);
            if (list.empty()) {
                ++finished;
                break;
            }
            const Move move = list[rng() % list.size()].move;
            passes += move.is_pass();
            pos = play(pos, move);
        }
    }
    MESSAGE(positions << " positions, " << passes << " passes, " << finished << " games");
    CHECK(passes > 0);  // the random games did reach forced passes
    CHECK(finished > 100);
}

TEST_CASE("bitboard rules agree with the reference on random boards") {
    std::mt19937_64 rng(7);
    for (int i = 0; i < 5'000; ++i) {
        // Densities from nearly empty to full, so that wrap-around bugs at the edges show.
        const int fill = static_cast<int>(rng() % 101);
        Position pos;
        for (int sq = 0; sq < 64; ++sq) {
            if (static_cast<int>(rng() % 100) >= fill) continue;
            (rng() & 1 ? pos.player : pos.opponent) |= square_bit(sq);
        }
        pos.side = rng() & 1 ? sente::Color::black : sente::Color::white;
        check_position(pos);
    }
}
