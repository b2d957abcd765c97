#include "terminal/menu.hpp"

#include <istream>
#include <ostream>
#include <string>
#include <string_view>

#include <fmt/format.h>

#include "text/text.hpp"

namespace sente::terminal {

namespace {

// Asks until the answer is a number from `low` to `high` or empty (the default). Nothing when
// input ends.
std::optional<int> ask_number(std::istream& in, std::ostream& out, const std::string& question,
                              int low, int high, int fallback) {
    for (;;) {
        out << fmt::format("{} [{}]: ", question, fallback);
        out.flush();
        std::string line;
        if (!std::getline(in, line)) return std::nullopt;
        const std::string_view answer = text::trim(line);
        if (answer.empty()) return fallback;
        if (const auto number = text::parse_integer(answer, low, high))
            return static_cast<int>(*number);
        out << fmt::format("Please answer with a number from {} to {}.\n", low, high);
    }
}

}  // namespace

std::optional<Seats> ask_setup(Session& session, Seats default_seats, std::istream& in,
                               std::ostream& out) {
    const auto games = Session::games();
    out << "Which game?\n";
    int current = 1;
    for (std::size_t i = 0; i < games.size(); ++i) {
        out << fmt::format("  {}  {}\n", i + 1, games[i].title);
        if (games[i].id == session.game().id) current = static_cast<int>(i) + 1;
    }
    const auto game = ask_number(in, out, "Game", 1, static_cast<int>(games.size()), current);
    if (!game) return std::nullopt;
    const GameInfo& info = games[static_cast<std::size_t>(*game - 1)];
    int size = info.default_size;
    if (info.min_size != info.max_size) {
        const auto chosen =
            ask_number(in, out, fmt::format("Board size, {} to {}", info.min_size, info.max_size),
                       info.min_size, info.max_size, info.default_size);
        if (!chosen) return std::nullopt;
        size = *chosen;
    }
    // Both come from the menu's own lists, so neither can fail.
    (void)session.select_game(info.id, size);

    out << fmt::format("sente's level, 1 (weakest) to {} (full strength):", info.level_count);
    for (int level = 1; level <= info.level_count; ++level) {
        out << fmt::format("{}{} {}", level == 1 ? " " : ", ", level, session.level_name(level));
    }
    out << '\n';
    const auto level = ask_number(in, out, "Level", 1, info.level_count, session.level());
    if (!level) return std::nullopt;
    (void)session.set_level(*level);

    const Color first = session.side_to_move();  // of the new game
    out << fmt::format(
        "Who plays?\n  1  you play {}{}\n  2  you play {}{}\n  3  two people on this "
        "terminal\n  4  sente against itself (watch)\n",
        info.side_name(Color::black), first == Color::black ? " (you move first)" : "",
        info.side_name(Color::white), first == Color::white ? " (you move first)" : "");
    const auto seats = ask_number(in, out, "Seats", 1, 4, static_cast<int>(default_seats) + 1);
    if (!seats) return std::nullopt;
    return static_cast<Seats>(*seats - 1);
}

}  // namespace sente::terminal
