#include "tools/relabel.hpp"

#include <atomic>
#include <chrono>
#include <cmath>
#include <fstream>

#include <fmt/format.h>

#include "games/reversi/game.hpp"
#include "games/reversi/notation.hpp"
#include "search/search.hpp"
#include "tools/labelled_positions.hpp"

namespace sente::tools {

namespace {

// A search score as a final disc difference for the side to move (proven results exactly,
// estimates rounded from hundredths of a disc).
double discs_of(search::Score score) {
    if (search::is_proven_win(score)) return score - search::kWin;
    if (search::is_proven_loss(score)) return score + search::kWin;
    return score / 100.0;
}

}  // namespace

int relabel(const RelabelOptions& options, std::ostream& out, std::ostream& err) {
    using reversi::ReversiGame;
    std::ofstream file(options.output);
    if (!file) {
        err << fmt::format("sente train relabel: cannot write {}\n", options.output);
        return 2;
    }
    const reversi::Evaluator eval = ReversiGame::level(10).eval;
    search::TranspositionTable tt;
    tt.resize(16);
    const std::atomic<bool> stop{false};
    search::Limits limits;
    limits.max_depth = options.depth;
    const auto start = std::chrono::steady_clock::now();
    std::size_t line_number = 0, searched = 0, copied = 0;
    const auto read = read_labelled_files(
        options.inputs, BadLines::stop,
        [&](const LabelledPosition& labelled, std::string_view line) {
            if (line_number++ % static_cast<std::size_t>(options.shard_count) !=
                static_cast<std::size_t>(options.shard_index - 1))
                return;
            const reversi::Position& pos = labelled.position;
            const int empties = pos.empty_count();
            if (empties < options.min_empties || empties > options.max_empties ||
                ReversiGame::is_game_over(pos)) {
                file << line << '\n';
                ++copied;
                return;
            }
            tt.new_search();
            search::Searcher<ReversiGame> searcher(tt, stop);
            const auto result = searcher.search(pos, eval, limits);
            const double value = options.search_weight * discs_of(result.info.score) +
                                 (1 - options.search_weight) * labelled.label;
            file << reversi::format_position(pos) << ' ' << std::lround(value) << '\n';
            if (++searched % 20000 == 0) {
                const double seconds =
                    std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
                err << fmt::format("{} positions searched, {:.0f} s\n", searched, seconds);
            }
        });
    if (!read) {
        err << fmt::format("sente train relabel: {}\n", read.error().message);
        return 2;
    }
    out << fmt::format("{} positions relabelled by {}-ply searches, {} copied, to {}\n", searched,
                       options.depth, copied, options.output);
    return file ? 0 : 2;
}

}  // namespace sente::tools
