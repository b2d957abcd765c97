// The terminal game: undo, redo and swap through scripted input, and Ctrl-C. While sente thinks,
// Ctrl-C makes it move at once and the game goes on; at other times it ends the game cleanly.
// Without the handler the first SIGINT would kill this test; with a handler that did not stop
// the search, the first move (ten minutes allowed) would run into the test's time-out.

#include <doctest/doctest.h>

#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

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
    const int status = sente::terminal::play(session, sente::terminal::Seats::engines, in, out);
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
    CHECK(sente::terminal::play(session, seats, in, out) == 0);
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
