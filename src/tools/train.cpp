#include "tools/train.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <fstream>
#include <iterator>
#include <optional>
#include <ostream>
#include <random>
#include <sstream>

#include <fmt/format.h>

#include "games/reversi/endgame.hpp"
#include "games/reversi/network.hpp"
#include "games/reversi/notation.hpp"
#include "games/reversi/pattern_eval.hpp"
#include "sente/session.hpp"
#include "tools/labelled_positions.hpp"
#include "tools/wthor.hpp"

namespace sente::tools {

namespace {

using reversi::Position;

struct Sample {
    Position position;
    int label = 0;  // exact final disc difference for the side to move
};
constexpr int kNoLabel = 1000;

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

int wthor_positions(const WthorOptions& options, std::ostream& out, std::ostream& err) {
    std::ofstream file(options.output);
    std::ofstream holdout;
    if (!options.holdout_output.empty()) holdout.open(options.holdout_output);
    if (!file || (!options.holdout_output.empty() && !holdout)) {
        err << "sente train wthor: cannot write the output files\n";
        return 2;
    }
    search::TranspositionTable tt;
    tt.resize(64);
    std::size_t games = 0, skipped = 0, written = 0, held_out = 0, checked = 0, disagreed = 0;
    std::size_t index = 0;  // over all files, for the shards and the held-out games
    const auto start = std::chrono::steady_clock::now();
    for (const std::string& path : options.inputs) {
        const auto read = read_wthor(path);
        if (!read) {
            err << fmt::format("sente train wthor: {}\n", read.error().message);
            return 2;
        }
        for (const WthorGame& game : *read) {
            const std::size_t number = index++;
            if (static_cast<int>(number % static_cast<std::size_t>(options.shard_count)) !=
                options.shard_index - 1)
                continue;
            const auto positions = replay(game);
            if (!positions) {
                ++skipped;
                continue;
            }
            const Position& last = positions->back();
            const bool over = reversi::is_game_over(last);
            // The game's value for black from `theoretical_empties` on, if it got there; a game
            // over sooner (a wipe-out) is worth its final score.
            std::optional<int> black_value;
            for (const Position& pos : *positions) {
                if (pos.empty_count() == game.theoretical_empties) {
                    black_value = 2 * game.black_theoretical_discs - 64;
                    if (options.check_every > 0 && number % options.check_every == 0) {
                        const int exact = exact_value(pos, tt);
                        ++checked;
                        if ((pos.side == Color::black ? exact : -exact) != *black_value) {
                            ++disagreed;
                            err << fmt::format("{}: game {}: theoretical {} but solved {}\n", path,
                                               number + 1, *black_value,
                                               pos.side == Color::black ? exact : -exact);
                        }
                    }
                }
            }
            if (!black_value && over) {
                const int final_value = reversi::final_disc_difference(last);
                black_value = last.side == Color::black ? final_value : -final_value;
            }
            if (!black_value) {
                ++skipped;
                continue;
            }
            std::vector<Sample> samples;
            std::optional<int> black_solved;  // the first solved position's value, for black
            for (const Position& pos : *positions) {
                if (reversi::is_game_over(pos)) break;
                const int empties = pos.empty_count();
                const int sign = pos.side == Color::black ? 1 : -1;
                if (empties <= options.solve_empties) {
                    const int value = exact_value(pos, tt);
                    if (!black_solved) black_solved = sign * value;
                    samples.push_back({pos, value});
                } else if (empties >= game.theoretical_empties) {
                    samples.push_back({pos, sign * *black_value});
                } else {
                    samples.push_back({pos, kNoLabel});  // labelled below
                }
            }
            // Between the theoretical position and the first solved one: the value the game
            // reached when it was solved, or its final score if it stopped before.
            std::optional<int> black_later = black_solved;
            if (!black_later && over) {
                const int final_value = reversi::final_disc_difference(last);
                black_later = last.side == Color::black ? final_value : -final_value;
            }
            const bool hold_out = options.holdout_every > 0 &&
                                  number % options.holdout_every == 0 && holdout.is_open();
            std::ofstream& to = hold_out ? holdout : file;
            for (Sample& sample : samples) {
                if (sample.label == kNoLabel) {
                    if (!black_later) continue;
                    sample.label =
                        sample.position.side == Color::black ? *black_later : -*black_later;
                }
                to << reversi::format_position(sample.position) << ' ' << sample.label << '\n';
                ++(hold_out ? held_out : written);
            }
            if (++games % 2000 == 0) {
                const double seconds =
                    std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
                err << fmt::format("{} games, {} positions, {:.0f} s\n", games, written + held_out,
                                   seconds);
            }
        }
    }
    out << fmt::format(
        "{} games ({} skipped: illegal or unfinished), {} positions to {}, {} held out\n", games,
        skipped, written, options.output, held_out);
    if (options.check_every > 0) {
        out << fmt::format("theoretical scores checked by the solver: {} games, {} disagree\n",
                           checked, disagreed);
    }
    return 0;
}

namespace {

struct Example {
    std::uint32_t offsets[reversi::kPatternInstances];  // weight index inside the phase
    std::int8_t scalars[reversi::kScalarFeatures];
    std::int8_t empties;
    float label;
    bool validation;
};

// Reads labelled positions ("BOARD SIDE LABEL" lines) into examples; false (with a message) on
// a file that cannot be read or a line that does not parse.
bool read_examples(const std::vector<std::string>& paths, bool validation,
                   std::vector<Example>& examples, std::ostream& err) {
    using namespace reversi;
    const auto& instance_offsets = PatternWeights::instance_offsets();
    const auto read = read_labelled_files(
        paths, BadLines::stop, [&](const LabelledPosition& labelled, std::string_view) {
            const Position& pos = labelled.position;
            const PositionFeatures f = position_features(pos.player, pos.opponent);
            Example e{};
            for (int i = 0; i < kPatternInstances; ++i) {
                e.offsets[i] = static_cast<std::uint32_t>(instance_offsets[i]) + f.patterns[i];
            }
            for (int s = 0; s < kScalarFeatures; ++s) {
                e.scalars[s] = static_cast<std::int8_t>(std::clamp(f.scalars[s], -127, 127));
            }
            e.empties = static_cast<std::int8_t>(f.empties);
            e.label = static_cast<float>(labelled.label);
            e.validation = validation;
            examples.push_back(e);
        });
    if (!read) err << fmt::format("sente train: {}\n", read.error().message);
    return read.ok();
}

}  // namespace

int fit(const FitOptions& options, std::ostream& out, std::ostream& err) {
    using namespace reversi;
    PatternWeights result(options.phases, kScalarFeatures);
    const int phase_size = result.phase_size();
    const int scalar_base = PatternWeights::patterns_size();
    std::vector<std::vector<Example>> phases(static_cast<std::size_t>(result.phases()));
    std::size_t count = 0, validation_count = 0;
    {
        std::vector<Example> examples;
        if (!read_examples(options.inputs, false, examples, err)) return 2;
        if (options.validation.empty()) {
            // A fixed tenth held out.
            for (std::size_t i = 9; i < examples.size(); i += 10) examples[i].validation = true;
        }
        if (!read_examples(options.validation, true, examples, err)) return 2;
        for (const Example& e : examples) {
            phases[static_cast<std::size_t>(result.phase_of(e.empties))].push_back(e);
            ++count;
            validation_count += e.validation;
        }
    }
    out << fmt::format("{} positions, {} of them for validation\n", count, validation_count);

    out << "| phase | empties | positions | train RMSE | validation RMSE | epochs |\n"
           "|---|---|---|---|---|---|\n";
    // The last phase first: each earlier phase starts from and is regularised towards the
    // weights of the phase after it (chain_phases), the last one towards zero.
    std::vector<float> prior(static_cast<std::size_t>(phase_size), 0.0f);
    std::vector<std::string> rows(static_cast<std::size_t>(result.phases()));
    for (int p = result.phases() - 1; p >= 0; --p) {
        const std::vector<Example>& examples = phases[static_cast<std::size_t>(p)];
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
        rows[static_cast<std::size_t>(p)] = fmt::format(
            "| {} | {}-{} | {} | {:.2f} | {:.2f} | {} |\n", p, result.fewest_empties(p),
            result.most_empties(p), examples.size(), rmse(false), best_validation, best_epoch);
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

int evaluation_error(const ErrorOptions& options, std::ostream& out, std::ostream& err) {
    using namespace reversi;
    std::optional<PatternWeights> weights;
    if (options.weights.empty()) {
        if (const PatternWeights* builtin = builtin_weights()) weights = *builtin;
    } else {
        std::ifstream file(options.weights, std::ios::binary);
        const std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(file)),
                                              std::istreambuf_iterator<char>());
        auto parsed = PatternWeights::parse(bytes);
        if (!parsed) {
            err << fmt::format("sente train error: {}: {}\n", options.weights,
                               parsed.error().message);
            return 2;
        }
        weights = std::move(parsed).value();
    }
    if (!weights) {
        err << "sente train error: this binary was built without weights\n";
        return 2;
    }
    std::shared_ptr<const OthelloNetwork> network;
    if (!options.network.empty()) {
        auto loaded = load_othello_network(options.network);
        if (!loaded) {
            err << fmt::format("sente train error: {}\n", loaded.error().message);
            return 2;
        }
        network = *loaded;
    }
    // Bands of five empties, as the README's tables have them: 56-60, 51-55, ..., 6-10, 0-5.
    constexpr int kBands = 12;
    const auto band_of = [](int empties) { return empties <= 5 ? kBands - 1 : (60 - empties) / 5; };
    std::array<double, kBands> squares{};
    std::array<std::size_t, kBands> counts{};
    const auto read = read_labelled_files(
        options.inputs, BadLines::skip, [&](const LabelledPosition& labelled, std::string_view) {
            const Position& pos = labelled.position;
            int value = pattern_evaluate(*weights, pos.player, pos.opponent);
            if (network) {
                value += othello_net_correction(
                    *network, pattern_readings(pos.player, pos.opponent), pos.empty_count(),
                    popcount(legal_moves(pos.player, pos.opponent)),
                    popcount(legal_moves(pos.opponent, pos.player)));
            }
            const double error = labelled.label - value / 100.0;
            const int band = band_of(pos.empty_count());
            squares[static_cast<std::size_t>(band)] += error * error;
            ++counts[static_cast<std::size_t>(band)];
        });
    if (!read) {
        err << fmt::format("sente train error: {}\n", read.error().message);
        return 2;
    }
    if (*read) err << fmt::format("sente train error: {} unreadable lines skipped\n", *read);
    out << "| empties | positions | RMSE (discs) |\n|---|---|---|\n";
    for (int band = 0; band < kBands; ++band) {
        const int most = 60 - 5 * band;
        const int fewest = band == kBands - 1 ? 0 : most - 4;
        const auto n = counts[static_cast<std::size_t>(band)];
        out << fmt::format(
            "| {}-{} | {} | {} |\n", fewest, most, n,
            n ? fmt::format("{:.2f}", std::sqrt(squares[static_cast<std::size_t>(band)] /
                                                static_cast<double>(n)))
              : std::string("-"));
    }
    return 0;
}

}  // namespace sente::tools
