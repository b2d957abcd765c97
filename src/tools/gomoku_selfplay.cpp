#include "tools/gomoku_selfplay.hpp"

#include <algorithm>
#include <array>
#include <fstream>
#include <optional>
#include <ostream>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "games/gomoku/eval.hpp"
#include "games/gomoku/notation.hpp"
#include "games/gomoku/position.hpp"
#include "sente/session.hpp"

namespace sente::tools {

namespace {

// A position written before its game's result is known.
struct Pending {
    std::string text;
    int score;
    int built_in;  // the built-in evaluation's static value
    Color side;
};

std::string result_for(const Outcome& outcome, Color side) {
    if (!outcome.winner) return "0.5";
    return *outcome.winner == side ? "1" : "0";
}

// The empty points within `radius` of the centre, as moves.
std::vector<std::string> central_points(int size, int radius) {
    std::vector<std::string> points;
    const int centre = size / 2;
    for (int row = centre - radius; row <= centre + radius; ++row)
        for (int column = centre - radius; column <= centre + radius; ++column)
            if (row >= 0 && row < size && column >= 0 && column < size)
                points.push_back(
                    gomoku::format_move(gomoku::move_at(gomoku::point_at(column, row))));
    return points;
}

// The empty points with a stone within two points, as moves: where a random move of the game
// goes (a random point anywhere would mostly be a wasted move, which the data need not teach).
std::vector<std::string> points_near_stones(const gomoku::Position& pos, const Session& session) {
    std::vector<std::string> points;
    for (const std::string& move : session.legal_moves()) {
        const auto parsed = gomoku::parse_move(move);
        if (parsed && pos.nearby(parsed->point) > 0) points.push_back(move);
    }
    return points;
}

std::uint64_t game_seed(std::uint64_t seed, int game) {
    std::seed_seq sequence{static_cast<std::uint32_t>(seed), static_cast<std::uint32_t>(seed >> 32),
                           static_cast<std::uint32_t>(game)};
    std::array<std::uint32_t, 2> words{};
    sequence.generate(words.begin(), words.end());
    return (static_cast<std::uint64_t>(words[0]) << 32) | words[1];
}

// Plays one game and appends its positions to `lines`; false if the session refused something
// (a message on `err`).
bool play_game(Session& session, gomoku::Rule rule, const GomokuSelfPlayOptions& options,
               std::mt19937_64& random, std::vector<std::string>& lines, std::ostream& err) {
    session.new_game();
    std::uniform_int_distribution<int> stones(options.opening_min, options.opening_max);
    auto central = central_points(session.board_size(), options.opening_radius);
    std::shuffle(central.begin(), central.end(), random);
    const int opening = std::min<int>(stones(random), static_cast<int>(central.size()));
    for (int i = 0; i < opening; ++i) {
        if (!session.play(central[i])) return true;  // a renju foul: one stone fewer
    }
    std::vector<Pending> pending;
    std::bernoulli_distribution random_move(options.random_rate);
    SearchLimits limits;
    limits.nodes = options.nodes;
    while (!session.outcome().over) {
        const Color side = session.side_to_move();
        const std::string text = session.position_text();
        const auto parsed = gomoku::parse_position(text, rule);
        if (!parsed) {
            err << "sente train gomoku-selfplay: " << parsed.error().message << "\n";
            return false;
        }
        gomoku::Position pos = *parsed;
        gomoku::attach_network(pos, nullptr);  // for the built-in evaluation's value
        const bool quiet = pos.count(Color::black, gomoku::kThreatFive) == 0 &&
                           pos.count(Color::white, gomoku::kThreatFive) == 0;
        const bool random_now = quiet && random_move(random);
        const auto report = session.genmove(side, limits, !random_now);
        if (!report) {
            err << "sente train gomoku-selfplay: " << report.error().message << "\n";
            return false;
        }
        if (report->pass) break;
        pending.push_back({text, report->search.score, gomoku::evaluate(pos), side});
        if (!random_now) continue;
        const auto near = points_near_stones(pos, session);
        std::uniform_int_distribution<std::size_t> pick(0, near.size() - 1);
        if (near.empty() || !session.play(near[pick(random)])) {
            if (!session.play(report->move)) return false;
        }
    }
    const Outcome outcome = session.outcome();
    for (const Pending& p : pending)
        lines.push_back(
            fmt::format("{} {} {} {}", p.text, p.score, result_for(outcome, p.side), p.built_in));
    return true;
}

}  // namespace

int gomoku_self_play(const GomokuSelfPlayOptions& options, std::ostream& out, std::ostream& err) {
    if (options.opening_min > options.opening_max) {
        err << "sente train gomoku-selfplay: --opening-min above --opening-max\n";
        return 1;
    }
    if (options.network == "none") {
        Session::use_hand_made_gomoku_evaluation();
    } else if (!options.network.empty()) {
        if (auto used = Session::use_gomoku_network(options.network); !used) {
            err << "sente train gomoku-selfplay: " << used.error().message << "\n";
            return 1;
        }
    }
    EngineSettings settings;
    settings.hash_mb = 16;
    settings.book = false;
    settings.seed = options.seed;
    Session session(settings);
    if (auto selected = session.select_game(options.game, options.size); !selected) {
        err << "sente train gomoku-selfplay: " << selected.error().message << "\n";
        return 1;
    }
    const auto game_rule = gomoku::rule_of_game(session.game().id);
    if (!game_rule) {
        err << "sente train gomoku-selfplay: " << options.game << " is not a Gomoku rule\n";
        return 1;
    }
    if (auto set = session.set_level(options.level); !set) {
        err << "sente train gomoku-selfplay: " << set.error().message << "\n";
        return 1;
    }
    std::ofstream file(options.output);
    if (!file) {
        err << "sente train gomoku-selfplay: cannot write " << options.output << "\n";
        return 1;
    }
    std::size_t positions = 0;
    int played = 0;
    for (int game = 0; game < options.games; ++game) {
        if (game % options.shard_count != options.shard_index - 1) continue;
        std::mt19937_64 random(game_seed(options.seed, game));
        std::vector<std::string> lines;
        if (!play_game(session, *game_rule, options, random, lines, err)) return 1;
        for (const std::string& line : lines) file << line << '\n';
        file.flush();
        positions += lines.size();
        ++played;
    }
    if (!file) {
        err << "sente train gomoku-selfplay: writing " << options.output << " failed\n";
        return 1;
    }
    out << played << " games, " << positions << " positions\n";
    return 0;
}

}  // namespace sente::tools
