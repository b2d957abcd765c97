// Fuzz target: arbitrary bytes as GTP input to the GTP front end and a Session, as a GUI or a
// broken script might send them. The engine must not crash, hang or leak, and its output must be
// protocol only: one reply per command (up to `quit`), each `=` or `?`, an optional id, text
// without blank lines, and an empty line at the end. A command answered with `?` must change
// nothing: the game, its size, position, history and level are compared before and after.
//
// Searches are kept short by fixed limits (depth 3, 20,000 nodes, 50 ms), which every genmove
// obeys whatever the input sets. `sente-hash` and `sente-threads` are left out: they allocate
// what they are asked for (within the machine's memory), which is their job, not a bug. So is
// `printsgf FILE`, which would write files wherever the fuzzer points it (the SGF reader has
// a target of its own).

#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_check.hpp"
#include "fuzz_limits.hpp"
#include "fuzz_protocol.hpp"
#include "protocol/gtp.hpp"
#include "protocol/gtp_input.hpp"
#include "sente/session.hpp"

namespace {

// The number of well-formed replies at the start of `out`, or -1 if something else is there.
int count_replies(std::string_view out) {
    int replies = 0;
    while (!out.empty()) {
        const std::size_t end = out.find("\n\n");
        if (end == std::string_view::npos) return -1;
        const std::string_view reply = out.substr(0, end);
        out.remove_prefix(end + 2);
        if (reply.empty() || (reply[0] != '=' && reply[0] != '?')) return -1;
        std::size_t i = 1;
        while (i < reply.size() && reply[i] >= '0' && reply[i] <= '9') ++i;
        if (i < reply.size() && reply[i] != ' ' && reply[i] != '\n') return -1;
        ++replies;
    }
    return replies;
}

bool is_left_out(const sente::gtp::Command& command) {
    return command.name == "sente-hash" || command.name == "sente-threads" ||
           (command.name == "printsgf" && !command.args.empty());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    sente::Session session(fuzz_engine_settings());
    std::ostringstream out;
    sente::gtp::Engine engine(session, out, nullptr);

    const auto lines = input_lines(data, size);

    int commands = 0;
    for (const sente::protocol::Line& line : lines) {
        const std::string clean = sente::gtp::preprocess(line.text);
        if (!sente::gtp::is_blank(clean)) {
            if (is_left_out(sente::gtp::parse_command(clean))) continue;
            ++commands;
        }
        const std::string before = game_state(session);
        const std::size_t written = out.str().size();
        const bool going_on = engine.handle_line(line.text);
        const std::string reply = out.str().substr(written);
        if (!reply.empty() && reply.front() == '?') FUZZ_CHECK(game_state(session) == before);
        if (!going_on) break;
    }
    FUZZ_CHECK(count_replies(out.str()) == commands);
    return 0;
}
