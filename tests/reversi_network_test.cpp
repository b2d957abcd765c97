// The Othello network (games/reversi/network.hpp): its file, its arithmetic on a network whose
// value can be worked out by hand, its invariance under the board's symmetries, and the
// evaluation that adds it to the patterns' value.

#include <doctest/doctest.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string_view>
#include <vector>

#include "games/reversi/eval.hpp"
#include "games/reversi/network.hpp"
#include "games/reversi/notation.hpp"
#include "games/reversi/pattern_eval.hpp"
#include "games/reversi/patterns.hpp"
#include "reversi_random_games.hpp"

namespace r = sente::reversi;

namespace {

// A network file as scripts/train-othello-net writes it: every table row `row(kind,
// reading)`, every bucket from `bucket(b)`.
template <class RowFn, class BucketFn>
std::vector<std::uint8_t> network_file(RowFn row, BucketFn bucket) {
    std::vector<std::uint8_t> bytes;
    const auto put = [&](auto value) {
        const auto* p = reinterpret_cast<const std::uint8_t*>(&value);
        bytes.insert(bytes.end(), p, p + sizeof(value));
    };
    for (const char c : r::kOthelloNetMagic) bytes.push_back(static_cast<std::uint8_t>(c));
    for (const std::uint32_t v : {2U, std::uint32_t{r::kNetFeatures}, std::uint32_t{r::kNetHidden},
                                  std::uint32_t{r::kNetInputs}, std::uint32_t{r::kNetBuckets},
                                  std::uint32_t{r::kPatternKinds}})
        put(v);
    for (const r::PatternKind& kind : r::pattern_kinds())
        put(static_cast<std::uint32_t>(kind.table_size));
    for (int kind = 0; kind < r::kPatternKinds; ++kind)
        for (int reading = 0; reading < r::pattern_kinds()[kind].table_size; ++reading)
            for (const std::int8_t entry : row(kind, reading).values) put(entry);
    for (int b = 0; b < r::kNetBuckets; ++b) {
        const r::OthelloNetBucket layer = bucket(b);
        for (int u = 0; u < r::kNetHidden; ++u)
            for (const auto& input : layer.hidden_weights)
                put(static_cast<std::int16_t>(input[static_cast<std::size_t>(u)]));
        for (const std::int32_t v : layer.hidden_bias) put(v);
        for (const std::int16_t w : layer.output_weights) put(w);
        put(layer.output_bias);
    }
    return bytes;
}

r::OthelloNetRow constant_row(std::int8_t first) {
    r::OthelloNetRow row{};
    row.values[0] = first;
    return row;
}

int correction(const r::OthelloNetwork& net, const r::Position& pos) {
    return r::othello_net_correction(net, r::pattern_readings(pos.player, pos.opponent),
                                     pos.empty_count(),
                                     r::popcount(r::legal_moves(pos.player, pos.opponent)),
                                     r::popcount(r::legal_moves(pos.opponent, pos.player)));
}

}  // namespace

TEST_CASE("othello network: a network worked out by hand") {
    // Every reading adds 8 to feature 0: 46 readings make 368, clipped to 256 (1.0). Unit 0
    // of bucket b passes feature 0 on at weight 1.0 and adds half a unit per own move; the
    // output weighs it (b + 1) discs, and the output bias adds a quarter of a disc.
    const auto bytes = network_file(
        [](int, int) { return constant_row(8); },
        [](int b) {
            r::OthelloNetBucket layer{};
            layer.hidden_weights[0][0] = r::kNetWeightScale;
            layer.hidden_weights[r::kNetFeatures][0] = r::kNetWeightScale / 2;
            layer.output_weights[0] = static_cast<std::int16_t>((b + 1) * r::kNetWeightScale);
            layer.output_bias = r::kNetTableScale * r::kNetWeightScale / 4;
            return layer;
        });
    const auto net = r::read_othello_network(bytes);
    REQUIRE(net);
    const r::PatternIndices readings =
        r::pattern_readings(0x0000000810000000ULL, 0x0000001008000000ULL);
    // No moves: the unit is 1.0, its output (b + 1) discs, plus the bias.
    CHECK(r::othello_net_correction(**net, readings, 60, 0, 0) == 125);  // bucket 0
    CHECK(r::othello_net_correction(**net, readings, 4, 0, 0) == 825);   // bucket 7
    // Moves push the unit past 1.0, where it is clipped.
    CHECK(r::othello_net_correction(**net, readings, 60, 4, 0) == 125);
    // A negative sum is clipped to 0: with rows of -8 only the bias is left.
    const auto negative =
        r::read_othello_network(network_file([](int, int) { return constant_row(-8); },
                                             [](int) {
                                                 r::OthelloNetBucket layer{};
                                                 layer.hidden_weights[0][0] = r::kNetWeightScale;
                                                 layer.output_weights[0] = r::kNetWeightScale;
                                                 layer.output_bias =
                                                     -r::kNetTableScale * r::kNetWeightScale;
                                                 return layer;
                                             }));
    REQUIRE(negative);
    CHECK(r::othello_net_correction(**negative, readings, 30, 0, 0) == -100);
}

TEST_CASE("othello network: a file that is not one is refused with a reason") {
    const auto good = network_file([](int, int) { return constant_row(1); },
                                   [](int) { return r::OthelloNetBucket{}; });
    REQUIRE(r::read_othello_network(good));
    auto bad = good;
    bad[0] = 'X';
    CHECK_FALSE(r::read_othello_network(bad));
    CHECK_FALSE(r::read_othello_network(std::span(good).first(good.size() - 1)));
    bad = good;
    bad.push_back(0);
    CHECK_FALSE(r::read_othello_network(bad));
    bad = good;
    bad[8] = 1;  // the version
    CHECK(r::read_othello_network(bad).error().message.find("version") != std::string::npos);
    bad = good;
    bad[12] = 17;  // the features
    CHECK_FALSE(r::read_othello_network(bad));
    CHECK_FALSE(r::load_othello_network("/nonexistent/net.bin"));
}

TEST_CASE("othello network: the same value for the board's eight images") {
    // Random rows for the canonical readings (the file's other rows are noise the reader must
    // replace), random dense layers.
    std::mt19937 rng(7);
    std::uniform_int_distribution<int> entry(-40, 60), weight(-900, 900);
    const auto bytes = network_file(
        [&](int, int) {
            r::OthelloNetRow row{};
            for (auto& v : row.values) v = static_cast<std::int8_t>(entry(rng));
            return row;
        },
        [&](int) {
            r::OthelloNetBucket layer{};
            for (auto& input : layer.hidden_weights)
                for (auto& w : input) w = weight(rng);
            for (auto& w : layer.output_weights) w = static_cast<std::int16_t>(weight(rng));
            return layer;
        });
    const auto net = r::read_othello_network(bytes);
    REQUIRE(net);
    int nonzero = 0;
    for (const r::Position& pos : sente::test::random_game_positions(6, 11)) {
        const int value = correction(**net, pos);
        nonzero += value != 0;
        for (int s = 1; s < 8; ++s) {
            const r::Position image{r::transform_board(s, pos.player),
                                    r::transform_board(s, pos.opponent), pos.side};
            REQUIRE(correction(**net, image) == value);
        }
    }
    CHECK(nonzero > 100);
}

TEST_CASE("othello network: the evaluation adds the active network's correction") {
    const auto net =
        r::read_othello_network(network_file([](int, int) { return constant_row(8); },
                                             [](int) {
                                                 r::OthelloNetBucket layer{};
                                                 layer.hidden_weights[0][0] = r::kNetWeightScale;
                                                 layer.output_weights[0] = 3 * r::kNetWeightScale;
                                                 return layer;
                                             }));
    REQUIRE(net);
    const r::Position pos = sente::test::random_game_positions(1, 3)[20];
    r::set_active_othello_network(nullptr);
    const int linear = r::evaluate(pos, r::EvalKind::patterns);
    r::set_active_othello_network(*net);
    const int with_net = r::evaluate(pos, r::EvalKind::patterns);
    r::set_active_othello_network(r::builtin_othello_network());
    CHECK(with_net == linear + 300);
    CHECK(r::evaluate(pos, r::EvalKind::patterns) != linear);
}

TEST_CASE("othello network: the built-in network reads and is the one levels 9-10 play with") {
    const auto builtin = r::builtin_othello_network();
    REQUIRE(builtin != nullptr);
    CHECK(r::active_othello_network() == builtin.get());
}

TEST_CASE("othello network: a search's window leaves the correction out only far beyond it") {
    // The built-in network and weights, as levels 9-10 play them.
    const r::PatternWeights* weights = r::builtin_weights();
    REQUIRE(weights != nullptr);
    REQUIRE(r::active_othello_network() != nullptr);
    const int margin = r::kLazyNetworkMargin;
    int corrected = 0;
    for (const r::Position& pos : sente::test::random_game_positions(4, 19)) {
        const r::Bitboard mine = r::legal_moves(pos.player, pos.opponent);
        const r::Bitboard theirs = r::legal_moves(pos.opponent, pos.player);
        const int full = r::evaluate(pos, r::EvalKind::patterns, mine, theirs);
        const int linear = r::pattern_evaluate(*weights, pos.player, pos.opponent, mine, theirs);
        corrected += full != linear;
        const auto windowed = [&](int alpha, int beta) {
            return r::evaluate(pos, r::EvalKind::patterns, mine, theirs, {alpha, beta});
        };
        // Around the value (when the correction is within the margin: in the random games'
        // odd positions it is not always), or within the margin of the patterns' value: the
        // value itself.
        if (std::abs(full - linear) < margin) CHECK(windowed(full - 1, full + 1) == full);
        CHECK(windowed(linear - margin, linear - margin + 2) == full);
        CHECK(windowed(linear + margin - 2, linear + margin) == full);
        // The margin or more beyond the patterns' value, on either side: the patterns alone.
        CHECK(windowed(linear - margin - 1, linear - margin) == linear);
        CHECK(windowed(linear + margin, linear + margin + 1) == linear);
    }
    CHECK(corrected > 100);
}
