// The transposition table: what is stored is found again, clearing and resizing empty it, and a
// table that nothing was written to stays untouched (it costs a process nothing until it searches).

#include <doctest/doctest.h>

#include <cstdint>

#include "search/tt.hpp"

using sente::search::Bound;
using sente::search::TranspositionTable;

namespace {

// Keys spread over the table by a fixed odd multiplier, as Zobrist keys are.
std::uint64_t key_of(std::uint64_t i) { return (i + 1) * 0x9E3779B97F4A7C15ULL; }

void fill(TranspositionTable& tt, int count) {
    for (int i = 0; i < count; ++i) {
        tt.store(key_of(static_cast<std::uint64_t>(i)), static_cast<std::uint16_t>(i % 500 + 1),
                 static_cast<sente::search::Score>(i % 1000 - 500), 1 + i % 20, Bound::exact);
    }
}

int found(const TranspositionTable& tt, int count) {
    int hits = 0;
    for (int i = 0; i < count; ++i)
        hits += tt.probe(key_of(static_cast<std::uint64_t>(i))).has_value();
    return hits;
}

}  // namespace

TEST_CASE("a stored entry is found again with what was stored") {
    TranspositionTable tt;
    REQUIRE(tt.resize(1));
    CHECK_FALSE(tt.probe(key_of(7)).has_value());
    tt.store(key_of(7), 42, -123, 9, Bound::lower);
    const auto hit = tt.probe(key_of(7));
    REQUIRE(hit.has_value());
    CHECK(hit->move == 42);
    CHECK(hit->score == -123);
    CHECK(hit->depth == 9);
    CHECK(hit->bound == Bound::lower);
    CHECK_FALSE(tt.probe(key_of(8)).has_value());
}

TEST_CASE("clear empties a written table, and the table is usable again after it") {
    TranspositionTable tt;
    REQUIRE(tt.resize(1));
    fill(tt, 1000);
    CHECK(found(tt, 1000) > 900);
    tt.clear();
    CHECK(found(tt, 1000) == 0);
    fill(tt, 1000);
    CHECK(found(tt, 1000) > 900);
    tt.clear();
    tt.clear();  // clearing a clean table is harmless
    CHECK(found(tt, 1000) == 0);
}

TEST_CASE("resizing empties the table, to the same size as to another") {
    TranspositionTable tt;
    REQUIRE(tt.resize(2));
    fill(tt, 1000);
    REQUIRE(tt.resize(2));
    CHECK(tt.size_megabytes() == 2);
    CHECK(found(tt, 1000) == 0);
    fill(tt, 1000);
    REQUIRE(tt.resize(1));
    CHECK(tt.size_megabytes() == 1);
    CHECK(found(tt, 1000) == 0);
    fill(tt, 1000);
    CHECK(found(tt, 1000) > 900);
}

TEST_CASE("hashfull counts the entries of the current search") {
    TranspositionTable tt;
    REQUIRE(tt.resize(1));
    CHECK(tt.hashfull() == 0);
    fill(tt, 50000);  // more than the 1000 sampled entries' share of a 16384-cluster table
    CHECK(tt.hashfull() > 0);
    tt.new_search();
    CHECK(tt.hashfull() == 0);
}
