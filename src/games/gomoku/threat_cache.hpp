#pragma once

// What the threat searches failed to find, per position: the search asks for a VCF (and a VCT)
// at almost every node, iterative deepening visits the same nodes again at every depth, and a
// search that found nothing would find nothing again with the same budget. Wins go to the
// transposition table with their move; failures come here, so a position's fruitless threat
// search is paid for once. One cache per search thread: no sharing, no locks.

#include <cstdint>
#include <vector>

namespace sente::gomoku {

class ThreatCache {
  public:
    // A failure that ran out of budget holds for budgets up to the one spent; one that searched
    // everything holds for any budget.
    static constexpr std::uint32_t kComplete = 0xFFFFFFFF;

    ThreatCache() : entries_(kEntries) {}

    // Whether a search of `budget` nodes (kind 0: VCF, 1: VCT) is known to fail at `key`.
    bool known_failure(std::uint64_t key, int kind, std::uint64_t budget) const {
        const Entry& entry = entries_[key & (kEntries - 1)];
        return entry.key == key && entry.failed_budget[kind] >= budget;
    }

    void record_failure(std::uint64_t key, int kind, std::uint64_t budget) {
        Entry& entry = entries_[key & (kEntries - 1)];
        if (entry.key != key) entry = Entry{key, {0, 0}};
        const auto spent = budget >= kComplete ? kComplete : static_cast<std::uint32_t>(budget);
        if (spent > entry.failed_budget[kind]) entry.failed_budget[kind] = spent;
    }

  private:
    static constexpr std::size_t kEntries = std::size_t{1} << 17;  // 2 MB
    struct Entry {
        std::uint64_t key = 0;
        std::uint32_t failed_budget[2] = {0, 0};
    };
    std::vector<Entry> entries_;
};

}  // namespace sente::gomoku
