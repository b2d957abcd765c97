// GTP input handling: the specification's preprocessing and command splitting.

#include <doctest/doctest.h>

#include <sstream>

#include "protocol/gtp_input.hpp"

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

TEST_CASE("lines are read up to LF, bounded, and the last one may lack its LF") {
    std::istringstream in("one\ntwo\r\nthree");
    CHECK(read_line(in)->text == "one");
    CHECK(read_line(in)->text == "two\r");
    CHECK(read_line(in)->text == "three");
    CHECK_FALSE(read_line(in).has_value());

    std::istringstream huge(std::string(kMaxLineLength + 10, 'x') + "\nname\n");
    const auto first = read_line(huge);
    CHECK(first->too_long);
    CHECK(first->text.size() == kMaxLineLength);
    CHECK(read_line(huge)->text == "name");
}
