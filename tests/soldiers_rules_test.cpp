// Soldiers and Generals rules, one rule at a time: the start positions, steps and captures (at
// the edges too), the ways a game ends and which end wins when two happen at once, the notation
// and the position text.

#include <doctest/doctest.h>

#include <set>
#include <string>

#include "games/soldiers/game.hpp"
#include "search/perft.hpp"
#include "sente/session.hpp"
#include "soldiers_position_text.hpp"

using namespace sente::soldiers;
using sente::ErrorCode;

namespace {

std::set<std::string> move_names(const Position& pos) {
    std::set<std::string> names;
    SoldiersGame::MoveList list;
    SoldiersGame::generate_moves(pos, list);
    for (const auto& entry : list) names.insert(format_move(entry.move));
    return names;
}

Move move(const char* text) {
    auto parsed = parse_move(text);
    REQUIRE_MESSAGE(parsed.ok(), text);
    return parsed.value();
}

// Plays moves given as text, each checked to be legal first.
void play(Position& pos, std::initializer_list<const char*> moves) {
    for (const char* text : moves) {
        const Move m = move(text);
        REQUIRE_MESSAGE(check_move(pos, m).ok(), text);
        make_move(pos, m);
    }
}

}  // namespace

TEST_CASE("the start positions") {
    CHECK(format_position(start_position(5)) == "SSSSS/SSSSS/5/1G1G1/5 g 0 1");
    CHECK(format_position(start_position(6)) == "SSSSSS/SSSSSS/SSSSSS/6/2GG2/6 g 0 1");
    CHECK(format_position(start_position(7)) == "SSSSSSS/SSSSSSS/SSSSSSS/SSSSSSS/7/2GGG2/7 g 0 1");
    CHECK(format_position(start_position(8)) ==
          "SSSSSSSS/SSSSSSSS/SSSSSSSS/SSSSSSSS/SSSSSSSS/8/2GGGG2/8 g 0 1");
    const int soldiers[] = {10, 18, 28, 40};
    const int generals[] = {2, 2, 3, 4};
    for (int size = 5; size <= 8; ++size) {
        const Position pos = start_position(size);
        CHECK(popcount(pos.soldiers) == soldiers[size - 5]);
        CHECK(popcount(pos.generals) == generals[size - 5]);
        CHECK(pos.side == kGenerals);
        CHECK(status(pos) == Status::playing);
    }
    CHECK(move_names(start_position(5)) == std::set<std::string>{"b2-a2", "b2-b1", "b2-b3", "b2-c2",
                                                                 "b2xb4", "d2-c2", "d2-d1", "d2-d3",
                                                                 "d2-e2", "d2xd4"});
}

TEST_CASE("perft from the start positions (the counts the referee test confirms)") {
    const std::uint64_t counts[4][6] = {
        {10, 46, 340, 3056, 20916, 191122},
        {8, 44, 346, 3536, 23098, 249716},
        {11, 71, 778, 8605, 87191, 1030213},
        {14, 104, 1452, 17376, 231800, 2989094},
    };
    for (int size = 5; size <= 8; ++size) {
        Position pos = start_position(size);
        for (int depth = 1; depth <= 6; ++depth) {
            CAPTURE(size);
            CAPTURE(depth);
            CHECK(sente::search::perft<SoldiersGame>(pos, depth) == counts[size - 5][depth - 1]);
        }
    }
}

TEST_CASE("steps and captures") {
    SUBCASE("a general captures over an empty point, also along the edges") {
        const Position pos = position("S4/4S/S4/4G/G3S g 0 1");
        // a1 captures a3 (over a2); e2 captures e4 (over e3); e2 cannot capture e1 (adjacent).
        CHECK(move_names(pos) ==
              std::set<std::string>{"a1-a2", "a1-b1", "a1xa3", "e2-d2", "e2-e3", "e2xe4"});
    }
    SUBCASE("no capture of an adjacent soldier, over a piece, or onto a general") {
        const Position pos = position("5/1S3/1S3/1GSSG/5 g 0 1");
        const auto names = move_names(pos);
        CHECK(names.count("b2xb4") == 0);  // b3 is a soldier: no jumping over pieces
        CHECK(names.count("b2xd2") == 0);  // c2 is in the way
        CHECK(names.count("e2xc2") == 0);
        CHECK(names.count("b2-c2") == 0);
        CHECK(check_move(pos, move("b2xb4")).error().message.find("b3 is not empty") !=
              std::string::npos);
    }
    SUBCASE("soldiers step in all four directions and never capture") {
        const Position pos = position("5/5/2S2/2G2/5 s 0 1");
        CHECK(move_names(pos) == std::set<std::string>{"c3-b3", "c3-c4", "c3-d3"});
        const Position jumper = position("5/2S2/5/2G2/5 s 0 1");
        CHECK(check_move(jumper, move("c4xc2")).error().message ==
              "c4xc2: soldiers do not capture");
    }
    SUBCASE("a capture removes the soldier and resets the quiet-ply count") {
        Position pos = position("S4/S4/5/5/G4 g 37 20");
        play(pos, {"a1-a2"});
        CHECK(pos.quiet_plies == 38);
        play(pos, {"a5-b5", "a2xa4"});
        CHECK(format_position(pos) == "1S3/G4/5/5/5 s 0 21");
    }
}

TEST_CASE("how a game ends") {
    SUBCASE("the generals win by capturing the last soldier") {
        Position pos = position("5/5/S4/5/G4 g 0 1");
        play(pos, {"a1xa3"});
        CHECK(status(pos) == Status::generals_win);
        CHECK(outcome(pos).winner == kGenerals);
        CHECK(sente::result_text(outcome(pos)) == "W+");
    }
    SUBCASE("the soldiers win when no general can move") {
        // The general on a1 is boxed in by a2 and b1; a3 behind a2 leaves no capture either.
        Position pos = position("5/5/S4/S4/G1S2 s 0 1");
        play(pos, {"c1-b1"});
        CHECK(status(pos) == Status::soldiers_win);
        CHECK(move_names(pos).empty());
        CHECK(sente::result_text(outcome(pos)) == "B+");
    }
    SUBCASE("one boxed general is not the end while another can move") {
        const Position pos = position("5/5/S3G/S4/GS3 g 0 1");
        CHECK(move_names(pos) == std::set<std::string>{"e3-d3", "e3-e2", "e3-e4"});
        CHECK(status(pos) == Status::playing);
    }
    SUBCASE("soldiers without a move lose") {
        const Position pos = position("5/5/5/GGG2/SG3 s 0 1");
        CHECK(status(pos) == Status::generals_win);
    }
    SUBCASE("the third repetition draws, not the second") {
        Position pos = position("5/4S/5/5/G4 g 0 1");
        play(pos, {"a1-a2", "e4-e3", "a2-a1", "e3-e4"});  // the start, a second time
        CHECK(status(pos) == Status::playing);
        play(pos, {"a1-a2", "e4-e3", "a2-a1"});
        CHECK(status(pos) == Status::playing);
        play(pos, {"e3-e4"});  // the third time
        CHECK(status(pos) == Status::draw_by_repetition);
        CHECK(outcome(pos).over);
        CHECK_FALSE(outcome(pos).winner.has_value());
        CHECK(sente::result_text(outcome(pos)) == "0");
    }
    SUBCASE("100 plies without a capture draw") {
        Position pos = position("5/4S/5/S4/2G2 g 98 50");
        play(pos, {"c1-c2"});
        CHECK(status(pos) == Status::playing);
        play(pos, {"e4-e5"});
        CHECK(pos.quiet_plies == 100);
        CHECK(status(pos) == Status::draw_by_quiet_plies);
        CHECK(move_names(pos).empty());
    }
    SUBCASE("a capture on the 100th ply keeps the game going") {
        Position pos = position("5/4S/5/S4/2G2 s 99 50");
        play(pos, {"a2-a3"});
        CHECK(status(pos) == Status::draw_by_quiet_plies);
        Position capture = position("5/4S/S4/5/G4 g 99 50");
        play(capture, {"a1xa3"});
        CHECK(status(capture) == Status::playing);
    }
    SUBCASE("a win on the 100th ply stands") {
        Position pos = position("5/5/S4/S4/G1S2 s 99 1");
        play(pos, {"c1-b1"});
        CHECK(pos.quiet_plies == 100);
        CHECK(status(pos) == Status::soldiers_win);
    }
}

TEST_CASE("move notation") {
    CHECK(format_move(move("b2-b3")) == "b2-b3");
    CHECK(format_move(move("B2XB4")) == "b2xb4");
    CHECK(format_move(move("b2b4")) == "b2xb4");  // the kind follows from the distance
    CHECK(format_move(move("b2b3")) == "b2-b3");
    CHECK(format_move(move("h8-h7")) == "h8-h7");
    CHECK(parse_move("b2-b4").error().code == ErrorCode::illegal_move);
    CHECK(parse_move("b2xb3").error().code == ErrorCode::illegal_move);
    CHECK(parse_move("b2-c3").error().code == ErrorCode::illegal_move);
    CHECK(parse_move("b2-b2").error().code == ErrorCode::illegal_move);
    CHECK(parse_move("b2xe2").error().code == ErrorCode::illegal_move);
    CHECK(parse_move("i1-i2").error().code == ErrorCode::illegal_move);
    CHECK(parse_move("a9-a8").error().code == ErrorCode::illegal_move);
    for (const char* junk :
         {"", "b2", "b2-", "-b3", "b2--b3", "b2-b3x", "pass", "22-23", "b2 b3"}) {
        CAPTURE(junk);
        CHECK(parse_move(junk).error().code == ErrorCode::syntax_error);
    }
    const Position pos = start_position(5);
    CHECK(check_move(pos, move("b2-b3")).ok());
    CHECK(check_move(pos, move("b5-b4")).error().message == "b5-b4: there is no general on b5");
    CHECK(check_move(pos, move("e5-f5")).error().message == "e5-f5: not on the 5x5 board");
    CHECK(check_move(pos, move("b2-b1")).ok());
}

TEST_CASE("position text") {
    for (const char* text : {"SSSSS/SSSSS/5/1G1G1/5 g 0 1", "1SSSS/S1S1S/1S1G1/2G2/5 s 3 4",
                             "8/8/8/8/8/8/8/G6S g 99 300"}) {
        CHECK(format_position(position(text)) == text);
    }
    CHECK(format_position(position("SSSSS/SSSSS/5/1G1G1/5 s")) == "SSSSS/SSSSS/5/1G1G1/5 s 0 1");
    CHECK(parse_position("SSSSS/SSSSS/5/1G1G1 g").error().code == ErrorCode::unacceptable_size);
    CHECK(parse_position("SSSS/SSSSS/5/1G1G1/5 g").error().code == ErrorCode::syntax_error);
    CHECK(parse_position("SSSSSS/SSSSS/5/1G1G1/5 g").error().code == ErrorCode::syntax_error);
    CHECK(parse_position("SSSSS/SSSSS/5/1G1G1/6 g").error().code == ErrorCode::syntax_error);
    CHECK(parse_position("SSSSS/SSSXS/5/1G1G1/5 g").error().code == ErrorCode::syntax_error);
    CHECK(parse_position("SSSSS/SSSSS/5/1G1G1/5 x").error().code == ErrorCode::syntax_error);
    CHECK(parse_position("SSSSS/SSSSS/5/1G1G1/5 g 101 1").error().code == ErrorCode::syntax_error);
    CHECK(parse_position("SSSSS/SSSSS/5/1G1G1/5 g 0 0").error().code == ErrorCode::syntax_error);
    CHECK(parse_position("SSSSS/SSSSS/5/1G1G1/5 g 0 1 7").error().code == ErrorCode::syntax_error);
}

TEST_CASE("a Soldiers and Generals game through the Session") {
    sente::Session session;
    REQUIRE(session.select_game("soldiers").ok());
    CHECK(session.board_size() == 5);
    CHECK(session.side_to_move() == sente::Color::white);
    CHECK(session.play(sente::Color::black, "b4-b3").error().code == ErrorCode::illegal_move);
    REQUIRE(session.play(sente::Color::white, "b2b4").ok());
    CHECK(session.history() == std::vector<std::string>{"b2xb4"});
    REQUIRE(session.play("a4-a3").ok());
    REQUIRE(session.undo().ok());
    CHECK(session.position_text() == "SSSSS/SGSSS/5/3G1/5 s 0 1");
    CHECK(session.set_board_size(9).error().code == ErrorCode::unacceptable_size);
    REQUIRE(session.set_board_size(8).ok());
    CHECK(session.legal_moves().size() == 14);
    REQUIRE(session.select_game("兵将棋", 6).ok());
    CHECK(session.game().id == "soldiers");
}
