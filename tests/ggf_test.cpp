// GGF, the game records NBoard sends: the start position, moves with their times, passes, the
// clock, and the errors for what is not an Othello game on 8x8.

#include <doctest/doctest.h>

#include "record/ggf.hpp"
#include "sente/session.hpp"

using sente::Color;
using sente::record::from_ggf_move;
using sente::record::ggf_move;
using sente::record::parse_ggf;

TEST_CASE("GGF: NBoard's game record gives the start, the moves with their times and the clock") {
    const auto game = parse_ggf(
        "(;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[./mEdax]PW[chris]RE[?]TI[15:00]"
        "TY[8]BO[8 ---------------------------O*------*O--------------------------- *]"
        "B[F5]W[f6/-1.50/2.25]B[D3//0.5]W[PA];)");
    REQUIRE(game);
    CHECK(game->start == "---------------------------O*------*O--------------------------- *");
    REQUIRE(game->moves.size() == 4);
    CHECK(game->moves[0].color == Color::black);
    CHECK(game->moves[0].move == "f5");
    CHECK(game->moves[0].seconds == 0);
    CHECK(game->moves[1].color == Color::white);
    CHECK(game->moves[1].move == "f6");
    CHECK(game->moves[1].seconds == doctest::Approx(2.25));
    CHECK(game->moves[2].seconds == doctest::Approx(0.5));
    CHECK(game->moves[3].move == "pass");
    for (const auto& clock : game->clock) {
        REQUIRE(clock);
        CHECK(clock->count() == 15 * 60 * 1000);
    }
    // Separate clocks, an increment and a grace period after the time.
    const auto clocks = parse_ggf("(;TB[1:02:03/00:05/2:00]TW[0:30.5]BO[8 - *];)");
    REQUIRE(clocks);
    CHECK(clocks->clock[0]->count() == 3723 * 1000);
    CHECK(clocks->clock[1]->count() == 30500);

    // The start position is sente's own position text.
    sente::Session session;
    CHECK(session.set_position(game->start));
    CHECK(session.position_text() == session.start_position_text());
}

TEST_CASE("GGF: what is not an 8x8 Othello game is an error that says why") {
    CHECK_FALSE(parse_ggf("GM[Othello]BO[8 x *]"));  // no (; ;)
    const auto no_board = parse_ggf("(;GM[Othello]B[F5];)");
    REQUIRE_FALSE(no_board);
    CHECK(no_board.error().message.find("BO") != std::string::npos);
    CHECK_FALSE(parse_ggf("(;GM[Othello]BO[10 ---- *];)"));
    CHECK_FALSE(parse_ggf("(;GM[Othello]TY[10]BO[8 - *];)"));
    const auto bad_move = parse_ggf("(;BO[8 - *]B[Z9];)");
    REQUIRE_FALSE(bad_move);
    CHECK(bad_move.error().message.find("Z9") != std::string::npos);
    CHECK_FALSE(parse_ggf("(;BO[8 - *]B[F5;)"));
}

TEST_CASE("GGF move list items, as in B[...] and NBoard's move: the move and its seconds") {
    using sente::record::parse_move_item;
    CHECK(parse_move_item("F5")->move == "f5");
    CHECK(parse_move_item("F5")->seconds == 0);
    CHECK(parse_move_item("d6/-1.00")->seconds == 0);
    CHECK(parse_move_item("D6/-1.00/2.50")->seconds == doctest::Approx(2.5));
    CHECK(parse_move_item("PA//0.25")->move == "pass");
    CHECK(parse_move_item("PA//0.25")->seconds == doctest::Approx(0.25));
    CHECK(parse_move_item("F5//-3")->seconds == 0);  // a negative time counts as none
    CHECK_FALSE(parse_move_item("Z9/1.0/2"));
    CHECK_FALSE(parse_move_item(""));
}

TEST_CASE("GGF moves: F5 and PA both ways") {
    CHECK(ggf_move("f5") == "F5");
    CHECK(ggf_move("pass") == "PA");
    CHECK(from_ggf_move("F5") == "f5");
    CHECK(from_ggf_move("h8") == "h8");
    CHECK(from_ggf_move("PA") == "pass");
    CHECK(from_ggf_move("pa") == "pass");
    CHECK(from_ggf_move("I1").empty());
    CHECK(from_ggf_move("A9").empty());
    CHECK(from_ggf_move("F").empty());
    CHECK(from_ggf_move("F55").empty());
}
