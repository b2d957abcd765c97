#include "tools/wthor.hpp"

#include <fstream>
#include <iterator>

#include <fmt/format.h>

#include "games/reversi/notation.hpp"

namespace sente::tools {

namespace {

constexpr std::size_t kHeaderBytes = 16;
constexpr std::size_t kGameBytes = 68;
constexpr std::size_t kMovesOffset = 8;

unsigned read16(const std::vector<std::uint8_t>& bytes, std::size_t at) {
    return bytes[at] | (bytes[at + 1] << 8);
}

}  // namespace

Result<std::vector<WthorGame>> read_wthor(const std::string& path) {
    std::ifstream file(path, std::ios::binary);
    if (!file) return make_error(ErrorCode::invalid_argument, fmt::format("cannot read {}", path));
    const std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(file)),
                                          std::istreambuf_iterator<char>());
    const auto bad = [&](const std::string& why) {
        return make_error(ErrorCode::syntax_error, fmt::format("{}: {}", path, why));
    };
    if (bytes.size() < kHeaderBytes) return bad("shorter than a WTHOR header");
    const std::size_t count =
        bytes[4] | (bytes[5] << 8) | (bytes[6] << 16) | (static_cast<std::size_t>(bytes[7]) << 24);
    if (bytes.size() != kHeaderBytes + count * kGameBytes) {
        return bad(fmt::format("{} bytes do not hold the {} games the header counts", bytes.size(),
                               count));
    }
    const int year = static_cast<int>(read16(bytes, 10));
    const int theoretical_empties = bytes[14];
    std::vector<WthorGame> games(count);
    for (std::size_t g = 0; g < count; ++g) {
        const std::size_t at = kHeaderBytes + g * kGameBytes;
        WthorGame& game = games[g];
        game.year = year;
        game.black_real_discs = bytes[at + 6];
        game.black_theoretical_discs = bytes[at + 7];
        game.theoretical_empties = theoretical_empties;
        for (std::size_t i = 0; i < 60; ++i) {
            const int code = bytes[at + kMovesOffset + i];
            if (code == 0) break;
            const int row = code / 10, column = code % 10;
            if (row < 1 || row > 8 || column < 1 || column > 8) {
                return bad(fmt::format("game {}: move code {} is off the board", g + 1, code));
            }
            game.moves.push_back(reversi::Move::at((row - 1) * 8 + column - 1));
        }
    }
    return games;
}

Result<std::vector<reversi::Position>> replay(const WthorGame& game) {
    using namespace reversi;
    std::vector<Position> positions;
    Position pos = start_position();
    for (std::size_t i = 0; i < game.moves.size(); ++i) {
        if (must_pass(pos)) pos = play(pos, Move::pass());
        if (!is_legal(pos, game.moves[i])) {
            return make_error(ErrorCode::illegal_move, fmt::format("move {} ({}) is illegal", i + 1,
                                                                   format_move(game.moves[i])));
        }
        positions.push_back(pos);
        pos = play(pos, game.moves[i]);
    }
    positions.push_back(pos);
    return positions;
}

}  // namespace sente::tools
