#include "tools/solve.hpp"

#include <algorithm>
#include <atomic>
#include <charconv>
#include <chrono>
#include <fstream>
#include <optional>
#include <ostream>
#include <regex>
#include <vector>

#include <fmt/format.h>

#include "games/reversi/endgame.hpp"
#include "games/reversi/notation.hpp"
#include "text/text.hpp"

namespace sente::tools {

namespace {

struct ObfLine {
    reversi::Position position;
    // The exact score of each listed move (square -> score); empty when the line lists none.
    std::vector<std::pair<int, int>> move_scores;
};

// "G8:+18" -> (square of g8, 18).
std::optional<std::pair<int, int>> parse_move_score(std::string_view item) {
    const auto colon = item.find(':');
    if (colon == std::string_view::npos) return std::nullopt;
    const auto move = reversi::parse_move(text::trim(item.substr(0, colon)), Orientation::native);
    if (!move || move->is_pass() || move->is_none()) return std::nullopt;
    std::string_view number = text::trim(item.substr(colon + 1));
    if (!number.empty() && number.front() == '+') number.remove_prefix(1);
    int score = 0;
    const auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), score);
    if (ec != std::errc{} || end != number.data() + number.size()) return std::nullopt;
    return std::pair{static_cast<int>(move->square), score};
}

Result<ObfLine> parse_obf(std::string_view line) {
    ObfLine parsed;
    const auto semicolon = line.find(';');
    auto position = reversi::parse_position(line.substr(0, semicolon));
    if (!position) return position.error();
    parsed.position = *position;
    if (semicolon == std::string_view::npos) return parsed;
    std::string_view rest = line.substr(semicolon + 1);
    while (!text::trim(rest).empty()) {
        const auto next = rest.find(';');
        const std::string_view item = text::trim(rest.substr(0, next));
        if (!item.empty()) {
            const auto move_score = parse_move_score(item);
            if (!move_score) {
                return make_error(ErrorCode::syntax_error,
                                  fmt::format("bad move score '{}'", item));
            }
            parsed.move_scores.push_back(*move_score);
        }
        if (next == std::string_view::npos) break;
        rest.remove_prefix(next + 1);
    }
    return parsed;
}

// fforum-40-59.obf numbers its positions from 40.
int first_number_from_name(const std::string& file) {
    static const std::regex kName(R"(fforum-(\d+)-\d+)");
    std::smatch match;
    if (std::regex_search(file, match, kName)) return std::stoi(match[1].str());
    return 1;
}

int sign(int x) { return (x > 0) - (x < 0); }

}  // namespace

std::optional<std::vector<PositionLine>> read_position_lines(const SolveOptions& options,
                                                             std::ostream& err) {
    if (!options.position.empty()) {
        return std::vector<PositionLine>{{std::string(text::trim(options.position)), "--position"}};
    }
    std::ifstream in(options.file);
    if (!in) {
        err << fmt::format("sente solve: cannot read {}\n", options.file);
        return std::nullopt;
    }
    std::vector<PositionLine> lines;
    std::string text;
    for (int number = 1; std::getline(in, text); ++number) {
        const std::string_view line = text::trim(text);
        if (line.empty() || line.front() == '%' || line.front() == '#') continue;
        lines.push_back({std::string(line), fmt::format("{}:{}", options.file, number)});
    }
    return lines;
}

int solve(const SolveOptions& options, std::ostream& out, std::ostream& err) {
    if (options.game == "soldiers") return solve_soldiers(options, out, err);
    const auto input = read_position_lines(options, err);
    if (!input) return 2;
    std::vector<ObfLine> lines;
    for (const PositionLine& line : *input) {
        auto parsed = parse_obf(line.text);
        if (!parsed) {
            err << fmt::format("sente solve: {}: {}\n", line.where, parsed.error().message);
            return 2;
        }
        lines.push_back(*parsed);
    }

    search::TranspositionTable tt;
    if (!tt.resize(options.hash_mb)) {
        err << fmt::format("sente solve: cannot allocate a {} MB table\n", options.hash_mb);
        return 2;
    }
    const std::atomic<bool> stop{false};
    const int alpha = options.win_loss_draw ? -1 : -64;
    const int beta = options.win_loss_draw ? 1 : 64;
    const int first =
        options.first_number > 0 ? options.first_number : first_number_from_name(options.file);

    out << fmt::format("solve {}: {} positions, {} thread{}, {} MB table{}\n",
                       options.file.empty() ? "--position" : options.file, lines.size(),
                       options.threads, options.threads == 1 ? "" : "s", options.hash_mb,
                       options.win_loss_draw ? ", win/loss/draw only" : "");
    out << fmt::format("{:>4} {:>7}  {:<4} {:>5} {:>8}  {:<5} {:>14} {:>9} {:>12}\n", "#",
                       "empties", "move", "score", "expected", "check", "nodes", "seconds",
                       "nodes/s");
    std::uint64_t total_nodes = 0;
    double total_seconds = 0;
    int wrong = 0;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const ObfLine& line = lines[i];
        tt.clear();  // each position on its own, as the published figures are
        const auto start = std::chrono::steady_clock::now();
        const reversi::EndgameResult result =
            reversi::solve_endgame(line.position, options.threads, tt, stop, alpha, beta);
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        total_nodes += result.nodes;
        total_seconds += seconds;

        std::string expected = "-";
        std::string check = "";
        if (!line.move_scores.empty()) {
            const auto best =
                std::max_element(line.move_scores.begin(), line.move_scores.end(),
                                 [](const auto& a, const auto& b) { return a.second < b.second; });
            expected = fmt::format("{:+d}", best->second);
            // Win/loss/draw compares signs; the move must be one the file scores as best.
            const bool score_ok = options.win_loss_draw ? sign(result.score) == sign(best->second)
                                                        : result.score == best->second;
            const auto listed =
                std::find_if(line.move_scores.begin(), line.move_scores.end(),
                             [&](const auto& ms) { return ms.first == result.best.square; });
            const bool move_ok = listed == line.move_scores.end() ||
                                 (options.win_loss_draw ? sign(listed->second) == sign(best->second)
                                                        : listed->second == best->second);
            check = score_ok && move_ok ? "OK" : "WRONG";
            if (!(score_ok && move_ok)) ++wrong;
        }
        out << fmt::format("{:>4} {:>7}  {:<4} {:>+5d} {:>8}  {:<5} {:>14} {:>9.3f} {:>12.0f}\n",
                           first + static_cast<int>(i), line.position.empty_count(),
                           reversi::format_move(result.best, Orientation::native), result.score,
                           expected, check, result.nodes, seconds,
                           seconds > 0 ? result.nodes / seconds : 0.0);
        out.flush();
    }
    out << fmt::format("total {} positions  nodes {}  time {:.3f} s  nodes/s {:.0f}  wrong {}\n",
                       lines.size(), total_nodes, total_seconds,
                       total_seconds > 0 ? total_nodes / total_seconds : 0.0, wrong);
    return wrong == 0 ? 0 : 1;
}

}  // namespace sente::tools
