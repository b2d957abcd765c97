#include "search/tt.hpp"

#include <algorithm>
#include <new>

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

bool TranspositionTable::resize(std::size_t megabytes) {
    megabytes = std::max<std::size_t>(megabytes, 1);
    const std::size_t count = std::max<std::size_t>(megabytes * 1024 * 1024 / sizeof(Cluster), 1);
    std::unique_ptr<Cluster[]> fresh(new (std::nothrow) Cluster[count]());
    if (!fresh) return false;
    clusters_ = std::move(fresh);
    cluster_count_ = count;
    megabytes_ = megabytes;
    generation_ = 0;
    return true;
}

void TranspositionTable::clear() {
    for (std::size_t i = 0; i < cluster_count_; ++i) {
        for (Entry& e : clusters_[i].entries) {
            e.key_xor_data.store(0, std::memory_order_relaxed);
            e.data.store(0, std::memory_order_relaxed);
        }
    }
    generation_ = 0;
}

std::optional<TTHit> TranspositionTable::probe(std::uint64_t key) const {
    if (cluster_count_ == 0) return std::nullopt;
    for (const Entry& e : cluster_for(key).entries) {
        const std::uint64_t data = e.data.load(std::memory_order_relaxed);
        const std::uint64_t check = e.key_xor_data.load(std::memory_order_relaxed);
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
        const std::uint64_t data = e.data.load(std::memory_order_relaxed);
        const std::uint64_t check = e.key_xor_data.load(std::memory_order_relaxed);
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
    victim->key_xor_data.store(key ^ data, std::memory_order_relaxed);
    victim->data.store(data, std::memory_order_relaxed);
}

int TranspositionTable::hashfull() const {
    const std::size_t sample = std::min<std::size_t>(cluster_count_, 250);
    int used = 0;
    for (std::size_t i = 0; i < sample; ++i) {
        for (const Entry& e : clusters_[i].entries) {
            const std::uint64_t data = e.data.load(std::memory_order_relaxed);
            used += data != 0 && generation_of(data) == generation_;
        }
    }
    return sample == 0 ? 0 : static_cast<int>(used * 1000 / (sample * kClusterSize));
}

}  // namespace sente::search
