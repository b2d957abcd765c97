// The training pipeline of the Reversi pattern evaluation, end to end on a small scale:
// self-play writes positions with exact labels, the fit writes weights the engine reads, and
// those weights predict the labels better than knowing nothing does.

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "games/reversi/endgame.hpp"
#include "games/reversi/game.hpp"
#include "games/reversi/notation.hpp"
#include "games/reversi/pattern_eval.hpp"
#include "search/search.hpp"
#include "tools/labelled_positions.hpp"
#include "tools/probcut_stats.hpp"
#include "tools/train.hpp"

namespace r = sente::reversi;

namespace {

using Sample = std::pair<r::Position, int>;  // a position and its label

// The lines a self-play file holds: a position (board, side to move) and its label.
std::vector<Sample> read_samples(const std::string& path) {
    std::ifstream file(path);
    std::string board, side;
    int label = 0;
    std::vector<Sample> samples;
    while (file >> board >> side >> label) {
        auto pos = r::parse_position(board + " " + side);
        REQUIRE(pos);
        samples.emplace_back(*pos, label);
    }
    return samples;
}

r::PatternWeights read_weights(const std::string& path) {
    std::ifstream file(path, std::ios::binary);
    const std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(file)),
                                          std::istreambuf_iterator<char>());
    auto weights = r::PatternWeights::parse(bytes);
    REQUIRE(weights);
    return *weights;
}

}  // namespace

TEST_CASE("self-play labels are exact, and the fitted weights predict them") {
    sente::tools::SelfPlayOptions play;
    play.games = 40;
    play.level = 2;
    play.random_plies = 6;
    play.random_plies_max = 10;
    play.solve_empties = 10;
    play.output = "train_test_positions.txt";
    std::ostringstream out, err;
    REQUIRE(sente::tools::self_play(play, out, err) == 0);

    // Every line: a position and its label; the solved ones are exact.
    const std::vector<Sample> samples = read_samples(play.output);
    REQUIRE(samples.size() > 40 * 40);
    // Positions inside the random openings (6 to 10 plies) are left out.
    int most_empties = 0;
    for (const auto& sample : samples)
        most_empties = std::max(most_empties, sample.first.empty_count());
    CHECK(most_empties <= 60 - 6);
    CHECK(most_empties >= 60 - 10);
    sente::search::TranspositionTable tt;
    const std::atomic<bool> stop{false};
    int checked = 0;
    for (std::size_t i = 0; i < samples.size(); i += 7) {
        const auto& [pos, value] = samples[i];
        if (pos.empty_count() > play.solve_empties) continue;
        r::EndgameSolver solver(tt, stop);
        CHECK(solver.solve(pos).score == value);
        ++checked;
    }
    CHECK(checked > 20);

    sente::tools::FitOptions fit;
    fit.inputs = {play.output};
    fit.output = "train_test_weights.bin";
    fit.epochs = 30;
    REQUIRE(sente::tools::fit(fit, out, err) == 0);
    const r::PatternWeights weights = read_weights(fit.output);

    double fitted = 0;
    double blind = 0;
    for (const auto& [pos, value] : samples) {
        const double error = value - r::pattern_evaluate(weights, pos.player, pos.opponent) / 100.0;
        fitted += error * error;
        blind += double(value) * value;
    }
    CAPTURE(fitted);
    CAPTURE(blind);
    CHECK(fitted < 0.5 * blind);
    std::remove(play.output.c_str());
    std::remove(fit.output.c_str());
}

TEST_CASE("the strong levels play self-play games only with a depth") {
    sente::tools::SelfPlayOptions play;
    play.games = 1;
    play.level = 9;
    play.output = "train_test_nodepth.txt";
    std::ostringstream out, err;
    CHECK(sente::tools::self_play(play, out, err) == 2);
    CHECK(err.str().find("--depth") != std::string::npos);
    play.depth = 2;
    play.output = "train_test_depth.txt";
    CHECK(sente::tools::self_play(play, out, err) == 0);
    std::ifstream file(play.output);
    CHECK(std::distance(std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()) >
          0);
    std::remove("train_test_nodepth.txt");
    std::remove(play.output.c_str());
}

TEST_CASE("a phase without positions inherits the next phase's weights, unless independent") {
    // Positions of the last phase only, from a little self-play.
    const r::PatternWeights shape;
    const int last = shape.phases() - 1;
    sente::tools::SelfPlayOptions play;
    play.games = 40;
    play.level = 2;
    play.solve_empties = 5;
    play.output = "train_test_late.txt";
    std::ostringstream out, err;
    REQUIRE(sente::tools::self_play(play, out, err) == 0);
    {
        std::ofstream late("train_test_late_only.txt");
        for (const auto& [pos, label] : read_samples(play.output)) {
            if (shape.phase_of(pos.empty_count()) == last)
                late << r::format_position(pos) << ' ' << label << '\n';
        }
    }
    auto fitted = [&](bool chain) {
        sente::tools::FitOptions fit;
        fit.inputs = {"train_test_late_only.txt"};
        fit.output = "train_test_late_weights.bin";
        fit.epochs = 20;
        fit.chain_phases = chain;
        REQUIRE(sente::tools::fit(fit, out, err) == 0);
        return read_weights(fit.output);
    };
    const int size = shape.phase_size();
    auto nonzero = [&](const r::PatternWeights& w, int phase) {
        return std::count_if(w.phase(phase), w.phase(phase) + size,
                             [](std::int16_t x) { return x != 0; });
    };
    const r::PatternWeights chained = fitted(true);
    CHECK(nonzero(chained, last) > 100);
    for (int phase = 0; phase < last; ++phase) {
        CHECK(std::equal(chained.phase(phase), chained.phase(phase) + size, chained.phase(last)));
    }
    const r::PatternWeights independent = fitted(false);
    CHECK(std::equal(independent.phase(last), independent.phase(last) + size, chained.phase(last)));
    CHECK(nonzero(independent, 0) == 0);
    std::remove(play.output.c_str());
    std::remove("train_test_late_only.txt");
    std::remove("train_test_late_weights.bin");
}

TEST_CASE("train probcut writes each depth's value, full width or with the level's ProbCut") {
    // A few middle-game positions: a self-play game's positions of 40-50 empties.
    sente::tools::SelfPlayOptions play;
    play.games = 2;
    play.level = 2;
    play.solve_empties = 10;
    play.output = "train_test_probcut_games.txt";
    std::ostringstream out, err;
    REQUIRE(sente::tools::self_play(play, out, err) == 0);

    auto measured = [&](int probcut_t) {
        sente::tools::ProbCutStatsOptions options;
        options.inputs = {play.output};
        options.output = "train_test_probcut.txt";
        options.max_depth = 7;
        options.positions = 6;
        options.min_empties = 40;
        options.max_empties = 50;
        options.probcut_t = probcut_t;
        REQUIRE(sente::tools::probcut_stats(options, out, err) == 0);
        // board side empties, then the static evaluation and depths 1..7
        std::vector<std::pair<r::Position, std::vector<int>>> lines;
        std::ifstream file(options.output);
        std::string board, side;
        int empties = 0;
        while (file >> board >> side >> empties) {
            auto pos = r::parse_position(board + " " + side);
            REQUIRE(pos);
            CHECK(pos->empty_count() == empties);
            std::vector<int> values(8);
            for (int& v : values) REQUIRE(static_cast<bool>(file >> v));
            lines.emplace_back(*pos, values);
        }
        std::remove(options.output.c_str());
        return lines;
    };

    const auto full = measured(0);
    REQUIRE(full.size() == 6);
    // Full width: every value is what a plain search to that depth finds.
    sente::search::TranspositionTable tt;
    const std::atomic<bool> stop{false};
    r::Evaluator plain = r::ReversiGame::level(10).eval;
    plain.solve_lookahead = 0;
    plain.probcut_t = 0;
    plain.lazy_network = false;
    for (const auto& [pos, values] : full) {
        CHECK(values[0] == r::ReversiGame::evaluate(pos, plain));
        for (int depth : {1, 4, 7}) {
            tt.clear();
            sente::search::Searcher<r::ReversiGame> searcher(tt, stop);
            sente::search::Limits limits;
            limits.max_depth = depth;
            CHECK(searcher.search(pos, plain, limits).info.score == values[depth]);
        }
    }
    // Selective: the same positions, the same values where ProbCut cannot act (below its
    // least depth), different ones somewhere above it.
    const auto selective = measured(10);
    REQUIRE(selective.size() == full.size());
    int differing = 0;
    for (std::size_t i = 0; i < full.size(); ++i) {
        CHECK(r::format_position(selective[i].first) == r::format_position(full[i].first));
        for (int depth = 0; depth < r::kProbCutMinDepth; ++depth)
            CHECK(selective[i].second[depth] == full[i].second[depth]);
        for (int depth = r::kProbCutMinDepth; depth <= 7; ++depth)
            differing += selective[i].second[depth] != full[i].second[depth];
    }
    CHECK(differing > 0);
    std::remove(play.output.c_str());
}

TEST_CASE("labelled position files: every line read once, bad lines skipped or stopped at") {
    using sente::tools::BadLines;
    using sente::tools::LabelledPosition;
    const std::string start = r::format_position(r::ReversiGame::start_position(8));
    const std::string first = "labelled_first.txt", second = "labelled_second.txt";
    {
        std::ofstream(first) << start << " 4\n\n" << start << " -2\n";
        std::ofstream(second) << "not a position 7\n" << start << " 12 extra\n" << start << " 0\n";
    }
    const std::vector<std::string> both{first, second};
    std::vector<int> labels;
    std::vector<std::string> lines;
    const auto collect = [&](const LabelledPosition& labelled, std::string_view line) {
        CHECK(r::format_position(labelled.position) == start);
        labels.push_back(labelled.label);
        lines.emplace_back(line);
    };

    const auto skipping = sente::tools::read_labelled_files(both, BadLines::skip, collect);
    REQUIRE(skipping);
    CHECK(*skipping == 2);  // the blank line is neither read nor skipped
    CHECK(labels == std::vector<int>{4, -2, 0});
    CHECK(lines.back() == start + " 0");

    labels.clear();
    const auto stopping = sente::tools::read_labelled_files(both, BadLines::stop, collect);
    REQUIRE_FALSE(stopping);
    CHECK(stopping.error().message.starts_with(second + ":1: "));
    CHECK(labels == std::vector<int>{4, -2});  // the first file, then nothing after the error

    // A label is a final disc difference, so the board's own bounds and nothing past them.
    CHECK(sente::tools::parse_labelled_line(start + " 64"));
    CHECK(sente::tools::parse_labelled_line(start + " -64"));
    const auto beyond = sente::tools::parse_labelled_line(start + " -70");
    REQUIRE_FALSE(beyond);
    CHECK(beyond.error().message == "label -70 is not a disc difference (-64 to 64)");
    CHECK_FALSE(sente::tools::parse_labelled_line(start + " 65"));

    const std::vector<std::string> missing{"labelled_missing.txt"};
    const auto absent = sente::tools::read_labelled_files(missing, BadLines::skip, collect);
    REQUIRE_FALSE(absent);
    CHECK(absent.error().message == "cannot read labelled_missing.txt");
    std::remove(first.c_str());
    std::remove(second.c_str());
}
