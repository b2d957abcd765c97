#pragma once

// A Soldiers and Generals position from its text, for tests: a text that does not parse fails
// the test at once, naming the text.

#include <doctest/doctest.h>

#include "games/soldiers/notation.hpp"

inline sente::soldiers::Position position(const char* text) {
    auto parsed = sente::soldiers::parse_position(text);
    REQUIRE_MESSAGE(parsed.ok(), text);
    return parsed.value();
}
