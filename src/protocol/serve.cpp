#include "protocol/serve.hpp"

#include <optional>
#include <utility>

namespace sente::protocol {

void serve(LineReader& reader, const std::function<bool(std::string_view)>& handle,
           const std::function<void()>& too_long) {
    for (;;) {
        const std::optional<Line> line = reader.next();
        if (!line) return;  // end of input: leave quietly, as after quit
        if (line->too_long) {
            too_long();
            continue;
        }
        if (!handle(line->text)) return;
    }
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
