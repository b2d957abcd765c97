#include "games/reversi/endgame.hpp"

#include <algorithm>
#include <array>
#include <optional>

#include "games/reversi/eval.hpp"
#include "games/reversi/flip.hpp"
#include "games/reversi/stability.hpp"

namespace sente::reversi {

namespace {

using search::Bound;
using search::TranspositionTable;

// The four 4x4 quadrants. Playing into a quadrant with an odd number of empties tends to leave
// the opponent the even ones, so that the side to move gets the last move in each region.
constexpr Bitboard kQuadrant[4] = {0x000000000F0F0F0FULL, 0x00000000F0F0F0F0ULL,
                                   0x0F0F0F0F00000000ULL, 0xF0F0F0F000000000ULL};

Bitboard odd_quadrants(Bitboard empty) {
    Bitboard odd = 0;
    for (const Bitboard quadrant : kQuadrant) {
        if (popcount(empty & quadrant) & 1) odd |= quadrant;
    }
    return odd;
}

// The eight neighbours of each square: a move must touch an opponent disc.
constexpr std::array<Bitboard, 64> kNeighbours = [] {
    std::array<Bitboard, 64> of{};
    for (int square = 0; square < 64; ++square) of[square] = neighbours(square_bit(square));
    return of;
}();

// A static prior per square for move ordering: corners first, X- and C-squares next to an
// empty corner last.
constexpr std::array<int, 64> kSquarePrior = [] {
    std::array<int, 64> prior{};
    constexpr int kRow[8] = {3, -2, 1, 1, 1, 1, -2, 3};  // edge rows and files
    for (int square = 0; square < 64; ++square) {
        const int file = square % 8, row = square / 8;
        const bool edge_file = file == 0 || file == 7, edge_row = row == 0 || row == 7;
        if (edge_file && edge_row) {
            prior[square] = 6;
        } else if ((file == 1 || file == 6) && (row == 1 || row == 6)) {
            prior[square] = -4;  // X-squares
        } else if (edge_row) {
            prior[square] = kRow[file];
        } else if (edge_file) {
            prior[square] = kRow[row];
        }
    }
    return prior;
}();

// Weighted mobility: the number of moves, corners counting twice.
int weighted_mobility(Bitboard moves) { return popcount(moves) + popcount(moves & kCorners); }

// Empty squares next to `discs`: where the other side may find moves later.
int potential_mobility(Bitboard discs, Bitboard empty) {
    return popcount(neighbours(discs) & empty);
}

// Fastest first: the fewer moves the opponent has after our move (and the fewer it may get
// later), the sooner its replies run out and the smaller the tree.
int order_move(int square, Bitboard next_player, Bitboard next_opponent, Bitboard odd) {
    const Bitboard empty = ~(next_player | next_opponent);
    return -(weighted_mobility(legal_moves(next_player, next_opponent)) << 6) -
           (potential_mobility(next_opponent, empty) << 3) + (kSquarePrior[square] << 2) +
           ((odd & square_bit(square)) ? 2 : 0);
}

constexpr int kEvalInfinity = 1'000'000;

// A shallow heuristic search: the trained evaluation looks further than mobility counts. From
// the side to move's view, in centi-discs. Its nodes count in `nodes` like the solver's own.
int shallow_value(Bitboard player, Bitboard opponent, int depth, int alpha, int beta,
                  std::uint64_t& nodes) {
    ++nodes;
    if (depth == 0) {
        // The window, so that the network's correction is left out far from it (eval.hpp).
        return evaluate(Position{player, opponent, Color::black}, EvalKind::patterns,
                        legal_moves(player, opponent), legal_moves(opponent, player),
                        {alpha, beta});
    }
    Bitboard moves = legal_moves(player, opponent);
    if (moves == 0) {
        if (legal_moves(opponent, player) == 0)
            return kHundredthsPerDisc * final_disc_difference(player, opponent);
        return -shallow_value(opponent, player, depth - 1, -beta, -alpha, nodes);
    }
    int best = -kEvalInfinity;
    for (; moves != 0; moves &= moves - 1) {
        const int square = lowest_square(moves);
        const Bitboard flipped = flip(square, player, opponent);
        const int score = -shallow_value(opponent ^ flipped, player | flipped | square_bit(square),
                                         depth - 1, -beta, -std::max(alpha, best), nodes);
        if (score > best) {
            best = score;
            if (best >= beta) break;
        }
    }
    return best;
}

// How much the shallow search's value counts in a move's order against the mobility terms of
// order_move: a third. One thread, looks from 16 and 20 empties, FFO #40-#47 / #48-#51: 497 M /
// 1.36 G nodes; at half weight 513 M / 1.47 G, at a quarter 550 M on #40-#47; the stability and
// mobility evaluation (used before the second trained evaluation, the first to order better)
// at full weight 678 M / 3.03 G.
constexpr int kShallowValueDivisor = 3;

// Stable-disc cut-offs cost a stability computation; they pay only when the window is high
// enough that the opponent's stable discs can reach it.
constexpr int kStabilityMinEmpties = 7;
// Deferring moves that another thread is busy with needs the table's key; below this many
// empties the subtrees are too small for it to matter.
constexpr int kDeferMin = 12;
// Enhanced transposition cut-offs probe the table once per child: worth it on big subtrees.
constexpr int kEtcMin = 14;
// From this many empties moves are also ordered by a one-ply search with the evaluation, from
// kDeepOrderMin by a two-ply one and from kDeeperOrderMin by a three-ply one. With the
// stability and mobility evaluation, 16, 20 and 24 were best (the three-ply look: #40-#47 678 M
// nodes instead of 686 M, #50-#51 1.48 G instead of 1.60 G). With the trained one, moving a
// threshold alone changed the nodes by a few per cent either way; 15 and 18 together with
// fastest-first from six empties (kShallowMax) took #40-#47 from 416 M to 362 M and #48-#51
// from 1.347 G to 1.192 G, for about 5 % more time (one thread).
constexpr int kShallowOrderMin = 15;
constexpr int kDeepOrderMin = 18;
constexpr int kDeeperOrderMin = 24;

// How far the ordering search looks at a node with `empties` empty squares.
int order_depth(int empties) {
    return empties >= kDeeperOrderMin ? 3 : empties >= kDeepOrderMin ? 2 : 1;
}

// A move's place in the order (higher first): fastest-first, and on big subtrees what a short
// look with the evaluation thinks of it too.
int move_order(int square, Bitboard next_player, Bitboard next_opponent, Bitboard odd, int empties,
               std::uint64_t& nodes) {
    int order = order_move(square, next_player, next_opponent, odd);
    if (empties >= kShallowOrderMin) {
        order -= shallow_value(next_player, next_opponent, order_depth(empties), -kEvalInfinity,
                               kEvalInfinity, nodes) /
                 kShallowValueDivisor;
    }
    return order;
}

// How far ProbCut's look goes. Three plies, or a depth growing with the empty squares, cut
// about as well (FFO #40-#47, one thread: 317 M nodes either way against 322 M) for more time.
constexpr int kProbCutDepth = 2;

}  // namespace

int estimate_final_score(const Position& pos, std::uint64_t& nodes) {
    constexpr int kDepth = 4;
    const int centi_discs =
        shallow_value(pos.player, pos.opponent, kDepth, -kEvalInfinity, kEvalInfinity, nodes);
    // Final scores are even (the empty squares go to the winner): rounded towards zero to one.
    return std::clamp(2 * (centi_discs / 200), -64, 64);
}

bool EndgameSolver::poll_stop() {
    if (stop_.load(std::memory_order_relaxed)) aborted_ = true;
    if (finished_ != nullptr && finished_->load(std::memory_order_relaxed)) aborted_ = true;
    if (split_ != nullptr && split_->cut_here_or_above()) aborted_ = true;
    return aborted_;
}

int EndgameSolver::table_depth(int empties) const {
    // Subtrees below the ProbCut threshold are solved exactly even in a selective pass.
    if (selectivity_.exact() || empties < selectivity_.min_empties) {
        return TranspositionTable::exhaustive_depth(empties);
    }
    return selective_depth(selectivity_.level);
}

bool EndgameSolver::trusts(int depth) const {
    if (TranspositionTable::is_exhaustive(depth)) return true;
    return !selectivity_.exact() && depth >= selective_depth(selectivity_.level);
}

bool EndgameSolver::probcut(Bitboard player, Bitboard opponent, int alpha, int beta, int empties,
                            int& cut) {
    if (selectivity_.exact() || empties < selectivity_.min_empties) return false;
    // Null-window looks in centi-discs: is the evaluation's value at least `high`, at most `low`?
    const int high = 100 * (beta + selectivity_.margin);
    const int low = 100 * (alpha - selectivity_.margin);
    if (high <= 6400 &&
        shallow_value(player, opponent, kProbCutDepth, high - 1, high, nodes_) >= high) {
        cut = beta;
        return true;
    }
    if (low >= -6400 &&
        shallow_value(player, opponent, kProbCutDepth, low, low + 1, nodes_) <= low) {
        cut = alpha;
        return true;
    }
    return false;
}

EndgameResult EndgameSolver::solve(const Position& pos, int alpha, int beta) {
    const std::uint64_t start_nodes = nodes_;
    aborted_ = false;
    EndgameResult result;
    const Bitboard player = pos.player, opponent = pos.opponent;
    Bitboard moves = legal_moves(player, opponent);
    if (moves == 0) {
        if (legal_moves(opponent, player) == 0) {
            result.score = final_disc_difference(player, opponent);
        } else {
            result.best = Move::pass();
            result.score = -value(opponent, player, -beta, -alpha);
        }
        result.nodes = nodes_ - start_nodes;
        result.aborted = aborted_;
        return result;
    }

    // The root: every move in the table's or the ordering's preferred order, searched with PVS.
    const int empties = pos.empty_count();
    struct RootMove {
        int square;
        int order;
    };
    std::array<RootMove, 64> root{};
    int count = 0;
    // The root's entry: the best move of an earlier pass or an aspiration round.
    const std::uint64_t key = position_key(player, opponent);
    std::uint16_t table_move = 0;
    if (const auto hit = tt_.probe(key)) {
        if (is_solver_depth(hit->depth)) table_move = hit->move;
    }
    const Bitboard odd = odd_quadrants(~(player | opponent));
    for (; moves != 0; moves &= moves - 1) {
        const int square = lowest_square(moves);
        const Bitboard flipped = flip(square, player, opponent);
        const Bitboard next_player = opponent ^ flipped;
        const Bitboard next_opponent = player | flipped | square_bit(square);
        int order = move_order(square, next_player, next_opponent, odd, empties, nodes_);
        if (table_move == square + 1) order = 1 << 20;
        root[count++] = RootMove{square, order};
    }
    std::stable_sort(root.begin(), root.begin() + count,
                     [](const RootMove& a, const RootMove& b) { return a.order > b.order; });

    const int alpha_at_root = alpha;
    int best = -kNoScore;
    int best_square = root[0].square;
    for (int i = 0; i < count; ++i) {
        const int square = root[i].square;
        const Bitboard flipped = flip(square, player, opponent);
        const Bitboard next_player = opponent ^ flipped;
        const Bitboard next_opponent = player | flipped | square_bit(square);
        ++nodes_;
        int score;
        if (i == 0) {
            score = -search(next_player, next_opponent, -beta, -alpha, empties - 1);
        } else {
            score = -search(next_player, next_opponent, -alpha - 1, -alpha, empties - 1);
            if (score > alpha && score < beta) {
                score = -search(next_player, next_opponent, -beta, -alpha, empties - 1);
            }
        }
        if (aborted_) break;
        if (score > best) {
            best = score;
            best_square = square;
            alpha = std::max(alpha, score);
            if (alpha >= beta) break;
        }
    }
    if (!aborted_) {
        const Bound bound = best >= beta           ? Bound::lower
                            : best > alpha_at_root ? Bound::exact
                                                   : Bound::upper;
        tt_.store(key, static_cast<std::uint16_t>(best_square + 1), to_search_score(best),
                  table_depth(empties), bound);
    }
    result.score = best;
    result.best = Move::at(best_square);
    result.nodes = nodes_ - start_nodes;
    result.aborted = aborted_;
    return result;
}

int EndgameSolver::value(Bitboard player, Bitboard opponent, int alpha, int beta) {
    return search(player, opponent, alpha, beta, 64 - popcount(player | opponent));
}

int EndgameSolver::search(Bitboard player, Bitboard opponent, int alpha, int beta, int empties) {
    if (empties > kShallowMax) return search_deep(player, opponent, alpha, beta, empties);
    if (empties > 4) return search_shallow(player, opponent, alpha, beta, empties, false);
    const Bitboard empty = ~(player | opponent);
    switch (empties) {
        case 4:
            return solve_4(player, opponent, alpha, beta, empty);
        case 3:
        case 2: {
            std::array<int, 4> squares{};
            int n = 0;
            for (Bitboard e = empty; e != 0; e &= e - 1) squares[n++] = lowest_square(e);
            return empties == 3
                       ? solve_small<3>(player, opponent, alpha, beta, squares.data(), false)
                       : solve_small<2>(player, opponent, alpha, beta, squares.data(), false);
        }
        case 1:
            ++nodes_;
            return solve_1(player, opponent, lowest_square(empty));
        default:
            ++nodes_;
            return final_disc_difference(player, opponent);
    }
}

int EndgameSolver::search_deep(Bitboard player, Bitboard opponent, int alpha, int beta,
                               int empties) {
    ++nodes_;
    // Every few thousand nodes (shallow ones count too), look at the stop signals.
    if (nodes_ >= next_poll_) {
        next_poll_ = nodes_ + kPollInterval;
        if (poll_stop()) return 0;
    }
    const bool use_table = empties >= kSharedTableMin;
    // The local table holds exact results only: none from nodes a selective pass may cut.
    const bool use_local = !use_table && empties >= kTableMin &&
                           (selectivity_.exact() || empties < selectivity_.min_empties);
    const std::uint64_t key =
        use_table || use_local || busy_ != nullptr ? position_key(player, opponent) : 0;

    // The opponent's stable discs stay the opponent's: the best we can reach is below alpha?
    if (empties >= kStabilityMinEmpties && alpha >= 0) {
        const int ceiling = 64 - 2 * popcount(stable_discs(opponent, player));
        if (ceiling <= alpha) return ceiling;
        beta = std::min(beta, ceiling);
    }

    int table_square = -1;
    if (const auto settled = probe_tables(key, use_local, use_table, alpha, beta, table_square))
        return *settled;

    if (int cut; probcut(player, opponent, alpha, beta, empties, cut)) return cut;

    const Bitboard moves = legal_moves(player, opponent);
    if (moves == 0) {
        if (legal_moves(opponent, player) == 0) return final_disc_difference(player, opponent);
        return -search_deep(opponent, player, -beta, -alpha, empties);
    }

    std::array<EndgameMove, 64> list;  // 33 is the most ever found; 64 needs no proof
    int count = 0;
    if (const auto settled =
            list_moves(player, opponent, moves, beta, empties, table_square, list, count))
        return *settled;

    const int original_alpha = alpha;
    int best = -kNoScore;
    int best_square = -1;
    // Searches list[i]; true on a cut-off.
    const auto try_move = [&](const EndgameMove& move, bool first) {
        const Bitboard next_player = opponent ^ move.flipped;
        const Bitboard next_opponent = player | move.flipped | square_bit(move.square);
        int score;
        if (first) {
            score = -search(next_player, next_opponent, -beta, -alpha, empties - 1);
        } else {
            score = -search(next_player, next_opponent, -alpha - 1, -alpha, empties - 1);
            if (score > alpha && score < beta) {
                score = -search(next_player, next_opponent, -beta, -alpha, empties - 1);
            }
        }
        if (score > best) {
            best = score;
            best_square = move.square;
            if (score > alpha) {
                alpha = score;
                if (alpha >= beta) return true;
            }
        }
        return false;
    };

    // With other threads at work, moves after the first that one of them is searching wait
    // until the end (simplified ABDADA, see search/busy_moves.hpp).
    const bool defer = busy_ != nullptr && empties >= kDeferMin;
    std::array<int, 64> deferred;
    int deferred_count = 0;
    for (int i = 0; i < count; ++i) {
        // Lazy selection sort: cut-offs usually come early.
        int pick = i;
        for (int j = i + 1; j < count; ++j) {
            if (list[j].order > list[pick].order) pick = j;
        }
        std::swap(list[i], list[pick]);
        bool cut;
        if (defer && i > 0) {
            const std::uint64_t busy_key = search::BusyMoves::key_of(key, list[i].square + 1);
            if (busy_->busy(busy_key)) {
                deferred[deferred_count++] = i;
                continue;
            }
            busy_->enter(busy_key);
            cut = try_move(list[i], false);
            busy_->leave(busy_key);
        } else {
            cut = try_move(list[i], i == 0);
        }
        if (aborted_) return 0;
        if (cut) break;
        if (i == 0 && pool_ != nullptr && beta == alpha + 1 && empties >= kSplitMin &&
            count >= i + 3 && pool_->has_idle()) {
            // Young Brothers Wait: the eldest did not cut off, so the others are shared out.
            share_out(player, opponent, alpha, empties, list, i + 1, count, best, best_square);
            if (aborted_) return 0;
            break;
        }
    }
    if (best < beta) {
        for (int i = 0; i < deferred_count; ++i) {
            const bool cut = try_move(list[deferred[i]], false);
            if (aborted_) return 0;
            if (cut) break;
        }
    }

    store_result(key, use_local, use_table, best, best_square, original_alpha, beta, empties);
    return best;
}

void EndgameSolver::share_out(Bitboard player, Bitboard opponent, int alpha, int empties,
                              std::array<EndgameMove, 64>& list, int next, int count, int& best,
                              int& best_square) {
    std::sort(list.begin() + next, list.begin() + count,
              [](const EndgameMove& a, const EndgameMove& b) { return a.order > b.order; });
    SplitPoint split;
    split.player = player;
    split.opponent = opponent;
    split.alpha = alpha;
    split.empties = empties;
    split.moves = list.data();
    split.count = count;
    split.parent = split_;
    split.next = next;
    split.best = best;
    split.best_square = best_square;
    search_split(split);
    best = split.best;
    best_square = split.best_square;
}

std::optional<int> EndgameSolver::probe_tables(std::uint64_t key, bool use_local, bool use_table,
                                               int alpha, int beta, int& table_square) const {
    if (use_local) {
        const LocalEntry& entry = local_[key & (kLocalEntries - 1)];
        if (entry.key == key) {
            if (entry.lower >= beta || entry.lower == entry.upper) return entry.lower;
            if (entry.upper <= alpha) return entry.upper;
            table_square = entry.move - 1;
        }
    } else if (use_table) {
        if (const auto hit = tt_.probe(key)) {
            // Only the solver's own moves, from exact or selective passes: the midgame
            // search's best moves (it shares the table) order endgame proofs worse than
            // fastest-first does (FFO #40 by genmove: 41 M nodes with them, 16 M without).
            if (is_solver_depth(hit->depth)) table_square = hit->move - 1;
            if (trusts(hit->depth)) {
                const int stored = to_discs(hit->score);
                if (hit->bound == Bound::exact) return stored;
                if (hit->bound == Bound::lower && stored >= beta) return stored;
                if (hit->bound == Bound::upper && stored <= alpha) return stored;
            }
        }
    }
    return std::nullopt;
}

std::optional<int> EndgameSolver::list_moves(Bitboard player, Bitboard opponent, Bitboard moves,
                                             int beta, int empties, int table_square,
                                             std::array<EndgameMove, 64>& list, int& count) {
    const Bitboard odd = odd_quadrants(~(player | opponent));
    const bool etc = empties >= kEtcMin;
    for (; moves != 0; moves &= moves - 1) {
        const int square = lowest_square(moves);
        const Bitboard flipped = flip(square, player, opponent);
        const Bitboard next_player = opponent ^ flipped;
        const Bitboard next_opponent = player | flipped | square_bit(square);
        if (etc) {
            // Enhanced transposition cut-off: a child already known to be bad enough for the
            // opponent settles this node without a search.
            if (const auto hit = tt_.probe(position_key(next_player, next_opponent))) {
                if (trusts(hit->depth) && hit->bound != Bound::lower &&
                    -to_discs(hit->score) >= beta) {
                    return -to_discs(hit->score);
                }
            }
        }
        int order = move_order(square, next_player, next_opponent, odd, empties, nodes_);
        if (square == table_square) order = 1 << 20;
        list[count++] = EndgameMove{flipped, square, order};
    }
    return std::nullopt;
}

void EndgameSolver::store_result(std::uint64_t key, bool use_local, bool use_table, int best,
                                 int best_square, int alpha, int beta, int empties) {
    if (use_local) {
        LocalEntry& entry = local_[key & (kLocalEntries - 1)];
        if (entry.key != key) entry = LocalEntry{key};
        if (best >= beta) {
            entry.lower = static_cast<std::int8_t>(std::max<int>(entry.lower, best));
        } else if (best <= alpha) {
            entry.upper = static_cast<std::int8_t>(std::min<int>(entry.upper, best));
        } else {
            entry.lower = entry.upper = static_cast<std::int8_t>(best);
        }
        entry.move = static_cast<std::uint8_t>(best_square + 1);
    } else if (use_table) {
        const Bound bound = best >= beta   ? Bound::lower
                            : best > alpha ? Bound::exact
                                           : Bound::upper;
        tt_.store(key, static_cast<std::uint16_t>(best_square + 1), to_search_score(best),
                  table_depth(empties), bound);
    }
}

int EndgameSolver::search_shallow(Bitboard player, Bitboard opponent, int alpha, int beta,
                                  int empties, bool passed) {
    ++nodes_;
    const Bitboard empty = ~(player | opponent);
    const Bitboard odd = odd_quadrants(empty);
    int best = -kNoScore;
    for (const Bitboard group : {empty & odd, empty & ~odd}) {
        for (Bitboard candidates = group; candidates != 0; candidates &= candidates - 1) {
            const int square = lowest_square(candidates);
            if ((kNeighbours[square] & opponent) == 0) continue;
            const Bitboard flipped = flip(square, player, opponent);
            if (flipped == 0) continue;
            const Bitboard next_player = opponent ^ flipped;
            const Bitboard next_opponent = player | flipped | square_bit(square);
            const int score = empties == 5
                                  ? -solve_4(next_player, next_opponent, -beta,
                                             -std::max(alpha, best), empty ^ square_bit(square))
                                  : -search_shallow(next_player, next_opponent, -beta,
                                                    -std::max(alpha, best), empties - 1, false);
            if (score > best) {
                best = score;
                if (best >= beta) return best;
            }
        }
    }
    if (best != -kNoScore) return best;
    if (passed) return final_disc_difference(player, opponent);  // neither side can move
    return -search_shallow(opponent, player, -beta, -alpha, empties, true);
}

int EndgameSolver::solve_4(Bitboard player, Bitboard opponent, int alpha, int beta,
                           Bitboard empty) {
    // Parity order: squares alone in their quadrant first.
    std::array<int, 4> squares{};
    int n = 0;
    const Bitboard odd = odd_quadrants(empty);
    for (Bitboard e = empty & odd; e != 0; e &= e - 1) squares[n++] = lowest_square(e);
    for (Bitboard e = empty & ~odd; e != 0; e &= e - 1) squares[n++] = lowest_square(e);
    return solve_small<4>(player, opponent, alpha, beta, squares.data(), false);
}

template <int N>
int EndgameSolver::solve_small(Bitboard player, Bitboard opponent, int alpha, int beta,
                               const int* squares, bool passed) {
    ++nodes_;
    int best = -kNoScore;
    for (int i = 0; i < N; ++i) {
        const int square = squares[i];
        if ((kNeighbours[square] & opponent) == 0) continue;
        const Bitboard flipped = flip(square, player, opponent);
        if (flipped == 0) continue;
        const Bitboard next_player = opponent ^ flipped;
        const Bitboard next_opponent = player | flipped | square_bit(square);
        int score;
        if constexpr (N == 2) {
            score = -solve_1(next_player, next_opponent, squares[1 - i]);
        } else {
            // The other squares, in the same order.
            std::array<int, N - 1> rest{};
            for (int j = 0, k = 0; j < N; ++j) {
                if (j != i) rest[k++] = squares[j];
            }
            score = -solve_small<N - 1>(next_player, next_opponent, -beta, -std::max(alpha, best),
                                        rest.data(), false);
        }
        if (score > best) {
            best = score;
            if (best >= beta) return best;
        }
    }
    if (best != -kNoScore) return best;
    if (passed) return final_disc_difference(player, opponent);  // neither side can move
    return -solve_small<N>(opponent, player, -beta, -alpha, squares, true);
}

int EndgameSolver::solve_1(Bitboard player, Bitboard opponent, int square) {
    // After the last move all 64 squares are full, so the score follows from the flip count.
    const int own = popcount(player);
    if (const int flipped = count_last_flips(square, player)) return 2 * (own + flipped) - 62;
    if (const int flipped = count_last_flips(square, opponent)) return 2 * (own - flipped) - 64;
    return own >= 32 ? 2 * own - 62 : 2 * own - 64;  // nobody can play: the empty to the winner
}

// ---- Split points (Young Brothers Wait, endgame_split.hpp) ----

int EndgameSolver::search_move(const SplitPoint& split, int index) {
    const EndgameMove& move = split.moves[index];
    const Bitboard next_player = split.opponent ^ move.flipped;
    const Bitboard next_opponent = split.player | move.flipped | square_bit(move.square);
    return -search(next_player, next_opponent, -split.alpha - 1, -split.alpha, split.empties - 1);
}

void EndgameSolver::search_split(SplitPoint& split) {
    pool_->recruit(split);
    const SplitPoint* outer = split_;
    split_ = &split;
    for (int index; (index = split.take()) >= 0;) {
        const int score = search_move(split, index);
        if (aborted_) break;
        split.report(index, score);
    }
    split_ = outer;
    // A helper's fail high stops our own move too; that is this node's answer, not an abort,
    // unless the stop signal or a fail high further out is why we stopped.
    if (aborted_ && split.cut.load() && !stop_.load(std::memory_order_relaxed) &&
        (finished_ == nullptr || !finished_->load(std::memory_order_relaxed)) &&
        (outer == nullptr || !outer->cut_here_or_above())) {
        aborted_ = false;
    }
    if (aborted_) split.cut.store(true);  // our answer is void: the helpers may stop too
    pool_->wait_for_helpers(*this, split);
}

void EndgameSolver::help(SplitPoint& split) {
    // A thread waiting for its own helpers helps them here: keep its own state.
    const SplitPoint* outer = split_;
    const bool was_aborted = aborted_;
    split_ = &split;
    for (int index; (index = split.take()) >= 0;) {
        aborted_ = false;
        const int score = search_move(split, index);
        if (aborted_) break;
        split.report(index, score);
    }
    aborted_ = was_aborted;
    split_ = outer;
}

}  // namespace sente::reversi
