#pragma once

// `sente train gomoku-rebase`: position files of `sente train gomoku-selfplay` (or
// gomoku-import) with their built-in evaluation written again by this build. A network trained
// on the built-in evaluation corrects it (network.hpp, Network::on_built_in), so when that
// evaluation changes, the data's base must change with it before the network is trained again;
// gomoku-net-check refuses a file whose base another version wrote. Every other field of a line
// is kept as it is.

#include <iosfwd>
#include <string>
#include <vector>

namespace sente::tools {

struct GomokuRebaseOptions {
    std::vector<std::string> inputs;
    std::string output;
    std::string game = "gomoku";
};

// Returns 0, or 1 with a message on `err` (a line that is not a position stops it, with its file
// and line number).
int gomoku_rebase(const GomokuRebaseOptions& options, std::ostream& out, std::ostream& err);

}  // namespace sente::tools
