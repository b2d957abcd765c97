#include "sente/board_view.hpp"

#include <fmt/format.h>

namespace sente {

BoardView::Cell* BoardView::find(std::string_view name) {
    for (Cell& cell : cells) {
        if (cell.name == name) return &cell;
    }
    return nullptr;
}

std::string BoardStyle::point(const BoardView& view, const BoardView::Cell& cell) const {
    if (cell.piece) return std::string(1, view.letters[static_cast<std::size_t>(*cell.piece)]);
    return cell.mark == BoardView::Mark::none ? "." : "*";
}

std::string draw(const BoardView& view, const BoardStyle& style) {
    std::string labels = "  ";
    for (const std::string& label : view.column_labels) labels += " " + label;

    std::string out = labels + '\n';
    for (int row = 0; row < view.rows; ++row) {
        const std::string& row_label = view.row_labels[static_cast<std::size_t>(row)];
        std::string points;
        bool after_last = false;  // the previous point's closing bracket takes this gap
        for (int column = 0; column < view.columns; ++column) {
            const BoardView::Cell& cell = view.at(row, column);
            points += style.gap(cell.last ? '(' : after_last ? ')' : ' ');
            points += style.point(view, cell);
            after_last = cell.last;
        }
        points += style.gap(after_last ? ')' : ' ');
        out += fmt::format("{:>2}{}{}", row_label, style.row(points), row_label);
        const auto line = static_cast<std::size_t>(row);
        if (line < view.notes.size() && !view.notes[line].empty()) {
            out += "   " + style.note(view, view.notes[line]);
        }
        out += '\n';
    }
    out += labels;
    // Notes the rows could not hold go below, in the same column.
    const std::string indent(labels.size() + 3, ' ');
    for (auto line = static_cast<std::size_t>(view.rows); line < view.notes.size(); ++line) {
        if (!view.notes[line].empty()) out += '\n' + indent + style.note(view, view.notes[line]);
    }
    return out;
}

std::string plain_text(const BoardView& view) { return draw(view, BoardStyle{}); }

}  // namespace sente
