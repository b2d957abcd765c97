#pragma once

// `sente bench`: a fixed-depth search of each of the game's bench positions, with a node-count
// signature that changes whenever the search's behaviour does (single-threaded it is
// deterministic), and `sente perft`.

#include <iosfwd>
#include <span>
#include <string>
#include <vector>

#include "sente/result.hpp"
#include "sente/session.hpp"

namespace sente::tools {

// Searches every bench position of the session's game (or `positions`, when given, in the
// game's position text) to `depth` plies (0: the game's bench depth) and prints one row each and
// a total. Returns the exit status.
int bench(Session& session, int depth, std::ostream& out,
          std::span<const std::string> positions = {});

// The positions of a bench file: one a line; blank lines and '#' comments skipped.
Result<std::vector<std::string>> read_bench_positions(const std::string& path);

// Prints the perft counts of the current position for depths 1..max_depth.
int perft(Session& session, int max_depth, std::ostream& out);

}  // namespace sente::tools
