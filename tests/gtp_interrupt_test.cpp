// The GTP front end reading from a real file descriptor: "# interrupt" and the end of input stop
// a search that would otherwise never end, and genmove still answers a legal move.

#include <doctest/doctest.h>
#include <unistd.h>

#include <chrono>
#include <sstream>
#include <string>
#include <thread>

#include "protocol/gtp.hpp"
#include "sente/session.hpp"

namespace {

// A session whose genmove searches until stopped: full strength, no clock, depth 100.
sente::Session endless_session() {
    sente::EngineSettings settings;
    settings.threads = 2;
    settings.hash_mb = 4;
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

TEST_CASE("the end of input stops a running search and ends the session") {
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
