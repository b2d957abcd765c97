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
#include "fuzz_protocol.hpp"
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

    const auto lines = input_lines(data, size);
    for (const sente::protocol::Line& line : lines) {
        const std::string before = game_state(session);
        const std::size_t written = out.str().size();
        const bool going_on = engine.handle_line(line.text);
        if (out.str().compare(written, 14, "status sente: ") == 0) {
            FUZZ_CHECK(game_state(session) == before);
        }
        if (!going_on) break;
    }

    check_protocol_lines(out.str(), is_protocol_line);
    return 0;
}
