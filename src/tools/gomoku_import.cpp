#include "tools/gomoku_import.hpp"

#include <algorithm>
#include <charconv>
#include <fstream>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "games/gomoku/eval.hpp"
#include "games/gomoku/movegen.hpp"
#include "games/gomoku/notation.hpp"
#include "games/gomoku/position.hpp"
#include "search/score.hpp"
#include "sente/result.hpp"
#include "text/text.hpp"

namespace sente::tools {

namespace {

// One line of the data set, parsed.
struct Record {
    int size = 0;
    std::string_view rule;
    std::vector<std::pair<int, int>> moves;  // (x, y): column from the left, row from the top
    int result = 0;                          // 0 lost, 1 drawn, 2 won, for the side to move
    std::pair<int, int> move;                // the engine's move, as `moves`
    std::optional<int> eval;  // none when the engine's search gave no value (a forced move)
};

Error syntax_error(std::string message) {
    return make_error(ErrorCode::syntax_error, std::move(message));
}

bool parse_number(std::string_view text, int& value) {
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    return error == std::errc{} && end == text.data() + text.size();
}

// "H8I9J10": a capital letter and a row number a move.
bool parse_moves(std::string_view text, std::vector<std::pair<int, int>>& moves) {
    std::size_t i = 0;
    while (i < text.size()) {
        if (text[i] < 'A' || text[i] > 'Z') return false;
        const int x = text[i] - 'A';
        const std::size_t digits = ++i;
        while (i < text.size() && text[i] >= '0' && text[i] <= '9') ++i;
        int row = 0;
        if (!parse_number(text.substr(digits, i - digits), row) || row < 1) return false;
        moves.emplace_back(x, row - 1);
    }
    return true;
}

Result<Record> parse_record(std::string_view line) {
    std::vector<std::string_view> fields;
    for (std::size_t start = 0;;) {
        const std::size_t comma = line.find(',', start);
        fields.push_back(line.substr(start, comma - start));
        if (comma == std::string_view::npos) break;
        start = comma + 1;
    }
    if (fields.size() != 5) return syntax_error("expected SIZE,RULE,MOVES,RESULT,MOVE(EVAL)");
    Record record;
    if (!parse_number(fields[0], record.size)) return syntax_error("the size is not a number");
    record.rule = fields[1];
    if (!parse_moves(fields[2], record.moves)) return syntax_error("the moves do not parse");
    if (!parse_number(fields[3], record.result) || record.result < 0 || record.result > 2)
        return syntax_error("the result must be 0, 1 or 2");
    // The engine's move and its evaluation: "H8(-29)", perhaps with more "|MOVE(EVAL)" after.
    const std::string_view best = fields[4].substr(0, fields[4].find('|'));
    const std::size_t open = best.find('(');
    std::vector<std::pair<int, int>> move;
    if (!parse_moves(best.substr(0, open), move) || move.size() != 1)
        return syntax_error("the engine's move does not parse");
    record.move = move.front();
    if (open == std::string_view::npos) return record;
    int eval = 0;
    if (best.size() < open + 3 || best.back() != ')' ||
        !parse_number(best.substr(open + 1, best.size() - open - 2), eval))
        return syntax_error("the move's (EVAL) is not a number in parentheses");
    record.eval = eval;
    return record;
}

// The engine's evaluation in the search's units: a proven result as sente's own.
search::Score score_of(int eval) {
    if (eval >= search::kWinThreshold) return search::kWin;
    if (eval <= -search::kWinThreshold) return -search::kWin;
    return eval;
}

std::string_view result_text(int result) {
    static constexpr std::string_view kTexts[] = {"0", "0.5", "1"};
    return kTexts[result];
}

// A move of the data set (x from the left, y from the top) as sente's point, if on the board.
std::optional<gomoku::Move> move_of(std::pair<int, int> xy, int size) {
    const auto [x, y] = xy;
    if (x >= size || y >= size) return std::nullopt;
    return gomoku::move_at(gomoku::point_at(x, size - 1 - y));
}

// The position after the record's moves, or why they are not a game of this rule and size.
Result<gomoku::Position> replay(const Record& record, gomoku::Rule rule) {
    gomoku::Position pos = gomoku::empty_position(record.size, rule);
    gomoku::attach_network(pos, nullptr);  // the built-in evaluation's value is what is written
    for (const auto& xy : record.moves) {
        const auto on_board = move_of(xy, record.size);
        if (!on_board)
            return syntax_error(fmt::format("a move off the {0} x {0} board", record.size));
        const gomoku::Move move = *on_board;
        if (gomoku::is_game_over(pos)) return syntax_error("a move after the game was over");
        if (auto legal = gomoku::check_move(pos, move); !legal)
            return legal.error();  // it names the point
        gomoku::make_move(pos, move);
    }
    if (gomoku::is_game_over(pos)) return syntax_error("the game is over in this position");
    return pos;
}

// The policy's line for the engine's `move` in `pos` (gomoku_import.hpp).
std::string policy_line(const gomoku::Position& pos, gomoku::Move move) {
    gomoku::MoveList points;
    gomoku::generate_search_moves(pos, points, gomoku::MoveList::capacity());
    std::sort(points.begin(), points.end(),
              [](const auto& a, const auto& b) { return a.score > b.score; });
    std::string line =
        fmt::format("{} {}", gomoku::format_position(pos), gomoku::format_move(move));
    const std::size_t kept = std::min(points.size(), gomoku::kPolicyCandidates);
    for (std::size_t i = 0; i < kept; ++i)
        line += fmt::format(" {}:{}", gomoku::format_move(points[i].move), points[i].score);
    return line + "\n";
}

}  // namespace

int gomoku_import(const GomokuImportOptions& options, std::ostream& out, std::ostream& err) {
    const auto rule = gomoku::rule_of_game(options.game);
    if (!rule) {
        err << "sente train gomoku-import: --game " << options.game << " is not a Gomoku rule\n";
        return 1;
    }
    const std::string_view rule_name = gomoku::kRuleInfos[static_cast<std::size_t>(*rule)].name;
    std::ofstream file(options.output);
    if (!file) {
        err << "sente train gomoku-import: cannot write " << options.output << "\n";
        return 1;
    }
    std::size_t positions = 0;
    std::size_t without_eval = 0;  // no value to learn from: left out, and counted
    for (const std::string& path : options.inputs) {
        std::ifstream input(path);
        if (!input) {
            err << "sente train gomoku-import: cannot read " << path << "\n";
            return 1;
        }
        std::string line;
        for (int number = 1; std::getline(input, line); ++number) {
            const std::string_view trimmed = text::trim(line);
            if (trimmed.empty()) continue;
            auto failed = [&](std::string_view why) {
                err << fmt::format("sente train gomoku-import: {}:{}: {}\n", path, number, why);
                return 1;
            };
            const auto record = parse_record(trimmed);
            if (!record) return failed(record.error().message);
            if (text::lower(std::string(record->rule)) != rule_name)
                return failed(fmt::format("rule {}, not {}", record->rule, rule_name));
            if (record->size != options.size)
                return failed(fmt::format("size {}, not {}", record->size, options.size));
            const auto pos = replay(*record, *rule);
            if (!pos) return failed(pos.error().message);
            if (options.moves) {
                const auto move = move_of(record->move, record->size);
                if (!move || !gomoku::check_move(*pos, *move))
                    return failed("the engine's move is not legal here");
                if (!gomoku::order_decides(*pos)) continue;
                file << policy_line(*pos, *move);
                ++positions;
                continue;
            }
            if (!record->eval) {
                ++without_eval;
                continue;
            }
            file << fmt::format("{} {} {} {}\n", gomoku::format_position(*pos),
                                score_of(*record->eval), result_text(record->result),
                                gomoku::evaluate(*pos));
            ++positions;
        }
    }
    file.flush();
    if (!file) {
        err << "sente train gomoku-import: writing " << options.output << " failed\n";
        return 1;
    }
    out << positions << " positions\n";
    if (without_eval > 0)
        err << fmt::format(
            "sente train gomoku-import: {} positions without the engine's "
            "evaluation left out\n",
            without_eval);
    return 0;
}

}  // namespace sente::tools
