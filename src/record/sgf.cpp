#include "record/sgf.hpp"

#include <cctype>
#include <fstream>
#include <optional>

#include <fmt/format.h>

#include "sente/version.hpp"
#include "text/text.hpp"

namespace sente::record {

namespace {

Error sgf_error(std::string why) {
    return make_error(ErrorCode::syntax_error, "SGF: " + std::move(why));
}

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

std::string escape(std::string_view value) {
    std::string out;
    for (const char c : value) {
        if (c == ']' || c == '\\') out += '\\';
        out += c;
    }
    return out;
}

bool is_othello(const GameInfo& game) { return game.id == "othello"; }

// Gomoku's rules are games of their own; SGF keeps the rule in RU.
struct GomokuRule {
    std::string_view game;  // the game's id
    std::string_view ru;    // what sente writes in RU
};
constexpr GomokuRule kGomokuRules[] = {
    {"gomoku", "freestyle"}, {"gomoku-standard", "standard"}, {"renju", "renju"}, {"caro", "caro"}};
constexpr int kGomokuGameNumber = 4;

const GomokuRule* gomoku_rule_of(std::string_view game) {
    for (const GomokuRule& rule : kGomokuRules)
        if (rule.game == game) return &rule;
    return nullptr;
}

// RU as sente writes it, and as other programs do ("RIF", "Gomoku", "exact5", ...).
std::optional<std::string_view> gomoku_game_of(std::string_view ru) {
    const std::string rule = text::lower(ru);
    for (const GomokuRule& known : kGomokuRules)
        if (rule == known.ru || rule == known.game) return known.game;
    if (rule.empty() || rule == "free" || rule == "freestyle gomoku") return "gomoku";
    if (rule == "rif" || rule == "renju rif" || rule == "renju-rif") return "renju";
    if (rule == "exact" || rule == "exact5" || rule == "exactly five") return "gomoku-standard";
    return std::nullopt;
}

// Gomoku points: sente's "h8" (GTP: columns without I, row 1 at the bottom) and SGF's "hh"
// (column letter with i, then row letter from the top).
std::string gomoku_to_sgf(std::string_view move, int size) {
    const std::size_t column = kGtpColumnLetters.find(move[0]);
    const int row = std::stoi(std::string(move.substr(1)));
    return {static_cast<char>('a' + column), static_cast<char>('a' + size - row)};
}
std::optional<std::string> gomoku_from_sgf(std::string_view point, int size) {
    if (point.size() != 2) return std::nullopt;
    const int column = point[0] - 'a';
    const int from_top = point[1] - 'a';
    if (column < 0 || column >= size || from_top < 0 || from_top >= size) return std::nullopt;
    return fmt::format("{}{}", kGtpColumnLetters[static_cast<std::size_t>(column)],
                       size - from_top);
}

// A scratch session for replaying records: no search ever runs in it, so the smallest table.
Session scratch_session() {
    EngineSettings settings;
    settings.hash_mb = 1;
    return Session(settings);
}

// Othello squares: "d3" (a1 top-left; in GoGui's orientation rows count from the bottom) and
// SGF's "dc" (column letter, then row letter from the top).
std::string othello_to_sgf(std::string_view move, Orientation orientation) {
    if (move == "pass") return "";
    int row = std::stoi(std::string(move.substr(1)));
    if (orientation == Orientation::gogui) row = 9 - row;
    return {static_cast<char>(std::tolower(static_cast<unsigned char>(move[0]))),
            static_cast<char>('a' + row - 1)};
}
std::optional<std::string> othello_from_sgf(std::string_view point) {
    if (point.empty() || point == "tt") return "pass";
    if (point.size() != 2 || point[0] < 'a' || point[0] > 'h' || point[1] < 'a' || point[1] > 'h') {
        return std::nullopt;
    }
    return fmt::format("{}{}", point[0], point[1] - 'a' + 1);
}

const SgfProperty* find(const SgfNode& node, std::string_view id) {
    for (const SgfProperty& property : node) {
        if (property.id == id) return &property;
    }
    return nullptr;
}

// An Othello start given as AB / AW / AE / PL in the root, as a position text; nothing when
// the root has none of them.
std::optional<std::string> othello_setup(const SgfNode& root) {
    if (!find(root, "AB") && !find(root, "AW")) return std::nullopt;
    std::string squares(64, '-');
    const auto place = [&](std::string_view id, char disc) -> bool {
        if (const SgfProperty* property = find(root, id)) {
            for (const std::string& point : property->values) {
                const auto square = othello_from_sgf(point);
                if (!square || *square == "pass") return false;
                squares[((*square)[1] - '1') * 8 + ((*square)[0] - 'a')] = disc;
            }
        }
        return true;
    };
    if (!place("AB", 'X') || !place("AW", 'O') || !place("AE", '-')) return std::string();
    const SgfProperty* to_play = find(root, "PL");
    const bool white = to_play && !to_play->values.empty() &&
                       (to_play->values[0] == "W" || to_play->values[0] == "w");
    return squares + (white ? " O" : " X");
}

struct RecordedMove {
    Color color;
    std::string text;  // in the game's native notation
};

}  // namespace

Result<std::vector<SgfNode>> parse_main_line(std::string_view text) {
    if (text.size() > kMaxSgfBytes) return sgf_error("larger than 4 MB");
    std::size_t i = text.find('(');
    if (i == std::string_view::npos) return sgf_error("no game tree");
    ++i;
    const auto skip_space = [&] {
        while (i < text.size() && is_space(text[i])) ++i;
    };
    std::vector<SgfNode> nodes;
    while (true) {
        skip_space();
        if (i >= text.size()) return sgf_error("the game tree is not closed");
        const char c = text[i];
        if (c == '(') {  // the first variation goes on with the main line
            ++i;
            continue;
        }
        if (c == ')') break;  // the main line ends here; other variations are not read
        if (c != ';') return sgf_error(fmt::format("unexpected character at byte {}", i));
        ++i;
        if (nodes.size() == kMaxNodes) return sgf_error("more than 100000 nodes");
        nodes.emplace_back();
        while (true) {
            skip_space();
            if (i >= text.size() || !std::isupper(static_cast<unsigned char>(text[i]))) break;
            SgfProperty property;
            // FF[3] allowed lower-case letters in names (AddBlack for AB): they are skipped.
            while (i < text.size() && std::isalpha(static_cast<unsigned char>(text[i]))) {
                if (std::isupper(static_cast<unsigned char>(text[i]))) property.id += text[i];
                ++i;
                if (property.id.size() > 16) return sgf_error("a property name too long");
            }
            skip_space();
            if (i >= text.size() || text[i] != '[') {
                return sgf_error(fmt::format("property {} without a value", property.id));
            }
            while (i < text.size() && text[i] == '[') {
                ++i;
                std::string value;
                while (true) {
                    if (i >= text.size()) return sgf_error("a value is not closed");
                    char v = text[i++];
                    if (v == ']') break;
                    if (v == '\\') {
                        if (i >= text.size()) return sgf_error("a value is not closed");
                        v = text[i++];
                        if (v == '\n') continue;  // an escaped line break is no character
                    }
                    value += v;
                    if (value.size() > kMaxValueBytes)
                        return sgf_error("a value longer than 64 KB");
                }
                property.values.push_back(std::move(value));
                skip_space();
            }
            nodes.back().push_back(std::move(property));
        }
    }
    if (nodes.empty()) return sgf_error("no node");
    return nodes;
}

std::string write_sgf(const Session& session) {
    const GameInfo& game = session.game();
    const bool othello = is_othello(game);
    Session fresh = scratch_session();
    // Cannot fail: the session plays this game on this size.
    (void)fresh.select_game(game.id, session.board_size());
    const std::string start = session.start_position_text();
    const bool usual_start = start == fresh.position_text();

    const GomokuRule* gomoku = gomoku_rule_of(game.id);
    const int number = othello ? 2 : gomoku ? kGomokuGameNumber : kSoldiersGameNumber;
    std::string sgf = fmt::format("(;FF[4]GM[{}]CA[UTF-8]AP[sente:{}]SZ[{}]", number, kVersion,
                                  session.board_size());
    if (gomoku) sgf += fmt::format("RU[{}]", gomoku->ru);
    const Outcome outcome = session.outcome();
    if (outcome.over) sgf += fmt::format("RE[{}]", result_text(outcome));
    if (!usual_start) sgf += fmt::format("XP[{}]", escape(start));
    for (const auto& [color, move] : session.played_moves()) {
        const char side = color == Color::black ? 'B' : 'W';
        if (othello) {
            sgf += fmt::format(";{}[{}]", side, othello_to_sgf(move, session.orientation()));
        } else if (gomoku) {
            sgf += fmt::format(";{}[{}]", side, gomoku_to_sgf(move, session.board_size()));
        } else {
            sgf += fmt::format(";X{}[{}]", side, escape(move));
        }
    }
    return sgf + ")";
}

Result<void> read_sgf(Session& session, std::string_view text, int stop_before) {
    auto parsed = parse_main_line(text);
    if (!parsed) return parsed.error();
    const std::vector<SgfNode>& nodes = parsed.value();
    const SgfNode& root = nodes.front();

    const SgfProperty* gm = find(root, "GM");
    const std::string number = gm && !gm->values.empty() ? gm->values[0] : "1";
    const bool othello = number == "2";
    const bool gomoku = number == std::to_string(kGomokuGameNumber);
    if (!othello && !gomoku && number != std::to_string(kSoldiersGameNumber)) {
        return sgf_error(
            fmt::format("GM[{}] is not a game sente reads (2: Othello, 4: Gomoku and Renju, {}: "
                        "Soldiers and Generals)",
                        number, kSoldiersGameNumber));
    }
    std::string game = othello ? "othello" : "soldiers";
    if (gomoku) {
        const SgfProperty* ru = find(root, "RU");
        // A copy: a view of the conditional's temporary string would dangle.
        const std::string rule = ru && !ru->values.empty() ? ru->values[0] : std::string();
        const auto named = gomoku_game_of(rule);
        if (!named) return sgf_error(fmt::format("RU[{}] is not a Gomoku rule sente plays", rule));
        game = std::string(*named);
    }
    int size = 0;
    if (const SgfProperty* sz = find(root, "SZ"); sz && !sz->values.empty()) {
        const std::string& value = sz->values[0];
        if (value.empty() || value.size() > 2 ||
            !std::isdigit(static_cast<unsigned char>(value[0])) ||
            !std::isdigit(static_cast<unsigned char>(value.back()))) {
            return sgf_error(fmt::format("SZ[{}] is not a board size", value));
        }
        size = std::stoi(value);
    }
    std::optional<std::string> start;
    if (const SgfProperty* xp = find(root, "XP"); xp && !xp->values.empty()) {
        start = xp->values[0];
    } else if (othello) {
        start = othello_setup(root);
        if (start && start->empty()) return sgf_error("a setup point off the board");
    }

    // Gomoku points need the size: the file's, else the default.
    const int gomoku_size = size > 0 ? size : 15;
    std::vector<RecordedMove> moves;
    for (const SgfNode& node : nodes) {
        for (const SgfProperty& property : node) {
            const bool plain = othello || gomoku;
            const bool black = property.id == (plain ? "B" : "XB");
            const bool white = property.id == (plain ? "W" : "XW");
            if (!black && !white) continue;
            if (property.values.size() != 1) return sgf_error("a move with several values");
            std::optional<std::string> move = othello ? othello_from_sgf(property.values[0])
                                              : gomoku
                                                  ? gomoku_from_sgf(property.values[0], gomoku_size)
                                                  : std::optional<std::string>(property.values[0]);
            if (!move)
                return sgf_error(
                    fmt::format("{}[{}] is not a move", property.id, property.values[0]));
            moves.push_back({black ? Color::black : Color::white, *move});
        }
    }
    if (stop_before > 0 && static_cast<std::size_t>(stop_before - 1) < moves.size()) {
        moves.resize(static_cast<std::size_t>(stop_before - 1));
    }

    // Everything is checked on a scratch session first, so a bad record changes nothing.
    Session check = scratch_session();
    if (auto selected = check.select_game(game, size); !selected) return selected.error();
    if (start) {
        if (auto set = check.set_position(*start); !set) return set.error();
    }
    for (std::size_t n = 0; n < moves.size(); ++n) {
        if (auto played = check.play(moves[n].color, moves[n].text); !played) {
            return sgf_error(
                fmt::format("move {} ({}): {}", n + 1, moves[n].text, played.error().message));
        }
    }

    const Orientation orientation = session.orientation();
    session.set_orientation(Orientation::native);
    (void)session.select_game(game, check.board_size());
    if (start) (void)session.set_position(*start);
    for (const RecordedMove& move : moves) (void)session.play(move.color, move.text);
    session.set_orientation(orientation);
    return {};
}

Result<void> save_sgf_file(const Session& session, const std::string& path) {
    std::ofstream file(path, std::ios::binary | std::ios::trunc);
    file << write_sgf(session) << '\n';
    file.close();
    if (!file) return make_error(ErrorCode::invalid_argument, "cannot write " + path);
    return {};
}

Result<void> load_sgf_file(Session& session, const std::string& path, int stop_before) {
    std::ifstream file(path, std::ios::binary);
    if (!file) return make_error(ErrorCode::invalid_argument, "cannot open " + path);
    std::string text(kMaxSgfBytes + 1, '\0');
    file.read(text.data(), static_cast<std::streamsize>(text.size()));
    text.resize(static_cast<std::size_t>(file.gcount()));
    if (text.size() > kMaxSgfBytes) return sgf_error("larger than 4 MB");
    return read_sgf(session, text, stop_before);
}

}  // namespace sente::record
