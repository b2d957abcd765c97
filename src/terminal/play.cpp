#include "terminal/play.hpp"

#include <unistd.h>

#include <cctype>
#include <istream>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "record/sgf.hpp"
#include "terminal/interrupt.hpp"

namespace sente::terminal {

namespace {

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

std::string join(const std::vector<std::string>& items) {
    std::string out;
    for (const auto& item : items) out += (out.empty() ? "" : " ") + item;
    return out;
}

// The move line of the help: each game says how its moves are typed.
std::string move_help(const GameInfo& game) {
    return fmt::format(
        "  move        play a move: {}\n"
        "  moves       list your legal moves\n",
        game.move_help);
}

constexpr const char* kHelp =
    "  hint        ask sente for a move without playing it\n"
    "  undo        take back your last move (and sente's answer)\n"
    "  redo        play again what the last undo took back\n"
    "  swap        change sides with sente\n"
    "  level N     change sente's level (1 = weakest)\n"
    "  new         start a new game\n"
    "  save FILE   write the game to an SGF file\n"
    "  load FILE   continue a game from an SGF file (sente's, or an Othello file from Quarry)\n"
    "  board       show the board again\n"
    "  help        this text\n"
    "  quit        leave (Ctrl-C too, except while sente thinks)\n"
    "While sente thinks, Ctrl-C makes it play its best move so far.\n";

class Game {
  public:
    Game(Session& session, Seats seats, std::istream& in, std::ostream& out)
        : session_(session), seats_(seats), in_(in), out_(out) {
        session_.set_progress_callback([this](const SearchInfo& info) { show_progress(info); });
    }

    int run() {
        out_ << fmt::format("sente plays {} at level {} ({}). Type 'help' for commands.\n",
                            session_.game().title, session_.level(),
                            session_.level_name(session_.level()));
        show_board();
        for (;;) {
            if (CtrlC::quit_requested()) {
                out_ << "\n";
                return 0;
            }
            const Outcome outcome = session_.outcome();
            if (outcome.over) {
                announce(outcome);
                if (!ask_yes("Play again? [y/N] ")) return 0;
                session_.new_game();
                show_board();
                continue;
            }
            const Color mover = session_.side_to_move();
            if (!is_human(seats_, mover)) {
                engine_move(mover);
                continue;
            }
            out_ << fmt::format("{}> ", to_string(mover));
            out_.flush();
            std::string line;
            if (!std::getline(in_, line)) {
                out_ << '\n';
                return 0;
            }
            if (!command(trim_lower(line), line, mover)) return 0;
        }
    }

  private:
    // Returns false when the person wants to leave.
    // `text` is the line trimmed and in lower case; `raw` as typed (file names keep their case).
    bool command(const std::string& text, const std::string& raw, Color mover) {
        if (text.empty()) return true;
        if (text == "quit" || text == "exit" || text == "q") return false;
        if (text == "help" || text == "?") {
            out_ << "Commands:\n" << move_help(session_.game()) << kHelp;
        } else if (text == "board") {
            show_board();
        } else if (text == "moves") {
            out_ << "Legal moves: " << join(session_.legal_moves()) << '\n';
        } else if (text == "hint") {
            CtrlC::Thinking thinking(session_);
            if (auto report = session_.genmove(mover, false)) {
                clear_progress();
                out_ << fmt::format("sente suggests {} ({}){}\n", report->move,
                                    report->search.score_text,
                                    thinking.interrupted() ? ", interrupted" : "");
            }
        } else if (text == "undo") {
            undo_turn();
        } else if (text == "redo") {
            redo_turn();
        } else if (text == "swap") {
            swap_sides();
        } else if (text == "new") {
            session_.new_game();
            redo_.clear();
            show_board();
        } else if (text.rfind("save ", 0) == 0) {
            save(file_argument(raw));
        } else if (text.rfind("load ", 0) == 0) {
            load(file_argument(raw));
        } else if (text.rfind("level", 0) == 0) {
            set_level(text.substr(5));
        } else if (auto played = session_.play(mover, text); played) {
            redo_.clear();  // a new line of play: what was undone is gone
            show_board();
        } else {
            out_ << played.error().message << ". Type 'help' for commands.\n";
        }
        return true;
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
        auto report = session_.genmove(mover, true);
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
                                to_string(mover), report->move, report->search.depth,
                                report->search.score_text, report->search.elapsed.count() / 1000.0,
                                interrupted);
        } else {
            out_ << fmt::format("sente ({}) plays {}{}\n", to_string(mover), report->move,
                                interrupted);
        }
        show_board();
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
            out_ << fmt::format("You now play {}.\n",
                                seats_ == Seats::human_black ? "black" : "white");
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

    void show_board() { out_ << '\n' << session_.render() << "\n\n"; }

    void announce(const Outcome& outcome) {
        const std::string score =
            fmt::format("{} to {}", outcome.black_points, outcome.white_points);
        if (!outcome.winner) {
            out_ << fmt::format("Game over: a draw, {}.\n", score);
        } else {
            out_ << fmt::format("Game over: {} wins, {} ({}).\n", to_string(*outcome.winner), score,
                                result_text(outcome));
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
        if (!isatty(STDOUT_FILENO)) return;
        out_ << fmt::format(
            "\r  thinking: depth {:2}  {}  best {}  {} nodes  {:.1f} s  (Ctrl-C: move now)   ",
            info.depth, info.score_text, info.pv.empty() ? "-" : info.pv.front(), info.nodes,
            info.elapsed.count() / 1000.0);
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
    std::istream& in_;
    std::ostream& out_;
    bool progress_shown_ = false;
    // What each undo took back, the latest last, for redo.
    std::vector<std::vector<std::string>> redo_;
};

}  // namespace

int play(Session& session, Seats seats, std::istream& in, std::ostream& out) {
    const CtrlC ctrl_c;
    Game game(session, seats, in, out);
    return game.run();
}

}  // namespace sente::terminal
