#pragma once

// GTP input: reading bounded lines, the specification's preprocessing, and splitting a line into
// an optional id, a command name and arguments.

#include <cstddef>
#include <istream>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sente::gtp {

// Longest line accepted. Real commands are short; this only guards memory against garbage.
inline constexpr std::size_t kMaxLineLength = 64 * 1024;

struct Line {
    std::string text;
    bool too_long = false;  // the rest of an over-long line was read and dropped
};

// Reads one line ending in LF (or at end of input). Empty optional at end of input.
std::optional<Line> read_line(std::istream& in);

// GTP 2 preprocessing, in the specification's order: drop control characters other than HT and
// LF (so CR disappears), cut a '#' comment, turn HT into a space. Returns the cleaned line; the
// caller ignores it when only white space is left.
std::string preprocess(std::string_view raw);

struct Command {
    std::optional<std::string> id;  // digits, echoed back verbatim
    std::string name;
    std::vector<std::string> args;
};

// Splits a preprocessed, non-blank line. A leading token of digits only is the id.
Command parse_command(std::string_view line);

bool is_blank(std::string_view line);

}  // namespace sente::gtp
