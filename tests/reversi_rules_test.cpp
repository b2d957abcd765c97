// Reversi rules: perft against the published counts, the start position, passes, the end of the
// game with its score, and the FFO positions' legal moves.

#include <doctest/doctest.h>

#include <fstream>
#include <random>
#include <set>
#include <sstream>
#include <string>

#include "games/reversi/game.hpp"
#include "games/reversi/moves.hpp"
#include "games/reversi/notation.hpp"
#include "games/reversi/perft.hpp"
#include "games/reversi/position.hpp"
#include "search/perft.hpp"

using namespace sente::reversi;
using sente::Color;

namespace {

Position position(const char* text) {
    auto parsed = parse_position(text);
    REQUIRE(parsed.ok());
    return parsed.value();
}

std::set<std::string> move_names(const Position& pos) {
    std::set<std::string> names;
    ReversiGame::MoveList list;
    ReversiGame::generate_moves(pos, list);
    for (const auto& entry : list) names.insert(format_move(entry.move));
    return names;
}

}  // namespace

TEST_CASE("perft from the start matches the published counts") {
    // Counts with a forced pass as a move and a finished game as one leaf.
    const std::uint64_t expected[] = {4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288, 24571284};
    Position pos = start_position();
    for (int depth = 1; depth <= 10; ++depth) {
        CAPTURE(depth);
        CHECK(sente::search::perft<ReversiGame>(pos, depth) == expected[depth - 1]);
    }
    CHECK(pos == start_position());  // make/unmake restored it
}

TEST_CASE("the bitboard perft counts what the move-list perft counts") {
    using sente::search::perft_by_move_lists;
    // The start, then positions from random games: passes, finished games and long runs occur.
    std::mt19937_64 rng(7);
    int positions = 0, passes = 0, finished = 0;
    for (int game = 0; game < 40; ++game) {
        Position pos = start_position();
        while (true) {
            const std::uint64_t fast = count_leaves(pos.player, pos.opponent, 4);
            CHECK(fast == perft_by_move_lists<ReversiGame>(pos, 4));
            CHECK(sente::search::perft<ReversiGame>(pos, 3) ==
                  perft_by_move_lists<ReversiGame>(pos, 3));
            ++positions;
            if (is_game_over(pos)) {
                ++finished;
                CHECK(count_leaves(pos.player, pos.opponent, 3) == 1);
                break;
            }
            const Bitboard moves = legal_moves(pos);
            if (moves == 0) {
                ++passes;
                pos = play(pos, Move::pass());
                continue;
            }
            Bitboard pick = moves;
            for (int skip = static_cast<int>(rng() % popcount(moves)); skip > 0; --skip) {
                pick &= pick - 1;
            }
            pos = play(pos, Move::at(lowest_square(pick)));
        }
    }
    CHECK(positions > 2000);
    CHECK(finished == 40);
    CHECK(passes > 0);
}

TEST_CASE("the legal moves are the squares that flip, in the fast and the portable generator") {
    std::mt19937_64 rng(2026);
    for (int board = 0; board < 20000; ++board) {
        // Random densities, so that long runs, full lines and edge wraps all occur.
        const Bitboard occupied =
            rng() | (board % 2 == 0 ? rng() : 0) | (board % 3 == 0 ? rng() : 0);
        const Bitboard player = occupied & rng() & (board % 5 == 0 ? rng() : ~Bitboard{0});
        const Bitboard opponent = occupied & ~player;
        Bitboard by_flips = 0;
        for (int square = 0; square < 64; ++square) {
            if (flips(square, player, opponent) != 0) by_flips |= square_bit(square);
        }
        CAPTURE(player);
        CAPTURE(opponent);
        REQUIRE(legal_moves(player, opponent) == by_flips);
        REQUIRE(moves_detail::legal_moves_scalar(player, opponent) == by_flips);
    }
}

TEST_CASE("the start position") {
    const Position pos = start_position();
    CHECK(format_position(pos) ==
          "---------------------------OX------XO--------------------------- X");
    CHECK(move_names(pos) == std::set<std::string>{"d3", "c4", "f5", "e6"});
    CHECK(pos.side == Color::black);
    CHECK_FALSE(is_game_over(pos));
}

TEST_CASE("a side without moves must pass, and the game ends when neither can move") {
    // Black to move, no black move; white can still play at h1? Build it by hand:
    // a1 white, b1 black, rest empty: black cannot move, white plays c1.
    Position pos = position("OX-------------------------------------------------------------- X");
    CHECK(legal_moves(pos) == 0);
    CHECK(must_pass(pos));
    CHECK_FALSE(is_game_over(pos));
    CHECK(move_names(pos) == std::set<std::string>{"pass"});
    CHECK(is_legal(pos, Move::pass()));
    pos = play(pos, Move::pass());
    CHECK(pos.side == Color::white);
    CHECK(move_names(pos) == std::set<std::string>{"c1"});
    CHECK_FALSE(is_legal(pos, Move::pass()));
    pos = play(pos, Move::at(2));
    CHECK(format_position(pos).substr(0, 3) == "OOO");
    CHECK(is_game_over(pos));
    // White has 3 discs, black none, 61 empties go to white: a 64-0 win.
    CHECK(final_disc_difference(pos) == -64);  // black to move
    const sente::Outcome result = outcome(pos);
    CHECK(result.over);
    CHECK(result.winner == Color::white);
    CHECK(result.white_points == 64);
    CHECK(result.black_points == 0);
    CHECK(sente::result_text(result) == "W+64");
}

TEST_CASE("a drawn finish splits the empty squares") {
    // Two black and two white discs that cannot move: each gets 30 of the 60 empties.
    Position pos = position("XX----OO-------------------------------------------------------- O");
    REQUIRE(is_game_over(pos));
    const sente::Outcome result = outcome(pos);
    CHECK_FALSE(result.winner.has_value());
    CHECK(result.black_points == 32);
    CHECK(result.white_points == 32);
    CHECK(sente::result_text(result) == "0");
}

TEST_CASE("square names in Othello and GoGui orientation") {
    CHECK(format_move(Move::at(0)) == "a1");
    CHECK(format_move(Move::at(63)) == "h8");
    CHECK(format_move(Move::at(19)) == "d3");
    CHECK(format_move(Move::at(19), sente::Orientation::gogui) == "d6");
    CHECK(parse_move("D3").value() == Move::at(19));
    CHECK(parse_move("d6", sente::Orientation::gogui).value() == Move::at(19));
    CHECK(parse_move("PASS").value() == Move::pass());
    for (int sq = 0; sq < 64; ++sq) {
        for (auto orientation : {sente::Orientation::native, sente::Orientation::gogui}) {
            CHECK(parse_move(format_move(Move::at(sq), orientation), orientation).value() ==
                  Move::at(sq));
        }
    }
    CHECK(parse_move("i1").error().code == sente::ErrorCode::illegal_move);
    CHECK(parse_move("a9").error().code == sente::ErrorCode::illegal_move);
    CHECK(parse_move("a0").error().code == sente::ErrorCode::illegal_move);
    for (const char* bad : {"", "d", "3d", "d3x", "dd", "d-3", "passes", "d 3", "é3"}) {
        CAPTURE(bad);
        CHECK(parse_move(bad).error().code == sente::ErrorCode::syntax_error);
    }
}

TEST_CASE("position text round-trips and rejects malformed input") {
    const char* text = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X";
    CHECK(format_position(position(text)) == text);
    CHECK(
        format_position(position("--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- "
                                 "X; G8:+18; H1:+12")) == text);
    CHECK(position("................................................................ o").side ==
          Color::white);
    CHECK_FALSE(parse_position("").ok());
    CHECK_FALSE(parse_position("XO").ok());
    CHECK_FALSE(
        parse_position("--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- Z").ok());
    CHECK_FALSE(
        parse_position("--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-? X").ok());
}

TEST_CASE("every move listed in the FFO endgame files is legal, and no other") {
    int positions = 0;
    for (const char* file : {"fforum-1-19.obf", "fforum-20-39.obf", "fforum-40-59.obf"}) {
        std::ifstream in(std::string(SENTE_TEST_DATA) + "/reversi/" + file);
        REQUIRE_MESSAGE(in.good(), "missing " << file);
        std::string line;
        while (std::getline(in, line)) {
            if (line.empty()) continue;
            CAPTURE(line);
            const Position pos = position(line.c_str());
            std::set<std::string> listed;
            std::istringstream scores(line.substr(line.find(';') + 1));
            std::string item;
            while (std::getline(scores, item, ';')) {
                const auto colon = item.find(':');
                if (colon == std::string::npos) continue;
                std::string name = item.substr(0, colon);
                name.erase(0, name.find_first_not_of(' '));
                listed.insert(format_move(parse_move(name).value()));
            }
            CHECK(move_names(pos) == listed);
            ++positions;
        }
    }
    CHECK(positions == 59);
}

TEST_CASE("the clock is shared among the moves before the endgame") {
    // A position with `empties` (at most 60) empty squares; which squares does not matter here.
    auto with_empties = [](int empties) {
        Position pos;
        pos.player = ~Bitboard{0} << empties;
        return pos;
    };
    const int instant = ReversiGame::kEndgameEmpties;
    // At the start: one move of the side to move for every two empties down to the endgame,
    // plus one.
    CHECK(ReversiGame::moves_left(start_position()) == (60 - instant + 1) / 2 + 1);
    for (int empties = 0; empties <= instant; ++empties) {
        CAPTURE(empties);
        CHECK(ReversiGame::moves_left(with_empties(empties)) == 1);
    }
    for (int empties = instant + 1; empties <= 60; ++empties) {
        CAPTURE(empties);
        const int left = ReversiGame::moves_left(with_empties(empties));
        CHECK(left >= ReversiGame::moves_left(with_empties(empties - 1)));
        CHECK(left <= ReversiGame::moves_left(with_empties(empties - 1)) + 1);
        CHECK(left <= (empties + 1) / 2);
    }
}
