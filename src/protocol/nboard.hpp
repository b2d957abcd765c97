#pragma once

// The NBoard protocol (version 2), which the NBoard Othello GUI speaks to engines such as Edax
// and NTest: the GUI sends a game in GGF (`set game`) and the moves after it (`move F5`), asks
// for sente's move (`go`, answered `=== F5/+1.25/0.52`, without playing it) or for the values of
// its best moves (`hint N`, answered by `search` lines), and synchronises with `ping N` / `pong
// N`. See protocol/NBOARD.md.

#include <array>
#include <iosfwd>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "protocol/serve.hpp"
#include "sente/result.hpp"
#include "sente/session.hpp"

namespace sente::nboard {

// Whether `line` opens an NBoard session ("nboard 2"), for a bare `sente` choosing its protocol
// from the first line it reads.
bool is_nboard_command(std::string_view line);

class Engine : public protocol::FrontEnd {
  public:
    // `session` is switched to Othello. `log` receives diagnostics (nullptr: quiet).
    Engine(Session& session, std::ostream& out, std::ostream* log);

    // run() reads and answers commands until `quit` or the end of input. A `ping` (or `quit`)
    // arriving during a search stops it; the end of input stops only a search that may run for
    // long (Session::stop_long_searches).

    // Answers one input line. False once `quit` was read.
    bool handle_line(std::string_view line) override;

  private:
    void refuse_long_line() override;
    void input_ended() override { session_.stop_long_searches(); }
    // The commands by name; `run` answers (or not) and may end the session.
    struct Command {
        std::string_view name;
        void (*run)(Engine& engine, std::string_view args);
    };
    static std::span<const Command> commands();

    void note(std::string_view text);  // on the log only
    void set(std::string_view args);
    void set_game(std::string_view ggf);
    void set_depth(std::string_view args);
    void move(std::string_view args);
    void go();
    void hint(std::string_view args);
    void show_progress(const SearchInfo& info);
    Result<MoveReport> search(int lines);

    Session& session_;
    std::ostream* log_;
    SearchLimits base_limits_;  // the command line's limits, which `set depth` tightens
    // Each side's time for the game (GGF TI, TB, TW), indexed by Color.
    std::array<std::optional<Milliseconds>, 2> clock_;
    std::array<Milliseconds, 2> used_{};  // the time each side has used, by the GGF and moves
    int hint_lines_ = 0;                  // while a hint searches: the moves it reports
    bool quit_ = false;
};

}  // namespace sente::nboard
