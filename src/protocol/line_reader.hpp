#pragma once

// Reading protocol input: bounded lines from a file descriptor, on a thread of their own, so that
// a controller can interrupt a running search (GoGui sends the line "# interrupt", Gomocup
// managers END or STOP) and the end of input is noticed while a search runs.

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "platform/platform.hpp"

namespace sente::protocol {

// Longest line accepted. Real commands are short; this only guards memory against garbage.
inline constexpr std::size_t kMaxLineLength = 64 * 1024;

struct Line {
    std::string text;       // without the LF
    bool too_long = false;  // the line was longer than kMaxLineLength; its rest was dropped
};

// Cuts a byte stream into lines at LF, keeping at most kMaxLineLength bytes of each. With
// `cr_ends_lines` a CR ends a line too (CRLF counting once), as Gomocup allows CR, LF or CRLF.
class LineSplitter {
  public:
    void set_cr_ends_lines(bool on) { cr_ends_lines_ = on; }
    // Appends the complete lines found in `bytes` to `out`.
    void feed(std::string_view bytes, std::vector<Line>& out);
    // The last line when the input ended without a LF, if any.
    std::optional<Line> finish();

  private:
    void end_line(std::vector<Line>& out);

    Line current_;
    bool started_ = false;
    bool cr_ends_lines_ = false;
    bool after_cr_ = false;  // the last byte ended a line with CR: a LF now adds nothing
};

// GoGui's interrupt line, the default interrupt.
bool is_gtp_interrupt(std::string_view line);

class LineReader {
  public:
    // Starts reading `fd` (not owned) on a new thread.
    explicit LineReader(int fd, bool cr_ends_lines = false);
    // Stops the thread, even when it is waiting for input, and joins it.
    ~LineReader();
    LineReader(const LineReader&) = delete;
    LineReader& operator=(const LineReader&) = delete;

    // The next line; empty at end of input (or when the input fails).
    std::optional<Line> next();
    // The next line without taking it: next() returns it again.
    std::optional<Line> peek();
    // Whether a CR ends lines from now on (for bytes not yet split).
    void set_cr_ends_lines(bool on);

    // Called on the reader thread when a line `is_interrupt` accepts ("# interrupt" unless told
    // otherwise) arrives, while set. Setting and clearing it synchronise with those calls: once
    // cleared, it is not called.
    void set_interrupt_handler(std::function<void()> handler,
                               std::function<bool(std::string_view)> is_interrupt = {});
    // Called once when the input ends: on the reader thread, or at once if it already has. The
    // same synchronisation as the interrupt handler's.
    void set_end_handler(std::function<void()> handler);

  private:
    void read_loop();
    void deliver(std::vector<Line>& lines, bool end);

    platform::InputChannel input_;
    std::mutex mutex_;
    std::condition_variable ready_;
    std::deque<Line> lines_;
    bool ended_ = false;
    std::function<void()> interrupt_;
    std::function<bool(std::string_view)> is_interrupt_;
    std::function<void()> on_end_;
    bool cr_ends_lines_;
    bool cr_mode_changed_ = false;
    std::thread thread_;
};

}  // namespace sente::protocol
