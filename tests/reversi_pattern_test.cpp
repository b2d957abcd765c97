// The pattern features of the trained Reversi evaluation: the places of each pattern, the
// readings against a plain square-by-square reading, the symmetry folding, the invariance of the
// whole feature set (and so of the evaluation) under the board's eight symmetries, and the
// weights file.

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <random>
#include <set>
#include <vector>

#include "games/reversi/notation.hpp"
#include "games/reversi/pattern_eval.hpp"
#include "games/reversi/patterns.hpp"
#include "reversi_random_games.hpp"

namespace r = sente::reversi;

namespace {

// The reading of an instance from a plain array of squares: 0 empty, 1 mine, 2 the opponent's.
int plain_reading(const r::PatternInstance& p, const r::Position& pos) {
    int board[64];
    for (int sq = 0; sq < 64; ++sq) {
        board[sq] = (pos.player >> sq) & 1 ? 1 : (pos.opponent >> sq) & 1 ? 2 : 0;
    }
    int index = 0;
    int weight = 1;
    for (int i = 0; i < p.size; ++i, weight *= 3) index += board[p.squares[i]] * weight;
    return index;
}

std::multiset<std::pair<int, int>> feature_multiset(r::Bitboard player, r::Bitboard opponent) {
    const auto indices = r::pattern_indices(player, opponent);
    std::multiset<std::pair<int, int>> set;
    for (int i = 0; i < r::kPatternInstances; ++i) {
        set.insert({r::pattern_instances()[i].kind, static_cast<int>(indices[i])});
    }
    return set;
}

}  // namespace

TEST_CASE("each pattern stands in all its places on the board, each place once") {
    const std::vector<int> expected = {4, 4, 8, 4, 4, 4, 2, 4, 4, 4, 4};
    std::map<int, std::set<std::set<int>>> places;
    for (const r::PatternInstance& p : r::pattern_instances()) {
        std::set<int> squares(p.squares.begin(), p.squares.begin() + p.size);
        CHECK(static_cast<int>(squares.size()) == p.size);  // no square twice
        CHECK(places[p.kind].insert(squares).second);       // no place twice
    }
    for (int kind = 0; kind < r::kPatternKinds; ++kind) {
        const r::PatternKind& k = r::pattern_kinds()[kind];
        CAPTURE(k.name);
        CHECK(k.instance_count == expected[kind]);
        // Every symmetry of every place is a place.
        for (const auto& squares : places[kind]) {
            for (int s = 0; s < 8; ++s) {
                std::set<int> image;
                for (int sq : squares) image.insert(r::transform_square(s, sq));
                CHECK(places[kind].count(image) == 1);
            }
        }
    }
    // The edge pattern holds a1..h1 with b2 and g2 in one of its places.
    std::set<int> edge;
    for (int sq = 0; sq < 8; ++sq) edge.insert(sq);
    edge.insert(9);
    edge.insert(14);
    CHECK(places[0].count(edge) == 1);
}

TEST_CASE("pattern readings equal a plain square-by-square reading, folded canonically") {
    for (const r::Position& pos : sente::test::random_game_positions(30, 11)) {
        const auto indices = r::pattern_indices(pos.player, pos.opponent);
        for (int i = 0; i < r::kPatternInstances; ++i) {
            const r::PatternInstance& p = r::pattern_instances()[i];
            const int canonical = r::canonical_index(p.kind, plain_reading(p, pos));
            REQUIRE(static_cast<int>(indices[i]) == canonical);
        }
    }
    for (int kind = 0; kind < r::kPatternKinds; ++kind) {
        const int size = r::pattern_kinds()[kind].table_size;
        int canonical_count = 0;
        for (int index = 0; index < size; ++index) {
            const int c = r::canonical_index(kind, index);
            REQUIRE(c <= index);
            REQUIRE(r::canonical_index(kind, c) == c);
            canonical_count += c == index;
        }
        // Patterns that map onto themselves (edges, lines, the corner block, the long
        // diagonals) fold about half their readings; the others none.
        const bool folds = kind != 2;  // the 2x5 corner has no mirror of its own
        if (folds) {
            CHECK(canonical_count < size);
        } else {
            CHECK(canonical_count == size);
        }
    }
}

TEST_CASE("the fast readings (pext on the board's images) equal the disc-by-disc ones") {
    for (const r::Position& pos : sente::test::random_game_positions(30, 17)) {
        for (int s = 0; s < 8; ++s) {
            REQUIRE(r::symmetric_images(pos.player)[s] == r::transform_board(s, pos.player));
        }
        REQUIRE(r::pattern_readings(pos.player, pos.opponent) ==
                r::pattern_readings_by_disc(pos.player, pos.opponent));
    }
}

TEST_CASE("the features, and so the evaluation, are the same in all eight symmetries") {
    r::PatternWeights weights;
    std::mt19937 rng(5);
    for (auto& w : weights.all())
        w = static_cast<std::int16_t>(static_cast<int>(rng() % 201) - 100);
    weights.symmetrise();  // as parse() does: the evaluation reads readings as they are
    for (const r::Position& pos : sente::test::random_game_positions(20, 3)) {
        const auto features = feature_multiset(pos.player, pos.opponent);
        const int value = r::pattern_evaluate(weights, pos.player, pos.opponent);
        for (int s = 1; s < 8; ++s) {
            const r::Bitboard player = r::transform_board(s, pos.player);
            const r::Bitboard opponent = r::transform_board(s, pos.opponent);
            REQUIRE(feature_multiset(player, opponent) == features);
            REQUIRE(r::pattern_evaluate(weights, player, opponent) == value);
        }
    }
}

TEST_CASE("the evaluation adds the weights of its phase") {
    r::PatternWeights weights;
    const r::Position start = r::start_position();
    const int phase = weights.phase_of(60);
    CHECK(phase == 0);
    CHECK(weights.phase_of(61 - 60 / weights.phases()) == 0);
    CHECK(weights.phase_of(60 - 60 / weights.phases()) == 1);
    CHECK(weights.phase_of(0) == weights.phases() - 1);
    for (int p = 0; p < weights.phases(); ++p) {
        CHECK(weights.phase_of(weights.fewest_empties(p)) == p);
        CHECK(weights.phase_of(weights.most_empties(p)) == p);
    }
    const int bias = r::PatternWeights::patterns_size() + r::kBias;
    weights.phase(phase)[bias] = 3 * r::kWeightScale;  // three discs for the side to move
    CHECK(r::pattern_evaluate(weights, start.player, start.opponent) == 300);
    // The empty edge reading (index 0) appears four times.
    weights.phase(phase)[r::PatternWeights::kind_offset(0)] = r::kWeightScale / 2;
    CHECK(r::pattern_evaluate(weights, start.player, start.opponent) == 300 + 4 * 50);
    // Another phase's weights do not count.
    weights.phase(phase + 1)[bias] = 100 * r::kWeightScale;
    CHECK(r::pattern_evaluate(weights, start.player, start.opponent) == 500);
}

TEST_CASE("the weights file reads back what was written, and refuses damaged files") {
    r::PatternWeights weights(12, 3);  // as many phases and scalars as version 1 had
    std::mt19937 rng(9);
    auto all = weights.all();
    for (std::size_t i = 0; i < all.size(); i += 1 + rng() % 50) {
        all[i] = static_cast<std::int16_t>(static_cast<int>(rng() % 60001) - 30000);
    }
    weights.symmetrise();  // what the file keeps: the canonical readings' weights
    const std::vector<std::uint8_t> bytes = weights.serialise();
    CHECK(bytes.size() < all.size() * 2 / 4);  // the zero runs are short
    auto read = r::PatternWeights::parse(bytes);
    REQUIRE(read);
    CHECK(read->phases() == 12);
    CHECK(read->scalars() == 3);
    CHECK(std::equal(all.begin(), all.end(), read->all().begin(), read->all().end()));
    // Version 1 had no scalar count in its header (three scalars, twelve phases).
    std::vector<std::uint8_t> version1(bytes.begin(), bytes.begin() + 12);  // to the phases
    version1[4] = 1;
    version1.insert(version1.end(), bytes.begin() + 16, bytes.end());  // the phase size on
    auto read1 = r::PatternWeights::parse(version1);
    REQUIRE(read1);
    CHECK(std::equal(all.begin(), all.end(), read1->all().begin(), read1->all().end()));

    CHECK_FALSE(r::PatternWeights::parse({}));
    std::vector<std::uint8_t> damaged = bytes;
    damaged[0] = 'X';
    CHECK_FALSE(r::PatternWeights::parse(damaged));
    damaged = bytes;
    damaged.resize(bytes.size() - 2);
    CHECK_FALSE(r::PatternWeights::parse(damaged));
    damaged = bytes;
    damaged.push_back(1);
    damaged.push_back(0);
    CHECK_FALSE(r::PatternWeights::parse(damaged));
}

TEST_CASE("the weights built into the binary load, and judge positions sensibly") {
    const r::PatternWeights* weights = r::builtin_weights();
    REQUIRE(weights != nullptr);
    const auto all = weights->all();
    CHECK(std::count(all.begin(), all.end(), 0) < static_cast<std::ptrdiff_t>(all.size()));
    // The start is about even (a few discs at most either way).
    const r::Position start = r::start_position();
    CHECK(std::abs(r::pattern_evaluate(*weights, start.player, start.opponent)) < 600);
    // Four corners and their edges against a scattered centre: clearly winning, whoever owns
    // them, and clearly losing for the other side.
    const auto pos =
        r::parse_position("XXXXXXXXX-O--O-XX-OOOO-XX-OOOO-XX-OOOO-XX-OOOO-XX------XXXXXXXXX O");
    REQUIRE(pos);
    CHECK(r::pattern_evaluate(*weights, pos->player, pos->opponent) < -300);
    CHECK(r::pattern_evaluate(*weights, pos->opponent, pos->player) > 300);
}
