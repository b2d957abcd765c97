// sente: the command line. Each command registers its own options (src/cli/); run builds the
// app, parses, and runs the command chosen.

#include "cli/run.hpp"

#include <string>
#include <string_view>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "cli/commands.hpp"
#include "cli/engine_commands.hpp"
#include "platform/platform.hpp"
#include "sente/version.hpp"

namespace sente::cli {
namespace {

// What --version says: the version, and the code that runs.
std::string version_line() {
    const std::string_view kind = kBuildKind;
    if (kind == "portable")
        return fmt::format("sente {} (portable build, running its {} code)", kVersion, kCodePath);
    if (kind == "native")
        return fmt::format("sente {} (built for the CPU of the machine that built it)", kVersion);
    return fmt::format("sente {} (baseline build, any {})", kVersion, kCodePath);
}

}  // namespace

int run(int argc, char** argv) {
    platform::prepare_standard_streams();

    CLI::App app{fmt::format(
        "sente {}: an engine for Reversi/Othello, Gomoku/Renju and Soldiers and Generals, "
        "speaking GTP, the Gomocup protocol and NBoard's.\n"
        "With no command it plays in the terminal when stdin is a terminal; otherwise it speaks "
        "Gomocup if the first line is a Gomocup command, NBoard's protocol if it is 'nboard', and "
        "GTP if neither (so a GUI or a manager can start the bare binary). Named pbrain-*, it "
        "speaks Gomocup.",
        kVersion)};
    app.set_version_flag("--version", version_line());

    EngineOptions options;
    add_engine_options(app, options);
    const EngineCommands engine = add_engine_commands(app, options);
    const Subcommand solve = add_solve_command(app);
    const Subcommand train = add_train_command(app);
    const Subcommand book = add_book_command(app);
    const Subcommand commands[] = {
        engine.gtp,   engine.gomocup, engine.nboard, engine.play, engine.perft,
        engine.bench, solve,          train,         book,
    };
    app.require_subcommand(0, 1);

    CLI11_PARSE(app, argc, argv);

    // The tools read none of the engine's options (their own come after their names): one
    // given to them would change nothing, silently.
    for (const Subcommand& tool : {solve, train, book}) {
        if (!*tool.app) continue;
        for (const CLI::Option* option : app.get_options()) {
            if (option->count() == 0 || option == app.get_help_ptr() ||
                option == app.get_version_ptr())
                continue;
            fmt::print(stderr,
                       "sente: {} is an option of the engine's commands (gtp, gomocup, nboard, "
                       "play, perft, bench), not of {}; see sente {} --help\n",
                       option->get_name(), tool.app->get_name(), tool.app->get_name());
            return 2;
        }
    }
    for (const Subcommand& command : commands) {
        if (*command.app) return command.run();
    }
    return engine.without_command(argc > 0 ? argv[0] : nullptr);
}

}  // namespace sente::cli
