// sente: command line. Parses options with CLI11, builds a Session, and hands it to a front end.

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <iostream>
#include <map>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "protocol/gomocup.hpp"
#include "protocol/gtp.hpp"
#include "sente/session.hpp"
#include "sente/version.hpp"
#include "terminal/menu.hpp"
#include "terminal/play.hpp"
#include "tools/bench.hpp"
#include "tools/book.hpp"
#include "tools/gomoku_fit.hpp"
#include "tools/probcut_stats.hpp"
#include "tools/solve.hpp"
#include "tools/train.hpp"

namespace {

struct Options {
    std::string game = "othello";
    int size = 0;
    int level = 0;
    int threads = 1;
    std::size_t hash_mb = 64;
    long long movetime_ms = 0;
    int depth = 0;
    std::uint64_t nodes = 0;
    long long move_overhead_ms = 50;
    std::string coordinates = "native";
    bool quiet = false;
    std::vector<std::string> table_files;
    double book_variety = 0;  // discs
    bool no_book = false;
    std::uint64_t seed = 0;

    std::string seats = "black";
    double clock_minutes = 0;  // play: sudden death for each side
    std::string display = "auto";
    bool menu = false;  // play: nothing chosen on the command line, so ask
    std::string perft_position;
    int perft_depth = 0;
};

std::string games_help() {
    std::string text = "game to play:";
    for (const sente::GameInfo& info : sente::Session::games()) {
        text += fmt::format(" {} ({})", info.id, info.title);
    }
    return text;
}

void add_engine_options(CLI::App& app, Options& options) {
    app.add_option("-g,--game", options.game, games_help())->capture_default_str();
    app.add_option("-s,--size", options.size, "board size (0: the game's default)")
        ->check(CLI::Range(0, 64));
    app.add_option("-l,--level", options.level,
                   "1 (weakest) to 10 (full strength); default: full strength")
        ->check(CLI::Range(1, 10));
    app.add_option("-t,--threads", options.threads, "search threads")
        ->check(CLI::Range(1, 256))
        ->capture_default_str();
    app.add_option("--hash", options.hash_mb, "transposition table size in MB")
        ->check(CLI::Range(std::size_t{1}, std::size_t{1} << 20))
        ->capture_default_str();
    app.add_option("--movetime", options.movetime_ms,
                   "milliseconds per move (without a clock the default is 1000)")
        ->check(CLI::Range(0LL, 24LL * 3600 * 1000));
    app.add_option("--depth", options.depth, "search depth limit in plies (0: none)")
        ->check(CLI::Range(0, 127));
    app.add_option("--nodes", options.nodes, "node limit per search (0: none)");
    app.add_option("--move-overhead", options.move_overhead_ms,
                   "milliseconds kept back per move for process and GUI lag")
        ->check(CLI::Range(0LL, 60'000LL))
        ->capture_default_str();
    app.add_option("--coordinates", options.coordinates,
                   "move coordinates: native (Othello a1 top-left) or gogui (row 1 at the "
                   "bottom, for GoGui)")
        ->check(CLI::IsMember({"native", "gogui"}, CLI::ignore_case))
        ->capture_default_str();
    app.add_flag("-q,--quiet", options.quiet,
                 "no search progress on stderr (nor the MESSAGE lines of Gomocup)");
    app.add_option("--tables", options.table_files,
                   "complete tables for full strength to play perfectly from (Soldiers; written "
                   "by solve --tables --save-tables); may be given more than once")
        ->check(CLI::ExistingFile);
    app.add_option("--book-variety", options.book_variety,
                   "play any opening book move at most this many discs worse than the best, for "
                   "varied games in matches (Othello levels 9-10; 0: the best)")
        ->check(CLI::Range(0.0, 64.0))
        ->capture_default_str();
    app.add_flag("--no-book", options.no_book,
                 "Othello levels 9-10: search every move, the opening too (no opening book)");
    app.add_option("--seed", options.seed,
                   "seed for the choices among equal or near-equal moves (the easy levels, the "
                   "book); 0: a different one every run")
        ->capture_default_str();
}

// Builds the session the options describe, or explains on stderr why it cannot.
std::optional<sente::Session> make_session(const Options& options) {
    for (const std::string& path : options.table_files) {
        if (auto added = sente::Session::add_tables_file(path); !added) {
            std::cerr << "sente: --tables " << added.error().message << '\n';
            return std::nullopt;
        }
    }
    sente::EngineSettings settings;
    settings.level = options.level;
    settings.threads = options.threads;
    settings.hash_mb = options.hash_mb;
    settings.limits.depth = options.depth;
    settings.limits.nodes = options.nodes;
    settings.limits.movetime = sente::Milliseconds{options.movetime_ms};
    settings.move_overhead = sente::Milliseconds{options.move_overhead_ms};
    settings.variety = static_cast<int>(options.book_variety * 100 + 0.5);
    settings.seed = options.seed;
    settings.book = !options.no_book;
    settings.orientation =
        options.coordinates == "gogui" ? sente::Orientation::gogui : sente::Orientation::native;
    sente::Session session(settings);
    if (auto selected = session.select_game(options.game, options.size); !selected) {
        std::cerr << "sente: " << selected.error().message << '\n';
        return std::nullopt;
    }
    if (auto hashed = session.set_hash_size(options.hash_mb); !hashed) {
        std::cerr << "sente: " << hashed.error().message << '\n';
        return std::nullopt;
    }
    return session;
}

int run_gtp(const Options& options) {
    auto session = make_session(options);
    if (!session) return 2;
    sente::gtp::Engine engine(*session, std::cout, options.quiet ? nullptr : &std::cerr);
    return engine.run(STDIN_FILENO);
}

// Gomocup managers and GUIs play Gomoku: sente's game unless --game names a Gomoku rule.
Options gomoku_options(Options options) {
    static constexpr std::string_view kGomokuGames[] = {"gomoku", "gomoku-standard", "renju",
                                                        "caro",   "freestyle",       "standard"};
    if (std::find(std::begin(kGomokuGames), std::end(kGomokuGames), options.game) ==
        std::end(kGomokuGames)) {
        options.game = "gomoku";
    }
    return options;
}

int run_gomocup(const Options& options, sente::protocol::LineReader* reader = nullptr) {
    auto session = make_session(gomoku_options(options));
    if (!session) return 2;
    sente::gomocup::Brain brain(*session, std::cout, options.quiet ? nullptr : &std::cerr,
                                options.hash_mb);
    return reader != nullptr ? brain.run(*reader) : brain.run(STDIN_FILENO);
}

// A bare `sente` on a pipe: Gomocup if the first line is a Gomocup command, else GTP.
int run_detected_protocol(const Options& options) {
    sente::protocol::LineReader reader(STDIN_FILENO, true);
    const auto first = reader.peek();
    if (first && sente::gomocup::is_gomocup_command(first->text)) {
        return run_gomocup(options, &reader);
    }
    reader.set_cr_ends_lines(false);
    auto session = make_session(options);
    if (!session) return 2;
    sente::gtp::Engine engine(*session, std::cout, options.quiet ? nullptr : &std::cerr);
    return engine.run(reader);
}

bool named_pbrain(const char* argv0) {
    const std::string_view path = argv0 == nullptr ? "" : argv0;
    const std::string_view name = path.substr(path.find_last_of('/') + 1);
    return name.rfind("pbrain-", 0) == 0;
}

int run_play(const Options& options) {
    auto session = make_session(options);
    if (!session) return 2;
    static const std::map<std::string, sente::terminal::Seats> kSeats = {
        {"black", sente::terminal::Seats::human_black},
        {"white", sente::terminal::Seats::human_white},
        {"both", sente::terminal::Seats::humans},
        {"none", sente::terminal::Seats::engines},
    };
    sente::terminal::PlayOptions play_options;
    play_options.seats = kSeats.at(options.seats);
    play_options.look = options.display == "plain"   ? sente::terminal::Look::plain
                        : options.display == "color" ? sente::terminal::Look::colour
                                                     : sente::terminal::detect_look();
    if (options.menu) {
        auto seats = sente::terminal::ask_setup(*session, play_options.seats, std::cin, std::cout);
        if (!seats) return 0;
        play_options.seats = *seats;
    }
    if (options.clock_minutes > 0) {
        sente::TimeControl control;
        control.kind = sente::TimeControl::Kind::absolute;
        control.main_time =
            sente::Milliseconds{static_cast<long long>(options.clock_minutes * 60'000)};
        session->set_time_control(control);
    }
    return sente::terminal::play(*session, play_options, std::cin, std::cout);
}

int run_perft(const Options& options) {
    auto session = make_session(options);
    if (!session) return 2;
    if (!options.perft_position.empty()) {
        if (auto set = session->set_position(options.perft_position); !set) {
            std::cerr << "sente: " << set.error().message << '\n';
            return 2;
        }
    }
    return sente::tools::perft(*session, options.perft_depth, std::cout);
}

int run_bench(const Options& options) {
    // The session's --depth would cap the bench's own depth; the bench depth is the option.
    Options bench_options = options;
    bench_options.depth = 0;
    auto session = make_session(bench_options);
    if (!session) return 2;
    return sente::tools::bench(*session, options.depth, std::cout);
}

}  // namespace

int main(int argc, char** argv) {
    // A GUI may close the pipe at any time; a failed write must not kill the process.
    std::signal(SIGPIPE, SIG_IGN);

    Options options;
    CLI::App app{fmt::format(
        "sente {}: an engine for Reversi/Othello, Gomoku/Renju and Soldiers and Generals, "
        "speaking GTP and the Gomocup protocol.\n"
        "With no command it plays in the terminal when stdin is a terminal; otherwise it speaks "
        "Gomocup if the first line is a Gomocup command and GTP if not (so a GUI or a manager "
        "can start the bare binary). Named pbrain-*, it speaks Gomocup.",
        sente::kVersion)};
    app.set_version_flag("--version", std::string("sente ") + sente::kVersion);
    add_engine_options(app, options);

    CLI::App* gtp =
        app.add_subcommand("gtp", "speak GTP version 2 on stdin/stdout (protocol/GTP.md)");
    CLI::App* gomocup = app.add_subcommand(
        "gomocup",
        "speak the Gomocup (Piskvork) protocol of Gomoku managers and GUIs (protocol/GOMOCUP.md); "
        "also chosen when the executable's name starts with pbrain-");
    CLI::App* play = app.add_subcommand("play", "play a game against sente in the terminal");
    play->add_option(
            "--color", options.seats,
            "your side: black, white, both (two people) or none (watch sente); in Soldiers and "
            "Generals black is the soldiers, white the generals")
        ->check(CLI::IsMember({"black", "white", "both", "none"}, CLI::ignore_case))
        ->capture_default_str();
    play->add_option("--clock", options.clock_minutes,
                     "minutes on each side's clock, sudden death (a person out of time loses); "
                     "default: no clock, sente thinks --movetime or 1 s a move")
        ->check(CLI::Range(0.0, 24.0 * 60));
    play->add_option("--display", options.display,
                     "auto (colours and Unicode on a terminal unless NO_COLOR is set), plain "
                     "(ASCII) or color")
        ->check(CLI::IsMember({"auto", "plain", "color"}, CLI::ignore_case))
        ->capture_default_str();
    CLI::App* perft = app.add_subcommand(
        "perft", "count the leaves of the game tree to each depth up to DEPTH (rules self-check)");
    perft->add_option("depth", options.perft_depth, "deepest depth to count")
        ->required()
        ->check(CLI::Range(1, 40));
    perft->add_option("--position", options.perft_position,
                      "start from this position (Reversi: 64 squares X/O/- and the side to move; "
                      "Soldiers: SSSSS/SSSSS/5/1G1G1/5 g 0 1)");
    // The shared options work before or after the command, and every --help lists them.
    CLI::App* bench = app.add_subcommand(
        "bench",
        "search the game's fixed bench positions to --depth (default 11) and print "
        "nodes, time, nodes/second and a node-count signature");
    for (CLI::App* sub : {gtp, gomocup, play, perft, bench}) add_engine_options(*sub, options);
    app.require_subcommand(0, 1);

    sente::tools::SolveOptions solve_options;
    CLI::App* solve = app.add_subcommand(
        "solve",
        "solve positions exactly. Othello: every position of an .obf file with the endgame "
        "solver, checking the scores listed in it. Soldiers and Generals: a file of position "
        "lines or --position, by retrograde analysis. Exits 1 if a listed result is wrong");
    solve->add_option("file", solve_options.file,
                      "positions to solve (.obf for Othello, e.g. the FFO suites; one position "
                      "per line for Soldiers, optionally '; generals|soldiers|draw')");
    solve->add_option("--position", solve_options.position, "solve this one position instead");
    solve->add_option("-g,--game", solve_options.game, "othello or soldiers")
        ->check(CLI::IsMember({"othello", "reversi", "soldiers"}, CLI::ignore_case))
        ->capture_default_str();
    solve->add_option("-t,--threads", solve_options.threads, "solver threads (Othello)")
        ->check(CLI::Range(1, 256))
        ->capture_default_str();
    solve->add_option("--hash", solve_options.hash_mb, "transposition table size in MB (Othello)")
        ->check(CLI::Range(1, 1 << 20))
        ->capture_default_str();
    solve->add_flag("--wld", solve_options.win_loss_draw,
                    "only win, loss or draw, not the margin (Othello; faster)");
    solve->add_option("--first", solve_options.first_number,
                      "number of the first position (default: N from an fforum-N-M file name, "
                      "else 1)");
    solve
        ->add_option("--max-placements", solve_options.max_placements,
                     "give up beyond this many reachable placements (Soldiers)")
        ->capture_default_str();
    solve->add_flag("--complete-tables", solve_options.complete_tables,
                    "build complete tables of every placement on the board instead of exploring "
                    "from each position (Soldiers; the 5x5 start: 4.8 GB, 9 minutes on 2 cores)");
    solve->add_option("--save-tables", solve_options.save_tables,
                      "write the complete tables to this file afterwards, for --tables (Soldiers; "
                      "implies --complete-tables)");
    solve
        ->add_option("--load-tables", solve_options.load_tables,
                     "use the complete tables of this file instead of building them (Soldiers)")
        ->check(CLI::ExistingFile);
    solve->add_flag("--check-tables", solve_options.check_tables,
                    "check every placement of the complete tables against the race equations "
                    "before solving; exit 1 if one fails (Soldiers; the 5x5 start: 11 minutes)");

    sente::tools::SelfPlayOptions selfplay_options;
    sente::tools::FitOptions fit_options;
    CLI::App* train = app.add_subcommand("train",
                                         "train the evaluations: Reversi (selfplay or wthor, then "
                                         "fit) and Gomoku (gomoku-fit); see README");
    train->require_subcommand(1);
    CLI::App* selfplay = train->add_subcommand(
        "selfplay",
        "play games from random openings and write labelled positions (exact values from the "
        "endgame solver)");
    selfplay->add_option("output", selfplay_options.output, "file to write")->required();
    selfplay->add_option("--games", selfplay_options.games)->capture_default_str();
    selfplay
        ->add_option("--random-plies", selfplay_options.random_plies,
                     "random legal moves at the start of each game (at least)")
        ->capture_default_str();
    selfplay
        ->add_option("--random-plies-max", selfplay_options.random_plies_max,
                     "at most this many random moves, drawn per game (0: --random-plies)")
        ->capture_default_str();
    selfplay->add_option("--level", selfplay_options.level, "the level that plays")
        ->check(CLI::Range(1, 10))
        ->capture_default_str();
    selfplay
        ->add_option("--depth", selfplay_options.depth,
                     "its search depth (0: the level's own; levels 9-10 need one)")
        ->check(CLI::Range(0, 30))
        ->capture_default_str();
    selfplay
        ->add_option("--random-rate", selfplay_options.random_rate,
                     "chance of a random move while more than 30 squares are empty")
        ->check(CLI::Range(0.0, 1.0))
        ->capture_default_str();
    selfplay
        ->add_option("--solve-empties", selfplay_options.solve_empties,
                     "positions with at most this many empty squares are solved exactly")
        ->check(CLI::Range(0, 24))
        ->capture_default_str();
    selfplay->add_option("--seed", selfplay_options.seed)->capture_default_str();
    sente::tools::WthorOptions wthor_options;
    CLI::App* wthor = train->add_subcommand(
        "wthor",
        "write the positions of WTHOR tournament games with their values (the game's "
        "theoretical score from 24 empties, exact values from the solver near the end)");
    wthor->add_option("inputs", wthor_options.inputs, "WTHOR game files (WTH_YYYY.wtb)")
        ->required()
        ->check(CLI::ExistingFile);
    wthor->add_option("-o,--output", wthor_options.output, "file to write")->required();
    wthor->add_option("--holdout", wthor_options.holdout_output,
                      "write the positions of every --holdout-every-th game here instead");
    wthor->add_option("--holdout-every", wthor_options.holdout_every)
        ->check(CLI::Range(1, 1000000))
        ->capture_default_str();
    wthor
        ->add_option("--solve-empties", wthor_options.solve_empties,
                     "positions with at most this many empty squares are solved exactly")
        ->check(CLI::Range(0, 22))
        ->capture_default_str();
    wthor->add_option("--shard-index", wthor_options.shard_index, "this job's share, 1..count")
        ->check(CLI::Range(1, 1000))
        ->capture_default_str();
    wthor->add_option("--shard-count", wthor_options.shard_count, "jobs sharing the games")
        ->check(CLI::Range(1, 1000))
        ->capture_default_str();
    wthor
        ->add_option("--check-every", wthor_options.check_every,
                     "solve the theoretical position of every Nth game to check its score")
        ->check(CLI::Range(0, 1000000))
        ->capture_default_str();
    sente::tools::ProbCutStatsOptions probcut_options;
    CLI::App* probcut = train->add_subcommand(
        "probcut",
        "search sample positions to every depth, for the midgame's Multi-ProbCut "
        "(scripts/probcut-fit reads the file)");
    probcut->add_option("inputs", probcut_options.inputs, "labelled position files")
        ->required()
        ->check(CLI::ExistingFile);
    probcut->add_option("-o,--output", probcut_options.output, "file to write")->required();
    probcut->add_option("--depth", probcut_options.max_depth, "deepest search")
        ->check(CLI::Range(1, 30))
        ->capture_default_str();
    probcut->add_option("--positions", probcut_options.positions, "positions to sample")
        ->check(CLI::Range(1, 10000000))
        ->capture_default_str();
    probcut->add_option("--min-empties", probcut_options.min_empties)
        ->check(CLI::Range(1, 60))
        ->capture_default_str();
    probcut->add_option("--max-empties", probcut_options.max_empties)
        ->check(CLI::Range(1, 60))
        ->capture_default_str();
    probcut->add_option("--seed", probcut_options.seed)->capture_default_str();
    CLI::App* fit = train->add_subcommand(
        "fit", "fit the weights to labelled positions and write the weights file");
    fit->add_option("inputs", fit_options.inputs, "files written by selfplay")->required();
    fit->add_option("-o,--output", fit_options.output, "weights file to write")->required();
    fit->add_option("--validation", fit_options.validation,
                    "held-out positions to stop on and report (default: every tenth input)")
        ->check(CLI::ExistingFile);
    fit->add_option("--phases", fit_options.phases, "game phases (bands of empties)")
        ->check(CLI::IsMember({1, 2, 3, 4, 5, 6, 10, 12, 15, 20, 30, 60}))
        ->capture_default_str();
    fit->add_option("--epochs", fit_options.epochs)->capture_default_str();
    fit->add_option("--regularisation", fit_options.regularisation)->capture_default_str();
    fit->add_flag("!--independent-phases", fit_options.chain_phases,
                  "regularise every phase towards zero instead of the next phase's weights");

    sente::tools::ErrorOptions error_options;
    CLI::App* error = train->add_subcommand(
        "error", "the evaluation's error against labelled positions, per band of empties");
    error->add_option("inputs", error_options.inputs, "labelled position files")
        ->required()
        ->check(CLI::ExistingFile);
    error->add_option("--weights", error_options.weights, "weights file (default: built-in)")
        ->check(CLI::ExistingFile);

    sente::tools::GomokuFitOptions gomoku_fit_options;
    CLI::App* gomoku_fit = train->add_subcommand(
        "gomoku-fit",
        "fit the Gomoku evaluation's weights to game outcomes (freestyle) and print them");
    gomoku_fit
        ->add_option("inputs", gomoku_fit_options.inputs,
                     "games: a result (1: black won, 0: white won) and the moves, one a line "
                     "(scripts/gomoku-games writes them from match results)")
        ->required()
        ->check(CLI::ExistingFile);
    gomoku_fit->add_option("--size", gomoku_fit_options.size)
        ->check(CLI::Range(5, 22))
        ->capture_default_str();
    gomoku_fit
        ->add_option("--holdout-every", gomoku_fit_options.holdout_every,
                     "every Nth game is held out of the fit and reported (0: none)")
        ->capture_default_str();
    gomoku_fit->add_option("--iterations", gomoku_fit_options.iterations)
        ->check(CLI::Range(1, 1000000))
        ->capture_default_str();
    gomoku_fit->add_option("--regularisation", gomoku_fit_options.regularisation)
        ->capture_default_str();

    sente::tools::BookBuildOptions book_build_options;
    sente::tools::BookShowOptions book_show_options;
    CLI::App* book =
        app.add_subcommand("book", "the Reversi opening book: build, show (see README)");
    book->require_subcommand(1);
    CLI::App* book_build = book->add_subcommand(
        "build", "build an opening book by searching every move of the first plies");
    book_build->add_option("output", book_build_options.output, "file to write")->required();
    book_build->add_option("--plies", book_build_options.plies, "how many plies from the start")
        ->check(CLI::Range(1, 20))
        ->capture_default_str();
    book_build->add_option("--depth", book_build_options.depth, "search depth of every move")
        ->check(CLI::Range(1, 30))
        ->capture_default_str();
    book_build
        ->add_option("--margin", book_build_options.margin,
                     "keep the moves at most this many discs worse than the best")
        ->check(CLI::Range(0.0, 64.0))
        ->capture_default_str();
    book_build
        ->add_option("--first-margin", book_build_options.first_margin,
                     "the margin at the start, narrowing by a disc a ply down to --margin")
        ->check(CLI::Range(0.0, 64.0))
        ->capture_default_str();
    book_build->add_option("--threads", book_build_options.threads, "positions searched at once")
        ->check(CLI::Range(1, 256))
        ->capture_default_str();
    book_build->add_option("--hash", book_build_options.hash_mb, "table size per thread in MB")
        ->check(CLI::Range(1, 65536))
        ->capture_default_str();
    CLI::App* book_show =
        book->add_subcommand("show", "the book's values of a position and of its book moves");
    book_show->add_option("moves", book_show_options.moves, "moves from the start (f5 d6 ...)");
    book_show
        ->add_option("--book", book_show_options.file, "a book file (default: the built-in one)")
        ->check(CLI::ExistingFile);

    CLI11_PARSE(app, argc, argv);

    if (*book_build) return sente::tools::build_book(book_build_options, std::cout, std::cerr);
    if (*book_show) return sente::tools::show_book(book_show_options, std::cout, std::cerr);

    if (*selfplay) return sente::tools::self_play(selfplay_options, std::cout, std::cerr);
    if (*wthor) {
        if (wthor_options.shard_index > wthor_options.shard_count) {
            std::cerr << "sente train wthor: --shard-index beyond --shard-count\n";
            return 2;
        }
        return sente::tools::wthor_positions(wthor_options, std::cout, std::cerr);
    }
    if (*probcut) return sente::tools::probcut_stats(probcut_options, std::cout, std::cerr);
    if (*fit) return sente::tools::fit(fit_options, std::cout, std::cerr);
    if (*error) return sente::tools::evaluation_error(error_options, std::cout, std::cerr);
    if (*gomoku_fit) return sente::tools::fit_gomoku_eval(gomoku_fit_options, std::cout, std::cerr);

    if (*solve) {
        if (solve_options.file.empty() == solve_options.position.empty()) {
            std::cerr << "sente solve: give a file or --position (one of them)\n";
            return 2;
        }
        return sente::tools::solve(solve_options, std::cout, std::cerr);
    }

    if (*perft) return run_perft(options);
    if (*bench) return run_bench(options);
    // A person at a terminal who chose nothing gets the menu.
    options.menu = isatty(STDIN_FILENO) && isatty(STDOUT_FILENO);
    for (const char* choice : {"--game", "--size", "--level"}) {
        if (app.count(choice) + play->count(choice) > 0) options.menu = false;
    }
    if (play->count("--color") > 0) options.menu = false;
    if (*play) return run_play(options);
    if (*gtp) return run_gtp(options);
    if (*gomocup || named_pbrain(argc > 0 ? argv[0] : nullptr)) return run_gomocup(options);
    return isatty(STDIN_FILENO) ? run_play(options) : run_detected_protocol(options);
}
