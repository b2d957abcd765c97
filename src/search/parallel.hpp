#pragma once

// Lazy SMP: every thread searches the same root; they share the transposition table and the stop
// signal and nothing else, and help each other through the table. The main thread (id 0) owns
// the time and node limits and reports progress. Whichever thread completes the last iteration
// first (the depth limit, or a solved tree) raises the stop signal for all; the move comes from
// the thread with the deepest completed iteration, the main thread on ties, because a helper
// that finished depth d+1 knows more than a main thread stopped in the middle of it.

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "search/search.hpp"

namespace sente::search {

// Raises `stop` when the hard time limit passes, unless destroyed first.
class HardLimitWatchdog {
  public:
    HardLimitWatchdog(const TimeBudget& budget, std::atomic<bool>& stop) {
        if (!budget.limited()) return;
        const auto deadline = std::chrono::steady_clock::now() + budget.hard;
        thread_ = std::thread([this, deadline, &stop] {
            std::unique_lock lock(mutex_);
            if (!done_changed_.wait_until(lock, deadline, [this] { return done_; })) {
                stop.store(true, std::memory_order_relaxed);
            }
        });
    }
    HardLimitWatchdog(const HardLimitWatchdog&) = delete;
    HardLimitWatchdog& operator=(const HardLimitWatchdog&) = delete;
    ~HardLimitWatchdog() {
        if (!thread_.joinable()) return;
        {
            std::lock_guard lock(mutex_);
            done_ = true;
        }
        done_changed_.notify_all();
        thread_.join();
    }

  private:
    std::mutex mutex_;
    std::condition_variable done_changed_;
    bool done_ = false;
    std::thread thread_;
};

template <SearchableGame G>
SearchResult<typename G::Move> parallel_search(
    const typename G::Position& root, const typename G::Evaluator& eval, const Limits& limits,
    int threads, TranspositionTable& tt, std::atomic<bool>& stop,
    const typename Searcher<G>::Progress& progress = {}) {
    using Move = typename G::Move;
    threads = std::max(threads, 1);
    tt.new_search();
    // The searchers poll the clock themselves, but a game's leaf solver (which may run for a
    // long time inside one node) only sees the stop signal: a watchdog raises it at the hard
    // limit, so that no part of the search can overrun the clock.
    HardLimitWatchdog watchdog(limits.time, stop);

    // Only threads that run beside others need to know what the others are busy with.
    std::unique_ptr<BusyMoves> busy = threads > 1 ? std::make_unique<BusyMoves>() : nullptr;
    std::vector<std::unique_ptr<Searcher<G>>> searchers;
    for (int id = 0; id < threads; ++id) {
        searchers.push_back(std::make_unique<Searcher<G>>(tt, stop, id, busy.get()));
    }
    const auto total_nodes = [&searchers] {
        std::uint64_t sum = 0;
        for (const auto& s : searchers) sum += s->nodes();
        return sum;
    };

    // Helpers have no limits of their own but depth: the main thread stops them, or they stop
    // everyone when they finish first.
    Limits helper_limits;
    helper_limits.max_depth = limits.max_depth;
    helper_limits.multi_pv = limits.multi_pv;
    std::vector<SearchResult<Move>> helper_results(threads);
    std::vector<std::thread> helpers;
    for (int id = 1; id < threads; ++id) {
        helpers.emplace_back([&, id] {
            helper_results[id] = searchers[id]->search(root, eval, helper_limits);
            if (!helper_results[id].stopped) stop.store(true, std::memory_order_relaxed);
        });
    }

    typename Searcher<G>::Progress report;
    if (progress) {
        report = [&](const Iteration<Move>& it) {
            Iteration<Move> all = it;
            all.nodes = threads > 1 ? total_nodes() : it.nodes;
            progress(all);
        };
    }
    SearchResult<Move> result = searchers[0]->search(root, eval, limits, report);

    stop.store(true, std::memory_order_relaxed);
    for (std::thread& helper : helpers) helper.join();
    for (int id = 1; id < threads; ++id) {
        if (helper_results[id].info.depth > result.info.depth) {
            result = std::move(helper_results[id]);
        }
    }
    result.info.nodes = total_nodes();
    return result;
}

}  // namespace sente::search
