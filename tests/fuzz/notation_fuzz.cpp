// Fuzz target: every text parser of the games (Gomoku under each of its rules). The first line of
// the input is read as a position of each game, the other lines as moves. Whatever parses must
// print back as text that parses to the same thing, and a move that check_move accepts must be
// playable.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_check.hpp"
#include "games/gomoku/game.hpp"
#include "games/reversi/game.hpp"
#include "games/soldiers/game.hpp"

namespace {

std::vector<std::string_view> split_lines(std::string_view text) {
    std::vector<std::string_view> lines;
    while (true) {
        const std::size_t end = text.find('\n');
        lines.push_back(text.substr(0, end));
        if (end == std::string_view::npos) return lines;
        text.remove_prefix(end + 1);
    }
}

void reversi_texts(const std::vector<std::string_view>& lines) {
    namespace r = sente::reversi;
    auto pos = r::parse_position(lines[0]);
    if (pos) {
        const std::string text = r::format_position(*pos);
        auto again = r::parse_position(text);
        FUZZ_CHECK(again.ok() && r::format_position(*again) == text);
    }
    for (std::size_t i = 1; i < lines.size(); ++i) {
        for (const auto orientation : {sente::Orientation::native, sente::Orientation::gogui}) {
            auto move = r::parse_move(lines[i], orientation);
            if (!move) continue;
            const std::string text = r::format_move(*move, orientation);
            auto again = r::parse_move(text, orientation);
            FUZZ_CHECK(again.ok() && *again == *move);
            if (pos && r::ReversiGame::check_move(*pos, *move, orientation).ok()) {
                r::ReversiGame::make_move(pos.value(), *move);
            }
        }
    }
}

void soldiers_texts(const std::vector<std::string_view>& lines) {
    namespace s = sente::soldiers;
    auto pos = s::parse_position(lines[0]);
    if (pos) {
        const std::string text = s::format_position(*pos);
        auto again = s::parse_position(text);
        FUZZ_CHECK(again.ok() && s::format_position(*again) == text);
        FUZZ_CHECK(again->size >= s::kMinSize && again->size <= s::kMaxSize);
    }
    for (std::size_t i = 1; i < lines.size(); ++i) {
        auto move = s::parse_move(lines[i]);
        if (!move) continue;
        const std::string text = s::format_move(*move);
        auto again = s::parse_move(text);
        FUZZ_CHECK(again.ok() && *again == *move);
        if (pos && s::check_move(*pos, *move).ok()) {
            s::make_move(pos.value(), *move);
            s::status(*pos);
            sente::plain_text(s::board_view(*pos, *move));
        }
    }
}

void gomoku_texts(const std::vector<std::string_view>& lines) {
    namespace g = sente::gomoku;
    for (const g::Rule rule :
         {g::Rule::freestyle, g::Rule::standard, g::Rule::renju, g::Rule::caro}) {
        auto pos = g::parse_position(lines[0], rule);
        if (pos) {
            const std::string text = g::format_position(*pos);
            auto again = g::parse_position(text, rule);
            FUZZ_CHECK(again.ok() && g::format_position(*again) == text);
            FUZZ_CHECK(again->key == pos->key && again->winner == pos->winner);
        }
        for (std::size_t i = 1; i < lines.size(); ++i) {
            auto move = g::parse_move(lines[i]);
            if (!move) continue;
            const std::string text = g::format_move(*move);
            auto again = g::parse_move(text);
            FUZZ_CHECK(again.ok() && *again == *move);
            if (pos && g::check_move(*pos, *move).ok()) {
                g::make_move(pos.value(), *move);
                sente::plain_text(g::board_view(*pos, *move));
            }
        }
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const auto lines = split_lines(std::string_view(reinterpret_cast<const char*>(data), size));
    reversi_texts(lines);
    soldiers_texts(lines);
    gomoku_texts(lines);
    return 0;
}
