#include "cli/engine_commands.hpp"

#include <algorithm>
#include <iostream>
#include <map>
#include <memory>
#include <string>

#include <CLI/CLI.hpp>

#include "platform/platform.hpp"
#include "protocol/gomocup.hpp"
#include "protocol/gtp.hpp"
#include "protocol/nboard.hpp"
#include "terminal/menu.hpp"
#include "terminal/play.hpp"
#include "tools/bench.hpp"

namespace sente::cli {

namespace {

constexpr int kStandardInput = 0;  // the file descriptor of standard input

struct PlayChoices {
    std::string seats = "black";
    double clock_minutes = 0;  // sudden death for each side
    std::string display = "auto";
    bool menu = false;  // nothing chosen on the command line, so ask
};

struct PerftChoices {
    std::string position;
    int depth = 0;
};

struct BenchChoices {
    std::string positions_file;  // empty: the game's built-in bench positions
};

int run_gtp(const EngineOptions& options) {
    auto session = make_session(options);
    if (!session) return 2;
    gtp::Engine engine(*session, std::cout, options.quiet ? nullptr : &std::cerr);
    return engine.run(kStandardInput);
}

// Gomocup managers and GUIs play Gomoku: sente's game unless --game names a Gomoku rule.
EngineOptions gomoku_options(EngineOptions options) {
    static constexpr std::string_view kGomokuGames[] = {"gomoku", "gomoku-standard", "renju",
                                                        "caro",   "freestyle",       "standard"};
    if (std::find(std::begin(kGomokuGames), std::end(kGomokuGames), options.game) ==
        std::end(kGomokuGames)) {
        options.game = "gomoku";
    }
    return options;
}

int run_gomocup(const EngineOptions& options, protocol::LineReader* reader = nullptr) {
    auto session = make_session(gomoku_options(options));
    if (!session) return 2;
    gomocup::Engine brain(*session, std::cout, options.quiet ? nullptr : &std::cerr,
                          options.hash_mb);
    return reader != nullptr ? brain.run(*reader) : brain.run(kStandardInput);
}

// NBoard plays Othello whatever --game says.
int run_nboard(const EngineOptions& options, protocol::LineReader* reader = nullptr) {
    EngineOptions othello = options;
    othello.game = "othello";
    auto session = make_session(othello);
    if (!session) return 2;
    nboard::Engine engine(*session, std::cout, options.quiet ? nullptr : &std::cerr);
    return reader != nullptr ? engine.run(*reader) : engine.run(kStandardInput);
}

// A bare `sente` on a pipe: Gomocup if the first line is a Gomocup command, NBoard if it is
// `nboard`, else GTP.
int run_detected_protocol(const EngineOptions& options) {
    protocol::LineReader reader(kStandardInput, true);
    const auto first = reader.peek();
    if (first && gomocup::is_gomocup_command(first->text)) {
        return run_gomocup(options, &reader);
    }
    reader.set_cr_ends_lines(false);
    if (first && nboard::is_nboard_command(first->text)) return run_nboard(options, &reader);
    auto session = make_session(options);
    if (!session) return 2;
    gtp::Engine engine(*session, std::cout, options.quiet ? nullptr : &std::cerr);
    return engine.run(reader);
}

bool named_pbrain(const char* argv0) {
    const std::string_view path = argv0 == nullptr ? "" : argv0;
    // Windows paths may use either separator; its names end in .exe, which changes nothing here.
    const std::string_view name = path.substr(path.find_last_of("/\\") + 1);
    return name.rfind("pbrain-", 0) == 0;
}

int run_play(const EngineOptions& options, const PlayChoices& choices) {
    auto session = make_session(options);
    if (!session) return 2;
    static const std::map<std::string, terminal::Seats> kSeats = {
        {"black", terminal::Seats::human_black},
        {"white", terminal::Seats::human_white},
        {"both", terminal::Seats::humans},
        {"none", terminal::Seats::engines},
    };
    terminal::PlayOptions play_options;
    play_options.seats = kSeats.at(choices.seats);
    play_options.look = choices.display == "plain"   ? terminal::Look::plain
                        : choices.display == "color" ? terminal::Look::colour
                                                     : terminal::detect_look();
    if (choices.menu) {
        auto seats = terminal::ask_setup(*session, play_options.seats, std::cin, std::cout);
        if (!seats) return 0;
        play_options.seats = *seats;
    }
    if (choices.clock_minutes > 0) {
        TimeControl control;
        control.kind = TimeControl::Kind::absolute;
        control.main_time = Milliseconds{static_cast<long long>(choices.clock_minutes * 60'000)};
        session->set_time_control(control);
    }
    return terminal::play(*session, play_options, std::cin, std::cout);
}

int run_perft(const EngineOptions& options, const PerftChoices& choices) {
    auto session = make_session(options);
    if (!session) return 2;
    if (!choices.position.empty()) {
        if (auto set = session->set_position(choices.position); !set) {
            std::cerr << "sente: " << set.error().message << '\n';
            return 2;
        }
    }
    return tools::perft(*session, choices.depth, std::cout);
}

int run_bench(const EngineOptions& options, const BenchChoices& choices) {
    // The session's --depth would cap the bench's own depth; the bench depth is the option.
    EngineOptions bench_options = options;
    bench_options.depth = 0;
    auto session = make_session(bench_options);
    if (!session) return 2;
    std::vector<std::string> positions;
    if (!choices.positions_file.empty()) {
        auto read = tools::read_bench_positions(choices.positions_file);
        if (!read) {
            std::cerr << "sente: " << read.error().message << '\n';
            return 2;
        }
        positions = std::move(*read);
    }
    return tools::bench(*session, options.depth, std::cout, positions);
}

// A person at a terminal who chose nothing gets the menu.
bool wants_menu(const CLI::App& app, const CLI::App& play) {
    if (!platform::is_terminal(platform::StandardStream::input) ||
        !platform::is_terminal(platform::StandardStream::output))
        return false;
    for (const char* choice : {"--game", "--size", "--level"}) {
        if (app.count(choice) + play.count(choice) > 0) return false;
    }
    return play.count("--color") == 0;
}

}  // namespace

EngineCommands add_engine_commands(CLI::App& app, EngineOptions& options) {
    EngineOptions* shared = &options;
    auto play_choices = std::make_shared<PlayChoices>();
    auto perft_choices = std::make_shared<PerftChoices>();
    EngineCommands commands;

    CLI::App* gtp =
        app.add_subcommand("gtp", "speak GTP version 2 on stdin/stdout (protocol/GTP.md)");
    commands.gtp = {gtp, [shared] { return run_gtp(*shared); }};

    CLI::App* gomocup = app.add_subcommand(
        "gomocup",
        "speak the Gomocup (Piskvork) protocol of Gomoku managers and GUIs (protocol/GOMOCUP.md); "
        "also chosen, without this command, for an executable named pbrain-*");
    commands.gomocup = {gomocup, [shared] { return run_gomocup(*shared); }};

    CLI::App* nboard = app.add_subcommand(
        "nboard",
        "speak the NBoard protocol of the NBoard Othello GUI (protocol/NBOARD.md); also chosen, "
        "without this command, when the first line is 'nboard 2'");
    commands.nboard = {nboard, [shared] { return run_nboard(*shared); }};

    CLI::App* play = app.add_subcommand("play", "play a game against sente in the terminal");
    play->add_option(
            "--color", play_choices->seats,
            "your side: black, white, both (two people) or none (watch sente); in Soldiers and "
            "Generals black is the soldiers, white the generals")
        ->check(CLI::IsMember({"black", "white", "both", "none"}, CLI::ignore_case))
        ->capture_default_str();
    play->add_option("--clock", play_choices->clock_minutes,
                     "minutes on each side's clock, sudden death (a person out of time loses); "
                     "default: no clock, sente thinks --movetime or 1 s a move")
        ->check(CLI::Range(0.0, 24.0 * 60));
    play->add_option("--display", play_choices->display,
                     "auto (colours and Unicode on a terminal unless NO_COLOR is set), plain "
                     "(ASCII) or color")
        ->check(CLI::IsMember({"auto", "plain", "color"}, CLI::ignore_case))
        ->capture_default_str();
    commands.play = {play, [shared, play_choices, &app, play] {
                         play_choices->menu = wants_menu(app, *play);
                         return run_play(*shared, *play_choices);
                     }};

    CLI::App* perft = app.add_subcommand(
        "perft", "count the leaves of the game tree to each depth up to DEPTH (rules self-check)");
    perft->add_option("depth", perft_choices->depth, "deepest depth to count")
        ->required()
        ->check(CLI::Range(1, 40));
    perft->add_option("--position", perft_choices->position,
                      "start from this position (Reversi: 64 squares X/O/- and the side to move; "
                      "Soldiers: SSSSS/SSSSS/5/1G1G1/5 g 0 1)");
    commands.perft = {perft,
                      [shared, perft_choices] { return run_perft(*shared, *perft_choices); }};

    CLI::App* bench = app.add_subcommand(
        "bench",
        "search the game's fixed bench positions to --depth (default 11) and print "
        "nodes, time, nodes/second and a node-count signature");
    auto bench_choices = std::make_shared<BenchChoices>();
    bench
        ->add_option("--positions", bench_choices->positions_file,
                     "search these positions instead, one a line as GTP's sente-position takes "
                     "them ('#' starts a comment; e.g. scripts/bench/othello-midgame.txt)")
        ->check(CLI::ExistingFile);
    commands.bench = {bench,
                      [shared, bench_choices] { return run_bench(*shared, *bench_choices); }};

    // The shared options work before or after the command, and every --help lists them.
    for (CLI::App* sub : {gtp, gomocup, nboard, play, perft, bench}) {
        add_engine_options(*sub, options);
    }

    commands.without_command = [shared, play_choices, &app, play](const char* argv0) {
        if (named_pbrain(argv0)) return run_gomocup(*shared);
        if (!platform::is_terminal(platform::StandardStream::input))
            return run_detected_protocol(*shared);
        play_choices->menu = wants_menu(app, *play);
        return run_play(*shared, *play_choices);
    };
    return commands;
}

}  // namespace sente::cli
