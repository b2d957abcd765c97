#include "tools/probcut_stats.hpp"

#include <atomic>
#include <chrono>
#include <fstream>
#include <ostream>
#include <random>
#include <sstream>

#include <fmt/format.h>

#include "games/reversi/game.hpp"
#include "games/reversi/notation.hpp"
#include "search/search.hpp"
#include "tools/labelled_positions.hpp"

namespace sente::tools {

int probcut_stats(const ProbCutStatsOptions& options, std::ostream& out, std::ostream& err) {
    using reversi::Position;
    using reversi::ReversiGame;
    // A uniform sample of the positions in range (reservoir sampling over all the files).
    std::mt19937_64 rng(options.seed);
    std::vector<Position> sample;
    std::size_t seen = 0;
    const auto read = read_labelled_files(
        options.inputs, BadLines::skip, [&](const LabelledPosition& labelled, std::string_view) {
            const Position& pos = labelled.position;
            const int empties = pos.empty_count();
            if (empties < options.min_empties || empties > options.max_empties) return;
            ++seen;
            if (sample.size() < static_cast<std::size_t>(options.positions)) {
                sample.push_back(pos);
            } else if (const auto slot = rng() % seen; slot < sample.size()) {
                sample[slot] = pos;
            }
        });
    if (!read) {
        err << fmt::format("sente train probcut: {}\n", read.error().message);
        return 2;
    }
    std::ofstream file(options.output);
    if (!file) {
        err << fmt::format("sente train probcut: cannot write {}\n", options.output);
        return 2;
    }
    reversi::Evaluator eval = ReversiGame::level(10).eval;
    eval.solve_lookahead = 0;  // the search's own depth decides, as in the midgame
    // 0: every value a plain minimax value. Else every value is what a search that prunes
    // that way finds, which is what the shallow searches of ProbCut see in play.
    eval.probcut_t = options.probcut_t;
    eval.lazy_network = false;  // values of the position and depth alone, whatever the windows
    search::TranspositionTable tt;
    tt.resize(64);
    const std::atomic<bool> stop{false};
    const auto start = std::chrono::steady_clock::now();
    std::size_t done = 0;
    for (const Position& pos : sample) {
        std::vector<search::Score> values(static_cast<std::size_t>(options.max_depth) + 1,
                                          search::kInfinity);
        values[0] = ReversiGame::evaluate(pos, eval);
        tt.clear();
        search::Searcher<ReversiGame> searcher(tt, stop);
        search::Limits limits;
        limits.max_depth = options.max_depth;
        searcher.search(pos, eval, limits, [&](const search::Iteration<reversi::Move>& it) {
            values[static_cast<std::size_t>(it.depth)] = it.score;
        });
        std::string line = fmt::format("{} {}", reversi::format_position(pos), pos.empty_count());
        for (const search::Score v : values) {
            line += v == search::kInfinity ? std::string(" -") : fmt::format(" {}", v);
        }
        file << line << '\n';
        if (++done % 50 == 0) {
            const double seconds =
                std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            err << fmt::format("{} positions, {:.0f} s\n", done, seconds);
        }
    }
    out << fmt::format("{} positions (of {} in range) searched to depth {}, written to {}\n",
                       sample.size(), seen, options.max_depth, options.output);
    return 0;
}

}  // namespace sente::tools
