#include "games/gomoku/renju.hpp"

#include <array>

namespace sente::gomoku {

namespace {

using Board = std::array<Stone, kPoints>;

int run_length(const Board& board, int point, int step) {
    int length = 1;
    for (int q = point - step; board[q] == kBlack; q -= step) ++length;
    for (int q = point + step; board[q] == kBlack; q += step) ++length;
    return length;
}

// The empty points on the line through `point` (black) that give exactly five through it.
struct Completions {
    std::array<int, 8> offsets{};
    int count = 0;
};

Completions completions(Board& board, int point, int step) {
    Completions found;
    for (int k = -4; k <= 4; ++k) {
        const int q = point + k * step;
        if (k == 0 || board[q] != kEmpty) continue;
        board[q] = kBlack;
        if (run_length(board, point, step) == 5) found.offsets[found.count++] = k;
        board[q] = kEmpty;
    }
    return found;
}

// Two completions five apart close the same four stones from both ends: a straight four.
bool has_straight_pair(const Completions& c) {
    for (int i = 0; i < c.count; ++i)
        for (int j = i + 1; j < c.count; ++j)
            if (c.offsets[j] - c.offsets[i] == 5) return true;
    return false;
}

int fours_on_line(Board& board, int point, int step) {
    const Completions c = completions(board, point, step);
    return has_straight_pair(c) ? c.count - 1 : c.count;
}

Foul foul_of(Board& board, int point);

// Whether black's stone on `point` makes a three along `step`: a stone that turns the line into a
// straight four through `point` and is itself allowed.
bool makes_three(Board& board, int point, int step) {
    for (int k = -4; k <= 4; ++k) {
        const int q = point + k * step;
        if (k == 0 || board[q] != kEmpty) continue;
        board[q] = kBlack;
        const bool straight = has_straight_pair(completions(board, point, step));
        board[q] = kEmpty;
        if (straight && foul_of(board, q) == Foul::none) return true;
    }
    return false;
}

// Black to play the empty `point` of `board`; the board is restored before returning.
Foul foul_of(Board& board, int point) {
    board[point] = kBlack;
    Foul foul = Foul::none;
    bool five = false;
    bool overline = false;
    for (const int step : kDirections) {
        const int length = run_length(board, point, step);
        five = five || length == 5;
        overline = overline || length > 5;
    }
    if (!five) {
        if (overline) {
            foul = Foul::overline;
        } else {
            int fours = 0;
            std::array<bool, 4> has_four{};
            for (int d = 0; d < 4; ++d) {
                const int n = fours_on_line(board, point, kDirections[d]);
                has_four[d] = n > 0;
                fours += n;
            }
            if (fours >= 2) {
                foul = Foul::double_four;
            } else {
                int threes = 0;
                for (int d = 0; d < 4 && threes < 2; ++d) {
                    if (!has_four[d] && makes_three(board, point, kDirections[d])) ++threes;
                }
                if (threes >= 2) foul = Foul::double_three;
            }
        }
    }
    board[point] = kEmpty;
    return foul;
}

}  // namespace

std::string_view to_string(Foul foul) {
    // By the Foul's value.
    constexpr std::array<std::string_view, 4> kNames = {"none", "overline", "double-four",
                                                        "double-three"};
    return kNames[static_cast<std::size_t>(foul)];
}

Foul renju_foul(const Position& pos, int point) {
    if (!pos.is_empty(point)) return Foul::none;
    Board board = pos.stones;
    return foul_of(board, point);
}

bool may_be_foul(const Position& pos, int point) {
    int threats = 0;
    for (int d = 0; d < 4; ++d) {
        const LinePattern p = pos.line(Color::black, d, point);
        if (p == kFive) return false;
        if (p == kOverline || p == kFlex4) threats += 2;
        if (p == kBlock4 || p == kFlex3) threats += 1;
    }
    return threats >= 2;
}

bool may_play(const Position& pos, Color color, int point) {
    if (pos.rule != Rule::renju || color != Color::black) return true;
    return !may_be_foul(pos, point) || renju_foul(pos, point) == Foul::none;
}

bool has_legal_point(const Position& pos) {
    bool found = false;  // once found, no further point is tested
    for_each_point(pos, [&](int point) { found = found || is_legal_point(pos, point); });
    return found;
}

}  // namespace sente::gomoku
