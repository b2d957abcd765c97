#include "games/gomoku/network.hpp"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <mutex>

#include <fmt/format.h>

#include "games/byte_reader.hpp"

namespace sente::gomoku {

namespace {

constexpr char kMagic[] = "SENTENET";
// Version 1 had a row for each point of view; its networks must be retrained. Version 3 adds
// the policy to version 2, with a row for every pattern; version 4 keeps only the rows the
// policy reads (kPolicyPatterns), a third of the size.
constexpr std::uint32_t kOldestVersion = 2;
constexpr std::uint32_t kVersion = 4;
// A row's entries are at most this in magnitude, so that four of them fit an int16.
constexpr int kMaxRowEntry = 8191;

// Each rule's network, the built-in one where it plays the rule until set otherwise.
struct ActiveNetworks {
    std::array<std::atomic<const Network*>, 4> by_rule{};
    ActiveNetworks() {
        for (int rule = 0; rule < 4; ++rule)
            by_rule[rule].store(builtin_network(static_cast<Rule>(rule)).get());
    }
};

std::array<std::atomic<const Network*>, 4>& active_networks() {
    static ActiveNetworks networks;
    return networks.by_rule;
}

// The networks ever made active, kept alive for the positions that point at them.
std::vector<std::shared_ptr<const Network>>& kept_networks() {
    static std::vector<std::shared_ptr<const Network>> kept;
    return kept;
}

// A version 3 or 4 file's policy section (nullptr when it has none).
Result<std::shared_ptr<const Policy>> read_policy(ByteReader& reader, std::uint32_t version) {
    const auto features = reader.read<std::uint32_t>();
    if (features == 0) return std::shared_ptr<const Policy>();
    if (features != kPolicyFeatures) {
        return make_error(
            ErrorCode::invalid_argument,
            fmt::format("a policy of {} features, this build reads {}", features, kPolicyFeatures));
    }
    auto policy = std::make_shared<Policy>();
    policy->table.resize(kPolicyPatterns);
    // Version 3's rows past kPolicyPatterns (an occupied centre) are read and dropped.
    const int rows = version == 3 ? kNetPatterns : kPolicyPatterns;
    for (int pattern = 0; pattern < rows; ++pattern) {
        PolicyRow dropped;
        PolicyRow& row = pattern < kPolicyPatterns ? policy->table[pattern] : dropped;
        for (std::int16_t& entry : row) {
            entry = reader.read<std::int16_t>();
            if (entry > kMaxRowEntry || entry < -kMaxRowEntry) {
                return make_error(
                    ErrorCode::invalid_argument,
                    fmt::format("policy table entry {} beyond +-{}", entry, kMaxRowEntry));
            }
        }
    }
    for (float& w : policy->weights) w = reader.read<float>();
    policy->order_weight = reader.read<float>();
    policy->bias = reader.read<float>();
    return std::shared_ptr<const Policy>(std::move(policy));
}

}  // namespace

float net_logit(const Network& net, const NetSums& sums, Color side) {
    constexpr float kInputScale = 1.0F / (kNetTableScale * kNetPoolDivisor);
    // The side to move's half first: white's starts at kNetViewFeatures.
    const int own = side == Color::black ? 0 : kNetViewFeatures;
    const int other = kNetViewFeatures - own;
    std::array<float, kNetFeatures> input;
    for (int j = 0; j < kNetViewFeatures; ++j) {
        input[j] = static_cast<float>(sums[own + j]) * kInputScale;
        input[kNetViewFeatures + j] = static_cast<float>(sums[other + j]) * kInputScale;
    }
    // Input by input into every unit: a loop over the units that vectorises, where a sum
    // over the inputs per unit would be a float reduction the compiler must keep in order.
    std::array<float, kNetHidden> units = net.hidden_bias;
    for (int j = 0; j < kNetFeatures; ++j)
        for (int i = 0; i < kNetHidden; ++i) units[i] += net.hidden_weights[j][i] * input[j];
    float logit = net.output_bias;
    for (int i = 0; i < kNetHidden; ++i) logit += net.output_weights[i] * std::max(units[i], 0.0F);
    return logit;
}

Result<std::shared_ptr<const Network>> read_network(std::span<const std::uint8_t> bytes) {
    auto fail = [](std::string message) -> Result<std::shared_ptr<const Network>> {
        return make_error(ErrorCode::invalid_argument, "network file: " + message);
    };
    constexpr std::size_t kMagicSize = sizeof(kMagic) - 1;
    if (bytes.size() < kMagicSize || std::memcmp(bytes.data(), kMagic, kMagicSize) != 0)
        return fail("not a sente network (no SENTENET header)");
    ByteReader reader(bytes.subspan(kMagicSize));
    const auto version = reader.read<std::uint32_t>();
    if (version < kOldestVersion || version > kVersion)
        return fail(
            fmt::format("format version {}, not {} to {}", version, kOldestVersion, kVersion));
    const auto features = reader.read<std::uint32_t>();
    const auto hidden = reader.read<std::uint32_t>();
    const auto patterns = reader.read<std::uint32_t>();
    // A network of fewer features than this build's reads as one whose other features are
    // always zero (their rows and hidden weights zero): the same values, so that a build made
    // for a wider network still plays the narrower ones (SENTE_GOMOKU_NET_VIEW_FEATURES).
    const bool shape_fits = features >= 2 && features <= kNetFeatures && features % 2 == 0 &&
                            hidden == kNetHidden && patterns == kNetPatterns;
    if (!shape_fits) {
        return fail(fmt::format("shape {} x {} x {}, this build reads {} x (2 to {}, even) x {}",
                                patterns, features, hidden, kNetPatterns, kNetFeatures,
                                kNetHidden));
    }
    const auto view_features = static_cast<int>(features / 2);
    // The file's feature j (a view's features, then the other view's) in this build's row.
    auto slot = [&](int j) { return j < view_features ? j : kNetViewFeatures + j - view_features; };
    auto net = std::make_shared<Network>();
    net->rules = reader.read<std::uint32_t>();
    net->sizes = reader.read<std::uint32_t>();
    const auto base = reader.read<std::uint32_t>();
    if (base > 1) return fail(fmt::format("unknown base {}", base));
    net->on_built_in = base == 1;
    net->table.resize(kNetPatterns);
    for (NetRow& row : net->table) {
        row.fill(0);
        for (int j = 0; j < 2 * view_features; ++j) {
            const auto entry = reader.read<std::int16_t>();
            if (entry > kMaxRowEntry || entry < -kMaxRowEntry)
                return fail(fmt::format("table entry {} beyond +-{}", entry, kMaxRowEntry));
            row[slot(j)] = entry;
        }
    }
    for (int i = 0; i < kNetHidden; ++i)
        for (int j = 0; j < 2 * view_features; ++j)
            net->hidden_weights[slot(j)][i] = reader.read<float>();
    for (float& b : net->hidden_bias) b = reader.read<float>();
    for (float& w : net->output_weights) w = reader.read<float>();
    net->output_bias = reader.read<float>();
    if (version >= 3) {
        auto policy = read_policy(reader, version);
        if (!policy) return fail(policy.error().message);
        net->policy = std::move(*policy);
    }
    if (reader.ran_short()) return fail("truncated");
    if (!reader.at_end()) return fail("bytes after the output bias");
    if (net->rules == 0 || net->rules >= (1U << 4)) return fail("no known rule in its rules mask");
    return std::shared_ptr<const Network>(std::move(net));
}

Result<std::shared_ptr<const Network>> load_network(const std::string& path) {
    return parse_file(path, read_network);
}

std::array<std::span<const std::uint8_t>, 2> builtin_network_files();  // builtin_network.cpp

namespace {

const std::vector<std::shared_ptr<const Network>>& builtin_networks() {
    // A file that does not read leaves its rules to the hand-made evaluation (the tests check
    // that the shipped ones read).
    static const std::vector<std::shared_ptr<const Network>> nets = [] {
        std::vector<std::shared_ptr<const Network>> read_ones;
        for (const std::span<const std::uint8_t> bytes : builtin_network_files()) {
            if (auto read = read_network(bytes)) read_ones.push_back(*read);
        }
        return read_ones;
    }();
    return nets;
}

}  // namespace

std::shared_ptr<const Network> builtin_network(Rule rule) {
    for (const auto& net : builtin_networks()) {
        if (net->plays(rule)) return net;
    }
    return nullptr;
}

void set_active_network(Rule rule, std::shared_ptr<const Network> net) {
    static std::mutex mutex;
    const std::lock_guard lock(mutex);
    if (net) kept_networks().push_back(net);
    active_networks()[static_cast<int>(rule)].store(net.get(), std::memory_order_release);
}

const Network* active_network(Rule rule) {
    return active_networks()[static_cast<int>(rule)].load(std::memory_order_acquire);
}

}  // namespace sente::gomoku
