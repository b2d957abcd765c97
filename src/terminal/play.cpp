#include "terminal/play.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <chrono>
#include <istream>
#include <optional>
#include <ostream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "platform/platform.hpp"
#include "record/sgf.hpp"
#include "terminal/analysis_board.hpp"
#include "terminal/interrupt.hpp"
#include "text/text.hpp"

namespace sente::terminal {

namespace {

using Clock = std::chrono::steady_clock;

bool is_human(Seats seats, Color color) {
    switch (seats) {
        case Seats::human_black:
            return color == Color::black;
        case Seats::human_white:
            return color == Color::white;
        case Seats::humans:
            return true;
        case Seats::engines:
            return false;
    }
    return false;
}

std::string trim_lower(std::string_view text) {
    std::string out;
    for (char c : text) {
        if (!std::isspace(static_cast<unsigned char>(c))) {
            out.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
        } else if (!out.empty() && out.back() != ' ') {
            out.push_back(' ');
        }
    }
    if (!out.empty() && out.back() == ' ') out.pop_back();
    return out;
}

// "4:05" or "1:02:03"; tenths under ten seconds, when they matter.
std::string clock_text(Milliseconds time) {
    const auto ms = std::max<long long>(time.count(), 0);
    const long long seconds = ms / 1000;
    if (seconds < 10) return fmt::format("0:0{}.{}", seconds, ms / 100 % 10);
    if (seconds >= 3600) {
        return fmt::format("{}:{:02}:{:02}", seconds / 3600, seconds / 60 % 60, seconds % 60);
    }
    return fmt::format("{}:{:02}", seconds / 60, seconds % 60);
}

// The move lines of the help: each game says how its moves are typed.
std::string move_help(const GameInfo& game) {
    std::string text = fmt::format(
        "  move        play a move: {}\n"
        "  moves       list your legal moves\n",
        game.move_help);
    if (!game.point_moves) {
        text += "  POINT       show where the piece on POINT can go; then type just the target\n";
    }
    return text;
}

constexpr const char* kHelp =
    "  hint        ask sente for a move without playing it\n"
    "  hint N      the values of sente's N best moves, on the board and as a list\n"
    "  analyse     the value of every legal move (hint all)\n"
    "  undo        take back your last move (and sente's answer)\n"
    "  redo        play again what the last undo took back\n"
    "  swap        change sides with sente\n"
    "  level N     change sente's level (1 = weakest)\n"
    "  new         start a new game\n"
    "  save FILE   write the game to an SGF file\n"
    "  load FILE   continue a game from an SGF file (sente's, or an Othello file from Quarry)\n"
    "  board       show the board again\n"
    "  resign      give up this game\n"
    "  help        this text\n"
    "  quit        leave (Ctrl-C too, except while sente thinks)\n"
    "While sente thinks, Ctrl-C makes it play its best move so far.\n";

class Game {
  public:
    Game(Session& session, const PlayOptions& options, std::istream& in, std::ostream& out)
        : session_(session), seats_(options.seats), look_(options.look), in_(in), out_(out) {
        session_.set_progress_callback([this](const SearchInfo& info) { show_progress(info); });
    }

    int run() {
        out_ << fmt::format("sente plays {} at level {} ({}). Type 'help' for commands.\n",
                            session_.game().title, session_.level(),
                            session_.level_name(session_.level()));
        start_over(false);
        for (;;) {
            if (CtrlC::quit_requested()) {
                out_ << "\n";
                return 0;
            }
            if (game_over()) {
                if (!ask_yes("Play again? [y/N] ")) return 0;
                start_over(true);
                continue;
            }
            const Color mover = session_.side_to_move();
            if (!is_human(seats_, mover)) {
                engine_move(mover);
                continue;
            }
            out_ << fmt::format("{}> ", side_name(mover));
            out_.flush();
            std::string line;
            if (!std::getline(in_, line)) {
                out_ << '\n';
                return 0;
            }
            if (out_of_time(mover)) continue;
            if (!command(trim_lower(line), line, mover)) return 0;
        }
    }

  private:
    std::string side_name(Color color) const {
        return std::string(session_.game().side_name(color));
    }

    // A new game (or the first): clocks and redo start afresh.
    void start_over(bool new_game) {
        if (new_game) session_.new_game();
        session_.set_time_control(session_.time_control());  // both clocks full again
        used_ = {};
        redo_.clear();
        resigned_.reset();
        flag_fell_.reset();
        show_board();
    }

    // Announces the end when the game is over by the rules, a resignation or the clock.
    bool game_over() {
        const Outcome outcome = session_.outcome();
        if (resigned_) {
            out_ << fmt::format("{} resigned: {} won.\n", side_name(*resigned_),
                                side_name(opponent(*resigned_)));
        } else if (flag_fell_) {
            out_ << fmt::format("{} ran out of time: {} won.\n", side_name(*flag_fell_),
                                side_name(opponent(*flag_fell_)));
        } else if (outcome.over) {
            announce(outcome);
        } else {
            return false;
        }
        return true;
    }

    // Returns false when the person wants to leave.
    // `text` is the line trimmed and in lower case; `raw` as typed (file names keep their case).
    bool command(const std::string& text, const std::string& raw, Color mover) {
        const std::string selection = std::exchange(selection_, {});
        if (text.empty()) return true;
        if (text == "quit" || text == "exit" || text == "q") return false;
        if (text == "help" || text == "?") {
            out_ << "Commands:\n" << move_help(session_.game()) << kHelp;
        } else if (text == "board") {
            show_board();
        } else if (text == "moves") {
            out_ << "Legal moves: " << text::join(session_.legal_moves()) << '\n';
        } else if (text == "hint") {
            hint(mover);
        } else if (text.rfind("hint ", 0) == 0 || text == "analyse" || text == "analyze") {
            analyse(mover, text.rfind("hint ", 0) == 0 ? text.substr(5) : "all");
        } else if (text == "undo") {
            undo_turn();
        } else if (text == "redo") {
            redo_turn();
        } else if (text == "swap") {
            swap_sides();
        } else if (text == "new") {
            start_over(true);
        } else if (text == "resign") {
            resigned_ = mover;
        } else if (text.rfind("save ", 0) == 0) {
            save(file_argument(raw));
        } else if (text.rfind("load ", 0) == 0) {
            load(file_argument(raw));
        } else if (text.rfind("level", 0) == 0) {
            set_level(text.substr(5));
        } else if (const auto move = move_to(selection, text)) {
            play_human(mover, *move);
        } else if (select(text)) {
            // The piece's moves are shown; its target alone completes the move.
        } else {
            play_human(mover, text);
        }
        return true;
    }

    void play_human(Color mover, const std::string& move) {
        const auto used = std::chrono::duration_cast<Milliseconds>(Clock::now() - turn_start_);
        if (auto played = session_.play(mover, move); !played) {
            out_ << played.error().message << ". Type 'help' for commands.\n";
            return;
        }
        charge(mover, used);
        redo_.clear();  // a new line of play: what was undone is gone
        show_board();
    }

    // Games whose moves go from one point to another ("b2-b3", "b2xb4"): the legal moves of
    // the piece on `point`, each with its target ("b3").
    std::vector<std::pair<std::string, std::string>> moves_from(const std::string& point) const {
        std::vector<std::pair<std::string, std::string>> moves;
        if (session_.game().point_moves) return moves;
        for (const std::string& move : session_.legal_moves()) {
            if (move.size() > point.size() + 1 && move.rfind(point, 0) == 0 &&
                (move[point.size()] == '-' || move[point.size()] == 'x')) {
                moves.emplace_back(move, move.substr(point.size() + 1));
            }
        }
        return moves;
    }

    std::vector<std::string> targets_of(const std::string& point) const {
        std::vector<std::string> targets;
        for (const auto& [move, target] : moves_from(point)) targets.push_back(target);
        return targets;
    }

    // The move of the piece on `selection` to `target`, if it has one.
    std::optional<std::string> move_to(const std::string& selection,
                                       const std::string& target) const {
        for (const auto& [move, to] : moves_from(selection)) {
            if (to == target) return move;
        }
        return std::nullopt;
    }

    // A point with a movable piece of the side to move: shows where it can go.
    bool select(const std::string& point) {
        const auto targets = targets_of(point);
        if (targets.empty()) return false;
        selection_ = point;
        show_board();
        out_ << fmt::format("{} can go to {}. Type the target, or another move.\n", point,
                            text::join(targets));
        return true;
    }

    void hint(Color mover) {
        CtrlC::Thinking thinking(session_);
        if (auto report = session_.genmove(mover, false)) {
            clear_progress();
            out_ << fmt::format("sente suggests {} ({}){}\n", report->move,
                                report->search.score_text,
                                thinking.interrupted() ? ", interrupted" : "");
        }
    }

    // `count` best moves ("all" or a number) with their values, without playing any.
    void analyse(Color mover, const std::string& count) {
        constexpr int kAllMoves = 1000;
        long long lines = kAllMoves;
        if (count != "all") {
            const auto number = text::parse_integer(count, 1);
            if (!number) {
                out_ << "Type 'hint N' with a number N of moves, or 'hint all'.\n";
                return;
            }
            lines = *number;
        }
        SearchLimits limits;
        limits.lines = static_cast<int>(std::min<long long>(lines, kAllMoves));
        CtrlC::Thinking thinking(session_);
        const auto report = session_.genmove(mover, limits, false);
        clear_progress();
        if (!report) {
            out_ << report.error().message << ".\n";
            return;
        }
        const SearchInfo& info = report->search;
        if (info.lines.empty()) {  // a forced pass or a single move: nothing to compare
            out_ << fmt::format("sente suggests {} ({})\n", report->move, info.score_text);
            return;
        }
        out_ << '\n'
             << draw_move_values(session_.board_view(), info.lines, session_.game().point_moves,
                                 look_)
             << fmt::format("\n{} to move, depth {}{}:\n", side_name(mover), info.depth,
                            thinking.interrupted() ? ", interrupted" : "")
             << list_move_values(info.lines);
    }

    // What follows the command word, white space trimmed, case kept.
    static std::string file_argument(std::string_view raw) {
        const auto first = raw.find_first_not_of(" \t");
        const auto space = raw.find_first_of(" \t", first);
        const auto start = raw.find_first_not_of(" \t", space);
        if (space == std::string_view::npos || start == std::string_view::npos) return {};
        const auto end = raw.find_last_not_of(" \t\r");
        return std::string(raw.substr(start, end - start + 1));
    }

    void save(const std::string& path) {
        if (auto saved = record::save_sgf_file(session_, path); !saved) {
            out_ << fmt::format("Cannot save: {}.\n", saved.error().message);
            return;
        }
        out_ << fmt::format("Saved to {}.\n", path);
    }

    void load(const std::string& path) {
        if (auto loaded = record::load_sgf_file(session_, path); !loaded) {
            out_ << fmt::format("Cannot load: {}.\n", loaded.error().message);
            return;
        }
        redo_.clear();
        out_ << fmt::format("Loaded {}: {}, {} moves.\n", path, session_.game().title,
                            session_.history().size());
        show_board();
    }

    void engine_move(Color mover) {
        CtrlC::Thinking thinking(session_);
        const auto start = Clock::now();
        auto report = session_.genmove(mover, true);
        used_[static_cast<std::size_t>(mover)] +=
            std::chrono::duration_cast<Milliseconds>(Clock::now() - start);
        redo_.clear();
        clear_progress();
        const char* interrupted = thinking.interrupted() ? ", interrupted" : "";
        if (!report) {  // cannot happen with the side to move; never loop on it
            out_ << "sente cannot move: " << report.error().message << '\n';
            session_.new_game();
            return;
        }
        if (report->search.depth > 0) {
            out_ << fmt::format("sente ({}) plays {}   depth {}, {}, {:.1f} s{}\n",
                                side_name(mover), report->move, report->search.depth,
                                report->search.score_text, report->search.elapsed.count() / 1000.0,
                                interrupted);
        } else {
            out_ << fmt::format("sente ({}) plays {}{}\n", side_name(mover), report->move,
                                interrupted);
        }
        show_board();
    }

    // A person's move: on the clock, and in the time used.
    void charge(Color mover, Milliseconds used) {
        used_[static_cast<std::size_t>(mover)] += used;
        if (has_clock()) session_.spend_time(mover, used);
    }

    bool has_clock() const { return session_.time_control().kind != TimeControl::Kind::none; }

    // Under sudden death a person whose time is gone loses. (sente never oversteps.)
    bool out_of_time(Color mover) {
        if (session_.time_control().kind != TimeControl::Kind::absolute) return false;
        const auto used = std::chrono::duration_cast<Milliseconds>(Clock::now() - turn_start_);
        if (used < session_.time_left(mover).time_left) return false;
        session_.spend_time(mover, used);
        flag_fell_ = mover;
        return true;
    }

    void undo_turn() {
        const std::vector<std::string> before = session_.history();
        if (!session_.undo()) {
            out_ << "Nothing to undo.\n";
            return;
        }
        // Take back sente's answers too, back to a position where the person is to move.
        while (!is_human(seats_, session_.side_to_move()) && session_.undo()) {
        }
        const std::size_t kept = session_.history().size();
        redo_.emplace_back(before.begin() + static_cast<std::ptrdiff_t>(kept), before.end());
        show_board();
    }

    void redo_turn() {
        if (redo_.empty()) {
            out_ << "Nothing to redo.\n";
            return;
        }
        for (const std::string& move : redo_.back()) {
            if (auto played = session_.play(move); !played) {  // cannot happen: same position
                out_ << "Cannot redo " << move << ": " << played.error().message << '\n';
                break;
            }
        }
        redo_.pop_back();
        show_board();
    }

    void swap_sides() {
        if (seats_ == Seats::human_black || seats_ == Seats::human_white) {
            seats_ = seats_ == Seats::human_black ? Seats::human_white : Seats::human_black;
            redo_.clear();
            out_ << fmt::format(
                "You now play {}.\n",
                side_name(seats_ == Seats::human_black ? Color::black : Color::white));
        } else {
            out_ << "Swap changes sides between you and sente; here nobody plays sente.\n";
        }
    }

    void set_level(const std::string& argument) {
        std::istringstream stream(argument);
        int level = 0;
        if (!(stream >> level)) {
            out_ << fmt::format("Usage: level N (1 to {})\n", session_.game().level_count);
            return;
        }
        if (auto done = session_.set_level(level); !done) {
            out_ << done.error().message << '\n';
            return;
        }
        out_ << fmt::format("Level {}: {}\n", level, session_.level_name(level));
    }

    // The board with the clocks, and the targets of a selected piece. A new turn's time starts
    // when its board is shown.
    void show_board() {
        BoardView view = session_.board_view();
        if (BoardView::Cell* piece = view.find(selection_)) {
            piece->selected = true;
            for (const std::string& target : targets_of(selection_)) {
                if (BoardView::Cell* cell = view.find(target)) cell->mark = BoardView::Mark::target;
            }
        }
        view.notes.push_back(clock_note());
        out_ << '\n' << draw_board(view, look_) << "\n\n";
        turn_start_ = Clock::now();
    }

    std::string clock_note() const {
        std::string note = has_clock() ? "clock" : "time used";
        for (const Color color : {Color::black, Color::white}) {
            const Milliseconds shown = has_clock() ? session_.time_left(color).time_left
                                                   : used_[static_cast<std::size_t>(color)];
            note += fmt::format("  {} {}", side_name(color), clock_text(shown));
        }
        return note;
    }

    // Games that count points (Reversi) give the score; the others only who won.
    void announce(const Outcome& outcome) {
        const bool scored = outcome.black_points + outcome.white_points > 0;
        const std::string score =
            scored ? fmt::format(", {} to {}", outcome.black_points, outcome.white_points) : "";
        if (!outcome.winner) {
            out_ << fmt::format("Game over: a draw{}.\n", score);
        } else {
            out_ << fmt::format("Game over: {} won{}{}.\n", side_name(*outcome.winner), score,
                                scored ? fmt::format(" ({})", result_text(outcome)) : "");
        }
    }

    bool ask_yes(const char* question) {
        out_ << question;
        out_.flush();
        std::string answer;
        if (!std::getline(in_, answer)) return false;
        answer = trim_lower(answer);
        return answer == "y" || answer == "yes";
    }

    void show_progress(const SearchInfo& info) {
        if (!platform::is_terminal(platform::StandardStream::output)) return;
        const std::string limit = info.time_limit.count() > 0
                                      ? fmt::format(" of {:.1f}", info.time_limit.count() / 1000.0)
                                      : std::string{};
        out_ << fmt::format(
            "\r\033[K  thinking: depth {}  {}  best {}  {} nodes  {:.1f}{} s  (Ctrl-C: move now)",
            info.depth, info.score_text, info.pv.empty() ? "-" : info.pv.front(), info.nodes,
            info.elapsed.count() / 1000.0, limit);
        out_.flush();
        progress_shown_ = true;
    }

    void clear_progress() {
        if (!progress_shown_) return;
        out_ << "\r\033[K";
        progress_shown_ = false;
    }

    Session& session_;
    Seats seats_;
    Look look_;
    std::istream& in_;
    std::ostream& out_;
    bool progress_shown_ = false;
    // What each undo took back, the latest last, for redo.
    std::vector<std::vector<std::string>> redo_;
    std::string selection_;  // a piece whose targets are shown (Soldiers and Generals)
    std::optional<Color> resigned_;
    std::optional<Color> flag_fell_;
    std::array<Milliseconds, 2> used_{};  // thinking time of each side this game
    Clock::time_point turn_start_ = Clock::now();
};

}  // namespace

int play(Session& session, const PlayOptions& options, std::istream& in, std::ostream& out) {
    const CtrlC ctrl_c;
    Game game(session, options, in, out);
    return game.run();
}

}  // namespace sente::terminal
