#pragma once

// Text helpers shared by the notations, the protocol front ends, the terminal and the tools:
// one definition of what whitespace and case mean for sente's inputs (ASCII; the bytes of
// other characters pass through unchanged).

#include <climits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sente::text {

// `text` without the whitespace (space, tab, CR, LF, VT, FF) at either end.
std::string_view trim(std::string_view text);

// The lower-case letter of an ASCII upper-case one; any other byte as it is.
char lower(char c);
std::string lower(std::string_view text);

// The upper-case letter of an ASCII lower-case one; any other byte as it is.
char upper(char c);
std::string upper(std::string_view text);

// Equal but for the case of ASCII letters.
bool iequals(std::string_view a, std::string_view b);

// The words of `text`, split at runs of whitespace (none at either end); views into `text`.
std::vector<std::string_view> split_words(std::string_view text);

// The items with `separator` between each two.
std::string join(const std::vector<std::string>& items, std::string_view separator = " ");

// A whole decimal integer in [min, max]: an optional '-' and digits, nothing else (no spaces,
// no '+'); nothing when the text is not one or the value is out of range.
std::optional<long long> parse_integer(std::string_view text, long long min = LLONG_MIN,
                                       long long max = LLONG_MAX);

// A finite decimal number, nothing else ("1.5", "-2", "3e2"); nothing for "inf" or "nan".
std::optional<double> parse_real(std::string_view text);

}  // namespace sente::text
