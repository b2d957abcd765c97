#include "games/gomoku/patterns.hpp"

#include <memory>
#include <mutex>
#include <vector>

namespace sente::gomoku {

namespace {

// A nine-point line seen from one colour: own stones, the opponent's, empty, and outside.
enum Cell : std::uint8_t { kFree = 0, kOwn = 1, kOther = 2, kOut = 3 };
using Line = std::array<Cell, 9>;
constexpr int kCenter = 4;

enum class FiveKind { none, five, overline };

// Whether the run of own stones through the centre wins. Points beyond the window count as
// neither own nor the opponent's (see patterns.hpp).
FiveKind five_through_center(LineRule rule, const Line& line) {
    int first = kCenter;
    while (first > 0 && line[first - 1] == kOwn) --first;
    int last = kCenter;
    while (last < 8 && line[last + 1] == kOwn) ++last;
    const int length = last - first + 1;
    if (length < 5) return FiveKind::none;
    switch (rule) {
        case LineRule::at_least_five:
            return FiveKind::five;
        case LineRule::exactly_five:
            return length == 5 ? FiveKind::five : FiveKind::overline;
        case LineRule::unblocked_five: {
            if (length > 5) return FiveKind::five;
            const bool blocked_before = first > 0 && line[first - 1] == kOther;
            const bool blocked_after = last < 8 && line[last + 1] == kOther;
            return blocked_before && blocked_after ? FiveKind::none : FiveKind::five;
        }
    }
    return FiveKind::none;
}

int code_of(const Line& line) {
    int code = 0;
    for (const Cell cell : line) code = code * 4 + cell;
    return code;
}

// The class of a line with an own stone on the centre; memo is indexed by code_of(line).
LinePattern classify_placed(LineRule rule, Line& line, std::vector<std::uint8_t>& memo) {
    const int code = code_of(line);
    if (memo[code] != 0xFF) return static_cast<LinePattern>(memo[code]);

    LinePattern result = kDead;
    const FiveKind five = five_through_center(rule, line);
    if (five == FiveKind::five) {
        result = kFive;
    } else if (five == FiveKind::overline) {
        result = kOverline;
    } else {
        int completions = 0;
        for (int i = 0; i < 9; ++i) {
            if (line[i] != kFree) continue;
            line[i] = kOwn;
            if (five_through_center(rule, line) == FiveKind::five) ++completions;
            line[i] = kFree;
        }
        if (completions >= 2) {
            result = kFlex4;
        } else if (completions == 1) {
            result = kBlock4;
        } else {
            for (int i = 0; i < 9; ++i) {
                if (line[i] != kFree) continue;
                line[i] = kOwn;
                const LinePattern next = classify_placed(rule, line, memo);
                line[i] = kFree;
                // One stone short of a class is the class one rank below it.
                LinePattern below = kDead;
                switch (next) {
                    case kFlex4:
                        below = kFlex3;
                        break;
                    case kBlock4:
                        below = kBlock3;
                        break;
                    case kFlex3:
                        below = kFlex2;
                        break;
                    case kBlock3:
                        below = kBlock2;
                        break;
                    case kFlex2:
                        below = kFlex1;
                        break;
                    case kBlock2:
                        below = kBlock1;
                        break;
                    default:
                        break;
                }
                if (below > result) result = below;
            }
        }
    }
    memo[code] = static_cast<std::uint8_t>(result);
    return result;
}

Line line_from(const std::array<Stone, 9>& stones, Color color) {
    const Stone own = stone_of(color);
    Line line{};
    for (int i = 0; i < 9; ++i) {
        const Stone s = stones[i];
        line[i] = s == kEmpty ? kFree : s == kWall ? kOut : s == own ? kOwn : kOther;
    }
    return line;
}

std::unique_ptr<LineTable> build_table(LineRule rule, Color color) {
    auto table = std::make_unique<LineTable>();
    std::vector<std::uint8_t> memo(1 << 18, 0xFF);
    for (int key = 0; key < (1 << 16); ++key) {
        std::array<Stone, 9> stones{};
        for (int offset = -4; offset <= 4; ++offset) {
            if (offset == 0) continue;
            stones[kCenter + offset] = static_cast<Stone>((key >> key_shift(offset)) & 3);
        }
        Line line = line_from(stones, color);
        line[kCenter] = kOwn;
        (*table)[key] = classify_placed(rule, line, memo);
    }
    return table;
}

}  // namespace

LinePattern classify_line(LineRule rule, const std::array<Stone, 9>& stones, Color color) {
    std::vector<std::uint8_t> memo(1 << 18, 0xFF);
    Line line = line_from(stones, color);
    line[kCenter] = kOwn;
    return classify_placed(rule, line, memo);
}

const LineTable& line_table(LineRule rule, Color color) {
    static std::array<std::unique_ptr<LineTable>, 6> tables;
    static std::array<std::once_flag, 6> built;
    const int index = static_cast<int>(rule) * 2 + index_of(color);
    std::call_once(built[index], [&] { tables[index] = build_table(rule, color); });
    return *tables[index];
}

const LinePairTable& line_pair_table(Rule rule) {
    static std::array<std::unique_ptr<LinePairTable>, 4> tables;
    static std::array<std::once_flag, 4> built;
    const int index = static_cast<int>(rule);
    std::call_once(built[index], [&] {
        const LineTable& black = line_table(line_rule(rule, Color::black), Color::black);
        const LineTable& white = line_table(line_rule(rule, Color::white), Color::white);
        auto pairs = std::make_unique<LinePairTable>();
        for (std::size_t key = 0; key < pairs->size(); ++key)
            (*pairs)[key] = {black[key], white[key]};
        tables[index] = std::move(pairs);
    });
    return *tables[index];
}

}  // namespace sente::gomoku
