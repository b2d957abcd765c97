#include "protocol/gtp.hpp"

#include <algorithm>
#include <istream>
#include <optional>
#include <ostream>
#include <span>

#include <fmt/format.h>

#include "protocol/serve.hpp"
#include "record/sgf.hpp"
#include "sente/version.hpp"
#include "session/value_label.hpp"
#include "text/text.hpp"

namespace sente::gtp {

namespace {

using std::chrono::seconds;

Error syntax_error(std::string message = "syntax error") {
    return make_error(ErrorCode::syntax_error, std::move(message));
}

std::optional<Color> parse_color(std::string_view text) {
    const std::string c = text::lower(text);
    if (c == "b" || c == "black") return Color::black;
    if (c == "w" || c == "white") return Color::white;
    return std::nullopt;
}

// Clock arguments are whole seconds; a year is plenty and keeps milliseconds far from overflow.
constexpr long long kMaxSeconds = 366LL * 24 * 3600;
constexpr long long kMaxStones = 1'000'000;

std::optional<Milliseconds> parse_seconds(std::string_view text) {
    const auto value = text::parse_integer(text, 0, kMaxSeconds);
    if (!value) return std::nullopt;
    return std::chrono::duration_cast<Milliseconds>(seconds{*value});
}

// GTP replies end at the first empty line, so a reply may not contain one. A reply that starts
// with a line break (a board diagram) keeps it.
std::string without_blank_lines(std::string_view text) {
    std::string out;
    const bool starts_on_next_line = !text.empty() && text.front() == '\n';
    std::size_t start = 0;
    while (start <= text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos) end = text.size();
        const std::string_view line = text.substr(start, end - start);
        if (line.find_first_not_of(' ') != std::string_view::npos) {
            if (!out.empty() || starts_on_next_line) out += '\n';
            out += line;
        }
        start = end + 1;
    }
    return out;
}

// GTP's clock is in whole seconds, and controllers round down: a clock that reads T has
// between T and T + 1 seconds left. Where the session's own account of the clock (the last
// reading less the time its moves took) lies in that second, it is the better reading;
// without it, 0.9 s read as 0 had sente play its last moves of a game at depth 1. Where it
// does not (the account went astray, or the clock is in another period), the controller's
// reading stands.
ClockReading within_the_second(const ClockReading& told, const ClockReading& own) {
    const bool in_the_second = own.stones == told.stones && own.time_left >= told.time_left &&
                               own.time_left < told.time_left + std::chrono::seconds{1};
    return in_the_second ? own : told;
}

}  // namespace

std::string error_text(const Error& error) {
    switch (error.code) {
        case ErrorCode::syntax_error:
            return "syntax error";
        case ErrorCode::illegal_move:
            return "illegal move";
        case ErrorCode::cannot_undo:
            return "cannot undo";
        case ErrorCode::unacceptable_size:
            return "unacceptable size";
        case ErrorCode::cannot_score:
            return "cannot score";
        case ErrorCode::unknown_game:
        case ErrorCode::invalid_argument:
        case ErrorCode::wrong_turn:
            return error.message;
    }
    return error.message;
}

Engine::Engine(Session& session, std::ostream& out, std::ostream* log)
    : FrontEnd(out), session_(session), log_(log) {
    commands_ = {
        {"protocol_version", &Engine::protocol_version},
        {"name", &Engine::name},
        {"version", &Engine::version},
        {"known_command", &Engine::known_command},
        {"list_commands", &Engine::list_commands},
        {"quit", &Engine::quit},
        {"boardsize", &Engine::boardsize},
        {"clear_board", &Engine::clear_board},
        {"komi", &Engine::komi},
        {"play", &Engine::play},
        {"genmove", &Engine::genmove},
        {"reg_genmove", &Engine::reg_genmove},
        {"undo", &Engine::undo},
        {"showboard", &Engine::showboard},
        {"final_score", &Engine::final_score},
        {"list_games", &Engine::list_games},
        {"set_game", &Engine::set_game},
        {"time_settings", &Engine::time_settings},
        {"time_left", &Engine::time_left},
        {"kgs-time_settings", &Engine::kgs_time_settings},
        {"set_level", &Engine::set_level},
        {"level", &Engine::set_level},
        {"gogui-rules_game_id", &Engine::rules_game_id},
        {"gogui-rules_board_size", &Engine::rules_board_size},
        {"gogui-rules_board", &Engine::rules_board},
        {"gogui-rules_legal_moves", &Engine::rules_legal_moves},
        {"gogui-rules_side_to_move", &Engine::rules_side_to_move},
        {"gogui-rules_final_result", &Engine::rules_final_result},
        {"loadsgf", &Engine::loadsgf},
        {"printsgf", &Engine::printsgf},
        {"sente-position", &Engine::sente_position},
        {"sente-hash", &Engine::sente_hash},
        {"sente-threads", &Engine::sente_threads},
        {"gogui-interrupt", &Engine::gogui_interrupt},
        {"gogui-analyze_commands", &Engine::gogui_analyze_commands},
        {"sente-analyze", &Engine::sente_analyze},
        {"sente-analyze_gfx", &Engine::sente_analyze_gfx},
    };
    if (log_ != nullptr) {
        session_.set_progress_callback([this](const SearchInfo& info) { log_progress(info); });
    }
}

std::vector<std::string_view> Engine::command_names() const {
    std::vector<std::string_view> names;
    for (const CommandSpec& spec : commands_) names.push_back(spec.name);
    return names;
}

const Engine::CommandSpec* Engine::find(std::string_view name) const {
    for (const CommandSpec& spec : commands_) {
        if (spec.name == name) return &spec;
    }
    return nullptr;
}

void Engine::refuse_long_line() {
    write_reply(std::nullopt, '?',
                fmt::format("line longer than {} bytes", protocol::kMaxLineLength));
}

int Engine::exit_status() {
    if (!output_lost_) return 0;
    if (log_ != nullptr) *log_ << "sente: standard output is closed; leaving\n";
    return 1;
}

void Engine::log_progress(const SearchInfo& info) {
    std::string text =
        fmt::format("info depth {} score {}{} nodes {} nps {} time {} pv {}\n", info.depth,
                    info.score_text, info.exact ? " exact" : "", info.nodes,
                    info.nodes_per_second(), info.elapsed.count(), text::join(info.pv, " "));
    if (session_.orientation() == Orientation::gogui) {
        // GoGui's live graphics: the principal variation drawn on its board.
        std::string variation;
        Color color = searching_;
        for (const std::string& move : info.pv) {
            variation += fmt::format(" {} {}", color == Color::black ? 'b' : 'w', vertex(move));
            color = opponent(color);
        }
        text += fmt::format("gogui-gfx:\nVAR{}\nTEXT depth {} score {}\n\n", variation, info.depth,
                            info.score_text);
    }
    *log_ << text;
    log_->flush();
}

bool Engine::handle_line(std::string_view raw) {
    const std::string line = preprocess(raw);
    if (is_blank(line)) return !quit_;
    const Command command = parse_command(line);
    const CommandSpec* spec = find(command.name);
    if (spec == nullptr) {
        write_reply(command.id, '?', "unknown command");
        return !quit_;
    }
    reply(command, (this->*(spec->handler))(command.args));
    return !quit_;
}

void Engine::reply(const Command& command, const Reply& result) {
    if (result) {
        write_reply(command.id, '=', result.value());
    } else {
        const std::string text = error_text(result.error());
        // The canonical error says what kind; the log says why ("h8 is forbidden for black").
        if (log_ != nullptr && text != result.error().message && !result.error().message.empty()) {
            *log_ << "sente: " << result.error().message << '\n';
            log_->flush();
        }
        write_reply(command.id, '?', text);
    }
}

void Engine::write_reply(const std::optional<std::string>& id, char status, std::string_view text) {
    const std::string body = without_blank_lines(text);
    std::string reply(1, status);
    reply += id.value_or("");
    if (!body.empty()) reply += (body.front() == '\n' ? "" : " ") + body;
    out() << reply << "\n\n";
    out().flush();
    if (!out()) {
        // Nobody reads the replies any more (the controller closed its end of the pipe): going on
        // would answer into the void for as long as input keeps coming.
        output_lost_ = true;
        quit_ = true;
    }
}

// ---- Administrative commands ----------------------------------------------------------------

Engine::Reply Engine::protocol_version(const Args&) { return std::string("2"); }
Engine::Reply Engine::name(const Args&) { return std::string(kEngineName); }
// The version and the code the binary runs (a portable build chooses it from the CPU).
Engine::Reply Engine::version(const Args&) { return std::string(kVersionAndCode); }

Engine::Reply Engine::known_command(const Args& args) {
    if (args.size() != 1) return syntax_error();
    return std::string(find(args[0]) != nullptr ? "true" : "false");
}

Engine::Reply Engine::list_commands(const Args&) {
    std::string names;
    for (const CommandSpec& spec : commands_) {
        if (!names.empty()) names += '\n';
        names += spec.name;
    }
    return names;
}

Engine::Reply Engine::quit(const Args&) {
    quit_ = true;
    return std::string();
}

// ---- Setup ----------------------------------------------------------------------------------

Engine::Reply Engine::boardsize(const Args& args) {
    if (args.size() != 1) return syntax_error();
    const auto size = text::parse_integer(args[0], 0, 1000);
    if (!size) return syntax_error();
    if (auto done = session_.set_board_size(static_cast<int>(*size)); !done) return done.error();
    return std::string();
}

Engine::Reply Engine::clear_board(const Args& args) {
    if (!args.empty()) return syntax_error();
    session_.new_game();
    return std::string();
}

Engine::Reply Engine::komi(const Args& args) {
    // Komi means nothing in these games; GoGui sends it to every engine, so accept it.
    if (args.size() != 1 || !text::parse_real(args[0])) return syntax_error();
    return std::string();
}

Engine::Reply Engine::list_games(const Args&) {
    std::string names;
    for (const GameInfo& info : Session::games()) {
        if (!names.empty()) names += '\n';
        names += info.gtp_name;
    }
    return names;
}

Engine::Reply Engine::set_game(const Args& args) {
    if (args.empty()) return syntax_error();
    std::string name = args[0];
    for (std::size_t i = 1; i < args.size(); ++i) name += " " + args[i];
    if (auto done = session_.select_game(name); !done) return done.error();
    return std::string();
}

Engine::Reply Engine::set_level(const Args& args) {
    if (args.size() != 1) return syntax_error();
    const auto level = text::parse_integer(args[0], -1'000'000, 1'000'000);
    if (!level) return syntax_error();
    if (auto done = session_.set_level(static_cast<int>(*level)); !done) return done.error();
    return std::string();
}

// ---- Play -----------------------------------------------------------------------------------

Engine::Reply Engine::play(const Args& args) {
    if (args.size() != 2) return syntax_error();
    const auto color = parse_color(args[0]);
    if (!color) return syntax_error();
    if (auto done = session_.play(*color, args[1]); !done) return done.error();
    return std::string();
}

Engine::Reply Engine::generate(const Args& args, bool commit) {
    if (args.size() != 1) return syntax_error();
    const auto color = parse_color(args[0]);
    if (!color) return syntax_error();
    auto report = search(*color, SearchLimits{}, commit);
    if (!report) return report.error();
    const std::string move = report->pass ? std::string("pass") : vertex(report->move);
    if (log_ != nullptr) {
        const SearchInfo& info = report->search;
        *log_ << fmt::format("move {} depth {} score {} nodes {} time {} soft {} hard {}\n", move,
                             info.depth, info.score_text.empty() ? "-" : info.score_text,
                             info.nodes, info.elapsed.count(), report->soft_limit.count(),
                             report->hard_limit.count());
        log_->flush();
    }
    return move;
}

std::string Engine::vertex(std::string_view move) const {
    return session_.game().point_moves ? text::upper(move) : std::string(move);
}

Engine::Reply Engine::genmove(const Args& args) { return generate(args, true); }
Engine::Reply Engine::reg_genmove(const Args& args) { return generate(args, false); }

Engine::Reply Engine::undo(const Args& args) {
    // A malformed line must not change the game: no arguments means none.
    if (!args.empty()) return syntax_error();
    if (auto done = session_.undo(); !done) return done.error();
    return std::string();
}

Engine::Reply Engine::showboard(const Args&) { return fmt::format("\n{}", session_.render()); }

Engine::Reply Engine::final_score(const Args&) {
    const Outcome outcome = session_.outcome();
    if (!outcome.over) return make_error(ErrorCode::cannot_score, "the game is not over");
    return result_text(outcome);
}

// ---- Time -----------------------------------------------------------------------------------

Engine::Reply Engine::time_settings(const Args& args) {
    if (args.size() != 3) return syntax_error();
    const auto main_time = parse_seconds(args[0]);
    const auto period = parse_seconds(args[1]);
    const auto stones = text::parse_integer(args[2], 0, kMaxStones);
    if (!main_time || !period || !stones) return syntax_error();
    TimeControl control;
    if (period->count() > 0 && *stones == 0) {
        control.kind = TimeControl::Kind::none;  // the spec's way of saying "no time limits"
    } else if (period->count() == 0) {
        control.kind = TimeControl::Kind::absolute;
        control.main_time = *main_time;
    } else {
        control.kind = TimeControl::Kind::canadian;
        control.main_time = *main_time;
        control.period_time = *period;
        control.stones = static_cast<int>(*stones);
    }
    session_.set_time_control(control);
    return std::string();
}

Engine::Reply Engine::kgs_time_settings(const Args& args) {
    if (args.empty()) return syntax_error();
    const std::string kind = text::lower(args[0]);
    TimeControl control;
    if (kind == "none" && args.size() == 1) {
        control.kind = TimeControl::Kind::none;
    } else if (kind == "absolute" && args.size() == 2) {
        const auto main_time = parse_seconds(args[1]);
        if (!main_time) return syntax_error();
        control.kind = TimeControl::Kind::absolute;
        control.main_time = *main_time;
    } else if ((kind == "byoyomi" || kind == "canadian") && args.size() == 4) {
        const auto main_time = parse_seconds(args[1]);
        const auto period = parse_seconds(args[2]);
        const auto count = text::parse_integer(args[3], 1, kMaxStones);
        if (!main_time || !period || !count) return syntax_error();
        control.main_time = *main_time;
        control.period_time = *period;
        if (kind == "byoyomi") {
            control.kind = TimeControl::Kind::byoyomi;
            control.periods = static_cast<int>(*count);
        } else {
            control.kind = TimeControl::Kind::canadian;
            control.stones = static_cast<int>(*count);
        }
    } else {
        return syntax_error();
    }
    session_.set_time_control(control);
    return std::string();
}

Engine::Reply Engine::time_left(const Args& args) {
    if (args.size() != 3) return syntax_error();
    const auto color = parse_color(args[0]);
    const auto left = parse_seconds(args[1]);
    const auto stones = text::parse_integer(args[2], 0, kMaxStones);
    if (!color || !left || !stones) return syntax_error();
    const ClockReading told{*left, static_cast<int>(*stones)};
    session_.set_time_left(*color, within_the_second(told, session_.time_left(*color)));
    return std::string();
}

// ---- GoGui rules engine ---------------------------------------------------------------------

Engine::Reply Engine::rules_game_id(const Args&) { return std::string(session_.game().gtp_name); }

Engine::Reply Engine::rules_board_size(const Args&) {
    return std::to_string(session_.board_size());
}

Engine::Reply Engine::rules_board(const Args&) {
    return fmt::format("\n{}", session_.board_rows());
}

Engine::Reply Engine::rules_legal_moves(const Args&) {
    std::vector<std::string> moves = session_.legal_moves();
    for (std::string& move : moves) {
        if (move != "pass") move = vertex(move);
    }
    return text::join(moves, " ");
}

Engine::Reply Engine::rules_side_to_move(const Args&) {
    return std::string(to_string(session_.side_to_move()));
}

Engine::Reply Engine::rules_final_result(const Args&) {
    const Outcome outcome = session_.outcome();
    return outcome.over ? result_text(outcome) : std::string("unknown");
}

// Advertises that "# interrupt" stops a search (GoGui looks for this command's name).
Engine::Reply Engine::gogui_interrupt(const Args&) { return std::string(); }

// ---- sente extensions -----------------------------------------------------------------------

// ---- Game records ----------------------------------------------------------------------------

Engine::Reply Engine::loadsgf(const Args& args) {
    if (args.empty() || args.size() > 2) return syntax_error();
    int stop_before = 0;
    if (args.size() == 2) {
        const auto number = text::parse_integer(args[1], 1, 1 << 20);
        if (!number) return syntax_error();
        stop_before = static_cast<int>(*number);
    }
    if (auto loaded = record::load_sgf_file(session_, args[0], stop_before); !loaded) {
        // GTP's one error for every failure here; the reason goes to the log.
        if (log_ != nullptr) *log_ << "sente: loadsgf: " << loaded.error().message << '\n';
        return make_error(ErrorCode::invalid_argument, "cannot load file");
    }
    return std::string();
}

Engine::Reply Engine::printsgf(const Args& args) {
    if (args.size() > 1) return syntax_error();
    if (args.empty()) return record::write_sgf(session_);
    if (!record::save_sgf_file(session_, args[0])) {
        return make_error(ErrorCode::invalid_argument, "cannot save file");
    }
    return std::string();
}

Engine::Reply Engine::sente_position(const Args& args) {
    if (args.empty()) return session_.position_text();
    if (auto done = session_.set_position(text::join(args, " ")); !done) return done.error();
    return std::string();
}

Engine::Reply Engine::sente_hash(const Args& args) {
    if (args.size() != 1) return syntax_error();
    const auto megabytes = text::parse_integer(args[0], 0, 1LL << 40);
    if (!megabytes) return syntax_error();
    if (auto done = session_.set_hash_size(static_cast<std::size_t>(*megabytes)); !done) {
        return done.error();
    }
    return std::string();
}

Engine::Reply Engine::sente_threads(const Args& args) {
    if (args.size() != 1) return syntax_error();
    const auto threads = text::parse_integer(args[0], 0, 1 << 20);
    if (!threads) return syntax_error();
    if (auto done = session_.set_threads(static_cast<int>(*threads)); !done) return done.error();
    return std::string();
}

// ---- Analysis -------------------------------------------------------------------------------

// GoGui lists these in its Analyze menu and sends them with %c replaced by the colour to move.
Engine::Reply Engine::gogui_analyze_commands(const Args& args) {
    if (!args.empty()) return syntax_error();
    return std::string(
        "gfx/Move values/sente-analyze_gfx %c\n"
        "string/Move values as text/sente-analyze %c");
}

Result<MoveReport> Engine::analyse(const Args& args) {
    constexpr long long kAllMoves = 1000;
    if (args.empty() || args.size() > 2) return syntax_error();
    const auto color = parse_color(args[0]);
    const auto lines = args.size() == 2 ? text::parse_integer(args[1], 1, kAllMoves) : kAllMoves;
    if (!color || !lines) return syntax_error();
    SearchLimits limits;
    limits.lines = static_cast<int>(*lines);
    return search(*color, limits, false);
}

// A genmove that "# interrupt" or the end of input can stop (the reader's thread asks).
Result<MoveReport> Engine::search(Color color, const SearchLimits& limits, bool commit) {
    searching_ = color;
    const protocol::InterruptGuard interrupt(reader(), [this] { session_.request_stop(); });
    return session_.genmove(color, limits, commit);
}

namespace {

// The analysed moves' values. A search asked for one line is a plain search, which keeps no
// list of lines: its best move's value and line are the search's own.
std::vector<MoveValue> analysed_lines(const MoveReport& report) {
    const SearchInfo& info = report.search;
    if (!info.lines.empty() || info.depth == 0 || info.pv.empty()) return info.lines;
    MoveValue best;
    best.move = report.move;
    best.score = info.score;
    best.score_text = info.score_text;
    best.label = value_label(info.score_text, false);
    best.pv = info.pv;
    return {best};
}

}  // namespace

// One line for each of the best moves asked for: the move, its value and the line the search
// expects.
Engine::Reply Engine::sente_analyze(const Args& args) {
    const auto report = analyse(args);
    if (!report) return report.error();
    const auto lines = analysed_lines(*report);
    if (lines.empty()) return report->pass ? std::string("pass") : vertex(report->move);
    const std::size_t wanted = args.size() == 2 ? std::stoul(args[1]) : lines.size();
    std::string text;
    for (const MoveValue& line : std::span(lines).first(std::min(wanted, lines.size()))) {
        std::vector<std::string> pv;
        for (const std::string& move : line.pv) pv.push_back(vertex(move));
        if (!text.empty()) text += '\n';
        text += fmt::format("{} {} {}", vertex(line.move), line.label, sente::text::join(pv, " "));
    }
    return text;
}

// GoGui graphics: every move's value on its point, the best one marked and its line as a
// variation, the depth and value underneath.
Engine::Reply Engine::sente_analyze_gfx(const Args& args) {
    const auto report = analyse(args);
    if (!report) return report.error();
    const SearchInfo& info = report->search;
    std::string labels;
    for (const MoveValue& line : analysed_lines(*report)) {
        if (line.move != "pass") labels += fmt::format(" {} {}", vertex(line.move), line.label);
    }
    std::string text;
    if (!labels.empty()) text += "LABEL" + labels + "\n";
    if (!report->pass) text += fmt::format("SQUARE {}\n", vertex(report->move));
    std::string variation;
    Color color = searching_;
    for (const std::string& move : info.pv) {
        variation += fmt::format(" {} {}", color == Color::black ? 'b' : 'w', vertex(move));
        color = opponent(color);
    }
    if (!variation.empty()) text += "VAR" + variation + "\n";
    text +=
        fmt::format("TEXT depth {} best {} {}", info.depth, vertex(report->move), info.score_text);
    return text;
}

}  // namespace sente::gtp
