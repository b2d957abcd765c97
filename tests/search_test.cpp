// The generic search on Reversi: exact values against a plain minimax, the same values with and
// without the transposition table, identical results run to run, and the limits.

#include <doctest/doctest.h>

#include <atomic>
#include <cmath>
#include <optional>
#include <random>
#include <thread>
#include <vector>

#include "games/reversi/game.hpp"
#include "search/parallel.hpp"
#include "search/search.hpp"

using namespace sente::reversi;
using sente::search::Score;

namespace {

using Game = ReversiGame;

// Plain negamax over the whole game tree: no pruning, no table, no ordering.
Score minimax(Position& pos) {
    Game::MoveList moves;
    Game::generate_moves(pos, moves);
    if (moves.empty()) return Game::terminal_score(pos, 0);
    Score best = -sente::search::kInfinity;
    for (const auto& entry : moves) {
        const auto undo = Game::make_move(pos, entry.move);
        best = std::max<Score>(best, -minimax(pos));
        Game::unmake_move(pos, entry.move, undo);
    }
    return best;
}

// The exact value of `pos` by plain negamax (on a copy).
Score exact_value(Position pos) { return minimax(pos); }

// Plain depth-limited negamax with the same leaves as the search. With `extend_forced`, like a
// search that extends forced moves, a node with a single move (a pass included) searches it
// at its own depth instead of one less.
Score minimax(Position& pos, int depth, const Game::Evaluator& eval, bool extend_forced = false) {
    if (depth == 0) {
        return Game::is_game_over(pos) ? Game::terminal_score(pos, 0) : Game::evaluate(pos, eval);
    }
    Game::MoveList moves;
    Game::generate_moves(pos, moves);
    if (moves.empty()) return Game::terminal_score(pos, 0);
    const int child_depth = extend_forced && moves.size() == 1 ? depth : depth - 1;
    Score best = -sente::search::kInfinity;
    for (const auto& entry : moves) {
        const auto undo = Game::make_move(pos, entry.move);
        best = std::max<Score>(best, -minimax(pos, child_depth, eval, extend_forced));
        Game::unmake_move(pos, entry.move, undo);
    }
    return best;
}

// Positions from random games with exactly `empties` empty squares and a game still on.
std::vector<Position> random_positions(int count, int empties, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::vector<Position> found;
    while (static_cast<int>(found.size()) < count) {
        Position pos = start_position();
        for (;;) {
            Game::MoveList moves;
            Game::generate_moves(pos, moves);
            if (moves.empty()) break;
            if (pos.empty_count() == empties && !moves[0].move.is_pass()) {
                found.push_back(pos);
                break;
            }
            pos = play(pos, moves[rng() % moves.size()].move);
        }
    }
    return found;
}

struct Searched {
    Move best;
    sente::search::Iteration<Move> info;
};

Searched run(const Position& pos, int depth, std::size_t hash_mb = 16, Game::Evaluator eval = {}) {
    sente::search::TranspositionTable tt;
    if (hash_mb > 0) REQUIRE(tt.resize(hash_mb));
    std::atomic<bool> stop{false};
    sente::search::Searcher<Game> searcher(tt, stop);
    sente::search::Limits limits;
    limits.max_depth = depth;
    const auto result = searcher.search(pos, eval, limits);
    return {result.best, result.info};
}

}  // namespace

TEST_CASE("the search solves small endgames to the exact minimax value") {
    for (int empties : {4, 6, 8, 9}) {
        for (const Position& pos : random_positions(12, empties, 1000 + empties)) {
            CAPTURE(format_position(pos));
            const Score exact = exact_value(pos);
            const Searched searched = run(pos, sente::search::kMaxPly - 1);
            CHECK(searched.info.score == exact);
            CHECK(searched.info.exact);  // it knew it had solved the game and stopped deepening
            CHECK(searched.info.depth <= 2 * empties + 1);
            // The chosen move really achieves the value.
            Position after = play(pos, searched.best);
            CHECK(-minimax(after) == exact);
        }
    }
}

TEST_CASE("fixed-depth values equal plain minimax, with and without the table") {
    const Game::Evaluator eval{EvalKind::stability_mobility};
    for (const Position& pos : random_positions(10, 40, 77)) {
        CAPTURE(format_position(pos));
        for (int depth = 1; depth <= 4; ++depth) {
            CAPTURE(depth);
            Position copy = pos;
            const Score expected = minimax(copy, depth, eval);
            CHECK(run(pos, depth, 16, eval).info.score == expected);
            CHECK(run(pos, depth, 0, eval).info.score == expected);
        }
    }
}

namespace {

// Reversi whose forced moves (a single legal move, a pass included) cost no depth.
struct ReversiExtendingForcedMoves : ReversiGame {
    static int extension(const Position& pos, const Evaluator&) {
        MoveList moves;
        generate_moves(pos, moves);
        return moves.size() == 1 ? 1 : 0;
    }
};
static_assert(sente::search::HasExtension<ReversiExtendingForcedMoves>);
static_assert(!sente::search::HasExtension<ReversiGame>);

}  // namespace

TEST_CASE("an extended node searches its moves deeper: values equal a minimax that does so") {
    const Game::Evaluator eval{EvalKind::stability_mobility};
    int differing = 0;  // positions where the extensions change the value at some depth
    // Late positions, where single moves and passes are common.
    for (const Position& pos : random_positions(16, 12, 4242)) {
        CAPTURE(format_position(pos));
        for (int depth = 1; depth <= 5; ++depth) {
            CAPTURE(depth);
            Position copy = pos;
            const Score expected = minimax(copy, depth, eval, true);
            sente::search::TranspositionTable tt;
            REQUIRE(tt.resize(16));
            std::atomic<bool> stop{false};
            sente::search::Searcher<ReversiExtendingForcedMoves> searcher(tt, stop);
            sente::search::Limits limits;
            limits.max_depth = depth;
            CHECK(searcher.search(pos, eval, limits).info.score == expected);
            copy = pos;
            if (minimax(copy, depth, eval) != expected) ++differing;
        }
    }
    CHECK(differing > 0);  // the positions do exercise the extension
}

TEST_CASE(
    "Multi-ProbCut: a shallow search cuts nodes, and the values stay near the full search's") {
    Game::Evaluator full{EvalKind::patterns};
    Game::Evaluator selective = full;
    selective.probcut_t = Game::kProbCutT;
    Game::Evaluator never_cuts = full;
    never_cuts.probcut_t = 10000;  // margins beyond any score: the shallow searches never cut
    std::uint64_t full_nodes = 0, selective_nodes = 0;
    double squared_difference = 0;
    const auto positions = random_positions(12, 40, 2026);
    for (const Position& pos : positions) {
        CAPTURE(format_position(pos));
        const Searched exhaustive = run(pos, 8, 16, full);
        const Searched pruned = run(pos, 8, 16, selective);
        CHECK(run(pos, 8, 16, never_cuts).info.score == exhaustive.info.score);
        CHECK(is_legal(pos, pruned.best));
        full_nodes += exhaustive.info.nodes;
        selective_nodes += pruned.info.nodes;
        const double difference = pruned.info.score - exhaustive.info.score;
        squared_difference += difference * difference;
    }
    CHECK(selective_nodes * 2 < full_nodes);
    // Within 3 discs (root mean square) of the full search.
    CHECK(std::sqrt(squared_difference / positions.size()) < 300);
}

TEST_CASE("only the strong levels prune selectively; levels 1-8 keep their full-width search") {
    for (int level = 1; level <= 10; ++level) {
        CAPTURE(level);
        CHECK((Game::level(level).eval.probcut_t > 0) == (level >= 9));
    }
}

TEST_CASE("single-threaded searches are identical run to run") {
    for (const Position& pos : random_positions(5, 44, 5)) {
        const Searched a = run(pos, 7);
        const Searched b = run(pos, 7);
        CHECK(a.best == b.best);
        CHECK(a.info.score == b.info.score);
        CHECK(a.info.nodes == b.info.nodes);
        CHECK(a.info.pv == b.info.pv);
    }
}

TEST_CASE("a node limit stops the search with a legal move") {
    sente::search::TranspositionTable tt;
    REQUIRE(tt.resize(1));
    std::atomic<bool> stop{false};
    sente::search::Searcher<Game> searcher(tt, stop);
    sente::search::Limits limits;
    limits.max_nodes = 2000;
    const Position pos = start_position();
    const auto result = searcher.search(pos, Game::Evaluator{}, limits);
    CHECK(is_legal(pos, result.best));
    CHECK(result.info.nodes < 2000 + 256);  // polled every 256 nodes
    CHECK(result.info.depth >= 1);
}

TEST_CASE("a stop request before the search still yields a legal move") {
    sente::search::TranspositionTable tt;
    REQUIRE(tt.resize(1));
    std::atomic<bool> stop{true};
    sente::search::Searcher<Game> searcher(tt, stop);
    const Position pos = start_position();
    const auto result = searcher.search(pos, Game::Evaluator{}, sente::search::Limits{});
    CHECK(is_legal(pos, result.best));
    CHECK(result.stopped);
}

TEST_CASE("the principal variation is a legal line starting with the best move") {
    for (const Position& pos : random_positions(5, 30, 9)) {
        const Searched s = run(pos, 6);
        REQUIRE_FALSE(s.info.pv.empty());
        CHECK(s.info.pv.front() == s.best);
        Position line = pos;
        for (const Move& m : s.info.pv) {
            REQUIRE(is_legal(line, m));
            line = play(line, m);
        }
    }
}

namespace {

// Reversi with a "solver" plugged in at the leaves: plain minimax once three squares or fewer
// are empty. Counts its calls, so the test can see the search use it.
std::atomic<int> solver_calls{0};

struct ReversiWithSolver : ReversiGame {
    struct Solver {
        Solver(sente::search::TranspositionTable&, const std::atomic<bool>&,
               sente::search::BusyMoves*) {}
        std::optional<Score> solve(const Position& pos, const Evaluator&, int /*depth*/,
                                   Score /*alpha*/, Score /*beta*/) {
            if (pos.empty_count() > 3) return std::nullopt;
            ++solver_calls;
            ++nodes_;
            return exact_value(pos);
        }
        std::uint64_t nodes() const { return nodes_; }
        std::uint64_t nodes_ = 0;
    };
};
// A solver that never finishes on its own: it returns only once the stop signal is raised.
struct ReversiWithEndlessSolver : ReversiGame {
    struct Solver {
        Solver(sente::search::TranspositionTable&, const std::atomic<bool>& stop,
               sente::search::BusyMoves*)
            : stop_(stop) {}
        std::optional<Score> solve(const Position&, const Evaluator&, int depth, Score, Score) {
            if (depth < 2) return std::nullopt;
            while (!stop_.load()) std::this_thread::yield();
            return Score{0};
        }
        std::uint64_t nodes() const { return 0; }
        const std::atomic<bool>& stop_;
    };
};
// A solver that never settles a node but counts a large, uneven amount of work each time it
// is asked, as a threat search cut short does: the search's node count rises in jumps.
constexpr std::uint64_t kSolverJump = 300;
struct ReversiWithJumpingSolver : ReversiGame {
    struct Solver {
        Solver(sente::search::TranspositionTable&, const std::atomic<bool>&,
               sente::search::BusyMoves*) {}
        std::optional<Score> solve(const Position&, const Evaluator&, int, Score, Score) {
            nodes_ += kSolverJump;
            return std::nullopt;
        }
        std::uint64_t nodes() const { return nodes_; }
        std::uint64_t nodes_ = 0;
    };
};
struct ReversiWithoutSolver : ReversiGame {
    using Solver = void;
};

static_assert(sente::search::LeafSolver<ReversiWithSolver>);
static_assert(sente::search::LeafSolver<ReversiGame>);
static_assert(!sente::search::LeafSolver<ReversiWithoutSolver>);

}  // namespace

TEST_CASE("limits hold when a leaf solver adds its nodes in jumps") {
    // The search looks at its limits (and the stop signal) every few hundred nodes. Looking
    // when the count is a multiple of the interval missed the look whenever a solver's nodes
    // carried the count past it: the search overran its node limit, its clock and the stop.
    for (const Position& pos : random_positions(4, 40, 17)) {
        CAPTURE(format_position(pos));
        sente::search::TranspositionTable tt;
        REQUIRE(tt.resize(1));
        std::atomic<bool> stop{false};
        sente::search::Searcher<ReversiWithJumpingSolver> searcher(tt, stop);
        sente::search::Limits limits;
        limits.max_nodes = 20000;
        const auto result = searcher.search(pos, Game::Evaluator{}, limits);
        CHECK(is_legal(pos, result.best));
        CHECK(result.info.nodes > limits.max_nodes);  // the solver's nodes count
        CHECK(result.info.nodes < limits.max_nodes + 256 + kSolverJump);
    }
}

TEST_CASE("a game's own solver settles leaves, and the result stays exact") {
    for (const Position& pos : random_positions(8, 9, 31)) {
        CAPTURE(format_position(pos));
        const Score exact = exact_value(pos);
        sente::search::TranspositionTable tt;
        REQUIRE(tt.resize(4));
        std::atomic<bool> stop{false};
        sente::search::Searcher<ReversiWithSolver> searcher(tt, stop);
        solver_calls = 0;
        const auto result = searcher.search(pos, Game::Evaluator{}, sente::search::Limits{});
        CHECK(solver_calls > 0);
        CHECK(result.info.score == exact);
        CHECK(result.info.exact);
    }
}

namespace {

// Reversi (without its endgame solver, so that the search itself meets the ends) that tests
// every table move from 3 plies for being singular, with no margin.
std::atomic<int> singular_tests{0};
struct ReversiWithSingularExtension : ReversiWithoutSolver {
    static std::optional<sente::search::SingularTest> singular_test(const Position&,
                                                                    const Evaluator&, int depth) {
        if (depth < 3) return std::nullopt;
        ++singular_tests;
        return sente::search::SingularTest{depth / 2, 0};
    }
};
static_assert(sente::search::HasSingularExtension<ReversiWithSingularExtension>);
static_assert(!sente::search::HasSingularExtension<ReversiGame>);

template <class G>
sente::search::SearchResult<Move> search_to_the_end(const Position& pos) {
    sente::search::TranspositionTable tt;
    REQUIRE(tt.resize(4));
    std::atomic<bool> stop{false};
    sente::search::Searcher<G> searcher(tt, stop);
    return searcher.search(pos, Game::Evaluator{EvalKind::stability_mobility},
                           sente::search::Limits{});
}

}  // namespace

// A singular test searches a node without one move. Its extensions and cuts rest on
// evaluations, so the deepening goes on until the iteration is exact, and then the value must be
// the game's (a test whose exclusion outlived it would show here). That the test stores nothing
// is not seen from outside: the node's own search overwrites the entry.
TEST_CASE("singular extensions: endgames still come out at their exact value") {
    int differing = 0;  // positions where the tests changed the search
    for (const Position& pos : random_positions(10, 9, 515)) {
        CAPTURE(format_position(pos));
        const Score exact = exact_value(pos);
        singular_tests = 0;
        const auto result = search_to_the_end<ReversiWithSingularExtension>(pos);
        CHECK(singular_tests > 0);
        CHECK(result.info.score == exact);
        CHECK(result.info.exact);
        CHECK(-exact_value(play(pos, result.best)) == exact);
        if (result.info.nodes != search_to_the_end<ReversiWithoutSolver>(pos).info.nodes) {
            ++differing;
        }
    }
    CHECK(differing > 0);
}

TEST_CASE("an endgame settled by the solver still reports a legal line beyond the root") {
    // The search stops at the solver; the line goes on along the solver's table moves.
    const Game::Evaluator strong{EvalKind::stability_mobility, Game::kSolveLookahead};
    int longer = 0;
    for (const Position& pos : random_positions(6, 16, 44)) {
        CAPTURE(format_position(pos));
        sente::search::TranspositionTable tt;
        REQUIRE(tt.resize(8));
        std::atomic<bool> stop{false};
        sente::search::Searcher<Game> searcher(tt, stop);
        const auto result = searcher.search(pos, strong, sente::search::Limits{});
        REQUIRE(result.info.exact);
        REQUIRE(!result.info.pv.empty());
        CHECK(result.info.pv.front() == result.best);
        Position line = pos;
        for (const Move move : result.info.pv) {
            REQUIRE(is_legal(line, move));
            line = play(line, move);
        }
        longer += result.info.pv.size() > 1;
    }
    CHECK(longer > 0);
}

TEST_CASE("the hard time limit stops a leaf solver that would run for ever") {
    // Without the watchdog that raises the stop signal at the hard limit this test hangs.
    const Position pos = random_positions(1, 30, 8).front();
    for (int threads : {1, 2}) {
        sente::search::TranspositionTable tt;
        REQUIRE(tt.resize(1));
        std::atomic<bool> stop{false};
        sente::search::Limits limits;
        limits.time.is_limited = true;
        limits.time.soft = sente::Milliseconds{50};
        limits.time.hard = sente::Milliseconds{100};
        const auto result = sente::search::parallel_search<ReversiWithEndlessSolver>(
            pos, Game::Evaluator{}, limits, threads, tt, stop);
        CHECK(result.stopped);
        CHECK(is_legal(pos, result.best));  // the depth-1 move, found before the solver ran
    }
}

TEST_CASE("with a clock, full strength solves only what it can afford, and goes on selectively") {
    const Game::Evaluator strong = Game::level(10).eval;
    REQUIRE(strong.solve_lookahead > 0);
    REQUIRE(strong.selective_solve_empties == 0);
    auto clock = [](int soft_ms, int hard_ms) {
        sente::search::Limits limits;
        limits.time = {sente::Milliseconds{soft_ms}, sente::Milliseconds{hard_ms}, true};
        return limits;
    };
    struct Fitted {
        int max_depth;
        int selective_solve_empties;
        int first_depth;
    };
    auto fitted = [&](sente::search::Limits limits, int empties, Game::Evaluator eval) {
        Position pos;
        pos.player = ~Bitboard{0} << empties;  // which squares does not matter here
        Game::fit_to_time(limits, pos, eval);
        return Fitted{limits.max_depth, eval.selective_solve_empties, limits.first_depth};
    };
    const int unlimited = sente::search::Limits{}.max_depth;
    // 29 empties: about a minute to solve, so selective to the end, no deeper.
    const Fitted selective = fitted(clock(1500, 6000), 29, strong);
    CHECK(selective.max_depth == 29);
    CHECK(selective.selective_solve_empties == Game::kSelectiveSolveEmpties);
    CHECK(selective.first_depth == 1);
    // A depth asked for below that stays.
    sente::search::Limits shallow = clock(1500, 6000);
    shallow.max_depth = 10;
    CHECK(fitted(shallow, 29, strong).max_depth == 10);
    // 21 empties (about 0.25 s) fit in half of 1.5 s; 23 (about 1 s) do not.
    CHECK(fitted(clock(1500, 6000), 21, strong).selective_solve_empties == 0);
    CHECK(fitted(clock(1500, 6000), 21, strong).max_depth == unlimited);
    // An affordable solve comes first: the first iteration is the one that solves the root.
    CHECK(fitted(clock(1500, 6000), 21, strong).first_depth == 21 - strong.solve_lookahead);
    CHECK(fitted(clock(1500, 6000), 23, strong).selective_solve_empties ==
          Game::kSelectiveSolveEmpties);
    // Nothing changes without a clock to save for: a fixed time a move, no time limit, or a
    // level that never solves ahead of its search.
    for (const Fitted same :
         {fitted(clock(1500, 1500), 29, strong), fitted(sente::search::Limits{}, 29, strong),
          fitted(clock(1500, 6000), 29, Game::level(8).eval)}) {
        CHECK(same.max_depth == unlimited);
        CHECK(same.selective_solve_empties == 0);
        CHECK(same.first_depth == 1);
    }

    // A real search, 23 empties from a game against Zebra (a 2.7 s solve here): it ends by
    // itself with an estimate. Unfitted, it went on to solve.
    const auto parsed =
        parse_position("XXXX-X--OOXXX---XXXXOOO-XXOXXOOOXXXXOO---XXXOOX-----XX------XX-- O");
    REQUIRE(parsed.ok());
    const Position pos = parsed.value();
    REQUIRE(pos.empty_count() == 23);
    sente::search::TranspositionTable tt;
    REQUIRE(tt.resize(16));
    std::atomic<bool> stop{false};
    sente::search::Searcher<Game> searcher(tt, stop);
    const auto result = searcher.search(pos, strong, clock(1500, 6000));
    CHECK_FALSE(result.stopped);
    CHECK_FALSE(result.info.exact);

    // Six moves on (e1 f2 g1 h1 g2 h2: 17 empties), with a clock that affords the solve: the
    // first iteration the search reports has solved the root, and nothing came before it. (The
    // hard limit leaves room for a sanitizer's pace.)
    const auto later =
        parse_position("XXXXXXXXOOOOOOOXXXXXXXX-XXOXXXOOXXXXOX---XXXOXX-----XX------XX-- O");
    REQUIRE(later.ok());
    REQUIRE(later.value().empty_count() == 17);
    tt.clear();
    std::vector<sente::search::Iteration<Game::Move>> iterations;
    const auto solved = searcher.search(later.value(), strong, clock(1500, 600'000),
                                        [&](const auto& info) { iterations.push_back(info); });
    CHECK_FALSE(solved.stopped);
    CHECK(solved.info.exact);
    REQUIRE(iterations.size() == 1);
    CHECK(iterations.front().depth == 17 - strong.solve_lookahead);
}

TEST_CASE(
    "the selective endgame's solves are exact on the evaluation's scale, and a later "
    "solve from its table is still a proof") {
    Game::Evaluator selective = Game::level(10).eval;
    selective.probcut_t = 0;  // every node searched, so the value is the solver's
    selective.selective_solve_empties = 12;
    sente::search::Limits limits;
    limits.max_depth = 14;
    for (const Position& pos : random_positions(6, 14, 1414)) {
        CAPTURE(format_position(pos));
        std::atomic<bool> stop{false};
        sente::search::TranspositionTable solver_table;
        REQUIRE(solver_table.resize(4));
        EndgameSolver solver(solver_table, stop);
        const int discs = solver.solve(pos).score;

        sente::search::TranspositionTable tt;
        REQUIRE(tt.resize(16));
        sente::search::Searcher<Game> searcher(tt, stop);
        const auto estimate = searcher.search(pos, selective, limits);
        CHECK(estimate.info.score == discs * 100);
        CHECK_FALSE(estimate.info.exact);
        // The same table, now solving from 10 plies on: the estimates stored above must not
        // stand in for the solver's proofs.
        const auto proof = searcher.search(pos, Game::level(10).eval, limits);
        CHECK(proof.info.exact);
        CHECK(proof.info.score == to_search_score(discs));
    }
}

TEST_CASE("Lazy SMP: two and three threads find the exact value of small endgames") {
    for (int threads : {2, 3}) {
        for (const Position& pos : random_positions(6, 10, 500 + threads)) {
            CAPTURE(format_position(pos));
            const Score exact = exact_value(pos);
            sente::search::TranspositionTable tt;
            REQUIRE(tt.resize(4));
            std::atomic<bool> stop{false};
            const auto result = sente::search::parallel_search<Game>(
                pos, Game::Evaluator{}, sente::search::Limits{}, threads, tt, stop);
            CHECK(result.info.score == exact);
            CHECK(result.info.exact);
            Position after = play(pos, result.best);
            CHECK(-minimax(after) == exact);
        }
    }
}

TEST_CASE("Lazy SMP honours a stop request and counts every thread's nodes") {
    sente::search::TranspositionTable tt;
    REQUIRE(tt.resize(4));
    std::atomic<bool> stop{false};
    sente::search::Limits limits;
    limits.max_nodes = 20'000;  // the main thread's budget; helpers stop with it
    const Position pos = start_position();
    const auto result =
        sente::search::parallel_search<Game>(pos, Game::Evaluator{}, limits, 2, tt, stop);
    CHECK(is_legal(pos, result.best));
    CHECK(result.info.nodes >= 20'000);  // the main thread's share alone reaches the limit
    CHECK(stop.load());                  // the helpers were told to stop
}
