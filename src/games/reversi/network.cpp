#include "games/reversi/network.hpp"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <mutex>

#include <fmt/format.h>

#include "games/byte_reader.hpp"
#include "games/reversi/pattern_eval.hpp"

namespace sente::reversi {

namespace {

// Version 1 had int16 rows.
constexpr std::uint32_t kVersion = 2;

}  // namespace

std::span<const std::uint8_t> builtin_network_bytes();  // builtin_data.cpp

std::shared_ptr<const OthelloNetwork> builtin_othello_network() {
    // A build without the network embeds an empty file (CMakeLists.txt); the tests check that
    // the shipped one reads.
    static const std::shared_ptr<const OthelloNetwork> net = [] {
        auto read = read_othello_network(builtin_network_bytes());
        return read ? *read : nullptr;
    }();
    return net;
}

namespace {

std::atomic<const OthelloNetwork*>& active_network() {
    static std::atomic<const OthelloNetwork*> active{builtin_othello_network().get()};
    return active;
}

}  // namespace

void set_active_othello_network(std::shared_ptr<const OthelloNetwork> net) {
    static std::mutex mutex;
    static std::vector<std::shared_ptr<const OthelloNetwork>> kept;
    const std::lock_guard lock(mutex);
    if (net) kept.push_back(net);
    active_network().store(net.get(), std::memory_order_release);
}

const OthelloNetwork* active_othello_network() {
    return active_network().load(std::memory_order_acquire);
}

Result<std::shared_ptr<const OthelloNetwork>> read_othello_network(
    std::span<const std::uint8_t> bytes) {
    const auto fail = [](const std::string& why) {
        return make_error(ErrorCode::invalid_argument, "not an Othello network file: " + why);
    };
    const std::size_t magic_size = kOthelloNetMagic.size();
    if (bytes.size() < magic_size ||
        std::memcmp(bytes.data(), kOthelloNetMagic.data(), magic_size) != 0)
        return fail("no SENTEONN header");
    ByteReader reader(bytes.subspan(magic_size));
    if (const auto version = reader.read<std::uint32_t>(); version != kVersion)
        return fail(fmt::format("format version {}, this build reads {}", version, kVersion));
    const std::array<std::uint32_t, 5> shape = {
        reader.read<std::uint32_t>(), reader.read<std::uint32_t>(), reader.read<std::uint32_t>(),
        reader.read<std::uint32_t>(), reader.read<std::uint32_t>()};
    const std::array<std::uint32_t, 5> expected = {kNetFeatures, kNetHidden, kNetInputs,
                                                   kNetBuckets, kPatternKinds};
    if (shape != expected) return fail("its shape is not this build's");
    for (const PatternKind& kind : pattern_kinds()) {
        if (reader.read<std::uint32_t>() != static_cast<std::uint32_t>(kind.table_size))
            return fail(fmt::format("pattern {} has another size", kind.name));
    }
    auto net = std::make_shared<OthelloNetwork>();
    net->table.resize(static_cast<std::size_t>(PatternWeights::patterns_size()));
    for (int kind = 0; kind < kPatternKinds; ++kind) {
        OthelloNetRow* rows = net->table.data() + PatternWeights::kind_offset(kind);
        for (int reading = 0; reading < pattern_kinds()[kind].table_size; ++reading) {
            for (std::int8_t& entry : rows[reading].values) entry = reader.read<std::int8_t>();
        }
        // The trainer fits canonical readings only; every reading looks its row up as it is.
        for (int reading = 0; reading < pattern_kinds()[kind].table_size; ++reading)
            rows[reading] = rows[canonical_index(kind, reading)];
    }
    for (OthelloNetBucket& bucket : net->buckets) {
        for (int u = 0; u < kNetHidden; ++u)
            for (auto& input : bucket.hidden_weights) input[u] = reader.read<std::int16_t>();
        for (std::int32_t& b : bucket.hidden_bias) b = reader.read<std::int32_t>();
        for (std::int16_t& w : bucket.output_weights) w = reader.read<std::int16_t>();
        bucket.output_bias = reader.read<std::int32_t>();
    }
    if (reader.ran_short()) return fail("truncated");
    if (!reader.at_end()) return fail("bytes after the last bucket");
    return std::shared_ptr<const OthelloNetwork>(std::move(net));
}

Result<std::shared_ptr<const OthelloNetwork>> load_othello_network(const std::string& path) {
    return parse_file(path, read_othello_network);
}

int othello_net_correction(const OthelloNetwork& net, const PatternIndices& readings, int empties,
                           int player_moves, int opponent_moves) {
    const auto& offsets = PatternWeights::instance_offsets();
    // Plain loops over 16 lanes: the compiler keeps the sum in one AVX2 register where it
    // may, in two SSE registers where it may not. 46 entries of at most 127 fit an int16.
    std::array<std::int16_t, kNetFeatures> sum{};
    for (int i = 0; i < kPatternInstances; ++i) {
        const OthelloNetRow& row = net.table[static_cast<std::size_t>(offsets[i]) + readings[i]];
        for (int f = 0; f < kNetFeatures; ++f)
            sum[f] = static_cast<std::int16_t>(sum[f] + row.values[f]);
    }
    std::array<std::int32_t, kNetInputs> input{};
    for (int f = 0; f < kNetFeatures; ++f)
        input[f] = std::clamp(static_cast<std::int32_t>(sum[f]), 0, kNetTableScale);
    input[kNetFeatures] = player_moves * (kNetTableScale / kNetMovesPerUnit);
    input[kNetFeatures + 1] = opponent_moves * (kNetTableScale / kNetMovesPerUnit);

    const OthelloNetBucket& bucket =
        net.buckets[static_cast<std::size_t>(std::clamp(net_bucket(empties), 0, kNetBuckets - 1))];
    std::array<std::int32_t, kNetHidden> units = bucket.hidden_bias;
    for (int j = 0; j < kNetInputs; ++j)
        for (int u = 0; u < kNetHidden; ++u) units[u] += bucket.hidden_weights[j][u] * input[j];
    std::int64_t output = bucket.output_bias;
    for (int u = 0; u < kNetHidden; ++u) {
        // Back to table units, clipped to [0, 1].
        const std::int32_t active = std::clamp(units[u] / kNetWeightScale, 0, kNetTableScale);
        output += static_cast<std::int64_t>(bucket.output_weights[u]) * active;
    }
    // Discs in 1/(kNetTableScale * kNetWeightScale); the evaluation counts hundredths.
    return static_cast<int>(output * 100 / (kNetTableScale * kNetWeightScale));
}

}  // namespace sente::reversi
