// Fuzz target: arbitrary bytes as NBoard input to the NBoard front end and a Session, as the GUI
// or a broken script might send them. The engine must not crash, hang or leak; every line it
// writes must be a protocol line (set myname, pong, status, nodestats, search, ===, learned);
// and a command it refuses (a "status sente: ..." line) must leave the position and the game's
// history as they were.
//
// Searches are kept short by fixed limits (depth 3, 20,000 nodes, 50 ms) that `set depth` can
// only tighten.

#include <cstddef>
#include <cstdint>
#include <regex>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_check.hpp"
#include "fuzz_limits.hpp"
#include "fuzz_state.hpp"
#include "protocol/line_reader.hpp"
#include "protocol/nboard.hpp"
#include "sente/session.hpp"

namespace {

bool is_protocol_line(const std::string& line) {
    static const std::regex kLine(
        "set myname sente .*|pong.*|status( .*)?|nodestats [0-9]+ [0-9]+\\.[0-9]{2}|"
        "search [A-HP][1-8A](-[A-HP][1-8A])* [-+][0-9]+\\.[0-9]{2} 0 ([0-9]+|100%)|"
        "=== [A-HP][1-8A](/[-+][0-9]+\\.[0-9]{2}/[0-9]+\\.[0-9]{2})?|learned");
    return std::regex_match(line, kLine);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    sente::Session session(fuzz_engine_settings());
    std::ostringstream out;
    sente::nboard::Engine engine(session, out, nullptr);

    std::vector<sente::protocol::Line> lines;
    sente::protocol::LineSplitter splitter;
    splitter.feed(std::string_view(reinterpret_cast<const char*>(data), size), lines);
    if (auto last = splitter.finish()) lines.push_back(*last);
    for (const sente::protocol::Line& line : lines) {
        const std::string before = game_state(session);
        const std::size_t written = out.str().size();
        const bool going_on = engine.handle_line(line.text);
        if (out.str().compare(written, 14, "status sente: ") == 0) {
            FUZZ_CHECK(game_state(session) == before);
        }
        if (!going_on) break;
    }

    std::istringstream written(out.str());
    for (std::string line; std::getline(written, line);) {
        if (!is_protocol_line(line)) {
            std::fprintf(stderr, "not a protocol line: '%s'\n", line.c_str());
            FUZZ_CHECK(is_protocol_line(line));
        }
    }
    FUZZ_CHECK(out.str().empty() || out.str().back() == '\n');
    return 0;
}
