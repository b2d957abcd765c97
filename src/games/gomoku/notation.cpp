#include "games/gomoku/notation.hpp"

#include <algorithm>
#include <cctype>
#include <vector>

#include <fmt/format.h>

#include "games/gomoku/renju.hpp"
#include "text/text.hpp"

namespace sente::gomoku {

namespace {

bool on_board(const Position& pos, int point) {
    const int column = column_of(point);
    const int row = row_of(point);
    return column >= 0 && column < pos.size && row >= 0 && row < pos.size;
}

}  // namespace

std::optional<Rule> rule_of_game(std::string_view id) {
    for (const RuleInfo& info : kRuleInfos) {
        if (info.id == id) return info.rule;
    }
    return std::nullopt;
}

Result<Move> parse_move(std::string_view text) {
    const auto bad = [&] {
        return make_error(ErrorCode::syntax_error,
                          fmt::format("'{}' is not a point (examples: h8, K10)", text));
    };
    if (text.size() < 2 || text.size() > 3) return bad();
    const std::size_t column = kColumnLetters.find(text::lower(text[0]));
    if (column == std::string_view::npos) return bad();
    int row = 0;
    for (const char c : text.substr(1)) {
        if (!std::isdigit(static_cast<unsigned char>(c))) return bad();
        row = row * 10 + (c - '0');
    }
    if (text[1] == '0' || row < 1 || row > kMaxSize) return bad();
    return Move{static_cast<std::uint16_t>(point_at(static_cast<int>(column), row - 1))};
}

std::string format_move(Move move) {
    if (move.is_none()) return "none";
    return fmt::format("{}{}", kColumnLetters[column_of(move.point)], row_of(move.point) + 1);
}

Result<void> check_move(const Position& pos, Move move) {
    if (move.is_none() || !on_board(pos, move.point)) {
        return make_error(
            ErrorCode::illegal_move,
            fmt::format("{} is off the {}x{} board", format_move(move), pos.size, pos.size));
    }
    if (is_game_over(pos)) return make_error(ErrorCode::illegal_move, "the game is over");
    if (!pos.is_empty(move.point)) {
        return make_error(ErrorCode::illegal_move,
                          fmt::format("{} is not empty", format_move(move)));
    }
    if (pos.rule == Rule::renju && pos.side == Color::black) {
        const Foul foul = renju_foul(pos, move.point);
        if (foul != Foul::none) {
            return make_error(
                ErrorCode::illegal_move,
                fmt::format("{} is forbidden for black ({})", format_move(move), to_string(foul)));
        }
    }
    return {};
}

Outcome outcome(const Position& pos) {
    Outcome result;
    if (pos.winner) {
        result.over = true;
        result.winner = pos.winner;
    } else if (pos.is_full() || !has_legal_point(pos)) {
        result.over = true;
    }
    return result;
}

std::string format_position(const Position& pos) {
    std::string text;
    for (int row = pos.size - 1; row >= 0; --row) {
        int empties = 0;
        for (int column = 0; column < pos.size; ++column) {
            const Stone stone = pos.stones[point_at(column, row)];
            if (stone == kEmpty) {
                ++empties;
                continue;
            }
            if (empties > 0) text += std::to_string(empties);
            empties = 0;
            text += stone == kBlack ? 'x' : 'o';
        }
        if (empties > 0) text += std::to_string(empties);
        if (row > 0) text += '/';
    }
    text += pos.side == Color::black ? " b" : " w";
    return text;
}

Result<Position> parse_position(std::string_view text, Rule rule) {
    const auto bad = [](std::string why) {
        return make_error(ErrorCode::syntax_error, "bad Gomoku position: " + why);
    };
    const std::size_t space = text.find(' ');
    if (space == std::string_view::npos) return bad("expected rows, a space and b or w");
    const std::string_view board = text.substr(0, space);
    std::string_view side = text.substr(space + 1);
    while (!side.empty() && side.back() == ' ') side.remove_suffix(1);
    if (side != "b" && side != "w" && side != "x" && side != "o")
        return bad("the side to move is b or w");

    std::vector<std::string_view> rows;
    for (std::size_t start = 0;;) {
        const std::size_t slash = board.find('/', start);
        rows.push_back(board.substr(start, slash - start));
        if (slash == std::string_view::npos) break;
        start = slash + 1;
    }
    const int size = static_cast<int>(rows.size());
    if (size < kMinSize || size > kMaxSize)
        return bad(fmt::format("{} rows; boards have {} to {}", size, kMinSize, kMaxSize));

    std::vector<PlacedStone> stones;
    for (int r = 0; r < size; ++r) {
        const int row = size - 1 - r;
        int column = 0;
        const std::string_view line = rows[r];
        for (std::size_t i = 0; i < line.size(); ++i) {
            const char c = text::lower(line[i]);
            if (std::isdigit(static_cast<unsigned char>(c))) {
                int run = 0;
                while (i < line.size() && std::isdigit(static_cast<unsigned char>(line[i])) &&
                       run <= kMaxSize) {
                    run = run * 10 + (line[i] - '0');
                    ++i;
                }
                --i;
                if (run == 0) return bad("an empty run of 0");
                column += run;
            } else if (c == 'x' || c == 'o') {
                if (column < size) {
                    stones.push_back(
                        {c == 'x' ? Color::black : Color::white, move_at(point_at(column, row))});
                }
                ++column;
            } else {
                return bad(fmt::format("'{}' in a row (x, o or a number)", line[i]));
            }
            if (column > size) break;
        }
        if (column != size) return bad(fmt::format("row {} does not have {} points", r + 1, size));
    }
    auto pos = position_of_stones(size, rule, stones,
                                  side == "b" || side == "x" ? Color::black : Color::white);
    if (!pos) return bad(pos.error().message);
    return pos;
}

Result<Position> position_of_stones(int size, Rule rule, std::span<const PlacedStone> stones,
                                    Color to_move) {
    if (size < kMinSize || size > kMaxSize)
        return make_error(ErrorCode::invalid_argument,
                          fmt::format("boards have {} to {} rows", kMinSize, kMaxSize));
    Position pos = empty_position(size, rule);
    for (const PlacedStone& stone : stones) {
        if (stone.point.is_none() || !on_board(pos, stone.point.point))
            return make_error(ErrorCode::invalid_argument,
                              fmt::format("{} is not on the board", format_move(stone.point)));
        if (pos.stones[stone.point.point] != kEmpty)
            return make_error(ErrorCode::invalid_argument,
                              fmt::format("{} is given twice", format_move(stone.point)));
        place_stone(pos, stone.point.point, stone.color);
    }
    set_side_to_move(pos, to_move);
    // A five already on the board ends the game.
    std::vector<Color> fives;
    for_each_point(pos, [&](int point) {
        const Stone stone = pos.stones[point];
        if (stone == kEmpty) return;
        const Color color = color_of(stone);
        if (has_five_at(pos, point, color) && (fives.empty() || fives.back() != color)) {
            fives.push_back(color);
        }
    });
    if (fives.size() > 1)
        return make_error(ErrorCode::invalid_argument, "both sides have five in a row");
    if (!fives.empty()) pos.winner = fives.front();
    return pos;
}

std::string board_rows(const Position& pos) {
    std::string rows;
    for (int row = pos.size - 1; row >= 0; --row) {
        for (int column = 0; column < pos.size; ++column) {
            const Stone stone = pos.stones[point_at(column, row)];
            rows += stone == kBlack ? 'X' : stone == kWhite ? 'O' : '.';
        }
        if (row > 0) rows += '\n';
    }
    return rows;
}

BoardView board_view(const Position& pos, Move last_move) {
    const Outcome result = outcome(pos);
    // Renju: black's forbidden points are marked when black is to move.
    const bool show_fouls = !result.over && pos.rule == Rule::renju && pos.side == Color::black;

    BoardView view;
    view.columns = pos.size;
    view.rows = pos.size;
    view.look = BoardView::Look::stones;
    for (int column = 0; column < pos.size; ++column) {
        view.column_labels.emplace_back(
            1, static_cast<char>(std::toupper(static_cast<unsigned char>(kColumnLetters[column]))));
    }
    int black = 0;
    int white = 0;
    bool any_foul = false;
    const int last = last_move.is_none() ? -1 : last_move.point;
    for (int row = pos.size - 1; row >= 0; --row) {
        view.row_labels.push_back(std::to_string(row + 1));
        for (int column = 0; column < pos.size; ++column) {
            const int point = point_at(column, row);
            const Stone stone = pos.stones[point];
            BoardView::Cell cell;
            if (stone == kBlack) cell.piece = Color::black;
            if (stone == kWhite) cell.piece = Color::white;
            black += stone == kBlack;
            white += stone == kWhite;
            if (show_fouls && pos.is_empty(point) && may_be_foul(pos, point) &&
                renju_foul(pos, point) != Foul::none) {
                cell.mark = BoardView::Mark::forbidden;
                any_foul = true;
            }
            cell.last = point == last;
            cell.name = format_move(move_at(point));
            view.cells.push_back(std::move(cell));
        }
    }

    std::string side_note;
    if (result.over) {
        side_note = fmt::format("Game over: {}", !result.winner ? "draw (board full)"
                                                 : *result.winner == Color::black ? "black wins"
                                                                                  : "white wins");
    } else {
        side_note = fmt::format("{} to move", to_string(pos.side));
    }
    view.notes = {
        fmt::format("X black {}", black),
        fmt::format("O white {}", white),
        side_note,
        result.over ? std::string{} : fmt::format("move {}", black + white + 1),
        fmt::format("rule {}", rule_name(pos.rule)),
        last_move.is_none() ? std::string{} : fmt::format("last move {}", format_move(last_move)),
        any_foul ? std::string("* forbidden for black") : std::string{},
    };
    return view;
}

}  // namespace sente::gomoku
