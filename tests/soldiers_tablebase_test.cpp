// The complete Soldiers and Generals tables, checked two ways that do not share their code:
// every placement's two distances must satisfy the race equations written out plainly here from
// the legal moves (which pins them down: a finite distance must be grounded in a chain that falls
// by one each ply, and a placement left at "never" must have no way in), and the tables must give
// the same answers as the solver, which explores from one position and was checked against brute
// force over the full rules (soldiers_solver_test.cpp).

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <vector>

#include "games/soldiers/notation.hpp"
#include "games/soldiers/perfect_play.hpp"
#include "games/soldiers/table_check.hpp"
#include "games/soldiers/tablebase.hpp"
#include "sente/session.hpp"
#include "soldiers_position_text.hpp"

using namespace sente::soldiers;
using sente::Color;
namespace search = sente::search;

namespace {

// Every placement of `generals` generals and `soldiers` soldiers on the board, both sides to move.
std::vector<Placement> every_placement(int size, int generals, int soldiers) {
    std::vector<int> points;
    for (int rank = 0; rank < size; ++rank) {
        for (int file = 0; file < size; ++file) points.push_back(point_at(file, rank));
    }
    const int n = static_cast<int>(points.size());
    std::vector<Placement> all;
    // The generals' points first (every arrangement of a 0/1 pick vector), then the soldiers'
    // among the points left.
    std::vector<int> pick(static_cast<std::size_t>(n), 0);
    std::fill(pick.end() - generals, pick.end(), 1);
    do {
        Bitboard g = 0;
        std::vector<int> rest;
        for (int i = 0; i < n; ++i) {
            if (pick[i]) {
                g |= point_bit(points[i]);
            } else {
                rest.push_back(i);
            }
        }
        std::vector<int> choose(rest.size(), 0);
        std::fill(choose.end() - soldiers, choose.end(), 1);
        do {
            Bitboard s = 0;
            for (std::size_t i = 0; i < rest.size(); ++i) {
                if (choose[i]) s |= point_bit(points[rest[i]]);
            }
            all.push_back({g, s, kGenerals});
            all.push_back({g, s, kSoldiers});
        } while (std::next_permutation(choose.begin(), choose.end()));
    } while (std::next_permutation(pick.begin(), pick.end()));
    return all;
}

}  // namespace

TEST_CASE("every placement in the tables satisfies the race equations") {
    struct Board {
        int size, generals, soldiers;
    };
    for (const Board b : {Board{5, 2, 3}, Board{5, 1, 3}, Board{6, 2, 2}, Board{5, 3, 2}}) {
        CAPTURE(b.size);
        CAPTURE(b.generals);
        Tablebase tables(b.size, b.generals);
        tables.build(b.soldiers);
        REQUIRE(tables.max_soldiers() == b.soldiers);
        // The placements by their own enumeration, not the tables' index.
        std::size_t listed = 0;
        std::size_t won = 0;
        for (int soldiers = 0; soldiers <= b.soldiers; ++soldiers) {
            for (const Placement& p : every_placement(b.size, b.generals, soldiers)) {
                REQUIRE(tables.covers(p));
                const RaceDistances d = tables.distances(p);
                won += d.to_generals_win < kNeverInTime || d.to_soldiers_win < kNeverInTime;
                ++listed;
            }
        }
        CHECK(listed == tables.placements());
        CHECK(won > 0);  // the equations are not only checked on "never"
        const TableCheck check = check_tables(tables, 2);
        CHECK(check.checked == tables.placements());
        CHECK(check.wrong == 0);
    }
}

TEST_CASE("the check finds a wrong distance") {
    Tablebase built(5, 2);
    built.build(2);
    const std::string path = "soldiers_table_check_test.tables";
    REQUIRE(built.save(path).ok());
    // The generals' distance of one placement with 2 soldiers, moved by one.
    const Placement p = placement_of(position("5/5/2S2/5/S1GG1 s 0 1"));
    const std::uint64_t offset =
        64 + 2 * (built.layer_placements(0) + built.layer_placements(1)) + built.index_in_layer(p);
    std::fstream file(path, std::ios::binary | std::ios::in | std::ios::out);
    file.seekg(static_cast<std::streamoff>(offset));
    const char was = static_cast<char>(file.get());
    file.seekp(static_cast<std::streamoff>(offset));
    file.put(static_cast<char>(was + 1));
    file.close();
    auto loaded = Tablebase::load(path);
    REQUIRE(loaded.ok());
    const TableCheck check = check_tables(loaded.value(), 1);
    CHECK(check.wrong >= 1);
    REQUIRE_FALSE(check.examples.empty());
    std::remove(path.c_str());
}

TEST_CASE("the tables answer as the solver does") {
    // The solver explores everything a position reaches, a second or so for 2 generals and 3
    // soldiers, so most samples have fewer pieces.
    struct Sample {
        int generals, soldiers, trials;
    };
    std::mt19937 random(7);
    for (const Sample sample : {Sample{1, 3, 15}, Sample{2, 2, 15}, Sample{2, 3, 3}}) {
        Tablebase tables(5, sample.generals);
        tables.build(sample.soldiers);
        const std::vector<Placement> all = every_placement(5, sample.generals, sample.soldiers);
        for (int trial = 0; trial < sample.trials; ++trial) {
            const Placement p = all[random() % all.size()];
            Position root = position_of(p, 5);
            root.quiet_plies = static_cast<std::uint8_t>(random() % 101);
            CAPTURE(format_position(root));
            const Solution by_solver = solve(root);
            const Solution by_tables = solve_with_tables(root, tables);
            REQUIRE(by_solver.solved);
            REQUIRE(by_tables.solved);
            CHECK(by_tables.value == by_solver.value);
            CHECK(by_tables.distance == by_solver.distance);
            REQUIRE(by_tables.moves.size() == by_solver.moves.size());
            for (std::size_t i = 0; i < by_tables.moves.size(); ++i) {
                CHECK(by_tables.moves[i].move == by_solver.moves[i].move);
                CHECK(by_tables.moves[i].value == by_solver.moves[i].value);
                CHECK(by_tables.moves[i].distance == by_solver.moves[i].distance);
            }
        }
    }
    Tablebase tables(5, 2);
    tables.build(1);
    // The endgames whose values the solver tests establish.
    CHECK(solve_with_tables(position("5/5/2S2/5/1GG2 s 1 1"), tables).distance == 20);
    CHECK(solve_with_tables(position("5/5/2S2/5/1GG2 s 90 1"), tables).value == Value::draw);
}

TEST_CASE("the tables say what they cover") {
    Tablebase tables(5, 2);
    CHECK(tables.max_soldiers() == -1);
    tables.build(2);
    const Position two = position("5/5/2S2/2S2/1G1G1 g 0 1");
    CHECK(tables.covers(placement_of(two)));
    CHECK_FALSE(tables.covers(placement_of(position("5/5/2S2/2S2/1G3 g 0 1"))));     // 1 general
    CHECK_FALSE(tables.covers(placement_of(position("5/5/2S2/1SS2/1G1G1 g 0 1"))));  // 3 soldiers
    CHECK(tables.bytes_needed(2) == 2 * tables.placements() + 2 * 2 * 300 * 253);
    // Building further keeps the layers built and adds the next.
    tables.build(3);
    CHECK(tables.max_soldiers() == 3);
    CHECK(tables.placements() == 2 * 300 * (1 + 23 + 253 + 1771));
}

TEST_CASE("tables written to a file read back the same, and bad files are refused") {
    Tablebase built(5, 2);
    built.build(2);
    const std::string path = "soldiers_tablebase_test.tables";
    REQUIRE(built.save(path).ok());
    auto loaded = Tablebase::load(path);
    REQUIRE(loaded.ok());
    const Tablebase& tables = loaded.value();
    CHECK(tables.from_file());
    CHECK(tables.max_soldiers() == 2);
    CHECK(tables.placements() == built.placements());
    std::size_t different = 0;
    for (int soldiers = 0; soldiers <= 2; ++soldiers) {
        for (const Placement& p : every_placement(5, 2, soldiers)) {
            const RaceDistances a = built.distances(p);
            const RaceDistances b = tables.distances(p);
            different +=
                a.to_generals_win != b.to_generals_win || a.to_soldiers_win != b.to_soldiers_win;
        }
    }
    CHECK(different == 0);

    // Cut short, one byte too many, not tables at all, missing.
    std::string bytes;
    {
        std::ifstream in(path, std::ios::binary);
        bytes.assign(std::istreambuf_iterator<char>(in), {});
    }
    const auto load_bytes = [&](const std::string& content) {
        std::ofstream(path, std::ios::binary | std::ios::trunc) << content;
        return Tablebase::load(path);
    };
    CHECK(load_bytes(bytes.substr(0, bytes.size() - 1)).error().message.find("cut short") !=
          std::string::npos);
    CHECK(load_bytes(bytes + "x").error().message.find("more bytes") != std::string::npos);
    CHECK(load_bytes("SSSSS/SSSSS/5/1G1G1/5 g 0 1").error().message.find("not a Soldiers") !=
          std::string::npos);
    std::string impossible = bytes;
    impossible[20] = 9;  // a 9x9 board
    CHECK(load_bytes(impossible).error().message.find("impossible") != std::string::npos);
    std::remove(path.c_str());
    CHECK_FALSE(Tablebase::load(path).ok());
}

TEST_CASE("full strength plays from the tables, judging repetitions by the real history") {
    const search::TimeBudget no_limit;
    SUBCASE("a lost endgame: the slowest loss, and its whole line") {
        const auto perfect = perfect_move(position("5/5/2S2/5/1GG2 s 1 1"), no_limit);
        REQUIRE(perfect);
        CHECK(perfect->value == Value::loss);
        CHECK(perfect->line.size() == 20);
        CHECK(format_move(perfect->move) == "c3-c4");
    }
    SUBCASE("no tables when building them would take too much of the move's time") {
        search::TimeBudget tight;
        tight.is_limited = true;
        tight.soft = sente::Milliseconds{1};
        tight.hard = sente::Milliseconds{1};
        CHECK_FALSE(perfect_move(position("5/5/SSS2/SS3/1G1G1 g 0 1"), tight));
        // The start position is far beyond what is built on the spot.
        CHECK_FALSE(perfect_move(start_position(6), no_limit));
    }
    SUBCASE("the losing side takes a draw by repetition that the tables do not know of") {
        sente::Session session;
        REQUIRE(session.select_game("soldiers").ok());
        REQUIRE(session.set_level(10).ok());
        REQUIRE(session.set_position("5/5/2S2/5/1GG2 g 0 1").ok());
        // The generals waste time: the same four plies, then three of them once more.
        for (const char* move : {"b1-a1", "c3-c4", "a1-b1", "c4-c3", "b1-a1", "c3-c4", "a1-b1"}) {
            REQUIRE(session.play(move).ok());
        }
        const auto tables_say = perfect_move(position("5/2S2/5/5/1GG2 s 7 1"), no_limit);
        REQUIRE(tables_say);
        CHECK(tables_say->value == Value::loss);
        // c4-c3 now makes the third occurrence of a position; the tables call it lost.
        const auto report = session.genmove(sente::Color::black);
        REQUIRE(report.ok());
        CHECK(report.value().move == "c4-c3");
        CHECK(session.outcome().over);
        CHECK_FALSE(session.outcome().winner);
    }
}
