#pragma once

// The transposition table: a fixed-size hash table of search results shared by all search
// threads. Entries are two words accessed atomically, the key stored XOR-ed with the data, so a
// torn write by two threads fails verification instead of returning another position's result.
// No locks.
//
// The words are plain integers in zeroed memory from calloc, read and written through
// std::atomic_ref: a large calloc maps the system's zero pages without touching them, so a
// process that never searches (a referee, a protocol session that is only asked questions) pays
// nothing for its table, and clear() does nothing to a table nothing was written to.

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>

#include "search/score.hpp"

namespace sente::search {

enum class Bound : std::uint8_t { none = 0, upper = 1, lower = 2, exact = 3 };

struct TTHit {
    std::uint16_t move;  // packed move, 0 = none
    Score score;
    int depth;
    Bound bound;
};

class TranspositionTable {
  public:
    // Results that came from searching the whole game tree below are stored with a depth of
    // kExhaustiveDepth or more: they hold for any search depth (search depths stay below 128).
    // Above the base, the size of the solved subtree (e.g. its empty squares) ranks entries for
    // replacement, so a solved 20-empty position outlives a solved 8-empty one.
    static constexpr int kExhaustiveDepth = 128;
    static constexpr int exhaustive_depth(int subtree_size) {
        return kExhaustiveDepth + (subtree_size < 0 ? 0 : subtree_size > 127 ? 127 : subtree_size);
    }
    static constexpr bool is_exhaustive(int depth) { return depth >= kExhaustiveDepth; }

    TranspositionTable() = default;
    TranspositionTable(const TranspositionTable&) = delete;
    TranspositionTable& operator=(const TranspositionTable&) = delete;

    // Reallocates to `megabytes` (rounded down to whole clusters, at least one) and clears.
    // Returns false, keeping the old table, when the memory cannot be had.
    bool resize(std::size_t megabytes);
    std::size_t size_megabytes() const { return megabytes_; }
    void clear();
    // Marks entries from earlier searches as older, so that they are replaced first.
    void new_search() { generation_ = static_cast<std::uint8_t>(generation_ + 1); }

    std::optional<TTHit> probe(std::uint64_t key) const;
    void store(std::uint64_t key, std::uint16_t move, Score score, int depth, Bound bound);

    // Permille of sampled entries written in the current search (UCI-style "hashfull").
    int hashfull() const;

  private:
    __extension__ using Wide = unsigned __int128;  // GCC and Clang both have it

    struct Entry {
        std::uint64_t key_xor_data;
        std::uint64_t data;
    };
    static constexpr int kClusterSize = 4;
    struct alignas(64) Cluster {
        Entry entries[kClusterSize];
    };

    Cluster& cluster_for(std::uint64_t key) const {
        // Multiply-shift maps the key onto [0, count) without a division.
        const auto index =
            static_cast<std::size_t>((static_cast<Wide>(key) * cluster_count_) >> 64);
        return clusters_[index];
    }

    static std::uint64_t load(const std::uint64_t& word) {
        // atomic_ref of a const object comes only in C++26; the table itself is never const.
        return std::atomic_ref<std::uint64_t>(const_cast<std::uint64_t&>(word))
            .load(std::memory_order_relaxed);
    }
    static void put(std::uint64_t& word, std::uint64_t value) {
        std::atomic_ref<std::uint64_t>(word).store(value, std::memory_order_relaxed);
    }

    // A fresh zeroed block of `count` clusters in place of the old one (kept if none).
    bool allocate(std::size_t count);
    struct FreeMemory {
        void operator()(void* memory) const;
    };
    std::unique_ptr<void, FreeMemory> memory_;  // calloc's block; clusters_ is aligned within it
    Cluster* clusters_ = nullptr;
    std::size_t cluster_count_ = 0;
    std::size_t megabytes_ = 0;
    std::uint8_t generation_ = 0;
    // Set by the first store after a clear (a relaxed read first, so that the threads' stores
    // do not all write one shared cache line).
    std::atomic<bool> written_{false};
};

}  // namespace sente::search
