#include "cli/engine_options.hpp"
#include "cli/bounded_option.hpp"

#include <iostream>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

namespace sente::cli {

namespace {

std::string games_help() {
    std::string text = "game to play:";
    for (const sente::GameInfo& info : sente::Session::games()) {
        text += fmt::format(" {} ({})", info.id, info.title);
    }
    return text;
}

}  // namespace

void add_engine_options(CLI::App& app, EngineOptions& options) {
    app.add_option("-g,--game", options.game, games_help())->capture_default_str();
    app.add_option("-s,--size", options.size, "board size (0: the game's default)")
        ->check(CLI::Range(0, 64));
    app.add_option("-l,--level", options.level,
                   "1 (weakest) to 10 (full strength); default: full strength")
        ->check(CLI::Range(1, 10));
    add_bounded(app, "-t,--threads", options.threads, "search threads", 1, 256);
    add_bounded(app, "--hash", options.hash_mb, "transposition table size in MB", std::size_t{1},
                std::size_t{1} << 20);
    app.add_option("--movetime", options.movetime_ms,
                   "milliseconds per move (without a clock the default is 1000)")
        ->check(CLI::Range(0LL, 24LL * 3600 * 1000));
    app.add_option("--depth", options.depth, "search depth limit in plies (0: none)")
        ->check(CLI::Range(0, 127));
    app.add_option("--nodes", options.nodes, "node limit per search (0: none)");
    add_bounded(app, "--move-overhead", options.move_overhead_ms,
                "milliseconds kept back per move for process and GUI lag", 0LL, 60'000LL);
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
    app.add_option("--network", options.network_file,
                   "levels 9-10: evaluate with this network file: a Gomoku one "
                   "(scripts/train-gomoku-net) under the rules and on the sizes it was trained "
                   "for, instead of the network built into sente; an Othello one "
                   "(scripts/train-othello-net) as a correction to the pattern evaluation; "
                   "'none': Gomoku's hand-made evaluation and Othello's patterns alone")
        ->check(CLI::ExistingFile | CLI::IsMember({"none"}));
    add_bounded(app, "--book-variety", options.book_variety,
                "play any opening book move at most this many discs worse than the best, for "
                "varied games in matches (Othello levels 9-10; 0: the best)",
                0.0, 64.0);
    app.add_flag("--no-book", options.no_book,
                 "Othello levels 9-10: search every move, the opening too (no opening book)");
    app.add_option("--seed", options.seed,
                   "seed for the choices among equal or near-equal moves (the easy levels, the "
                   "book); 0: a different one every run")
        ->capture_default_str();
}

std::optional<Session> make_session(const EngineOptions& options) {
    for (const std::string& path : options.table_files) {
        if (auto added = Session::add_tables_file(path); !added) {
            std::cerr << "sente: --tables " << added.error().message << '\n';
            return std::nullopt;
        }
    }
    if (options.network_file == "none") {
        Session::use_hand_made_gomoku_evaluation();
        Session::use_linear_othello_evaluation();
    } else if (!options.network_file.empty()) {
        if (auto used = Session::use_network(options.network_file); !used) {
            std::cerr << "sente: --network " << used.error().message << '\n';
            return std::nullopt;
        }
    }
    EngineSettings settings;
    settings.level = options.level;
    settings.threads = options.threads;
    settings.hash_mb = options.hash_mb;
    settings.limits.depth = options.depth;
    settings.limits.nodes = options.nodes;
    settings.limits.movetime = Milliseconds{options.movetime_ms};
    settings.move_overhead = Milliseconds{options.move_overhead_ms};
    settings.variety = static_cast<int>(options.book_variety * 100 + 0.5);
    settings.seed = options.seed;
    settings.book = !options.no_book;
    settings.orientation =
        options.coordinates == "gogui" ? Orientation::gogui : Orientation::native;
    Session session(settings);
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

}  // namespace sente::cli
