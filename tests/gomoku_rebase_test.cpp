// `sente train gomoku-rebase`: position files get this build's built-in evaluation in place of
// the one they were written with, every other field kept, and a bad line stops it with its place.

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
#include "tools/gomoku_rebase.hpp"

namespace g = sente::gomoku;

namespace {

struct Rebased {
    int status = 0;
    std::vector<std::string> lines;
    std::string errors;
};

Rebased rebase_lines(const std::string& text, const std::string& game) {
    // Named after the process: CTest runs each test case as its own process, in parallel.
    const auto dir = std::filesystem::temp_directory_path() /
                     ("sente-gomoku-rebase-test-" + std::to_string(getpid()));
    std::filesystem::create_directories(dir);
    const auto input = dir / "old.txt";
    const auto output = dir / "new.txt";
    std::ofstream(input) << text;
    sente::tools::GomokuRebaseOptions options;
    options.inputs = {input.string()};
    options.output = output.string();
    options.game = game;
    std::ostringstream out, err;
    Rebased rebased;
    rebased.status = sente::tools::gomoku_rebase(options, out, err);
    rebased.errors = err.str();
    std::ifstream written(output);
    for (std::string line; std::getline(written, line);) rebased.lines.push_back(line);
    std::filesystem::remove_all(dir);
    return rebased;
}

int built_in(const std::string& text, g::Rule rule) {
    auto pos = g::parse_position(text, rule);
    REQUIRE(pos);
    g::Position position = *pos;
    g::attach_network(position, nullptr);
    return g::evaluate(position);
}

}  // namespace

TEST_CASE("gomoku-rebase: the built-in evaluation is written again, the rest kept") {
    // Black's stone on the empty D8 makes five in freestyle and an overline in renju: the
    // rule given is the one the position is evaluated under.
    const std::string position = "o13o/15/15/15/15/15/15/xxx1xx9/15/15/15/15/15/15/o13o w";
    const int renju = built_in(position, g::Rule::renju);
    const auto rebased =
        rebase_lines(position + " 57 1 12345\n\n" + position + " -30 0.5 0 1.25\n", "renju");
    REQUIRE_MESSAGE(rebased.status == 0, rebased.errors);
    REQUIRE(rebased.lines.size() == 2);
    CHECK(rebased.lines[0] == fmt::format("{} 57 1 {}", position, renju));
    CHECK(rebased.lines[1] == fmt::format("{} -30 0.5 {} 1.25", position, renju));
    CHECK(renju != built_in(position, g::Rule::freestyle));
}

TEST_CASE("gomoku-rebase: a line that is not a position stops it with its place") {
    const std::string position = "15/15/15/15/15/15/15/7x7/15/15/15/15/15/15/15 w";
    const auto short_line = rebase_lines(position + " 5 1 0\n" + position + " 5 1\n", "gomoku");
    CHECK(short_line.status == 1);
    CHECK(short_line.errors.find("old.txt:2: not a position line") != std::string::npos);
    const auto bad_board = rebase_lines("15/15/x 0 b 5 1 0\n", "gomoku");
    CHECK(bad_board.status == 1);
    CHECK(bad_board.errors.find("old.txt:1:") != std::string::npos);
    CHECK(rebase_lines(position + " 5 1 0\n", "chess").status == 1);
}
