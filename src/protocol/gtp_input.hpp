#pragma once

// GTP input: the specification's preprocessing, and splitting a line into an optional id, a
// command name and arguments. (Reading lines is line_reader.hpp's job.)

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sente::gtp {

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
