// Gomoku threat search: VCF on constructed positions, and the engine through the Session taking a
// win, stopping the opponent's and finding a forced line.

#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "games/gomoku/notation.hpp"
#include "games/gomoku/position.hpp"
#include "games/gomoku/vcf.hpp"
#include "sente/session.hpp"

using namespace sente;
using namespace sente::gomoku;

namespace {

Position from_text(const char* text, Rule rule = Rule::freestyle) {
    auto pos = parse_position(text, rule);
    REQUIRE(pos);
    return *pos;
}

// Plays a VCF line out and tells whether it ends in the attacker's five with every move legal
// and every defender's move the forced block.
bool line_wins(Position pos, const VcfWin& win) {
    const Color attacker = pos.side;
    for (std::size_t i = 0; i < win.line.size(); ++i) {
        const Move move = win.line[i];
        if (!check_move(pos, move)) return false;
        if (pos.side != attacker && pos.threat(attacker, move.point) != kThreatFive) return false;
        make_move(pos, move);
    }
    return pos.winner == attacker;
}

}  // namespace

TEST_CASE("VCF: a four-three reached by fours") {
    // Black: a three blocked on the left on row 8 (f8 g8 h8, white e8) and g6 g7 below g8's
    // neighbour... : j8 makes a four and, with j6 j7, a three; after the block k8, j9 is an
    // open four.
    const Position pos = from_text("15/15/15/15/15/15/15/4oxxx7/8x6/8x6/15/15/15/15/15 b");
    Position work = pos;
    VcfSearch vcf;
    const auto win = vcf.find(work, 10, 100000);
    REQUIRE(win);
    CHECK(win->plies == 5);
    CHECK(win->line.size() == 5);
    CHECK(format_move(win->first) == "j8");
    CHECK(line_wins(pos, *win));
    CHECK(format_position(work) == format_position(pos));  // restored

    // White to move there has nothing.
    Position white = from_text("15/15/15/15/15/15/15/4oxxx7/8x6/8x6/15/15/15/15/15 w");
    CHECK_FALSE(VcfSearch().find(white, 10, 100000));
    // Nor does black with the four's block taken away by white.
    Position blocked = from_text("15/15/15/15/15/15/15/4oxxx1o5/8x6/8x6/15/15/15/15/15 b");
    const auto none = VcfSearch().find(blocked, 10, 100000);
    CHECK_FALSE(none);
}

TEST_CASE("VCF: the attacker must first stop the defender's five") {
    // White threatens five at a8 (b8..e8); black's only four that blocks is none: no VCF.
    Position pos = from_text("15/15/15/15/15/15/15/1oooo3xxx4/15/15/15/15/15/15/15 b");
    CHECK_FALSE(VcfSearch().find(pos, 10, 100000));
    // If the block is also a four it may go on: black a9..a11 (and f8 closing the other end).
    Position on = from_text("15/15/15/15/x14/x14/x14/1oooox9/15/15/15/15/15/15/15 b");
    const auto win = VcfSearch().find(on, 10, 100000);
    REQUIRE(win);
    CHECK(format_move(win->first) == "a8");
}

TEST_CASE("the engine takes a win, blocks a five and finds a forced win") {
    Session session;
    REQUIRE(session.select_game("gomoku"));
    session.set_limits(SearchLimits{.depth = 4});
    SUBCASE("five now") {
        REQUIRE(session.set_position("15/15/15/15/15/15/15/4xxxx7/5ooo7/15/15/15/15/15/15 b"));
        const auto report = session.genmove(Color::black);
        REQUIRE(report);
        CHECK((report->move == "d8" || report->move == "j8"));
        CHECK(session.outcome().over);
    }
    SUBCASE("stop white's five") {
        REQUIRE(session.set_position("15/15/15/15/15/15/15/4oooo7/5xxx7/15/15/15/15/15/15 b"));
        const auto report = session.genmove(Color::black);
        REQUIRE(report);
        CHECK((report->move == "d8" || report->move == "j8"));
        CHECK_FALSE(session.outcome().over);
    }
    SUBCASE("a forced win is announced as one") {
        REQUIRE(session.set_level(6));
        REQUIRE(session.set_position("15/15/15/15/15/15/15/4oxxx7/8x6/8x6/15/15/15/15/15 b"));
        const auto report = session.genmove(Color::black);
        REQUIRE(report);
        CHECK(report->search.score_text.rfind("win in", 0) == 0);
        // Play it out against the engine's best defence.
        for (int ply = 0; ply < 10 && !session.outcome().over; ++ply) {
            REQUIRE(session.genmove(session.side_to_move()));
        }
        REQUIRE(session.outcome().over);
        CHECK(session.outcome().winner == Color::black);
    }
}

TEST_CASE("renju through the Session: fouls are refused, white may overline") {
    Session session;
    REQUIRE(session.select_game("renju"));
    REQUIRE(session.set_position("15/15/15/15/15/15/15/5xx8/7x7/7x7/15/15/15/15/15 b"));
    const auto foul = session.play(Color::black, "h8");
    REQUIRE_FALSE(foul);
    CHECK(foul.error().code == ErrorCode::illegal_move);
    CHECK(session.history().empty());
    const auto legal = session.legal_moves();
    CHECK(std::find(legal.begin(), legal.end(), "h8") == legal.end());
    CHECK(legal.size() == 15 * 15 - 4 - 1);
}
