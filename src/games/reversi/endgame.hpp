#pragma once

// The exact endgame solver: the final disc difference of a position under perfect play (empty
// squares to the winner), or a bound of it for a window, searched to the end of the game.
//
// The work is done in tiers by the number of empty squares n:
// - n <= 4: the empty squares are passed down in a fixed array in parity order; no move lists,
//   the last square only counts flips;
// - n up to kShallowMax: empty squares tried directly, odd quadrants first (parity), no table;
// - deeper: legal moves sorted fastest-first (the opponent's weighted and potential mobility
//   after the move, square priors, parity; from 15 empties also a look of one to three plies
//   with the trained evaluation; the table's move first), stable-disc and enhanced transposition
//   cut-offs, principal variation search; a small table of the thread's own with both bounds
//   from kTableMin empties, the shared transposition table from kSharedTableMin.
//
// Selective passes: `solve_endgame` first solves with ProbCut, with wider margins each time,
// and only then exactly (endgame_selectivity.hpp).
//
// Threads: `solve_endgame` shares out the moves of nodes between threads (Young Brothers Wait,
// endgame_split.hpp). Inside the midgame search's Lazy SMP each thread runs a solver of its
// own on the shared table, and with a BusyMoves table they defer moves another thread is
// searching (see search/busy_moves.hpp).

#include <algorithm>
#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>

#include "games/reversi/endgame_selectivity.hpp"
#include "games/reversi/endgame_split.hpp"
#include "games/reversi/position.hpp"
#include "search/busy_moves.hpp"
#include "search/score.hpp"
#include "search/tt.hpp"

namespace sente::reversi {

// Disc differences run from -64 to 64; this lies outside.
inline constexpr int kNoScore = 100;

struct EndgameResult {
    int score = 0;             // exact inside the window asked for, else a bound beyond it
    Move best = Move::none();  // the move that reaches `score` (a pass when forced)
    std::uint64_t nodes = 0;
    bool aborted = false;  // stopped by the stop signal: score and move mean nothing
};

// Cache-line aligned: solvers of different threads must not share the line their node counter is
// on.
class alignas(64) EndgameSolver final : public SplitWorker {
  public:
    // `stop` aborts the search; `busy` and `finished` (another thread has the answer) are
    // shared by the threads of a parallel solve.
    EndgameSolver(search::TranspositionTable& tt, const std::atomic<bool>& stop,
                  search::BusyMoves* busy = nullptr, const std::atomic<bool>* finished = nullptr)
        : tt_(tt),
          stop_(stop),
          busy_(busy),
          finished_(finished),
          local_(std::make_unique<LocalEntry[]>(kLocalEntries)) {}

    // Solves `pos` within (alpha, beta), fail-soft: the exact score when it lies inside the
    // window, else a bound beyond it. The full window (-64, 64) gives the exact score; (-1, 1)
    // only win, draw or loss. A finished game scores at once.
    EndgameResult solve(const Position& pos, int alpha = -64, int beta = 64);

    // The value only (no best move), for the search's leaves; nodes accumulate in nodes().
    int value(Bitboard player, Bitboard opponent, int alpha, int beta);

    std::uint64_t nodes() const override { return nodes_; }
    bool aborted() const { return aborted_; }

    // Exact by default. A selective solver's scores and bounds are guesses (good ones);
    // it stores them in the table as such (see selective_depth).
    void set_selectivity(Selectivity selectivity) override { selectivity_ = selectivity; }

    // Lets this solver share the moves of its nodes with the pool's helpers (the master).
    void set_helpers(HelperPool* pool) { pool_ = pool; }
    // A helper's part of a split point: takes moves until none are left.
    void help(SplitPoint& split) override;

    // Fastest-first from six empties: 5.5 % fewer nodes than parity order at six (FFO #40-#47,
    // one thread), for a few per cent more time.
    static constexpr int kShallowMax = 5;
    // Nodes with kTableMin to kSharedTableMin - 1 empties use a small table of this thread's
    // own that stays in the CPU cache; bigger ones the shared transposition table.
    static constexpr int kTableMin = 8;
    static constexpr int kSharedTableMin = 11;
    static constexpr int kSplitMin = 12;

  private:
    int search(Bitboard player, Bitboard opponent, int alpha, int beta, int empties);
    int search_deep(Bitboard player, Bitboard opponent, int alpha, int beta, int empties);
    // search_deep's steps. The tables' word on a node: a value that settles it, or (through
    // `table_square`) the move to try first.
    std::optional<int> probe_tables(std::uint64_t key, bool use_local, bool use_table, int alpha,
                                    int beta, int& table_square) const;
    // The moves with their order, the table's move first; a child the table already shows
    // refutes the node (enhanced transposition cut-off) settles it instead.
    std::optional<int> list_moves(Bitboard player, Bitboard opponent, Bitboard moves, int beta,
                                  int empties, int table_square, std::array<EndgameMove, 64>& list,
                                  int& count);
    // Young Brothers Wait: list[next, count) shared out among the idle helpers, which raise
    // `best` (and `best_square`) as they find better (search_split).
    void share_out(Bitboard player, Bitboard opponent, int alpha, int empties,
                   std::array<EndgameMove, 64>& list, int next, int count, int& best,
                   int& best_square);
    // Records a node's result (its bound from the window it was searched in) in the local
    // table or the shared one, as probe_tables reads them.
    void store_result(std::uint64_t key, bool use_local, bool use_table, int best, int best_square,
                      int alpha, int beta, int empties);
    int search_shallow(Bitboard player, Bitboard opponent, int alpha, int beta, int empties,
                       bool passed);
    int solve_4(Bitboard player, Bitboard opponent, int alpha, int beta, Bitboard empty);
    template <int N>
    int solve_small(Bitboard player, Bitboard opponent, int alpha, int beta, const int* squares,
                    bool passed);
    int solve_1(Bitboard player, Bitboard opponent, int square);
    int search_move(const SplitPoint& split, int index);
    void search_split(SplitPoint& split);
    bool poll_stop();
    // Whether a selective pass cuts this node off: a short look with the evaluation puts it
    // beyond (alpha, beta) by the margin. Sets `cut` to the bound to return.
    bool probcut(Bitboard player, Bitboard opponent, int alpha, int beta, int empties, int& cut);
    // The table depth a result at a node with `empties` empties is stored with.
    int table_depth(int empties) const;
    // Whether a table entry of `depth` may settle a node in this solver's pass.
    bool trusts(int depth) const;

    search::TranspositionTable& tt_;
    const std::atomic<bool>& stop_;
    search::BusyMoves* busy_;
    const std::atomic<bool>* finished_;
    // A direct-mapped table with both bounds of each position, for small subtrees.
    struct LocalEntry {
        std::uint64_t key = 0;
        std::int8_t lower = -64;
        std::int8_t upper = 64;
        std::uint8_t move = 0;  // square + 1, 0: none
    };
    static constexpr std::size_t kLocalEntries = 1 << 15;  // 512 KB
    std::unique_ptr<LocalEntry[]> local_;
    HelperPool* pool_ = nullptr;
    const SplitPoint* split_ = nullptr;  // the innermost split point this thread works in
    std::uint64_t nodes_ = 0;
    Selectivity selectivity_;
    static constexpr std::uint64_t kPollInterval = 4096;  // about 0.2 ms
    std::uint64_t next_poll_ = 0;
    bool aborted_ = false;
};

// A guess at `pos`'s final disc difference (even, -64..64): a four-ply look with the trained
// evaluation, whose error against game results is 8 to 10 discs at 20-30 empties. The look's
// nodes are added to `nodes`.
int estimate_final_score(const Position& pos, std::uint64_t& nodes);

// The passes solve_endgame makes before the exact one: ProbCut margins, narrowest first, used
// when the root has at least `min_root_empties` empty squares.
struct SelectiveSchedule {
    int min_root_empties = 18;
    int min_empties = 12;
    std::array<int, 3> margins = {4, 8, 12};
    int passes = 3;
};
inline constexpr SelectiveSchedule kNoSelectivePasses{.passes = 0};

// Solves `pos` with `threads` threads sharing `tt`, with the same answer as EndgameSolver::solve
// (fail-soft within (alpha, beta)). `stop` aborts. The selective passes of `schedule` come
// first; each pass's window is first narrowed around a guess (aspiration: the previous pass's
// score, or estimate_final_score) and widened on the side the score fell out of. The nodes
// counted include the passes'.
EndgameResult solve_endgame(const Position& pos, int threads, search::TranspositionTable& tt,
                            const std::atomic<bool>& stop, int alpha = -64, int beta = 64,
                            const SelectiveSchedule& schedule = SelectiveSchedule{});

// Scores on the search's scale: a won game is kWin + margin, a lost one -kWin + margin.
constexpr search::Score to_search_score(int discs) {
    return discs > 0 ? search::kWin + discs : discs < 0 ? -search::kWin + discs : 0;
}
constexpr int to_discs(search::Score score) {
    return score >= search::kWinThreshold    ? score - search::kWin
           : score <= -search::kWinThreshold ? score + search::kWin
                                             : 0;
}
// The largest disc difference whose search score is at most `score` (a window's lower end).
constexpr int discs_at_most(search::Score score) {
    if (score >= 0) return score > search::kWin ? std::min(score - search::kWin, 64) : 0;
    return score >= -search::kWin - 1 ? -1 : std::max(score + search::kWin, -65);
}
// The smallest disc difference whose search score is at least `score` (a window's upper end).
constexpr int discs_at_least(search::Score score) { return -discs_at_most(-score); }

// The selective endgame (ReversiGame::fit_to_time) solves on the evaluation's scale instead:
// hundredths of a disc, no proven wins or losses, so that Multi-ProbCut can compare its values
// with evaluations.
inline constexpr int kHundredthsPerDisc = 100;
// The largest disc difference whose value in hundredths is at most `score`, so that the disc
// window holds the search's and a fail-soft answer keeps its meaning (a window's lower end).
constexpr int hundredths_at_most(search::Score score) {
    if (search::is_proven_win(score)) return 64;
    if (search::is_proven_loss(score)) return -65;
    const int floor = score >= 0 ? score / kHundredthsPerDisc
                                 : -((-score + kHundredthsPerDisc - 1) / kHundredthsPerDisc);
    return std::clamp(floor, -65, 64);
}
// The smallest disc difference whose value in hundredths is at least `score` (the upper end).
constexpr int hundredths_at_least(search::Score score) { return -hundredths_at_most(-score); }

}  // namespace sente::reversi
