#pragma once

// What the three protocol front ends share around their commands: the loop that feeds them
// lines, and the interrupt that lets a controller stop a running search.

#include <functional>
#include <string_view>

#include "protocol/line_reader.hpp"

namespace sente::protocol {

// Reads `reader` to its end, giving each line to `handle`, which returns false to stop (quit,
// END). A line longer than kMaxLineLength goes to `too_long` instead: each protocol has its own
// way of refusing it.
void serve(LineReader& reader, const std::function<bool(std::string_view)>& handle,
           const std::function<void()>& too_long);

// For the life of a search: `reader` (none when the front end was driven without one, as the
// tests do) calls `stop` when a line `is_interrupt` accepts or the end of input arrives. The
// handler is cleared however the search ends, so that it never outlives the search.
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
