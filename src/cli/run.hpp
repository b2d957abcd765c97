#pragma once

// The whole program behind main(): the command line's commands and their options.

namespace sente::cli {

// Parses the command line and runs the command it names; the process's exit status.
int run(int argc, char** argv);

}  // namespace sente::cli
