#pragma once

// Soldiers and Generals as the search and the Session see it: the game concept's types and
// static functions.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <fmt/format.h>

#include "games/soldiers/eval.hpp"
#include "games/soldiers/notation.hpp"
#include "games/soldiers/perfect_play.hpp"
#include "games/soldiers/position.hpp"
#include "search/move_choice.hpp"
#include "search/move_list.hpp"
#include "search/score.hpp"
#include "search/score_text.hpp"
#include "search/search.hpp"
#include "sente/result.hpp"
#include "sente/types.hpp"

namespace sente::soldiers {

struct SoldiersGame : search::GameDefaults {
    using Position = soldiers::Position;
    using Move = soldiers::Move;
    using Undo = soldiers::Undo;
    // Soldiers have at most 4 moves each and every move needs its own empty point next to a
    // soldier, so 4 * 32 bounds an 8x8 board; generals have at most 8 each.
    using MoveList = search::MoveList<Move, 128>;
    struct Evaluator {
        EvalKind kind = EvalKind::full;
    };

    // Wins are scored by how soon they come (the search keeps such scores relative to the node
    // in its table), so that a won game is won rather than drawn by shuffling.
    static constexpr bool kScoresByDistance = true;

    // ---- Search --------------------------------------------------------------------------
    static void generate_moves(const Position& pos, MoveList& list) {
        if (is_game_over(pos)) return;
        for_each_move(pos, [&](Move move) { list.push(move); });
    }
    static Undo make_move(Position& pos, Move move) { return soldiers::make_move(pos, move); }
    static void unmake_move(Position& pos, Move move, Undo undo) {
        soldiers::unmake_move(pos, move, undo);
    }
    static bool is_game_over(const Position& pos) { return soldiers::is_game_over(pos); }
    static search::Score terminal_score(const Position& pos, int ply) {
        const Status result = status(pos);
        if (result == Status::draw_by_repetition || result == Status::draw_by_quiet_plies) return 0;
        const Color winner = result == Status::generals_win ? kGenerals : kSoldiers;
        return winner == pos.side ? win_at(ply) : -win_at(ply);
    }
    // Nothing beats a win at `ply` by its own move: bounds for the search (HasWinAtPly).
    static constexpr search::Score win_at(int ply) { return search::kWin + kMaxDistance - ply; }
    static search::Score evaluate(const Position& pos, const Evaluator& eval) {
        return soldiers::evaluate(pos, eval.kind);
    }
    static int order_score(const Position& pos, Move move, int /*depth*/) {
        return move_order_score(pos, move);
    }
    static std::uint64_t hash(const Position& pos) { return position_key(pos); }
    static Color side_to_move(const Position& pos) { return pos.side; }
    static std::uint16_t pack(Move move) {
        return move.is_none() ? 0 : static_cast<std::uint16_t>(move.from * 64 + move.to + 1);
    }
    static Move unpack(std::uint16_t packed) {
        if (packed == 0) return Move::none();
        return Move{static_cast<std::uint8_t>((packed - 1) / 64),
                    static_cast<std::uint8_t>((packed - 1) % 64)};
    }

    // ---- Session -------------------------------------------------------------------------
    // The bench positions: the four start positions, and one position from a game level 6
    // played against itself on each size (after 9, 12, 14 and 17 plies).
    static constexpr std::array<std::string_view, 8> kBenchPositions = {
        "SSSSS/SSSSS/5/1G1G1/5 g 0 1",
        "SSSSSS/SSSSSS/SSSSSS/6/2GG2/6 g 0 1",
        "SSSSSSS/SSSSSSS/SSSSSSS/SSSSSSS/7/2GGG2/7 g 0 1",
        "SSSSSSSS/SSSSSSSS/SSSSSSSS/SSSSSSSS/SSSSSSSS/8/2GGGG2/8 g 0 1",
        "SGS1S/SS1SS/2S2/1G3/5 s 4 5",
        "S1SSSS/SSSSSS/SSGS1S/3G2/6/6 g 3 7",
        "SSSSSSS/SSSSSSS/SS1SSSS/2SGS1S/1SG4/2G4/7 g 1 8",
        "SSSSSSSS/SSSSSSSS/SSSSSSSS/S1S1SSSS/1SS1G1SS/S2GS3/4G3/2G5 s 4 9",
    };

    static const GameInfo& info() {
        static const GameInfo kInfo{
            "soldiers",
            "Soldiers",
            "Soldiers and Generals (兵将棋)",
            kMinSize,
            kMaxSize,
            5,
            10,
            kBenchPositions,
            false,
            "b2-b3 steps (files a.., rank 1 at the bottom); b2xb4 or b2b4 captures",
            {"soldiers", "generals"}};
        return kInfo;
    }
    static constexpr std::array<std::string_view, 4> kAliases = {
        "soldiers-and-generals", "generals", "bingjiangqi", "兵将棋"};

    static Position start_position(int size) { return soldiers::start_position(size); }
    static int board_size(const Position& pos) { return pos.size; }
    static bool is_pass(Move) { return false; }
    static Result<Move> parse_move(std::string_view text, Orientation) {
        return soldiers::parse_move(text);
    }
    static std::string format_move(Move move, Orientation) { return soldiers::format_move(move); }
    static Result<void> check_move(const Position& pos, Move move, Orientation) {
        return soldiers::check_move(pos, move);
    }
    static Outcome outcome(const Position& pos) { return soldiers::outcome(pos); }
    static BoardView board_view(const Position& pos, Move last, Orientation) {
        return soldiers::board_view(pos, last);
    }
    static std::string board_rows(const Position& pos, Orientation) {
        return soldiers::board_rows(pos);
    }
    static std::string format_position(const Position& pos) {
        return soldiers::format_position(pos);
    }
    static Result<Position> parse_position(std::string_view text) {
        return soldiers::parse_position(text);
    }
    // Moves the side to move still expects to make, for the time manager: captures take time,
    // and so does closing in on the generals.
    static int moves_left(const Position& pos) { return 10 + 2 * popcount(pos.soldiers); }

    // ---- Levels --------------------------------------------------------------------------
    struct Level {
        std::string_view name;
        Evaluator eval;
        int max_depth;  // 0: no depth limit (the clock decides)
    };
    // Level 1 is the source app's player; depth and the full evaluation come in from there.
    static constexpr std::array<Level, 10> kLevels = {{
        {"greedy, one ply (the app's player)", {EvalKind::greedy}, 1},
        {"greedy, two plies", {EvalKind::greedy}, 2},
        {"three plies", {EvalKind::full}, 3},
        {"four plies", {EvalKind::full}, 4},
        {"five plies", {EvalKind::full}, 5},
        {"six plies", {EvalKind::full}, 6},
        {"eight plies", {EvalKind::full}, 8},
        {"ten plies", {EvalKind::full}, 10},
        {"strong (the clock decides)", {EvalKind::full}, 0},
        {"full strength", {EvalKind::full}, 0},
    }};
    static const Level& level(int number) { return kLevels[number - 1]; }

    // Full strength plays perfectly where complete tables cover the position (perfect_play.hpp);
    // elsewhere it searches.
    static std::optional<search::SearchResult<Move>> known_move(const Position& pos,
                                                                const search::MoveChoice& choice) {
        if (choice.level != static_cast<int>(kLevels.size())) return std::nullopt;
        const auto perfect = perfect_move(pos, choice.limits.time);
        if (!perfect) return std::nullopt;
        search::SearchResult<Move> result;
        result.best = perfect->move;
        result.info.exact = true;
        result.info.pv = perfect->line.empty() ? std::vector<Move>{perfect->move} : perfect->line;
        // A proven result, but no exact count of plies to the end: the tables measure each
        // stretch between captures, and a capture may start a longer one.
        const search::Score win = search::kWin;
        switch (perfect->value) {
            case Value::win:
                result.info.score = win;
                result.info.score_text = "win (tables)";
                break;
            case Value::loss:
                result.info.score = -win;
                result.info.score_text = "loss (tables)";
                break;
            case Value::draw:
                result.info.score = 0;
                result.info.score_text = "draw (tables)";
                break;
        }
        return result;
    }

    static std::string score_text(search::Score score, bool exact) {
        return search::distance_score_text(score, exact, kMaxDistance);
    }

  private:
    // Proven results sit above kWin by how many plies are left of this many.
    static constexpr int kMaxDistance = 500;
};

}  // namespace sente::soldiers
