// The pattern tables against an independent definition: a line's class is the best of what some
// set of s = 0..3 more stones achieves, with no five or overline made on the way: two or more
// completions to five through the point make flex(4-s), one makes block(4-s). The tables build
// the same classes recursively, one stone at a time, with memoisation.

#include <doctest/doctest.h>

#include <array>
#include <random>
#include <vector>

#include "games/gomoku/board.hpp"
#include "games/gomoku/patterns.hpp"

using namespace sente;
using namespace sente::gomoku;

namespace {

// 0 empty, 1 own, 2 other, 3 outside.
using Line = std::array<int, 9>;

// The run through index 4 and whether it wins: 1 five, 2 overline (exactly-five rule), 0 none.
int five_kind(LineRule rule, const Line& line) {
    int left = 0;
    while (4 - left - 1 >= 0 && line[4 - left - 1] == 1) ++left;
    int right = 0;
    while (4 + right + 1 <= 8 && line[4 + right + 1] == 1) ++right;
    const int length = left + right + 1;
    if (length < 5) return 0;
    if (rule == LineRule::at_least_five) return 1;
    if (rule == LineRule::exactly_five) return length == 5 ? 1 : 2;
    if (length > 5) return 1;
    const int before = 4 - left - 1;
    const int after = 4 + right + 1;
    const bool blocked = before >= 0 && after <= 8 && line[before] == 2 && line[after] == 2;
    return blocked ? 0 : 1;
}

int completions(LineRule rule, Line line) {
    int count = 0;
    for (int i = 0; i < 9; ++i) {
        if (line[i] != 0) continue;
        line[i] = 1;
        count += five_kind(rule, line) == 1;
        line[i] = 0;
    }
    return count;
}

// Every way to add stones in order without passing a five or an overline: the sets reachable
// one stone at a time, as the definition asks.
void reach(LineRule rule, Line& line, int added, int& best) {
    static constexpr std::array<int, 4> kFlex = {kFlex4, kFlex3, kFlex2, kFlex1};
    static constexpr std::array<int, 4> kBlock = {kBlock4, kBlock3, kBlock2, kBlock1};
    const int n = completions(rule, line);
    if (n >= 2) best = std::max(best, kFlex[added]);
    if (n == 1) best = std::max(best, kBlock[added]);
    if (added == 3) return;
    for (int i = 0; i < 9; ++i) {
        if (line[i] != 0) continue;
        line[i] = 1;
        if (five_kind(rule, line) == 0) reach(rule, line, added + 1, best);
        line[i] = 0;
    }
}

int reference_class(LineRule rule, Line line) {
    line[4] = 1;
    const int five = five_kind(rule, line);
    if (five == 1) return kFive;
    if (five == 2) return kOverline;
    int best = kDead;
    reach(rule, line, 0, best);
    return best;
}

}  // namespace

TEST_CASE("pattern tables agree with the set definition on random and hand-made lines") {
    std::mt19937 rng(7);
    for (const LineRule rule :
         {LineRule::at_least_five, LineRule::exactly_five, LineRule::unblocked_five}) {
        for (const Color color : {Color::black, Color::white}) {
            const LineTable& table = line_table(rule, color);
            const int own = stone_of(color);
            const int other = stone_of(opponent(color));
            // Sparse lines are the interesting ones: draw empties more often.
            std::discrete_distribution<int> cell({5, 3, 2, 1});
            for (int sample = 0; sample < 3000; ++sample) {
                LineKey key = 0;
                Line line{};
                for (int offset = -4; offset <= 4; ++offset) {
                    if (offset == 0) continue;
                    int kind = cell(rng);  // 0 empty, 1 own, 2 other, 3 wall
                    // Walls only at the ends of a line: the board edge is contiguous.
                    if (kind == 3 && std::abs(offset) < 4 &&
                        line[4 + offset + (offset < 0 ? -1 : 1)] != 3)
                        kind = 0;
                    line[4 + offset] = kind;
                    const int stone = kind == 0   ? kEmpty
                                      : kind == 1 ? own
                                      : kind == 2 ? other
                                                  : kWall;
                    key |= static_cast<LineKey>(stone << key_shift(offset));
                }
                CAPTURE(key);
                CHECK(static_cast<int>(table[key]) == reference_class(rule, line));
            }
        }
    }
    // Hand-made: an open three, a split three, a four, an open four, a dead three.
    const LineTable& table = line_table(LineRule::at_least_five, Color::black);
    const auto key_of = [](const char* text) {  // 8 characters: offsets -4..-1, +1..+4
        LineKey key = 0;
        for (int i = 0; i < 8; ++i) {
            const int offset = i < 4 ? i - 4 : i - 3;
            const int stone = text[i] == 'x'   ? kBlack
                              : text[i] == 'o' ? kWhite
                              : text[i] == '#' ? kWall
                                               : kEmpty;
            key |= static_cast<LineKey>(stone << key_shift(offset));
        }
        return key;
    };
    CHECK(table[key_of("..xx....")] == kFlex3);
    CHECK(table[key_of("...x.x..")] == kFlex3);
    CHECK(table[key_of(".xxx....")] == kFlex4);
    CHECK(table[key_of("oxxx....")] == kBlock4);
    CHECK(table[key_of("xxxx....")] == kFive);
    CHECK(table[key_of("..oxx.o.")] == kDead);
    CHECK(table[key_of("...o....")] == kBlock1);  // only x . . . . to the right can be five
    CHECK(table[key_of("xxxxx...")] == kFive);
    CHECK(line_table(LineRule::exactly_five, Color::black)[key_of("xxxxx...")] == kOverline);
    CHECK(line_table(LineRule::exactly_five, Color::white)[key_of("ooooo...")] == kOverline);
    // Exactly five: x x P . x x completes only to six, so it is no four.
    CHECK(line_table(LineRule::exactly_five, Color::black)[key_of("..xx.xx.")] < kBlock4);
    CHECK(table[key_of("..xx.xx.")] == kBlock4);
}
