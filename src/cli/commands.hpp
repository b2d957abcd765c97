#pragma once

// The tool commands, each registering its own options on the parent (the `sente` app) and
// returning how to run it once parsed.

#include "cli/subcommand.hpp"

namespace sente::cli {

Subcommand add_solve_command(CLI::App& parent);  // solve (cli/solve_command.cpp)
Subcommand add_train_command(CLI::App& parent);  // train and its subcommands (train_command.cpp)
Subcommand add_book_command(CLI::App& parent);   // book build, book show (book_command.cpp)

}  // namespace sente::cli
