// The GTP front end in-process: replies, errors that change nothing, the Othello dialect with
// implicit passes, and GoGui's rules commands. Byte-exact transcripts live in protocol/.

#include <doctest/doctest.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include "protocol/gtp.hpp"
#include "sente/session.hpp"

namespace {

// A session at a low, fixed level so that genmove answers at once.
struct Gtp {
    sente::Session session;
    std::ostringstream out;
    sente::gtp::Engine engine{session, out, nullptr};

    Gtp() { REQUIRE(session.set_level(2)); }

    // Sends one line and returns the reply without its final blank line.
    std::string send(const std::string& line) {
        out.str("");
        engine.handle_line(line);
        std::string reply = out.str();
        REQUIRE(reply.size() >= 2);
        REQUIRE(reply.substr(reply.size() - 2) == "\n\n");
        return reply.substr(0, reply.size() - 2);
    }
};

// The shortest line after which black must pass while white can go on (found by exhaustive
// search): white then has e3 and f6.
const char* kForcedPassLine[] = {"d3", "c3", "b3", "b2", "f5", "a3", "a1", "c1"};

}  // namespace

TEST_CASE("basic replies carry the id") {
    Gtp gtp;
    CHECK(gtp.send("protocol_version") == "= 2");
    CHECK(gtp.send("5 name") == "=5 sente");
    CHECK(gtp.send("known_command play") == "= true");
    CHECK(gtp.send("known_command frobnicate") == "= false");
    CHECK(gtp.send("6 frobnicate") == "?6 unknown command");
    CHECK(gtp.send("list_games") == "= Othello\nSoldiers\nGomoku\nGomoku-standard\nRenju\nCaro");
    CHECK(gtp.send("set_game othello") == "=");
    CHECK(gtp.send("set_game chess").rfind("? unknown game 'chess'", 0) == 0);
    CHECK(gtp.send("boardsize 8") == "=");
    CHECK(gtp.send("boardsize 9") == "? unacceptable size");
    CHECK(gtp.send("boardsize 0") == "? unacceptable size");
    CHECK(gtp.send("boardsize x") == "? syntax error");
    CHECK(gtp.send("komi 6.5") == "=");
    CHECK(gtp.send("komi lots") == "? syntax error");
}

TEST_CASE("every listed command is known, and list_commands lists them all") {
    Gtp gtp;
    const std::string listed = gtp.send("list_commands");
    std::istringstream lines(listed.substr(2));
    std::string name;
    int count = 0;
    while (std::getline(lines, name)) {
        CAPTURE(name);
        CHECK(gtp.send("known_command " + name) == "= true");
        ++count;
    }
    CHECK(count == static_cast<int>(gtp.engine.command_names().size()));
}

TEST_CASE("play and genmove in the Othello dialect") {
    Gtp gtp;
    CHECK(gtp.send("play b d3") == "=");
    CHECK(gtp.send("play b c4") == "? illegal move");  // not black's turn: nothing changes
    CHECK(gtp.send("play white C3") == "=");
    CHECK(gtp.send("play B z9") == "? illegal move");
    CHECK(gtp.send("play B d") == "? syntax error");
    CHECK(gtp.send("play purple c4") == "? syntax error");
    CHECK(gtp.send("play b") == "? syntax error");
    const std::string before = gtp.send("gogui-rules_board");
    const std::string hint = gtp.send("reg_genmove b");
    CHECK(hint.size() == 4);                         // "= C4" style: upper case vertex
    CHECK(gtp.send("gogui-rules_board") == before);  // reg_genmove plays nothing
    CHECK(gtp.send("genmove w").rfind("? it is black's turn", 0) == 0);
    const std::string reply = gtp.send("genmove b");
    CHECK(reply.size() == 4);
    CHECK(gtp.send("gogui-rules_side_to_move") == "= white");
    CHECK(gtp.send("undo") == "=");
    CHECK(gtp.send("gogui-rules_board") == before);
}

TEST_CASE("a play or genmove for the other colour plays a forced pass first") {
    Gtp gtp;
    const char* colours[] = {"b", "w"};
    for (int i = 0; i < 8; ++i) {
        CHECK(gtp.send(std::string("play ") + colours[i % 2] + " " + kForcedPassLine[i]) == "=");
    }
    // Black to move and must pass.
    CHECK(gtp.send("gogui-rules_side_to_move") == "= black");
    CHECK(gtp.send("gogui-rules_legal_moves") == "= pass");
    SUBCASE("explicit pass") {
        CHECK(gtp.send("play w pass") == "? illegal move");
        CHECK(gtp.send("play b pass") == "=");
        CHECK(gtp.send("gogui-rules_side_to_move") == "= white");
        CHECK(gtp.send("undo") == "=");
        CHECK(gtp.send("gogui-rules_side_to_move") == "= black");
    }
    SUBCASE("implicit pass with play, taken back by one undo") {
        const std::string board = gtp.send("gogui-rules_board");
        CHECK(gtp.send("play w f6") == "=");
        CHECK(gtp.send("gogui-rules_side_to_move") == "= black");
        CHECK(gtp.send("undo") == "=");
        CHECK(gtp.send("gogui-rules_board") == board);
        CHECK(gtp.send("gogui-rules_side_to_move") == "= black");
    }
    SUBCASE("implicit pass with genmove") {
        const std::string reply = gtp.send("genmove w");
        CHECK((reply == "= E3" || reply == "= F6"));
    }
    SUBCASE("genmove for the side that must pass answers pass") {
        CHECK(gtp.send("genmove b") == "= pass");
        CHECK(gtp.send("gogui-rules_side_to_move") == "= white");
    }
}

TEST_CASE("undo runs back to the start and then fails cleanly") {
    Gtp gtp;
    CHECK(gtp.send("undo") == "? cannot undo");
    CHECK(gtp.send("play b d3") == "=");
    CHECK(gtp.send("play w c3") == "=");
    CHECK(gtp.send("undo") == "=");
    CHECK(gtp.send("undo") == "=");
    CHECK(gtp.send("undo") == "? cannot undo");
    CHECK(gtp.send("sente-position") ==
          "= ---------------------------OX------XO--------------------------- X");
}

TEST_CASE("final_score and the GoGui result once the game is over") {
    Gtp gtp;
    CHECK(gtp.send("final_score") == "? cannot score");
    CHECK(gtp.send("gogui-rules_final_result") == "= unknown");
    // A position where black to move wins by playing c1 and the game ends.
    CHECK(gtp.send("sente-position XO" + std::string(62, '-') + " X") == "=");
    CHECK(gtp.send("play b c1") == "=");
    CHECK(gtp.send("final_score") == "= B+64");
    CHECK(gtp.send("gogui-rules_final_result") == "= B+64");
    CHECK(gtp.send("gogui-rules_legal_moves") == "=");
    CHECK(gtp.send("genmove w") == "= pass");  // nothing to play, nothing changes
    CHECK(gtp.send("play w pass") == "? illegal move");
    CHECK(gtp.send("final_score") == "= B+64");
}

TEST_CASE("clock commands validate their arguments") {
    Gtp gtp;
    CHECK(gtp.send("time_settings 300 0 0") == "=");
    CHECK(gtp.send("time_settings 300 30 5") == "=");
    CHECK(gtp.send("time_settings 0 1 0") == "=");
    CHECK(gtp.send("time_settings -1 0 0") == "? syntax error");
    CHECK(gtp.send("time_settings 1 2") == "? syntax error");
    CHECK(gtp.send("time_left b 100 0") == "=");
    CHECK(gtp.send("time_left x 100 0") == "? syntax error");
    CHECK(gtp.send("time_left b 1.5 0") == "? syntax error");
    CHECK(gtp.send("kgs-time_settings none") == "=");
    CHECK(gtp.send("kgs-time_settings absolute 600") == "=");
    CHECK(gtp.send("kgs-time_settings byoyomi 600 30 5") == "=");
    CHECK(gtp.send("kgs-time_settings canadian 600 300 25") == "=");
    CHECK(gtp.send("kgs-time_settings canadian 600 300") == "? syntax error");
    CHECK(gtp.send("kgs-time_settings hourglass 60") == "? syntax error");
}

TEST_CASE("time_left's whole seconds are read with the session's own account of the clock") {
    using sente::Color;
    using sente::Milliseconds;
    Gtp gtp;
    CHECK(gtp.send("time_settings 7 0 0") == "=");
    gtp.session.spend_time(Color::black, Milliseconds{6'300});  // 0.7 s left by its account
    // Floored to 0 by the controller: the account, within that second, is the better reading.
    CHECK(gtp.send("time_left b 0 0") == "=");
    CHECK(gtp.session.time_left(Color::black).time_left == Milliseconds{700});
    // An account outside the second the controller names (it went astray) gives way.
    CHECK(gtp.send("time_left b 3 0") == "=");
    CHECK(gtp.session.time_left(Color::black).time_left == Milliseconds{3'000});
    gtp.session.spend_time(Color::black, Milliseconds{1'500});  // 1.5 s by the account
    CHECK(gtp.send("time_left b 2 0") == "=");
    CHECK(gtp.session.time_left(Color::black).time_left == Milliseconds{2'000});
    // White's clock is its own, and a reading in another byo-yomi period stands as given.
    CHECK(gtp.send("time_left w 6 0") == "=");
    CHECK(gtp.session.time_left(Color::white).time_left == Milliseconds{6'000});
    CHECK(gtp.send("time_settings 0 10 5") == "=");
    CHECK(gtp.send("time_left b 9 4") == "=");
    CHECK(gtp.session.time_left(Color::black).stones == 4);
    CHECK(gtp.session.time_left(Color::black).time_left == Milliseconds{9'000});
}

TEST_CASE("levels") {
    Gtp gtp;
    CHECK(gtp.send("set_level 1") == "=");
    CHECK(gtp.send("level 10") == "=");
    CHECK(gtp.send("set_level 11").rfind("? level 11 is out of range", 0) == 0);
    CHECK(gtp.send("set_level 0").rfind("? level 0 is out of range", 0) == 0);
    CHECK(gtp.send("set_level high") == "? syntax error");
}

TEST_CASE("GoGui orientation renames rows and keeps the picture") {
    Gtp gtp;
    gtp.session.set_orientation(sente::Orientation::gogui);
    // GoGui counts rows from the bottom: Othello d3 (third row from the top) is GoGui d6.
    CHECK(gtp.send("gogui-rules_legal_moves") == "= D6 C5 F4 E3");
    CHECK(gtp.send("play b d6") == "=");
    CHECK(gtp.send("gogui-rules_board") ==
          "=\n........\n........\n...X....\n...XX...\n...XO...\n........\n........\n........");
    CHECK(gtp.send("showboard").find(" 6 . . *(X)* . . . 6") != std::string::npos);
}

TEST_CASE("a refused boardsize changes nothing") {
    Gtp gtp;
    REQUIRE(gtp.send("set_game gomoku") == "=");
    REQUIRE(gtp.send("boardsize 20") == "=");
    REQUIRE(gtp.send("play b k10") == "=");
    const std::string position = gtp.send("sente-position");
    CHECK(gtp.send("boardsize 0") == "? unacceptable size");
    CHECK(gtp.send("boardsize -3") == "? syntax error");
    CHECK(gtp.send("boardsize 23") == "? unacceptable size");
    CHECK(gtp.send("sente-position") == position);
    CHECK(gtp.send("gogui-rules_board_size") == "= 20");
}

TEST_CASE("Gomoku: one colour may move twice in a row, as GTP allows") {
    Gtp gtp;
    REQUIRE(gtp.send("set_game gomoku") == "=");
    REQUIRE(gtp.send("boardsize 9") == "=");
    const std::string empty = gtp.send("sente-position");
    CHECK(gtp.send("play b e5") == "=");
    CHECK(gtp.send("play b f6") == "=");
    CHECK(gtp.send("gogui-rules_side_to_move") == "= white");
    CHECK(gtp.send("sente-position") == "= 9/9/9/5x3/4x4/9/9/9/9 w");
    // The record names the colours as played; loading it back gives the same position.
    const std::string sgf = gtp.send("printsgf");
    CHECK(sgf.find(";B[ee];B[fd]") != std::string::npos);

    SUBCASE("one undo takes back the move and gives the turn back") {
        CHECK(gtp.send("undo") == "=");
        CHECK(gtp.send("sente-position") == "= 9/9/9/9/4x4/9/9/9/9 w");
        CHECK(gtp.send("gogui-rules_side_to_move") == "= white");
        CHECK(gtp.send("undo") == "=");
        CHECK(gtp.send("sente-position") == empty);
        CHECK(gtp.send("undo") == "? cannot undo");
    }
    SUBCASE("genmove for the colour not to move hands it the turn") {
        const std::string reply = gtp.send("genmove b");
        REQUIRE(reply.rfind("= ", 0) == 0);
        CHECK(gtp.send("gogui-rules_side_to_move") == "= white");
        CHECK(gtp.send("undo") == "=");
        CHECK(gtp.send("gogui-rules_side_to_move") == "= white");
        CHECK(gtp.send("sente-position") == "= 9/9/9/5x3/4x4/9/9/9/9 w");
    }
    SUBCASE("the record replays") {
        const std::string before = gtp.send("sente-position");
        CHECK(gtp.send("clear_board") == "=");
        // printsgf's reply is "= (;FF[4]...)": feed the record back through a file.
        const std::string path = "gtp_test_twice.sgf";
        {
            std::ofstream file(path);
            file << sgf.substr(2) << '\n';
        }
        CHECK(gtp.send("loadsgf " + path) == "=");
        CHECK(gtp.send("sente-position") == before);
        std::remove(path.c_str());
    }
}

TEST_CASE("Othello and Soldiers still refuse a move out of turn") {
    Gtp gtp;
    CHECK(gtp.send("play w d3").rfind("? ", 0) == 0);
    REQUIRE(gtp.send("set_game soldiers") == "=");
    CHECK(gtp.send("genmove b").rfind("? it is white's turn", 0) == 0);
}
