// The shared text helpers (text/text.hpp): what the notations and front ends accept as
// whitespace and case.

#include <doctest/doctest.h>

#include <string>

#include "text/text.hpp"

using namespace sente;

TEST_CASE("text: trim removes whitespace at both ends only") {
    CHECK(text::trim("  genmove b \r\n") == "genmove b");
    CHECK(text::trim("\t\v\fx y\t") == "x y");
    CHECK(text::trim(" \r\n\t ").empty());
    CHECK(text::trim("").empty());
    CHECK(text::trim("a") == "a");
    // Only ASCII whitespace: other bytes (UTF-8 included) stay.
    CHECK(text::trim("\xe5\x85\xb5 ") == "\xe5\x85\xb5");
}

TEST_CASE("text: lower and iequals fold ASCII letters and nothing else") {
    CHECK(text::lower("Othello H8 PASS") == "othello h8 pass");
    CHECK(text::lower('Z') == 'z');
    CHECK(text::lower('@') == '@');
    CHECK(text::lower('[') == '[');
    CHECK(text::lower("\xc3\x89t\xc3\xa9") == "\xc3\x89t\xc3\xa9");
    CHECK(text::iequals("Reversi", "rEVERSI"));
    CHECK_FALSE(text::iequals("renju", "renj"));
    CHECK_FALSE(text::iequals("a", "b"));
    CHECK(text::iequals("", ""));
}
