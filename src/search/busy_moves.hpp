#pragma once

// Which (position, move) pairs some search thread is searching right now, for the "defer
// moves another thread is busy with" rule of simplified ABDADA (T. Kerrigan's variant): a
// thread that reaches a move another thread is already searching puts it last, searches its
// other moves first, and usually finds the deferred one in the transposition table by then.
// Lazy SMP threads otherwise tend to walk the same tree in lockstep.
//
// A small lossy table of atomic words: a collision only makes a thread defer a move it did
// not need to, or search one twice, never changes a result.

#include <array>
#include <atomic>
#include <cstdint>

namespace sente::search {

class BusyMoves {
  public:
    static std::uint64_t key_of(std::uint64_t position_key, std::uint16_t move) {
        // Distinct odd multiplier so that (position, move) pairs spread over the table.
        return position_key ^ ((move + 1ULL) * 0x9E3779B97F4A7C15ULL);
    }

    bool busy(std::uint64_t key) const { return slot(key).load(std::memory_order_relaxed) == key; }
    void enter(std::uint64_t key) { slot(key).store(key, std::memory_order_relaxed); }
    void leave(std::uint64_t key) {
        std::uint64_t expected = key;
        slot(key).compare_exchange_strong(expected, 0, std::memory_order_relaxed);
    }

  private:
    static constexpr std::size_t kSlots = 1 << 15;
    std::atomic<std::uint64_t>& slot(std::uint64_t key) const { return slots_[key % kSlots]; }
    mutable std::array<std::atomic<std::uint64_t>, kSlots> slots_{};
};

}  // namespace sente::search
