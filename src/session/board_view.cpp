#include "sente/board_view.hpp"

#include <fmt/format.h>

namespace sente {

BoardView::Cell* BoardView::find(std::string_view name) {
    for (Cell& cell : cells) {
        if (cell.name == name) return &cell;
    }
    return nullptr;
}

std::string plain_text(const BoardView& view) {
    std::string labels = "  ";
    for (const std::string& label : view.column_labels) labels += " " + label;

    std::string out = labels + '\n';
    for (int row = 0; row < view.rows; ++row) {
        out += fmt::format("{:>2}", view.row_labels[static_cast<std::size_t>(row)]);
        bool after_last = false;  // the previous cell's closing bracket replaces this separator
        for (int column = 0; column < view.columns; ++column) {
            const BoardView::Cell& cell = view.at(row, column);
            out += cell.last ? '(' : after_last ? ')' : ' ';
            if (cell.piece) {
                out += view.letters[static_cast<std::size_t>(*cell.piece)];
            } else {
                out += cell.mark == BoardView::Mark::none ? '.' : '*';
            }
            after_last = cell.last;
        }
        out += after_last ? ')' : ' ';
        out += view.row_labels[static_cast<std::size_t>(row)];
        const auto line = static_cast<std::size_t>(row);
        if (line < view.notes.size() && !view.notes[line].empty()) out += "   " + view.notes[line];
        out += '\n';
    }
    out += labels;
    return out;
}

}  // namespace sente
