#pragma once

// The Gomocup (Piskvork) front end: the protocol of Gomoku tournament managers and GUIs
// (protocol/GOMOCUP.md). Commands come one per line (CR, LF or CRLF); the brain answers with a
// move "x,y" (zero-based, (0,0) top-left), OK, ERROR or UNKNOWN, and may add MESSAGE lines.
// stdin is read on its own thread, so that END, STOP or YXSTOP stop a running search.

#include <cstddef>
#include <iosfwd>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "protocol/serve.hpp"
#include "sente/limits.hpp"
#include "sente/session.hpp"

namespace sente::gomocup {

// Whether `line` starts with a Gomocup command (for a bare `sente` choosing its protocol from the
// first line it reads).
bool is_gomocup_command(std::string_view line);

// The Gomocup front end: what Gomocup's managers call a brain, named as the GTP and NBoard front
// ends are.
class Engine : public protocol::FrontEnd {
  public:
    // `log` receives diagnostics and each search's progress (nullptr: quiet, which also leaves
    // out the MESSAGE line that sums up each search). `hash_mb` is the table size when the manager
    // sets no memory limit.
    Engine(Session& session, std::ostream& out, std::ostream* log, std::size_t hash_mb);

    // run() reads and answers commands until END or the end of input. The end of input stops
    // only a search that may run for long (Session::stop_long_searches).

    // Answers one input line. False once END was read.
    bool handle_line(std::string_view raw) override;

  private:
    bool cr_ends_lines() const override { return true; }
    void refuse_long_line() override;
    void input_ended() override { session_.stop_long_searches(); }
    struct Stone {
        int x;
        int y;
        int field;  // BOARD: 1 own, 2 the opponent's, 3 a winning-line marker; SWAP2BOARD: 0
    };
    // BOARD (then answer), YXBOARD (the position only), SWAP2BOARD.
    enum class Collecting { nothing, board, position, swap2 };
    // A game as the session has it, to put back when a command is refused.
    struct Game {
        std::string start;
        std::vector<PlayedMove> moves;
    };
    Game current_game() const;
    void restore(const Game& game);

    void error(std::string_view why);
    bool started() const { return size_ > 0; }
    bool require_started();
    std::string vertex(int x, int y) const;
    bool to_xy(std::string_view vertex, int& x, int& y) const;
    std::string xy(std::string_view vertex) const;

    // The commands by name (upper case); `run` answers and may end the session (END).
    struct Command {
        std::string_view name;
        void (*run)(Engine& brain, std::string_view args);
    };
    static std::span<const Command> commands();

    void start_collecting(Collecting what);  // BOARD, YXBOARD, SWAP2BOARD: stones follow
    void start(std::string_view args, bool rectangular);
    void restart();
    void begin();
    void turn(std::string_view args);
    void takeback(std::string_view args);
    void info(std::string_view args);
    void about();
    void collect(std::string_view line);
    void finish_board(bool answer);
    void finish_swap2();
    void apply_rule(int rule);
    void apply_memory(long long bytes);

    // Searches for the side to move and answers with its move (played when `commit`), with the
    // values of its `lines` best moves when more than one.
    Result<MoveReport> think(bool commit, int lines = 0);
    void answer_move(int lines = 0);
    void best_moves(std::string_view args);
    void show_forbidden();
    void show_realtime(const SearchInfo& info);

    Session& session_;
    std::ostream* log_;
    std::size_t hash_mb_;
    int size_ = 0;  // 0 until START
    int rule_ = 0;
    long long timeout_turn_ = -1;  // milliseconds; -1: not given
    long long timeout_match_ = -1;
    long long time_left_ = -1;
    long long show_detail_ = 0;  // INFO SHOW_DETAIL bits
    Collecting collecting_ = Collecting::nothing;
    std::vector<Stone> stones_;
    std::string collect_error_;
    bool ended_ = false;
};

}  // namespace sente::gomocup
