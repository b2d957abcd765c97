// The terminal game: undo, redo and swap through scripted input, and Ctrl-C. While sente thinks,
// Ctrl-C makes it move at once and the game goes on; at other times it ends the game cleanly.
// Without the handler the first SIGINT would kill this test; with a handler that did not stop
// the search, the first move (ten minutes allowed) would run into the test's time-out.

#include <doctest/doctest.h>

#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "terminal/analysis_board.hpp"
#include "terminal/menu.hpp"
#include "terminal/play.hpp"

namespace {

std::atomic<int> sigints_after_play{0};
extern "C" void count_sigint(int) { sigints_after_play.fetch_add(1); }

}  // namespace

TEST_CASE("Ctrl-C makes the thinking engine move now, and ends the game between moves") {
    // The test's own handler is in place before and after play(), so that no SIGINT of the
    // sending thread can end the test process.
    struct sigaction mine {
    }, previous{};
    mine.sa_handler = count_sigint;
    sigemptyset(&mine.sa_mask);
    sigaction(SIGINT, &mine, &previous);

    sente::EngineSettings settings;
    settings.limits.movetime = sente::Milliseconds{10 * 60 * 1000};
    sente::Session session(settings);
    std::istringstream in("n\n");
    std::ostringstream out;

    std::atomic<bool> done{false};
    std::thread ctrl_c([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
        while (!done.load()) {
            kill(getpid(), SIGINT);
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
    });
    const int status = sente::terminal::play(session, {sente::terminal::Seats::engines}, in, out);
    done.store(true);
    ctrl_c.join();
    sigaction(SIGINT, &previous, nullptr);

    CHECK(status == 0);
    const std::string text = out.str();
    CAPTURE(text);
    CHECK(text.find("plays") != std::string::npos);
    CHECK(text.find("interrupted") != std::string::npos);
}

namespace {

// Plays a scripted terminal session and returns what it printed.
std::string run_terminal(sente::Session& session, sente::terminal::Seats seats,
                         const std::string& input) {
    std::istringstream in(input);
    std::ostringstream out;
    CHECK(sente::terminal::play(session, {seats}, in, out) == 0);
    return out.str();
}

std::vector<std::string> moves(std::initializer_list<const char*> list) {
    return {list.begin(), list.end()};
}

}  // namespace

TEST_CASE("undo and redo walk back and forth through the game; a new move drops the redo") {
    sente::Session session;
    const std::string text = run_terminal(session, sente::terminal::Seats::humans,
                                          "d3\nc5\nundo\nundo\nredo\nredo\nredo\nquit\n");
    CHECK(session.history() == moves({"d3", "c5"}));
    CHECK(text.find("Nothing to redo.") != std::string::npos);

    sente::Session other;
    const std::string dropped =
        run_terminal(other, sente::terminal::Seats::humans, "d3\nundo\nc4\nredo\nquit\n");
    CHECK(other.history() == moves({"c4"}));
    CHECK(dropped.find("Nothing to redo.") != std::string::npos);
}

TEST_CASE("against sente, undo takes back its answer too and redo plays both again") {
    sente::EngineSettings settings;
    settings.limits.depth = 1;
    sente::Session session(settings);
    run_terminal(session, sente::terminal::Seats::human_black, "d3\nundo\nredo\nquit\n");
    const auto history = session.history();
    REQUIRE(history.size() == 2);  // our d3 and sente's answer, replayed
    CHECK(history[0] == "d3");
}

TEST_CASE("swap gives sente the side to move, and it plays at once") {
    sente::EngineSettings settings;
    settings.limits.depth = 1;
    sente::Session session(settings);
    const std::string text =
        run_terminal(session, sente::terminal::Seats::human_black, "swap\nquit\n");
    CHECK(text.find("You now play white.") != std::string::npos);
    CHECK(session.history().size() == 1);  // sente, now black, opened the game
}

TEST_CASE("save and load write and read SGF files, keeping the file name's case") {
    const std::string path = "Terminal_Test_Game.sgf";
    sente::Session session;
    const std::string saved = run_terminal(
        session, sente::terminal::Seats::humans,
        "d3\nc5\nsave " + path + "\nnew\nload " + path + "\nload no-such-file.sgf\nquit\n");
    CHECK(saved.find("Saved to " + path + ".") != std::string::npos);
    CHECK(saved.find("Loaded " + path) != std::string::npos);
    CHECK(saved.find("Cannot load: cannot open no-such-file.sgf.") != std::string::npos);
    CHECK(session.history() == moves({"d3", "c5"}));
    std::remove(path.c_str());
}

TEST_CASE("resign ends the game for the side that gives up") {
    sente::Session session;
    const std::string text =
        run_terminal(session, sente::terminal::Seats::humans, "d3\nresign\nn\n");
    CHECK(text.find("white resigned: black won.") != std::string::npos);
}

TEST_CASE("Soldiers: a point shows where its piece can go, and the target alone moves it") {
    sente::Session session;
    REQUIRE(session.select_game("soldiers"));
    const std::string text =
        run_terminal(session, sente::terminal::Seats::humans, "b2\nb3\nc4\nquit\n");
    CHECK(text.find("b2 can go to b4 b3 b1 c2 a2.") != std::string::npos);
    // In the selection's board the targets are marked and the capture target keeps its piece.
    CHECK(text.find(" 3 . * . . . 3") != std::string::npos);
    CHECK(text.find(" 2 * G * G . 2") != std::string::npos);
    // "c4" is no target of b2: it selects the soldier on c4 instead of being played.
    CHECK(session.history() == moves({"b2-b3"}));
    CHECK(text.find("c4 can go to c3") != std::string::npos);
    CHECK(text.find("soldiers> ") != std::string::npos);
}

TEST_CASE(
    "clocks: time used without a time control, time left with one, and a person out of "
    "time loses") {
    sente::Session session;
    const std::string used = run_terminal(session, sente::terminal::Seats::humans, "quit\n");
    CHECK(used.find("time used  black 0:0") != std::string::npos);

    sente::TimeControl sudden_death;
    sudden_death.kind = sente::TimeControl::Kind::absolute;
    sudden_death.main_time = sente::Milliseconds{5 * 60 * 1000};
    session.set_time_control(sudden_death);
    const std::string left = run_terminal(session, sente::terminal::Seats::humans, "quit\n");
    CHECK(left.find("clock  black 5:00  white 5:00") != std::string::npos);

    sudden_death.main_time = sente::Milliseconds{0};  // no time at all: the first input loses
    session.set_time_control(sudden_death);
    const std::string lost = run_terminal(session, sente::terminal::Seats::humans, "d3\nn\n");
    CHECK(lost.find("black ran out of time: white won.") != std::string::npos);
    CHECK(session.history().empty());
}

TEST_CASE("the menu sets game, size, level and seats, and asks again after a bad answer") {
    sente::Session session;
    std::istringstream in("5\n4\n9\nx\n11\n3\n\n");
    std::ostringstream out;
    const auto seats =
        sente::terminal::ask_setup(session, sente::terminal::Seats::human_white, in, out);
    REQUIRE(seats);
    CHECK(*seats == sente::terminal::Seats::human_white);  // Enter took the default
    CHECK(session.game().id == "renju");
    CHECK(session.board_size() == 9);
    CHECK(session.level() == 3);
    CHECK(out.str().find("Please answer with a number from 5 to 22.") != std::string::npos);
    CHECK(out.str().find("Please answer with a number from 1 to 10.") != std::string::npos);

    std::istringstream ended("2\n");
    CHECK_FALSE(
        sente::terminal::ask_setup(session, sente::terminal::Seats::human_black, ended, out));
}

TEST_CASE("the colour look draws the same board with colours and Unicode; plain has none") {
    for (const char* game : {"othello", "renju", "soldiers"}) {
        sente::Session session;
        REQUIRE(session.select_game(game));
        const auto first = session.legal_moves().front();
        REQUIRE(session.play(first));
        const sente::BoardView view = session.board_view();
        const std::string plain = sente::terminal::draw_board(view, sente::terminal::Look::plain);
        const std::string colour = sente::terminal::draw_board(view, sente::terminal::Look::colour);
        CAPTURE(game);
        CHECK(plain == session.render());
        CHECK(plain.find('\033') == std::string::npos);
        CHECK(colour.find("\033[48;5;") != std::string::npos);
        // Same lines, same text once the colours are gone; only the glyphs differ.
        std::string stripped;
        for (std::size_t i = 0; i < colour.size(); ++i) {
            if (colour[i] == '\033') {
                while (i < colour.size() && colour[i] != 'm') ++i;
            } else {
                stripped += colour[i];
            }
        }
        CHECK(std::count(stripped.begin(), stripped.end(), '\n') ==
              std::count(plain.begin(), plain.end(), '\n'));
        CHECK(stripped.find("last move") != std::string::npos);
        if (std::string_view(game) != "soldiers") CHECK(stripped.find("●") != std::string::npos);
    }
}

TEST_CASE("game over: the winner, the score where the game counts points, and another game") {
    sente::EngineSettings settings;
    settings.limits.depth = 1;
    sente::Session othello(settings);
    const std::string reversi = run_terminal(othello, sente::terminal::Seats::engines, "y\nn\n");
    // Two games (the answer y started the second), each announced with its score on a line of
    // its own (the board's notes say "Game over" too, after the row label).
    const auto first = reversi.find("\nGame over: ");
    REQUIRE(first != std::string::npos);
    CHECK(reversi.find("\nGame over: ", first + 1) != std::string::npos);
    CHECK(reversi.find(" to ", first) != std::string::npos);
    CHECK(reversi.find("Play again? [y/N] ") != std::string::npos);

    sente::Session soldiers(settings);
    REQUIRE(soldiers.select_game("soldiers"));
    const std::string text = run_terminal(soldiers, sente::terminal::Seats::engines, "n\n");
    const auto over = text.find("\nGame over: ");
    REQUIRE(over != std::string::npos);
    const std::string line = text.substr(over + 1, text.find('\n', over + 1) - over - 1);
    CHECK((line == "Game over: generals won." || line == "Game over: soldiers won." ||
           line == "Game over: a draw."));
}

TEST_CASE("hint N and analyse show the best moves' values on the board and as a list") {
    sente::EngineSettings settings;
    settings.limits.depth = 3;
    sente::Session session(settings);
    REQUIRE(session.set_level(8));
    const std::string text = run_terminal(session, sente::terminal::Seats::humans,
                                          "d3\nhint 2\nanalyse\nhint none\nhint 0\nquit\n");
    // After d3, white has c3, c5 and e3: hint 2 gives two exact values and the third as a
    // bound; analyse gives all three exactly. Nothing is played.
    CHECK(session.history() == moves({"d3"}));
    CHECK(text.find("white to move, depth 3:") != std::string::npos);
    const auto first = text.find("white to move, depth 3:");
    const auto second = text.find("white to move, depth 3:", first + 1);
    REQUIRE(second != std::string::npos);
    const std::string hint2 = text.substr(first, second - first);
    CHECK(std::count(hint2.begin(), hint2.end(), '<') == 1);
    const std::string all = text.substr(second);
    for (const char* move : {"c3", "c5", "e3"}) CHECK(all.find(move) != std::string::npos);
    CHECK(all.substr(0, all.find("Type 'hint N'")).find('<') == std::string::npos);
    // The board of values: the three moves' labels on their points, columns a-h above.
    CHECK(text.find("  a     b     c     d") != std::string::npos);
    CHECK(text.find("Type 'hint N' with a number N of moves, or 'hint all'.") != std::string::npos);
}

TEST_CASE("the board of move values fits a terminal: up to 15 points wide, else the list alone") {
    for (const int size : {15, 20}) {
        sente::Session session;
        REQUIRE(session.select_game("gomoku", size));
        REQUIRE(session.play("h8"));
        const std::vector<sente::MoveValue> values = {{"g7", 12, "+0.12", "+0.1", false, {"g7"}}};
        const std::string board = sente::terminal::draw_move_values(
            session.board_view(), values, true, sente::terminal::Look::plain);
        CAPTURE(size);
        if (size == 15) {
            CHECK(board.find("+0.1") != std::string::npos);
            std::size_t widest = 0;
            for (std::size_t start = 0; start < board.size();) {
                const std::size_t end = board.find('\n', start);
                widest = std::max(widest, end - start);
                start = end + 1;
            }
            CHECK(widest <= 100);
        } else {
            CHECK(board.empty());
        }
        CHECK(sente::terminal::list_move_values(values).find("g7") != std::string::npos);
    }
}
