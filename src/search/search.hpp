#pragma once

// The generic alpha-beta search: iterative deepening with aspiration windows, principal
// variation search (fail-soft), the shared transposition table, and move ordering by TT move,
// killer moves, the game's own ordering score and the history heuristic.
//
// A search is exact when no leaf it relied on was a heuristic evaluation: every line ran to the
// end of the game (or to a game's own exact solver, see LeafSolver). Exact subtrees are stored in
// the table as such (TranspositionTable::exhaustive_depth), so small endgames stop deepening once
// they are solved.
//
// One Searcher is one thread's search. Several run the same root in parallel (Lazy SMP, see
// parallel.hpp); they share the transposition table and the stop signal, nothing else.

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "search/busy_moves.hpp"
#include "search/game_concept.hpp"
#include "search/score.hpp"
#include "search/timeman.hpp"
#include "search/tt.hpp"

namespace sente::search {

inline constexpr int kMaxPly = 128;

struct Limits {
    int max_depth = kMaxPly - 1;
    std::uint64_t max_nodes = 0;  // 0: no node limit
    TimeBudget time;              // no time limit unless time.limited()
    // How many root moves get an exact value (multi-PV analysis); 1: only the best one.
    int multi_pv = 1;
    // The first iteration's depth: a game's fit_to_time may leave out the shallow ones (the
    // Othello endgame starts with the solve it can afford).
    int first_depth = 1;
};

// One root move's value in a multi-PV search: exact, or (upper_bound) no more than `score`,
// which is all the search needs to know of a move outside the best `multi_pv`.
template <class Move>
struct RootLine {
    Move move;
    Score score = 0;
    bool upper_bound = false;
    std::vector<Move> pv;  // the move and the best reply line (the move alone for a bound)
};

template <class Move>
struct Iteration {
    int depth = 0;
    Score score = 0;
    bool exact = false;
    std::uint64_t nodes = 0;
    Milliseconds elapsed{0};
    std::vector<Move> pv;
    // The score for people when the game knows better than the number (empty: from the score).
    std::string score_text;
    // With Limits::multi_pv > 1: every root move searched, best first (the first multi_pv
    // exact, the rest upper bounds).
    std::vector<RootLine<Move>> lines;
};

template <class Move>
struct SearchResult {
    Move best;
    Iteration<Move> info;  // the last completed iteration (depth 0 if none completed)
    bool stopped = false;  // cut short by the clock, a node limit or a stop request
};

// The game's leaf solver, or nothing for games without one.
template <class G, bool = LeafSolver<G>>
struct SolverOf {
    struct type {
        type(TranspositionTable&, const std::atomic<bool>&, BusyMoves*) {}
    };
};
template <class G>
struct SolverOf<G, true> {
    using type = typename G::Solver;
};

// Proven scores in the table: in games that score wins by distance (scores_by_distance) they are
// kept relative to the node, so that a transposition reached at another ply reads the same
// distance to the end; other games' proven scores are stored as they are.
template <class G>
constexpr Score score_to_table(Score score, int ply) {
    if constexpr (G::kScoresByDistance) {
        if (is_proven_win(score)) return score + ply;
        if (is_proven_loss(score)) return score - ply;
    }
    return score;
}

template <class G>
constexpr Score score_from_table(Score score, int ply) {
    if constexpr (G::kScoresByDistance) {
        if (is_proven_win(score)) return score - ply;
        if (is_proven_loss(score)) return score + ply;
    }
    return score;
}

template <SearchableGame G>
class Searcher {
  public:
    using Position = typename G::Position;
    using Move = typename G::Move;
    using Progress = std::function<void(const Iteration<Move>&)>;

    // `thread_id` 0 is the main thread; helpers (1, 2, ...) vary their iteration depths so that
    // the threads do not all search the same tree in lockstep.
    // `busy` is shared by the threads of a parallel search (nullptr for one thread).
    Searcher(TranspositionTable& tt, const std::atomic<bool>& stop_request, int thread_id = 0,
             BusyMoves* busy = nullptr)
        : tt_(tt),
          stop_request_(stop_request),
          thread_id_(thread_id),
          busy_(busy),
          solver_(tt, stop_request, busy) {}

    // Searches `root` within `limits`. The game must not be over at the root. The caller starts
    // a new table generation (tt.new_search()) once per move, before any thread searches.
    SearchResult<Move> search(const Position& root, const typename G::Evaluator& eval,
                              const Limits& limits, const Progress& progress = {}) {
        start_ = Clock::now();
        pos_ = root;
        eval_ = eval;
        if constexpr (HasSearchSetup<G>) G::prepare_search(pos_, eval_);
        limits_ = limits;
        // A game may fit the search to the time this move has (Othello leaves out an exact
        // solve that the time cannot finish).
        if constexpr (HasTimeFit<G>) {
            G::fit_to_time(limits_, root, eval_);
        }
        nodes_ = 0;
        next_poll_ = 0;
        published_nodes_.store(0, std::memory_order_relaxed);
        horizon_evals_ = 0;
        stopped_ = false;
        win_floor_[0] = kInfinity;  // the multi-PV root holds no win (search_root sets it)
        lines_.clear();
        for (auto& k : killers_) k = {Move{}, Move{}};
        for (auto& side : history_) side.fill(0);

        generate_root_moves();
        SearchResult<Move> result;
        result.best = root_moves_.empty() ? Move{} : root_moves_[0].move;
        if (root_moves_.empty() || (root_moves_.size() == 1 && limits_.time.limited())) {
            // Nothing to choose (a forced move or pass) and a clock to save: answer at once.
            result.info.score =
                root_moves_.empty() ? G::terminal_score(pos_, 0) : G::evaluate(pos_, eval_);
            return result;
        }

        Score previous = 0;
        Score before_previous = 0;
        // Odd helpers run one ply ahead of the main thread.
        const int first_depth =
            std::min(std::max(limits_.first_depth, 1) + thread_id_ % 2, limits_.max_depth);
        for (int depth = first_depth; depth <= limits_.max_depth; ++depth) {
            const std::uint64_t horizon_before = horizon_evals_;
            iteration_depth_ = depth;
            Score delta = 60;
            Score alpha = -kInfinity;
            Score beta = kInfinity;
            // Multi-PV needs every value, not just the best within a window.
            const bool aspiration = limits_.multi_pv <= 1 && depth >= 4;
            const Score centre =
                G::kParityAspiration && depth - 2 >= first_depth ? before_previous : previous;
            if (aspiration && !is_proven_win(centre) && !is_proven_loss(centre) &&
                !is_proven_win(previous) && !is_proven_loss(previous)) {
                alpha = std::max<Score>(centre - delta, -kInfinity);
                beta = std::min<Score>(centre + delta, kInfinity);
            }
            Score score = 0;
            for (;;) {
                score = search_iteration(depth, alpha, beta);
                if (stopped_) break;
                if (score <= alpha && alpha > -kInfinity) {
                    alpha = std::max<Score>(score - delta, -kInfinity);
                } else if (score >= beta && beta < kInfinity) {
                    beta = std::min<Score>(score + delta, kInfinity);
                } else {
                    break;
                }
                delta *= 2;
            }
            if constexpr (HasOmittedMoves<G>) {
                if (!stopped_ && is_proven_loss(score) && !root_complete_) {
                    // Lost among the moves judged worth trying: the others may hold.
                    root_complete_ = true;
                    MoveList omitted;
                    G::generate_omitted_moves(pos_, omitted);
                    for (const auto& entry : omitted) root_moves_.push(entry.move, 0);
                    if (!omitted.empty()) {
                        score = search_iteration(depth, -kInfinity, kInfinity);
                    }
                }
            }
            if (stopped_) {
                // The root list keeps the best move first, including a move that finished this
                // unfinished iteration ahead of the last iteration's choice.
                result.best = root_moves_[0].move;
                break;
            }
            before_previous = previous;
            previous = score;
            result.best = root_moves_[0].move;
            result.info.depth = depth;
            result.info.score = score;
            result.info.exact = horizon_evals_ == horizon_before;
            result.info.nodes = nodes_;
            result.info.elapsed = elapsed();
            result.info.pv.assign(pv_[0].begin(), pv_[0].begin() + pv_length_[0]);
            extend_pv_from_table(result.info.pv, result.info.exact ? kMaxPly - 1 : depth);
            result.info.lines = lines_;
            if (progress) progress(result.info);
            if (result.info.exact) break;  // the whole tree is solved: deeper changes nothing
            // With a clock, an iteration unlikely to finish would spend time later moves could
            // use: stop once half the target is gone. With a fixed time a move (soft == hard)
            // nothing is saved: search on, since an unfinished iteration's root order still
            // improves the move (see above).
            const bool time_to_save = limits_.time.soft < limits_.time.hard;
            if (limits_.time.limited() && time_to_save && elapsed() * 2 >= limits_.time.soft) {
                break;
            }
            if (limits_.max_nodes != 0 && nodes_ >= limits_.max_nodes) break;
        }
        result.stopped = stopped_;
        result.info.nodes = nodes_;
        result.info.elapsed = elapsed();
        published_nodes_.store(nodes_, std::memory_order_relaxed);
        return result;
    }

    // This thread's node count so far, readable from other threads (updated every few hundred
    // nodes and at the end of the search).
    std::uint64_t nodes() const { return published_nodes_.load(std::memory_order_relaxed); }

  private:
    using Clock = std::chrono::steady_clock;
    using MoveList = typename G::MoveList;

    Milliseconds elapsed() const {
        return std::chrono::duration_cast<Milliseconds>(Clock::now() - start_);
    }

    void poll_limits() {
        next_poll_ = nodes_ + kPollInterval;
        published_nodes_.store(nodes_, std::memory_order_relaxed);
        if (stop_request_.load(std::memory_order_relaxed)) stopped_ = true;
        if (limits_.max_nodes != 0 && nodes_ >= limits_.max_nodes) stopped_ = true;
        if (limits_.time.limited() && elapsed() >= limits_.time.hard) stopped_ = true;
    }

    // A line that a game's solver settled ends where the solver took over; the solver left its
    // best moves in the table, so the line goes on along them (each checked to be legal).
    void extend_pv_from_table(std::vector<Move>& pv, int max_length) const {
        Position pos = pos_;
        for (const Move move : pv) G::make_move(pos, move);
        while (static_cast<int>(pv.size()) < max_length) {
            const auto hit = tt_.probe(G::hash(pos));
            if (!hit || hit->move == 0) return;
            const Move move = G::unpack(hit->move);
            MoveList moves;
            G::generate_moves(pos, moves);
            if (std::none_of(moves.begin(), moves.end(),
                             [&](const auto& entry) { return entry.move == move; })) {
                return;
            }
            pv.push_back(move);
            G::make_move(pos, move);
        }
    }

    void generate_root_moves() {
        root_moves_.clear();
        root_complete_ = false;
        G::generate_moves(pos_, root_moves_);
        for (auto& entry : root_moves_) entry.score = G::order_score(pos_, entry.move, kMaxPly);
        for (std::size_t i = 0; i < root_moves_.size(); ++i) root_moves_.bring_best_to(i);
    }

    Score search_iteration(int depth, Score alpha, Score beta) {
        return limits_.multi_pv > 1 ? search_root_lines(depth) : search_root(depth, alpha, beta);
    }

    // The root keeps its move list across iterations, best move first.
    Score search_root(int depth, Score alpha, Score beta) {
        Score best = -kInfinity;
        pv_length_[0] = 0;
        win_floor_[0] = kInfinity;
        for (std::size_t i = 0; i < root_moves_.size(); ++i) {
            const Move move = root_moves_[i].move;
            const auto undo = G::make_move(pos_, move);
            ++nodes_;
            Score score;
            if (i == 0) {
                score = -negamax(depth - 1, 1, -beta, -alpha, false);
            } else {
                score = -negamax(depth - 1, 1, -alpha - 1, -alpha, true);
                if (score > alpha && score < beta) {
                    score = -negamax(depth - 1, 1, -beta, -alpha, false);
                }
            }
            G::unmake_move(pos_, move, undo);
            if (stopped_) break;
            if (score > best) {
                best = score;
                if (score > alpha || i == 0) {
                    // Move it to the front, keeping the order of the others.
                    for (std::size_t j = i; j > 0; --j)
                        std::swap(root_moves_[j], root_moves_[j - 1]);
                    update_pv(0, move);
                    alpha = std::max(alpha, score);
                    if (is_proven_win(alpha)) win_floor_[0] = alpha;
                }
                if (score >= beta) break;
            }
        }
        return best;
    }

    // Multi-PV: each move in turn needs an exact value only while it may be among the best
    // `multi_pv` so far; below the weakest of those a null-window search proves it is not (an
    // upper bound), and above it the move is searched again with the window open upwards. With
    // multi_pv at least the number of moves, every move is searched with a full window. An
    // unfinished iteration changes nothing: its values are not comparable yet.
    Score search_root_lines(int depth) {
        const std::size_t wanted =
            std::min(static_cast<std::size_t>(limits_.multi_pv), root_moves_.size());
        std::vector<RootLine<Move>> lines;
        for (std::size_t i = 0; i < root_moves_.size(); ++i) {
            const Move move = root_moves_[i].move;
            const Score floor = lines.size() < wanted ? -kInfinity : lines[wanted - 1].score;
            const auto undo = G::make_move(pos_, move);
            ++nodes_;
            Score score;
            if (floor == -kInfinity) {
                score = -negamax(depth - 1, 1, -kInfinity, kInfinity, false);
            } else {
                score = -negamax(depth - 1, 1, -floor - 1, -floor, true);
                if (score > floor && !stopped_) {
                    score = -negamax(depth - 1, 1, -kInfinity, -floor, false);
                }
            }
            G::unmake_move(pos_, move, undo);
            if (stopped_) return 0;
            RootLine<Move> line{move, score, score <= floor, {move}};
            if (!line.upper_bound) {
                line.pv.insert(line.pv.end(), pv_[1].begin() + 1, pv_[1].begin() + pv_length_[1]);
            }
            // Best first; among equals, the earlier searched (better ordered) first.
            const auto at = std::find_if(lines.begin(), lines.end(),
                                         [&](const auto& other) { return other.score < score; });
            lines.insert(at, std::move(line));
        }
        for (std::size_t i = 0; i < lines.size(); ++i) root_moves_[i].move = lines[i].move;
        pv_length_[0] = static_cast<int>(lines[0].pv.size());
        std::copy(lines[0].pv.begin(), lines[0].pv.end(), pv_[0].begin());
        lines_ = std::move(lines);
        return lines_[0].score;
    }

    // Whether a node's window lies at or beyond a win that one side already holds higher up
    // the line (win_floor_), where the search asks nothing but whether that side has a shorter
    // win. Forward pruning rests on the static value, so a window at a proven result, where a
    // proof is tested, is searched without it (a pruned proof is no proof); beyond a win already
    // held, missing a shorter one changes no choice above, and the search prunes as anywhere
    // else, so that once a win is proven the moves tried after it, at the root and along the
    // winning line, do not take every later iteration. Such nodes store nothing in the table:
    // a bound found with pruning must not answer for a proof later. Sets the node's own floor
    // from the line above (its side's floor two plies up). Only in games that score wins by
    // distance: where a proven score is a margin (Othello), a larger one is worth finding.
    bool beyond_held_win(int ply, Score alpha, Score beta) {
        if constexpr (!G::kScoresByDistance) return false;
        win_floor_[ply] = ply >= 2 ? win_floor_[ply - 2] : kInfinity;
        return alpha >= win_floor_[ply] || (ply >= 1 && -beta >= win_floor_[ply - 1]);
    }

    // What the steps of one interior node share: where it stands, what the table said, and
    // what its search has found so far.
    struct Node {
        int depth;
        int ply;
        bool pv_node;
        bool cut_node;
        bool beyond_win;                 // beyond_held_win(): prune, store nothing
        std::uint64_t key;               // G::hash of the position
        std::uint64_t horizon_at_entry;  // horizon_evals_ on entry: unchanged means exhaustive
        bool use_table;
        std::uint16_t excluded;  // the move a singular test leaves out, or 0
        TTHit hit;               // a miss reads as an entry without move, bound or depth
        Score stored;            // hit.score in plies from the root
        Score alpha;             // the window, alpha raised as moves improve on it
        Score beta;
        Score best = -kInfinity;
        Move best_move{};
        int child_depth = 0;
        int table_move_extension = 0;  // plies more for the table move (singular)
    };

    // `cut_node`: a null-window node whose parent expects it to fail high (the parent's move
    // to fail low), as the first reply to a move searched with a null window is expected to;
    // its children alternate, and a PV node is never one. The steps, each of which may settle
    // the node: the horizon, the mate-distance bounds, the table, forward pruning, the game's
    // solver, ProbCut, the singular test; then the moves, and the table stores the result.
    Score negamax(int depth, int ply, Score alpha, Score beta, bool cut_node) {
        pv_length_[ply] = ply;
        if (nodes_ >= next_poll_) poll_limits();
        if (stopped_) return 0;
        if (depth <= 0 || ply >= kMaxPly - 1) return horizon_value(ply, alpha, beta, cut_node);

        const bool pv_node = beta - alpha > 1;
        if constexpr (HasWinAtPly<G>) {
            // Mate-distance bounds (HasWinAtPly): a window beyond them holds no value here.
            const Score best_possible = G::win_at(ply + 1);
            if (best_possible <= alpha) return best_possible;
            const Score worst_possible = -G::win_at(ply);
            if (worst_possible >= beta) return worst_possible;
        }
        Node node{.depth = depth,
                  .ply = ply,
                  .pv_node = pv_node,
                  .cut_node = cut_node,
                  .beyond_win = beyond_held_win(ply, alpha, beta),
                  .key = G::hash(pos_),
                  .horizon_at_entry = horizon_evals_,
                  .use_table = depth >= G::kMinTableDepth,
                  // A search without one move (the singular test, below) is no search of the
                  // node: it takes nothing from the table but the move to order first, and
                  // stores nothing.
                  .excluded = excluded_[ply],
                  .hit = TTHit{0, 0, -1, Bound::none},
                  .stored = 0,
                  .alpha = alpha,
                  .beta = beta};
        if (node.use_table) node.hit = tt_.probe(node.key).value_or(node.hit);
        node.stored = score_from_table<G>(node.hit.score, ply);
        if (const auto settled = table_cutoff(node)) return *settled;

        ForwardPruning pruning;
        if constexpr (HasForwardPruning<G>) {
            if (const auto pruned = forward_prune(node, pruning)) return *pruned;
        }
        if constexpr (LeafSolver<G>) {
            if (const auto solved = ask_solver(node)) return *solved;
        }
        if constexpr (HasProbCut<G>) {
            if (!pv_node && node.excluded == 0 && !is_proven_win(beta) && !is_proven_loss(alpha)) {
                if (const auto cut = G::probcut(pos_, eval_, depth)) {
                    if (const auto bound = probcut(*cut, ply, alpha, beta)) return *bound;
                    if (stopped_) return 0;
                }
            }
        }

        MoveList moves;
        G::generate_moves(pos_, moves);
        if (moves.empty()) return G::terminal_score(pos_, ply);
        score_moves(moves, node.hit.move, depth, ply);

        int extension = 0;
        if constexpr (HasExtension<G>) extension = G::extension(pos_, eval_);
        node.child_depth = depth - 1 + extension;
        if constexpr (HasSingularExtension<G>) {
            if (extension == 0) {
                if (const auto settled = singular_test(node, moves)) return *settled;
            }
        }

        search_moves(node, moves, pruning);
        if (stopped_) return 0;
        store_result(node, alpha);
        return node.best;
    }

    // A leaf: the game's value for it, after a look for what the evaluation cannot judge (a
    // win the solver proves, a reply forced at once).
    Score horizon_value(int ply, Score alpha, Score beta, bool cut_node) {
        if constexpr (HasLeafValue<G>) {
            static_assert(!G::kSolveAtHorizon, "leaf_value leaves no room for a solver");
            const LeafValue leaf = G::leaf_value(pos_, eval_, ply, alpha, beta);
            if (!leaf.exact) ++horizon_evals_;
            return leaf.score;
        }
        if (G::is_game_over(pos_)) return G::terminal_score(pos_, ply);
        if constexpr (LeafSolver<G> && G::kSolveAtHorizon) {
            // A threat the static evaluation cannot see (a forced win by fours) is settled
            // here rather than trusted away.
            const std::uint64_t solver_nodes = solver_.nodes();
            const auto solved = solver_.solve(pos_, eval_, 0, alpha, beta);
            nodes_ += solver_.nodes() - solver_nodes;
            if (solved) return score_from_table<G>(*solved, ply);
        }
        if constexpr (HasForcedReply<G>) {
            // A reply forced at once (Gomoku: the block of a five) is played, not judged: the
            // evaluation cannot weigh the threat that forced it.
            if (ply < kMaxPly - 2) {
                if (const auto reply = G::forced_reply(pos_, eval_)) {
                    const auto undo = G::make_move(pos_, *reply);
                    ++nodes_;
                    const Score score = -negamax(0, ply + 1, -beta, -alpha, !cut_node);
                    G::unmake_move(pos_, *reply, undo);
                    return score;
                }
            }
        }
        ++horizon_evals_;
        return G::evaluate(pos_, eval_);
    }

    // The stored result when it answers for this node's window and depth (not at a PV node,
    // whose line must be searched, nor in a singular test).
    std::optional<Score> table_cutoff(const Node& node) {
        // Where the game's solver settles the node, only a proof from the table will do: an
        // estimate stored by an earlier search would leave the solve inexact.
        bool solver_settles = false;
        if constexpr (SolverSettles<G>) {
            solver_settles = G::Solver::settles(pos_, eval_, node.depth);
        }
        const TTHit& hit = node.hit;
        if (node.pv_node || node.excluded != 0 || hit.depth < node.depth) return std::nullopt;
        if (solver_settles && !TranspositionTable::is_exhaustive(hit.depth)) return std::nullopt;
        if (hit.bound == Bound::exact || (hit.bound == Bound::lower && node.stored >= node.beta) ||
            (hit.bound == Bound::upper && node.stored <= node.alpha)) {
            // The stored result may rest on evaluations we do not see from here.
            if (!TranspositionTable::is_exhaustive(hit.depth)) ++horizon_evals_;
            return node.stored;
        }
        return std::nullopt;
    }

    // Forward pruning (HasForwardPruning): what it cuts rests on the static evaluation. It
    // comes before the game's solver, which costs more than the evaluation: a node cut here by
    // futility stands above beta anyway, and one razored still meets the solver at the
    // horizon. Sets the move count the node may search in `pruning`.
    std::optional<Score> forward_prune(const Node& node, ForwardPruning& pruning) {
        const bool unproven_window = !is_proven_win(node.beta) && !is_proven_loss(node.alpha);
        if (node.pv_node || node.excluded != 0 || !(unproven_window || node.beyond_win))
            return std::nullopt;
        const auto allowed = G::forward_pruning(pos_, eval_, node.depth);
        if (!allowed) return std::nullopt;
        pruning = *allowed;
        const bool futility = pruning.futility_margin != ForwardPruning::kOff;
        const bool razoring = pruning.razor_margin != ForwardPruning::kOff;
        // (Deeper nodes may prune by move count alone: no evaluation needed.)
        const Score static_value = futility || razoring ? G::evaluate(pos_, eval_) : Score{0};
        if (futility && static_value - pruning.futility_margin >= node.beta) {
            ++horizon_evals_;
            return static_value;
        }
        if (razoring && static_value + pruning.razor_margin <= node.alpha) {
            return negamax(0, node.ply, node.alpha, node.beta, node.cut_node);
        }
        return std::nullopt;
    }

    // The game's own exact solver (an endgame solver, a threat search) may settle the node
    // (not in a singular test: the node's own search already asked it). It keeps what it found
    // in the table it was given, with its own best move, so nothing is stored here: the
    // midgame's table move must not overwrite that.
    std::optional<Score> ask_solver(const Node& node) {
        if (node.excluded != 0) return std::nullopt;
        const std::uint64_t solver_nodes = solver_.nodes();
        const auto solved = solver_.solve(pos_, eval_, node.depth, node.alpha, node.beta);
        nodes_ += solver_.nodes() - solver_nodes;
        if (!solved) return std::nullopt;
        if (stop_request_.load(std::memory_order_relaxed)) {
            stopped_ = true;  // the solver was cut short: its answer means nothing
            return Score{0};
        }
        // A solver may answer on the evaluation's scale (Othello's selective endgame): exact,
        // but the iteration is no proof.
        if constexpr (SolverMayEstimate<G>) {
            if (solver_.solved_an_estimate()) ++horizon_evals_;
        }
        // Solvers count plies to the end from the node they solved, as the table does.
        return score_from_table<G>(*solved, node.ply);
    }

    // The singular test: does the node's value rest on its table move alone? (Not beyond
    // twice the iteration's depth from the root, so that extensions cannot run away.) Sets
    // node.table_move_extension when it does; settles the node when another move holds beta
    // too (multi-cut).
    std::optional<Score> singular_test(Node& node, const MoveList& moves) {
        const TTHit& hit = node.hit;
        if (node.excluded != 0 || hit.move == 0 ||
            !(hit.bound == Bound::lower || hit.bound == Bound::exact) ||
            is_proven_win(node.stored) || is_proven_loss(node.stored) || moves.size() <= 1 ||
            node.ply >= 2 * iteration_depth_) {
            return std::nullopt;
        }
        const auto test = G::singular_test(pos_, eval_, node.depth);
        if (!test || hit.depth < node.depth - 2) return std::nullopt;
        const Score bound = node.stored - test->margin;
        excluded_[node.ply] = hit.move;
        const Score without = negamax(test->depth, node.ply, bound - 1, bound, node.cut_node);
        excluded_[node.ply] = 0;
        pv_length_[node.ply] = node.ply;  // the test's line is not the node's
        if (stopped_) return Score{0};
        if (without < bound) {
            node.table_move_extension = 1;
        } else if (bound >= node.beta) {
            return bound;
        }
        return std::nullopt;
    }

    // The late-move reduction of the move at `index` of the node's order.
    int reduction_for(const Node& node, Move move, std::size_t index) {
        if constexpr (HasLateMoveReduction<G>) {
            if (index == 0) return 0;
            const auto& killers = killers_[node.ply];
            const ReductionNode reduction_node{node.depth, static_cast<int>(index), node.pv_node,
                                               node.cut_node,
                                               move == killers[0] || move == killers[1]};
            return std::clamp(G::late_move_reduction(pos_, move, reduction_node), 0,
                              std::max(node.child_depth - 1, 0));
        } else {
            return 0;
        }
    }

    // Searches one move, `reduction` plies shallower first (then at full depth if it does
    // better than alpha); returns true on a beta cut-off.
    bool search_move(Node& node, Move move, bool first, int reduction) {
        const auto undo = G::make_move(pos_, move);
        ++nodes_;
        const int move_depth = node.table_move_extension != 0 && G::pack(move) == node.hit.move
                                   ? node.child_depth + node.table_move_extension
                                   : node.child_depth;
        const int ply = node.ply;
        const Score alpha = node.alpha;
        const Score beta = node.beta;
        Score score;
        if (first) {
            score = -negamax(move_depth, ply + 1, -beta, -alpha, !node.pv_node && !node.cut_node);
        } else {
            // A reduced move is expected to fail low: its reply, to fail high.
            score = -negamax(move_depth - reduction, ply + 1, -alpha - 1, -alpha,
                             reduction > 0 || !node.cut_node);
            if (reduction > 0 && score > alpha && !stopped_) {
                score = -negamax(move_depth, ply + 1, -alpha - 1, -alpha, !node.cut_node);
            }
            if (score > alpha && score < beta) {
                score = -negamax(move_depth, ply + 1, -beta, -alpha, false);
            }
        }
        G::unmake_move(pos_, move, undo);
        if (stopped_ || score <= node.best) return false;
        node.best = score;
        node.best_move = move;
        if (score <= alpha) return false;
        node.alpha = score;
        update_pv(ply, move);
        if (is_proven_win(score)) win_floor_[ply] = std::min(win_floor_[ply], score);
        if (score < beta) return false;
        record_cutoff(move, node.depth, ply);
        return true;
    }

    // The node's moves in order, to a cut-off, the move count's end or the last. With helper
    // threads, moves after the first that another thread is searching are deferred to the end
    // (see busy_moves.hpp); not near the leaves, where it costs more than the duplicated work
    // it saves. A node lost with every move it generated tries the ones it left out
    // (HasOmittedMoves).
    void search_moves(Node& node, MoveList& moves, const ForwardPruning& pruning) {
        const std::uint16_t excluded = node.excluded;
        const bool defer = busy_ != nullptr && node.depth >= kMinDeferDepth;
        // The deferred moves by their place in `moves` (the places before the loop's stay put)
        // and their reductions; left uninitialised, since most nodes defer nothing and this
        // runs at every node.
        std::array<std::uint16_t, MoveList::capacity()> deferred;
        std::array<int, MoveList::capacity()> deferred_reduction;
        std::size_t deferred_count = 0;
        bool cut = false;
        for (std::size_t i = 0; i < moves.size() && !cut; ++i) {
            if (pruning.move_count > 0 && i >= static_cast<std::size_t>(pruning.move_count) &&
                !is_proven_loss(node.best)) {
                ++horizon_evals_;  // the moves left out might have done better
                break;
            }
            moves.bring_best_to(i);
            const Move move = moves[i].move;
            if (excluded != 0 && G::pack(move) == excluded) continue;
            const int reduction = reduction_for(node, move, i);
            if (defer && i > 0) {
                const std::uint64_t busy_key = BusyMoves::key_of(node.key, G::pack(move));
                if (busy_->busy(busy_key)) {
                    deferred[deferred_count] = static_cast<std::uint16_t>(i);
                    deferred_reduction[deferred_count++] = reduction;
                    continue;
                }
                busy_->enter(busy_key);
                cut = search_move(node, move, false, reduction);
                busy_->leave(busy_key);
            } else {
                cut = search_move(node, move, i == 0, reduction);
            }
            if (stopped_) return;
        }
        for (std::size_t i = 0; i < deferred_count && !cut; ++i) {
            cut = search_move(node, moves[deferred[i]].move, false, deferred_reduction[i]);
            if (stopped_) return;
        }
        if constexpr (HasOmittedMoves<G>) {
            if (!cut && is_proven_loss(node.best)) {
                MoveList omitted;
                G::generate_omitted_moves(pos_, omitted);
                score_moves(omitted, 0, node.depth, node.ply);
                for (std::size_t i = 0; i < omitted.size() && !cut; ++i) {
                    omitted.bring_best_to(i);
                    const Move move = omitted[i].move;
                    if (excluded != 0 && G::pack(move) == excluded) continue;
                    cut =
                        search_move(node, move, false, reduction_for(node, move, moves.size() + i));
                    if (stopped_) return;
                }
            }
        }
    }

    // The node's result into the table: exhaustive when no evaluation below it was a guess
    // (then any later search may trust it to any depth).
    void store_result(const Node& node, Score original_alpha) {
        if (!node.use_table || node.excluded != 0 || node.beyond_win) return;
        const Bound bound = node.best >= node.beta       ? Bound::lower
                            : node.best > original_alpha ? Bound::exact
                                                         : Bound::upper;
        const int stored_depth = horizon_evals_ == node.horizon_at_entry
                                     ? TranspositionTable::exhaustive_depth(node.depth)
                                     : node.depth;
        tt_.store(node.key, G::pack(node.best_move), score_to_table<G>(node.best, node.ply),
                  stored_depth, bound);
    }

    // The cut of Multi-ProbCut (HasProbCut): beta (or alpha) when the shallow search puts this
    // null-window node beyond the window by the margin, else nothing.
    std::optional<Score> probcut(const ProbCut& cut, int ply, Score alpha, Score beta) {
        const Score high = beta + cut.margin;
        if (high < kWinThreshold && negamax(cut.depth, ply, high - 1, high, true) >= high) {
            return stopped_ ? std::nullopt : std::optional<Score>(beta);
        }
        if (stopped_) return std::nullopt;
        const Score low = alpha - cut.margin;
        if (low > -kWinThreshold && negamax(cut.depth, ply, low, low + 1, false) <= low) {
            return stopped_ ? std::nullopt : std::optional<Score>(alpha);
        }
        return std::nullopt;
    }

    void score_moves(MoveList& moves, std::uint16_t tt_move, int depth, int ply) {
        const auto& killers = killers_[ply];
        const auto& history = history_[static_cast<int>(G::side_to_move(pos_))];
        for (auto& entry : moves) {
            const std::uint16_t packed = G::pack(entry.move);
            if (packed == tt_move) {
                entry.score = 1 << 30;
            } else if (entry.move == killers[0]) {
                entry.score = (1 << 29) + 1;
            } else if (entry.move == killers[1]) {
                entry.score = 1 << 29;
            } else {
                // The game's judgement first; history breaks its ties.
                int order = 0;
                if constexpr (G::kMovesCarryOrderScore) {
                    order = entry.score;
                } else {
                    order = G::order_score(pos_, entry.move, depth);
                }
                entry.score = order * 65536 + history[packed % kHistorySize];
            }
        }
    }

    void record_cutoff(Move move, int depth, int ply) {
        auto& killers = killers_[ply];
        if (!(killers[0] == move)) {
            killers[1] = killers[0];
            killers[0] = move;
        }
        auto& entry =
            history_[static_cast<int>(G::side_to_move(pos_))][G::pack(move) % kHistorySize];
        entry = std::min(entry + depth * depth, 65535);
    }

    void update_pv(int ply, Move move) {
        pv_[ply][ply] = move;
        const int child_length = pv_length_[ply + 1];
        for (int i = ply + 1; i < child_length; ++i) pv_[ply][i] = pv_[ply + 1][i];
        pv_length_[ply] = std::max(child_length, ply + 1);
    }

    static constexpr std::size_t kHistorySize = 4096;
    // Nodes between two looks at the clock and the stop signal. The look is due once the count
    // passes a mark, not when it is a multiple of the interval: a solver adds its nodes in
    // jumps, and counts that rose by two a node could step over every multiple for as long as
    // the search ran on (a stopped solver answers at once, so the search must see the stop).
    static constexpr std::uint64_t kPollInterval = 256;
    static constexpr int kMinDeferDepth = 3;

    TranspositionTable& tt_;
    const std::atomic<bool>& stop_request_;
    const int thread_id_;
    BusyMoves* const busy_;
    [[no_unique_address]] typename SolverOf<G>::type solver_;
    std::atomic<std::uint64_t> published_nodes_{0};
    Position pos_{};
    typename G::Evaluator eval_{};
    Limits limits_{};
    Clock::time_point start_{};
    std::uint64_t nodes_ = 0;
    std::uint64_t next_poll_ = 0;  // the node count at which poll_limits is due
    std::uint64_t horizon_evals_ = 0;
    bool stopped_ = false;
    MoveList root_moves_;
    std::vector<RootLine<Move>> lines_;  // the last finished multi-PV iteration's values
    bool root_complete_ = false;         // the omitted root moves were added (HasOmittedMoves)
    std::array<std::array<Move, 2>, kMaxPly> killers_{};
    // The move a singular test leaves out at each ply (packed; 0: none).
    std::array<std::uint16_t, kMaxPly> excluded_{};
    int iteration_depth_ = 0;  // the depth of the root's current iteration
    // At each ply of the current line, the least proven win that the side to move there holds
    // (its alpha once a move proved a win, or one held two plies up), or kInfinity: beyond it
    // the search only asks for a shorter win (see beyond_held_win).
    std::array<Score, kMaxPly + 1> win_floor_{};
    std::array<std::array<int, kHistorySize>, 2> history_{};
    std::array<std::array<Move, kMaxPly>, kMaxPly> pv_{};
    std::array<int, kMaxPly + 1> pv_length_{};
};

}  // namespace sente::search
