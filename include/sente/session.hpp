#pragma once

// sente::Session: one game in play, with its history, clock, level and engine.
//
// This is the game-agnostic boundary between every front end (GTP, the terminal, an embedder)
// and the games and search behind it. Moves go in and come out as text in the selected game's
// notation; nothing here exposes a position or a bitboard. No function throws: failures come
// back as sente::Error values with a code and a readable message, and a failed call changes
// nothing.
//
// A Session is not thread-safe, with two exceptions: request_stop() and stop_long_searches()
// may be called from any thread while genmove() runs, and make it return the best move found so
// far.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "sente/board_view.hpp"
#include "sente/limits.hpp"
#include "sente/result.hpp"
#include "sente/types.hpp"

namespace sente {

// Engine settings a session starts with (the command-line options map onto these).
struct EngineSettings {
    int level = 0;                   // 0: the game's strongest level
    int threads = 1;                 // search threads
    std::size_t hash_mb = 64;        // transposition table size
    SearchLimits limits;             // fixed limits applied to every genmove (0 = none)
    Milliseconds move_overhead{50};  // reserved per move for process and GUI lag
    Orientation orientation = Orientation::native;
    // How much worse than the best a move from an opening book may be, in the game's score units
    // (Othello: hundredths of a disc), for varied games in matches; 0 plays the best book move.
    int variety = 0;
    // Whether the strong levels may play from an opening book (off: they always search).
    bool book = true;
    // Seeds the choices among equal or near-equal moves (the easy levels, the book); 0 seeds
    // from the system's random device, so that games vary from run to run.
    std::uint64_t seed = 0;
};

class Session {
  public:
    Session();
    explicit Session(const EngineSettings& settings);
    ~Session();
    Session(Session&&) noexcept;
    Session& operator=(Session&&) noexcept;

    // ---- Games -------------------------------------------------------------------------------
    // Every game sente plays, in the order `list_games` shows them.
    static std::span<const GameInfo> games();
    // Maps a file of complete tables (Soldiers and Generals, written by `sente solve --game
    // soldiers --tables --save-tables`), with which full strength plays the positions they cover
    // perfectly. Shared by every session of the process.
    static Result<void> add_tables_file(const std::string& path);
    // Loads a Gomoku network file (written by scripts/train-gomoku-net), with which the games
    // started from now on evaluate under the rules and on the sizes it was trained for, instead
    // of the network built into sente. Shared by every session of the process.
    static Result<void> use_gomoku_network(const std::string& path);
    // The games started from now on evaluate with the hand-made evaluation, no network.
    static void use_hand_made_gomoku_evaluation();
    // Loads an Othello network file (written by scripts/train-othello-net), whose correction
    // levels 9-10 add to the linear pattern evaluation from now on; shared by every session.
    static Result<void> use_othello_network(const std::string& path);
    // Loads a network file of either game, told apart by its header.
    static Result<void> use_network(const std::string& path);
    // Levels 9-10 of Othello evaluate with the linear pattern evaluation alone.
    static void use_linear_othello_evaluation();
    // Selects a game by id, GTP name or alias, case-insensitively ("othello", "Othello",
    // "reversi"), and starts a new game on `size` (0: the game's default size).
    Result<void> select_game(std::string_view name, int size = 0);
    const GameInfo& game() const;
    int board_size() const;
    // Changes the board size of the current game and starts a new game; a size the game does not
    // support (0 and below included) is refused and changes nothing.
    Result<void> set_board_size(int size);
    void set_orientation(Orientation orientation);
    Orientation orientation() const;

    // ---- The game in play --------------------------------------------------------------------
    void new_game();
    Color side_to_move() const;
    // Plays `move` for `color`. When `color` is not to move but the side to move has no legal
    // move except a pass, that pass is played first (an implicit pass, as Othello GUIs expect);
    // in Gomoku, which has no pass, the turn is handed to `color` (so one colour may move twice
    // in a row, as GTP allows and GUIs setting up a position do). undo() takes the pass or the
    // handover back together with the move. Elsewhere a move out of turn is refused.
    Result<void> play(Color color, std::string_view move);
    // Plays `move` for the side to move.
    Result<void> play(std::string_view move);
    // Legal moves of the side to move in the game's notation (lower case), "pass" when a pass is
    // the only move, and none when the game is over.
    std::vector<std::string> legal_moves() const;
    // Takes back the last move (and an implicit pass played for it). Unlimited, to the start.
    Result<void> undo();
    // Moves played so far, passes included, in order.
    std::vector<std::string> history() const;
    // The same with the colour that played each (not always alternating: see play()).
    std::vector<PlayedMove> played_moves() const;
    Outcome outcome() const;

    // The board for drawing: pieces, marks (legal moves, renju fouls), labels, notes.
    BoardView board_view() const;
    // The board as plain text for people (plain_text(board_view())).
    std::string render() const;
    // The board as rows of X (black), O (white) and . (empty), top row first, one line each.
    std::string board_rows() const;
    // The position in the game's one-line text format (Reversi: 64 squares and the side to move).
    std::string position_text() const;
    // The position the game started from (after new_game(), set_board_size() or set_position()).
    std::string start_position_text() const;
    // Replaces the game with one starting from `text` (history cleared).
    Result<void> set_position(std::string_view text);
    // Replaces the game with one starting from these stones (each a colour and a point in the
    // game's notation) on an empty board of the current size, `to_move` to move, history
    // cleared: a board as GUIs send one, whatever order the stones came in (Gomoku only).
    Result<void> set_stones(std::span<const PlayedMove> stones, Color to_move);

    // ---- Engine ------------------------------------------------------------------------------
    Result<void> set_level(int level);
    int level() const;
    // A short name for a level, to show in help and menus.
    std::string level_name(int level) const;
    // Fixed limits applied to every search from now on (0 = none of that kind).
    void set_limits(const SearchLimits& limits);
    const SearchLimits& limits() const;
    Result<void> set_hash_size(std::size_t megabytes);
    Result<void> set_threads(int threads);
    void set_move_overhead(Milliseconds overhead);

    // Clocks. A time control resets both clocks to its main time; time_left updates one.
    void set_time_control(const TimeControl& control);
    const TimeControl& time_control() const;
    void set_time_left(Color color, ClockReading reading);
    // Charges `used` to `color`'s clock for a move made outside genmove (a person's move), as
    // genmove charges its own.
    void spend_time(Color color, Milliseconds used);
    ClockReading time_left(Color color) const;

    // Chooses a move for `color` within the clock and the limits, and plays it when `commit`.
    // A pass is reported as "pass". Asking for the side not to move fails unless that side's
    // opponent must pass (see play()). When the game is over the answer is a pass and nothing
    // is played.
    Result<MoveReport> genmove(Color color, bool commit = true);
    // As above with explicit limits for this search only (they tighten the session's limits).
    Result<MoveReport> genmove(Color color, const SearchLimits& limits, bool commit);

    // Leaves of the game tree `depth` moves deep from the current position, a forced pass
    // counting as a move and a finished game as one leaf (the move generator's self-check).
    std::uint64_t perft(int depth) const;

    // Called after every completed iteration of a search, on the searching thread.
    void set_progress_callback(std::function<void(const SearchInfo&)> callback);
    // Asks a running genmove() to stop and answer with its best move so far. Thread-safe.
    void request_stop();
    // From now on a genmove() that may search for long (no time limit, only a depth or a node
    // limit of the caller's) stops at once, the one running now included; one with a time limit
    // (a clock, a move time, the default) or a weak level's few plies still searches to it. For
    // a front end whose input has ended: nobody can interrupt a search any more, yet a script
    // that pipes its commands in closes its input at once and still wants full answers.
    // Thread-safe.
    void stop_long_searches();

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace sente
