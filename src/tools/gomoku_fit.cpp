#include "tools/gomoku_fit.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <fstream>
#include <ostream>
#include <sstream>
#include <utility>

#include <fmt/format.h>

#include "games/gomoku/eval.hpp"
#include "games/gomoku/movegen.hpp"
#include "games/gomoku/notation.hpp"
#include "games/gomoku/position.hpp"
#include "games/gomoku/vcf.hpp"

namespace sente::tools {

namespace {

using gomoku::kEvalFeatures;

// Evaluation points per logit of the win probability.
constexpr double kPointsPerLogit = 200.0;

// A position's non-zero features: most of the evaluation's are shape counts, and a position
// has only a few dozen shapes.
struct Feature {
    int index;
    double value;
};

struct Sample {
    std::vector<Feature> features;
    double won = 0;       // the target: 1 if the side to move won the game, or mixed with a label
    double outcome = 0;   // 1 if the side to move won the game
    double built_in = 0;  // the built-in evaluation, in logits
    bool held_out = false;
    bool labelled = false;
};

// Adam's moments for N weights: step() moves the weights against the summed `gradient` of
// `count` examples plus an L2 pull of `regularisation`, by a step of size `rate`.
template <std::size_t N>
struct Adam {
    std::array<double, N> first{}, second{};

    void step(std::array<double, N>& w, const std::array<double, N>& gradient, double count,
              double regularisation, double rate) {
        std::array<double, N> each;
        each.fill(regularisation);
        step(w, gradient, count, each, rate);
    }

    // The same with a pull of its own for each weight.
    void step(std::array<double, N>& w, const std::array<double, N>& gradient, double count,
              const std::array<double, N>& regularisation, double rate) {
        for (std::size_t i = 0; i < N; ++i) {
            const double g = gradient[i] / count + regularisation[i] * w[i];
            first[i] = 0.9 * first[i] + 0.1 * g;
            second[i] = 0.999 * second[i] + 0.001 * g * g;
            w[i] -= rate * first[i] / (std::sqrt(second[i]) + 1e-8);
        }
    }
};

double sigmoid(double z) { return 1.0 / (1.0 + std::exp(-z)); }

// Adam's step size falls linearly from 0.05 to 0 over the run: at a fixed step the weights
// kept circling the optimum, so that 10,000 iterations fitted worse than 3,000 (the training
// log-loss of the 2,022 games 0.5276 after 3,000, 0.5306 after 10,000). Falling, the run
// settles: 0.5254 after 3,000 and after 8,000.
double step_rate(int iteration, int iterations) {
    return 0.05 * (1.0 - static_cast<double>(iteration) / iterations);
}

// The mean log-loss against the targets, or with `outcomes` against the games' outcomes.
double log_loss(const std::vector<Sample>& samples, bool held_out, auto&& logit,
                bool outcomes = false) {
    double sum = 0;
    int count = 0;
    for (const Sample& s : samples) {
        if (s.held_out != held_out) continue;
        const double p = std::clamp(sigmoid(logit(s)), 1e-6, 1 - 1e-6);
        const double y = outcomes ? s.outcome : s.won;
        sum -= y * std::log(p) + (1 - y) * std::log(1 - p);
        ++count;
    }
    return count == 0 ? 0.0 : sum / count;
}

// Replays every game of the inputs and calls visit(pos, move, winner, held_out, label) before
// each of its moves (`move` the point played; `label` the move's label, or a negative number
// for none). Returns false, with a message on `err`, when a file cannot be read or a line is
// not a game.
bool replay_games(const GomokuFitOptions& options, int& games, std::ostream& err, auto&& visit) {
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
                double label = -1;
                const auto slash = text.find('/');
                if (slash != std::string::npos) {
                    std::istringstream number(text.substr(slash + 1));
                    if (!(number >> label) || !number.eof() || label < 0 || label > 1) {
                        err << fmt::format("{}:{}: '{}': a label is a probability from 0 to 1\n",
                                           path, line_number, text);
                        return false;
                    }
                    text.resize(slash);
                }
                const auto move = gomoku::parse_move(text);
                if (!move || !gomoku::check_move(pos, *move)) {
                    err << fmt::format("{}:{}: '{}' is not a legal move here\n", path, line_number,
                                       text);
                    return false;
                }
                visit(std::as_const(pos), move->point, winner, held_out, label);
                gomoku::make_move(pos, *move);
                if (gomoku::is_game_over(pos)) break;
            }
        }
    }
    return true;
}

// How far options.evaluated_only looks for a win by fours: about what the strong levels'
// threat search spends at a node away from the horizon.
constexpr int kEvaluatedVcfFours = 30;
constexpr std::uint64_t kEvaluatedVcfBudget = 500;

// Whether the side to move wins by fours within that budget.
bool wins_by_fours(const gomoku::Position& pos, gomoku::VcfSearch& vcf) {
    if (gomoku::count_four_points(pos, pos.side) == 0) return false;
    gomoku::Position work = pos;  // searched in place
    return vcf.find(work, kEvaluatedVcfFours, kEvaluatedVcfBudget).has_value();
}

// The positions the evaluation is fitted to: every position a move is played from, except
// those where the side to move can make five or faces two fives (the search never evaluates
// them), and with options.evaluated_only the others the search settles before it evaluates.
// The target is the outcome, or with a label on the move, the label and the outcome mixed by
// options.label_weight.
bool read_games(const GomokuFitOptions& options, std::vector<Sample>& samples, int& games,
                std::ostream& err) {
    gomoku::VcfSearch vcf;
    return replay_games(
        options, games, err,
        [&](const gomoku::Position& pos, int, Color winner, bool held_out, double label) {
            const Color me = pos.side;
            const int their_fives = pos.count(opponent(me), gomoku::kThreatFive);
            if (pos.count(me, gomoku::kThreatFive) > 0 || their_fives > 1) return;
            if (options.evaluated_only && (their_fives > 0 || wins_by_fours(pos, vcf))) return;
            Sample sample;
            const auto features = gomoku::eval_features(pos);
            for (int i = 0; i < kEvalFeatures; ++i)
                if (features[i] != 0) sample.features.push_back({i, double(features[i])});
            sample.won = sample.outcome = winner == me ? 1.0 : 0.0;
            if (label >= 0)
                sample.won = options.label_weight * label + (1 - options.label_weight) * sample.won;
            sample.built_in = gomoku::evaluate(pos) / kPointsPerLogit;
            sample.held_out = held_out;
            sample.labelled = label >= 0;
            samples.push_back(sample);
        });
}

// The shapes' table for shape.cpp: every shape that carries a weight, strongest first.
void print_shape_weights(std::ostream& out, auto&& weight) {
    static constexpr std::array<const char*, gomoku::kLinePatterns> kEnumerators = {
        "kDead",   "kOverline", "kBlock1", "kFlex1", "kBlock2", "kFlex2",
        "kBlock3", "kFlex3",    "kBlock4", "kFlex4", "kFive"};
    out << "shapes (shape.cpp kFittedShapes, own and their weights):\n";
    for (int index = gomoku::kShapes - 1; index >= 0; --index) {
        const gomoku::Shape shape = gomoku::shape_of_index(index);
        if (!gomoku::is_weighed(shape)) continue;
        out << fmt::format("    {{{{{}, {}}}, {{{}, {}}}}},\n", kEnumerators[shape.first],
                           kEnumerators[shape.second], weight(index, true), weight(index, false));
    }
}

// How many of `items` the fit learns from (those not held out); 0, said on `err`, when there
// are none.
template <class Item>
std::size_t count_fitted(const std::vector<Item>& items, std::string_view what, std::ostream& err) {
    const auto count = static_cast<std::size_t>(
        std::count_if(items.begin(), items.end(), [](const Item& item) { return !item.held_out; }));
    if (count == 0) err << fmt::format("sente train gomoku-fit: no {} to fit\n", what);
    return count;
}

}  // namespace

int fit_gomoku_eval(const GomokuFitOptions& options, std::ostream& out, std::ostream& err) {
    std::vector<Sample> samples;
    int games = 0;
    if (!read_games(options, samples, games, err)) return 1;
    const std::size_t fitted_count = count_fitted(samples, "positions", err);
    if (fitted_count == 0) return 1;

    // Adam on the counts scaled to unit root-mean-square, so that one step size suits counts of
    // a few and value sums of thousands alike. The shape counts are left as they are, with a
    // pull of their own: there are many of them, some rare, and a rare shape's weight should
    // stay near 0 rather than learn the outcome of the few games it was seen in.
    std::array<double, kEvalFeatures> scale{};
    for (const Sample& s : samples)
        for (const Feature& f : s.features) scale[f.index] += f.value * f.value;
    for (int i = 0; i < kEvalFeatures; ++i) {
        scale[i] = i < gomoku::kEvalShapeBase ? std::sqrt(scale[i] / samples.size()) + 1e-9 : 1.0;
    }
    std::array<double, kEvalFeatures> pull;
    for (int i = 0; i < kEvalFeatures; ++i) {
        pull[i] =
            i < gomoku::kEvalShapeBase ? options.regularisation : options.shape_regularisation;
    }
    std::array<double, kEvalFeatures> w{};
    Adam<kEvalFeatures> adam;
    const auto logit = [&](const Sample& s) {
        double z = 0;
        for (const Feature& f : s.features) z += w[f.index] * f.value / scale[f.index];
        return z;
    };
    for (int iteration = 0; iteration < options.iterations; ++iteration) {
        std::array<double, kEvalFeatures> gradient{};
        for (const Sample& s : samples) {
            if (s.held_out) continue;
            const double error = sigmoid(logit(s)) - s.won;
            for (const Feature& f : s.features)
                gradient[f.index] += error * f.value / scale[f.index];
        }
        adam.step(w, gradient, static_cast<double>(fitted_count), pull,
                  step_rate(iteration, options.iterations));
    }

    // The weights as printed are whole numbers: a feature whose weight is under one unit loses
    // to the rounding what the fit found, which the "as printed" row shows.
    const auto weight = [&](int i) {
        const long printed =
            std::lround(kPointsPerLogit * w[i] / scale[i] * gomoku::kEvalWeightScale);
        return i < gomoku::kEvalShapeBase ? printed : std::clamp<long>(printed, -32767, 32767);
    };
    const auto as_printed = [&](const Sample& s) {
        double points = 0;
        for (const Feature& f : s.features) points += weight(f.index) * f.value;
        return points / gomoku::kEvalWeightScale / kPointsPerLogit;
    };
    const auto built_in = [](const Sample& s) { return s.built_in; };
    const auto rows = [&](bool outcomes) {
        out << fmt::format("built-in     {:.4f}   {:.4f}\n",
                           log_loss(samples, false, built_in, outcomes),
                           log_loss(samples, true, built_in, outcomes));
        out << fmt::format("new weights  {:.4f}   {:.4f}\n",
                           log_loss(samples, false, logit, outcomes),
                           log_loss(samples, true, logit, outcomes));
        out << fmt::format("as printed   {:.4f}   {:.4f}\n",
                           log_loss(samples, false, as_printed, outcomes),
                           log_loss(samples, true, as_printed, outcomes));
    };
    out << fmt::format("{} games, {} positions ({} held out)\n", games, samples.size(),
                       samples.size() - fitted_count);
    out << fmt::format("log-loss     fitted   held out\n");
    rows(false);
    const auto labelled =
        std::count_if(samples.begin(), samples.end(), [](const Sample& s) { return s.labelled; });
    if (labelled > 0) {
        out << fmt::format("{} positions labelled; log-loss against the outcomes alone:\n",
                           labelled);
        rows(true);
    }
    out << "weights (eval.cpp, kEvalWeightScale units):\n";
    for (int i = 0; i < gomoku::kEvalShapeBase; ++i)
        out << fmt::format("{}{}", weight(i), i + 1 < gomoku::kEvalShapeBase ? ", " : "\n");
    print_shape_weights(out, [&](int index, bool own) {
        return weight(gomoku::kEvalShapeBase + (own ? 0 : gomoku::kShapes) + index);
    });
    return 0;
}

namespace {

// The stones of a scripts/match opening: not chosen by the players, so not fitted.
constexpr int kOpeningStones = 3;

// One move of a winner: the points the search would choose among, and which one was played.
struct Choice {
    std::vector<gomoku::OrderFeatures> points;
    std::vector<int> built_in;  // order_value of each point with the built-in weights
    int played = 0;
    bool held_out = false;
};

// The winners' moves in quiet positions (no five to make or block, no open four to meet: there
// the move generator, not the order, decides), with every point the search would try there.
bool read_choices(const GomokuFitOptions& options, std::vector<Choice>& choices, int& games,
                  std::ostream& err) {
    return replay_games(
        options, games, err,
        [&](const gomoku::Position& pos, int played, Color winner, bool held_out, double) {
            if (pos.side != winner || pos.stone_count < kOpeningStones ||
                !gomoku::order_decides(pos)) {
                return;
            }
            gomoku::MoveList points;
            gomoku::generate_search_moves(pos, points, gomoku::MoveList::capacity());
            Choice choice;
            choice.played = -1;
            choice.held_out = held_out;
            for (const auto& entry : points) {
                if (entry.move.point == played)
                    choice.played = static_cast<int>(choice.points.size());
                choice.points.push_back(gomoku::order_features(pos, entry.move.point));
                choice.built_in.push_back(entry.score);  // order_value
            }
            if (choice.played >= 0 && choice.points.size() > 1)
                choices.push_back(std::move(choice));
        });
}

// How often the played point is the first, among the first 5, and among the first
// kMaxQuietMoves (the points a quiet node searches at all) when the points are ranked by
// `value` (ties ranked against the played point), and the log-loss: the mean negative
// log-probability of the played point under the softmax of the values (in logits).
struct RankStats {
    double first = 0, top5 = 0, kept = 0, log_loss = 0;
};

RankStats rank_stats(const std::vector<Choice>& choices, bool held_out, auto&& value) {
    RankStats stats;
    int count = 0;
    std::vector<double> values;
    for (const Choice& c : choices) {
        if (c.held_out != held_out) continue;
        values.clear();
        for (std::size_t i = 0; i < c.points.size(); ++i) values.push_back(value(c, i));
        const double mine = values[c.played];
        int ahead = 0;
        double top = mine;
        for (std::size_t i = 0; i < values.size(); ++i) {
            if (static_cast<int>(i) != c.played && values[i] >= mine) ++ahead;
            top = std::max(top, values[i]);
        }
        double sum = 0;
        for (const double v : values) sum += std::exp(v - top);
        stats.log_loss += std::log(sum) - (mine - top);
        stats.first += ahead == 0;
        stats.top5 += ahead < 5;
        stats.kept += ahead < static_cast<int>(gomoku::kMaxQuietMoves);
        ++count;
    }
    if (count > 0) {
        stats.first /= count;
        stats.top5 /= count;
        stats.kept /= count;
        stats.log_loss /= count;
    }
    return stats;
}

}  // namespace

int fit_gomoku_order(const GomokuFitOptions& options, std::ostream& out, std::ostream& err) {
    std::vector<Choice> choices;
    int games = 0;
    if (!read_choices(options, choices, games, err)) return 1;
    const std::size_t fitted_count = count_fitted(choices, "moves", err);
    if (fitted_count == 0) return 1;

    // Softmax regression by Adam: every feature is 0 or 1 (or a count of directions), so one
    // step size suits them all.
    std::array<double, gomoku::kOrderFeatures> w{};
    Adam<gomoku::kOrderFeatures> adam;
    const auto logit = [&](const Choice& c, std::size_t i) {
        double z = 0;
        for (const std::uint8_t f : c.points[i]) z += w[f];
        return z;
    };
    std::vector<double> p;
    for (int iteration = 0; iteration < options.iterations; ++iteration) {
        std::array<double, gomoku::kOrderFeatures> gradient{};
        for (const Choice& c : choices) {
            if (c.held_out) continue;
            p.resize(c.points.size());
            double top = -1e300;
            for (std::size_t i = 0; i < c.points.size(); ++i)
                top = std::max(top, p[i] = logit(c, i));
            double sum = 0;
            for (double& x : p) sum += x = std::exp(x - top);
            for (std::size_t i = 0; i < c.points.size(); ++i) {
                const double g = p[i] / sum - (static_cast<int>(i) == c.played ? 1.0 : 0.0);
                for (const std::uint8_t f : c.points[i]) gradient[f] += g;
            }
        }
        adam.step(w, gradient, static_cast<double>(fitted_count), options.regularisation,
                  step_rate(iteration, options.iterations));
    }

    // The built-in values are in kOrderWeightScale units of a logit.
    const auto built_in = [](const Choice& c, std::size_t i) {
        return static_cast<double>(c.built_in[i]) / gomoku::kOrderWeightScale;
    };
    out << fmt::format("{} games, {} winners' moves ({} held out)\n", games, choices.size(),
                       choices.size() - fitted_count);
    out << fmt::format("the played point ranked  first   top 5   top {}   log-loss\n",
                       gomoku::kMaxQuietMoves);
    for (const bool held_out : {false, true}) {
        for (const bool fitted : {false, true}) {
            const RankStats r = fitted ? rank_stats(choices, held_out, logit)
                                       : rank_stats(choices, held_out, built_in);
            out << fmt::format("{:<12} {:<11} {:5.1f} %  {:5.1f} %  {:5.1f} %  {:.4f}\n",
                               fitted ? "new weights" : "built-in",
                               held_out ? "held out" : "fitted", 100 * r.first, 100 * r.top5,
                               100 * r.kept, r.log_loss);
        }
    }
    out << "weights (eval.cpp kOrderWeights, kOrderWeightScale units):\n";
    for (int i = 0; i < gomoku::kOrderFeatures; ++i) {
        out << fmt::format("{}{}", std::lround(w[i] * gomoku::kOrderWeightScale),
                           i + 1 < gomoku::kOrderFeatures ? ", " : "\n");
    }
    return 0;
}

}  // namespace sente::tools
