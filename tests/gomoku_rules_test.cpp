// Gomoku rules: five under each rule, renju's fouls (RIF 9.2, 9.3: the shared edge cases and
// recursive cases of our own), the incremental threat state against a fresh rebuild and the
// definitions, moves taken back from their undo records, and the search's threat-restricted
// moves.

#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "games/gomoku/movegen.hpp"
#include "games/gomoku/notation.hpp"
#include "games/gomoku/position.hpp"
#include "games/gomoku/renju.hpp"

using namespace sente;
using namespace sente::gomoku;

namespace {

// Piskvork coordinates: x the column, y the row from the top, both from 0.
int at(int size, int x, int y) { return point_at(x, size - 1 - y); }

Position board_with(Rule rule, int size, const std::vector<std::pair<int, int>>& black,
                    const std::vector<std::pair<int, int>>& white, Color to_move) {
    Position pos = empty_position(size, rule);
    for (const auto& [x, y] : black) place_stone(pos, at(size, x, y), Color::black);
    for (const auto& [x, y] : white) place_stone(pos, at(size, x, y), Color::white);
    set_side_to_move(pos, to_move);
    return pos;
}

// A point's threat from its four line classes, by the definitions of position.hpp: the slow
// reference for the table the position reads it from.
Threat reference_threat(const std::array<LinePattern, 4>& lines) {
    const auto has = [&](LinePattern p) { return std::count(lines.begin(), lines.end(), p); };
    if (has(kFive) > 0) return kThreatFive;
    if (has(kFlex4) > 0 || has(kBlock4) >= 2) return kThreatFlexFour;
    if (has(kBlock4) > 0) return has(kFlex3) > 0 ? kThreatFourThree : kThreatFour;
    if (has(kFlex3) >= 2) return kThreatDoubleThree;
    return has(kFlex3) > 0 ? kThreatThree : kNoThreat;
}

// Plays `color` on (x, y) as a move (setting the side first) and tells whether it won.
bool wins(Position pos, Color color, int x, int y) {
    set_side_to_move(pos, color);
    make_move(pos, Move{static_cast<std::uint16_t>(at(pos.size, x, y))});
    return pos.winner == color;
}

std::vector<std::pair<int, int>> parse_points(const std::string& text) {
    std::vector<std::pair<int, int>> points;
    std::istringstream in(text);
    std::string item;
    while (in >> item) {
        const auto comma = item.find(',');
        points.emplace_back(std::stoi(item.substr(0, comma)), std::stoi(item.substr(comma + 1)));
    }
    return points;
}

std::string trim(const std::string& s) {
    const auto first = s.find_first_not_of(' ');
    const auto last = s.find_last_not_of(' ');
    return first == std::string::npos ? "" : s.substr(first, last - first + 1);
}

}  // namespace

TEST_CASE("five in a row under each rule") {
    // Black on a..d of the bottom row and f; e makes six (an overline).
    const std::vector<std::pair<int, int>> six = {{0, 14}, {1, 14}, {2, 14}, {3, 14}, {5, 14}};
    CHECK(wins(board_with(Rule::freestyle, 15, six, {}, Color::black), Color::black, 4, 14));
    CHECK_FALSE(wins(board_with(Rule::standard, 15, six, {}, Color::black), Color::black, 4, 14));
    CHECK_FALSE(wins(board_with(Rule::renju, 15, six, {}, Color::white), Color::black, 4, 14));
    // Renju: white's overline wins.
    CHECK(wins(board_with(Rule::renju, 15, {}, six, Color::white), Color::white, 4, 14));
    CHECK(wins(board_with(Rule::caro, 15, six, {}, Color::black), Color::black, 4, 14));

    // Exactly five wins everywhere.
    const std::vector<std::pair<int, int>> four = {{3, 7}, {4, 7}, {5, 7}, {6, 7}};
    for (const Rule rule : {Rule::freestyle, Rule::standard, Rule::renju, Rule::caro})
        CHECK(wins(board_with(rule, 15, four, {}, Color::black), Color::black, 7, 7));

    // Caro: a five with the opponent's stones on both ends does not win; one end open does; the
    // board's edge is no block.
    const std::vector<std::pair<int, int>> caps = {{2, 7}, {8, 7}};
    CHECK_FALSE(wins(board_with(Rule::caro, 15, four, caps, Color::black), Color::black, 7, 7));
    CHECK(wins(board_with(Rule::caro, 15, four, {{2, 7}}, Color::black), Color::black, 7, 7));
    CHECK(wins(board_with(Rule::freestyle, 15, four, caps, Color::black), Color::black, 7, 7));
    const std::vector<std::pair<int, int>> edge = {{0, 3}, {1, 3}, {2, 3}, {3, 3}};
    CHECK(wins(board_with(Rule::caro, 15, edge, {{5, 3}}, Color::black), Color::black, 4, 3));

    // Diagonals, and five on the smallest board.
    CHECK(wins(board_with(Rule::standard, 5, {{0, 0}, {1, 1}, {2, 2}, {3, 3}}, {}, Color::black),
               Color::black, 4, 4));
    CHECK(wins(board_with(Rule::standard, 5, {{4, 0}, {3, 1}, {1, 3}, {0, 4}}, {}, Color::black),
               Color::black, 2, 2));
}

TEST_CASE("a full board without five is a draw") {
    // 5 x 5 filled in a pattern with no four in a row for either side.
    Position pos = empty_position(5, Rule::freestyle);
    const char* rows[5] = {"xxoox", "ooxxo", "xxoox", "ooxxo", "xxoox"};
    for (int y = 0; y < 5; ++y)
        for (int x = 0; x < 5; ++x)
            place_stone(pos, at(5, x, y), rows[y][x] == 'x' ? Color::black : Color::white);
    CHECK(is_game_over(pos));
    const Outcome result = outcome(pos);
    CHECK(result.over);
    CHECK_FALSE(result.winner.has_value());
}

TEST_CASE("renju: black left with only fouls ends the game drawn") {
    // 15 x 15 filled with no five, but for H8, where black's stone would make seven in a row
    // (xxx.xxx on row 8, walled by white). With black to move it is renju's only empty point.
    constexpr const char* kOnlyAFoul =
        "xxooxxooxoooxxo/ooxxooxxooxxoox/xxooxxooxxooxxo/ooxxooxxooxxoox/xxooxxooxoooxxo/"
        "ooxxooxxooxxoox/xxooxxooxxooxxo/ooxoxxx1xxxooox/xxooxxooxxooxxo/ooxxooxxooxxoox/"
        "xxooxxooxxooxxo/ooxxooxxooxxoox/xxooxxooxxooxxo/ooxxooxxooxxoox/xxooxxooxxooxxo b";
    const auto renju = parse_position(kOnlyAFoul, Rule::renju);
    REQUIRE(renju);
    const int hole = at(15, 7, 7);
    REQUIRE(renju->is_empty(hole));
    CHECK(renju_foul(*renju, hole) == Foul::overline);
    CHECK_FALSE(has_legal_point(*renju));
    CHECK_FALSE(renju->is_full());
    const Outcome drawn = outcome(*renju);
    CHECK(drawn.over);
    CHECK_FALSE(drawn.winner.has_value());
    MoveList legal;
    generate_legal_moves(*renju, legal);
    CHECK(legal.empty());

    // The same board under freestyle: black's seven wins there, so the game goes on.
    const auto freestyle = parse_position(kOnlyAFoul, Rule::freestyle);
    REQUIRE(freestyle);
    CHECK(has_legal_point(*freestyle));
    CHECK_FALSE(outcome(*freestyle).over);

    // White to move on it plays the foul point, and may.
    Position white = *renju;
    set_side_to_move(white, Color::white);
    CHECK(has_legal_point(white));
    CHECK_FALSE(outcome(white).over);
}

TEST_CASE("renju fouls: the RIF edge cases of the shared data") {
    std::ifstream in(SENTE_TEST_DATA "/gomoku/renju-rif-edge-cases.txt");
    REQUIRE(in);
    std::string line;
    int cases = 0;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        std::vector<std::string> fields;
        std::istringstream split(line);
        for (std::string field; std::getline(split, field, '|');) fields.push_back(trim(field));
        REQUIRE(fields.size() == 4);
        const Position pos = board_with(Rule::renju, 15, parse_points(fields[1]), {}, Color::black);
        const auto [x, y] = parse_points(fields[2]).front();
        const int point = at(15, x, y);
        const std::string& expect = fields[3];
        CAPTURE(fields[0]);
        const Foul foul = renju_foul(pos, point);
        if (expect == "legal") {
            CHECK(foul == Foul::none);
            CHECK(is_legal_point(pos, point));
            CHECK_FALSE(wins(pos, Color::black, x, y));
        } else if (expect == "five") {
            CHECK(foul == Foul::none);
            CHECK(wins(pos, Color::black, x, y));
        } else {
            CHECK(std::string("forbidden:") + std::string(to_string(foul)) == expect);
            CHECK_FALSE(is_legal_point(pos, point));
            CHECK(may_be_foul(pos, point));
        }
        ++cases;
    }
    CHECK(cases == 10);
}

TEST_CASE("renju fouls: our own cases") {
    SUBCASE("a five wins even as a double-four or with an overline elsewhere") {
        // Horizontal: four to the left (exactly five); vertical: a four below.
        const Position pos =
            board_with(Rule::renju, 15, {{3, 7}, {4, 7}, {5, 7}, {6, 7}, {7, 4}, {7, 5}, {7, 6}},
                       {}, Color::black);
        CHECK(renju_foul(pos, at(15, 7, 7)) == Foul::none);
        CHECK(wins(pos, Color::black, 7, 7));
        const Position over =
            board_with(Rule::renju, 15,
                       {{3, 7}, {4, 7}, {5, 7}, {6, 7}, {7, 2}, {7, 3}, {7, 4}, {7, 5}, {7, 6}}, {},
                       Color::black);
        CHECK(renju_foul(over, at(15, 7, 7)) == Foul::none);
        CHECK(wins(over, Color::black, 7, 7));
    }
    SUBCASE("X.XXX.X: the middle stone makes two fours on one line") {
        const Position pos =
            board_with(Rule::renju, 15, {{3, 7}, {5, 7}, {7, 7}, {9, 7}}, {}, Color::black);
        // Playing (6,7) gives X.XX X.X -> stones 3,5,6,7,9: completions 4 (3..7) and 8 (5..9).
        CHECK(renju_foul(pos, at(15, 6, 7)) == Foul::double_four);
        CHECK(renju_foul(board_with(Rule::freestyle, 15, {{3, 7}, {5, 7}, {7, 7}, {9, 7}}, {},
                                    Color::black),
                         at(15, 6, 7)) == Foul::double_four);  // the definition ignores the rule
        Position freestyle =
            board_with(Rule::freestyle, 15, {{3, 7}, {5, 7}, {7, 7}, {9, 7}}, {}, Color::black);
        CHECK(is_legal_point(freestyle, at(15, 6, 7)));  // but only renju forbids it
    }
    SUBCASE("an open four alone is allowed") {
        const Position pos =
            board_with(Rule::renju, 15, {{4, 7}, {5, 7}, {6, 7}}, {}, Color::black);
        CHECK(renju_foul(pos, at(15, 7, 7)) == Foul::none);
    }
    SUBCASE("a blocked three is no three: three plus blocked three is allowed") {
        // Horizontal XX_ with white at the left end: O X X P _ _ (no straight four possible
        // leftwards, rightwards XXXX would need 4..7 with 3 white: 5,6,7,8 with 4 and 9 empty
        // is straight). Use a white stone on both sides instead.
        const Position pos = board_with(Rule::renju, 15, {{5, 7}, {6, 7}, {7, 5}, {7, 6}},
                                        {{4, 7}, {9, 7}}, Color::black);
        // Horizontal: O X X P _ O: no straight four. Vertical: an open three. One three.
        CHECK(renju_foul(pos, at(15, 7, 7)) == Foul::none);
        // Without the white stones it is the double-three of the shared cases.
        const Position open =
            board_with(Rule::renju, 15, {{5, 7}, {6, 7}, {7, 5}, {7, 6}}, {}, Color::black);
        CHECK(renju_foul(open, at(15, 7, 7)) == Foul::double_three);
    }
    SUBCASE("a three whose only straight four is a foul is no three (recursive)") {
        // P = (7,7). Horizontal: O _ X X P _ _ O with white at 3 and 10: only Q = (8,7) makes a
        // straight four (5..8). Vertical: P with (7,8), (7,9): an open three.
        const std::vector<std::pair<int, int>> base = {{5, 7}, {6, 7}, {7, 8}, {7, 9}};
        const std::vector<std::pair<int, int>> white = {{3, 7}, {10, 7}};
        const Position plain = board_with(Rule::renju, 15, base, white, Color::black);
        CHECK(renju_foul(plain, at(15, 7, 7)) == Foul::double_three);
        // Q becomes a foul once P is played: vertical (8,5), (8,6) and diagonal (9,8), (10,9)
        // give Q two more threes beside its four.
        std::vector<std::pair<int, int>> guarded = base;
        for (const auto& p : std::vector<std::pair<int, int>>{{8, 5}, {8, 6}, {9, 8}, {10, 9}})
            guarded.push_back(p);
        const Position pos = board_with(Rule::renju, 15, guarded, white, Color::black);
        Position after = pos;
        place_stone(after, at(15, 7, 7), Color::black);
        CHECK(renju_foul(after, at(15, 8, 7)) != Foul::none);
        CHECK(renju_foul(pos, at(15, 7, 7)) == Foul::none);
    }
    SUBCASE("a four whose completion is an overline is no four") {
        // Horizontal X X P _ X X: filling the gap makes six, so no four there; with a vertical
        // four through P that is one four, allowed. Freestyle counts it (double-four shape).
        const std::vector<std::pair<int, int>> stones = {{2, 7}, {3, 7}, {6, 7}, {7, 7},
                                                         {4, 8}, {4, 9}, {4, 10}};
        const Position pos = board_with(Rule::renju, 15, stones, {}, Color::black);
        CHECK(renju_foul(pos, at(15, 4, 7)) == Foul::none);
        // With the right-hand pair one point further out (X X P _ X . X) it is a four: a foul.
        const Position four =
            board_with(Rule::renju, 15, {{2, 7}, {3, 7}, {6, 7}, {8, 7}, {4, 8}, {4, 9}, {4, 10}},
                       {}, Color::black);
        CHECK(renju_foul(four, at(15, 4, 7)) == Foul::double_four);
    }
    SUBCASE("white is never fouled, and check_move names the foul") {
        const Position pos =
            board_with(Rule::renju, 15, {{5, 7}, {6, 7}, {7, 5}, {7, 6}}, {}, Color::black);
        const auto checked = check_move(pos, Move{static_cast<std::uint16_t>(at(15, 7, 7))});
        REQUIRE_FALSE(checked);
        CHECK(checked.error().message.find("double-three") != std::string::npos);
        Position as_white =
            board_with(Rule::renju, 15, {}, {{5, 7}, {6, 7}, {7, 5}, {7, 6}}, Color::white);
        CHECK(check_move(as_white, Move{static_cast<std::uint16_t>(at(15, 7, 7))}));
    }
}

TEST_CASE("the incremental threat state equals a fresh build, over random games") {
    std::mt19937 rng(20261123);
    // classify_line builds its whole memo on every call: each distinct window (two bits a
    // point, per colour) is classified once and kept here.
    std::array<std::vector<int>, 2> classified;
    for (auto& table : classified) table.assign(1 << 18, -1);
    const auto defined_class = [&](const std::array<Stone, 9>& window, Color color) {
        int code = 0;
        for (const Stone stone : window) code = code * 4 + stone;
        int& known = classified[index_of(color)][code];
        if (known < 0) known = classify_line(LineRule::at_least_five, window, color);
        return static_cast<LinePattern>(known);
    };
    for (const Rule rule : {Rule::freestyle, Rule::standard, Rule::renju, Rule::caro}) {
        for (int game = 0; game < 6; ++game) {
            const int size = std::uniform_int_distribution<int>(kMinSize, kMaxSize)(rng);
            Position pos = empty_position(size, rule);
            std::vector<Move> played;
            while (!is_game_over(pos)) {
                MoveList moves;
                generate_legal_moves(pos, moves);
                if (moves.empty()) break;
                const Move move =
                    moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)]
                        .move;
                make_move(pos, move);
                played.push_back(move);
                // Now and then take a move back and play it again.
                if (rng() % 5 == 0 && !is_game_over(pos)) {
                    unmake_move(pos, move);
                    make_move(pos, move);
                }
                const auto fresh = parse_position(format_position(pos), rule);
                REQUIRE(fresh);
                CAPTURE(format_position(pos));
                CHECK(fresh->key == pos.key);
                // Classes are kept for empty points only (occupied ones are never asked).
                bool same_points = true;
                for_each_point(pos, [&](int point) {
                    const PointState& a = fresh->points[point];
                    const PointState& b = pos.points[point];
                    same_points &= a.keys == b.keys && a.near == b.near;
                    if (!pos.is_empty(point)) return;
                    same_points &= a.lines == b.lines && a.threats == b.threats &&
                                   a.values == b.values && a.line_sums == b.line_sums &&
                                   a.shape_codes == b.shape_codes;
                    // And against the definitions, from the stones themselves: each line's class
                    // (freestyle, where the nine-point window decides a five) and the threat.
                    for (const Color color : {Color::black, Color::white}) {
                        const auto& lines = b.lines[index_of(color)];
                        for (int d = 0; d < 4 && rule == Rule::freestyle; ++d) {
                            std::array<Stone, 9> window{};
                            for (int k = -4; k <= 4; ++k)
                                window[k + 4] = pos.stones[point + k * kDirections[d]];
                            same_points &= lines[d] == defined_class(window, color);
                        }
                        same_points &= b.threats[index_of(color)] == reference_threat(lines);
                        int shape = 0;
                        for (int d = 0; d < 4; ++d) shape += kShapeLevel[lines[d]] * kShapeDigit[d];
                        same_points &= b.shape_codes[index_of(color)] == shape;
                    }
                });
                CHECK(same_points);
                CHECK(fresh->threat_counts == pos.threat_counts);
                CHECK(fresh->value_sums == pos.value_sums);
                CHECK(fresh->stone_lines == pos.stone_lines);
                CHECK(fresh->shape_sums == pos.shape_sums);
                CHECK(fresh->winner == pos.winner);
            }
            // Unwinding the whole game gives the empty board back.
            for (auto it = played.rbegin(); it != played.rend(); ++it) unmake_move(pos, *it);
            const Position empty = empty_position(size, rule);
            CHECK(pos.key == empty.key);
            CHECK(pos.stones == empty.stones);
            CHECK(pos.points == empty.points);
            CHECK(pos.value_sums == empty.value_sums);
            CHECK(pos.stone_lines == empty.stone_lines);
            CHECK(pos.shape_sums == empty.shape_sums);
        }
    }
}

TEST_CASE("shapes: each code's shape is its two strongest lines, and the numbering inverts") {
    using namespace sente::gomoku;
    std::array<int, kShapes> codes_of{};
    for (int code = 0; code < kShapeCodes; ++code) {
        std::array<int, 4> levels{};
        for (int d = 0; d < 4; ++d) levels[d] = code / kShapeDigit[d] % kShapeLevels;
        std::sort(levels.begin(), levels.end(), std::greater<>());
        const int index = shape_index(static_cast<ShapeCode>(code));
        const Shape shape = shape_of_index(index);
        CHECK(kShapeLevel[shape.first] == levels[0]);
        CHECK(kShapeLevel[shape.second] == levels[1]);
        ++codes_of[index];
    }
    for (int index = 0; index < kShapes; ++index) {
        CAPTURE(index);
        CHECK(codes_of[index] > 0);  // every number is some shape's
        CHECK(shape_index(shape_of_index(index)) == index);
    }
}

TEST_CASE("moves taken back from their undo records restore the position exactly") {
    // The search's and the threat searches' make and unmake copy the changed points back
    // instead of recomputing them: nested three deep from every position of random games,
    // unwinding must give back every byte the position had, occupied points included.
    const auto same = [](const Position& a, const Position& b) {
        return a.stones == b.stones && a.points == b.points && a.threat_counts == b.threat_counts &&
               a.value_sums == b.value_sums && a.stone_lines == b.stone_lines &&
               a.shape_sums == b.shape_sums && a.key == b.key && a.stone_count == b.stone_count &&
               a.side == b.side && a.winner == b.winner;
    };
    std::mt19937 rng(20261127);
    for (const Rule rule : {Rule::freestyle, Rule::standard, Rule::renju, Rule::caro}) {
        for (int game = 0; game < 4; ++game) {
            const int size = std::uniform_int_distribution<int>(kMinSize, kMaxSize)(rng);
            Position pos = empty_position(size, rule);
            const auto random_move = [&](const Position& p) {
                MoveList moves;
                generate_legal_moves(p, moves);
                return moves.empty() ? Move::none()
                                     : moves[std::uniform_int_distribution<std::size_t>(
                                                 0, moves.size() - 1)(rng)]
                                           .move;
            };
            bool all_same = true;
            while (!is_game_over(pos)) {
                const Position before = pos;
                std::array<MoveUndo, 3> undo;
                std::array<Move, 3> played{};
                int depth = 0;
                while (depth < 3 && !is_game_over(pos)) {
                    played[depth] = random_move(pos);
                    if (played[depth].is_none()) break;
                    make_move(pos, played[depth], undo[depth]);
                    ++depth;
                }
                for (int i = depth - 1; i >= 0; --i) unmake_move(pos, played[i], undo[i]);
                all_same &= same(pos, before);
                const Move next = random_move(pos);
                if (next.is_none()) break;
                make_move(pos, next);
            }
            CAPTURE(format_position(pos));
            CHECK(all_same);
        }
    }
}

TEST_CASE("threats restrict the search's moves") {
    SUBCASE("make five when you can") {
        const Position pos = board_with(Rule::freestyle, 15, {{3, 7}, {4, 7}, {5, 7}, {6, 7}},
                                        {{3, 8}, {4, 8}, {5, 8}}, Color::black);
        MoveList moves;
        generate_search_moves(pos, moves);
        REQUIRE(moves.size() == 1);
        CHECK((moves[0].move.point == at(15, 7, 7) || moves[0].move.point == at(15, 2, 7)));
    }
    SUBCASE("block the opponent's five") {
        const Position pos = board_with(Rule::freestyle, 15, {{3, 8}, {4, 8}, {9, 9}},
                                        {{3, 7}, {4, 7}, {5, 7}, {6, 7}}, Color::black);
        MoveList moves;
        generate_search_moves(pos, moves);
        std::vector<int> points;
        for (const auto& entry : moves) points.push_back(entry.move.point);
        std::sort(points.begin(), points.end());
        std::vector<int> expected = {at(15, 2, 7), at(15, 7, 7)};
        std::sort(expected.begin(), expected.end());
        CHECK(points == expected);
    }
    SUBCASE("an open three is answered at its points or with a four") {
        const Position pos = board_with(Rule::freestyle, 15, {{0, 0}, {1, 1}},
                                        {{5, 7}, {6, 7}, {7, 7}}, Color::black);
        MoveList moves;
        generate_search_moves(pos, moves);
        for (const auto& entry : moves) {
            const int row = row_of(entry.move.point);
            CAPTURE(format_move(entry.move));
            CHECK(row == row_of(at(15, 0, 7)));  // every defence is on the three's line
        }
        CHECK(moves.size() == 4);  // (3,7), (4,7), (8,7), (9,7)
    }
    SUBCASE("a four-three threat alone restricts nothing") {
        // White threatens (8,7): a four on row 7 (blocked by black at (4,7)) and an open three
        // on column 8 at once. Black may also meet it on the column, at (8,8) or (8,4), where
        // white would make no four: those points must stay in play.
        const Position pos = board_with(Rule::freestyle, 15, {{4, 7}, {0, 0}, {12, 12}},
                                        {{5, 7}, {6, 7}, {7, 7}, {8, 5}, {8, 6}}, Color::black);
        REQUIRE(pos.threat(Color::white, at(15, 8, 7)) == kThreatFourThree);
        REQUIRE(pos.count(Color::white, kThreatFlexFour) == 0);
        MoveList moves;
        generate_search_moves(pos, moves);
        generate_omitted_moves(pos, moves);
        std::vector<int> points;
        for (const auto& entry : moves) points.push_back(entry.move.point);
        for (const int defence : {at(15, 8, 8), at(15, 8, 4)}) {
            CAPTURE(defence);
            CHECK(std::find(points.begin(), points.end(), defence) != points.end());
        }
    }
}

TEST_CASE("the quiet points left out are given back, each once") {
    std::mt19937 random(7);
    for (int game = 0; game < 20; ++game) {
        Position pos = empty_position(15, Rule::freestyle);
        for (int ply = 0; ply < 30 && !is_game_over(pos); ++ply) {
            MoveList kept;
            MoveList omitted;
            generate_search_moves(pos, kept);
            generate_omitted_moves(pos, omitted);
            MoveList all;
            generate_search_moves(pos, all, all.capacity());
            std::vector<int> together;
            for (const auto& entry : kept) together.push_back(entry.move.point);
            for (const auto& entry : omitted) together.push_back(entry.move.point);
            std::vector<int> expected;
            for (const auto& entry : all) expected.push_back(entry.move.point);
            std::sort(together.begin(), together.end());
            std::sort(expected.begin(), expected.end());
            CHECK(together == expected);  // nothing lost, nothing twice
            CHECK(kept.size() == std::min(all.size(), kMaxQuietMoves));
            // Every omitted point is worth no more than the least kept one.
            int least_kept = 1 << 30;
            for (const auto& entry : kept) least_kept = std::min(least_kept, entry.score);
            for (const auto& entry : omitted) CHECK(entry.score <= least_kept);
            make_move(pos, kept[random() % kept.size()].move);
        }
    }
}

TEST_CASE("notation: vertices and position text") {
    CHECK(format_move(*parse_move("h8")) == "h8");
    CHECK(format_move(*parse_move("J10")) == "j10");
    CHECK(format_move(*parse_move("w22")) == "w22");
    CHECK(column_of(parse_move("j1")->point) == 8);  // no I
    for (const char* bad : {"i5", "a0", "a23", "z1", "h", "", "h8x", "a-1", "a08"})
        CHECK_FALSE(parse_move(bad));

    Position pos = empty_position(15, Rule::renju);
    CHECK(format_position(pos) == "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 b");
    make_move(pos, *parse_move("h8"));
    const std::string text = format_position(pos);
    CHECK(text == "15/15/15/15/15/15/15/7x7/15/15/15/15/15/15/15 w");
    const auto back = parse_position(text, Rule::renju);
    REQUIRE(back);
    CHECK(back->key == pos.key);
    for (const char* bad : {"", "15 b", "5/5/5/5/5", "5/5/5/5/6 b", "5/5/5/5/4 b", "5/5/5/5/5 q",
                            "5/5/5/5/0x4 b", "xxxxx/5/5/5/ooooo b"})
        CHECK_FALSE(parse_position(bad, Rule::freestyle));
    // A five on the board ends the game.
    const auto won = parse_position("xxxxx/oooo1/5/5/5 w", Rule::freestyle);
    REQUIRE(won);
    CHECK(won->winner == Color::black);
    CHECK(is_game_over(*won));
}
