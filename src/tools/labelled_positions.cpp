#include "tools/labelled_positions.hpp"

#include <fmt/format.h>

#include <fstream>
#include <sstream>

#include "games/reversi/notation.hpp"

namespace sente::tools {

Result<LabelledPosition> parse_labelled_line(std::string_view line) {
    std::istringstream fields{std::string(line)};
    std::string board, side, rest;
    int label = 0;
    if (!(fields >> board >> side >> label) || (fields >> rest))
        return make_error(ErrorCode::syntax_error, "not BOARD SIDE LABEL");
    // A label is a final disc difference: another engine's value beyond the board (NTest
    // reports some won positions past 64) would otherwise be clamped by one tool and read
    // as it is by another.
    if (label < -64 || label > 64)
        return make_error(ErrorCode::invalid_argument,
                          fmt::format("label {} is not a disc difference (-64 to 64)", label));
    auto pos = reversi::parse_position(board + " " + side);
    if (!pos) return pos.error();
    return LabelledPosition{*pos, label};
}

Result<std::size_t> read_labelled_files(
    std::span<const std::string> paths, BadLines bad_lines,
    const std::function<void(const LabelledPosition&, std::string_view line)>& visit) {
    std::size_t skipped = 0;
    for (const std::string& path : paths) {
        std::ifstream file(path);
        if (!file)
            return make_error(ErrorCode::invalid_argument, fmt::format("cannot read {}", path));
        std::string line;
        for (int number = 1; std::getline(file, line); ++number) {
            if (line.empty()) continue;
            const auto labelled = parse_labelled_line(line);
            if (labelled) {
                visit(*labelled, line);
            } else if (bad_lines == BadLines::skip) {
                ++skipped;
            } else {
                return make_error(labelled.error().code,
                                  fmt::format("{}:{}: {}", path, number, labelled.error().message));
            }
        }
    }
    return skipped;
}

}  // namespace sente::tools
