// The Gomoku network (games/gomoku/network.hpp): its line patterns against a walk over the
// board, its incremental sums against a recount after every move of random games (every rule,
// several sizes, every kind of move and take-back), the symmetries of the board and of the
// colours that the trainer's tables give, the weight file's checks, and a search that
// evaluates with it.

#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cstring>
#include <memory>
#include <random>
#include <vector>

#include "games/gomoku/eval.hpp"
#include "games/gomoku/game.hpp"
#include "games/gomoku/movegen.hpp"
#include "games/gomoku/network.hpp"
#include "games/gomoku/notation.hpp"
#include "games/gomoku/position.hpp"

using namespace sente;
using namespace sente::gomoku;

namespace {

constexpr std::array<Rule, 4> kRules = {Rule::freestyle, Rule::standard, Rule::renju, Rule::caro};

int reversed_pattern(int pattern) {
    const int centre = pattern / (kNetSideCodes * kNetSideCodes);
    const int before = pattern / kNetSideCodes % kNetSideCodes;
    const int after = pattern % kNetSideCodes;
    return (centre * kNetSideCodes + after) * kNetSideCodes + before;
}

// The side code with black's and white's stones swapped.
int colour_swapped_side(int code) {
    constexpr std::array<int, 5> kStart = {0, 1, 4, 13, 40};
    int on_board = 4;
    while (code < kStart[on_board]) --on_board;
    int value = code - kStart[on_board], swapped = 0, digit = 1;
    for (int k = 0; k < on_board; ++k, value /= 3, digit *= 3) {
        const int cell = value % 3;
        swapped += (cell == 0 ? 0 : 3 - cell) * digit;
    }
    return kStart[on_board] + swapped;
}

int colour_swapped_pattern(int pattern) {
    const int centre = pattern / (kNetSideCodes * kNetSideCodes);
    const int before = pattern / kNetSideCodes % kNetSideCodes;
    const int after = pattern % kNetSideCodes;
    return ((centre == 0 ? 0 : 3 - centre) * kNetSideCodes + colour_swapped_side(before)) *
               kNetSideCodes +
           colour_swapped_side(after);
}

// A network of random weights; with `symmetric`, a line and its reverse share a row, and a
// row's white half is its colour image's black half, as the trainer makes them.
std::shared_ptr<Network> random_network(std::uint64_t seed, bool symmetric) {
    std::mt19937_64 random(seed);
    std::uniform_int_distribution<int> entry(-300, 300);
    std::uniform_real_distribution<float> weight(-1.0F, 1.0F);
    auto net = std::make_shared<Network>();
    net->table.resize(kNetPatterns);
    for (NetRow& row : net->table)
        for (auto& e : row) e = static_cast<std::int16_t>(entry(random));
    if (symmetric) {
        for (int p = 0; p < kNetPatterns; ++p) net->table[reversed_pattern(p)] = net->table[p];
        for (int p = 0; p < kNetPatterns; ++p) {
            const NetRow& image = net->table[colour_swapped_pattern(p)];
            std::copy_n(image.begin(), kNetViewFeatures, net->table[p].begin() + kNetViewFeatures);
        }
    }
    for (auto& unit : net->hidden_weights)
        for (float& w : unit) w = weight(random);
    for (float& b : net->hidden_bias) b = weight(random);
    for (float& w : net->output_weights) w = weight(random);
    net->output_bias = weight(random);
    net->rules = 0xF;
    net->sizes = 1U << 15;
    return net;
}

// The side code of four cells read straight off the board, nearest first.
int reference_side(const Position& pos, int point, int step) {
    int code = 0, digit = 1, on_board = 0;
    for (int k = 1; k <= 4; ++k) {
        const Stone stone = pos.stones[point + k * step];
        if (stone == kWall) break;
        const int cell = stone == kEmpty ? 0 : (stone == kBlack ? 1 : 2);
        code += cell * digit;
        digit *= 3;
        ++on_board;
    }
    constexpr std::array<int, 5> kStart = {0, 1, 4, 13, 40};
    return kStart[on_board] + code;
}

int reference_pattern(const Position& pos, int point, int d) {
    const Stone stone = pos.stones[point];
    const int centre = stone == kEmpty ? 0 : (stone == kBlack ? 1 : 2);
    return (centre * kNetSideCodes + reference_side(pos, point, -kDirections[d])) * kNetSideCodes +
           reference_side(pos, point, kDirections[d]);
}

Move random_legal_move(const Position& pos, std::mt19937_64& random) {
    MoveList moves;
    generate_legal_moves(pos, moves);
    std::uniform_int_distribution<std::size_t> pick(0, moves.size() - 1);
    return moves[pick(random)].move;
}

// The bytes of a network file of `net`, as the trainer writes it; with `view_features` below
// the build's, a narrower network: only each view's first `view_features` features.
std::vector<std::uint8_t> file_bytes(const Network& net, int view_features = kNetViewFeatures) {
    std::vector<std::uint8_t> bytes;
    auto put = [&](const auto& value) {
        const auto* p = reinterpret_cast<const std::uint8_t*>(&value);
        bytes.insert(bytes.end(), p, p + sizeof(value));
    };
    // The build's feature index of the file's feature j.
    auto slot = [&](int j) { return j < view_features ? j : kNetViewFeatures + j - view_features; };
    for (const char c : std::string_view("SENTENET")) put(c);
    for (const std::uint32_t word :
         {2U, static_cast<std::uint32_t>(2 * view_features), std::uint32_t{kNetHidden},
          std::uint32_t{kNetPatterns}, net.rules, net.sizes, std::uint32_t{net.on_built_in}})
        put(word);
    for (const NetRow& row : net.table)
        for (int j = 0; j < 2 * view_features; ++j) put(row[slot(j)]);
    for (int i = 0; i < kNetHidden; ++i)
        for (int j = 0; j < 2 * view_features; ++j) put(net.hidden_weights[slot(j)][i]);
    put(net.hidden_bias);
    put(net.output_weights);
    put(net.output_bias);
    return bytes;
}

// A random policy for `net`'s file, of table entries small enough that a point's sum of four
// rows often falls inside the clipping and often outside it.
std::shared_ptr<const Policy> random_policy(std::uint64_t seed) {
    std::mt19937_64 random(seed);
    std::uniform_int_distribution<int> entry(-200, 200);
    std::uniform_real_distribution<float> weight(-0.05F, 0.05F);
    auto policy = std::make_shared<Policy>();
    policy->table.resize(kPolicyPatterns);
    for (PolicyRow& row : policy->table)
        for (auto& e : row) e = static_cast<std::int16_t>(entry(random));
    for (float& w : policy->weights) w = weight(random);
    policy->order_weight = 0.5F;
    policy->bias = weight(random);
    return policy;
}

// The bytes of a version 4 file (or 3): `net`'s, then its policy (none: a policy of 0
// features). Version 3 has a row for every pattern: those of an occupied centre, never read,
// are filled with `filler`.
std::vector<std::uint8_t> file_bytes_with_policy(const Network& net, std::uint32_t version = 4,
                                                 std::int16_t filler = 0) {
    std::vector<std::uint8_t> bytes = file_bytes(net);
    std::memcpy(bytes.data() + 8, &version, sizeof version);
    auto put = [&](const auto& value) {
        const auto* p = reinterpret_cast<const std::uint8_t*>(&value);
        bytes.insert(bytes.end(), p, p + sizeof(value));
    };
    if (net.policy == nullptr) {
        put(std::uint32_t{0});
        return bytes;
    }
    put(std::uint32_t{kPolicyFeatures});
    for (const PolicyRow& row : net.policy->table) put(row);
    if (version == 3) {
        PolicyRow unread;
        unread.fill(filler);
        for (int pattern = kPolicyPatterns; pattern < kNetPatterns; ++pattern) put(unread);
    }
    put(net.policy->weights);
    put(net.policy->order_weight);
    put(net.policy->bias);
    return bytes;
}

// The policy's order value of an empty point, worked out in double from the board itself.
double reference_policy_value(const Policy& policy, const Position& pos, int point) {
    std::array<int, kPolicyFeatures> sum{};
    for (int d = 0; d < 4; ++d) {
        const PolicyRow& row = policy.table[reference_pattern(pos, point, d)];
        for (int j = 0; j < kPolicyFeatures; ++j) sum[j] += row[j];
    }
    const int own = pos.side == Color::black ? 0 : kPolicyViewFeatures;
    double logit = policy.bias + policy.order_weight *
                                     (built_in_order_value(pos, point) - kOrderOffset) /
                                     static_cast<double>(kOrderWeightScale);
    for (int j = 0; j < kPolicyViewFeatures; ++j) {
        logit += policy.weights[j] * std::clamp(sum[own + j], 0, kNetClip);
        logit += policy.weights[kPolicyViewFeatures + j] *
                 std::clamp(sum[kPolicyViewFeatures - own + j], 0, kNetClip);
    }
    return std::clamp(kOrderOffset + kOrderWeightScale * logit, 0.0, 8000.0);
}

}  // namespace

TEST_CASE("network: a point's pattern is its line as read off the board") {
    const auto net = random_network(1, false);
    std::mt19937_64 random(2);
    for (const int size : {5, 9, 15, 22}) {
        Position pos = empty_position(size, Rule::freestyle);
        attach_network(pos, net.get());
        for (int ply = 0; ply < size * size / 2 && !is_game_over(pos); ++ply) {
            make_move(pos, random_legal_move(pos, random));
            for_each_point(pos, [&](int point) {
                for (int d = 0; d < 4; ++d)
                    REQUIRE(net_pattern(pos, point, d) == reference_pattern(pos, point, d));
            });
        }
    }
}

TEST_CASE("network: the incremental sums equal a recount after every move and take-back") {
    const auto net = random_network(3, false);
    std::mt19937_64 random(4);
    for (const Rule rule : kRules) {
        for (const int size : {5, 8, 15, 20, 22}) {
            CAPTURE(static_cast<int>(rule));
            CAPTURE(size);
            Position pos = empty_position(size, rule);
            attach_network(pos, net.get());
            std::vector<std::pair<Move, MoveUndo>> line;
            while (!is_game_over(pos)) {
                const Move move = random_legal_move(pos, random);
                // A threat search's move and take-back leave the sums as they were.
                const NetSums before = pos.net_sums;
                MoveUndo scratch;
                make_move_unevaluated(pos, move, scratch);
                unmake_move(pos, move, scratch);
                REQUIRE(pos.net_sums == before);
                line.emplace_back(move, MoveUndo{});
                make_move(pos, move, line.back().second);
                REQUIRE(pos.net_sums == net_board_sums(pos));
            }
            // Back to the start, half of the way by the plain take-back.
            while (!line.empty()) {
                const auto& [move, undo] = line.back();
                if (line.size() % 2 == 0) {
                    unmake_move(pos, move, undo);
                } else {
                    unmake_move(pos, move);
                }
                line.pop_back();
                REQUIRE(pos.net_sums == net_board_sums(pos));
            }
            CHECK(pos.stone_count == 0);
        }
    }
}

TEST_CASE("network: a symmetric table evaluates the board's eight symmetries alike") {
    const auto net = random_network(5, true);
    std::mt19937_64 random(6);
    const int size = 15;
    Position pos = empty_position(size, Rule::freestyle);
    attach_network(pos, net.get());
    for (int ply = 0; ply < 30; ++ply) make_move(pos, random_legal_move(pos, random));
    const float logit = net_logit(*net, pos.net_sums, pos.side);
    for (int symmetry = 1; symmetry < 8; ++symmetry) {
        Position image = empty_position(size, Rule::freestyle);
        attach_network(image, net.get());
        for_each_point(pos, [&](int point) {
            if (pos.is_empty(point)) return;
            int column = column_of(point), row = row_of(point);
            if (symmetry & 1) column = size - 1 - column;
            if (symmetry & 2) row = size - 1 - row;
            if (symmetry & 4) std::swap(column, row);
            place_stone(image, point_at(column, row), color_of(pos.stones[point]));
        });
        set_side_to_move(image, pos.side);
        CAPTURE(symmetry);
        CHECK(image.net_sums == pos.net_sums);
        CHECK(net_logit(*net, image.net_sums, image.side) == logit);
    }
}

TEST_CASE("network: a position and its colour image evaluate alike for the side to move") {
    const auto net = random_network(10, true);
    std::mt19937_64 random(11);
    const int size = 15;
    for (int game = 0; game < 4; ++game) {
        Position pos = empty_position(size, Rule::freestyle);
        attach_network(pos, net.get());
        for (int ply = 0; ply < 20 + game; ++ply) make_move(pos, random_legal_move(pos, random));
        Position image = empty_position(size, Rule::freestyle);
        attach_network(image, net.get());
        for_each_point(pos, [&](int point) {
            if (!pos.is_empty(point))
                place_stone(image, point, opponent(color_of(pos.stones[point])));
        });
        set_side_to_move(image, opponent(pos.side));
        CAPTURE(game);
        // The halves trade places; the side to move's half is read first either way.
        for (int j = 0; j < kNetViewFeatures; ++j) {
            CHECK(image.net_sums[j] == pos.net_sums[j + kNetViewFeatures]);
            CHECK(image.net_sums[j + kNetViewFeatures] == pos.net_sums[j]);
        }
        const float logit = net_logit(*net, pos.net_sums, pos.side);
        CHECK(net_logit(*net, image.net_sums, image.side) == logit);
        // And the halves are not alike, so that the order matters.
        CHECK(net_logit(*net, pos.net_sums, opponent(pos.side)) != logit);
    }
}

TEST_CASE("network: the evaluation is the network's logit in the search's units") {
    const auto net = random_network(7, false);
    net->output_bias = 0.25F;
    std::fill(net->output_weights.begin(), net->output_weights.end(), 0.0F);
    Position pos = empty_position(15, Rule::freestyle);
    attach_network(pos, net.get());
    CHECK(evaluate(pos) == 50);  // 0.25 logit at 200 points a logit
    // Trained as a correction, it adds to the built-in value.
    net->on_built_in = true;
    for (const char* move : {"h8", "h9", "j8"}) make_move(pos, *parse_move(move));
    CHECK(evaluate(pos) == built_in_evaluate(pos) + 50);
    CHECK(built_in_evaluate(pos) != 0);
    attach_network(pos, nullptr);
    CHECK(pos.net_sums == NetSums{});
}

TEST_CASE("network: the built-in networks read and judge the strong levels' positions") {
    const auto shipped = builtin_network(Rule::freestyle);
    REQUIRE(shipped != nullptr);
    CHECK(shipped->plays(Rule::freestyle, 15));
    CHECK(shipped->on_built_in);
    REQUIRE(shipped->policy != nullptr);  // freestyle's file carries the move order's policy
    const auto renju = builtin_network(Rule::renju);
    REQUIRE(renju != nullptr);
    CHECK(renju->plays(Rule::renju, 15));
    CHECK(renju->on_built_in);
    CHECK(renju->policy == nullptr);  // renju's does not (yet)
    CHECK(renju != shipped);
    // New positions get their rule's where it was trained, and only there.
    for (const Rule rule : kRules) {
        const auto net = builtin_network(rule);
        for (const int size : {7, 15, 20}) {
            const Position pos = empty_position(size, rule);
            CHECK(pos.network == (net && net->plays(rule, size) ? net.get() : nullptr));
        }
    }
    using Game = GomokuGame<Rule::freestyle>;
    Position pos = empty_position(15, Rule::freestyle);
    for (const char* move : {"h8", "h9", "j8", "g7", "j10"}) make_move(pos, *parse_move(move));
    CHECK(Game::evaluate(pos, Game::level(10).eval) == evaluate(pos));
    CHECK(Game::evaluate(pos, Game::level(9).eval) == evaluate(pos));
    CHECK(evaluate(pos) != built_in_evaluate(pos));
    // The strong levels order by the built-in policy.
    Game::prepare_search(pos, Game::level(10).eval);
    CHECK(pos.order_policy == shipped->policy.get());
    // The fixed-depth levels keep the hand-made evaluation and the hand-made order.
    for (int level = 1; level <= 8; ++level) {
        CHECK(Game::evaluate(pos, Game::level(level).eval) == built_in_evaluate(pos));
        Game::prepare_search(pos, Game::level(level).eval);
        CHECK(pos.order_policy == nullptr);
    }
    // Without an active network, new positions have none.
    set_active_network(Rule::freestyle, nullptr);
    CHECK(empty_position(15, Rule::freestyle).network == nullptr);
    set_active_network(Rule::freestyle, shipped);
    CHECK(empty_position(15, Rule::freestyle).network == shipped.get());
}

TEST_CASE("network: the file reads back what was written, and nothing malformed") {
    const auto net = random_network(8, false);
    const std::vector<std::uint8_t> bytes = file_bytes(*net);
    const auto read = read_network(bytes);
    REQUIRE(read);
    CHECK((*read)->table == net->table);
    CHECK((*read)->hidden_weights == net->hidden_weights);
    CHECK((*read)->output_bias == net->output_bias);
    CHECK((*read)->plays(Rule::renju));

    auto broken = bytes;
    broken[0] = 'X';
    CHECK_FALSE(read_network(broken));
    CHECK_FALSE(read_network(std::span(bytes).first(bytes.size() - 1)));
    broken = bytes;
    broken.push_back(0);
    CHECK_FALSE(read_network(broken));
    broken = bytes;
    const std::uint32_t other_shape = kNetFeatures + 1;
    std::memcpy(broken.data() + 12, &other_shape, sizeof other_shape);
    CHECK_FALSE(read_network(broken));
    broken = bytes;
    const std::int16_t too_large = 9000;
    std::memcpy(broken.data() + 8 + 7 * 4, &too_large, sizeof too_large);
    CHECK_FALSE(read_network(broken));
    broken = bytes;
    const std::uint32_t unknown_base = 2;
    std::memcpy(broken.data() + 8 + 6 * 4, &unknown_base, sizeof unknown_base);
    CHECK_FALSE(read_network(broken));
    broken = bytes;
    const std::uint32_t no_rule = 0;
    std::memcpy(broken.data() + 8 + 4 * 4, &no_rule, sizeof no_rule);
    CHECK_FALSE(read_network(broken));
    CHECK_FALSE(load_network("/nonexistent/network.bin"));
}

TEST_CASE("network: a narrower network reads as the build's width with zero features") {
    // A build made for wider networks (SENTE_GOMOKU_NET_VIEW_FEATURES) plays the narrower ones:
    // their missing features must read as rows and hidden weights of zero, nothing shifted.
    const auto net = random_network(12, true);
    constexpr int kNarrow = kNetViewFeatures / 2;
    auto padded = std::make_shared<Network>(*net);
    for (NetRow& row : padded->table) {
        for (int j = kNarrow; j < kNetViewFeatures; ++j) {
            row[j] = 0;
            row[kNetViewFeatures + j] = 0;
        }
    }
    for (int j = kNarrow; j < kNetViewFeatures; ++j) {
        padded->hidden_weights[j].fill(0);
        padded->hidden_weights[kNetViewFeatures + j].fill(0);
    }
    const auto read = read_network(file_bytes(*net, kNarrow));
    REQUIRE(read);
    CHECK((*read)->table == padded->table);
    CHECK((*read)->hidden_weights == padded->hidden_weights);
    CHECK((*read)->hidden_bias == padded->hidden_bias);
    CHECK((*read)->output_weights == padded->output_weights);

    // The same values in play: the logits of a random game's positions.
    std::mt19937_64 random(13);
    Position pos = empty_position(15, Rule::freestyle);
    Position reference = empty_position(15, Rule::freestyle);
    attach_network(pos, read->get());
    attach_network(reference, padded.get());
    for (int ply = 0; ply < 40; ++ply) {
        CAPTURE(ply);
        CHECK(pos.net_sums == reference.net_sums);
        CHECK(net_logit(**read, pos.net_sums, pos.side) ==
              net_logit(*padded, reference.net_sums, reference.side));
        const Move move = random_legal_move(pos, random);
        make_move(pos, move);
        make_move(reference, move);
    }
}

TEST_CASE("network: a search evaluates with it") {
    const auto net = random_network(9, true);
    const auto parsed = parse_position(
        "15/15/15/15/15/15/15/5x1x7/6x1o6/5x1x7/4o2oo1o4/15/15/15/15 b", Rule::freestyle);
    REQUIRE(parsed);
    Position pos = *parsed;
    using Game = GomokuGame<Rule::freestyle>;
    search::TranspositionTable tt;
    REQUIRE(tt.resize(16));
    std::atomic<bool> stop{false};
    search::Searcher<Game> searcher(tt, stop);
    search::Limits limits;
    limits.max_depth = 6;
    const auto built_in = searcher.search(pos, Game::level(10).eval, limits);
    attach_network(pos, net.get());
    tt.clear();
    const auto result = searcher.search(pos, Game::level(10).eval, limits);
    CHECK(pos.is_empty(result.best.point));
    CHECK(result.info.depth == 6);
    // The network's values, not the built-in ones, steered this search.
    CHECK(result.info.nodes != built_in.info.nodes);
}

TEST_CASE("a Gomoku game's id names its rule (the training tools' --game)") {
    CHECK(rule_of_game(GomokuGame<Rule::freestyle>::kRule.id) == Rule::freestyle);
    CHECK(rule_of_game(GomokuGame<Rule::standard>::kRule.id) == Rule::standard);
    CHECK(rule_of_game(GomokuGame<Rule::renju>::kRule.id) == Rule::renju);
    CHECK(rule_of_game(GomokuGame<Rule::caro>::kRule.id) == Rule::caro);
    CHECK_FALSE(rule_of_game("othello"));
}

TEST_CASE("policy: a version 4 file reads back its policy, and nothing malformed") {
    auto net = random_network(20, false);
    net->policy = random_policy(21);
    const std::vector<std::uint8_t> bytes = file_bytes_with_policy(*net);
    const auto read = read_network(bytes);
    REQUIRE(read);
    CHECK((*read)->table == net->table);
    REQUIRE((*read)->policy != nullptr);
    CHECK((*read)->policy->table == net->policy->table);
    CHECK((*read)->policy->weights == net->policy->weights);
    CHECK((*read)->policy->order_weight == net->policy->order_weight);
    CHECK((*read)->policy->bias == net->policy->bias);

    // Version 3's rows of an occupied centre are read past and dropped, checked as any row.
    const auto v3 = read_network(file_bytes_with_policy(*net, 3, 17));
    REQUIRE(v3);
    REQUIRE((*v3)->policy != nullptr);
    CHECK((*v3)->policy->table == net->policy->table);
    CHECK((*v3)->policy->weights == net->policy->weights);
    CHECK_FALSE(read_network(file_bytes_with_policy(*net, 3, -9000)));
    // A version 4 file is not a version 3 one: its rows run out before the weights.
    auto relabelled = bytes;
    const std::uint32_t three = 3;
    std::memcpy(relabelled.data() + 8, &three, sizeof three);
    CHECK_FALSE(read_network(relabelled));

    // Versions 3 and 4 without a policy, and version 2 (which has none), read as no policy.
    net->policy = nullptr;
    for (const std::uint32_t version : {3U, 4U}) {
        const auto none = read_network(file_bytes_with_policy(*net, version));
        REQUIRE(none);
        CHECK((*none)->policy == nullptr);
    }
    const auto old = read_network(file_bytes(*net));
    REQUIRE(old);
    CHECK((*old)->policy == nullptr);

    CHECK_FALSE(read_network(std::span(bytes).first(bytes.size() - 1)));
    auto broken = bytes;
    broken.push_back(0);
    CHECK_FALSE(read_network(broken));
    const std::size_t policy_start = file_bytes(*net).size();
    broken = bytes;
    const std::uint32_t other_width = kPolicyFeatures / 2;
    std::memcpy(broken.data() + policy_start, &other_width, sizeof other_width);
    CHECK_FALSE(read_network(broken));
    broken = bytes;
    const std::int16_t too_large = -9000;
    std::memcpy(broken.data() + policy_start + 4 + 6, &too_large, sizeof too_large);
    CHECK_FALSE(read_network(broken));
    broken = bytes;
    const std::uint32_t version = 5;
    std::memcpy(broken.data() + 8, &version, sizeof version);
    CHECK_FALSE(read_network(broken));
}

TEST_CASE("policy: a point's order value is the policy's, worked out from the board") {
    const auto policy = random_policy(22);
    std::mt19937_64 random(23);
    int clipped_low = 0, clipped_high = 0, compared = 0;
    for (const Rule rule : kRules) {
        for (const int size : {15, 20}) {
            Position pos = empty_position(size, rule);
            for (int ply = 0; ply < 40 && !is_game_over(pos); ++ply) {
                for_each_point(pos, [&](int point) {
                    if (!pos.is_empty(point)) return;
                    const double expected = reference_policy_value(*policy, pos, point);
                    const int value =
                        policy_order_value(*policy, pos, point, built_in_order_value(pos, point));
                    CHECK(std::abs(value - expected) <= 0.5 + 1e-3);
                    clipped_low += expected == 0;
                    clipped_high += expected == 8000;
                    ++compared;
                });
                make_move(pos, random_legal_move(pos, random));
            }
        }
    }
    // The values spread inside the range: the test checks sums, not only the clamping.
    CHECK(clipped_low + clipped_high < compared / 10);
}

TEST_CASE("policy: the search keeps the policy's best of the built-in order's best points") {
    const auto policy = random_policy(24);
    auto parsed =
        parse_position("15/15/15/15/15/15/4x10/3oo10/5x9/3xoo9/2xxxo9/1oooxox8/3xo10/3x2o8/6x8 b",
                       Rule::freestyle);
    REQUIRE(parsed);
    Position pos = *parsed;
    MoveList all;
    generate_search_moves(pos, all, MoveList::capacity());
    REQUIRE(all.size() > kPolicyCandidates);
    std::vector<std::pair<int, int>> by_built_in;  // (value, point)
    for (const auto& entry : all) by_built_in.emplace_back(entry.score, entry.move.point);
    std::sort(by_built_in.rbegin(), by_built_in.rend());
    const int cut = by_built_in[kPolicyCandidates - 1].first;
    REQUIRE(by_built_in[kPolicyCandidates].first < cut);  // the 24 best are one set

    pos.order_policy = policy.get();
    MoveList kept, omitted;
    generate_search_moves(pos, kept);
    generate_omitted_moves(pos, omitted);
    REQUIRE(kept.size() == kMaxQuietMoves);
    CHECK(kept.size() + omitted.size() == all.size());
    int lowest_kept = 8000;
    for (const auto& entry : kept) {
        // Among the built-in order's 24 best, valued by the policy, and the list carries the
        // value the search orders by.
        CHECK(built_in_order_value(pos, entry.move.point) >= cut);
        CHECK(entry.score == order_value(pos, entry.move.point));
        lowest_kept = std::min(lowest_kept, entry.score);
    }
    for (const auto& entry : omitted) {
        CHECK(entry.score <= lowest_kept);
        for (const auto& k : kept) CHECK(k.move.point != entry.move.point);
    }
}

TEST_CASE("policy: the strong levels order by it, the fixed-depth levels as before") {
    auto net = random_network(25, true);
    net->on_built_in = true;
    const auto parsed = parse_position(
        "15/15/15/15/15/15/15/5x1x7/6x1o6/5x1x7/4o2oo1o4/15/15/15/15 b", Rule::freestyle);
    REQUIRE(parsed);
    using Game = GomokuGame<Rule::freestyle>;
    auto nodes = [&](const Network* with, int level, int depth) {
        Position pos = *parsed;
        attach_network(pos, with);
        search::TranspositionTable tt;
        REQUIRE(tt.resize(16));
        std::atomic<bool> stop{false};
        search::Searcher<Game> searcher(tt, stop);
        search::Limits limits;
        limits.max_depth = depth;
        const auto result = searcher.search(pos, Game::level(level).eval, limits);
        CHECK(pos.is_empty(result.best.point));
        return result.info.nodes;
    };
    auto with_policy = std::make_shared<Network>(*net);
    with_policy->policy = random_policy(26);
    CHECK(nodes(with_policy.get(), 10, 6) != nodes(net.get(), 10, 6));
    CHECK(nodes(with_policy.get(), 6, 4) == nodes(net.get(), 6, 4));
}
