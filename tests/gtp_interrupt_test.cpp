// The GTP front end reading from a real file descriptor: "# interrupt" and the end of input stop
// a search that would otherwise never end, and genmove still answers a legal move; the end of
// input leaves a search with a time limit to finish.

#include <doctest/doctest.h>
#include <unistd.h>

#include <chrono>
#include <sstream>
#include <string>
#include <thread>

#include "protocol/gtp.hpp"
#include "sente/session.hpp"

namespace {

// A session whose genmove searches until stopped: full strength, no clock, depth 100, and no
// opening book to answer without a search.
sente::Session endless_session() {
    sente::EngineSettings settings;
    settings.threads = 2;
    settings.hash_mb = 4;
    settings.book = false;
    sente::Session session(settings);
    sente::SearchLimits limits;
    limits.depth = 100;
    session.set_limits(limits);
    return session;
}

void send(int fd, const std::string& text) {
    REQUIRE(write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size()));
}

}  // namespace

TEST_CASE("'# interrupt' stops genmove, which answers its best move so far") {
    sente::Session session = endless_session();
    std::ostringstream out;
    std::ostringstream log;
    sente::gtp::Engine engine(session, out, &log);
    int pipe_fds[2];
    REQUIRE(pipe(pipe_fds) == 0);
    send(pipe_fds[1], "genmove b\n");
    // Interrupt for a second: an interrupt before the search starts or after it ends is a
    // comment and changes nothing. Without interrupts the search would never end.
    std::thread gui([&] {
        for (int i = 0; i < 20; ++i) {
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
            send(pipe_fds[1], "# interrupt\n");
        }
        send(pipe_fds[1], "gogui-rules_side_to_move\nquit\n");
    });
    CHECK(engine.run(pipe_fds[0]) == 0);
    gui.join();
    close(pipe_fds[0]);
    close(pipe_fds[1]);
    const std::string replies = out.str();
    const bool legal = replies.rfind("= D3\n\n", 0) == 0 || replies.rfind("= C4\n\n", 0) == 0 ||
                       replies.rfind("= F5\n\n", 0) == 0 || replies.rfind("= E6\n\n", 0) == 0;
    CHECK_MESSAGE(legal, replies);
    CHECK(replies.find("= white\n\n=\n\n") != std::string::npos);
    CHECK(log.str().find("move ") != std::string::npos);
}

TEST_CASE("the end of input stops a search limited only by depth, and ends the session") {
    sente::Session session = endless_session();
    std::ostringstream out;
    sente::gtp::Engine engine(session, out, nullptr);
    int pipe_fds[2];
    REQUIRE(pipe(pipe_fds) == 0);
    send(pipe_fds[1], "play b d3\ngenmove w\n");
    std::thread gui([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
        close(pipe_fds[1]);  // the GUI goes away in the middle of the search
    });
    CHECK(engine.run(pipe_fds[0]) == 0);
    gui.join();
    close(pipe_fds[0]);
    CHECK(out.str().rfind("=\n\n= ", 0) == 0);  // the move was answered before leaving
}

TEST_CASE("the end of input leaves a search with a time limit to finish it") {
    // A script pipes its commands in and closes its input at once: the answer is still the
    // move of a full search, not the first legal move stopped short. The end of input may
    // arrive before the search starts or while it runs.
    sente::Session session = endless_session();
    sente::SearchLimits limits;
    limits.movetime = sente::Milliseconds{1000};  // the depth 100 as well: the time decides
    limits.depth = 100;
    session.set_limits(limits);
    std::ostringstream out;
    sente::gtp::Engine engine(session, out, nullptr);
    int pipe_fds[2];
    REQUIRE(pipe(pipe_fds) == 0);
    send(pipe_fds[1], "play b d3\ngenmove w\nquit\n");
    int close_after_ms = 0;
    SUBCASE("before the search") { close_after_ms = 0; }
    SUBCASE("during the search") { close_after_ms = 200; }
    std::thread script([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(close_after_ms));
        close(pipe_fds[1]);
    });
    const auto start = std::chrono::steady_clock::now();
    CHECK(engine.run(pipe_fds[0]) == 0);
    const auto used = std::chrono::steady_clock::now() - start;
    script.join();
    close(pipe_fds[0]);
    CHECK(out.str().rfind("=\n\n= ", 0) == 0);
    CHECK(out.str().find("=\n\n", 7) != std::string::npos);  // quit was answered after it
    // Half the move time at least (the time manager starts no iteration past that); stopped at
    // the end of input it answered within milliseconds of it.
    CHECK(used >= std::chrono::milliseconds(400));
}
