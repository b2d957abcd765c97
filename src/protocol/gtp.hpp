#pragma once

// The GTP version 2 front end: reads commands, drives a Session, writes replies.
// stdout carries protocol only; progress and diagnostics go to the log stream (stderr).

#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "protocol/gtp_input.hpp"
#include "protocol/serve.hpp"
#include "sente/result.hpp"
#include "sente/session.hpp"

namespace sente::gtp {

class Engine : public protocol::FrontEnd {
  public:
    // `log` receives search progress; nullptr keeps quiet.
    Engine(Session& session, std::ostream& out, std::ostream* log);

    // run() reads and answers commands until `quit` or the end of input. "# interrupt" (GoGui)
    // stops a running search, which then answers with its best move so far. The end of input
    // stops only a search that may run for long (Session::stop_long_searches): a script that
    // pipes its commands in still gets full answers.

    // Answers one raw input line (preprocessing included). False once `quit` was answered.
    bool handle_line(std::string_view raw) override;

    // Command names in the order list_commands gives them.
    std::vector<std::string_view> command_names() const;

  private:
    void refuse_long_line() override;
    void input_ended() override { session_.stop_long_searches(); }
    int exit_status() override;
    using Args = std::vector<std::string>;
    using Reply = Result<std::string>;
    using Handler = Reply (Engine::*)(const Args&);
    struct CommandSpec {
        std::string_view name;
        Handler handler;
    };

    void reply(const Command& command, const Reply& result);
    // `status` is '=' or '?'; `text` loses any blank lines, which would end the reply early.
    void write_reply(const std::optional<std::string>& id, char status, std::string_view text);
    const CommandSpec* find(std::string_view name) const;

    Reply protocol_version(const Args&);
    Reply name(const Args&);
    Reply version(const Args&);
    Reply known_command(const Args&);
    Reply list_commands(const Args&);
    Reply quit(const Args&);
    Reply boardsize(const Args&);
    Reply clear_board(const Args&);
    Reply komi(const Args&);
    Reply play(const Args&);
    Reply genmove(const Args&);
    Reply reg_genmove(const Args&);
    Reply undo(const Args&);
    Reply showboard(const Args&);
    Reply final_score(const Args&);
    Reply list_games(const Args&);
    Reply set_game(const Args&);
    Reply time_settings(const Args&);
    Reply time_left(const Args&);
    Reply kgs_time_settings(const Args&);
    Reply set_level(const Args&);
    Reply rules_game_id(const Args&);
    Reply rules_board_size(const Args&);
    Reply rules_board(const Args&);
    Reply rules_legal_moves(const Args&);
    Reply rules_side_to_move(const Args&);
    Reply rules_final_result(const Args&);
    Reply loadsgf(const Args&);
    Reply printsgf(const Args&);
    Reply sente_position(const Args&);
    Reply sente_hash(const Args&);
    Reply sente_threads(const Args&);
    Reply gogui_interrupt(const Args&);
    Reply gogui_analyze_commands(const Args&);
    Reply sente_analyze(const Args&);
    Reply sente_analyze_gfx(const Args&);

    Reply generate(const Args& args, bool commit);
    // The values of the best moves for a colour (COLOR [LINES]), changing nothing.
    Result<MoveReport> analyse(const Args& args);
    // genmove for `color` within `limits` (extra to the session's), stopped by "# interrupt".
    Result<MoveReport> search(Color color, const SearchLimits& limits, bool commit);
    // A move as GTP writes it: a vertex in upper case, other notations as the game writes them.
    std::string vertex(std::string_view move) const;
    void log_progress(const SearchInfo& info);

    Session& session_;
    std::ostream* log_;
    Color searching_ = Color::black;  // the colour genmove is searching for
    bool quit_ = false;
    bool output_lost_ = false;  // a reply could not be written: stdout is gone
    std::vector<CommandSpec> commands_;
};

// The text a GTP reply carries for an error: the canonical GTP strings where one exists.
std::string error_text(const Error& error);

}  // namespace sente::gtp
