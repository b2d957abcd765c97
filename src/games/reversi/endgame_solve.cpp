// solve_endgame: the selective passes, the aspiration windows and the helper threads around
// the endgame solver (endgame.hpp).

#include <algorithm>
#include <memory>
#include <optional>

#include "games/reversi/endgame.hpp"
#include "games/reversi/endgame_split.hpp"

namespace sente::reversi {

namespace {

// Scores inside (guess - kAspiration, guess + kAspiration) are exact in the first search: the
// guess or a neighbouring even score. One thread, FFO #40-#47: 416 M nodes instead of 497 M
// (#48-#51: 1.347 G instead of 1.360 G). Windows of +-1, +-5 and +-9 discs, or a guess from two
// or six plies, saved less on #40-#47.
constexpr int kAspiration = 3;

// A selective pass's bounds need not agree with each other: a score below one window may come
// back above the next. After this many windows it searches the whole window once and keeps
// what that says. (An exact solve needs two windows at most.)
constexpr int kMaxWindows = 3;

EndgameResult solve_with_aspiration(EndgameSolver& solver, const Position& pos, int alpha, int beta,
                                    int guess) {
    if (beta - alpha <= 2 * kAspiration) return solver.solve(pos, alpha, beta);
    guess = std::clamp(guess, alpha + kAspiration, beta - kAspiration);
    int low = guess - kAspiration, high = guess + kAspiration;
    std::uint64_t nodes = 0;
    for (int window = 1;; ++window) {
        if (window == kMaxWindows) low = alpha, high = beta;
        EndgameResult result = solver.solve(pos, low, high);
        nodes += result.nodes;
        result.nodes = nodes;
        if (result.aborted || window == kMaxWindows) return result;
        // Fail-soft: a score at or beyond an edge bounds the true one; search again beyond it.
        if (result.score <= low && low > alpha) {
            high = result.score + 1;
            low = alpha;
        } else if (result.score >= high && high < beta) {
            low = result.score - 1;
            high = beta;
        } else {
            return result;
        }
    }
}

}  // namespace

EndgameResult solve_endgame(const Position& pos, int threads, search::TranspositionTable& tt,
                            const std::atomic<bool>& stop, int alpha, int beta,
                            const SelectiveSchedule& schedule) {
    EndgameSolver master(tt, stop);
    std::optional<HelperPool> helpers;
    if (threads > 1) {
        helpers.emplace(threads - 1, [&](HelperPool& pool) -> std::unique_ptr<SplitWorker> {
            auto helper = std::make_unique<EndgameSolver>(tt, stop);
            helper->set_helpers(&pool);
            return helper;
        });
        master.set_helpers(&*helpers);
    }
    const auto set_selectivity = [&](Selectivity selectivity) {
        master.set_selectivity(selectivity);
        if (helpers) helpers->set_selectivity(selectivity);
    };

    std::uint64_t nodes = 0;
    int guess = estimate_final_score(pos, nodes);
    if (pos.empty_count() >= schedule.min_root_empties) {
        for (int pass = 0; pass < schedule.passes; ++pass) {
            set_selectivity(Selectivity{.level = pass + 1,
                                        .margin = schedule.margins[pass],
                                        .min_empties = schedule.min_empties});
            const EndgameResult selective = solve_with_aspiration(master, pos, alpha, beta, guess);
            if (selective.aborted) break;  // the exact solve below stops at once too
            guess = selective.score;
        }
        set_selectivity(Selectivity{});
    }
    EndgameResult result = solve_with_aspiration(master, pos, alpha, beta, guess);
    result.nodes = master.nodes() + nodes;
    if (helpers) result.nodes += helpers->nodes();
    return result;
}

}  // namespace sente::reversi
