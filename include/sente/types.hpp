#pragma once

// Plain value types shared by the Session API and its users.

#include <array>
#include <chrono>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace sente {

// The column letters of GTP vertices (Go's convention, which Gomoku follows): a.. without i.
inline constexpr std::string_view kGtpColumnLetters = "abcdefghjklmnopqrstuvwxyz";

// The two sides. Every sente game has two: Reversi and Gomoku say black and white; in Soldiers
// and Generals the generals are white (and move first) and the soldiers black.
enum class Color : std::uint8_t { black = 0, white = 1 };

constexpr Color opponent(Color c) { return c == Color::black ? Color::white : Color::black; }
constexpr std::string_view to_string(Color c) { return c == Color::black ? "black" : "white"; }

// How move text names points. `native` is each game's own notation (Othello: a1 top-left;
// Gomoku: Go-style, row 1 at the bottom). `gogui` is what GoGui draws: row 1 at the bottom.
enum class Orientation : std::uint8_t { native, gogui };

struct GameInfo {
    std::string_view id;        // sente's own name: "othello"
    std::string_view gtp_name;  // what GTP `list_games` answers: "Othello"
    std::string_view title;     // for people: "Reversi / Othello"
    int min_size = 0;
    int max_size = 0;
    int default_size = 0;
    int level_count = 0;  // levels run from 1 (weakest) to level_count (full strength)
    // The fixed positions `sente bench` searches, in the game's position text.
    std::span<const std::string_view> bench_positions;
    // A move names one point, a GTP vertex, which GTP writes in upper case ("D3"). Games whose
    // moves go from one point to another ("c2xc4") keep their own notation, lower case.
    bool point_moves = true;
    // How a person types a move: an example and the notation, for help texts.
    std::string_view move_help;
    // What people call each side, indexed by Color: black and white, or soldiers and generals.
    std::array<std::string_view, 2> side_names{"black", "white"};

    std::string_view side_name(Color color) const {
        return side_names[static_cast<std::size_t>(color)];
    }
};

// The result of a finished game, or `over == false` while it is in play.
struct Outcome {
    bool over = false;
    std::optional<Color> winner;  // empty for a draw (when over)
    int black_points = 0;         // Reversi: discs at the end, empty squares going to the winner
    int white_points = 0;
};

// "B+12", "W+4", "0" (draw) as GTP final_score and SGF RE write it; "" while the game is on.
std::string result_text(const Outcome& outcome);

// One move's value in an analysis (SearchLimits::lines), from the mover's point of view.
struct MoveValue {
    std::string move;
    int score = 0;
    std::string score_text;  // "+3.20", "win by 12", "<= +0.50" for a bound
    std::string label;       // the same in at most six characters, for a board: "+3.2", "+12"
    // Not among the best `lines` moves: its value is `score` or less (score_text says so).
    bool upper_bound = false;
    std::vector<std::string> pv;  // the move and the expected replies
};

// One completed iteration of a search, for progress lines and for the move's report.
struct SearchInfo {
    int depth = 0;
    int score = 0;           // from the mover's point of view, in the game's units
    std::string score_text;  // the score for people: "+3.20", "win by 12", "loss by 4", "draw"
    bool exact = false;      // the value is proven: the whole game tree below was searched
    std::uint64_t nodes = 0;
    std::chrono::milliseconds elapsed{0};
    std::chrono::milliseconds time_limit{0};  // in progress reports: the search's hard limit
    std::vector<std::string> pv;              // principal variation, moves in the game's notation
    // In an analysis: every legal move's value at this depth, best first (empty otherwise).
    std::vector<MoveValue> lines;

    std::uint64_t nodes_per_second() const {
        const auto ms = elapsed.count();
        return ms > 0 ? nodes * 1000 / static_cast<std::uint64_t>(ms) : nodes * 1000;
    }
};

// One move of a game's history: who played it and what, in the game's notation ("pass" too).
struct PlayedMove {
    Color color = Color::black;
    std::string move;
};

// What genmove chose, and how.
struct MoveReport {
    std::string move;  // in the game's notation, lower case ("d3"), or "pass"
    bool pass = false;
    SearchInfo search;  // depth 0 when there was nothing to search (forced pass, single move)
    // The time the clock allowed: stop deepening after half of `soft`, stop at `hard`.
    // Both zero when no time limit applied.
    std::chrono::milliseconds soft_limit{0};
    std::chrono::milliseconds hard_limit{0};
};

}  // namespace sente
