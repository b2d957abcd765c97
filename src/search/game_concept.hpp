#pragma once

// What a game provides to the generic search. A game is a struct of static functions and types;
// the search is a template over it, so the hot loops compile to game-specific code.

#include <atomic>
#include <concepts>
#include <cstdint>
#include <optional>

#include "search/busy_moves.hpp"
#include "search/score.hpp"
#include "search/tt.hpp"
#include "sente/types.hpp"

namespace sente::search {

struct Limits;  // search.hpp: a search's depth, node and time limits

// The constants a game may set, each with its default: every game derives from GameDefaults and
// names only those it changes.
struct GameDefaults {
    // Proven scores count the plies to the end of the game (a win sooner is worth more). Other
    // games' proven scores (Othello's final margin) do not depend on the ply.
    static constexpr bool kScoresByDistance = false;
    // The solver is cheap enough to ask at the horizon too, before the static evaluation; by
    // default it is asked only at interior nodes.
    static constexpr bool kSolveAtHorizon = false;
    // The search value swings between odd and even depths (an evaluation that favours one side
    // of the move, as Othello's does by a disc or two): an iteration's aspiration window is then
    // centred on the value of the last iteration of the same parity; by default on the last
    // iteration's value, which follows a trend better.
    static constexpr bool kParityAspiration = false;
    // The shallowest remaining depth at which a node probes and feeds the transposition table
    // (1: every interior node). Where a node's subtree is a handful of evaluations, searching it
    // again costs less than the table's cache miss.
    static constexpr int kMinTableDepth = 1;
    // generate_moves scores each move with the game's order_score already, so that the search
    // orders by the list's scores instead of asking order_score again.
    static constexpr bool kMovesCarryOrderScore = false;
};

template <class G>
concept SearchableGame = std::derived_from<G, GameDefaults> &&
    requires(typename G::Position& pos, const typename G::Position& cpos, typename G::Move move,
             typename G::MoveList& list, const typename G::Evaluator& eval, std::uint16_t packed,
             int depth, int ply) {
    typename G::Position;
    typename G::Move;
    typename G::Undo;
    typename G::MoveList;   // search::MoveList<Move, N> with N >= the most moves a position has
    typename G::Evaluator;  // per-level evaluation settings, cheap to copy

    // Fills `list` with every legal move (passes included where the rules force them). The list
    // is empty exactly when the game is over.
    { G::generate_moves(cpos, list) } -> std::same_as<void>;
    { G::make_move(pos, move) } -> std::same_as<typename G::Undo>;
    { G::unmake_move(pos, move, typename G::Undo{}) } -> std::same_as<void>;
    { G::is_game_over(cpos) } -> std::same_as<bool>;
    // The exact value of a finished game for the side to move: beyond ±kWinThreshold for a
    // win or loss, in (-kWinThreshold, kWinThreshold) for a draw.
    { G::terminal_score(cpos, ply) } -> std::same_as<Score>;
    { G::evaluate(cpos, eval) } -> std::same_as<Score>;
    { G::order_score(cpos, move, depth) } -> std::same_as<int>;
    { G::hash(cpos) } -> std::same_as<std::uint64_t>;
    { G::side_to_move(cpos) } -> std::same_as<Color>;
    // Moves squeeze into 16 bits for the transposition table; 0 is reserved for "no move".
    { G::pack(move) } -> std::same_as<std::uint16_t>;
    { G::unpack(packed) } -> std::same_as<typename G::Move>;
};

// Optional: a game whose evaluation learns anyway whether the game is over (Othello counts both
// sides' moves) answers the horizon in one call, G::leaf_value(pos, eval, ply, alpha, beta) ->
// LeafValue: the exact score of a finished game, or the evaluation. The window lets the game
// spare the costly part of its evaluation where a cheaper part already lies far beyond it, so
// that the value falls on the same side of the window as the full one would but for rare
// leaves; a search's value then depends a little on the windows that led to it.
struct LeafValue {
    Score score;
    bool exact;  // the game is over: score is terminal_score, not an evaluation
};
template <class G>
concept HasLeafValue = requires(const typename G::Position& pos, const typename G::Evaluator& eval,
                                int ply, Score alpha, Score beta) {
    { G::leaf_value(pos, eval, ply, alpha, beta) } -> std::same_as<LeafValue>;
};

// Optional: Multi-ProbCut (M. Buro, 1997). A game whose deep search values follow shallower ones
// closely names, for a node of the null-window search, a shallower depth and a margin:
// G::probcut(pos, eval, depth) -> std::optional<ProbCut>. The search then first searches the
// node to that depth with a window shifted by the margin; if even the shifted bound holds, the
// deep value is taken to lie beyond the window too and the node is cut without the deep search.
// The margin is the tolerated error of the shallow value (a multiple of its standard deviation
// against the deep one), so the game decides how selective the search is.
struct ProbCut {
    int depth;
    Score margin;
};
template <class G>
concept HasProbCut = requires(const typename G::Position& pos, const typename G::Evaluator& eval,
                              int depth) {
    { G::probcut(pos, eval, depth) } -> std::same_as<std::optional<ProbCut>>;
};

// Optional: forward pruning near the horizon, at the null-window nodes of a game whose static
// evaluation is a fair guess of a shallow search's value. G::forward_pruning(pos, eval, depth)
// names, for a node of `depth` remaining plies, what may be cut (nothing when the position is
// too sharp to trust the evaluation, e.g. a threat that must be met, or at a level that searches
// full width):
//  - futility: the node returns its static value when that lies `futility_margin` above beta;
//  - razoring: it drops to the horizon (the leaf value) when the static value lies
//    `razor_margin` below alpha;
//  - move count: only the first `move_count` moves (in the search's order) are searched, once
//    one of them has a value that is not a proven loss.
// Each is off at its default. What they cut is a guess, so nothing below them is ever exact.
struct ForwardPruning {
    static constexpr Score kOff = -1;
    Score futility_margin = kOff;
    Score razor_margin = kOff;
    int move_count = 0;  // 0: every move
};
template <class G>
concept HasForwardPruning = requires(const typename G::Position& pos,
                                     const typename G::Evaluator& eval, int depth) {
    { G::forward_pruning(pos, eval, depth) } -> std::same_as<std::optional<ForwardPruning>>;
};

// Optional: extensions. A node whose moves are all forced (in Gomoku, the block of the
// opponent's five) is searched with its children `G::extension(pos, eval)` plies deeper than its
// own depth less one. A forced reply costs no branching, so without it a line of threats and
// blocks eats the depth and pushes what it leads to beyond the horizon. The game keeps the
// extensions finite: each needs a ply spent elsewhere (the threat that forced it).
template <class G>
concept HasExtension = requires(const typename G::Position& pos,
                                const typename G::Evaluator& eval) {
    { G::extension(pos, eval) } -> std::same_as<int>;
};

// Optional: forced replies at the horizon. Where the side to move has one sensible move, forced
// at once (in Gomoku, the block of the opponent's five), G::forced_reply(pos, eval) names it and
// the horizon plays it and takes the value after it, instead of evaluating a position whose
// threat the static evaluation cannot weigh. The game keeps this finite: each forced reply
// answers a threat made by a move already searched.
template <class G>
concept HasForcedReply = requires(const typename G::Position& pos,
                                  const typename G::Evaluator& eval) {
    { G::forced_reply(pos, eval) } -> std::same_as<std::optional<typename G::Move>>;
};

// Optional: singular extensions (T. Anantharaman, M. Campbell, F. Hsu, 1990, in the form
// today's engines use). When the table says that a node's table move held above some value at
// nearly the node's depth, the node is first searched without that move, to `depth` plies,
// against a bound `margin` below that value. If no other move reaches it, the node's value
// rests on that one move, which is then searched a ply deeper than the others; if the others
// reach even the node's beta, the node is cut there (multi-cut). G::singular_test(pos, eval,
// depth) names the test for a node of `depth` remaining plies, or nothing where the game does
// not want one (full-width levels, forced positions).
struct SingularTest {
    int depth;
    Score margin;
};
template <class G>
concept HasSingularExtension = requires(const typename G::Position& pos,
                                        const typename G::Evaluator& eval, int depth) {
    { G::singular_test(pos, eval, depth) } -> std::same_as<std::optional<SingularTest>>;
};

// Optional: late-move reductions. A game whose move ordering is good enough that moves late in
// the list rarely matter names, for a move about to be searched at a node (ReductionNode), how
// many plies shallower to search it first: G::late_move_reduction(pos, move, node) -> int (0:
// none). A reduced move that beats alpha is searched again at full depth, so a reduction costs
// accuracy only where the shallower search misses what the full one would have found.
struct ReductionNode {
    int depth;      // the node's remaining plies
    int index;      // how many of its moves came before this one
    bool pv_node;   // searched with an open window
    bool cut_node;  // a null-window node expected to fail high (search.hpp, negamax)
    bool killer;    // the move cut off a sibling of the node (one of the ply's killer moves)
};
template <class G>
concept HasLateMoveReduction = requires(const typename G::Position& pos, typename G::Move move,
                                        const ReductionNode& node) {
    { G::late_move_reduction(pos, move, node) } -> std::same_as<int>;
};

// Optional: a game whose generate_moves leaves moves out by judgement (Gomoku keeps the quiet
// points of most value) gives the rest back with G::generate_omitted_moves(pos, list). A proven
// loss must not rest on that judgement: when every generated move loses, the search tries the
// omitted ones before it calls the node lost (and the root before it gives up its game).
template <class G>
concept HasOmittedMoves = requires(const typename G::Position& pos, typename G::MoveList& list) {
    G::generate_omitted_moves(pos, list);
};

// Optional: mate-distance bounds. A game whose proven scores count plies from the root
// (kScoresByDistance) names the score of a win at a ply, G::win_at(ply), when no result can beat
// it: a node at ply p can do no better than win_at(p + 1), a win with its own move, and no worse
// than -win_at(p), lost already. A node whose window lies beyond those bounds returns at once;
// once a win is proven, the search for a shorter one stops where it could no longer be shorter.
template <class G>
concept HasWinAtPly = requires(int ply) {
    { G::win_at(ply) } -> std::same_as<Score>;
};

// Optional: a game may settle nodes with its own exact solver, e.g. Othello's endgame solver
// when few squares are empty, or Gomoku's threat-space search when a side has a forced win.
// The game names a Solver type; each search thread owns one, built on the shared table, the
// stop signal and the threads' BusyMoves table (nullptr with one thread). `solve` answers
// std::nullopt to let the search go on; otherwise a fail-soft value for the window (alpha,
// beta) that rests on no heuristic evaluation: the exact value when it lies inside the window,
// else a bound beyond it. `depth` is the remaining search depth and `eval` the level's settings,
// so that a solver's cost can fit the search it serves. A solver that wants its results
// remembered stores them in the table itself; the search does not. In games that score by
// distance (kScoresByDistance) a solver counts plies from the node it solved, as the table does.
// When the stop signal is raised the solver may answer anything; the search then discards the
// answer. `nodes` counts its work.
template <class G>
concept LeafSolver = requires {
    typename G::Solver;
}
&&std::constructible_from<typename G::Solver, TranspositionTable&, const std::atomic<bool>&,
                          BusyMoves*>&& requires(typename G::Solver& solver,
                                                 const typename G::Position& pos,
                                                 const typename G::Evaluator& eval, int depth,
                                                 Score alpha, Score beta) {
    { solver.solve(pos, eval, depth, alpha, beta) } -> std::same_as<std::optional<Score>>;
    { solver.nodes() } -> std::same_as<std::uint64_t>;
};

// Optional: a game may fit the search's limits (and its evaluator's settings) to the time this
// move has (Othello leaves out an exact solve that the time cannot finish).
template <class G>
concept HasTimeFit = requires(Limits& limits, const typename G::Position& root,
                              typename G::Evaluator& eval) {
    G::fit_to_time(limits, root, eval);
};

// Optional: a game may set up its copy of the root for the level's search (Gomoku's strong
// levels order their moves with the network's policy).
template <class G>
concept HasSearchSetup = requires(typename G::Position& root, const typename G::Evaluator& eval) {
    G::prepare_search(root, eval);
};

// Optional, with a LeafSolver: whether the solver will settle a node at this depth (then only a
// proof from the table may answer for it, not an estimate stored by an earlier search).
template <class G>
concept SolverSettles = LeafSolver<G> &&
    requires(const typename G::Position& pos, const typename G::Evaluator& eval, int depth) {
    { G::Solver::settles(pos, eval, depth) } -> std::same_as<bool>;
};

// Optional, with a LeafSolver: whether the last answer was on the evaluation's scale (Othello's
// selective endgame) rather than a proof; the iteration then is no proof either.
template <class G>
concept SolverMayEstimate = LeafSolver<G> && requires(const typename G::Solver& solver) {
    { solver.solved_an_estimate() } -> std::same_as<bool>;
};

// What a game turns on, at a glance: each optional hook above, true where the game has it
// (hooks_of<G>()). The tests spell out every game's set, so that a hook whose signature drifts
// fails there instead of silently dropping out of the search.
struct HookSet {
    bool leaf_value = false;
    bool probcut = false;
    bool forward_pruning = false;
    bool extension = false;
    bool forced_reply = false;
    bool singular_extension = false;
    bool late_move_reduction = false;
    bool omitted_moves = false;
    bool win_at_ply = false;
    bool leaf_solver = false;
    bool solver_settles = false;
    bool solver_may_estimate = false;
    bool time_fit = false;
    bool search_setup = false;
    friend constexpr bool operator==(const HookSet&, const HookSet&) = default;
};

template <class G>
constexpr HookSet hooks_of() {
    return {.leaf_value = HasLeafValue<G>,
            .probcut = HasProbCut<G>,
            .forward_pruning = HasForwardPruning<G>,
            .extension = HasExtension<G>,
            .forced_reply = HasForcedReply<G>,
            .singular_extension = HasSingularExtension<G>,
            .late_move_reduction = HasLateMoveReduction<G>,
            .omitted_moves = HasOmittedMoves<G>,
            .win_at_ply = HasWinAtPly<G>,
            .leaf_solver = LeafSolver<G>,
            .solver_settles = SolverSettles<G>,
            .solver_may_estimate = SolverMayEstimate<G>,
            .time_fit = HasTimeFit<G>,
            .search_setup = HasSearchSetup<G>};
}

}  // namespace sente::search
