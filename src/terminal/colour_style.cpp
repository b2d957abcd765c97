#include "terminal/colour_style.hpp"

#include <cstdlib>
#include <string_view>

#include <fmt/format.h>

#include "platform/platform.hpp"

namespace sente::terminal {

namespace {

// 256-colour SGR sequences: every terminal emulator in use today understands them.
std::string foreground(int colour) { return fmt::format("\033[38;5;{}m", colour); }
std::string background(int colour) { return fmt::format("\033[48;5;{}m", colour); }
constexpr std::string_view kBold = "\033[1m";
constexpr std::string_view kReset = "\033[0m";

// One palette per look of the games: Othello's green baize, a wooden Gomoku board, a grey
// board for the lettered pieces of Soldiers and Generals.
struct Palette {
    int board;                   // background
    int empty;                   // the dot of an empty point
    int piece[2];                // indexed by Color
    const char* piece_glyph[2];  // one column wide each
    int mark;                    // legal moves and targets
    const char* mark_glyph;
};

constexpr Palette kDiscs{28, 22, {16, 231}, {"●", "●"}, 220, "·"};
constexpr Palette kStones{179, 94, {16, 231}, {"●", "●"}, 28, "·"};
constexpr Palette kPieces{250, 244, {19, 124}, {"S", "G"}, 28, "∘"};
constexpr int kLastMove = 196;   // the brackets around the last move
constexpr int kForbidden = 160;  // renju fouls
constexpr int kCapture = 210;    // the ground of a piece the selected piece can capture
constexpr std::string_view kForbiddenGlyph = "×";

const Palette& palette_of(const BoardView& view) {
    switch (view.look) {
        case BoardView::Look::discs:
            return kDiscs;
        case BoardView::Look::stones:
            return kStones;
        case BoardView::Look::pieces:
            return kPieces;
    }
    return kDiscs;
}

class ColourStyle final : public BoardStyle {
  public:
    explicit ColourStyle(const BoardView& view) : palette_(palette_of(view)) {}

    std::string point(const BoardView& view, const BoardView::Cell& cell) const override {
        if (cell.piece) {
            const auto side = static_cast<std::size_t>(*cell.piece);
            // Soldiers and Generals keep their letters, which say what the pieces are.
            const std::string_view glyph = view.look == BoardView::Look::pieces
                                               ? std::string_view(&view.letters[side], 1)
                                               : palette_.piece_glyph[side];
            // The selected piece in reverse video; a piece it can capture on a red ground.
            const std::string ground = cell.selected                          ? "\033[7m"
                                       : cell.mark == BoardView::Mark::target ? background(kCapture)
                                                                              : "";
            const std::string restore = cell.mark == BoardView::Mark::target && !cell.selected
                                            ? background(palette_.board)
                                            : "";
            return fmt::format("{}{}{}{}\033[27;22m{}", kBold, ground,
                               foreground(palette_.piece[side]), glyph, restore);
        }
        switch (cell.mark) {
            case BoardView::Mark::none:
                return foreground(palette_.empty) + "·";
            case BoardView::Mark::legal:
            case BoardView::Mark::target:
                return fmt::format("{}{}", foreground(palette_.mark), palette_.mark_glyph);
            case BoardView::Mark::forbidden:
                return fmt::format("{}{}", foreground(kForbidden), kForbiddenGlyph);
        }
        return " ";
    }

    std::string gap(char gap) const override {
        if (gap == ' ') return " ";
        return fmt::format("{}{}{}\033[22m", kBold, foreground(kLastMove), gap);
    }

    std::string row(const std::string& points) const override {
        return fmt::format("{}{}{}", background(palette_.board), points, kReset);
    }

    // "X black 12" shows the disc instead of the letter.
    std::string note(const BoardView& view, const std::string& note) const override {
        for (const std::size_t side : {0u, 1u}) {
            if (note.size() > 2 && note[0] == view.letters[side] && note[1] == ' ') {
                return fmt::format("{}{}{} {}", background(palette_.board),
                                   point(view, piece_of(side)), kReset, note.substr(2));
            }
        }
        return note;
    }

  private:
    static BoardView::Cell piece_of(std::size_t side) {
        BoardView::Cell cell;
        cell.piece = static_cast<Color>(side);
        return cell;
    }

    const Palette& palette_;
};

}  // namespace

Look detect_look() {
    if (!platform::is_terminal(platform::StandardStream::output)) return Look::plain;
    const char* no_colour = std::getenv("NO_COLOR");
    if (no_colour != nullptr && *no_colour != '\0') return Look::plain;
    const char* term = std::getenv("TERM");
    if (term == nullptr || std::string_view(term) == "dumb") return Look::plain;
    return Look::colour;
}

std::string draw_board(const BoardView& view, Look look) {
    if (look == Look::plain) return plain_text(view);
    return draw(view, ColourStyle(view));
}

}  // namespace sente::terminal
