// The Session API: game selection, moves as text, undo, errors that change nothing, genmove,
// levels, hash and clocks.

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "sente/session.hpp"

using namespace sente;

TEST_CASE("games are found by id, GTP name or alias, in any case") {
    Session session;
    CHECK(session.game().id == "othello");
    for (const char* name : {"othello", "Othello", "REVERSI", "reversi"}) {
        CHECK(session.select_game(name).ok());
    }
    const auto unknown = session.select_game("chess");
    REQUIRE_FALSE(unknown.ok());
    CHECK(unknown.error().code == ErrorCode::unknown_game);
    CHECK(session.select_game("othello", 10).error().code == ErrorCode::unacceptable_size);
    CHECK(session.set_board_size(6).error().code == ErrorCode::unacceptable_size);
    CHECK(session.board_size() == 8);
    CHECK(Session::games().size() >= 1);
}

TEST_CASE("moves as text, history and undo back to the start") {
    Session session;
    const std::string start = session.position_text();
    CHECK(session.legal_moves() == std::vector<std::string>{"d3", "c4", "f5", "e6"});
    REQUIRE(session.play("d3"));
    REQUIRE(session.play(Color::white, "c5"));
    CHECK(session.history() == std::vector<std::string>{"d3", "c5"});
    CHECK(session.side_to_move() == Color::black);

    const std::string before = session.position_text();
    for (const char* bad : {"d3", "a1", "zz", "", "h9"}) {
        CAPTURE(bad);
        CHECK_FALSE(session.play(bad).ok());
        CHECK(session.position_text() == before);  // a failed call changes nothing
    }
    CHECK(session.play(Color::white, "e3").error().code == ErrorCode::illegal_move);
    CHECK(session.play("a1").error().message == "a1 flips no disc");
    CHECK(session.play("d3").error().message == "d3 is occupied");

    REQUIRE(session.undo());
    REQUIRE(session.undo());
    CHECK(session.position_text() == start);
    CHECK(session.undo().error().code == ErrorCode::cannot_undo);
}

TEST_CASE("genmove plays a legal move, or only suggests it") {
    Session session;
    REQUIRE(session.set_level(3));
    const std::string start = session.position_text();
    const auto hint = session.genmove(Color::black, false);
    REQUIRE(hint.ok());
    CHECK(session.position_text() == start);
    const auto moves = session.legal_moves();
    CHECK(std::find(moves.begin(), moves.end(), hint->move) != moves.end());

    const auto played = session.genmove(Color::black, true);
    REQUIRE(played.ok());
    CHECK(session.history() == std::vector<std::string>{played->move});
    CHECK(played->search.depth == 2);  // level 3 (入门 beginner) looks two plies ahead
    CHECK(session.genmove(Color::black, true).error().code == ErrorCode::wrong_turn);
}

TEST_CASE("a whole game plays out at a low level and ends with a score") {
    Session session;
    REQUIRE(session.set_level(1));
    int moves = 0;
    while (!session.outcome().over) {
        REQUIRE(session.genmove(session.side_to_move(), true).ok());
        REQUIRE(++moves <= 130);
    }
    const Outcome outcome = session.outcome();
    CHECK(outcome.black_points + outcome.white_points == 64);
    CHECK(!result_text(outcome).empty());
    const auto after = session.genmove(Color::black, true);
    REQUIRE(after.ok());
    CHECK(after->pass);
    CHECK(static_cast<int>(session.history().size()) == moves);
}

TEST_CASE("levels, hash and threads are validated") {
    Session session;
    CHECK(session.level() == session.game().level_count);  // full strength by default
    CHECK(session.set_level(0).error().code == ErrorCode::invalid_argument);
    CHECK(session.set_level(11).error().code == ErrorCode::invalid_argument);
    CHECK(session.set_level(1).ok());
    CHECK(session.level() == 1);
    CHECK(session.level_name(1) == "菜鸟 rookie");
    CHECK(session.set_hash_size(0).error().code == ErrorCode::invalid_argument);
    CHECK(session.set_hash_size(std::size_t{1} << 40).error().code == ErrorCode::invalid_argument);
    CHECK(session.set_hash_size(2).ok());
    CHECK(session.set_threads(0).error().code == ErrorCode::invalid_argument);
    CHECK(session.set_threads(2).ok());
}

TEST_CASE("the session keeps its own account of the clock between time_left updates") {
    Session session;
    REQUIRE(session.set_level(2));
    TimeControl control;
    control.kind = TimeControl::Kind::canadian;
    control.main_time = Milliseconds{0};
    control.period_time = Milliseconds{60'000};
    control.stones = 2;
    session.set_time_control(control);
    CHECK(session.time_left(Color::black).stones == 2);
    REQUIRE(session.genmove(Color::black, true).ok());
    CHECK(session.time_left(Color::black).stones == 1);
    CHECK(session.time_left(Color::white).stones == 2);
    REQUIRE(session.genmove(Color::white, true).ok());
    REQUIRE(session.genmove(Color::black, true).ok());
    // Two stones played: a fresh period.
    CHECK(session.time_left(Color::black).stones == 2);
    CHECK(session.time_left(Color::black).time_left == Milliseconds{60'000});

    session.set_time_left(Color::white, ClockReading{Milliseconds{5'000}, 0});
    CHECK(session.time_left(Color::white).time_left == Milliseconds{5'000});
}

TEST_CASE("perft through the session counts from the current position") {
    Session session;
    CHECK(session.perft(3) == 56);
    REQUIRE(session.play("d3"));
    CHECK(session.perft(1) == 3);
}

TEST_CASE("positions can be set and read as text") {
    Session session;
    const char* text = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X";
    REQUIRE(session.set_position(text));
    CHECK(session.position_text() == text);
    CHECK(session.undo().error().code == ErrorCode::cannot_undo);
    CHECK(session.set_position("nonsense").error().code == ErrorCode::syntax_error);
    CHECK(session.position_text() == text);
}

TEST_CASE("a Gomoku board is set up stone by stone, in any order, and bad boards change nothing") {
    Session session;
    REQUIRE(session.select_game("gomoku", 7));
    REQUIRE(session.play("d4"));
    const std::string before = session.position_text();
    // Two black stones before any white one: no order of moves, but a board.
    const std::vector<PlayedMove> stones = {
        {Color::black, "d4"}, {Color::black, "e5"}, {Color::white, "c3"}};
    REQUIRE(session.set_stones(stones, Color::white));
    CHECK(session.position_text() == "7/7/4x2/3x3/2o4/7/7 w");
    CHECK(session.history().empty());
    CHECK(session.side_to_move() == Color::white);
    CHECK(session.set_stones({}, Color::black));
    CHECK(session.position_text() == "7/7/7/7/7/7/7 b");

    REQUIRE(session.set_position(before));
    const std::vector<PlayedMove> twice = {{Color::black, "d4"}, {Color::white, "d4"}};
    CHECK(session.set_stones(twice, Color::black).error().message == "d4 is given twice");
    const std::vector<PlayedMove> off = {{Color::black, "h8"}};
    CHECK_FALSE(session.set_stones(off, Color::white));
    const std::vector<PlayedMove> not_a_point = {{Color::black, "pass"}};
    CHECK_FALSE(session.set_stones(not_a_point, Color::white));
    std::vector<PlayedMove> fives;
    for (const char* point : {"a1", "a2", "a3", "a4", "a5"}) fives.push_back({Color::black, point});
    for (const char* point : {"g1", "g2", "g3", "g4", "g5"}) fives.push_back({Color::white, point});
    CHECK(session.set_stones(fives, Color::black).error().message ==
          "both sides have five in a row");
    CHECK(session.position_text() == before);

    // A five on the board ends the game.
    fives.resize(5);
    REQUIRE(session.set_stones(fives, Color::white));
    CHECK(session.outcome().over);

    REQUIRE(session.select_game("othello"));
    CHECK_FALSE(session.set_stones(stones, Color::black));
}
