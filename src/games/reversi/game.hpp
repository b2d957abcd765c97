#pragma once

// Reversi as the search and the Session see it: the game concept's types and static functions.

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <fmt/format.h>

#include "games/reversi/book.hpp"
#include "games/reversi/endgame.hpp"
#include "games/reversi/eval.hpp"
#include "games/reversi/notation.hpp"
#include "games/reversi/perft.hpp"
#include "games/reversi/position.hpp"
#include "games/reversi/probcut.hpp"
#include "search/game_concept.hpp"
#include "search/move_choice.hpp"
#include "search/move_list.hpp"
#include "search/score.hpp"
#include "search/timeman.hpp"
#include "sente/result.hpp"
#include "sente/types.hpp"

namespace sente::reversi {

// A level's evaluation settings, as the search passes them around.
struct Evaluator {
    EvalKind kind = EvalKind::stability_mobility;
    // How many plies beyond the search depth the endgame solver may look: 0 solves only what
    // the search would reach anyway (just faster); the strong levels solve earlier.
    int solve_lookahead = 0;
    // Multi-ProbCut's tolerance in tenths of the shallow search's standard error (probcut.hpp);
    // 0: no selectivity, every node searched to its full depth.
    int probcut_t = 0;
    // 0, or the selective endgame (ReversiGame::fit_to_time): only nodes of this many empty
    // squares or fewer are solved, and their values join the search on the evaluation's
    // scale, hundredths of a disc, not as proven results: ProbCut goes on weighing them against
    // evaluations (a window that holds a proven score leaves it nothing to cut).
    int selective_solve_empties = 0;
    // Whether the leaves may leave the network's correction out where the patterns' value lies
    // far beyond the window (eval.hpp). Off, a search's value does not depend on the windows
    // that led to it: what the tools that measure the search need (train probcut).
    bool lazy_network = true;
};

struct ReversiGame : search::GameDefaults {
    using Position = reversi::Position;
    using Move = reversi::Move;
    using Undo = reversi::Position;  // copy-make: the position is 17 bytes
    // At most 33 moves are known to be legal at once in Othello; 64 needs no proof.
    using MoveList = search::MoveList<Move, 64>;
    using Evaluator = reversi::Evaluator;

    // The exact endgame solver at the search's leaves: once the empty squares are within the
    // remaining depth plus the level's lookahead, the node is solved to the end of the game.
    class Solver {
      public:
        Solver(search::TranspositionTable& tt, const std::atomic<bool>& stop,
               search::BusyMoves* busy)
            : solver_(tt, stop, busy) {}
        // Whether solve() answers for this node. The search then takes no cut-off from a table
        // entry that is not exhaustive: an earlier search's estimate would make a solve inexact.
        static bool settles(const Position& pos, const Evaluator& eval, int depth) {
            const int empties = pos.empty_count();
            if (empties > depth + eval.solve_lookahead) return false;
            return eval.selective_solve_empties == 0 || empties <= eval.selective_solve_empties;
        }
        std::optional<search::Score> solve(const Position& pos, const Evaluator& eval, int depth,
                                           search::Score alpha, search::Score beta) {
            if (!settles(pos, eval, depth)) return std::nullopt;
            estimated_ = eval.selective_solve_empties > 0;
            if (estimated_) {
                const int discs = solver_.value(pos.player, pos.opponent, hundredths_at_most(alpha),
                                                hundredths_at_least(beta));
                return discs * kHundredthsPerDisc;
            }
            const int discs =
                solver_.value(pos.player, pos.opponent, discs_at_most(alpha), discs_at_least(beta));
            return to_search_score(discs);
        }
        std::uint64_t nodes() const { return solver_.nodes(); }
        // The last answer was on the evaluation's scale: exact, but no proof for the search.
        bool solved_an_estimate() const { return estimated_; }

      private:
        EndgameSolver solver_;
        bool estimated_ = false;
    };

    // ---- Search --------------------------------------------------------------------------
    static void generate_moves(const Position& pos, MoveList& list) {
        Bitboard moves = legal_moves(pos);
        if (moves == 0) {
            if (legal_moves(pos.opponent, pos.player) != 0) list.push(Move::pass());
            return;
        }
        for (; moves != 0; moves &= moves - 1) list.push(Move::at(lowest_square(moves)));
    }
    static Undo make_move(Position& pos, Move move) {
        const Undo undo = pos;
        pos = play(pos, move);
        return undo;
    }
    static void unmake_move(Position& pos, Move, const Undo& undo) { pos = undo; }
    static bool is_game_over(const Position& pos) { return reversi::is_game_over(pos); }
    // perft on bare bitboards (perft.hpp); search::perft_by_move_lists is its reference.
    static std::uint64_t perft(const Position& pos, int depth) {
        return count_leaves(pos.player, pos.opponent, depth);
    }
    // Wins and losses by the final disc difference, so the search also maximises the margin.
    static search::Score terminal_score(const Position& pos, int /*ply*/) {
        const int diff = final_disc_difference(pos);
        return diff > 0 ? search::kWin + diff : diff < 0 ? -search::kWin + diff : 0;
    }
    static search::Score evaluate(const Position& pos, const Evaluator& eval) {
        return reversi::evaluate(pos, eval.kind);
    }
    // The horizon: the evaluations count both sides' moves, which tell whether the game is over;
    // the window lets the network's correction be left out where it would not matter.
    static search::LeafValue leaf_value(const Position& pos, const Evaluator& eval, int ply,
                                        search::Score alpha, search::Score beta) {
        const Bitboard mine = legal_moves(pos.player, pos.opponent);
        const Bitboard theirs = legal_moves(pos.opponent, pos.player);
        if ((mine | theirs) == 0) return {terminal_score(pos, ply), true};
        const EvalWindow window = eval.lazy_network ? EvalWindow{alpha, beta} : EvalWindow{};
        return {reversi::evaluate(pos, eval.kind, mine, theirs, window), false};
    }
    // Multi-ProbCut in the midgame (probcut.hpp), for the levels that ask for it.
    static std::optional<search::ProbCut> probcut(const Position& pos, const Evaluator& eval,
                                                  int depth) {
        if (eval.probcut_t == 0) return std::nullopt;
        return midgame_probcut(pos.empty_count(), depth, eval.probcut_t);
    }
    // A node one ply from the horizon costs a few evaluations: less than a table lookup's
    // cache miss, and the table keeps more of the deeper results.
    static constexpr int kMinTableDepth = 2;
    // The value swings by a disc or two between odd and even depths. Centring each iteration's
    // aspiration window on the last value of the same parity took 12 % fewer nodes to depths
    // 14-18 on scripts/bench/othello-midgame.txt (docs/measurements.md).
    static constexpr bool kParityAspiration = true;
    static int order_score(const Position& pos, Move move, int depth) {
        return move_order_score(pos, move, depth);
    }
    static std::uint64_t hash(const Position& pos) {
        return position_key(pos.player, pos.opponent);
    }
    static Color side_to_move(const Position& pos) { return pos.side; }
    static std::uint16_t pack(Move move) {
        return move.is_none() ? 0 : static_cast<std::uint16_t>(move.square + 1);
    }
    static Move unpack(std::uint16_t packed) {
        return packed == 0 ? Move::none() : Move{static_cast<std::uint8_t>(packed - 1)};
    }

    // ---- Session -------------------------------------------------------------------------
    // The bench positions: the start, positions after 10, 20, 30 and 40 plies of three games
    // sente played against itself (levels 6 and 7; the second from f5 f6 e6 f4, the third from
    // c4 e3 f6 e6 f5), and FFO endgame positions #8 (white to move) and #40.
    static constexpr std::array<std::string_view, 15> kBenchPositions = {
        "---------------------------OX------XO--------------------------- X",
        "---O-------O------OOO-----OOO----XOOO-----O-------O------------- X",
        "---O-------OX----OOOO---O-OOOO---OOOO----XOXX----OOO-------O---- X",
        "---O-O-----OO---OOOOO---OOOOOO--OOOOO---XXXOO---XXXXO---X-XXX--- X",
        "---OXO--X--OOOO-XOOOOO--XOOXOO--XOXOO---XOXXO---XXXXXOX-XOOOOOO- X",
        "--------------------O-X---XOOX----OOXO-----XOO----X------------- X",
        "--OX-------OXO----XXOOX---XXXX----OXXX----OXXX----X--X---------- X",
        "OOOOOOO--OXXXO----OXOXX---OOXXX---OXOXO---XXXX---XX--X---------- X",
        "OOOOOOO-XXXXOXX-OXOOOXX-OOOOXXXXOOOXOXX--OXXXX---XX--X---------- X",
        "-------------------XXX----XOOO----OOOO------OOO----------------- X",
        "-----------OXO----OOXX-O--OOXOO---OOXO----OOXXXX-----X---------- X",
        "---X-O-----OXOO---OOXOOO-XXXXXO---OOXOXX--OOOXXX---OXX------X--- X",
        "--XX-O-X--XXXOX---OXXXOOOOOXXOO---OXXXOX--OXOXOX---OXOOO--OXX-OX X",
        "---X-X--X-XXXX--XXXXOXXXXXXOOOOOXXOXXXO-XOXXXXO-XOOXXX--XOOXXO-- O",
        "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X",
    };

    static const GameInfo& info() {
        static const GameInfo kInfo{"othello",
                                    "Othello",
                                    "Reversi / Othello",
                                    8,
                                    8,
                                    8,
                                    10,
                                    kBenchPositions,
                                    true,
                                    "d3 (Othello squares a1..h8, a1 top-left); pass when you must"};
        return kInfo;
    }
    static constexpr std::array<std::string_view, 2> kAliases = {"reversi", "othello"};

    static Position start_position(int /*size*/) { return reversi::start_position(); }
    static int board_size(const Position&) { return 8; }
    static bool is_pass(Move move) { return move.is_pass(); }
    static Result<Move> parse_move(std::string_view text, Orientation orientation) {
        return reversi::parse_move(text, orientation);
    }
    static std::string format_move(Move move, Orientation orientation) {
        return reversi::format_move(move, orientation);
    }
    // Why `move` cannot be played here, or nothing when it can.
    static Result<void> check_move(const Position& pos, Move move, Orientation orientation) {
        if (is_game_over(pos)) return make_error(ErrorCode::illegal_move, "the game is over");
        if (move.is_pass()) {
            if (must_pass(pos)) return {};
            return make_error(ErrorCode::illegal_move,
                              fmt::format("{} has a move and may not pass", to_string(pos.side)));
        }
        const std::string name = format_move(move, orientation);
        if (!(pos.empty() & square_bit(move.square))) {
            return make_error(ErrorCode::illegal_move, fmt::format("{} is occupied", name));
        }
        if (flips(move.square, pos.player, pos.opponent) == 0) {
            return make_error(ErrorCode::illegal_move, fmt::format("{} flips no disc", name));
        }
        return {};
    }
    static Outcome outcome(const Position& pos) { return reversi::outcome(pos); }
    static BoardView board_view(const Position& pos, Move last, Orientation orientation) {
        return reversi::board_view(pos, last, orientation);
    }
    static std::string board_rows(const Position& pos, Orientation /*same picture*/) {
        return reversi::board_rows(pos);
    }
    static std::string format_position(const Position& pos) {
        return reversi::format_position(pos);
    }
    static Result<Position> parse_position(std::string_view text) {
        return reversi::parse_position(text);
    }
    // Moves the side to move still expects to think about, for the time manager: those before
    // the last kEndgameEmpties squares, and one more. Below it the moves cost little: with a
    // clock the search stops short of an exact solve it cannot afford (fit_to_time), the solve
    // it can afford takes at most half a move's target (at 26 s a game, 21-23 empties), and the
    // moves after it read the table. With 14 here, as when every move ran to the solve, a
    // 26 s clock left 14 of its seconds unused in a self-play game once fit_to_time was in;
    // with 28, 8.7 on average in 100 games against Zebra. 32 used more of the clock and played
    // no better at 26 s and worse at 7 s (docs/experiments.md).
    static constexpr int kEndgameEmpties = 28;
    static int moves_left(const Position& pos) {
        return (std::max(pos.empty_count() - kEndgameEmpties, 0) + 1) / 2 + 1;
    }

    // ---- Levels --------------------------------------------------------------------------
    struct Level {
        std::string_view name;
        Evaluator eval;
        int max_depth;  // 0: no depth limit (the clock decides)
        // The shallow levels play any move at most this much worse than their best (in
        // hundredths of a disc), so that their games vary; 0 plays the best.
        int randomness;
        bool book;  // plays from the opening book while it knows the position
    };
    // The strong levels start solving the endgame exactly this many plies before their
    // iterative deepening would reach the end, at the depth whose search costs about what the
    // solve does. With Multi-ProbCut an exact solve of 20 empties (0.4-0.6 s) costs as much as
    // a selective search 16-17 plies deep; solving from depth + 10 on, as before ProbCut, set
    // off 24-28-empty solves that no move's time could finish.
    static constexpr int kSolveLookahead = 4;
    // With Multi-ProbCut the lookahead comes early: 25 plies at 29 empties took 0.35 s, and the
    // next iteration set off a 29-empty solve that no clock could finish. From 31 to 23 empties
    // most moves ran to their hard limit (5-6 s of a 26 s game clock) and then played the last
    // selective iteration's move anyway. With a clock, the root is solved only when the
    // solve's expected time fits in half the move's target, as an iteration must (search.hpp).
    // Otherwise the search goes on selectively to the end of the game: from the depth where
    // the solve would have begun, the nodes of kSelectiveSolveEmpties or fewer empty squares
    // are solved, on the evaluation's scale, instead of evaluated (the evaluation is worst near
    // the end: 8.4 discs RMSE at 6-10 empties, docs/training.md).
    static constexpr int kSelectiveSolveEmpties = 12;
    // Median time of an exact solve on one thread (sente solve, 40 positions at each count
    // from games against Zebra, docs/internals.md): 33 ms at 18 empties, 127 at 20, 0.50 s
    // at 22, 2.1 s at 24; it doubles with each empty square.
    static constexpr Milliseconds expected_solve_time(int empties) {
        return empties <= 20 ? Milliseconds(127 >> std::min(20 - empties, 7))
                             : Milliseconds(127LL << std::min(empties - 20, 40));
    }
    template <class Limits>
    static void fit_to_time(Limits& limits, const Position& root, Evaluator& eval) {
        // With a fixed time a move (soft == hard) there is nothing to save: search on, since
        // an unfinished iteration still improves the move (search.hpp).
        const bool time_to_save = limits.time.soft < limits.time.hard;
        if (!limits.time.limited() || !time_to_save || eval.solve_lookahead == 0) return;
        const int empties = root.empty_count();
        if (expected_solve_time(empties) * 2 <= limits.time.soft) {
            // The solve fits: begin with it. The iterations before it took half the move's
            // target, after which no iteration starts, and the solve waited for a later move
            // (at 7 s a game, from 22 empties to 18). Its first window, centred on 0, asks win,
            // loss or draw before the margin.
            limits.first_depth = std::max(limits.first_depth, empties - eval.solve_lookahead);
            return;
        }
        eval.selective_solve_empties = kSelectiveSolveEmpties;
        // Deeper than the end, only ProbCut's margins would change.
        limits.max_depth = std::clamp(empties, 1, limits.max_depth);
    }
    // Multi-ProbCut at 1.5 standard deviations (probcut.hpp). Self-play at short times
    // preferred bolder cuts, but against Zebra under a game clock the deep iterations of longer
    // moves need the safer ones (docs/experiments.md).
    static constexpr int kProbCutT = 15;
    // 1-8 are the seed programs' levels; 9-10 play at full strength.
    static constexpr std::array<Level, 10> kLevels = {{
        {"菜鸟 rookie", {EvalKind::discs}, 1, 200, false},
        {"新手 novice", {EvalKind::corner_edge}, 1, 100, false},
        {"入门 beginner", {EvalKind::corner_edge}, 2, 100, false},
        {"棋手 player", {EvalKind::corner_edge}, 3, 100, false},
        {"棋士 expert", {EvalKind::corner_edge_mobility}, 4, 0, false},
        {"大师 master", {EvalKind::corner_edge_mobility}, 5, 0, false},
        {"宗师 grandmaster", {EvalKind::stability_mobility}, 6, 0, false},
        {"棋圣 sage", {EvalKind::stability_mobility}, 8, 0, false},
        {"sente strong", {EvalKind::patterns, kSolveLookahead, kProbCutT}, 0, 0, true},
        {"sente full strength", {EvalKind::patterns, kSolveLookahead, kProbCutT}, 0, 0, true},
    }};
    static const Level& level(int number) { return kLevels[number - 1]; }

    // Moves chosen without the search: the shallow levels' varied choice among their near-best
    // moves, and the strong levels' opening book.
    static std::optional<search::SearchResult<Move>> known_move(const Position& pos,
                                                                const search::MoveChoice& choice) {
        const Level& chosen = level(choice.level);
        if (legal_moves(pos) == 0) return std::nullopt;  // a pass: nothing to choose
        search::SearchResult<Move> result;
        if (chosen.randomness > 0) {
            // The level's depth, or less when the user asked for less.
            const int depth = std::max(std::min(chosen.max_depth, choice.limits.max_depth), 1);
            const auto scores = search::score_root_moves<ReversiGame>(pos, chosen.eval, depth);
            const auto [move, score] =
                search::pick_near_best(scores, chosen.randomness, choice.random);
            result.best = move;
            result.info.depth = depth;
            result.info.score = score;
        } else if (const OpeningBook* book =
                       chosen.book && choice.book ? builtin_book() : nullptr) {
            const auto known = book->choose(pos, choice.variety, choice.random);
            if (!known) return std::nullopt;
            result.best = known->move;
            result.info.depth = book->depth();
            result.info.score = known->value;
            result.info.score_text = fmt::format("book {:+.2f}", known->value / 100.0);
        } else {
            return std::nullopt;
        }
        result.info.pv = {result.best};
        return result;
    }

    static std::string score_text(search::Score score, bool exact) {
        if (search::is_proven_win(score)) return fmt::format("win by {}", score - search::kWin);
        if (search::is_proven_loss(score)) return fmt::format("loss by {}", -search::kWin - score);
        if (exact && score == 0) return "draw";
        return fmt::format("{:+.2f}", score / 100.0);
    }
};

}  // namespace sente::reversi
