#include "protocol/gomocup.hpp"

#include <algorithm>
#include <array>
#include <ostream>

#include <fmt/format.h>

#include "protocol/serve.hpp"
#include "sente/version.hpp"
#include "text/text.hpp"

namespace sente::gomocup {

namespace {

constexpr int kMinSize = 5;
constexpr int kMaxSize = 22;
// When the manager allows no time at all ("as fast as possible").
constexpr Milliseconds kFastestMove{10};
// A turn's time counts the pipe and the manager too: keep a tenth of it back, 20 to 300 ms.
Milliseconds turn_budget(long long timeout_turn) {
    const long long margin = std::clamp(timeout_turn / 10, 20LL, 300LL);
    return std::max(Milliseconds{timeout_turn - margin}, kFastestMove);
}
// Memory kept for everything but the table when the manager sets max_memory.
constexpr long long kFixedMemoryMb = 48;
// The side to move gives the other colour away in swap2 when it is worse by this much.
constexpr int kSwapMargin = 50;

// An integer with spaces around it allowed, as managers send them.
bool parse_int(std::string_view text, long long& value) {
    const auto parsed = text::parse_integer(text::trim(text));
    if (parsed) value = *parsed;
    return parsed.has_value();
}

// "x,y" or "x,y,field" into numbers; false unless exactly `count` integers.
bool parse_numbers(std::string_view text, std::size_t count, std::array<long long, 3>& numbers) {
    std::size_t found = 0;
    for (;;) {
        const std::size_t comma = text.find(',');
        if (found == count || !parse_int(text.substr(0, comma), numbers[found])) return false;
        ++found;
        if (comma == std::string_view::npos) break;
        text.remove_prefix(comma + 1);
    }
    return found == count;
}

bool is_stop_line(std::string_view line) {
    const std::string word = text::upper(text::trim(line));
    return word == "END" || word == "STOP" || word == "YXSTOP";
}

// INFO rule: 0 freestyle, 1 exactly five, 2 or 4 renju, 8 caro (bits, as managers send them).
std::string_view game_for_rule(int rule) {
    if (rule == 2 || (rule & 4) != 0) return "renju";
    if ((rule & 8) != 0) return "caro";
    if ((rule & 1) != 0) return "gomoku-standard";
    return "gomoku";
}

constexpr std::array<std::string_view, 14> kCommands = {
    "START", "RECTSTART", "RESTART",  "BEGIN",      "TURN",    "BOARD",   "INFO",
    "ABOUT", "END",       "TAKEBACK", "SWAP2BOARD", "YXBOARD", "YXNBEST", "YXSHOWFORBID"};

// Yixin-Board's SHOW_DETAIL bits: real-time marks on the board, and lines about each search.
constexpr long long kShowRealtime = 1;
constexpr long long kShowDetail = 2;
// The most moves YXNBEST values at once: more than any board has empty points.
constexpr long long kMaxLines = 1000;

}  // namespace

bool is_gomocup_command(std::string_view line) {
    line = text::trim(line);
    const std::string word = text::upper(line.substr(0, line.find(' ')));
    return std::find(kCommands.begin(), kCommands.end(), word) != kCommands.end();
}

Engine::Engine(Session& session, std::ostream& out, std::ostream* log, std::size_t hash_mb)
    : FrontEnd(out), session_(session), log_(log), hash_mb_(hash_mb) {
    // Every iteration on the log, as over GTP (the manager sees one MESSAGE per move), and as
    // real-time marks for a GUI that asked for them. The callback runs on the thread that
    // called genmove, so it writes to the output between the brain's own lines.
    session_.set_progress_callback([this](const SearchInfo& info) {
        if (log_ != nullptr) {
            *log_ << fmt::format("info depth {} score {} nodes {} nps {} time {}\n", info.depth,
                                 info.score_text, info.nodes, info.nodes_per_second(),
                                 info.elapsed.count());
            log_->flush();
        }
        if ((show_detail_ & kShowRealtime) != 0) show_realtime(info);
    });
}

// Yixin-Board's real-time marks after each finished iteration: the marks are cleared, each move
// proven lost is marked LOST and the best move BEST.
void Engine::show_realtime(const SearchInfo& info) {
    say("MESSAGE REALTIME REFRESH");
    for (const MoveValue& line : info.lines) {
        if (!line.upper_bound && line.score_text.starts_with("loss"))
            say(fmt::format("MESSAGE REALTIME LOST {}", xy(line.move)));
    }
    if (!info.pv.empty()) say(fmt::format("MESSAGE REALTIME BEST {}", xy(info.pv.front())));
}

void Engine::refuse_long_line() {
    error(fmt::format("line longer than {} bytes", protocol::kMaxLineLength));
}

void Engine::error(std::string_view why) { say(fmt::format("ERROR {}", why)); }

bool Engine::require_started() {
    if (started()) return true;
    error("no board yet: send START first");
    return false;
}

std::string Engine::vertex(int x, int y) const {
    return fmt::format("{}{}", kGtpColumnLetters[static_cast<std::size_t>(x)], size_ - y);
}

bool Engine::to_xy(std::string_view text, int& x, int& y) const {
    if (text.size() < 2) return false;
    const std::size_t column = kGtpColumnLetters.find(text::lower(text[0]));
    long long row = 0;
    if (column == std::string_view::npos || !parse_int(text.substr(1), row)) return false;
    x = static_cast<int>(column);
    y = size_ - static_cast<int>(row);
    return true;
}

std::string Engine::xy(std::string_view text) const {
    int x = 0;
    int y = 0;
    if (!to_xy(text, x, y)) return std::string(text);
    return fmt::format("{},{}", x, y);
}

bool Engine::handle_line(std::string_view raw) {
    const std::string_view line = text::trim(raw);
    if (line.empty()) return !ended_;
    if (collecting_ != Collecting::nothing) {
        collect(line);
        return !ended_;
    }
    const std::size_t space = line.find(' ');
    const std::string name = text::upper(line.substr(0, space));
    const std::string_view args =
        space == std::string_view::npos ? std::string_view{} : text::trim(line.substr(space + 1));
    const auto commands = Engine::commands();
    const auto found = std::ranges::find(commands, std::string_view(name), &Command::name);
    if (found != commands.end()) {
        found->run(*this, args);
    } else {
        say(fmt::format("UNKNOWN command '{}'", line.substr(0, space)));
    }
    return !ended_;
}

std::span<const Engine::Command> Engine::commands() {
    using Args = std::string_view;
    static constexpr Command kCommands[] = {
        {"START", [](Engine& b, Args args) { b.start(args, false); }},
        {"RECTSTART", [](Engine& b, Args args) { b.start(args, true); }},
        {"RESTART", [](Engine& b, Args) { b.restart(); }},
        {"BEGIN", [](Engine& b, Args) { b.begin(); }},
        {"TURN", [](Engine& b, Args args) { b.turn(args); }},
        {"BOARD", [](Engine& b, Args) { b.start_collecting(Collecting::board); }},
        {"YXBOARD", [](Engine& b, Args) { b.start_collecting(Collecting::position); }},
        {"SWAP2BOARD", [](Engine& b, Args) { b.start_collecting(Collecting::swap2); }},
        {"INFO", [](Engine& b, Args args) { b.info(args); }},
        {"TAKEBACK", [](Engine& b, Args args) { b.takeback(args); }},
        {"ABOUT", [](Engine& b, Args) { b.about(); }},
        {"YXNBEST", [](Engine& b, Args args) { b.best_moves(args); }},
        {"YXSHOWFORBID", [](Engine& b, Args) { b.show_forbidden(); }},
        {"END", [](Engine& b, Args) { b.ended_ = true; }},
        // Meant for a search (the reader stopped it when the line came in); nothing to answer.
        {"STOP", [](Engine&, Args) {}},
        {"YXSTOP", [](Engine&, Args) {}},
    };
    return kCommands;
}

void Engine::start_collecting(Collecting what) {
    if (!require_started()) return;
    collecting_ = what;
    stones_.clear();
    collect_error_.clear();
}

// ---- Commands --------------------------------------------------------------------------------

void Engine::start(std::string_view args, bool rectangular) {
    std::array<long long, 3> n{};
    long long size = 0;
    if (rectangular) {
        if (!parse_numbers(args, 2, n)) return error("RECTSTART needs width,height");
        if (n[0] != n[1]) return error("sente plays square boards only");
        size = n[0];
    } else if (!parse_int(args, size)) {
        return error("START needs the board size");
    }
    if (size < kMinSize || size > kMaxSize) {
        return error(
            fmt::format("unsupported size {}: sente plays {} to {}", size, kMinSize, kMaxSize));
    }
    if (auto done = session_.select_game(game_for_rule(rule_), static_cast<int>(size)); !done)
        return error(done.error().message);
    size_ = static_cast<int>(size);
    say("OK");
}

void Engine::restart() {
    if (!require_started()) return;
    session_.new_game();
    say("OK");
}

void Engine::begin() {
    if (!require_started()) return;
    if (!session_.history().empty() || session_.position_text() != session_.start_position_text())
        return error("BEGIN on a board that is not empty");
    answer_move();
}

void Engine::turn(std::string_view args) {
    if (!require_started()) return;
    std::array<long long, 3> n{};
    if (!parse_numbers(args, 2, n) || n[0] < 0 || n[1] < 0 || n[0] >= size_ || n[1] >= size_)
        return error(fmt::format("TURN needs x,y on the board (0 to {})", size_ - 1));
    const std::string move = vertex(static_cast<int>(n[0]), static_cast<int>(n[1]));
    if (auto played = session_.play(session_.side_to_move(), move); !played)
        return error(fmt::format("{},{}: {}", n[0], n[1], played.error().message));
    answer_move();
}

void Engine::takeback(std::string_view args) {
    if (!require_started()) return;
    std::array<long long, 3> n{};
    if (!parse_numbers(args, 2, n) || n[0] < 0 || n[1] < 0 || n[0] >= size_ || n[1] >= size_)
        return error("TAKEBACK needs x,y on the board");
    const auto history = session_.history();
    const std::string move = vertex(static_cast<int>(n[0]), static_cast<int>(n[1]));
    if (history.empty() || history.back() != move)
        return error(fmt::format("{},{} is not the last move", n[0], n[1]));
    if (auto undone = session_.undo(); !undone) return error(undone.error().message);
    say("OK");
}

void Engine::info(std::string_view args) {
    // INFO has no answer; a value sente cannot use is noted on the log and ignored.
    const std::size_t space = args.find(' ');
    const std::string key = text::upper(args.substr(0, space));
    const std::string_view text =
        space == std::string_view::npos ? std::string_view{} : text::trim(args.substr(space + 1));
    long long value = 0;
    const bool numeric = parse_int(text, value) && value >= 0;
    const auto ignore = [&] {
        if (log_ != nullptr) *log_ << "sente: INFO " << args << ": ignored\n";
    };
    if (key == "TIMEOUT_TURN" && numeric) {
        timeout_turn_ = value;
    } else if (key == "TIMEOUT_MATCH" && numeric) {
        timeout_match_ = value;
    } else if (key == "TIME_LEFT" && numeric) {
        time_left_ = value;
    } else if (key == "MAX_MEMORY" && numeric) {
        apply_memory(value);
    } else if (key == "RULE" && numeric) {
        apply_rule(static_cast<int>(std::min<long long>(value, 1 << 20)));
    } else if (key == "SHOW_DETAIL" && numeric) {
        show_detail_ = value;
    } else {
        ignore();  // game_type, folder, evaluate, or a bad value
    }
}

void Engine::about() {
    say(
        fmt::format("name=\"sente\", version=\"{}\", author=\"the sente developers\", "
                    "country=\"-\"",
                    kVersionAndCode));
}

void Engine::apply_rule(int rule) {
    rule_ = rule;
    if (!started() || session_.game().id == game_for_rule(rule)) return;
    // A new rule in the middle of a game keeps the moves that are legal under it.
    const auto moves = session_.history();
    if (auto done = session_.select_game(game_for_rule(rule), size_); !done) {
        if (log_ != nullptr) *log_ << "sente: " << done.error().message << '\n';
        return;
    }
    for (const std::string& move : moves) {
        if (!session_.play(move)) {
            if (log_ != nullptr) *log_ << "sente: " << move << " is not legal under the new rule\n";
            break;
        }
    }
}

void Engine::apply_memory(long long bytes) {
    if (bytes == 0) {
        (void)session_.set_hash_size(hash_mb_);
        return;
    }
    const long long budget = (bytes / (1024 * 1024) - kFixedMemoryMb) / 2;
    const std::size_t megabytes = static_cast<std::size_t>(
        std::clamp<long long>(budget, 1, static_cast<long long>(hash_mb_)));
    if (auto done = session_.set_hash_size(megabytes); !done && log_ != nullptr)
        *log_ << "sente: " << done.error().message << '\n';
}

// ---- BOARD and SWAP2BOARD --------------------------------------------------------------------

void Engine::collect(std::string_view line) {
    if (text::upper(line) == "DONE") {
        const Collecting what = std::exchange(collecting_, Collecting::nothing);
        if (!collect_error_.empty()) return error(collect_error_);
        if (what == Collecting::swap2) return finish_swap2();
        return finish_board(what == Collecting::board);
    }
    if (!collect_error_.empty()) return;
    std::array<long long, 3> n{};
    const bool board = collecting_ != Collecting::swap2;
    if (!parse_numbers(line, board ? 3 : 2, n) || n[0] < 0 || n[1] < 0 || n[0] >= size_ ||
        n[1] >= size_ || (board && (n[2] < 1 || n[2] > 3))) {
        collect_error_ =
            fmt::format("bad line '{}' (expected x,y{} on the board)", line, board ? ",field" : "");
        return;
    }
    for (const Stone& stone : stones_) {
        if (stone.x == n[0] && stone.y == n[1] && n[2] != 3 && stone.field != 3) {
            collect_error_ = fmt::format("{},{} is given twice", n[0], n[1]);
            return;
        }
    }
    stones_.push_back(
        Stone{static_cast<int>(n[0]), static_cast<int>(n[1]), board ? static_cast<int>(n[2]) : 0});
}

Engine::Game Engine::current_game() const {
    return Game{session_.start_position_text(), session_.played_moves()};
}

// Puts back a game taken with current_game(): its start, then its moves (all legal, since the
// session played them before).
void Engine::restore(const Game& game) {
    if (!session_.set_position(game.start)) session_.new_game();
    for (const PlayedMove& move : game.moves) (void)session_.play(move.color, move.move);
}

void Engine::finish_board(bool answer) {
    std::vector<Stone> own;
    std::vector<Stone> theirs;
    for (const Stone& stone : stones_) {
        if (stone.field == 1) own.push_back(stone);
        if (stone.field == 2) theirs.push_back(stone);
    }
    // sente is to move: black when both have as many stones, white when black has one more.
    Color me;
    if (own.size() == theirs.size()) {
        me = Color::black;
    } else if (theirs.size() == own.size() + 1) {
        me = Color::white;
    } else {
        return error(fmt::format("{} own and {} opponent's stones: not sente's turn", own.size(),
                                 theirs.size()));
    }
    const auto color_of = [&](const Stone& stone) { return stone.field == 1 ? me : opponent(me); };
    // A board sente cannot take leaves the game it had.
    const Game before = current_game();
    const auto refuse = [&](std::string_view why) {
        restore(before);
        error(why);
    };

    // The stones as moves: in the order given when it alternates, else black and white in turn.
    std::vector<Stone> order;
    for (const Stone& stone : stones_)
        if (stone.field != 3) order.push_back(stone);
    const bool alternates = [&] {
        for (std::size_t i = 0; i < order.size(); ++i)
            if (color_of(order[i]) != (i % 2 == 0 ? Color::black : Color::white)) return false;
        return true;
    }();
    if (!alternates) {
        const auto& black = me == Color::black ? own : theirs;
        const auto& white = me == Color::black ? theirs : own;
        order.clear();
        for (std::size_t i = 0; i < black.size(); ++i) {
            order.push_back(black[i]);
            if (i < white.size()) order.push_back(white[i]);
        }
    }
    session_.new_game();
    bool played = true;
    for (const Stone& stone : order) {
        if (!session_.play(color_of(stone), vertex(stone.x, stone.y))) {
            played = false;
            break;
        }
    }
    if (!played) {
        // An order the rules refuse (a renju foul, a five on the way): set the stones up as a
        // position instead, which keeps no history to take back.
        std::vector<PlayedMove> stones;
        for (const Stone& stone : order)
            stones.push_back({color_of(stone), vertex(stone.x, stone.y)});
        if (auto set = session_.set_stones(stones, me); !set) return refuse(set.error().message);
    }
    if (session_.outcome().over) return refuse("the game on that board is over");
    if (!answer) return;  // YXBOARD: the position only, a YXNBEST or TURN follows
    answer_move();
}

void Engine::finish_swap2() {
    const std::size_t count = stones_.size();
    if (count == 0) {
        // Three stones to open with, two black and one white, near the centre and roughly even.
        const int c = size_ / 2;
        return say(fmt::format("{},{} {},{} {},{}", c, c, c + 1, c, c - 1, c + 2));
    }
    if (count != 3 && count != 5)
        return error(fmt::format("SWAP2BOARD with {} stones (expected 0, 3 or 5)", count));
    // The opening is weighed on its own board; the game sente had stays as it was.
    const Game before = current_game();
    session_.new_game();
    for (std::size_t i = 0; i < count; ++i) {
        const Color color = i % 2 == 0 ? Color::black : Color::white;
        if (auto played = session_.play(color, vertex(stones_[i].x, stones_[i].y)); !played) {
            restore(before);
            return error(played.error().message);
        }
    }
    // White is to move: take black (SWAP) when white is clearly worse, else play white's move.
    const auto report = think(false);
    restore(before);
    if (!report) return error(report.error().message);
    if (report->search.score < -kSwapMargin && report->search.depth > 0) return say("SWAP");
    say(xy(report->move));
}

// ---- Thinking --------------------------------------------------------------------------------

Result<MoveReport> Engine::think(bool commit, int lines) {
    const Color color = session_.side_to_move();
    SearchLimits limits;
    limits.lines = lines;
    if (timeout_turn_ == 0) {
        limits.movetime = kFastestMove;
    } else if (timeout_turn_ > 0) {
        limits.movetime = turn_budget(timeout_turn_);
    }
    TimeControl control;
    if (timeout_match_ > 0) {
        control.kind = TimeControl::Kind::absolute;
        control.main_time = Milliseconds{timeout_match_};
    }
    if (control.kind != session_.time_control().kind ||
        control.main_time != session_.time_control().main_time) {
        session_.set_time_control(control);
    }
    if (control.kind != TimeControl::Kind::none && time_left_ >= 0)
        session_.set_time_left(color, ClockReading{Milliseconds{time_left_}, 0});

    const protocol::InterruptGuard interrupt(
        reader(), [this] { session_.request_stop(); }, is_stop_line);
    return session_.genmove(color, limits, commit);
}

void Engine::answer_move(int lines) {
    if (session_.outcome().over) return error("the game is over");
    const auto report = think(true, lines);
    if (!report) return error(report.error().message);
    const SearchInfo& info = report->search;
    const auto line_of = [&](const std::vector<std::string>& moves) {
        std::string text;
        for (const std::string& move : moves) text += ' ' + xy(move);
        return text;
    };
    // The analysed moves as Rapfi and Yixin-Board show them: (rank) value | depth | line.
    if (lines > 1 || (show_detail_ & kShowDetail) != 0) {
        for (std::size_t i = 0; i < info.lines.size() && i < static_cast<std::size_t>(lines); ++i)
            say(fmt::format("MESSAGE ({}) {} | depth {} |{}", i + 1, info.lines[i].score_text,
                            info.depth, line_of(info.lines[i].pv)));
    }
    if (log_ != nullptr) {
        say(fmt::format("MESSAGE depth {} score {} nodes {} nps {} time {} pv{}", info.depth,
                        info.score_text.empty() ? "-" : info.score_text, info.nodes,
                        info.nodes_per_second(), info.elapsed.count(), line_of(info.pv)));
    }
    say(xy(report->move));
}

// YXNBEST N: the N best moves' values (MESSAGE lines), then the best move, played like TURN's.
void Engine::best_moves(std::string_view args) {
    long long lines = 0;
    if (!parse_int(args, lines) || lines < 1) return error("YXNBEST needs a number of moves");
    if (!require_started()) return;
    answer_move(static_cast<int>(std::min(lines, kMaxLines)));
}

// YXSHOWFORBID: black's forbidden points under renju (none in the other rules or when white is
// to move), each as two-digit x and y, as Yixin-Board reads them.
void Engine::show_forbidden() {
    if (!require_started()) return;
    std::string points;
    const BoardView view = session_.board_view();
    for (const BoardView::Cell& cell : view.cells) {
        int x = 0;
        int y = 0;
        if (cell.mark == BoardView::Mark::forbidden && to_xy(cell.name, x, y))
            points += fmt::format("{:02}{:02}", x, y);
    }
    say(fmt::format("FORBID {}.", points));
}

}  // namespace sente::gomocup
