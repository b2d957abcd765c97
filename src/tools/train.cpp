#include "tools/train.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <fstream>
#include <ostream>
#include <random>
#include <sstream>

#include <fmt/format.h>

#include "games/reversi/endgame.hpp"
#include "games/reversi/notation.hpp"
#include "games/reversi/pattern_eval.hpp"
#include "sente/session.hpp"

namespace sente::tools {

namespace {

using reversi::Position;

struct Sample {
    Position position;
    int label = 0;  // exact final disc difference for the side to move
};

int exact_value(const Position& pos, search::TranspositionTable& tt) {
    const std::atomic<bool> stop{false};
    reversi::EndgameSolver solver(tt, stop);
    return solver.solve(pos).score;
}

Position parse(const std::string& text) { return *reversi::parse_position(text); }

}  // namespace

int self_play(const SelfPlayOptions& options, std::ostream& out, std::ostream& err) {
    std::ofstream file(options.output);
    if (!file) {
        err << fmt::format("sente train: cannot write {}\n", options.output);
        return 2;
    }
    if (options.level >= 9 && options.depth == 0) {
        err << "sente train: levels 9 and 10 have no depth of their own; give --depth\n";
        return 2;
    }
    std::mt19937_64 rng(options.seed);
    EngineSettings settings;
    settings.level = options.level;
    settings.limits.depth = options.depth;
    settings.hash_mb = 16;
    settings.book = false;  // the book would play every game's first moves the same way
    settings.seed = options.seed;
    Session session(settings);
    search::TranspositionTable tt;
    tt.resize(16);
    const int most_random_plies = std::max(options.random_plies, options.random_plies_max);
    std::size_t written = 0;
    const auto start = std::chrono::steady_clock::now();
    for (int game = 0; game < options.games; ++game) {
        session.new_game();
        const int random_plies =
            std::uniform_int_distribution<int>(options.random_plies, most_random_plies)(rng);
        std::vector<Sample> samples;
        std::optional<std::pair<int, Color>> first_solved;  // value and side to move
        while (!session.outcome().over) {
            const Position pos = parse(session.position_text());
            const int empties = pos.empty_count();
            const bool in_opening = static_cast<int>(session.history().size()) < random_plies;
            if (empties <= options.solve_empties) {
                const int value = exact_value(pos, tt);
                if (!first_solved) first_solved = {value, pos.side};
                if (!in_opening) samples.push_back({pos, value});
            } else if (!in_opening) {
                samples.push_back({pos, 0});  // labelled below
            }
            const auto moves = session.legal_moves();
            const bool random_move =
                in_opening ||
                (empties > 30 && std::uniform_real_distribution<>(0, 1)(rng) < options.random_rate);
            if (random_move || moves.size() == 1) {
                (void)session.play(moves[rng() % moves.size()]);
            } else {
                (void)session.genmove(session.side_to_move());
            }
        }
        if (!first_solved) continue;
        for (Sample& sample : samples) {
            if (sample.position.empty_count() > options.solve_empties) {
                sample.label = sample.position.side == first_solved->second ? first_solved->first
                                                                            : -first_solved->first;
            }
            file << reversi::format_position(sample.position) << ' ' << sample.label << '\n';
            ++written;
        }
        if ((game + 1) % 100 == 0) {
            const double seconds =
                std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            err << fmt::format("{} games, {} positions, {:.0f} s\n", game + 1, written, seconds);
        }
    }
    out << fmt::format("{} games, {} positions written to {}\n", options.games, written,
                       options.output);
    return 0;
}

namespace {

struct Example {
    std::uint32_t offsets[reversi::kPatternInstances];  // weight index inside the phase
    std::int8_t scalars[reversi::kScalarFeatures];
    float label;
    bool validation;
};

}  // namespace

int fit(const FitOptions& options, std::ostream& out, std::ostream& err) {
    using namespace reversi;
    const int phase_size = PatternWeights::phase_size();
    const int scalar_base = phase_size - kScalarFeatures;
    std::array<std::vector<Example>, kPhases> phases;
    const auto& instance_offsets = PatternWeights::instance_offsets();
    std::size_t count = 0;
    for (const std::string& path : options.inputs) {
        std::ifstream file(path);
        if (!file) {
            err << fmt::format("sente train: cannot read {}\n", path);
            return 2;
        }
        std::string line;
        for (int number = 1; std::getline(file, line); ++number) {
            if (line.empty()) continue;
            std::istringstream fields(line);
            std::string board, side, rest;
            int label = 0;
            auto pos =
                (fields >> board >> side >> label) && !(fields >> rest)
                    ? parse_position(board + " " + side)
                    : Result<Position>(make_error(ErrorCode::syntax_error, "not BOARD SIDE LABEL"));
            if (!pos) {
                err << fmt::format("sente train: {}:{}: {}\n", path, number, pos.error().message);
                return 2;
            }
            const PositionFeatures f = position_features(pos->player, pos->opponent);
            Example e{};
            for (int i = 0; i < kPatternInstances; ++i) {
                e.offsets[i] = static_cast<std::uint32_t>(instance_offsets[i]) + f.patterns[i];
            }
            for (int s = 0; s < kScalarFeatures; ++s) {
                e.scalars[s] = static_cast<std::int8_t>(std::clamp(f.scalars[s], -127, 127));
            }
            e.label = static_cast<float>(label);
            e.validation = count % 10 == 9;  // a fixed tenth held out
            phases[f.phase].push_back(e);
            ++count;
        }
    }
    out << fmt::format("{} positions\n", count);

    PatternWeights result;
    out << "| phase | empties | positions | train RMSE | validation RMSE | epochs |\n"
           "|---|---|---|---|---|---|\n";
    // The last phase first: each earlier phase starts from and is regularised towards the
    // weights of the phase after it (chain_phases), the last one towards zero.
    std::vector<float> prior(static_cast<std::size_t>(phase_size), 0.0f);
    std::vector<std::string> rows(kPhases);
    for (int p = kPhases - 1; p >= 0; --p) {
        const std::vector<Example>& examples = phases[p];
        std::vector<float> w = prior;
        std::vector<float> occurrences(w.size(), 0.0f);
        for (const Example& e : examples) {
            if (e.validation) continue;
            for (std::uint32_t o : e.offsets) occurrences[o] += 1;
            for (int s = 0; s < kScalarFeatures; ++s)
                occurrences[static_cast<std::size_t>(scalar_base + s)] +=
                    float(e.scalars[s] * e.scalars[s]);
        }
        auto predict = [&](const Example& e) {
            float sum = 0;
            for (std::uint32_t o : e.offsets) sum += w[o];
            for (int s = 0; s < kScalarFeatures; ++s)
                sum += w[static_cast<std::size_t>(scalar_base + s)] * e.scalars[s];
            return sum;
        };
        auto rmse = [&](bool validation) {
            double squares = 0;
            std::size_t n = 0;
            for (const Example& e : examples) {
                if (e.validation != validation) continue;
                const double error = e.label - predict(e);
                squares += error * error;
                ++n;
            }
            return n ? std::sqrt(squares / static_cast<double>(n)) : 0.0;
        };
        // Each weight moves by the mean error of the positions it appears in, pulled towards
        // its prior by the regularisation, and split between the ~50 features of a position.
        constexpr float kStep = 1.0f / 32;
        std::vector<float> best = w;
        double best_validation = rmse(true);
        int best_epoch = 0;
        std::vector<float> gradient(w.size());
        for (int epoch = 1; epoch <= options.epochs; ++epoch) {
            std::fill(gradient.begin(), gradient.end(), 0.0f);
            for (const Example& e : examples) {
                if (e.validation) continue;
                const float error = e.label - predict(e);
                for (std::uint32_t o : e.offsets) gradient[o] += error;
                for (int s = 0; s < kScalarFeatures; ++s)
                    gradient[static_cast<std::size_t>(scalar_base + s)] += error * e.scalars[s];
            }
            for (std::size_t i = 0; i < w.size(); ++i) {
                if (occurrences[i] == 0) continue;
                w[i] += kStep * (gradient[i] - float(options.regularisation) * (w[i] - prior[i])) /
                        (occurrences[i] + float(options.regularisation));
            }
            const double validation = rmse(true);
            if (validation < best_validation) {
                best_validation = validation;
                best = w;
                best_epoch = epoch;
            }
        }
        w = best;
        if (options.chain_phases) prior = w;
        std::int16_t* stored = result.phase(p);
        for (std::size_t i = 0; i < w.size(); ++i) {
            stored[i] = static_cast<std::int16_t>(
                std::clamp(std::lround(w[i] * kWeightScale), -32767L, 32767L));
        }
        const int fewest_empties = p == kPhases - 1 ? 0 : 56 - 5 * p;  // phase_of()'s ranges
        rows[static_cast<std::size_t>(p)] =
            fmt::format("| {} | {}-{} | {} | {:.2f} | {:.2f} | {} |\n", p, fewest_empties,
                        60 - 5 * p, examples.size(), rmse(false), best_validation, best_epoch);
        err << rows[static_cast<std::size_t>(p)];
    }
    for (const std::string& row : rows) out << row;
    const std::vector<std::uint8_t> bytes = result.serialise();
    std::ofstream file(options.output, std::ios::binary);
    file.write(reinterpret_cast<const char*>(bytes.data()),
               static_cast<std::streamsize>(bytes.size()));
    if (!file) {
        err << fmt::format("sente train: cannot write {}\n", options.output);
        return 2;
    }
    out << fmt::format("weights written to {} ({} bytes)\n", options.output, bytes.size());
    return 0;
}

}  // namespace sente::tools
