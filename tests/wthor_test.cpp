// The WTHOR reader: a file written here byte by byte reads back as the games it holds, replays
// move by move with the passes the file leaves out, and damaged files are refused.

#include <doctest/doctest.h>

#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "games/reversi/notation.hpp"
#include "tools/wthor.hpp"

namespace r = sente::reversi;

namespace {

// A WTHOR file of the given games (each a list of moves as "d3" texts), year 2001, theoretical
// scores from 24 empties.
std::vector<std::uint8_t> wthor_bytes(const std::vector<std::vector<std::string>>& games) {
    std::vector<std::uint8_t> bytes(16, 0);
    bytes[4] = static_cast<std::uint8_t>(games.size());
    bytes[10] = 2001 & 0xFF;
    bytes[11] = 2001 >> 8;
    bytes[12] = 8;
    bytes[14] = 24;
    for (const auto& moves : games) {
        std::vector<std::uint8_t> game(68, 0);
        game[6] = 40;  // black's real discs
        game[7] = 36;  // black's theoretical discs
        for (std::size_t i = 0; i < moves.size(); ++i) {
            const auto move = r::parse_move(moves[i]);
            REQUIRE(move);
            game[8 + i] =
                static_cast<std::uint8_t>(10 * (move->square / 8 + 1) + move->square % 8 + 1);
        }
        bytes.insert(bytes.end(), game.begin(), game.end());
    }
    return bytes;
}

std::string write_file(const std::vector<std::uint8_t>& bytes) {
    const std::string path = "wthor_test.wtb";
    std::ofstream file(path, std::ios::binary);
    file.write(reinterpret_cast<const char*>(bytes.data()),
               static_cast<std::streamsize>(bytes.size()));
    return path;
}

}  // namespace

TEST_CASE("a WTHOR file reads back as its games, and they replay") {
    // The shortest game there is: black wipes white out in nine moves.
    const std::vector<std::string> wipeout = {"e6", "f4", "e3", "f6", "g5", "d6", "e7", "f5", "c5"};
    const std::string path = write_file(wthor_bytes({{"f5", "d6", "c3"}, wipeout}));
    const auto games = sente::tools::read_wthor(path);
    REQUIRE(games);
    REQUIRE(games->size() == 2);
    CHECK((*games)[0].year == 2001);
    CHECK((*games)[0].theoretical_empties == 24);
    CHECK((*games)[0].black_real_discs == 40);
    CHECK((*games)[0].black_theoretical_discs == 36);
    REQUIRE((*games)[0].moves.size() == 3);
    CHECK(r::format_move((*games)[0].moves[0]) == "f5");

    const auto positions = sente::tools::replay((*games)[1]);
    REQUIRE(positions);
    REQUIRE(positions->size() == wipeout.size() + 1);
    CHECK(positions->front() == r::start_position());
    CHECK(r::is_game_over(positions->back()));
    CHECK(r::popcount(positions->back().player | positions->back().opponent) == 13);
    std::remove(path.c_str());
}

TEST_CASE("damaged WTHOR files and illegal games are refused") {
    auto bytes = wthor_bytes({{"f5", "d6"}});
    CHECK_FALSE(sente::tools::read_wthor("no-such-file.wtb"));
    auto short_file = bytes;
    short_file.pop_back();
    CHECK_FALSE(sente::tools::read_wthor(write_file(short_file)));
    auto off_board = bytes;
    off_board[16 + 8] = 19;  // column 9
    CHECK_FALSE(sente::tools::read_wthor(write_file(off_board)));

    const auto games = sente::tools::read_wthor(write_file(wthor_bytes({{"f5", "a1"}})));
    REQUIRE(games);
    const auto replayed = sente::tools::replay((*games)[0]);
    REQUIRE_FALSE(replayed);
    CHECK(replayed.error().message.find("move 2") != std::string::npos);
    std::remove("wthor_test.wtb");
}
