#pragma once

// A subcommand that registers its own options (beside its code) and runs once parsed: main.cpp
// only dispatches to the one the command line chose.

#include <functional>

namespace CLI {
class App;
}

namespace sente::cli {

struct Subcommand {
    CLI::App* app = nullptr;   // chosen when *app is true after parsing
    std::function<int()> run;  // runs it with the parsed options; the exit status
};

}  // namespace sente::cli
