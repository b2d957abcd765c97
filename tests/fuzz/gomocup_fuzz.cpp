// Fuzz target: arbitrary bytes as Gomocup input to the Gomocup front end and a Session, as a
// manager or a GUI might send them (CR, LF or CRLF). The brain must not crash, hang or leak, and
// every line it writes must be a protocol line: OK, ERROR ..., UNKNOWN ..., the ABOUT line, SWAP
// or points "x,y" (one, or three for swap2), each on the board of the last START. A command
// answered with ERROR leaves the game as it was, except "the game is over" after TURN: the
// opponent's move stands, sente just has none to answer.
//
// Searches are kept short by fixed limits (depth 3, 20,000 nodes, 50 ms) that every search
// obeys whatever the input's INFO asks; INFO max_memory can only shrink the 1 MB table.

#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_check.hpp"
#include "fuzz_limits.hpp"
#include "fuzz_protocol.hpp"
#include "protocol/gomocup.hpp"
#include "sente/session.hpp"

namespace {

bool is_points(std::string_view line) {
    // "x,y" or "x,y x,y x,y": digits, commas between pairs of numbers, spaces between points.
    int points = 0;
    while (!line.empty()) {
        for (int part = 0; part < 2; ++part) {
            std::size_t digits = 0;
            while (digits < line.size() && line[digits] >= '0' && line[digits] <= '9') ++digits;
            if (digits == 0 || digits > 2) return false;
            line.remove_prefix(digits);
            if (part == 0) {
                if (line.empty() || line.front() != ',') return false;
                line.remove_prefix(1);
            }
        }
        ++points;
        if (!line.empty()) {
            if (line.front() != ' ') return false;
            line.remove_prefix(1);
            if (line.empty()) return false;
        }
    }
    return points == 1 || points == 3;
}

// YXSHOWFORBID's answer: "FORBID ", four digits a point, ".".
bool is_forbid_line(std::string_view line) {
    if (!line.starts_with("FORBID ") || !line.ends_with('.')) return false;
    const std::string_view points = line.substr(7, line.size() - 8);
    return points.size() % 4 == 0 &&
           points.find_first_not_of("0123456789") == std::string_view::npos;
}

// MESSAGE lines come with YXNBEST's values and the real-time marks, even without a log.
bool is_protocol_line(std::string_view line) {
    return line == "OK" || line == "SWAP" || line.rfind("ERROR ", 0) == 0 ||
           line.rfind("UNKNOWN ", 0) == 0 || line.rfind("name=\"sente\"", 0) == 0 ||
           line.rfind("MESSAGE ", 0) == 0 || is_forbid_line(line) || is_points(line);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    sente::Session session(fuzz_engine_settings());
    std::ostringstream out;
    sente::gomocup::Engine brain(session, out, nullptr, 1);

    const auto lines = input_lines(data, size, true);
    for (const sente::protocol::Line& line : lines) {
        const std::string before = game_state(session);
        const std::size_t written = out.str().size();
        const bool going_on = brain.handle_line(line.text);
        const std::string reply = out.str().substr(written);
        if (reply.starts_with("ERROR ") && reply != "ERROR the game is over\n") {
            FUZZ_CHECK(game_state(session) == before);
        }
        if (!going_on) break;
    }

    check_protocol_lines(out.str(), is_protocol_line);
    return 0;
}
