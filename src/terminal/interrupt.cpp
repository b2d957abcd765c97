#include "terminal/interrupt.hpp"

namespace sente::terminal {

namespace {

// Set while a search runs; read by the signal handler.
std::atomic<Session*> thinking_session{nullptr};
std::atomic<bool> search_interrupted{false};
std::atomic<bool> quit{false};
static_assert(std::atomic<Session*>::is_always_lock_free && std::atomic<bool>::is_always_lock_free,
              "the SIGINT handler may only touch lock-free atomics");

// A C function, as a signal handler should be; static, so that the two builds of a portable
// binary (CMakeLists.txt) each keep their own.
extern "C" {
static void on_sigint(int) {
    if (Session* session = thinking_session.load()) {
        session->request_stop();  // a lock-free atomic store inside
        search_interrupted.store(true);
    } else {
        quit.store(true);
    }
}
}

}  // namespace

CtrlC::CtrlC() : handler_((quit.store(false), on_sigint)) {}

CtrlC::~CtrlC() = default;

bool CtrlC::quit_requested() { return quit.load(); }

CtrlC::Thinking::Thinking(Session& session) {
    search_interrupted.store(false);
    thinking_session.store(&session);
}

CtrlC::Thinking::~Thinking() { thinking_session.store(nullptr); }

bool CtrlC::Thinking::interrupted() const { return search_interrupted.load(); }

}  // namespace sente::terminal
