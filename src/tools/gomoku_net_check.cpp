#include "tools/gomoku_net_check.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <optional>
#include <ostream>
#include <sstream>
#include <string_view>

#include <fmt/format.h>

#include "games/gomoku/eval.hpp"
#include "games/gomoku/network.hpp"
#include "games/gomoku/notation.hpp"
#include "search/score.hpp"

namespace sente::tools {

namespace {

struct Losses {
    double result = 0, search = 0, mixed = 0;
    void add(double logit, double result_target, double search_target) {
        result += log_loss(logit, result_target);
        search += log_loss(logit, search_target);
        mixed += log_loss(logit, 0.5 * (result_target + search_target));
    }
    static double log_loss(double logit, double target) {
        // log(1 + e^-z) for the target's part, log(1 + e^z) for the rest, without overflow.
        auto softplus = [](double z) {
            return z > 0 ? z + std::log1p(std::exp(-z)) : std::log1p(std::exp(z));
        };
        return target * softplus(-logit) + (1 - target) * softplus(logit);
    }
};

double search_probability(int score) {
    if (search::is_proven_win(score)) return 1;
    if (search::is_proven_loss(score)) return 0;
    return 1 / (1 + std::exp(-score / gomoku::kNetPointsPerLogit));
}

}  // namespace

int gomoku_net_check(const GomokuNetCheckOptions& options, std::ostream& out, std::ostream& err) {
    const auto rule = gomoku::rule_of_game(options.game);
    if (!rule) {
        err << "sente train gomoku-net-check: --game " << options.game << " is not a Gomoku rule\n";
        return 1;
    }
    const auto net = gomoku::load_network(options.network);
    if (!net) {
        err << "sente train gomoku-net-check: " << net.error().message << "\n";
        return 1;
    }
    Losses network_losses, built_in_losses;
    int positions = 0, compared = 0;
    double largest = 0, summed = 0;
    for (const std::string& path : options.inputs) {
        std::ifstream file(path);
        if (!file) {
            err << "sente train gomoku-net-check: cannot read " << path << "\n";
            return 1;
        }
        std::string line;
        for (int number = 1; std::getline(file, line); ++number) {
            std::istringstream fields(line);
            std::string rows, side;
            int score = 0, built_in_value = 0;
            double result = 0;
            if (!(fields >> rows >> side >> score >> result >> built_in_value)) {
                if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
                err << fmt::format("sente train gomoku-net-check: {}:{}: not a position line\n",
                                   path, number);
                return 1;
            }
            // The position as the engine builds it: empty, then stone by stone.
            auto pos = gomoku::parse_position(rows + " " + side, *rule);
            if (!pos) {
                err << fmt::format("sente train gomoku-net-check: {}:{}: {}\n", path, number,
                                   pos.error().message);
                return 1;
            }
            gomoku::Position hand_made = *pos;
            gomoku::attach_network(hand_made, nullptr);
            gomoku::Position built = gomoku::empty_position(hand_made.size, *rule);
            gomoku::attach_network(built, net->get());
            for_each_point(hand_made, [&](int point) {
                if (!hand_made.is_empty(point))
                    gomoku::place_stone(built, point, gomoku::color_of(hand_made.stones[point]));
            });
            gomoku::set_side_to_move(built, hand_made.side);
            const double logit = gomoku::network_logit(built);
            const int built_in = gomoku::evaluate(hand_made);
            if (built_in != built_in_value) {
                err << fmt::format(
                    "sente train gomoku-net-check: {}:{}: the built-in evaluation is {}, the "
                    "file says {} (written by another version of it?)\n",
                    path, number, built_in, built_in_value);
                return 1;
            }
            const double built_in_logit = built_in / gomoku::kNetPointsPerLogit;
            const double searched = search_probability(score);
            network_losses.add(logit, result, searched);
            built_in_losses.add(built_in_logit, result, searched);
            ++positions;
            if (double expected = 0; fields >> expected) {
                const double difference = std::abs(logit - expected);
                largest = std::max(largest, difference);
                summed += difference;
                ++compared;
            }
        }
    }
    if (positions == 0) {
        err << "sente train gomoku-net-check: no positions\n";
        return 1;
    }
    out << fmt::format(
        "{} positions; mean log-loss against the results, the searches and their mean\n",
        positions);
    for (const auto& [name, losses] :
         {std::pair{"network", network_losses}, std::pair{"built-in", built_in_losses}}) {
        out << fmt::format("  {:9} {:.4f}  {:.4f}  {:.4f}\n", name, losses.result / positions,
                           losses.search / positions, losses.mixed / positions);
    }
    if (compared == 0) return 0;
    out << fmt::format(
        "the trainer's logits: {} compared, largest difference {:.6f}, mean {:.6f} "
        "(tolerance {})\n",
        compared, largest, summed / compared, options.tolerance);
    if (largest > options.tolerance) {
        err << "sente train gomoku-net-check: the engine's logits differ from the trainer's\n";
        return 1;
    }
    return 0;
}

}  // namespace sente::tools
