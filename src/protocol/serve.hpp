#pragma once

// What the three protocol front ends share around their commands: the loop that feeds them
// lines, and the interrupt that lets a controller stop a running search.

#include <functional>
#include <ostream>
#include <string_view>

#include "protocol/line_reader.hpp"

namespace sente::protocol {

// What the three front ends share: the loop that reads their input and feeds it to them line
// by line, until they are done (quit, END) or the input ends. Input is read on a second thread
// (LineReader), so that a line a protocol treats as an interrupt stops a running search.
class FrontEnd {
  public:
    // Replies go to `out`.
    explicit FrontEnd(std::ostream& out) : out_(out) {}
    virtual ~FrontEnd() = default;
    FrontEnd(const FrontEnd&) = delete;
    FrontEnd& operator=(const FrontEnd&) = delete;

    // Reads and answers commands from `fd`; returns the exit status.
    int run(int fd);
    // The same on a reader that is already running (a bare `sente` that looked at the first
    // line to choose its protocol).
    int run(LineReader& reader);

    // Answers one input line. False once the protocol's last command (quit, END) was answered.
    virtual bool handle_line(std::string_view line) = 0;

  protected:
    // While run() reads input: the reader, for an InterruptGuard. nullptr when the front end is
    // driven line by line, as the tests do.
    LineReader* reader() const { return reader_; }
    std::ostream& out() const { return out_; }
    // Writes one reply line and flushes it, as every protocol wants each reply at once.
    void say(std::string_view line);

  private:
    // Whether a CR alone ends a line (Gomocup allows CR, LF or CRLF).
    virtual bool cr_ends_lines() const { return false; }
    // A line longer than kMaxLineLength arrived instead of a command: each protocol has its own
    // way of refusing it.
    virtual void refuse_long_line() = 0;
    // Called (on the reader's thread) once the input has ended, while run() reads it: no line
    // can interrupt a search any more.
    virtual void input_ended() {}
    // The status run() returns once the input is over: 0, or 1 when replies could not be written.
    virtual int exit_status() { return out_ ? 0 : 1; }

    std::ostream& out_;
    LineReader* reader_ = nullptr;
};

// For the life of a search: `reader` (none when the front end was driven without one, as the
// tests do) calls `stop` when a line `is_interrupt` accepts. The handler is cleared however the
// search ends, so that it never outlives the search.
class InterruptGuard {
  public:
    InterruptGuard(LineReader* reader, std::function<void()> stop,
                   std::function<bool(std::string_view)> is_interrupt = {});
    ~InterruptGuard();
    InterruptGuard(const InterruptGuard&) = delete;
    InterruptGuard& operator=(const InterruptGuard&) = delete;

  private:
    LineReader* reader_;
};

}  // namespace sente::protocol
