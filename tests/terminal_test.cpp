// The terminal game's Ctrl-C: while sente thinks it makes sente move at once and the game goes
// on; at other times it ends the game cleanly. Without the handler the first SIGINT would kill
// this test; with a handler that did not stop the search, the first move (ten minutes allowed)
// would run into the test's time-out.

#include <doctest/doctest.h>

#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <sstream>
#include <thread>

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
