#include "tools/gomoku_fit.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <fstream>
#include <ostream>
#include <sstream>

#include <fmt/format.h>

#include "games/gomoku/eval.hpp"
#include "games/gomoku/notation.hpp"
#include "games/gomoku/position.hpp"

namespace sente::tools {

namespace {

using gomoku::kEvalFeatures;

// Evaluation points per logit of the win probability.
constexpr double kPointsPerLogit = 200.0;

struct Sample {
    std::array<double, kEvalFeatures> features{};
    double won = 0;       // 1 if the side to move won the game
    double built_in = 0;  // the built-in evaluation, in logits
    bool held_out = false;
};

double sigmoid(double z) { return 1.0 / (1.0 + std::exp(-z)); }

double log_loss(const std::vector<Sample>& samples, bool held_out, auto&& logit) {
    double sum = 0;
    int count = 0;
    for (const Sample& s : samples) {
        if (s.held_out != held_out) continue;
        const double p = std::clamp(sigmoid(logit(s)), 1e-6, 1 - 1e-6);
        sum -= s.won * std::log(p) + (1 - s.won) * std::log(1 - p);
        ++count;
    }
    return count == 0 ? 0.0 : sum / count;
}

bool read_games(const GomokuFitOptions& options, std::vector<Sample>& samples, int& games,
                std::ostream& err) {
    for (const std::string& path : options.inputs) {
        std::ifstream in(path);
        if (!in) {
            err << "sente train gomoku-fit: cannot read " << path << "\n";
            return false;
        }
        std::string line;
        int line_number = 0;
        while (std::getline(in, line)) {
            ++line_number;
            std::istringstream words(line);
            std::string result;
            if (!(words >> result) || result.front() == '#') continue;
            if (result != "0" && result != "1") {
                err << fmt::format("{}:{}: the result must be 1 (black won) or 0\n", path,
                                   line_number);
                return false;
            }
            const Color winner = result == "1" ? Color::black : Color::white;
            ++games;
            const bool held_out = options.holdout_every > 0 && games % options.holdout_every == 0;
            gomoku::Position pos = gomoku::empty_position(options.size, gomoku::Rule::freestyle);
            std::string text;
            while (words >> text) {
                const auto move = gomoku::parse_move(text);
                if (!move || !gomoku::check_move(pos, *move)) {
                    err << fmt::format("{}:{}: '{}' is not a legal move here\n", path, line_number,
                                       text);
                    return false;
                }
                gomoku::make_move(pos, *move);
                if (gomoku::is_game_over(pos)) break;
                const Color me = pos.side;
                if (pos.count(me, gomoku::kThreatFive) > 0 ||
                    pos.count(opponent(me), gomoku::kThreatFive) > 1) {
                    continue;
                }
                Sample sample;
                const auto features = gomoku::eval_features(pos);
                std::copy(features.begin(), features.end(), sample.features.begin());
                sample.won = winner == me ? 1.0 : 0.0;
                sample.built_in = gomoku::evaluate(pos) / kPointsPerLogit;
                sample.held_out = held_out;
                samples.push_back(sample);
            }
        }
    }
    return true;
}

}  // namespace

int fit_gomoku_eval(const GomokuFitOptions& options, std::ostream& out, std::ostream& err) {
    std::vector<Sample> samples;
    int games = 0;
    if (!read_games(options, samples, games, err)) return 1;
    const auto fitted_count =
        std::count_if(samples.begin(), samples.end(), [](const Sample& s) { return !s.held_out; });
    if (fitted_count == 0) {
        err << "sente train gomoku-fit: no positions to fit\n";
        return 1;
    }

    // Adam on the features scaled to unit root-mean-square, so that one step size suits counts
    // of a few and value sums of thousands alike.
    std::array<double, kEvalFeatures> scale{};
    for (const Sample& s : samples)
        for (int i = 0; i < kEvalFeatures; ++i) scale[i] += s.features[i] * s.features[i];
    for (double& x : scale) x = std::sqrt(x / samples.size()) + 1e-9;
    std::array<double, kEvalFeatures> w{}, first{}, second{};
    const auto logit = [&](const Sample& s) {
        double z = 0;
        for (int i = 0; i < kEvalFeatures; ++i) z += w[i] * s.features[i] / scale[i];
        return z;
    };
    for (int iteration = 0; iteration < options.iterations; ++iteration) {
        std::array<double, kEvalFeatures> gradient{};
        for (const Sample& s : samples) {
            if (s.held_out) continue;
            const double error = sigmoid(logit(s)) - s.won;
            for (int i = 0; i < kEvalFeatures; ++i) gradient[i] += error * s.features[i] / scale[i];
        }
        for (int i = 0; i < kEvalFeatures; ++i) {
            const double g = gradient[i] / fitted_count + options.regularisation * w[i];
            first[i] = 0.9 * first[i] + 0.1 * g;
            second[i] = 0.999 * second[i] + 0.001 * g * g;
            w[i] -= 0.05 * first[i] / (std::sqrt(second[i]) + 1e-8);
        }
    }

    const auto built_in = [](const Sample& s) { return s.built_in; };
    out << fmt::format("{} games, {} positions ({} held out)\n", games, samples.size(),
                       samples.size() - fitted_count);
    out << fmt::format("log-loss     fitted   held out\n");
    out << fmt::format("built-in     {:.4f}   {:.4f}\n", log_loss(samples, false, built_in),
                       log_loss(samples, true, built_in));
    out << fmt::format("new weights  {:.4f}   {:.4f}\n", log_loss(samples, false, logit),
                       log_loss(samples, true, logit));
    out << "weights (eval.cpp, kEvalWeightScale units):\n";
    for (int i = 0; i < kEvalFeatures; ++i) {
        const double points = kPointsPerLogit * w[i] / scale[i];
        out << fmt::format("{}{}", std::lround(points * gomoku::kEvalWeightScale),
                           i + 1 < kEvalFeatures ? ", " : "\n");
    }
    return 0;
}

}  // namespace sente::tools
