#include "games/reversi/endgame_split.hpp"

#include <algorithm>

namespace sente::reversi {

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
    std::unique_ptr<SplitWorker> worker;
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

HelperPool::HelperPool(int helpers, const MakeWorker& make_worker) {
    for (int i = 0; i < helpers; ++i) {
        auto helper = std::make_unique<Helper>();
        helper->worker = make_worker(*this);
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

void HelperPool::wait_for_helpers(SplitWorker& owner, SplitPoint& split) {
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
    for (const auto& helper : helpers_) sum += helper->worker->nodes();
    return sum;
}

void HelperPool::set_selectivity(Selectivity selectivity) {
    // Under the lock the helpers take their work with: they see it before their next split.
    std::lock_guard lock(mutex_);
    for (const auto& helper : helpers_) helper->worker->set_selectivity(selectivity);
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
        helper.worker->help(*split);
        {
            std::lock_guard lock(mutex_);
            helper.slot.work.store(nullptr);
            idle_.fetch_add(1);
        }
        leave(*split);
    }
}

}  // namespace sente::reversi
