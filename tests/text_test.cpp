// The shared text helpers (text/text.hpp): what the notations and front ends accept as
// whitespace and case.

#include <doctest/doctest.h>

#include <string>
#include <string_view>
#include <vector>

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

TEST_CASE("text: upper folds ASCII letters and nothing else") {
    CHECK(text::upper("genmove b h8") == "GENMOVE B H8");
    CHECK(text::upper('`') == '`');
    CHECK(text::upper('{') == '{');
    CHECK(text::upper("\xc3\xa9") == "\xc3\xa9");
}

TEST_CASE("text: parse_integer takes a whole integer in range and nothing else") {
    CHECK(text::parse_integer("42") == 42);
    CHECK(text::parse_integer("-7") == -7);
    CHECK(text::parse_integer("0", 0, 0) == 0);
    CHECK(text::parse_integer("9223372036854775807") == 9223372036854775807LL);
    CHECK_FALSE(text::parse_integer("9223372036854775808"));  // overflow, not a wrapped value
    CHECK_FALSE(text::parse_integer(""));
    CHECK_FALSE(text::parse_integer("+3"));
    CHECK_FALSE(text::parse_integer(" 3"));
    CHECK_FALSE(text::parse_integer("3 "));
    CHECK_FALSE(text::parse_integer("3x"));
    CHECK_FALSE(text::parse_integer("1.5"));
    CHECK_FALSE(text::parse_integer("-"));
    CHECK(text::parse_integer("20", 5, 22) == 20);
    CHECK_FALSE(text::parse_integer("4", 5, 22));
    CHECK_FALSE(text::parse_integer("23", 5, 22));
}

TEST_CASE("text: parse_real takes a finite number and nothing else") {
    CHECK(text::parse_real("1.5") == 1.5);
    CHECK(text::parse_real("-2") == -2.0);
    CHECK(text::parse_real("3e2") == 300.0);
    CHECK_FALSE(text::parse_real(""));
    CHECK_FALSE(text::parse_real("inf"));
    CHECK_FALSE(text::parse_real("nan"));
    CHECK_FALSE(text::parse_real("1e999"));
    CHECK_FALSE(text::parse_real("1.5s"));
}

TEST_CASE("text: split_words and join") {
    using Words = std::vector<std::string_view>;
    CHECK(text::split_words("  play  b\td4 \r\n") == Words{"play", "b", "d4"});
    CHECK(text::split_words(" \t ").empty());
    CHECK(text::split_words("").empty());
    CHECK(text::join({"a1", "b2", "c3"}) == "a1 b2 c3");
    CHECK(text::join({"a1", "b2"}, ", ") == "a1, b2");
    CHECK(text::join({}).empty());
    CHECK(text::join({"x"}) == "x");
}
