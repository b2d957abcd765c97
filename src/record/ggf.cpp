#include "record/ggf.hpp"

#include <cctype>
#include <charconv>

#include <fmt/format.h>

namespace sente::record {

namespace {

Error bad_game(std::string message) {
    return make_error(ErrorCode::syntax_error, "GGF: " + std::move(message));
}

// Seconds in "[[h:]m:]s" (fractions allowed in the last part), or nothing.
std::optional<double> parse_clock(std::string_view text) {
    double total = 0;
    while (!text.empty()) {
        const std::size_t colon = text.find(':');
        const std::string_view part = text.substr(0, colon);
        double value = 0;
        const auto [end, error] = std::from_chars(part.data(), part.data() + part.size(), value);
        if (error != std::errc{} || end != part.data() + part.size() || value < 0) {
            return std::nullopt;
        }
        total = total * 60 + value;
        if (colon == std::string_view::npos) break;
        text.remove_prefix(colon + 1);
    }
    return total;
}

}  // namespace

std::optional<GgfMove> parse_move_item(std::string_view text) {
    GgfMove item;
    const std::size_t slash = text.find('/');
    item.move = from_ggf_move(text.substr(0, slash));
    if (item.move.empty()) return std::nullopt;
    if (slash != std::string_view::npos) {
        // The evaluation is the other engine's business; the time counts on the clock.
        const std::string_view rest = text.substr(slash + 1);
        const std::size_t second = rest.find('/');
        if (second != std::string_view::npos) {
            item.seconds = parse_clock(rest.substr(second + 1)).value_or(0);
        }
    }
    return item;
}

std::string ggf_move(std::string_view move) {
    if (move == "pass") return "PA";
    std::string out(move);
    for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return out;
}

std::string from_ggf_move(std::string_view move) {
    if (move.size() != 2) return {};
    const char column = static_cast<char>(std::tolower(static_cast<unsigned char>(move[0])));
    const char row = move[1];
    if ((column == 'p' && (row == 'a' || row == 'A'))) return "pass";
    if (column < 'a' || column > 'h' || row < '1' || row > '8') return {};
    return std::string{column, row};
}

Result<GgfGame> parse_ggf(std::string_view text) {
    const std::size_t open = text.find("(;");
    const std::size_t close = text.rfind(";)");
    if (open == std::string_view::npos || close == std::string_view::npos || close < open) {
        return bad_game("a game is written (; ... ;)");
    }
    std::string_view body = text.substr(open + 2, close - open - 2);
    GgfGame game;
    bool board_seen = false;
    while (true) {
        const std::size_t start = body.find_first_not_of(" \t\r\n");
        if (start == std::string_view::npos) break;
        body.remove_prefix(start);
        const std::size_t bracket = body.find('[');
        const std::size_t end = body.find(']');
        if (bracket == std::string_view::npos || end == std::string_view::npos || end < bracket) {
            return bad_game(fmt::format("expected KEY[VALUE] at '{}'", body.substr(0, 20)));
        }
        const std::string_view key = body.substr(0, bracket);
        const std::string_view value = body.substr(bracket + 1, end - bracket - 1);
        body.remove_prefix(end + 1);
        if (key == "BO") {
            // "8 <64 squares> <side>"
            if (!value.starts_with("8 ")) return bad_game("only 8x8 boards (BO[8 ...])");
            game.start = std::string(value.substr(2));
            board_seen = true;
        } else if (key == "TY") {
            if (!value.starts_with('8')) return bad_game(fmt::format("board type {}", value));
        } else if (key == "TI" || key == "TB" || key == "TW") {
            // The time itself; an increment and a grace period may follow after slashes.
            const auto seconds = parse_clock(value.substr(0, value.find('/')));
            if (seconds && *seconds > 0) {
                const Milliseconds time{static_cast<long long>(*seconds * 1000)};
                if (key != "TW") game.clock[static_cast<std::size_t>(Color::black)] = time;
                if (key != "TB") game.clock[static_cast<std::size_t>(Color::white)] = time;
            }
        } else if (key == "B" || key == "W") {
            auto move = parse_move_item(value);
            if (!move) return bad_game(fmt::format("move '{}' is not a square or PA", value));
            move->color = key == "B" ? Color::black : Color::white;
            game.moves.push_back(std::move(*move));
        }
        // GM, PC, DT, PB, PW, RE, KB, KW, ...: nothing sente needs.
    }
    if (!board_seen) return bad_game("no start position (BO[...])");
    return game;
}

}  // namespace sente::record
