#include "protocol/nboard.hpp"

#include <algorithm>
#include <chrono>
#include <ostream>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "protocol/serve.hpp"
#include "record/ggf.hpp"
#include "sente/version.hpp"
#include "text/text.hpp"

namespace sente::nboard {

namespace {

// The first word of `text` and the rest, trimmed.
std::pair<std::string_view, std::string_view> split_word(std::string_view text) {
    text = text::trim(text);
    const std::size_t space = text.find_first_of(" \t");
    if (space == std::string_view::npos) return {text, {}};
    return {text.substr(0, space), text::trim(text.substr(space + 1))};
}

// A value as NBoard shows it: discs from the mover's side, and whether it is proven (an exact
// solve, "100%" for its depth). sente's proven Othello values read "win by 12", "loss by 4",
// "draw"; the others are evaluations in hundredths of a disc.
struct DiscValue {
    double discs;
    bool proven;
};
DiscValue disc_value(int score, std::string_view text) {
    const auto margin = [&](std::string_view prefix) -> std::optional<double> {
        if (!text.starts_with(prefix)) return std::nullopt;
        return static_cast<double>(text::parse_integer(text.substr(prefix.size())).value_or(0));
    };
    if (const auto won = margin("win by ")) return {*won, true};
    if (const auto lost = margin("loss by ")) return {-*lost, true};
    if (text == "draw") return {0, true};
    return {score / 100.0, false};
}

// A principal variation as one word: "F5-D6-C3".
std::string pv_word(const std::vector<std::string>& pv) {
    std::string word;
    for (const std::string& move : pv) {
        if (!word.empty()) word += '-';
        word += record::ggf_move(move);
    }
    return word;
}

std::string search_line(const std::vector<std::string>& pv, int score, std::string_view text,
                        int depth) {
    const DiscValue value = disc_value(score, text);
    const std::string shown_depth = value.proven ? "100%" : std::to_string(depth);
    return fmt::format("search {} {:+.2f} 0 {}", pv_word(pv), value.discs, shown_depth);
}

bool stops_search(std::string_view line) {
    const std::string_view word = split_word(line).first;
    return word == "ping" || word == "quit";
}

}  // namespace

bool is_nboard_command(std::string_view line) { return split_word(line).first == "nboard"; }

Engine::Engine(Session& session, std::ostream& out, std::ostream* log)
    : FrontEnd(out), session_(session), log_(log), base_limits_(session.limits()) {
    if (session_.game().id != "othello") (void)session_.select_game("othello");
    session_.set_progress_callback([this](const SearchInfo& info) { show_progress(info); });
}

void Engine::refuse_long_line() {
    note(fmt::format("a line longer than {} bytes, ignored", protocol::kMaxLineLength));
}

void Engine::note(std::string_view text) {
    if (log_ == nullptr) return;
    *log_ << "sente: " << text << '\n';
    log_->flush();
}

std::span<const Engine::Command> Engine::commands() {
    using Args = std::string_view;
    static constexpr Command kCommands[] = {
        // Any version: the commands of version 2 are a superset of version 1's that matter.
        {"nboard", [](Engine& e, Args) { e.say(fmt::format("set myname sente {}", kVersion)); }},
        {"set", [](Engine& e, Args args) { e.set(args); }},
        {"move", [](Engine& e, Args args) { e.move(args); }},
        {"go", [](Engine& e, Args) { e.go(); }},
        {"hint", [](Engine& e, Args args) { e.hint(args); }},
        // Searches run to their end before the next line is read (a ping stops them), so
        // everything said so far is about the position before this ping.
        {"ping", [](Engine& e, Args args) { e.say(fmt::format("pong {}", args)); }},
        // sente's book is built offline (sente book build); nothing to add.
        {"learn", [](Engine& e, Args) { e.say("learned"); }},
        {"analyze",
         [](Engine& e, Args) {
             e.say("status sente does not analyse whole games; ask for hints instead");
         }},
        {"quit", [](Engine& e, Args) { e.quit_ = true; }},
    };
    return kCommands;
}

bool Engine::handle_line(std::string_view line) {
    const auto [name, args] = split_word(line);
    if (name.empty()) return !quit_;
    const auto commands = Engine::commands();
    const auto found = std::ranges::find(commands, name, &Command::name);
    if (found != commands.end()) {
        found->run(*this, args);
    } else {
        // The protocol's rule for what an engine does not know: ignore the whole line.
        note(fmt::format("unknown command '{}', ignored", name));
    }
    return !quit_;
}

void Engine::set(std::string_view args) {
    const auto [what, value] = split_word(args);
    if (what == "game") {
        set_game(value);
    } else if (what == "depth") {
        set_depth(value);
    } else if (what == "contempt") {
        // Only book draws would feel it; sente's book values draws at 0 either way.
        if (!text::parse_integer(value)) say("status sente: set contempt needs a number");
    } else {
        note(fmt::format("set {}: unknown, ignored", what));
    }
}

void Engine::set_depth(std::string_view value) {
    // NBoard's depths go beyond what a game needs; 60 plies search to the end of any game.
    constexpr long long kDeepest = 60;
    const auto depth = text::parse_integer(value);
    if (!depth || *depth < 1) {
        say(fmt::format("status sente: set depth {}: give a number of plies", value));
        return;
    }
    SearchLimits limits = base_limits_;
    const int plies = static_cast<int>(std::min(*depth, kDeepest));
    if (limits.depth == 0 || plies < limits.depth) limits.depth = plies;
    session_.set_limits(limits);
}

void Engine::set_game(std::string_view ggf) {
    const auto game = record::parse_ggf(ggf);
    if (!game) {
        say(fmt::format("status sente: {}", game.error().message));
        return;
    }
    // Tried on a scratch session first, so that a game sente cannot follow changes nothing.
    EngineSettings scratch_settings;
    scratch_settings.hash_mb = 1;
    Session scratch(scratch_settings);
    const auto replay = [&](Session& target) -> Result<void> {
        if (auto set = target.set_position(game->start); !set) return set.error();
        for (const record::GgfMove& move : game->moves) {
            if (auto played = target.play(move.color, move.move); !played) {
                return make_error(played.error().code,
                                  fmt::format("{} {}: {}", to_string(move.color),
                                              record::ggf_move(move.move), played.error().message));
            }
        }
        return {};
    };
    if (auto checked = replay(scratch); !checked) {
        say(fmt::format("status sente: cannot follow the game: {}", checked.error().message));
        return;
    }
    (void)replay(session_);
    clock_ = game->clock;
    used_ = {};
    for (const record::GgfMove& move : game->moves) {
        used_[static_cast<std::size_t>(move.color)] +=
            Milliseconds{static_cast<long long>(move.seconds * 1000)};
    }
}

void Engine::move(std::string_view args) {
    // F5, F5/eval, F5/eval/time; PA is a pass.
    const std::string_view text = text::trim(args);
    const auto item = record::parse_move_item(text);
    if (!item) {
        say(fmt::format("status sente: move '{}' is not a square or PA", text));
        return;
    }
    const Color mover = session_.side_to_move();
    if (auto played = session_.play(item->move); !played) {
        say(fmt::format("status sente: {} {}: {}", to_string(mover), record::ggf_move(item->move),
                        played.error().message));
        return;
    }
    used_[static_cast<std::size_t>(mover)] +=
        Milliseconds{static_cast<long long>(item->seconds * 1000)};
}

Result<MoveReport> Engine::search(int lines) {
    SearchLimits limits;
    limits.lines = lines;
    const protocol::InterruptGuard interrupt(
        reader(), [this] { session_.request_stop(); }, stops_search);
    return session_.genmove(session_.side_to_move(), limits, false);
}

// `go`: sente's move in the game, within the depth and the game's clock, not played (NBoard
// sends it back with `move` if it still stands).
void Engine::go() {
    if (session_.outcome().over) {
        say("status sente: the game is over");
        return;
    }
    const Color mover = session_.side_to_move();
    const auto& clock = clock_[static_cast<std::size_t>(mover)];
    TimeControl control;
    if (clock) {
        control.kind = TimeControl::Kind::absolute;
        control.main_time = *clock;
    }
    session_.set_time_control(control);
    if (clock) {
        // An exhausted clock still gets a tenth of a second: the GUI asked for a move.
        const Milliseconds left =
            std::max(*clock - used_[static_cast<std::size_t>(mover)], Milliseconds{100});
        session_.set_time_left(mover, ClockReading{left, 0});
    }
    say("status sente is thinking");
    const auto start = std::chrono::steady_clock::now();
    const auto report = search(0);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (!report) {
        say(fmt::format("status sente: {}", report.error().message));
        return;
    }
    const SearchInfo& info = report->search;
    const std::string move = record::ggf_move(report->pass ? "pass" : report->move);
    if (info.depth == 0) {  // forced: nothing was weighed, so no eval (and no time to speak of)
        say(fmt::format("=== {}", move));
        return;
    }
    say(fmt::format("=== {}/{:+.2f}/{:.2f}", move, disc_value(info.score, info.score_text).discs,
                    seconds));
}

// `hint N`: the values of the N best moves, reported as each iteration finishes; not limited by
// the clock (the depth and sente's own limits decide).
void Engine::hint(std::string_view args) {
    const auto count = text::parse_integer(args);
    if (!count || *count < 1) {
        say(fmt::format("status sente: hint '{}': give a number of moves", args));
        return;
    }
    if (session_.outcome().over) {
        say("status sente: the game is over");
        return;
    }
    constexpr long long kAllMoves = 64;
    session_.set_time_control(TimeControl{});
    say("status sente is analysing");
    hint_lines_ = static_cast<int>(std::min(*count, kAllMoves));
    const auto report = search(hint_lines_);
    hint_lines_ = 0;
    if (!report) note(report.error().message);
    say("status");
}

void Engine::show_progress(const SearchInfo& info) {
    say(fmt::format("nodestats {} {:.2f}", info.nodes,
                    std::chrono::duration<double>(info.elapsed).count()));
    if (hint_lines_ > 1 && !info.lines.empty()) {
        int shown = 0;
        for (const MoveValue& line : info.lines) {
            if (line.upper_bound || shown == hint_lines_) break;
            say(search_line(line.pv, line.score, line.score_text, info.depth));
            ++shown;
        }
    } else if (!info.pv.empty()) {
        say(search_line(info.pv, info.score, info.score_text, info.depth));
    }
}

}  // namespace sente::nboard
