#pragma once

// Labelled Othello position files: one "BOARD SIDE LABEL" line a position, as `train selfplay`,
// `train wthor` and `train relabel` write them and every other training tool reads them.

#include <cstddef>
#include <functional>
#include <span>
#include <string>
#include <string_view>

#include "games/reversi/position.hpp"
#include "sente/result.hpp"

namespace sente::tools {

struct LabelledPosition {
    reversi::Position position;
    int label = 0;  // final disc difference for the side to move
};
Result<LabelledPosition> parse_labelled_line(std::string_view line);

// What a reader does with a line that does not parse: stop there (the tools that would
// otherwise train on, or write, a silently shortened file) or pass over it and count it.
enum class BadLines { stop, skip };

// Reads the files in turn, giving `visit` every position with its label and the line it came
// from (blank lines are passed over). Returns how many lines were skipped, or the first error:
// "cannot read PATH", or with BadLines::stop "PATH:LINE: reason".
Result<std::size_t> read_labelled_files(
    std::span<const std::string> paths, BadLines bad_lines,
    const std::function<void(const LabelledPosition&, std::string_view line)>& visit);

}  // namespace sente::tools
