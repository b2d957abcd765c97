#pragma once

// What the fuzz targets of the protocol front ends (GTP, Gomocup, NBoard) share: the input cut
// into lines as the front ends' readers cut it, the state a refused command must leave as it
// was, and the check that every line written is one the protocol allows.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_check.hpp"
#include "protocol/line_reader.hpp"
#include "sente/session.hpp"

// The fuzzer's bytes as input lines (`cr_ends_lines`: CR ends a line too, as in Gomocup).
inline std::vector<sente::protocol::Line> input_lines(const std::uint8_t* data, std::size_t size,
                                                      bool cr_ends_lines = false) {
    std::vector<sente::protocol::Line> lines;
    sente::protocol::LineSplitter splitter;
    splitter.set_cr_ends_lines(cr_ends_lines);
    splitter.feed(std::string_view(reinterpret_cast<const char*>(data), size), lines);
    if (auto last = splitter.finish()) lines.push_back(*last);
    return lines;
}

// What a command a front end refuses must leave as it was: the game, its size, the position and
// the one it started from, the level, and every move with its colour.
inline std::string game_state(const sente::Session& session) {
    std::string state = std::string(session.game().id) + "|" +
                        std::to_string(session.board_size()) + "|" + session.position_text() + "|" +
                        session.start_position_text() + "|" + std::to_string(session.level()) + "|";
    for (const sente::PlayedMove& move : session.played_moves()) {
        state += (move.color == sente::Color::black ? "b " : "w ") + move.move + " ";
    }
    return state;
}

// Every line of `out` passes `is_protocol_line`, and the output ends at the end of a line.
template <class IsProtocolLine>
void check_protocol_lines(const std::string& out, IsProtocolLine is_protocol_line) {
    std::istringstream written(out);
    for (std::string line; std::getline(written, line);) {
        if (!is_protocol_line(line)) {
            std::fprintf(stderr, "not a protocol line: '%s'\n", line.c_str());
            FUZZ_CHECK(is_protocol_line(line));
        }
    }
    FUZZ_CHECK(out.empty() || out.back() == '\n');
}
