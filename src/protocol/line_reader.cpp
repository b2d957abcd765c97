#include "protocol/line_reader.hpp"

#include <utility>

namespace sente::protocol {

bool is_gtp_interrupt(std::string_view line) {
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.remove_suffix(1);
    while (!line.empty() && line.front() == ' ') line.remove_prefix(1);
    return line == "# interrupt";
}

void LineSplitter::end_line(std::vector<Line>& out) {
    out.push_back(std::move(current_));
    current_ = Line{};
    started_ = false;
}

void LineSplitter::feed(std::string_view bytes, std::vector<Line>& out) {
    for (char c : bytes) {
        const bool after_cr = std::exchange(after_cr_, false);
        if (c == '\n') {
            if (!after_cr) end_line(out);
            continue;
        }
        if (c == '\r' && cr_ends_lines_) {
            end_line(out);
            after_cr_ = true;
            continue;
        }
        started_ = true;
        if (current_.text.size() < kMaxLineLength) {
            current_.text.push_back(c);
        } else {
            current_.too_long = true;
        }
    }
}

std::optional<Line> LineSplitter::finish() {
    if (!started_) return std::nullopt;
    started_ = false;
    return std::exchange(current_, Line{});
}

LineReader::LineReader(int fd, bool cr_ends_lines) : input_(fd), cr_ends_lines_(cr_ends_lines) {
    thread_ = std::thread([this] { read_loop(); });
}

LineReader::~LineReader() {
    input_.cancel();
    thread_.join();
}

std::optional<Line> LineReader::next() {
    std::unique_lock lock(mutex_);
    ready_.wait(lock, [this] { return !lines_.empty() || ended_; });
    if (lines_.empty()) return std::nullopt;
    Line line = std::move(lines_.front());
    lines_.pop_front();
    return line;
}

std::optional<Line> LineReader::peek() {
    std::unique_lock lock(mutex_);
    ready_.wait(lock, [this] { return !lines_.empty() || ended_; });
    if (lines_.empty()) return std::nullopt;
    return lines_.front();
}

void LineReader::set_cr_ends_lines(bool on) {
    std::lock_guard lock(mutex_);
    cr_ends_lines_ = on;
    cr_mode_changed_ = true;
}

void LineReader::set_interrupt_handler(std::function<void()> handler,
                                       std::function<bool(std::string_view)> is_interrupt) {
    std::lock_guard lock(mutex_);
    interrupt_ = std::move(handler);
    is_interrupt_ = is_interrupt ? std::move(is_interrupt) : is_gtp_interrupt;
}

void LineReader::set_end_handler(std::function<void()> handler) {
    std::lock_guard lock(mutex_);
    on_end_ = std::move(handler);
    if (ended_ && on_end_) std::exchange(on_end_, {})();
}

void LineReader::deliver(std::vector<Line>& lines, bool end) {
    std::lock_guard lock(mutex_);
    for (Line& line : lines) {
        if (interrupt_ && is_interrupt_(line.text)) interrupt_();
        lines_.push_back(std::move(line));
    }
    lines.clear();
    if (end) {
        ended_ = true;
        if (on_end_) std::exchange(on_end_, {})();
    }
    ready_.notify_all();
}

void LineReader::read_loop() {
    LineSplitter splitter;
    {
        std::lock_guard lock(mutex_);
        splitter.set_cr_ends_lines(cr_ends_lines_);
    }
    std::vector<Line> lines;
    char buffer[4096];
    for (;;) {
        const long count = input_.read(buffer, sizeof buffer);
        if (count < 0) return;  // shutting down
        if (count == 0) break;  // end of input, or an input that cannot be read
        {
            std::lock_guard lock(mutex_);
            if (std::exchange(cr_mode_changed_, false)) splitter.set_cr_ends_lines(cr_ends_lines_);
        }
        splitter.feed(std::string_view(buffer, static_cast<std::size_t>(count)), lines);
        if (!lines.empty()) deliver(lines, false);
    }
    if (auto last = splitter.finish()) lines.push_back(std::move(*last));
    deliver(lines, true);
}

}  // namespace sente::protocol
