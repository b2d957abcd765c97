#include "search/tt.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>

namespace sente::search {

namespace {

// data layout: move 0..15 | score 16..31 (two's complement) | depth 32..39 | bound 40..41 |
// generation 48..55. A data word of 0 is an empty entry (depth 0, no bound).
std::uint64_t pack_data(std::uint16_t move, Score score, int depth, Bound bound,
                        std::uint8_t generation) {
    return std::uint64_t{move} | (std::uint64_t{static_cast<std::uint16_t>(score)} << 16) |
           (std::uint64_t{static_cast<std::uint8_t>(depth)} << 32) |
           (std::uint64_t{static_cast<std::uint8_t>(bound)} << 40) |
           (std::uint64_t{generation} << 48);
}

TTHit unpack_data(std::uint64_t data) {
    return TTHit{static_cast<std::uint16_t>(data & 0xFFFF),
                 static_cast<std::int16_t>((data >> 16) & 0xFFFF),
                 static_cast<int>((data >> 32) & 0xFF), static_cast<Bound>((data >> 40) & 0x3)};
}

std::uint8_t generation_of(std::uint64_t data) { return static_cast<std::uint8_t>(data >> 48); }

}  // namespace

void TranspositionTable::FreeMemory::operator()(void* memory) const { std::free(memory); }

bool TranspositionTable::resize(std::size_t megabytes) {
    megabytes = std::max<std::size_t>(megabytes, 1);
    const std::size_t count = std::max<std::size_t>(megabytes * 1024 * 1024 / sizeof(Cluster), 1);
    if (count == cluster_count_) {
        clear();
        return true;
    }
    if (!allocate(count)) return false;
    megabytes_ = megabytes;
    return true;
}

bool TranspositionTable::allocate(std::size_t count) {
    // One cluster more than needed, so that a 64-byte aligned run of `count` fits: calloc aligns
    // to 16 bytes only. Zeroed memory is an empty table.
    std::unique_ptr<void, FreeMemory> fresh(std::calloc(count + 1, sizeof(Cluster)));
    if (!fresh) return false;
    const auto address = reinterpret_cast<std::uintptr_t>(fresh.get());
    const std::uintptr_t aligned = (address + alignof(Cluster) - 1) & ~(alignof(Cluster) - 1);
    memory_ = std::move(fresh);
    clusters_ = reinterpret_cast<Cluster*>(aligned);
    cluster_count_ = count;
    generation_ = 0;
    written_.store(false, std::memory_order_relaxed);
    return true;
}

void TranspositionTable::clear() {
    // Never during a search: the session clears between games, with no search thread running.
    // A written table is taken afresh rather than zeroed: a large block comes from the system
    // zeroed and costs nothing until a search touches it, where zeroing it in place faults in
    // every page the searches so far never reached (about 100 ms for 64 MB, which a Gomocup
    // BOARD paid inside its turn). Zeroed in place only when no fresh block can be had.
    if (written_.load(std::memory_order_relaxed) && !allocate(cluster_count_)) {
        std::memset(static_cast<void*>(clusters_), 0, cluster_count_ * sizeof(Cluster));
        written_.store(false, std::memory_order_relaxed);
    }
    generation_ = 0;
}

std::optional<TTHit> TranspositionTable::probe(std::uint64_t key) const {
    if (cluster_count_ == 0) return std::nullopt;
    for (const Entry& e : cluster_for(key).entries) {
        const std::uint64_t data = load(e.data);
        const std::uint64_t check = load(e.key_xor_data);
        if (data != 0 && (check ^ data) == key) return unpack_data(data);
    }
    return std::nullopt;
}

void TranspositionTable::store(std::uint64_t key, std::uint16_t move, Score score, int depth,
                               Bound bound) {
    if (cluster_count_ == 0) return;
    Cluster& cluster = cluster_for(key);
    Entry* victim = nullptr;
    int victim_worth = 0;
    for (Entry& e : cluster.entries) {
        const std::uint64_t data = load(e.data);
        const std::uint64_t check = load(e.key_xor_data);
        if (data == 0 || (check ^ data) == key) {
            // Same position (or a free slot): keep the old best move if the new result has none.
            if (move == 0 && data != 0) move = unpack_data(data).move;
            victim = &e;
            break;
        }
        // Replace the shallowest entry, counting each search generation of age as 8 plies.
        const int age = static_cast<std::uint8_t>(generation_ - generation_of(data));
        const int worth = unpack_data(data).depth - 8 * age;
        if (victim == nullptr || worth < victim_worth) {
            victim = &e;
            victim_worth = worth;
        }
    }
    const std::uint64_t data =
        pack_data(move, score, std::clamp(depth, 0, 255), bound, generation_);
    put(victim->key_xor_data, key ^ data);
    put(victim->data, data);
    if (!written_.load(std::memory_order_relaxed)) written_.store(true, std::memory_order_relaxed);
}

int TranspositionTable::hashfull() const {
    const std::size_t sample = std::min<std::size_t>(cluster_count_, 250);
    int used = 0;
    for (std::size_t i = 0; i < sample; ++i) {
        for (const Entry& e : clusters_[i].entries) {
            const std::uint64_t data = load(e.data);
            used += data != 0 && generation_of(data) == generation_;
        }
    }
    return sample == 0 ? 0 : static_cast<int>(used * 1000 / (sample * kClusterSize));
}

}  // namespace sente::search
