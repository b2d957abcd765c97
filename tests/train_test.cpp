// The training pipeline of the Reversi pattern evaluation, end to end on a small scale:
// self-play writes positions with exact labels, the fit writes weights the engine reads, and
// those weights predict the labels better than knowing nothing does.

#include <doctest/doctest.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "games/reversi/endgame.hpp"
#include "games/reversi/notation.hpp"
#include "games/reversi/pattern_eval.hpp"
#include "tools/train.hpp"

namespace r = sente::reversi;

TEST_CASE("self-play labels are exact, and the fitted weights predict them") {
    sente::tools::SelfPlayOptions play;
    play.games = 40;
    play.level = 2;
    play.solve_empties = 10;
    play.output = "train_test_positions.txt";
    std::ostringstream out, err;
    REQUIRE(sente::tools::self_play(play, out, err) == 0);

    // Every line: a position and its label; the solved ones are exact.
    std::ifstream file(play.output);
    std::string board, side;
    int label = 0;
    std::vector<std::pair<r::Position, int>> samples;
    while (file >> board >> side >> label) {
        auto pos = r::parse_position(board + " " + side);
        REQUIRE(pos);
        samples.emplace_back(*pos, label);
    }
    REQUIRE(samples.size() > 40 * 50);
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
    std::ifstream weights_file(fit.output, std::ios::binary);
    const std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(weights_file)),
                                          std::istreambuf_iterator<char>());
    auto weights = r::PatternWeights::parse(bytes);
    REQUIRE(weights);

    double fitted = 0;
    double blind = 0;
    for (const auto& [pos, value] : samples) {
        const double error =
            value - r::pattern_evaluate(*weights, pos.player, pos.opponent) / 100.0;
        fitted += error * error;
        blind += double(value) * value;
    }
    CAPTURE(fitted);
    CAPTURE(blind);
    CHECK(fitted < 0.5 * blind);
    std::remove(play.output.c_str());
    std::remove(fit.output.c_str());
}
