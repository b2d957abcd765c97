#include "protocol/serve.hpp"

#include <optional>
#include <utility>

namespace sente::protocol {

void FrontEnd::say(std::string_view line) {
    out_ << line << '\n';
    out_.flush();
}

int FrontEnd::run(int fd) {
    LineReader reader(fd, cr_ends_lines());
    return run(reader);
}

int FrontEnd::run(LineReader& reader) {
    // A reader handed over by a bare `sente` began with LF-only lines.
    if (cr_ends_lines()) reader.set_cr_ends_lines(true);
    reader_ = &reader;
    reader.set_end_handler([this] { input_ended(); });
    for (;;) {
        const std::optional<Line> line = reader.next();
        if (!line) break;  // end of input: leave quietly, as after quit
        if (line->too_long) {
            refuse_long_line();
        } else if (!handle_line(line->text)) {
            break;
        }
    }
    reader.set_end_handler({});
    reader_ = nullptr;
    return exit_status();
}

InterruptGuard::InterruptGuard(LineReader* reader, std::function<void()> stop,
                               std::function<bool(std::string_view)> is_interrupt)
    : reader_(reader) {
    if (reader_ != nullptr)
        reader_->set_interrupt_handler(std::move(stop), std::move(is_interrupt));
}

InterruptGuard::~InterruptGuard() {
    if (reader_ != nullptr) reader_->set_interrupt_handler({});
}

}  // namespace sente::protocol
