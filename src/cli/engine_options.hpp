#pragma once

// The engine's options, shared by the commands that run one (gtp, gomocup, play, perft, bench and
// the bare command): they work before or after the command, and every --help lists them.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "sente/session.hpp"

namespace CLI {
class App;
}

namespace sente::cli {

struct EngineOptions {
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
    std::string network_file;
    double book_variety = 0;  // discs
    bool no_book = false;
    std::uint64_t seed = 0;
};

void add_engine_options(CLI::App& app, EngineOptions& options);

// Builds the session the options describe, or explains on stderr why it cannot.
std::optional<Session> make_session(const EngineOptions& options);

}  // namespace sente::cli
