#pragma once

// The commands that run an engine: gtp, gomocup, nboard, play, perft and bench, each with the
// engine's options, and what a bare `sente` does (a pbrain-* name speaks Gomocup; at a terminal it
// plays; on a pipe it picks the protocol from the first line).

#include <functional>

#include "cli/engine_options.hpp"
#include "cli/subcommand.hpp"

namespace sente::cli {

struct EngineCommands {
    Subcommand gtp, gomocup, nboard, play, perft, bench;
    std::function<int(const char* argv0)> without_command;
};

// Registers the commands on `app`; `app` and `options` must outlive the returned commands.
EngineCommands add_engine_commands(CLI::App& app, EngineOptions& options);

}  // namespace sente::cli
