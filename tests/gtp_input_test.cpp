// GTP input handling: the specification's preprocessing and command splitting.

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "protocol/gtp_input.hpp"
#include "protocol/line_reader.hpp"

using namespace sente::gtp;

TEST_CASE("preprocessing follows GTP 2 section 3.1") {
    CHECK(preprocess("play b d3") == "play b d3");
    CHECK(preprocess("play b d3\r") == "play b d3");   // CR dropped
    CHECK(preprocess("play\tb\td3") == "play b d3");   // HT becomes a space
    CHECK(preprocess("name # a comment") == "name ");  // comment cut
    CHECK(preprocess("# only a comment") == "");
    CHECK(preprocess(std::string("na\x01me\x7f", 6)) == "name");  // other control characters go
    CHECK(preprocess(std::string("a\0b", 3)) == "ab");
    CHECK(is_blank(preprocess("   \t  # x")));
    CHECK_FALSE(is_blank(preprocess(" x ")));
}

TEST_CASE("a command is an optional id, a name and arguments") {
    Command c = parse_command("12 play b d3");
    CHECK(c.id == "12");
    CHECK(c.name == "play");
    CHECK(c.args == std::vector<std::string>{"b", "d3"});

    c = parse_command("  genmove   w  ");
    CHECK_FALSE(c.id.has_value());
    CHECK(c.name == "genmove");
    CHECK(c.args == std::vector<std::string>{"w"});

    c = parse_command("007 name");
    CHECK(c.id == "007");  // echoed verbatim

    c = parse_command("-1 name");  // not an id: ids are digits only
    CHECK_FALSE(c.id.has_value());
    CHECK(c.name == "-1");

    c = parse_command("99999999999999999999999999 name");  // long ids are still ids
    CHECK(c.id == "99999999999999999999999999");
}

TEST_CASE("lines are cut at LF, bounded, and the last one may lack its LF") {
    using sente::protocol::kMaxLineLength;
    using sente::protocol::Line;
    using sente::protocol::LineSplitter;
    LineSplitter splitter;
    std::vector<Line> lines;
    splitter.feed("one\ntw", lines);
    splitter.feed("o\r\n\nthree", lines);
    REQUIRE(lines.size() == 3);
    CHECK(lines[0].text == "one");
    CHECK(lines[1].text == "two\r");
    CHECK(lines[2].text.empty());
    const auto last = splitter.finish();
    REQUIRE(last.has_value());
    CHECK(last->text == "three");
    CHECK_FALSE(splitter.finish().has_value());

    lines.clear();
    splitter.feed(std::string(kMaxLineLength + 10, 'x') + "\nname\n", lines);
    REQUIRE(lines.size() == 2);
    CHECK(lines[0].too_long);
    CHECK(lines[0].text.size() == kMaxLineLength);
    CHECK_FALSE(lines[1].too_long);
    CHECK(lines[1].text == "name");
}
