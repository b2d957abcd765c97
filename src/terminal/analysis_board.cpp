#include "terminal/analysis_board.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace sente::terminal {

namespace {

constexpr int kCellWidth = 6;
// Wider boards would not fit a terminal at six columns a point (15 points: 93 columns).
constexpr int kMaxColumns = 15;

// 256-colour foregrounds from the best move's green through yellow to the worst's red.
int rank_colour(std::size_t rank, std::size_t count) {
    constexpr int kScale[] = {46, 118, 190, 226, 220, 214, 208, 202, 196};
    constexpr std::size_t kSteps = std::size(kScale);
    if (count <= 1) return kScale[0];
    return kScale[rank * (kSteps - 1) / (count - 1)];
}
constexpr int kBoundColour = 244;

std::string centred(const std::string& text) {
    const int width = static_cast<int>(text.size());
    const int left = std::max((kCellWidth - width) / 2, 0);
    const int right = std::max(kCellWidth - width - left, 0);
    return std::string(static_cast<std::size_t>(left), ' ') + text +
           std::string(static_cast<std::size_t>(right), ' ');
}

}  // namespace

std::string draw_move_values(const BoardView& view, const std::vector<MoveValue>& lines,
                             bool point_moves, Look look) {
    if (!point_moves || view.columns == 0 || view.columns > kMaxColumns) return {};
    const bool colour = look == Look::colour;
    std::string out = "   ";
    for (const std::string& label : view.column_labels) out += centred(label);
    out += '\n';
    for (int row = 0; row < view.rows; ++row) {
        out += fmt::format("{:>2} ", view.row_labels[static_cast<std::size_t>(row)]);
        for (int column = 0; column < view.columns; ++column) {
            const BoardView::Cell& cell = view.at(row, column);
            const auto line = std::find_if(lines.begin(), lines.end(),
                                           [&](const MoveValue& v) { return v.move == cell.name; });
            if (line != lines.end()) {
                const std::string text = centred(line->label);
                const auto rank = static_cast<std::size_t>(line - lines.begin());
                const int hue = line->upper_bound ? kBoundColour : rank_colour(rank, lines.size());
                out += colour ? fmt::format("\033[{}38;5;{}m{}\033[0m", rank == 0 ? "1;" : "", hue,
                                            text)
                              : text;
            } else if (cell.piece) {
                out += centred(std::string(1, view.letters[static_cast<std::size_t>(*cell.piece)]));
            } else {
                out += centred(".");
            }
        }
        out += fmt::format(" {}\n", view.row_labels[static_cast<std::size_t>(row)]);
    }
    return out;
}

std::string list_move_values(const std::vector<MoveValue>& lines, std::size_t max_moves) {
    std::size_t width = 4;
    for (const MoveValue& line : lines) width = std::max(width, line.move.size());
    std::string out;
    for (const MoveValue& line : lines) {
        std::string pv;
        for (std::size_t i = 1; i < std::min(line.pv.size(), max_moves + 1); ++i) {
            pv += (pv.empty() ? "" : " ") + line.pv[i];
        }
        if (line.pv.size() > max_moves + 1) pv += " ...";
        out += fmt::format("  {:<{}}  {:>10}  {}\n", line.move, width, line.score_text, pv);
    }
    return out;
}

}  // namespace sente::terminal
