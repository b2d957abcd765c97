#include "games/soldiers/notation.hpp"

#include <cctype>
#include <charconv>
#include <vector>

#include <fmt/format.h>

#include "text/text.hpp"

namespace sente::soldiers {

namespace {

std::string point_name(int point) {
    return fmt::format("{}{}", static_cast<char>('a' + file_of(point)), rank_of(point) + 1);
}

// A point "b2" at the front of `text`, consumed; -1 when there is none, -2 when it is off the
// 8x8 grid.
int take_point(std::string_view& text) {
    if (text.size() < 2) return -1;
    const char file = text::lower(text[0]);
    if (file < 'a' || file > 'z' || !std::isdigit(static_cast<unsigned char>(text[1]))) return -1;
    std::size_t digits = 1;
    if (text.size() > 2 && std::isdigit(static_cast<unsigned char>(text[2]))) digits = 2;
    int rank = 0;
    for (std::size_t i = 0; i < digits; ++i) rank = rank * 10 + (text[1 + i] - '0');
    text.remove_prefix(1 + digits);
    if (file > 'h' || rank < 1 || rank > kMaxSize) return -2;
    return point_at(file - 'a', rank - 1);
}

}  // namespace

std::string format_move(Move move) {
    if (move.is_none()) return "none";
    return fmt::format("{}{}{}", point_name(move.from), move.is_capture() ? 'x' : '-',
                       point_name(move.to));
}

Result<Move> parse_move(std::string_view text) {
    const auto bad_syntax = [&] {
        return make_error(ErrorCode::syntax_error,
                          fmt::format("'{}' is not a move: expected a step like b2-b3 or a "
                                      "capture like b2xb4",
                                      text));
    };
    std::string_view rest = text;
    const int from = take_point(rest);
    if (from == -1) return bad_syntax();
    char kind = 0;
    if (!rest.empty() && (rest[0] == '-' || text::lower(rest[0]) == 'x')) {
        kind = text::lower(rest[0]);
        rest.remove_prefix(1);
    }
    const int to = take_point(rest);
    if (to == -1 || !rest.empty()) return bad_syntax();
    if (from == -2 || to == -2) {
        return make_error(ErrorCode::illegal_move, fmt::format("{} leaves the board", text));
    }
    const Move move{static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to)};
    const int files = file_of(to) - file_of(from);
    const int ranks = rank_of(to) - rank_of(from);
    const int distance = std::abs(files) + std::abs(ranks);
    if ((files != 0 && ranks != 0) || distance == 0 || distance > 2) {
        return make_error(ErrorCode::illegal_move,
                          fmt::format("{}: pieces move one point, or capture two points, in a "
                                      "straight line along a rank or a file",
                                      text));
    }
    if (kind == '-' && distance != 1) {
        return make_error(ErrorCode::illegal_move,
                          fmt::format("{}: a step moves one point (a capture is written {})", text,
                                      format_move(move)));
    }
    if (kind == 'x' && distance != 2) {
        return make_error(ErrorCode::illegal_move,
                          fmt::format("{}: a capture moves two points (a step is written {})", text,
                                      format_move(move)));
    }
    return move;
}

Result<void> check_move(const Position& pos, Move move) {
    const auto illegal = [&](std::string_view why) {
        return make_error(ErrorCode::illegal_move, fmt::format("{}: {}", format_move(move), why));
    };
    switch (status(pos)) {
        case Status::playing:
            break;
        default:
            return make_error(ErrorCode::illegal_move, "the game is over");
    }
    if (!(pos.board & point_bit(move.from)) || !(pos.board & point_bit(move.to))) {
        return illegal(fmt::format("not on the {}x{} board", pos.size, pos.size));
    }
    const bool generals = pos.side == kGenerals;
    if (!(pos.pieces_to_move() & point_bit(move.from))) {
        return illegal(fmt::format("there is no {} on {}", generals ? "general" : "soldier",
                                   point_name(move.from)));
    }
    if (move.is_capture()) {
        if (!generals) return illegal("soldiers do not capture");
        const int middle = (move.from + move.to) / 2;
        if (!(pos.empty() & point_bit(middle))) {
            return illegal(fmt::format("a capture jumps over an empty point, and {} is not empty",
                                       point_name(middle)));
        }
        if (!(pos.soldiers & point_bit(move.to))) {
            return illegal(fmt::format("there is no soldier on {}", point_name(move.to)));
        }
        return {};
    }
    if (!(pos.empty() & point_bit(move.to))) {
        return illegal(fmt::format("{} is not empty", point_name(move.to)));
    }
    return {};
}

std::string format_position(const Position& pos) {
    std::string text;
    for (int rank = pos.size - 1; rank >= 0; --rank) {
        int run = 0;
        for (int file = 0; file < pos.size; ++file) {
            const Bitboard bit = point_bit(point_at(file, rank));
            const char piece = (pos.generals & bit) ? 'G' : (pos.soldiers & bit) ? 'S' : 0;
            if (piece == 0) {
                ++run;
                continue;
            }
            if (run > 0) text += static_cast<char>('0' + run);
            run = 0;
            text += piece;
        }
        if (run > 0) text += static_cast<char>('0' + run);
        if (rank > 0) text += '/';
    }
    return fmt::format("{} {} {} {}", text, pos.side == kGenerals ? 'g' : 's', pos.quiet_plies,
                       pos.move_number);
}

Result<Position> parse_position(std::string_view text) {
    const auto bad = [](std::string why) {
        return make_error(
            ErrorCode::syntax_error,
            fmt::format("{} (expected a position like SSSSS/SSSSS/5/1G1G1/5 g 0 1)", why));
    };
    const std::vector<std::string_view> words = sente::text::split_words(text);
    if (words.size() < 2 || words.size() > 4) return bad("wrong number of fields");

    std::vector<std::string_view> ranks;
    for (std::string_view rest = words[0];;) {
        const auto slash = rest.find('/');
        ranks.push_back(rest.substr(0, slash));
        if (slash == std::string_view::npos) break;
        rest.remove_prefix(slash + 1);
    }
    const int size = static_cast<int>(ranks.size());
    if (size < kMinSize || size > kMaxSize) {
        return make_error(ErrorCode::unacceptable_size,
                          fmt::format("{} ranks: boards are 5x5 to 8x8", size));
    }
    Position pos = start_position(size);
    pos.generals = 0;
    pos.soldiers = 0;
    for (int row = 0; row < size; ++row) {
        const int rank = size - 1 - row;
        int file = 0;
        for (const char c : ranks[row]) {
            if (c >= '1' && c <= '8') {
                file += c - '0';
            } else if (c == 'G' || c == 'g' || c == 'S' || c == 's') {
                if (file < size) {
                    const Bitboard bit = point_bit(point_at(file, rank));
                    (text::lower(c) == 'g' ? pos.generals : pos.soldiers) |= bit;
                }
                ++file;
            } else {
                return bad(fmt::format("'{}' in rank {}", c, rank + 1));
            }
            if (file > size) break;
        }
        if (file != size) {
            return bad(fmt::format("rank {} has {} points, not {}", rank + 1, file, size));
        }
    }

    const std::string_view side = words[1];
    if (side == "g" || side == "G" || side == "w" || side == "W") {
        pos.side = kGenerals;
    } else if (side == "s" || side == "S" || side == "b" || side == "B") {
        pos.side = kSoldiers;
    } else {
        return bad(fmt::format("side to move '{}': g or s", side));
    }
    const auto number = [](std::string_view word, int low, int high) -> std::optional<int> {
        int value = 0;
        const auto [end, error] = std::from_chars(word.data(), word.data() + word.size(), value);
        if (error != std::errc{} || end != word.data() + word.size() || value < low ||
            value > high) {
            return std::nullopt;
        }
        return value;
    };
    if (words.size() >= 3) {
        const auto quiet = number(words[2], 0, kQuietPlyLimit);
        if (!quiet) return bad(fmt::format("plies since a capture '{}': 0 to 100", words[2]));
        pos.quiet_plies = static_cast<std::uint8_t>(*quiet);
    }
    if (words.size() == 4) {
        const auto move_number = number(words[3], 1, 9999);
        if (!move_number) return bad(fmt::format("move number '{}': 1 to 9999", words[3]));
        pos.move_number = static_cast<std::uint16_t>(*move_number);
    }
    return pos;
}

std::string board_rows(const Position& pos) {
    std::string rows;
    for (int rank = pos.size - 1; rank >= 0; --rank) {
        for (int file = 0; file < pos.size; ++file) {
            const Bitboard bit = point_bit(point_at(file, rank));
            rows += (pos.soldiers & bit) ? 'X' : (pos.generals & bit) ? 'O' : '.';
        }
        if (rank > 0) rows += '\n';
    }
    return rows;
}

BoardView board_view(const Position& pos, Move last_move) {
    const Outcome result = outcome(pos);
    BoardView view;
    view.columns = pos.size;
    view.rows = pos.size;
    view.look = BoardView::Look::pieces;
    view.letters[static_cast<std::size_t>(kSoldiers)] = 'S';
    view.letters[static_cast<std::size_t>(kGenerals)] = 'G';
    for (int file = 0; file < pos.size; ++file) {
        view.column_labels.emplace_back(1, static_cast<char>('a' + file));
    }
    const int last = last_move.is_none() ? -1 : last_move.to;
    for (int rank = pos.size - 1; rank >= 0; --rank) {
        view.row_labels.push_back(std::to_string(rank + 1));
        for (int file = 0; file < pos.size; ++file) {
            const int point = point_at(file, rank);
            const Bitboard bit = point_bit(point);
            BoardView::Cell cell;
            if (pos.generals & bit) cell.piece = kGenerals;
            if (pos.soldiers & bit) cell.piece = kSoldiers;
            cell.last = point == last;
            cell.name = point_name(point);
            view.cells.push_back(std::move(cell));
        }
    }

    std::string side_note;
    if (result.over) {
        side_note = fmt::format("Game over: {}", !result.winner                ? "draw"
                                                 : *result.winner == kGenerals ? "generals win"
                                                                               : "soldiers win");
    } else {
        side_note = fmt::format("{} to move", pos.side == kGenerals ? "generals" : "soldiers");
    }
    view.notes = {
        fmt::format("G generals {}", popcount(pos.generals)),
        fmt::format("S soldiers {}", popcount(pos.soldiers)),
        side_note,
        fmt::format("move {}, {} of {} plies without capture", pos.move_number, pos.quiet_plies,
                    kQuietPlyLimit),
        last_move.is_none() ? std::string{} : fmt::format("last move {}", format_move(last_move)),
    };
    return view;
}

}  // namespace sente::soldiers
