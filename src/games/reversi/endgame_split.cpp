#include "games/reversi/endgame_split.hpp"

#include <algorithm>
#include <optional>

#include "games/reversi/endgame.hpp"

namespace sente::reversi {

int EndgameSolver::search_move(const SplitPoint& split, int index) {
    const EndgameMove& move = split.moves[index];
    const Bitboard next_player = split.opponent ^ move.flipped;
    const Bitboard next_opponent = split.player | move.flipped | square_bit(move.square);
    return -search(next_player, next_opponent, -split.alpha - 1, -split.alpha, split.empties - 1);
}

void EndgameSolver::search_split(SplitPoint& split) {
    pool_->recruit(split);
    const SplitPoint* outer = split_;
    split_ = &split;
    for (int index; (index = split.take()) >= 0;) {
        const int score = search_move(split, index);
        if (aborted_) break;
        split.report(index, score);
    }
    split_ = outer;
    // A helper's fail high stops our own move too; that is this node's answer, not an abort,
    // unless the stop signal or a fail high further out is why we stopped.
    if (aborted_ && split.cut.load() && !stop_.load(std::memory_order_relaxed) &&
        (finished_ == nullptr || !finished_->load(std::memory_order_relaxed)) &&
        (outer == nullptr || !outer->cut_here_or_above())) {
        aborted_ = false;
    }
    if (aborted_) split.cut.store(true);  // our answer is void: the helpers may stop too
    pool_->wait_for_helpers(*this, split);
}

void EndgameSolver::help(SplitPoint& split) {
    // A thread waiting for its own helpers helps them here: keep its own state.
    const SplitPoint* outer = split_;
    const bool was_aborted = aborted_;
    split_ = &split;
    for (int index; (index = split.take()) >= 0;) {
        aborted_ = false;
        const int score = search_move(split, index);
        if (aborted_) break;
        split.report(index, score);
    }
    aborted_ = was_aborted;
    split_ = outer;
}

int SplitPoint::take() {
    std::lock_guard lock(mutex);
    if (cut.load(std::memory_order_relaxed) || next >= count) return -1;
    return next++;
}

void SplitPoint::report(int index, int score) {
    std::lock_guard lock(mutex);
    if (score > best) {
        best = score;
        best_square = moves[index].square;
        if (score > alpha) cut.store(true);
    }
}

bool SplitPoint::cut_here_or_above() const {
    for (const SplitPoint* split = this; split != nullptr; split = split->parent) {
        if (split->cut.load(std::memory_order_relaxed)) return true;
    }
    return false;
}

// A thread that may be sent into a split point: a helper, or a thread waiting for the helpers
// of its own split point (which may then help in the split points they open below it).
struct HelperPool::Slot {
    std::atomic<SplitPoint*> work{nullptr};
    SplitPoint* waiting_for = nullptr;  // for a waiting owner: its own split point
};

struct HelperPool::Helper {
    std::unique_ptr<EndgameSolver> solver;
    Slot slot;
    std::thread thread;
};

namespace {

bool is_inside(const SplitPoint& split, const SplitPoint* outer) {
    for (const SplitPoint* s = split.parent; s != nullptr; s = s->parent) {
        if (s == outer) return true;
    }
    return false;
}

}  // namespace

HelperPool::HelperPool(int helpers, search::TranspositionTable& tt, const std::atomic<bool>& stop) {
    for (int i = 0; i < helpers; ++i) {
        auto helper = std::make_unique<Helper>();
        helper->solver = std::make_unique<EndgameSolver>(tt, stop);
        helper->solver->set_helpers(this);
        helpers_.push_back(std::move(helper));
    }
    idle_.store(helpers);
    for (auto& helper : helpers_) {
        helper->thread = std::thread([this, h = helper.get()] { run(*h); });
    }
}

HelperPool::~HelperPool() {
    {
        std::lock_guard lock(mutex_);
        quit_ = true;
    }
    wake_.notify_all();
    for (auto& helper : helpers_) helper->thread.join();
}

bool HelperPool::has_idle() const {
    return idle_.load(std::memory_order_relaxed) > 0 ||
           waiting_count_.load(std::memory_order_relaxed) > 0;
}

int HelperPool::recruit(SplitPoint& split) {
    std::vector<SplitPoint*> to_wake;
    int joined = 0;
    {
        std::lock_guard lock(mutex_);
        int helpers_joined = 0;
        for (auto& helper : helpers_) {
            if (helper->slot.work.load() == nullptr) {
                helper->slot.work.store(&split);
                ++helpers_joined;
            }
        }
        joined = helpers_joined;
        for (Slot* slot : waiting_) {
            if (slot->work.load() == nullptr && is_inside(split, slot->waiting_for)) {
                slot->work.store(&split);
                to_wake.push_back(slot->waiting_for);
                ++joined;
            }
        }
        if (joined == 0) return 0;
        {
            std::lock_guard split_lock(split.mutex);
            split.helpers += joined;
        }
        idle_.fetch_sub(helpers_joined);
    }
    wake_.notify_all();
    for (SplitPoint* waiting : to_wake) {
        // Under its lock, so that the waiting owner cannot miss the wake-up.
        std::lock_guard lock(waiting->mutex);
        waiting->helpers_done.notify_all();
    }
    return joined;
}

void HelperPool::leave(SplitPoint& split) {
    // The last touch of a split point: once `helpers` is 0 its owner may return and drop it.
    std::lock_guard lock(split.mutex);
    --split.helpers;
    split.helpers_done.notify_all();
}

void HelperPool::wait_for_helpers(EndgameSolver& owner, SplitPoint& split) {
    Slot slot;
    slot.waiting_for = &split;
    {
        std::lock_guard lock(mutex_);
        waiting_.push_back(&slot);
        waiting_count_.fetch_add(1);
    }
    for (;;) {
        SplitPoint* work = nullptr;
        {
            std::unique_lock lock(split.mutex);
            split.helpers_done.wait(
                lock, [&] { return split.helpers == 0 || slot.work.load() != nullptr; });
            work = slot.work.load();
            // No helper left means no split point below ours either: nobody can send us work.
            if (work == nullptr) break;
        }
        owner.help(*work);
        {
            std::lock_guard lock(mutex_);
            slot.work.store(nullptr);
        }
        leave(*work);
    }
    std::lock_guard lock(mutex_);
    waiting_.erase(std::find(waiting_.begin(), waiting_.end(), &slot));
    waiting_count_.fetch_sub(1);
}

std::uint64_t HelperPool::nodes() const {
    std::uint64_t sum = 0;
    for (const auto& helper : helpers_) sum += helper->solver->nodes();
    return sum;
}

void HelperPool::set_selectivity(Selectivity selectivity) {
    // Under the lock the helpers take their work with: they see it before their next split.
    std::lock_guard lock(mutex_);
    for (const auto& helper : helpers_) helper->solver->set_selectivity(selectivity);
}

void HelperPool::run(Helper& helper) {
    for (;;) {
        SplitPoint* split = nullptr;
        {
            std::unique_lock lock(mutex_);
            wake_.wait(lock, [&] { return quit_ || helper.slot.work.load() != nullptr; });
            if (quit_) return;
            split = helper.slot.work.load();
        }
        helper.solver->help(*split);
        {
            std::lock_guard lock(mutex_);
            helper.slot.work.store(nullptr);
            idle_.fetch_add(1);
        }
        leave(*split);
    }
}

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
        helpers.emplace(threads - 1, tt, stop);
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
