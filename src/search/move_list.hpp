#pragma once

// A fixed-capacity list of moves with their ordering scores. No allocation in the search.

#include <algorithm>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <new>
#include <type_traits>
#include <utility>

namespace sente::search {

template <class Move, std::size_t Capacity>
class MoveList {
  public:
    struct Entry {
        Move move;
        int score;
    };

    void push(Move move, int score = 0) {
        assert(size_ < Capacity);
        entries()[size_++] = Entry{move, score};
    }
    void clear() { size_ = 0; }
    // Keeps the first `size` entries (no more than there are).
    void resize(std::size_t size) {
        assert(size <= size_);
        size_ = size;
    }
    std::size_t size() const { return size_; }
    static constexpr std::size_t capacity() { return Capacity; }
    bool empty() const { return size_ == 0; }
    Entry& operator[](std::size_t i) { return entries()[i]; }
    const Entry& operator[](std::size_t i) const { return entries()[i]; }
    Entry* begin() { return entries(); }
    Entry* end() { return entries() + size_; }
    const Entry* begin() const { return entries(); }
    const Entry* end() const { return entries() + size_; }

    // Moves the best-scored entry among [from, size) to `from` (the first of equals): a lazy
    // selection sort, cheap when a cut-off comes after a few moves, which is the common case.
    // The scan takes the maximum of keys that hold the score above the place (counted from the
    // end, so that the first of equal scores wins): a maximum compiles to conditional moves
    // under any tuning, where a comparison and a jump mispredict on unordered scores.
    void bring_best_to(std::size_t from) {
        std::int64_t best_key = key(from);
        for (std::size_t i = from + 1; i < size_; ++i) best_key = std::max(best_key, key(i));
        const std::size_t best = Capacity - 1 - static_cast<std::uint32_t>(best_key);
        if (best != from) std::swap(entries()[best], entries()[from]);
    }

  private:
    std::int64_t key(std::size_t i) const {
        return static_cast<std::int64_t>(entries()[i].score) * (std::int64_t{1} << 32) +
               static_cast<std::int64_t>(Capacity - 1 - i);
    }

    Entry* entries() { return std::launder(reinterpret_cast<Entry*>(storage_)); }
    const Entry* entries() const { return std::launder(reinterpret_cast<const Entry*>(storage_)); }

    // Bytes rather than an array of Entry, which would set every place's move to its default
    // each time a list is made, at every node (484 places in Gomoku): only the places below
    // size_ are ever read, and each was written by push. (An Entry is an implicit-lifetime type,
    // so the bytes hold one wherever one is written.)
    static_assert(std::is_trivially_copyable_v<Entry> && std::is_trivially_destructible_v<Entry>);
    alignas(Entry) unsigned char storage_[Capacity * sizeof(Entry)];
    std::size_t size_ = 0;
};

}  // namespace sente::search
