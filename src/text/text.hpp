#pragma once

// Text helpers shared by the notations, the protocol front ends, the terminal and the tools:
// one definition of what whitespace and case mean for sente's inputs (ASCII; the bytes of
// other characters pass through unchanged).

#include <string>
#include <string_view>

namespace sente::text {

// `text` without the whitespace (space, tab, CR, LF, VT, FF) at either end.
std::string_view trim(std::string_view text);

// The lower-case letter of an ASCII upper-case one; any other byte as it is.
char lower(char c);
std::string lower(std::string_view text);

// Equal but for the case of ASCII letters.
bool iequals(std::string_view a, std::string_view b);

}  // namespace sente::text
