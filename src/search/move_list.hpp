#pragma once

// A fixed-capacity list of moves with their ordering scores. No allocation in the search.

#include <array>
#include <cassert>
#include <cstddef>
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
        entries_[size_++] = Entry{move, score};
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
    Entry& operator[](std::size_t i) { return entries_[i]; }
    const Entry& operator[](std::size_t i) const { return entries_[i]; }
    Entry* begin() { return entries_.data(); }
    Entry* end() { return entries_.data() + size_; }
    const Entry* begin() const { return entries_.data(); }
    const Entry* end() const { return entries_.data() + size_; }

    // Moves the best-scored entry among [from, size) to `from`: a lazy selection sort, cheap
    // when a cut-off comes after a few moves, which is the common case.
    void bring_best_to(std::size_t from) {
        std::size_t best = from;
        for (std::size_t i = from + 1; i < size_; ++i) {
            if (entries_[i].score > entries_[best].score) best = i;
        }
        if (best != from) std::swap(entries_[best], entries_[from]);
    }

  private:
    std::array<Entry, Capacity> entries_;
    std::size_t size_ = 0;
};

}  // namespace sente::search
