#include "tools/othello_features.hpp"

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <ostream>

#include <fmt/format.h>

#include "games/reversi/notation.hpp"
#include "games/reversi/pattern_eval.hpp"
#include "games/reversi/patterns.hpp"
#include "tools/labelled_positions.hpp"

namespace sente::tools {

namespace {

void put(std::ostream& out, std::uint64_t value, int bytes) {
    for (int i = 0; i < bytes; ++i) out.put(static_cast<char>((value >> (8 * i)) & 0xff));
}

void write_header(std::ostream& out, std::uint64_t records) {
    using namespace reversi;
    out.write("SENTEOTF", 8);
    put(out, 1, 4);
    put(out, kPatternInstances, 4);
    put(out, kPatternKinds, 4);
    for (const PatternKind& kind : pattern_kinds())
        put(out, static_cast<std::uint64_t>(kind.table_size), 4);
    for (const PatternInstance& instance : pattern_instances())
        put(out, static_cast<std::uint64_t>(instance.kind), 4);
    put(out, records, 8);
}

void write_record(std::ostream& out, const reversi::PatternWeights& weights,
                  const reversi::Position& pos, int label) {
    using namespace reversi;
    static_assert(kPatternInstances == 46, "kOthelloFeatureRecordSize counts 46 readings");
    const PatternIndices indices = pattern_indices(pos.player, pos.opponent);
    for (const std::uint32_t index : indices) put(out, index, 2);
    const Bitboard player_moves = legal_moves(pos.player, pos.opponent);
    const Bitboard opponent_moves = legal_moves(pos.opponent, pos.player);
    put(out, static_cast<std::uint64_t>(popcount(player_moves)), 1);
    put(out, static_cast<std::uint64_t>(popcount(opponent_moves)), 1);
    put(out, static_cast<std::uint64_t>(pos.empty_count()), 1);
    put(out, static_cast<std::uint8_t>(static_cast<std::int8_t>(label)), 1);
    const int base =
        pattern_evaluate(weights, pos.player, pos.opponent, player_moves, opponent_moves);
    put(out, static_cast<std::uint16_t>(static_cast<std::int16_t>(std::clamp(base, -32000, 32000))),
        2);
}

}  // namespace

int othello_features(const OthelloFeaturesOptions& options, std::ostream& out, std::ostream& err) {
    using namespace reversi;
    const PatternWeights* weights = builtin_weights();
    if (!weights) {
        err << "sente train othello-features: this binary was built without weights\n";
        return 2;
    }
    std::ofstream file(options.output, std::ios::binary);
    if (!file) {
        err << fmt::format("sente train othello-features: cannot write {}\n", options.output);
        return 2;
    }
    write_header(file, 0);  // the count is written again at the end
    const auto count_offset = file.tellp() - std::streamoff(8);
    std::uint64_t records = 0;
    const auto read = read_labelled_files(
        options.inputs, BadLines::skip, [&](const LabelledPosition& labelled, std::string_view) {
            write_record(file, *weights, labelled.position, labelled.label);
            ++records;
        });
    if (!read) {
        err << fmt::format("sente train othello-features: {}\n", read.error().message);
        return 2;
    }
    const std::size_t skipped = *read;
    file.seekp(count_offset);
    put(file, records, 8);
    if (!file.flush()) {
        err << fmt::format("sente train othello-features: writing {} failed\n", options.output);
        return 2;
    }
    out << fmt::format("{} positions written to {}{}\n", records, options.output,
                       skipped ? fmt::format(" ({} unreadable lines skipped)", skipped) : "");
    return 0;
}

}  // namespace sente::tools
