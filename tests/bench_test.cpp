// `sente bench`: its own positions files (--positions), read and searched like the built-in ones.

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <unistd.h>

#include "sente/session.hpp"
#include "tools/bench.hpp"

using namespace sente;

namespace {

// A file in the temporary directory, named after the process (tests may run in parallel) and
// removed when the test is done with it.
class TempFile {
  public:
    explicit TempFile(const std::string& text)
        : path_((std::filesystem::temp_directory_path() /
                 ("sente-bench-test-" + std::to_string(getpid()) + "-" +
                  std::to_string(next_number_++) + ".txt"))
                    .string()) {
        std::ofstream(path_) << text;
    }
    ~TempFile() { std::filesystem::remove(path_); }
    TempFile(const TempFile&) = delete;
    TempFile& operator=(const TempFile&) = delete;
    const std::string& path() const { return path_; }

  private:
    static inline int next_number_ = 0;
    std::string path_;
};

int count_of(const std::string& text, const std::string& part) {
    int count = 0;
    for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++count;
    return count;
}

}  // namespace

TEST_CASE("a bench positions file: one position a line, comments and blank lines skipped") {
    const TempFile file(
        "# two Othello positions\n"
        "\n"
        "---------------------------OX------XO--------------------------- X  # the start\n"
        "   ---------------------------OX------XXX-------------------------- O\r\n");
    const auto positions = tools::read_bench_positions(file.path());
    REQUIRE(positions);
    REQUIRE(positions->size() == 2);
    CHECK((*positions)[0] == "---------------------------OX------XO--------------------------- X");
    CHECK((*positions)[1] == "---------------------------OX------XXX-------------------------- O");
}

TEST_CASE("a bench positions file that is missing or holds no position is an error") {
    CHECK_FALSE(tools::read_bench_positions("/nonexistent/sente-bench-positions.txt"));
    const TempFile comments_only("# nothing here\n\n   \n");
    const auto empty = tools::read_bench_positions(comments_only.path());
    REQUIRE_FALSE(empty);
    CHECK(empty.error().message.find("no positions") != std::string::npos);
}

TEST_CASE("bench searches the positions it is given, and stops at a broken one") {
    Session session;
    const TempFile file(
        "---------------------------OX------XO--------------------------- X\n"
        "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X\n");
    const auto positions = tools::read_bench_positions(file.path());
    REQUIRE(positions);
    std::ostringstream out;
    CHECK(tools::bench(session, 3, out, *positions) == 0);
    CHECK(out.str().find("bench othello: 2 positions, depth 3") != std::string::npos);
    CHECK(count_of(out.str(), "\n  1  ") == 1);
    CHECK(count_of(out.str(), "\n  2  ") == 1);
    CHECK(out.str().find("signature") != std::string::npos);

    const std::vector<std::string> broken = {
        "---------------------------OX------XO--------------------------- X", "not a board"};
    std::ostringstream broken_out;
    CHECK(tools::bench(session, 3, broken_out, broken) == 1);
    CHECK(broken_out.str().find("bench position 2 is broken") != std::string::npos);
}

TEST_CASE("the repository's Othello middle-game bench file reads and every position is legal") {
    const auto positions =
        tools::read_bench_positions(SENTE_TEST_DATA "/../../scripts/bench/othello-midgame.txt");
    REQUIRE(positions);
    CHECK(positions->size() == 60);
    Session session;
    for (const auto& text : *positions) CHECK(session.set_position(text));
}

TEST_CASE("the repository's Gomoku openings bench file reads: ten open positions, white to move") {
    const auto positions =
        tools::read_bench_positions(SENTE_TEST_DATA "/../../scripts/bench/gomoku-openings.txt");
    REQUIRE(positions);
    CHECK(positions->size() == 10);
    Session session;
    REQUIRE(session.select_game("gomoku"));
    for (const auto& text : *positions) {
        CAPTURE(text);
        CHECK(session.set_position(text));
        CHECK_FALSE(session.outcome().over);
        CHECK(session.side_to_move() == Color::white);
    }
}
