#include "tools/gomoku_policy_check.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <fstream>
#include <ostream>
#include <sstream>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "games/gomoku/eval.hpp"
#include "games/gomoku/movegen.hpp"
#include "games/gomoku/network.hpp"
#include "games/gomoku/notation.hpp"
#include "text/text.hpp"

namespace sente::tools {

namespace {

// How often the played point ranks first, among the first 5 and among the points a quiet node
// keeps (ties ranked ahead of it; a move that is no candidate misses).
struct Ranks {
    std::array<int, 3> hits{};
    void add(const std::vector<int>& values, int played) {
        if (played < 0) return;
        int ahead = 0;
        for (std::size_t i = 0; i < values.size(); ++i)
            ahead += static_cast<int>(i) != played && values[i] >= values[played];
        hits[0] += ahead < 1;
        hits[1] += ahead < 5;
        hits[2] += ahead < static_cast<int>(gomoku::kMaxQuietMoves);
    }
};

}  // namespace

int gomoku_policy_check(const GomokuPolicyCheckOptions& options, std::ostream& out,
                        std::ostream& err) {
    auto fail = [&](const std::string& message) {
        err << "sente train gomoku-policy-check: " << message << "\n";
        return 1;
    };
    const auto rule = gomoku::rule_of_game(options.game);
    if (!rule) return fail(fmt::format("--game {} is not a Gomoku rule", options.game));
    const auto net = gomoku::load_network(options.network);
    if (!net) return fail(net.error().message);
    const gomoku::Policy* policy = (*net)->policy.get();
    if (policy == nullptr) return fail(options.network + " has no policy");
    int positions = 0, compared = 0, largest = 0;
    Ranks built_in_ranks, policy_ranks;
    for (const std::string& path : options.inputs) {
        std::ifstream file(path);
        if (!file) return fail("cannot read " + path);
        std::string line;
        for (int number = 1; std::getline(file, line); ++number) {
            if (text::trim(line).empty()) continue;
            auto bad = [&](std::string_view why) {
                return fail(fmt::format("{}:{}: {}", path, number, why));
            };
            std::istringstream fields(line);
            std::string rows, side, played_text, word;
            if (!(fields >> rows >> side >> played_text)) return bad("not a policy line");
            const auto pos = gomoku::parse_position(rows + " " + side, *rule);
            if (!pos) return bad(pos.error().message);
            const auto played = gomoku::parse_move(played_text);
            if (!played) return bad("the move is not a point");
            std::vector<std::pair<gomoku::Move, int>> candidates;
            std::vector<int> expected;
            while (fields >> word) {
                const std::size_t colon = word.find(':');
                if (colon == std::string::npos) {
                    expected.push_back(std::atoi(word.c_str()));
                    continue;
                }
                const auto move = gomoku::parse_move(word.substr(0, colon));
                if (!move || !expected.empty()) return bad("a candidate is not POINT:VALUE");
                candidates.emplace_back(*move, std::atoi(word.c_str() + colon + 1));
            }
            if (!expected.empty() && expected.size() != candidates.size())
                return bad("not one expected value a candidate");
            std::vector<int> built_in_values, policy_values;
            int played_index = -1;
            for (std::size_t i = 0; i < candidates.size(); ++i) {
                const auto [move, written] = candidates[i];
                const int built_in = gomoku::built_in_order_value(*pos, move.point);
                if (built_in != written) {
                    return bad(
                        fmt::format("the built-in order value of {} is {}, the file says "
                                    "{} (written by another version of it?)",
                                    gomoku::format_move(move), built_in, written));
                }
                const int value = gomoku::policy_order_value(*policy, *pos, move.point, built_in);
                built_in_values.push_back(built_in);
                policy_values.push_back(value);
                if (move == *played) played_index = static_cast<int>(i);
                if (!expected.empty()) {
                    largest = std::max(largest, std::abs(value - expected[i]));
                    ++compared;
                }
            }
            built_in_ranks.add(built_in_values, played_index);
            policy_ranks.add(policy_values, played_index);
            ++positions;
        }
    }
    if (positions == 0) return fail("no positions");
    out << fmt::format("{} positions; the engine's move ranked   first    top 5   top {}\n",
                       positions, gomoku::kMaxQuietMoves);
    for (const auto& [name, ranks] :
         {std::pair{"built-in order", built_in_ranks}, std::pair{"policy", policy_ranks}}) {
        out << fmt::format("  {:30} {:5.1f} %  {:5.1f} %  {:5.1f} %\n", name,
                           100.0 * ranks.hits[0] / positions, 100.0 * ranks.hits[1] / positions,
                           100.0 * ranks.hits[2] / positions);
    }
    if (compared == 0) return 0;
    out << fmt::format("the trainer's values: {} compared, largest difference {} (tolerance {})\n",
                       compared, largest, options.tolerance);
    if (largest > options.tolerance)
        return fail("the engine's order values differ from the trainer's");
    return 0;
}

}  // namespace sente::tools
