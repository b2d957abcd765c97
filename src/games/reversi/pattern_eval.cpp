#include "games/reversi/pattern_eval.hpp"

#include <cstring>

#include <fmt/format.h>

namespace sente::reversi {

namespace {

constexpr char kMagic[4] = {'S', 'N', 'T', 'W'};
// Version 1: 12 phases, then the size of a phase (the tables and the first three scalars).
// Version 2: the phases, the scalars, then the size of a phase.
constexpr std::uint32_t kVersion = 2;
constexpr std::int16_t kZeroRun = -32768;  // followed by the run's length; no weight is this

int compute_patterns_size() {
    int size = 0;
    for (const PatternKind& kind : pattern_kinds()) size += kind.table_size;
    return size;
}

void put32(std::vector<std::uint8_t>& out, std::uint32_t value) {
    for (int i = 0; i < 4; ++i) out.push_back(static_cast<std::uint8_t>(value >> (8 * i)));
}
void put16(std::vector<std::uint8_t>& out, std::uint16_t value) {
    out.push_back(static_cast<std::uint8_t>(value));
    out.push_back(static_cast<std::uint8_t>(value >> 8));
}

}  // namespace

std::span<const std::uint8_t> builtin_weight_bytes();  // builtin_data.cpp

const PatternWeights* builtin_weights() {
    static const Result<PatternWeights> weights = PatternWeights::parse(builtin_weight_bytes());
    return weights ? &weights.value() : nullptr;
}

int PatternWeights::kind_offset(int kind) {
    int offset = 0;
    for (int k = 0; k < kind; ++k) offset += pattern_kinds()[k].table_size;
    return offset;
}

const std::array<int, kPatternInstances>& PatternWeights::instance_offsets() {
    static const auto offsets = [] {
        std::array<int, kPatternInstances> o{};
        for (int i = 0; i < kPatternInstances; ++i) o[i] = kind_offset(pattern_instances()[i].kind);
        return o;
    }();
    return offsets;
}

int PatternWeights::patterns_size() {
    static const int size = compute_patterns_size();
    return size;
}

PatternWeights::PatternWeights(int phases, int scalars)
    : phases_(phases),
      scalars_(scalars),
      weights_(static_cast<std::size_t>(phases) * static_cast<std::size_t>(phase_size()), 0) {}

void PatternWeights::symmetrise() {
    for (int p = 0; p < phases_; ++p) {
        std::int16_t* w = phase(p);
        for (int kind = 0; kind < kPatternKinds; ++kind) {
            std::int16_t* table = w + kind_offset(kind);
            for (int reading = 0; reading < pattern_kinds()[kind].table_size; ++reading) {
                table[reading] = table[canonical_index(kind, reading)];
            }
        }
    }
}

std::vector<std::uint8_t> PatternWeights::serialise() const {
    std::vector<std::uint8_t> out(kMagic, kMagic + 4);
    put32(out, kVersion);
    put32(out, static_cast<std::uint32_t>(phases_));
    put32(out, static_cast<std::uint32_t>(scalars_));
    put32(out, static_cast<std::uint32_t>(phase_size()));
    // Only canonical readings carry weights in the file.
    std::vector<std::int16_t> canonical = weights_;
    for (int p = 0; p < phases_; ++p) {
        for (int kind = 0; kind < kPatternKinds; ++kind) {
            const std::size_t table =
                static_cast<std::size_t>(p) * static_cast<std::size_t>(phase_size()) +
                static_cast<std::size_t>(kind_offset(kind));
            for (int reading = 0; reading < pattern_kinds()[kind].table_size; ++reading) {
                if (canonical_index(kind, reading) != reading)
                    canonical[table + static_cast<std::size_t>(reading)] = 0;
            }
        }
    }
    for (std::size_t i = 0; i < canonical.size();) {
        if (canonical[i] != 0) {
            put16(out, static_cast<std::uint16_t>(canonical[i++]));
            continue;
        }
        std::size_t run = 0;
        while (i < canonical.size() && canonical[i] == 0 && run < 65535) ++i, ++run;
        put16(out, static_cast<std::uint16_t>(kZeroRun));
        put16(out, static_cast<std::uint16_t>(run));
    }
    return out;
}

Result<PatternWeights> PatternWeights::parse(std::span<const std::uint8_t> bytes) {
    auto bad = [](const char* why) {
        return make_error(ErrorCode::syntax_error, fmt::format("weights file: {}", why));
    };
    auto get32 = [&](std::size_t at) {
        std::uint32_t v = 0;
        for (int i = 0; i < 4; ++i) v |= static_cast<std::uint32_t>(bytes[at + i]) << (8 * i);
        return v;
    };
    if (bytes.size() < 16 || std::memcmp(bytes.data(), kMagic, 4) != 0) return bad("not one");
    const std::uint32_t version = get32(4);
    if (version != 1 && version != kVersion) return bad("another version");
    const std::size_t header = version == 1 ? 16 : 20;
    if (bytes.size() < header) return bad("cut short");
    const std::uint32_t phases = get32(8);
    const std::uint32_t scalars = version == 1 ? 3 : get32(12);
    if (phases == 0 || phases > 60 || 60 % phases != 0 || scalars > kScalarFeatures ||
        get32(header - 4) != static_cast<std::uint32_t>(patterns_size()) + scalars) {
        return bad("made for other patterns or phases");
    }
    PatternWeights weights(static_cast<int>(phases), static_cast<int>(scalars));
    std::size_t filled = 0;
    for (std::size_t at = header; at + 1 < bytes.size();) {
        const auto value = static_cast<std::int16_t>(bytes[at] | (bytes[at + 1] << 8));
        at += 2;
        if (value != kZeroRun) {
            if (filled >= weights.weights_.size()) return bad("too long");
            weights.weights_[filled++] = value;
            continue;
        }
        if (at + 1 >= bytes.size()) return bad("cut short");
        const std::size_t run = bytes[at] | (bytes[at + 1] << 8);
        at += 2;
        if (filled + run > weights.weights_.size()) return bad("too long");
        filled += run;  // already zero
    }
    if (filled != weights.weights_.size()) return bad("too short");
    weights.symmetrise();
    return weights;
}

std::array<int, kScalarFeatures> scalar_features(Bitboard player, Bitboard opponent) {
    return scalar_features(player, opponent, legal_moves(player, opponent),
                           legal_moves(opponent, player));
}

std::array<int, kScalarFeatures> scalar_features(Bitboard player, Bitboard opponent,
                                                 Bitboard player_moves, Bitboard opponent_moves) {
    const Bitboard empty = ~(player | opponent);
    std::array<int, kScalarFeatures> scalars{};
    scalars[kBias] = 1;
    scalars[kMobility] = popcount(player_moves) - popcount(opponent_moves);
    // Whether the side to move would play the last move if nobody passed.
    scalars[kParity] = popcount(empty) & 1;
    scalars[kPotentialMobility] =
        popcount(neighbours(opponent) & empty) - popcount(neighbours(player) & empty);
    return scalars;
}

PositionFeatures position_features(Bitboard player, Bitboard opponent) {
    PositionFeatures f;
    f.empties = popcount(~(player | opponent));
    f.patterns = pattern_indices(player, opponent);
    f.scalars = scalar_features(player, opponent);
    return f;
}

int pattern_evaluate(const PatternWeights& weights, Bitboard player, Bitboard opponent) {
    return pattern_evaluate(weights, player, opponent, legal_moves(player, opponent),
                            legal_moves(opponent, player));
}

int pattern_evaluate(const PatternWeights& weights, Bitboard player, Bitboard opponent,
                     Bitboard player_moves, Bitboard opponent_moves) {
    return pattern_evaluate(weights, pattern_readings(player, opponent), player, opponent,
                            player_moves, opponent_moves);
}

int pattern_evaluate(const PatternWeights& weights, const PatternIndices& readings, Bitboard player,
                     Bitboard opponent, Bitboard player_moves, Bitboard opponent_moves) {
    const auto& offsets = PatternWeights::instance_offsets();
    const std::int16_t* w = weights.phase(weights.phase_of(popcount(~(player | opponent))));
    // Readings as they are: symmetrise() gave every reading its canonical weight.
    int sum = 0;
    for (int i = 0; i < kPatternInstances; ++i)
        sum += w[offsets[i] + static_cast<int>(readings[i])];
    const std::int16_t* scalar = w + PatternWeights::patterns_size();
    const auto scalars = scalar_features(player, opponent, player_moves, opponent_moves);
    for (int s = 0; s < weights.scalars(); ++s) sum += scalar[s] * scalars[s];
    return sum * 100 / kWeightScale;
}

}  // namespace sente::reversi
