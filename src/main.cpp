// sente: the command line. Each command registers its own options (src/cli/); main builds the
// app, parses, and runs the command chosen.

#include <string>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "cli/commands.hpp"
#include "cli/engine_commands.hpp"
#include "platform/platform.hpp"
#include "sente/version.hpp"

int main(int argc, char** argv) {
    sente::platform::prepare_standard_streams();

    CLI::App app{fmt::format(
        "sente {}: an engine for Reversi/Othello, Gomoku/Renju and Soldiers and Generals, "
        "speaking GTP, the Gomocup protocol and NBoard's.\n"
        "With no command it plays in the terminal when stdin is a terminal; otherwise it speaks "
        "Gomocup if the first line is a Gomocup command, NBoard's protocol if it is 'nboard', and "
        "GTP if neither (so a GUI or a manager can start the bare binary). Named pbrain-*, it "
        "speaks Gomocup.",
        sente::kVersion)};
    app.set_version_flag("--version", std::string("sente ") + sente::kVersion);

    sente::cli::EngineOptions options;
    sente::cli::add_engine_options(app, options);
    const sente::cli::EngineCommands engine = sente::cli::add_engine_commands(app, options);
    const sente::cli::Subcommand commands[] = {
        engine.gtp,
        engine.gomocup,
        engine.nboard,
        engine.play,
        engine.perft,
        engine.bench,
        sente::cli::add_solve_command(app),
        sente::cli::add_train_command(app),
        sente::cli::add_book_command(app),
    };
    app.require_subcommand(0, 1);

    CLI11_PARSE(app, argc, argv);

    for (const sente::cli::Subcommand& command : commands) {
        if (*command.app) return command.run();
    }
    return engine.without_command(argc > 0 ? argv[0] : nullptr);
}
