#pragma once

// A move's value short enough to draw on its square (GoGui's LABEL, the terminal's analysis
// board): at most six characters, no spaces.

#include <charconv>
#include <cmath>
#include <string>
#include <string_view>

#include <fmt/format.h>

namespace sente {

// From a game's score text: "win by 12" -> "+12" and "loss by 4" -> "-4" (Othello's proven
// margins), "win in 7" -> "W7" and "loss in 4" -> "L4" (plies to a proven result), "draw" ->
// "=0", an evaluation "+3.20" -> "+3.2"; an upper bound gets a leading '<'.
inline std::string value_label(std::string_view score_text, bool upper_bound) {
    struct Proven {
        std::string_view prefix;
        std::string_view label;
    };
    constexpr Proven kProven[] = {
        {"win by ", "+"}, {"loss by ", "-"}, {"win in ", "W"}, {"loss in ", "L"}};
    std::string label;
    for (const Proven& proven : kProven) {
        if (score_text.starts_with(proven.prefix)) {
            label = fmt::format("{}{}", proven.label, score_text.substr(proven.prefix.size()));
        }
    }
    if (label.empty() && score_text == "draw") {
        label = "=0";
    } else if (label.empty()) {
        double value = 0;
        const char* begin = score_text.data() + (score_text.starts_with('+') ? 1 : 0);
        const char* end = score_text.data() + score_text.size();
        const auto [stop, error] = std::from_chars(begin, end, value);
        // Tenths, and no "-0.0" for a value that rounds to nothing.
        const double tenths = std::round(value * 10);
        label = error != std::errc{} || stop != end ? std::string(score_text.substr(0, 6))
                : tenths == 0                       ? std::string("0.0")
                                                    : fmt::format("{:+.1f}", tenths / 10);
    }
    return upper_bound ? "<" + label : label;
}

}  // namespace sente
