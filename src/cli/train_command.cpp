// `sente train` and its subcommands (the Othello evaluation's data, fit and error, Multi-ProbCut's
// statistics, the Gomoku evaluation's fit): their options.

#include <iostream>
#include <memory>
#include <ostream>
#include <string>

#include <CLI/CLI.hpp>

#include "cli/bounded_option.hpp"
#include "cli/commands.hpp"
#include "tools/gomoku_fit.hpp"
#include "tools/gomoku_import.hpp"
#include "tools/gomoku_net_check.hpp"
#include "tools/gomoku_policy_check.hpp"
#include "tools/gomoku_rebase.hpp"
#include "tools/gomoku_selfplay.hpp"
#include "tools/othello_features.hpp"
#include "tools/probcut_stats.hpp"
#include "tools/relabel.hpp"
#include "tools/train.hpp"

namespace sente::cli {

namespace {

struct TrainOptions {
    tools::SelfPlayOptions selfplay;
    tools::WthorOptions wthor;
    tools::RelabelOptions relabel;
    tools::ProbCutStatsOptions probcut;
    tools::FitOptions fit;
    tools::ErrorOptions error;
    tools::OthelloFeaturesOptions othello_features;
    tools::GomokuFitOptions gomoku_fit;
    tools::GomokuSelfPlayOptions gomoku_selfplay;
    tools::GomokuNetCheckOptions gomoku_net_check;
    tools::GomokuRebaseOptions gomoku_rebase;
    tools::GomokuPolicyCheckOptions gomoku_policy_check;
    tools::GomokuImportOptions gomoku_import;
    bool gomoku_order = false;
};

// --shard-index and --shard-count, for jobs that share out `what` (games, lines) between cores.
void add_shard_options(CLI::App& command, int& index, int& count, const std::string& what) {
    add_bounded(command, "--shard-index", index, "this job's share, 1..count", 1, 1000);
    add_bounded(command, "--shard-count", count, "jobs sharing the " + what, 1, 1000);
}

// Whether --shard-index names one of the --shard-count shares; says why not on `err`.
bool shard_in_range(const char* command, int index, int count, std::ostream& err) {
    if (index <= count) return true;
    err << "sente train " << command << ": --shard-index beyond --shard-count\n";
    return false;
}

CLI::App* add_relabel(CLI::App& train, tools::RelabelOptions& options) {
    CLI::App* command = train.add_subcommand(
        "relabel",
        "replace the labels of positions in an empties range by the values of sente's searches "
        "(copying the others), for fit");
    command->add_option("inputs", options.inputs, "labelled position files")
        ->required()
        ->check(CLI::ExistingFile);
    command->add_option("-o,--output", options.output, "file to write")->required();
    add_bounded(*command, "--depth", options.depth, "search depth", 1, 30);
    add_bounded(*command, "--min-empties", options.min_empties, "", 0, 60);
    add_bounded(*command, "--max-empties", options.max_empties, "", 0, 60);
    add_bounded(*command, "--search-weight", options.search_weight,
                "new label = weight x search value + (1 - weight) x old label", 0.0, 1.0);
    add_shard_options(*command, options.shard_index, options.shard_count, "lines");
    return command;
}

CLI::App* add_gomoku_selfplay(CLI::App& train, tools::GomokuSelfPlayOptions& options) {
    CLI::App* command = train.add_subcommand(
        "gomoku-selfplay",
        "play Gomoku games against itself from random openings and write every searched "
        "position with the search's score and the game's result (the network's data)");
    command->add_option("output", options.output, "file to write")->required();
    command->add_option("--game", options.game, "the rule: gomoku, gomoku-standard, renju, caro")
        ->capture_default_str();
    add_bounded(*command, "--size", options.size, "", 5, 22);
    add_bounded(*command, "--games", options.games, "", 0, 100000000);
    add_bounded(*command, "--level", options.level, "", 2, 10);
    add_bounded(*command, "--nodes", options.nodes, "the search's node budget a move", 1,
                1000000000);
    add_bounded(*command, "--opening-min", options.opening_min, "random opening stones, at least",
                0, 40);
    add_bounded(*command, "--opening-max", options.opening_max, "and at most", 0, 40);
    add_bounded(*command, "--opening-radius", options.opening_radius,
                "the opening's stones lie within this many points of the centre", 1, 10);
    add_bounded(*command, "--random-rate", options.random_rate,
                "chance of a random move near the stones instead of the search's", 0.0, 1.0);
    command->add_option("--seed", options.seed)->capture_default_str();
    command
        ->add_option("--network", options.network,
                     "play with this network file's evaluation (the next generation's data); "
                     "'none': the hand-made evaluation (default: the network built in for the "
                     "rule, if any)")
        ->check(CLI::ExistingFile | CLI::IsMember({"none"}));
    add_shard_options(*command, options.shard_index, options.shard_count, "games");
    return command;
}

// The inputs, --network and --game of the Gomoku network's checks.
template <class Options>
void add_network_check_options(CLI::App& command, Options& options, const std::string& inputs) {
    command.add_option("inputs", options.inputs, inputs)->required()->check(CLI::ExistingFile);
    command.add_option("--network", options.network, "the network file")
        ->required()
        ->check(CLI::ExistingFile);
    command.add_option("--game", options.game, "the rule: gomoku, gomoku-standard, renju, caro")
        ->capture_default_str();
}

CLI::App* add_gomoku_net_check(CLI::App& train, tools::GomokuNetCheckOptions& options) {
    CLI::App* command = train.add_subcommand(
        "gomoku-net-check",
        "a Gomoku network file's log-loss on positions of gomoku-selfplay against the built-in "
        "evaluation's, and its logits against the trainer's (train-gomoku-net --check)");
    add_network_check_options(*command, options, "position files");
    add_bounded(*command, "--tolerance", options.tolerance,
                "the largest difference from the trainer's logits that passes", 0.0, 100.0);
    return command;
}

CLI::App* add_gomoku_rebase(CLI::App& train, tools::GomokuRebaseOptions& options) {
    CLI::App* command = train.add_subcommand(
        "gomoku-rebase",
        "write position files of gomoku-selfplay again with this build's built-in evaluation "
        "(the base a network corrects), after that evaluation changed");
    command->add_option("inputs", options.inputs, "position files")
        ->required()
        ->check(CLI::ExistingFile);
    command->add_option("-o,--output", options.output, "the file to write")->required();
    command->add_option("--game", options.game, "the rule: gomoku, gomoku-standard, renju, caro")
        ->capture_default_str();
    return command;
}

CLI::App* add_gomoku_policy_check(CLI::App& train, tools::GomokuPolicyCheckOptions& options) {
    CLI::App* command = train.add_subcommand(
        "gomoku-policy-check",
        "a Gomoku network file's move order policy against the values its trainer expects "
        "(train-gomoku-policy --check), and how often each order ranks the engine's move first");
    add_network_check_options(*command, options, "check files");
    add_bounded(*command, "--tolerance", options.tolerance,
                "the largest difference from the trainer's values that passes", 0, 8000);
    return command;
}

CLI::App* add_gomoku_import(CLI::App& train, tools::GomokuImportOptions& options) {
    CLI::App* command = train.add_subcommand(
        "gomoku-import",
        "turn another engine's games (Rapfi's plain-text data sets) into the position files of "
        "gomoku-selfplay, with sente's built-in evaluation of each position");
    command->add_option("inputs", options.inputs, "data set files")
        ->required()
        ->check(CLI::ExistingFile);
    command->add_option("-o,--output", options.output, "file to write")->required();
    command->add_option("--game", options.game, "the rule: gomoku, gomoku-standard, renju")
        ->capture_default_str();
    add_bounded(*command, "--size", options.size, "", 5, 22);
    command->add_flag("--moves", options.moves,
                      "write the move order's policy data instead: each quiet position with the "
                      "engine's move and the built-in order's best points "
                      "(scripts/train-gomoku-policy)");
    return command;
}

}  // namespace

CLI::App* add_selfplay(CLI::App& train, tools::SelfPlayOptions& options) {
    CLI::App* command = train.add_subcommand(
        "selfplay",
        "play games from random openings and write labelled positions (exact values from the "
        "endgame solver)");
    command->add_option("output", options.output, "file to write")->required();
    command->add_option("--games", options.games)->capture_default_str();
    command
        ->add_option("--random-plies", options.random_plies,
                     "random legal moves at the start of each game (at least)")
        ->capture_default_str();
    command
        ->add_option("--random-plies-max", options.random_plies_max,
                     "at most this many random moves, drawn per game (0: --random-plies)")
        ->capture_default_str();
    add_bounded(*command, "--level", options.level, "the level that plays", 1, 10);
    add_bounded(*command, "--depth", options.depth,
                "its search depth (0: the level's own; levels 9-10 need one)", 0, 30);
    add_bounded(*command, "--random-rate", options.random_rate,
                "chance of a random move while more than 30 squares are empty", 0.0, 1.0);
    add_bounded(*command, "--solve-empties", options.solve_empties,
                "positions with at most this many empty squares are solved exactly", 0, 24);
    command->add_option("--seed", options.seed)->capture_default_str();
    return command;
}

CLI::App* add_wthor(CLI::App& train, tools::WthorOptions& options) {
    CLI::App* command = train.add_subcommand(
        "wthor",
        "write the positions of WTHOR tournament games with their values (the game's "
        "theoretical score from 24 empties, exact values from the solver near the end)");
    command->add_option("inputs", options.inputs, "WTHOR game files (WTH_YYYY.wtb)")
        ->required()
        ->check(CLI::ExistingFile);
    command->add_option("-o,--output", options.output, "file to write")->required();
    command->add_option("--holdout", options.holdout_output,
                        "write the positions of every --holdout-every-th game here instead");
    add_bounded(*command, "--holdout-every", options.holdout_every, "", 1, 1000000);
    add_bounded(*command, "--solve-empties", options.solve_empties,
                "positions with at most this many empty squares are solved exactly", 0, 22);
    add_shard_options(*command, options.shard_index, options.shard_count, "games");
    add_bounded(*command, "--check-every", options.check_every,
                "solve the theoretical position of every Nth game to check its score", 0, 1000000);
    return command;
}

CLI::App* add_probcut(CLI::App& train, tools::ProbCutStatsOptions& options) {
    CLI::App* command = train.add_subcommand(
        "probcut",
        "search sample positions to every depth, for the midgame's Multi-ProbCut "
        "(scripts/lab/probcut-fit reads the file)");
    command->add_option("inputs", options.inputs, "labelled position files")
        ->required()
        ->check(CLI::ExistingFile);
    command->add_option("-o,--output", options.output, "file to write")->required();
    add_bounded(*command, "--depth", options.max_depth, "deepest search", 1, 30);
    add_bounded(*command, "--positions", options.positions, "positions to sample", 1, 10000000);
    add_bounded(*command, "--min-empties", options.min_empties, "", 1, 60);
    add_bounded(*command, "--max-empties", options.max_empties, "", 1, 60);
    command->add_option("--seed", options.seed)->capture_default_str();
    add_bounded(*command, "--selective", options.probcut_t,
                "search with Multi-ProbCut at this tolerance, in tenths of a deviation "
                "(0: full width)",
                0, 100);
    return command;
}

CLI::App* add_fit(CLI::App& train, tools::FitOptions& options) {
    CLI::App* command = train.add_subcommand(
        "fit", "fit the weights to labelled positions and write the weights file");
    command->add_option("inputs", options.inputs, "files written by selfplay")->required();
    command->add_option("-o,--output", options.output, "weights file to write")->required();
    command
        ->add_option("--validation", options.validation,
                     "held-out positions to stop on and report (default: every tenth input)")
        ->check(CLI::ExistingFile);
    command->add_option("--phases", options.phases, "game phases (bands of empties)")
        ->check(CLI::IsMember({1, 2, 3, 4, 5, 6, 10, 12, 15, 20, 30, 60}))
        ->capture_default_str();
    command->add_option("--epochs", options.epochs)->capture_default_str();
    command->add_option("--regularisation", options.regularisation)->capture_default_str();
    command->add_flag("!--independent-phases", options.chain_phases,
                      "regularise every phase towards zero instead of the next phase's weights");
    return command;
}

CLI::App* add_error(CLI::App& train, tools::ErrorOptions& options) {
    CLI::App* command = train.add_subcommand(
        "error", "the evaluation's error against labelled positions, per band of empties");
    command->add_option("inputs", options.inputs, "labelled position files")
        ->required()
        ->check(CLI::ExistingFile);
    command->add_option("--weights", options.weights, "weights file (default: built-in)")
        ->check(CLI::ExistingFile);
    command
        ->add_option("--network", options.network,
                     "add this Othello network's correction (scripts/train-othello-net)")
        ->check(CLI::ExistingFile);
    return command;
}

CLI::App* add_othello_features(CLI::App& train, tools::OthelloFeaturesOptions& options) {
    CLI::App* command = train.add_subcommand(
        "othello-features",
        "write labelled positions as the Othello network's training data (binary, for "
        "scripts/train-othello-net)");
    command->add_option("inputs", options.inputs, "labelled position files")
        ->required()
        ->check(CLI::ExistingFile);
    command->add_option("-o,--output", options.output, "the data file")->required();
    return command;
}

CLI::App* add_gomoku_fit(CLI::App& train, tools::GomokuFitOptions& options, bool& order) {
    CLI::App* command = train.add_subcommand(
        "gomoku-fit",
        "fit the Gomoku evaluation's weights to game outcomes (freestyle) and print them");
    command
        ->add_option("inputs", options.inputs,
                     "games: a result (1: black won, 0: white won) and the moves, one a line "
                     "(scripts/lab/gomoku-games writes them from match results)")
        ->required()
        ->check(CLI::ExistingFile);
    add_bounded(*command, "--size", options.size, "", 5, 22);
    command
        ->add_option("--holdout-every", options.holdout_every,
                     "every Nth game is held out of the fit and reported (0: none)")
        ->capture_default_str();
    add_bounded(*command, "--iterations", options.iterations, "", 1, 1000000);
    command->add_option("--regularisation", options.regularisation)->capture_default_str();
    command
        ->add_option("--shape-regularisation", options.shape_regularisation,
                     "the L2 pull on the shapes' weights (many shapes are rare)")
        ->capture_default_str();
    add_bounded(*command, "--label-weight", options.label_weight,
                "a labelled move's position (h8/0.62: the mover's chance) is fitted to this "
                "much of the label and the rest of the game's outcome",
                0.0, 1.0);
    command->add_flag("--evaluated-only", options.evaluated_only,
                      "fit only the positions the search evaluates: not those with a five "
                      "to block nor those the side to move wins by fours");
    command->add_flag("--order", order,
                      "fit the move ordering to the winners' moves instead of the evaluation");
    return command;
}

Subcommand add_train_command(CLI::App& parent) {
    auto o = std::make_shared<TrainOptions>();
    CLI::App* train = parent.add_subcommand(
        "train",
        "train the evaluations: Reversi (selfplay or wthor, then fit; othello-features for "
        "its network) and Gomoku (gomoku-selfplay, gomoku-import, gomoku-fit); see "
        "docs/training.md");
    train->require_subcommand(1);
    CLI::App* selfplay = add_selfplay(*train, o->selfplay);
    CLI::App* wthor = add_wthor(*train, o->wthor);
    CLI::App* probcut = add_probcut(*train, o->probcut);
    CLI::App* fit = add_fit(*train, o->fit);
    CLI::App* error = add_error(*train, o->error);
    CLI::App* othello_features = add_othello_features(*train, o->othello_features);
    add_gomoku_fit(*train, o->gomoku_fit, o->gomoku_order);
    CLI::App* relabel = add_relabel(*train, o->relabel);
    CLI::App* gomoku_selfplay = add_gomoku_selfplay(*train, o->gomoku_selfplay);
    CLI::App* gomoku_net_check = add_gomoku_net_check(*train, o->gomoku_net_check);
    CLI::App* gomoku_policy_check = add_gomoku_policy_check(*train, o->gomoku_policy_check);
    CLI::App* gomoku_import = add_gomoku_import(*train, o->gomoku_import);
    CLI::App* gomoku_rebase = add_gomoku_rebase(*train, o->gomoku_rebase);
    return {
        train, [=] {
            std::ostream& out = std::cout;
            std::ostream& err = std::cerr;
            if (*selfplay) return tools::self_play(o->selfplay, out, err);
            if (*wthor) {
                if (!shard_in_range("wthor", o->wthor.shard_index, o->wthor.shard_count, err))
                    return 2;
                return tools::wthor_positions(o->wthor, out, err);
            }
            if (*relabel) {
                if (!shard_in_range("relabel", o->relabel.shard_index, o->relabel.shard_count, err))
                    return 2;
                return tools::relabel(o->relabel, out, err);
            }
            if (*gomoku_selfplay) {
                const auto& options = o->gomoku_selfplay;
                if (!shard_in_range("gomoku-selfplay", options.shard_index, options.shard_count,
                                    err))
                    return 2;
                return tools::gomoku_self_play(options, out, err);
            }
            if (*gomoku_import) return tools::gomoku_import(o->gomoku_import, out, err);
            if (*gomoku_rebase) return tools::gomoku_rebase(o->gomoku_rebase, out, err);
            if (*gomoku_net_check) return tools::gomoku_net_check(o->gomoku_net_check, out, err);
            if (*gomoku_policy_check)
                return tools::gomoku_policy_check(o->gomoku_policy_check, out, err);
            if (*probcut) return tools::probcut_stats(o->probcut, out, err);
            if (*fit) return tools::fit(o->fit, out, err);
            if (*error) return tools::evaluation_error(o->error, out, err);
            if (*othello_features) return tools::othello_features(o->othello_features, out, err);
            if (o->gomoku_order) return tools::fit_gomoku_order(o->gomoku_fit, out, err);
            return tools::fit_gomoku_eval(o->gomoku_fit, out, err);
        }};
}

}  // namespace sente::cli
