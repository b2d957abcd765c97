#pragma once

// A board described for drawing: what stands on each point, what to mark, the labels around it
// and the notes beside it. Every game fills one (Session::board_view()); each front end draws it
// in its own style: plain_text() for GTP `showboard`, colours and Unicode in the terminal, and an
// embedder's GUI however it likes.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sente/types.hpp"

namespace sente {

struct BoardView {
    enum class Mark : std::uint8_t {
        none,
        legal,      // a legal move of the side to move (Reversi)
        forbidden,  // a point black may not play (renju)
        target,     // where the selected piece may go (Soldiers and Generals)
    };
    struct Cell {
        std::optional<Color> piece;  // whose piece stands here
        Mark mark = Mark::none;
        bool last = false;      // where the last move went
        bool selected = false;  // the piece whose moves are marked as targets
        std::string name;       // the point in the game's notation: "d3"
    };
    // How pieces look, for styled drawing: Othello discs on green baize, Go-like stones on a
    // wooden board, or lettered pieces on a chequered board.
    enum class Look : std::uint8_t { discs, stones, pieces };

    int columns = 0;
    int rows = 0;
    std::vector<std::string> column_labels;  // left to right
    std::vector<std::string> row_labels;     // top to bottom
    std::vector<Cell> cells;                 // row by row, the top row first
    // The letter of each side's pieces in plain text, indexed by Color: 'X' black, 'O' white
    // (Soldiers and Generals: 'S' soldiers, 'G' generals).
    std::array<char, 2> letters{'X', 'O'};
    Look look = Look::discs;
    // Lines shown beside the board from its top row down (those the rows cannot hold, below). A
    // note that starts with a side's letter and a space ("X black 12") is about that side's pieces:
    // styles may draw the piece.
    std::vector<std::string> notes;

    Cell& at(int row, int column) {
        return cells[static_cast<std::size_t>(row * columns + column)];
    }
    const Cell& at(int row, int column) const {
        return cells[static_cast<std::size_t>(row * columns + column)];
    }
    // The cell named `name`, or nullptr.
    Cell* find(std::string_view name);
};

// How draw() shows the parts of a board. The defaults are plain ASCII: pieces by their letters,
// '*' on marked points, '.' on empty ones, the last move in brackets "(X)".
class BoardStyle {
  public:
    virtual ~BoardStyle() = default;
    // One point, one column wide on screen.
    virtual std::string point(const BoardView& view, const BoardView::Cell& cell) const;
    // What stands between two points of a row, and before the first and after the last: ' ',
    // or '(' and ')' around the last move.
    virtual std::string gap(char gap) const { return std::string(1, gap); }
    // A row's points and gaps together (a style may give them a background).
    virtual std::string row(const std::string& points) const { return points; }
    // A note beside the board.
    virtual std::string note(const BoardView& /*view*/, const std::string& note) const {
        return note;
    }
};

// The board with its labels on all four sides and the notes to the right, in `style`.
std::string draw(const BoardView& view, const BoardStyle& style);
// draw() in the plain ASCII style: what GTP `showboard` prints.
std::string plain_text(const BoardView& view);

}  // namespace sente
