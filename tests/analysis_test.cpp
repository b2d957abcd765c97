// Multi-move analysis (SearchLimits::lines): every move's value must be the value a plain search
// gives, both the best move's (a single-PV search at the same depth) and each other move's (a
// search of the position after it, one ply shallower, negated), in the openings and middle
// games of each game, with one thread and with several.

#include <doctest/doctest.h>

#include <set>
#include <string>
#include <vector>

#include "sente/session.hpp"

using namespace sente;

namespace {

SearchLimits at_depth(int depth, int lines = 0) {
    SearchLimits limits;
    limits.depth = depth;
    limits.lines = lines;
    return limits;
}

// A session of `game` at `level` with a fresh table, in `position` (empty: the start).
Session fresh(const std::string& game, int level, const std::string& position, int threads = 1) {
    Session session;
    REQUIRE(session.select_game(game));
    REQUIRE(session.set_level(level));
    REQUIRE(session.set_threads(threads));
    if (!position.empty()) REQUIRE(session.set_position(position));
    return session;
}

// The analysis of every move at `depth` against plain searches, each from a fresh table (the
// values of a fixed-depth search do not depend on what the table held). With `each_move`,
// every move's value against a search of the position after it: for a game whose search is a
// plain fixed-depth alpha-beta (Othello's strong levels without ProbCut). Soldiers and
// Generals extends and reduces by the ply, so its values one ply down are not the same search.
void check_analysis(const std::string& game, int level, const std::string& position, int depth,
                    bool each_move) {
    CAPTURE(game);
    CAPTURE(position);
    Session analyst = fresh(game, level, position);
    const Color mover = analyst.side_to_move();
    const auto analysis = analyst.genmove(mover, at_depth(depth, 1000), false);
    REQUIRE(analysis);
    const auto& lines = analysis->search.lines;
    REQUIRE(lines.size() == analyst.legal_moves().size());
    CHECK(analysis->move == lines.front().move);
    CHECK(analysis->search.score == lines.front().score);
    CHECK(analysis->search.pv == lines.front().pv);
    std::set<std::string> moves;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        CAPTURE(lines[i].move);
        CHECK_FALSE(lines[i].upper_bound);  // every move was asked for
        CHECK(lines[i].pv.front() == lines[i].move);
        if (i > 0) CHECK(lines[i - 1].score >= lines[i].score);
        moves.insert(lines[i].move);
    }
    CHECK(moves.size() == lines.size());

    Session single = fresh(game, level, position);
    const auto plain = single.genmove(mover, at_depth(depth), false);
    REQUIRE(plain);
    CHECK(plain->search.score == lines.front().score);
    CHECK(plain->move == lines.front().move);

    if (!each_move) return;
    for (const auto& line : lines) {
        CAPTURE(line.move);
        Session after = fresh(game, level, position);
        REQUIRE(after.play(mover, line.move));
        if (after.outcome().over) continue;
        const auto reply = after.genmove(after.side_to_move(), at_depth(depth - 1), false);
        REQUIRE(reply);
        const int value =
            after.side_to_move() == mover ? reply->search.score : -reply->search.score;
        CHECK(value == line.score);
    }
}

}  // namespace

TEST_CASE("analysis: every Othello move's value is a plain search's, at the start and later") {
    // Level 8: a full-width search (no ProbCut, whose cuts depend on the window).
    check_analysis("othello", 8, "", 5, true);
    check_analysis("othello", 8,
                   "---O-------OX----OOOO---O-OOOO---OOOO----XOXX----OOO-------O---- X", 5, true);
    check_analysis("othello", 8,
                   "---O-O-----OO---OOOOO---OOOOOO--OOOOO---XXXOO---XXXXO---X-XXX--- X", 4, true);
}

TEST_CASE("analysis: Soldiers and Generals values are a plain search's") {
    check_analysis("soldiers", 3, "", 4, false);
    check_analysis("soldiers", 6, "", 6, false);
}

TEST_CASE("analysis: the best Gomoku move and its value are a single-PV search's") {
    for (const std::string position : {"15/15/15/15/15/15/15/7x7/15/15/15/15/15/15/15 w",
                                       "15/15/15/15/15/15/6o8/5xxo7/6x8/15/15/15/15/15/15 w"}) {
        CAPTURE(position);
        Session analyst = fresh("gomoku", 3, position);
        const auto analysis = analyst.genmove(analyst.side_to_move(), at_depth(3, 5), false);
        REQUIRE(analysis);
        const auto& lines = analysis->search.lines;
        REQUIRE(lines.size() >= 5);
        // The five best are exact; a move searched only far enough to show it is not among
        // them is no better than the fifth (moves that were among the best when searched and
        // fell behind later keep their exact values).
        for (std::size_t i = 0; i < 5; ++i) CHECK_FALSE(lines[i].upper_bound);
        std::size_t bounds = 0;
        for (std::size_t i = 5; i < lines.size(); ++i) {
            if (!lines[i].upper_bound) continue;
            ++bounds;
            CHECK(lines[i].score <= lines[4].score);
            CHECK(lines[i].label.starts_with("<"));
        }
        CHECK(bounds > 0);
        Session single = fresh("gomoku", 3, position);
        const auto plain = single.genmove(single.side_to_move(), at_depth(3), false);
        REQUIRE(plain);
        CHECK(plain->search.score == lines.front().score);
        CHECK(plain->move == lines.front().move);
    }
}

TEST_CASE("analysis runs in the threaded search and answers with every move") {
    Session analyst = fresh("othello", 10, "", 2);
    const auto analysis = analyst.genmove(Color::black, at_depth(8, 1000), false);
    REQUIRE(analysis);
    CHECK(analysis->search.lines.size() == 4);
    CHECK(analysis->move == analysis->search.lines.front().move);
    // The book would answer the start at once; an analysis searches instead.
    CHECK(analysis->search.depth >= 7);
}
