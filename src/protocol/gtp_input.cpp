#include "protocol/gtp_input.hpp"

#include <algorithm>

namespace sente::gtp {

namespace {

bool is_space(char c) { return c == ' '; }

}  // namespace

std::string preprocess(std::string_view raw) {
    std::string out;
    out.reserve(raw.size());
    for (char c : raw) {
        const auto byte = static_cast<unsigned char>(c);
        if (c == '#') break;
        if (c == '\t') {
            out.push_back(' ');
        } else if (byte >= 32 && byte != 127) {
            out.push_back(c);
        }
        // Other control characters (CR among them) are dropped.
    }
    return out;
}

bool is_blank(std::string_view line) {
    for (char c : line) {
        if (!is_space(c)) return false;
    }
    return true;
}

Command parse_command(std::string_view line) {
    std::vector<std::string> tokens;
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && is_space(line[i])) ++i;
        const std::size_t start = i;
        while (i < line.size() && !is_space(line[i])) ++i;
        if (i > start) tokens.emplace_back(line.substr(start, i - start));
    }
    Command command;
    std::size_t first = 0;
    if (!tokens.empty()) {
        const std::string& head = tokens[0];
        if (std::all_of(head.begin(), head.end(), [](char c) { return c >= '0' && c <= '9'; })) {
            command.id = head;
            first = 1;
        }
    }
    if (first < tokens.size()) command.name = tokens[first];
    for (std::size_t k = first + 1; k < tokens.size(); ++k) command.args.push_back(tokens[k]);
    return command;
}

}  // namespace sente::gtp
