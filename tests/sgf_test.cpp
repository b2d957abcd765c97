// SGF game records: the reader on well-formed, odd and hostile files; records written by sente
// read back to the same game (Othello and Soldiers and Generals, usual and given starts, both
// orientations); GTP's loadsgf and printsgf.

#include <doctest/doctest.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "protocol/gtp.hpp"
#include "record/sgf.hpp"
#include "sente/session.hpp"
#include "sente/version.hpp"

using namespace sente;
using record::parse_main_line;
using record::read_sgf;
using record::write_sgf;

namespace {

Session small_session() {
    EngineSettings settings;
    settings.hash_mb = 1;
    return Session(settings);
}

void play_all(Session& session, const std::vector<std::string>& moves) {
    for (const std::string& move : moves) REQUIRE_MESSAGE(session.play(move).ok(), move);
}

// Writes the record of `session`, reads it into a fresh session and checks it is the same game.
void check_round_trip(const Session& session) {
    const std::string sgf = write_sgf(session);
    Session copy = small_session();
    const auto read = read_sgf(copy, sgf);
    REQUIRE_MESSAGE(read.ok(), sgf);
    CHECK(copy.game().id == session.game().id);
    CHECK(copy.board_size() == session.board_size());
    CHECK(copy.start_position_text() == session.start_position_text());
    CHECK(copy.position_text() == session.position_text());
    copy.set_orientation(session.orientation());
    CHECK(copy.history() == session.history());
    CHECK(write_sgf(copy) == sgf);
}

}  // namespace

TEST_CASE("the SGF reader follows the main line") {
    SUBCASE("properties, several values, escapes and white space") {
        const auto nodes = parse_main_line(
            "garbage before (;FF[4]GM[2]AB[dd][ee]\n C[a \\] b\\\\ c\\\nd] ; B[dc] )");
        REQUIRE(nodes.ok());
        REQUIRE(nodes.value().size() == 2);
        const record::SgfNode& root = nodes.value()[0];
        REQUIRE(root.size() == 4);
        CHECK(root[2].id == "AB");
        CHECK(root[2].values == std::vector<std::string>{"dd", "ee"});
        CHECK(root[3].values[0] == "a ] b\\ cd");
        CHECK(nodes.value()[1][0].id == "B");
    }
    SUBCASE("the first variation, not the others") {
        const auto nodes = parse_main_line("(;GM[2];B[dc](;W[cc];B[bc])(;W[ee]))");
        REQUIRE(nodes.ok());
        REQUIRE(nodes.value().size() == 4);
        CHECK(nodes.value()[3][0].values[0] == "bc");
    }
    SUBCASE("FF[3] names with lower-case letters") {
        const auto nodes = parse_main_line("(;GaMe[2]AddBlack[dd])");
        REQUIRE(nodes.ok());
        CHECK(nodes.value()[0][0].id == "GM");
        CHECK(nodes.value()[0][1].id == "AB");
    }
    SUBCASE("broken and hostile files are refused, not followed") {
        for (const std::string& text :
             {std::string(""), std::string("no tree"), std::string("(;GM[2]"),
              std::string("(;GM[2"), std::string("(;GM)"), std::string("(x)"), std::string("()"),
              std::string("(;C[\\"), std::string(100'000, '('),
              "(;C[" + std::string(record::kMaxValueBytes + 1, 'x') + "])",
              std::string(record::kMaxSgfBytes + 1, ' ')}) {
            CAPTURE(text.substr(0, 20));
            CHECK_FALSE(parse_main_line(text).ok());
        }
        std::string many = "(";
        for (std::size_t i = 0; i <= record::kMaxNodes; ++i) many += ";";
        CHECK_FALSE(parse_main_line(many + ")").ok());
    }
    SUBCASE("deep nesting is only depth, not recursion") {
        const std::string deep = std::string(200'000, '(') + ";GM[2];B[dc])";
        const auto nodes = parse_main_line(deep);
        REQUIRE(nodes.ok());
        CHECK(nodes.value().size() == 2);
    }
}

TEST_CASE("records sente writes read back to the same game") {
    Session session = small_session();
    SUBCASE("Othello with a pass") {
        REQUIRE(session.select_game("othello").ok());
        // After these moves black must pass (gtp_test.cpp's forced-pass line).
        play_all(session, {"d3", "c3", "b3", "b2", "f5", "a3", "a1", "c1", "pass", "e3"});
        const std::string sgf = write_sgf(session);
        CHECK(sgf.find("GM[2]") != std::string::npos);
        CHECK(sgf.find(";B[dc];W[cc]") != std::string::npos);
        CHECK(sgf.find(";B[]") != std::string::npos);
        check_round_trip(session);
    }
    SUBCASE("Othello in GoGui's orientation writes the same points") {
        REQUIRE(session.select_game("othello").ok());
        play_all(session, {"d3", "c3"});
        const std::string native = write_sgf(session);
        session.set_orientation(Orientation::gogui);
        CHECK(write_sgf(session) == native);
        check_round_trip(session);
    }
    SUBCASE("Othello from a given position, and a finished game") {
        // FFO #1.
        REQUIRE(
            session
                .set_position("--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X")
                .ok());
        const std::string before = write_sgf(session);
        CHECK(before.find("XP[") != std::string::npos);
        while (!session.outcome().over) REQUIRE(session.play(session.legal_moves()[0]).ok());
        CHECK(write_sgf(session).find("RE[") != std::string::npos);
        check_round_trip(session);
    }
    SUBCASE("Soldiers and Generals, captures and a given start") {
        REQUIRE(session.select_game("soldiers", 6).ok());
        play_all(session, {"c2xc4", "a4-a3", "d2-d3", "b4-b3"});
        const std::string sgf = write_sgf(session);
        CHECK(sgf.find("GM[1001]") != std::string::npos);
        CHECK(sgf.find(";XW[c2xc4]") != std::string::npos);
        check_round_trip(session);
        REQUIRE(session.set_position("5/5/2S2/5/1GG2 s 1 1").ok());
        play_all(session, {"c3-c4", "b1-b2"});
        check_round_trip(session);
    }
}

TEST_CASE("records from elsewhere, and records that cannot be played") {
    Session session = small_session();
    SUBCASE("an Othello start given by AB, AW and PL") {
        REQUIRE(read_sgf(session, "(;GM[2]SZ[8]AB[de][ed]AW[dd][ee]PL[B];B[dc])").ok());
        CHECK(session.history() == std::vector<std::string>{"d3"});
        CHECK(session.start_position_text() ==
              Session(EngineSettings{}).position_text());  // the usual start
    }
    SUBCASE("up to a move number") {
        REQUIRE(read_sgf(session, "(;GM[2];B[dc];W[cc];B[bc])", 3).ok());
        CHECK(session.history() == std::vector<std::string>{"d3", "c3"});
    }
    SUBCASE("a bad record changes nothing") {
        REQUIRE(session.play("d3").ok());
        const std::string before = session.position_text();
        for (const char* text :
             {"(;GM[1];B[dd])", "(;GM[2];B[aa])", "(;GM[2];B[zz])", "(;GM[2]SZ[9])",
              "(;GM[2]SZ[x])", "(;GM[1001];XW[b2-b9])", "(;GM[1001]XP[nonsense])",
              "(;GM[2];B[dc][cc])", "(;GM[2]AB[zz])"}) {
            CAPTURE(text);
            CHECK_FALSE(read_sgf(session, text).ok());
            CHECK(session.position_text() == before);
            CHECK(session.game().id == "othello");
        }
    }
}

TEST_CASE("GTP loadsgf and printsgf") {
    Session session = small_session();
    std::ostringstream out;
    gtp::Engine engine(session, out, nullptr);
    const auto send = [&](const std::string& line) {
        out.str("");
        engine.handle_line(line);
        const std::string reply = out.str();
        return reply.substr(0, reply.size() - 2);
    };
    const std::string path = "sgf_test_game.sgf";
    CHECK(send("play black d3") == "=");
    CHECK(send("printsgf") ==
          "= (;FF[4]GM[2]CA[UTF-8]AP[sente:" + std::string(kVersion) + "]SZ[8];B[dc])");
    CHECK(send("printsgf " + path) == "=");
    CHECK(send("clear_board") == "=");
    CHECK(send("loadsgf " + path) == "=");
    CHECK(session.history() == std::vector<std::string>{"d3"});
    CHECK(send("loadsgf " + path + " 1") == "=");
    CHECK(session.history().empty());
    CHECK(send("loadsgf no-such-file.sgf") == "? cannot load file");
    { std::ofstream(path) << "(;GM[2];B[aa])"; }
    CHECK(send("loadsgf " + path) == "? cannot load file");
    CHECK(send("loadsgf " + path + " zero") == "? syntax error");
    CHECK(send("loadsgf") == "? syntax error");
    std::remove(path.c_str());
}

TEST_CASE("SGF: Gomoku records are GM[4] with the rule in RU") {
    for (const char* game : {"gomoku", "gomoku-standard", "renju", "caro"}) {
        Session session = small_session();
        REQUIRE(session.select_game(game, 19));
        play_all(session, {"h8", "j9", "a1", "t19", "k10"});
        check_round_trip(session);
        const std::string sgf = write_sgf(session);
        CHECK(sgf.find(";B[hl];W[ik];B[as];W[sa];B[jj])") != std::string::npos);
    }
    Session session = small_session();
    REQUIRE(read_sgf(session, "(;GM[4]SZ[15]RU[RIF];B[hh];W[ii])").ok());
    CHECK(session.game().id == "renju");
    CHECK(session.history() == std::vector<std::string>{"h8", "j7"});
    REQUIRE(read_sgf(session, "(;GM[4];B[hh])").ok());  // no RU, no SZ: freestyle on 15x15
    CHECK(session.game().id == "gomoku");
    CHECK(session.board_size() == 15);
    // A bad rule, a point off the board and a foul change nothing.
    const auto before = session.history();
    CHECK_FALSE(read_sgf(session, "(;GM[4]RU[chess];B[hh])").ok());
    CHECK_FALSE(read_sgf(session, "(;GM[4]SZ[9];B[jj])").ok());
    CHECK_FALSE(read_sgf(session,
                         "(;GM[4]SZ[15]RU[renju];B[fh];W[aa];B[gh];W[ab];B[hg];W[ac];B[hf];"
                         "W[ad];B[hh])")
                    .ok());
    CHECK(session.history() == before);
}
