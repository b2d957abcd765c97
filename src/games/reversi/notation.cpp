#include "games/reversi/notation.hpp"

#include <fmt/format.h>

#include <cctype>

#include "text/text.hpp"

namespace sente::reversi {

namespace {

// Othello rows count from the top; GoGui draws row 1 at the bottom.
int row_label(int row, Orientation orientation) {
    return orientation == Orientation::gogui ? 8 - row : row + 1;
}

int row_from_label(int label, Orientation orientation) {
    return orientation == Orientation::gogui ? 8 - label : label - 1;
}

}  // namespace

std::string format_move(Move move, Orientation orientation) {
    if (move.is_pass()) return "pass";
    if (move.is_none()) return "none";
    const int col = move.square % 8;
    const int row = move.square / 8;
    return fmt::format("{}{}", static_cast<char>('a' + col), row_label(row, orientation));
}

Result<Move> parse_move(std::string_view text, Orientation orientation) {
    if (text::iequals(text, "pass")) return Move::pass();
    const auto bad_syntax = [&] {
        return make_error(
            ErrorCode::syntax_error,
            fmt::format("'{}' is not a move: expected a square like d3, or pass", text));
    };
    if (text.size() < 2 || text.size() > 3) return bad_syntax();
    const char file = text::lower(text[0]);
    if (file < 'a' || file > 'z') return bad_syntax();
    int label = 0;
    for (char c : text.substr(1)) {
        if (!std::isdigit(static_cast<unsigned char>(c))) return bad_syntax();
        label = label * 10 + (c - '0');
    }
    if (file > 'h' || label < 1 || label > 8) {
        return make_error(ErrorCode::illegal_move,
                          fmt::format("{} is off the 8x8 board (a1-h8)", text));
    }
    return Move::at(row_from_label(label, orientation) * 8 + (file - 'a'));
}

std::string format_position(const Position& pos) {
    std::string text;
    text.reserve(66);
    const Bitboard black = pos.discs_of(Color::black);
    const Bitboard white = pos.discs_of(Color::white);
    for (int sq = 0; sq < kSquares; ++sq) {
        const Bitboard bit = square_bit(sq);
        text += (black & bit) ? 'X' : (white & bit) ? 'O' : '-';
    }
    text += ' ';
    text += pos.side == Color::black ? 'X' : 'O';
    return text;
}

Result<Position> parse_position(std::string_view text) {
    if (const auto semicolon = text.find(';'); semicolon != std::string_view::npos) {
        text = text.substr(0, semicolon);
    }
    text = text::trim(text);
    if (text.size() < 66) {
        return make_error(ErrorCode::syntax_error,
                          "a position is 64 squares (X, O or -) followed by the side to move");
    }
    Bitboard black = 0;
    Bitboard white = 0;
    for (int sq = 0; sq < kSquares; ++sq) {
        switch (text[sq]) {
            case 'X':
            case 'x':
            case '*':
                black |= square_bit(sq);
                break;
            case 'O':
            case 'o':
                white |= square_bit(sq);
                break;
            case '-':
            case '.':
                break;
            default:
                return make_error(ErrorCode::syntax_error,
                                  fmt::format("square {} is '{}': expected X, O, - or .",
                                              format_move(Move::at(sq)), text[sq]));
        }
    }
    const std::string_view side = text::trim(text.substr(kSquares));
    Color to_move;
    if (text::iequals(side, "X") || text::iequals(side, "black") || side == "*") {
        to_move = Color::black;
    } else if (text::iequals(side, "O") || text::iequals(side, "white")) {
        to_move = Color::white;
    } else {
        return make_error(ErrorCode::syntax_error,
                          fmt::format("side to move '{}': expected X or O", side));
    }
    Position pos;
    pos.side = to_move;
    pos.player = to_move == Color::black ? black : white;
    pos.opponent = to_move == Color::black ? white : black;
    return pos;
}

std::string board_rows(const Position& pos) {
    const Bitboard black = pos.discs_of(Color::black);
    const Bitboard white = pos.discs_of(Color::white);
    std::string rows;
    for (int row = 0; row < 8; ++row) {
        for (int col = 0; col < 8; ++col) {
            const Bitboard bit = square_bit(row * 8 + col);
            rows += (black & bit) ? 'X' : (white & bit) ? 'O' : '.';
        }
        if (row < 7) rows += '\n';
    }
    return rows;
}

BoardView board_view(const Position& pos, Move last_move, Orientation orientation) {
    const Bitboard black = pos.discs_of(Color::black);
    const Bitboard white = pos.discs_of(Color::white);
    const Bitboard moves = legal_moves(pos);
    const Outcome result = outcome(pos);

    BoardView view;
    view.columns = 8;
    view.rows = 8;
    view.look = BoardView::Look::discs;
    for (int col = 0; col < 8; ++col)
        view.column_labels.emplace_back(1, static_cast<char>('a' + col));
    for (int row = 0; row < 8; ++row)
        view.row_labels.push_back(std::to_string(row_label(row, orientation)));
    const int last = last_move.is_none() || last_move.is_pass() ? -1 : last_move.square;
    for (int sq = 0; sq < 64; ++sq) {
        const Bitboard bit = square_bit(sq);
        BoardView::Cell cell;
        if (black & bit) cell.piece = Color::black;
        if (white & bit) cell.piece = Color::white;
        if (moves & bit) cell.mark = BoardView::Mark::legal;
        cell.last = sq == last;
        cell.name = format_move(Move::at(sq), orientation);
        view.cells.push_back(std::move(cell));
    }

    std::string side_note;
    if (result.over) {
        side_note = fmt::format("Game over: {}", result_text(result));
    } else if (moves == 0) {
        side_note = fmt::format("{} to move (must pass)", to_string(pos.side));
    } else {
        side_note = fmt::format("{} to move", to_string(pos.side));
    }
    view.notes = {
        fmt::format("X black {:2}", popcount(black)),
        fmt::format("O white {:2}", popcount(white)),
        side_note,
        // Othello counts moves by discs: passes do not count.
        result.over ? std::string{} : fmt::format("move {}", popcount(black | white) - 3),
        last_move.is_none() ? std::string{}
                            : fmt::format("last move {}", format_move(last_move, orientation)),
    };
    return view;
}

}  // namespace sente::reversi
