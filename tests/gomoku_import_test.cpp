// `sente train gomoku-import`: another engine's data set lines become gomoku-selfplay's lines,
// with the engine's coordinates (row 1 at the top) turned into sente's and every bad line
// stopping the import with its place.

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <unistd.h>

#include <fmt/format.h>

#include "games/gomoku/eval.hpp"
#include "games/gomoku/notation.hpp"
#include "games/gomoku/position.hpp"
#include "tools/gomoku_import.hpp"

namespace g = sente::gomoku;

namespace {

struct Imported {
    int status = 0;
    std::vector<std::string> lines;
    std::string errors;
};

Imported import_lines(const std::string& text, const std::string& game = "gomoku", int size = 15) {
    // Named after the process: CTest runs each test case as its own process, in parallel.
    const auto dir = std::filesystem::temp_directory_path() /
                     ("sente-gomoku-import-test-" + std::to_string(getpid()));
    std::filesystem::create_directories(dir);
    const auto input = dir / "data.txt";
    const auto output = dir / "positions.txt";
    std::ofstream(input) << text;
    sente::tools::GomokuImportOptions options;
    options.inputs = {input.string()};
    options.output = output.string();
    options.game = game;
    options.size = size;
    std::ostringstream out, err;
    Imported imported;
    imported.status = sente::tools::gomoku_import(options, out, err);
    imported.errors = err.str();
    std::ifstream written(output);
    for (std::string line; std::getline(written, line);) imported.lines.push_back(line);
    std::filesystem::remove_all(dir);
    return imported;
}

// The line gomoku-selfplay would write for the position of `text` (sente's own notation).
std::string expected_line(const std::string& text, int score, const std::string& result,
                          g::Rule rule = g::Rule::freestyle) {
    auto pos = g::parse_position(text, rule);
    REQUIRE(pos);
    g::Position position = *pos;
    g::attach_network(position, nullptr);
    return fmt::format("{} {} {} {}", text, score, result, g::evaluate(position));
}

}  // namespace

TEST_CASE("gomoku-import: the engine's moves, row 1 at the top, become sente's positions") {
    // H8 is the centre either way; I9 is x 8 (sente's column J, since GTP letters skip I) and
    // row 9 from the top, which is row 7 from the bottom; J10 is x 9 (K), row 6 from the bottom.
    const auto imported = import_lines(
        "15,Freestyle,H8I9,2,J10(57)\n"
        "\n"
        "15,Freestyle,H8I9J10,0,A1(-120)|B2(-130)\n");
    REQUIRE_MESSAGE(imported.status == 0, imported.errors);
    REQUIRE(imported.lines.size() == 2);
    CHECK(imported.lines[0] ==
          expected_line("15/15/15/15/15/15/15/7x7/8o6/15/15/15/15/15/15 b", 57, "1"));
    CHECK(imported.lines[1] ==
          expected_line("15/15/15/15/15/15/15/7x7/8o6/9x5/15/15/15/15/15 w", -120, "0"));
}

TEST_CASE("gomoku-import: proven evaluations become sente's proven scores, draws a half") {
    const auto imported = import_lines(
        "15,Freestyle,H8I9,1,J10(29995)\n"
        "15,Freestyle,H8I9J10,1,A1(-29990)\n");
    REQUIRE_MESSAGE(imported.status == 0, imported.errors);
    REQUIRE(imported.lines.size() == 2);
    CHECK(imported.lines[0] ==
          expected_line("15/15/15/15/15/15/15/7x7/8o6/15/15/15/15/15/15 b", 30000, "0.5"));
    CHECK(imported.lines[1] ==
          expected_line("15/15/15/15/15/15/15/7x7/8o6/9x5/15/15/15/15/15 w", -30000, "0.5"));
}

TEST_CASE("gomoku-import: a move without the engine's evaluation is left out and counted") {
    // The engine writes no "(EVAL)" where its search gave no value (a forced move).
    const auto imported = import_lines(
        "15,Freestyle,H8I9,2,J10\n"
        "15,Freestyle,H8I9J10,0,A1(-120)\n");
    REQUIRE_MESSAGE(imported.status == 0, imported.errors);
    REQUIRE(imported.lines.size() == 1);
    CHECK(imported.lines[0] ==
          expected_line("15/15/15/15/15/15/15/7x7/8o6/9x5/15/15/15/15/15 w", -120, "0"));
    CHECK(imported.errors.find("1 positions without the engine's evaluation left out") !=
          std::string::npos);
}

TEST_CASE("gomoku-import: renju data under the renju rule") {
    const auto imported = import_lines("15,Renju,H8I9,2,J10(5)\n", "renju");
    REQUIRE_MESSAGE(imported.status == 0, imported.errors);
    REQUIRE(imported.lines.size() == 1);
    CHECK(imported.lines[0] == expected_line("15/15/15/15/15/15/15/7x7/8o6/15/15/15/15/15/15 b", 5,
                                             "1", g::Rule::renju));
}

TEST_CASE("gomoku-import: a bad line stops the import and names its place") {
    struct Case {
        std::string line;
        std::string reason;
    };
    const std::vector<Case> cases = {
        {"15,Renju,H8I9,2,J10(57)", "rule Renju, not freestyle"},
        {"20,Freestyle,H8I9,2,J10(57)", "size 20, not 15"},
        {"15,Freestyle,H8H8,2,J10(57)", "h8 is not empty"},
        {"15,Freestyle,H8P9,2,J10(57)", "off the 15 x 15 board"},
        {"15,Freestyle,H8I9,3,J10(57)", "the result must be 0, 1 or 2"},
        {"15,Freestyle,H8I9,2,J10(x)", "(EVAL) is not a number"},
        {"15,Freestyle,H8I9,2,J10(57", "(EVAL) is not a number"},
        {"15,Freestyle,H8i9,2,J10(5)", "the moves do not parse"},
        {"15,Freestyle,H8I9,2", "SIZE,RULE,MOVES,RESULT,MOVE(EVAL)"},
        // Black's five on row 8 ends the game before white's last stone.
        {"15,Freestyle,A8A1B8B1C8C1D8D1E8E1,2,F1(5)", "over"},
    };
    for (const Case& c : cases) {
        CAPTURE(c.line);
        const auto imported = import_lines("15,Freestyle,H8,1,I9(0)\n" + c.line + "\n");
        CHECK(imported.status == 1);
        CHECK(imported.errors.find("data.txt:2: ") != std::string::npos);
        CHECK(imported.errors.find(c.reason) != std::string::npos);
    }
}
