#pragma once

// Gomoku, under each of its rules, as the search and the Session see it: the game concept's types
// and static functions. One type per rule (GomokuGame<Rule::renju>, ...), so that each rule is
// its own game for `set_game` and `list_games`.

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <fmt/format.h>

#include "games/gomoku/eval.hpp"
#include "games/gomoku/movegen.hpp"
#include "games/gomoku/notation.hpp"
#include "games/gomoku/position.hpp"
#include "games/gomoku/pruning.hpp"
#include "games/gomoku/reductions.hpp"
#include "games/gomoku/renju.hpp"
#include "games/gomoku/threat_cache.hpp"
#include "games/gomoku/vcf.hpp"
#include "games/gomoku/vct.hpp"
#include "search/move_choice.hpp"
#include "search/score.hpp"
#include "search/score_text.hpp"
#include "search/search.hpp"
#include "search/tt.hpp"
#include "sente/result.hpp"
#include "sente/types.hpp"

namespace sente::gomoku {

struct Evaluator {
    EvalKind kind = EvalKind::full;
    int vcf_fours = 0;   // the longest VCF the threat solver looks for (0: none)
    int vct_threes = 0;  // the most threes in a VCT it looks for (0: no VCT)
    // The strong levels' search: forward pruning (pruning.hpp) and small threat-search budgets
    // (ThreatSolver), which buy depth; the fixed-depth levels search full width.
    bool selective = false;
};

// Proven results sit above kWin by how many plies are left of this many.
inline constexpr int kMaxDistance = 500;

constexpr search::Score win_in(int plies) { return search::kWin + kMaxDistance - plies; }

// The threat solver at the search's nodes: wins and losses that threats settle without search.
// Its scores count plies from the node it was asked about (the search adds the node's ply).
class ThreatSolver {
  public:
    ThreatSolver(search::TranspositionTable& tt, const std::atomic<bool>& stop, search::BusyMoves*)
        : tt_(tt), stop_(stop), vcf_(&stop), vct_(&stop) {}

    std::optional<search::Score> solve(const Position& pos, const Evaluator& eval, int depth,
                                       search::Score, search::Score) {
        if (is_game_over(pos)) return std::nullopt;
        const Color me = pos.side;
        const Color them = opponent(me);
        if (pos.count(me, kThreatFive) > 0) return win_in(1);
        const int their_fives = pos.count(them, kThreatFive);
        if (their_fives >= 2) return -win_in(2);
        if (their_fives == 1) {
            const int block = *find_five_point(pos, them);
            if (!is_legal_point(pos, block)) return -win_in(2);
            return std::nullopt;  // the block is forced; the search plays it
        }
        // The searches play on the position and restore it exactly; copying the 34 kB position
        // at every node would cost more than they do.
        Position& work = const_cast<Position&>(pos);
        const int fours = count_four_points(pos, me);
        // The level's limits are part of what a failure means.
        const std::uint64_t key =
            pos.key ^ (static_cast<std::uint64_t>(eval.vcf_fours) * 0x9E3779B97F4A7C15ULL) ^
            (static_cast<std::uint64_t>(eval.vct_threes) * 0xC2B2AE3D27D4EB4FULL);
        const ThreatBudgets& budgets = eval.selective ? kSelectiveBudgets : kFullWidthBudgets;
        if (eval.vcf_fours > 0 && fours > 0) {
            // Deeper nodes are many and each gets a small budget; near the root a larger one.
            const std::uint64_t budget = depth >= 4   ? budgets.vcf_high
                                         : depth >= 1 ? budgets.vcf
                                                      : budgets.vcf_horizon;
            if (!failures_.known_failure(key, kVcf, budget)) {
                const std::uint64_t before = vcf_.nodes();
                if (const auto win = vcf_.find(work, eval.vcf_fours, budget))
                    return remember(pos, win->first, win->plies);
                note_failure(key, kVcf, budget, vcf_.nodes() - before);
            }
        }
        // VCT away from the leaves only: it costs more, and the search below sees the rest.
        const int threes = pos.count(me, kThreatThree) + pos.count(me, kThreatDoubleThree);
        if (eval.vct_threes > 0 && depth >= budgets.vct_min_depth && fours + threes > 0 &&
            VctSearch::applies(pos)) {
            // The budget doubles every two plies of depth: the few nodes near the root can
            // afford deep threat searches, and the many near the leaves cannot.
            const std::uint64_t budget =
                budgets.vct << std::min((depth - budgets.vct_min_depth) / 2, kVctDoublings);
            if (!failures_.known_failure(key, kVct, budget)) {
                const std::uint64_t before = vct_.nodes();
                if (const auto win = vct_.find(work, eval.vct_threes, budget))
                    return remember(pos, win->first, win->plies);
                note_failure(key, kVct, budget, vct_.nodes() - before);
            }
        }
        return std::nullopt;
    }
    std::uint64_t nodes() const { return vcf_.nodes() + vct_.nodes(); }

  private:
    // The threat searches' budgets, in positions: a VCF's at the horizon, at depth 1-3 and
    // from depth 4; the depth from which a VCT is tried (below it, it costs more than the
    // search it would save) and its budget there.
    struct ThreatBudgets {
        std::uint64_t vcf_horizon, vcf, vcf_high;
        int vct_min_depth;
        std::uint64_t vct;
    };
    static constexpr ThreatBudgets kFullWidthBudgets{100, 400, 20000, 7, 2000};
    // The strong levels' budgets are small: a long VCF or VCT that they miss is mostly found by
    // the search itself a few plies later, and what a large budget costs at every node is depth
    // everywhere (with the full-width budgets, perf put 75 % of the bench's time in the threat
    // searches). Tuned by self-play with the forward pruning on (docs/experiments.md).
    static constexpr ThreatBudgets kSelectiveBudgets{100, 100, 500, 9, 500};
    static constexpr int kVctDoublings = 6;
    static constexpr int kVcf = 0;
    static constexpr int kVct = 1;

    // A search that stopped before its budget searched everything it could (unless the stop
    // signal cut it short: then it proves nothing).
    void note_failure(std::uint64_t key, int kind, std::uint64_t budget, std::uint64_t spent) {
        if (stop_.load(std::memory_order_relaxed)) return;
        failures_.record_failure(key, kind, spent < budget ? ThreatCache::kComplete : budget);
    }

    // A proven win for the side to move: kept in the table with its first move, for the line.
    search::Score remember(const Position& pos, Move first, int plies) {
        const search::Score score = win_in(plies);
        tt_.store(pos.key, static_cast<std::uint16_t>(first.point), score,
                  search::TranspositionTable::exhaustive_depth(0), search::Bound::exact);
        return score;
    }

    search::TranspositionTable& tt_;
    const std::atomic<bool>& stop_;
    ThreatCache failures_;
    VcfSearch vcf_;
    VctSearch vct_;
};

template <Rule R>
struct GomokuGame : search::GameDefaults {
    using Position = gomoku::Position;
    using Move = gomoku::Move;
    using Undo = MoveUndo;
    using MoveList = gomoku::MoveList;
    using Evaluator = gomoku::Evaluator;
    using Solver = ThreatSolver;

    static constexpr bool kScoresByDistance = true;
    // The threat solver is asked at the horizon too: a quiet move that lets the opponent win by
    // fours must not be judged by the evaluation.
    static constexpr bool kSolveAtHorizon = true;
    // generate_search_moves scores every point with the value it is ordered by (movegen.hpp).
    static constexpr bool kMovesCarryOrderScore = true;

    // ---- Search --------------------------------------------------------------------------
    static void generate_moves(const Position& pos, MoveList& list) {
        generate_search_moves(pos, list);
    }
    static void generate_omitted_moves(const Position& pos, MoveList& list) {
        gomoku::generate_omitted_moves(pos, list);
    }
    // Every legal point, for people and GUIs (the search tries fewer, see movegen.hpp).
    static void generate_legal_moves(const Position& pos, MoveList& list) {
        gomoku::generate_legal_moves(pos, list);
    }
    static Undo make_move(Position& pos, Move move) {
        Undo undo;  // filled by make_move: no need to clear its 1.4 kB first
        gomoku::make_move(pos, move, undo);
        return undo;
    }
    static void unmake_move(Position& pos, Move move, const Undo& undo) {
        gomoku::unmake_move(pos, move, undo);
    }
    static bool is_game_over(const Position& pos) { return gomoku::is_game_over(pos); }
    // Nothing beats a win at `ply` by its own move: bounds for the search (HasWinAtPly).
    static constexpr search::Score win_at(int ply) { return win_in(ply); }
    static search::Score terminal_score(const Position& pos, int ply) {
        if (!pos.winner) return 0;
        return *pos.winner == pos.side ? win_in(ply) : -win_in(ply);
    }
    // The strong levels judge with the position's network where it has one; the fixed-depth
    // levels keep the hand-made evaluation, so that what each of them plays (and its place on
    // the ladder of levels) does not move with each network.
    static search::Score evaluate(const Position& pos, const Evaluator& eval) {
        return eval.selective ? gomoku::evaluate(pos) : built_in_evaluate(pos);
    }
    // The strong levels order by the network's policy where it has one (network.hpp); the
    // fixed-depth levels by the hand-made order, so that their play stays as it was.
    static void prepare_search(Position& root, const Evaluator& eval) {
        const bool learned = eval.selective && root.network != nullptr;
        root.order_policy = learned ? root.network->policy.get() : nullptr;
    }
    static int order_score(const Position& pos, Move move, int /*depth*/) {
        return order_value(pos, move.point);
    }
    static int late_move_reduction(const Position& pos, Move move,
                                   const search::ReductionNode& node) {
        return gomoku::late_move_reduction(pos, move.point, node);
    }
    // Against a threat of five only its blocks are moves (one, unless the node is lost anyway):
    // searched a ply deeper, a line of fours costs the attacker's plies only (levels 9-10).
    static int extension(const Position& pos, const Evaluator& eval) {
        return eval.selective && pos.count(opponent(pos.side), kThreatFive) > 0 ? 1 : 0;
    }
    // At the horizon of the strong levels (9-10), the block of the opponent's five is played
    // before the position is judged (the threat solver settled the position if the block cannot
    // be played or the opponent has two fives); docs/experiments.md has what it gained.
    static std::optional<Move> forced_reply(const Position& pos, const Evaluator& eval) {
        if (!eval.selective || is_game_over(pos)) return std::nullopt;
        const Color them = opponent(pos.side);
        if (pos.count(them, kThreatFive) != 1) return std::nullopt;
        const int block = *find_five_point(pos, them);
        if (!is_legal_point(pos, block)) return std::nullopt;
        return move_at(block);
    }
    // The strong levels (9-10) extend a table move that alone holds the node's value
    // (search/game_concept.hpp): from 7 plies, tested at half the depth, with a margin of one
    // unit (1/200 of a logit) a ply (docs/experiments.md).
    static std::optional<search::SingularTest> singular_test(const Position&, const Evaluator& eval,
                                                             int depth) {
        if (!eval.selective || depth < 7) return std::nullopt;
        return search::SingularTest{depth / 2, depth};
    }
    static std::optional<search::ForwardPruning> forward_pruning(const Position& pos,
                                                                 const Evaluator& eval, int depth) {
        if (!eval.selective) return std::nullopt;
        return gomoku::forward_pruning(pos, depth);
    }
    static std::uint64_t hash(const Position& pos) { return pos.key; }
    // Gomoku has no pass, but a colour may move twice in a row (GTP setups): the Session hands
    // the turn over (session/game_driver.hpp, HasTurnHandover).
    static void hand_over_turn(Position& pos) { set_side_to_move(pos, opponent(pos.side)); }
    static Color side_to_move(const Position& pos) { return pos.side; }
    static std::uint16_t pack(Move move) { return move.point; }
    static Move unpack(std::uint16_t packed) { return Move{packed}; }

    // ---- Session -------------------------------------------------------------------------
    static constexpr const RuleInfo& kRule = rule_info(R);
    static constexpr std::array<std::string_view, 3> kAliases = kRule.aliases;

    // Middle-game positions from games sente played against itself at levels 3 and 4: two on
    // 15 x 15 (after 9 and 12 stones), one from a renju game (12 stones), one on 20 x 20 (14).
    static constexpr std::array<std::string_view, 4> kBenchPositions = {
        "15/15/15/15/15/15/15/5x1x7/6x1o6/5x1x7/4o2oo1o4/15/15/15/15 b",
        "15/15/15/15/15/9o5/8x6/5x1x7/6x1o6/5x1xo6/4o1xoo1o4/15/15/15/15 b",
        "15/15/15/15/6oo7/6ox1x5/6o1x6/6xxxo5/6o8/15/15/15/15/15/15 b",
        "20/20/20/20/20/20/20/9oo1o7/10xox7/9o1xx7/9xxox7/9o10/20/20/20/20/20/20/20/20 b",
    };

    static const GameInfo& info() {
        static const GameInfo kInfo{kRule.id,    kRule.gtp_name,
                                    kRule.title, kMinSize,
                                    kMaxSize,    kDefaultSize,
                                    10,          kBenchPositions,
                                    true,        "h8 (columns A.. without I, row 1 at the bottom)"};
        return kInfo;
    }

    static Position start_position(int size) { return empty_position(size, R); }
    static int board_size(const Position& pos) { return pos.size; }
    static bool is_pass(Move) { return false; }
    static Result<Move> parse_move(std::string_view text, Orientation) {
        return gomoku::parse_move(text);
    }
    static std::string format_move(Move move, Orientation) { return gomoku::format_move(move); }
    static Result<void> check_move(const Position& pos, Move move, Orientation) {
        return gomoku::check_move(pos, move);
    }
    static Outcome outcome(const Position& pos) { return gomoku::outcome(pos); }
    static BoardView board_view(const Position& pos, Move last, Orientation) {
        return gomoku::board_view(pos, last);
    }
    static std::string board_rows(const Position& pos, Orientation) {
        return gomoku::board_rows(pos);
    }
    static std::string format_position(const Position& pos) { return gomoku::format_position(pos); }
    static Result<Position> parse_position(std::string_view text) {
        return gomoku::parse_position(text, R);
    }
    using PlacedStone = gomoku::PlacedStone;
    static Result<Position> position_of_stones(int size, std::span<const PlacedStone> stones,
                                               Color to_move) {
        return gomoku::position_of_stones(size, R, stones, to_move);
    }
    // Each side's stones still to come, for the time manager: a game rarely fills the board.
    static int moves_left(const Position& pos) {
        const int empty = pos.size * pos.size - pos.stone_count;
        return std::clamp(empty / 4, 8, 40);
    }

    // ---- Levels --------------------------------------------------------------------------
    struct Level {
        std::string_view name;
        Evaluator eval;
        int max_depth;  // 0: no depth limit (the clock decides)
    };
    // 1-3 are the seed programs' easy, medium and hard players.
    static constexpr std::array<Level, 10> kLevels = {{
        {"easy: greedy, one ply (the seed's easy player)", {EvalKind::greedy, 0, 0}, 1},
        {"medium: three plies", {EvalKind::full, 0, 0}, 3},
        {"hard: alpha-beta, four plies", {EvalKind::full, 0, 0}, 4},
        {"five plies and VCF", {EvalKind::full, 6, 0}, 5},
        {"six plies and VCF", {EvalKind::full, 10, 0}, 6},
        {"eight plies, VCF and VCT", {EvalKind::full, 12, 2}, 8},
        {"ten plies, VCF and VCT", {EvalKind::full, 16, 3}, 10},
        {"twelve plies, VCF and VCT", {EvalKind::full, 20, 4}, 12},
        {"strong (the clock decides)", {EvalKind::full, 24, 5, true}, 0},
        {"full strength", {EvalKind::full, 30, 6, true}, 0},
    }};
    static const Level& level(int number) { return kLevels[number - 1]; }

    // The easy level plays without searching.
    static std::optional<search::SearchResult<Move>> known_move(const Position& pos,
                                                                const search::MoveChoice& choice) {
        if (level(choice.level).eval.kind != EvalKind::greedy) return std::nullopt;
        search::SearchResult<Move> result;
        result.best = move_at(greedy_point(pos));
        result.info.depth = 1;
        result.info.pv = {result.best};
        result.info.score = gomoku::evaluate(pos);
        return result;
    }

    static std::string score_text(search::Score score, bool exact) {
        return search::distance_score_text(score, exact, kMaxDistance);
    }
};

}  // namespace sente::gomoku
