#pragma once

// Ctrl-C in the terminal game. While sente thinks, Ctrl-C makes it play the best move found so
// far (the program goes on); at any other time it ends the game like `quit`. The handler only
// does async-signal-safe work: a lock-free atomic store.

#include <atomic>

#include "platform/platform.hpp"
#include "sente/session.hpp"

namespace sente::terminal {

class CtrlC {
  public:
    // Installs the handler for SIGINT; the destructor puts the previous one back.
    CtrlC();
    ~CtrlC();
    CtrlC(const CtrlC&) = delete;
    CtrlC& operator=(const CtrlC&) = delete;

    // While an object of this type lives, Ctrl-C stops `session`'s search.
    class Thinking {
      public:
        explicit Thinking(Session& session);
        ~Thinking();
        Thinking(const Thinking&) = delete;
        Thinking& operator=(const Thinking&) = delete;
        // Whether Ctrl-C cut this search short.
        bool interrupted() const;
    };

    // Whether Ctrl-C came while sente was not thinking (the person wants to leave).
    static bool quit_requested();

  private:
    platform::CtrlCHandler handler_;
};

}  // namespace sente::terminal
