// The Othello endgame solver and its parts: the fast flips against the rules' plain walk, stable
// discs against every continuation of the game, and solved scores against a plain negamax over
// the rules (no pruning, no table, no ordering), for exact windows and for every other window.

#include <doctest/doctest.h>

#include <atomic>
#include <random>
#include <utility>
#include <vector>

#include "games/reversi/endgame.hpp"
#include "games/reversi/flip.hpp"
#include "games/reversi/notation.hpp"
#include "games/reversi/stability.hpp"

using namespace sente::reversi;

namespace {

// The final disc difference under perfect play, by brute force over position.hpp's rules.
int negamax(const Position& pos) {
    Bitboard moves = legal_moves(pos);
    if (moves == 0) {
        if (is_game_over(pos)) return final_disc_difference(pos);
        return -negamax(play(pos, Move::pass()));
    }
    int best = -kNoScore;
    for (; moves != 0; moves &= moves - 1) {
        best = std::max(best, -negamax(play(pos, Move::at(lowest_square(moves)))));
    }
    return best;
}

// Positions from random games with exactly `empties` empty squares. With `to_move_only`, the side
// to move has a move; otherwise passes and finished games are kept too.
std::vector<Position> random_positions(int count, int empties, std::uint64_t seed,
                                       bool to_move_only = false) {
    std::mt19937_64 rng(seed);
    std::vector<Position> found;
    while (static_cast<int>(found.size()) < count) {
        Position pos = start_position();
        while (pos.empty_count() > empties && !is_game_over(pos)) {
            Bitboard moves = legal_moves(pos);
            if (moves == 0) {
                pos = play(pos, Move::pass());
                continue;
            }
            for (int skip = static_cast<int>(rng() % popcount(moves)); skip > 0; --skip) {
                moves &= moves - 1;
            }
            pos = play(pos, Move::at(lowest_square(moves)));
        }
        if (pos.empty_count() != empties) continue;
        if (to_move_only && legal_moves(pos) == 0) continue;
        found.push_back(pos);
    }
    return found;
}

// Every disc in `stable` keeps its colour in every continuation of the game.
bool stays_stable(const Position& pos, Bitboard stable_black, Bitboard stable_white) {
    const Bitboard black = pos.discs_of(sente::Color::black);
    const Bitboard white = pos.discs_of(sente::Color::white);
    if ((black & stable_black) != stable_black || (white & stable_white) != stable_white) {
        return false;
    }
    if (is_game_over(pos)) return true;
    Bitboard moves = legal_moves(pos);
    if (moves == 0) return stays_stable(play(pos, Move::pass()), stable_black, stable_white);
    for (; moves != 0; moves &= moves - 1) {
        if (!stays_stable(play(pos, Move::at(lowest_square(moves))), stable_black, stable_white)) {
            return false;
        }
    }
    return true;
}

// A fail-soft answer `score` for the window (alpha, beta) of a position worth `exact`: the exact
// score inside the window, a bound between the window's edge and the exact score outside it.
// The window of a trial: the full one first, then random ones (at least one disc wide).
std::pair<int, int> trial_window(int trial, std::mt19937& rng) {
    if (trial == 0) return {-64, 64};
    const int alpha = static_cast<int>(rng() % 80) - 64;
    const int beta = std::min(64, alpha + 1 + static_cast<int>(rng() % 40));
    return {alpha, beta};
}

void check_window_answer(int exact, int alpha, int beta, int score) {
    if (exact <= alpha) {
        CHECK(score <= alpha);
        CHECK(score >= exact);
    } else if (exact >= beta) {
        CHECK(score >= beta);
        CHECK(score <= exact);
    } else {
        CHECK(score == exact);
    }
}

}  // namespace

TEST_CASE("the fast flips equal the rules' flips on every square of random boards") {
    std::mt19937_64 rng(2024);
    for (int board = 0; board < 5000; ++board) {
        // Random disc densities, so that long runs and full lines occur too.
        const Bitboard occupied = rng() | (board % 3 == 0 ? rng() : 0);
        const Bitboard player = occupied & rng();
        const Bitboard opponent = occupied & ~player;
        for (int square = 0; square < 64; ++square) {
            if (occupied & square_bit(square)) continue;
            CAPTURE(square);
            REQUIRE(flip(square, player, opponent) == flips(square, player, opponent));
        }
    }
    // And on positions from real games.
    for (const Position& pos : random_positions(300, 30, 5)) {
        for (int square = 0; square < 64; ++square) {
            if (!(pos.empty() & square_bit(square))) continue;
            REQUIRE(flip(square, pos.player, pos.opponent) ==
                    flips(square, pos.player, pos.opponent));
        }
    }
}

TEST_CASE("the last square's flip count equals the flips, for either side") {
    std::mt19937_64 rng(99);
    for (int board = 0; board < 20000; ++board) {
        const int square = static_cast<int>(rng() % 64);
        const Bitboard player = rng() & ~square_bit(square);
        const Bitboard opponent = ~player & ~square_bit(square);
        CAPTURE(square);
        REQUIRE(count_last_flips(square, player) == popcount(flips(square, player, opponent)));
        REQUIRE(count_last_flips(square, opponent) == popcount(flips(square, opponent, player)));
    }
}

TEST_CASE("stable discs never change colour in any continuation") {
    int claimed = 0;
    for (int empties : {2, 4, 6, 8}) {
        for (const Position& pos : random_positions(40, empties, 300 + empties)) {
            CAPTURE(format_position(pos));
            const Bitboard black = pos.discs_of(sente::Color::black);
            const Bitboard white = pos.discs_of(sente::Color::white);
            const Bitboard stable_black = stable_discs(black, white);
            const Bitboard stable_white = stable_discs(white, black);
            CHECK((stable_black & ~black) == 0);
            CHECK((stable_white & ~white) == 0);
            CHECK(stays_stable(pos, stable_black, stable_white));
            claimed += popcount(stable_black | stable_white);
        }
    }
    CHECK(claimed > 1000);  // the test means something only if discs are found stable

    // A full board: everything is stable. Corners are always stable.
    CHECK(stable_discs(0x00000000FFFFFFFFULL, 0xFFFFFFFF00000000ULL) == 0x00000000FFFFFFFFULL);
    CHECK(stable_discs(square_bit(0), square_bit(9)) == square_bit(0));
    CHECK(full_lines(~Bitboard{0}) == ~Bitboard{0});
    CHECK(full_lines(~square_bit(0)) == (~Bitboard{0} & ~0x8040201008040201ULL &
                                         ~0x0101010101010101ULL & ~0x00000000000000FFULL));
}

TEST_CASE("solved scores equal a plain negamax, with the best move achieving them") {
    sente::search::TranspositionTable tt;
    REQUIRE(tt.resize(8));
    const std::atomic<bool> stop{false};
    for (int empties = 0; empties <= 11; ++empties) {
        for (const Position& pos :
             random_positions(empties <= 9 ? 40 : 12, empties, 900 + empties)) {
            CAPTURE(format_position(pos));
            const int exact = negamax(pos);
            tt.clear();
            EndgameSolver solver(tt, stop);
            const EndgameResult result = solver.solve(pos);
            CHECK(result.score == exact);
            CHECK(!result.aborted);
            if (!is_game_over(pos)) {
                REQUIRE(is_legal(pos, result.best));
                CHECK(-negamax(play(pos, result.best)) == exact);
            }
        }
    }
}

TEST_CASE("solving within a window gives the exact score inside it and a true bound outside") {
    sente::search::TranspositionTable tt;
    REQUIRE(tt.resize(8));
    const std::atomic<bool> stop{false};
    std::mt19937 rng(7);
    for (int empties : {5, 8, 10, 12}) {
        for (const Position& pos : random_positions(8, empties, 40 + empties, true)) {
            CAPTURE(format_position(pos));
            const int exact = negamax(pos);
            for (int trial = 0; trial < 12; ++trial) {
                const int alpha = static_cast<int>(rng() % 60) - 40;
                const int beta = alpha + 1 + static_cast<int>(rng() % 3 == 0 ? 0 : rng() % 30);
                CAPTURE(alpha);
                CAPTURE(beta);
                // The table keeps earlier windows' bounds: the answers must stay consistent.
                EndgameSolver solver(tt, stop);
                check_window_answer(exact, alpha, beta, solver.solve(pos, alpha, beta).score);
            }
            tt.clear();
        }
    }
}

TEST_CASE("two and three threads solve to the same scores as one") {
    sente::search::TranspositionTable tt;
    REQUIRE(tt.resize(16));
    const std::atomic<bool> stop{false};
    for (const Position& pos : random_positions(6, 16, 11, true)) {
        CAPTURE(format_position(pos));
        tt.clear();
        const EndgameResult one = solve_endgame(pos, 1, tt, stop);
        for (int threads : {2, 3}) {
            tt.clear();
            const EndgameResult many = solve_endgame(pos, threads, tt, stop);
            CHECK(many.score == one.score);
            CHECK(!many.aborted);
            CHECK(many.nodes > 0);
            // Several moves may share the best score; whichever was chosen must reach it.
            tt.clear();
            EndgameSolver check(tt, stop);
            CHECK(-check.solve(play(pos, many.best)).score == one.score);
        }
    }
}

TEST_CASE("the aspiration around the estimate gives the plain solver's answers in any window") {
    sente::search::TranspositionTable tt;
    REQUIRE(tt.resize(8));
    const std::atomic<bool> stop{false};
    std::mt19937 rng(5);
    int guessed_low = 0, guessed_high = 0;  // both re-search paths must be taken
    for (const Position& pos : random_positions(40, 10, 77, true)) {
        CAPTURE(format_position(pos));
        const int exact = negamax(pos);
        std::uint64_t look_nodes = 0;
        const int guess = estimate_final_score(pos, look_nodes);
        CHECK(guess % 2 == 0);
        guessed_low += exact > guess + 2;
        guessed_high += exact < guess - 2;
        for (int trial = 0; trial < 4; ++trial) {
            const auto [alpha, beta] = trial_window(trial, rng);
            CAPTURE(alpha);
            CAPTURE(beta);
            tt.clear();
            // One or two threads: the helpers stay up across the re-searches.
            const EndgameResult result = solve_endgame(pos, 1 + trial % 2, tt, stop, alpha, beta);
            check_window_answer(exact, alpha, beta, result.score);
            if (alpha < exact && exact < beta && !is_game_over(pos)) {
                CHECK(-negamax(play(pos, result.best)) == exact);
            }
        }
    }
    CHECK(guessed_low > 2);
    CHECK(guessed_high > 2);
}

TEST_CASE("selective passes before the exact solve change no answer, though theirs can be wrong") {
    sente::search::TranspositionTable tt, reference_tt;
    REQUIRE(tt.resize(8));
    REQUIRE(reference_tt.resize(8));
    const std::atomic<bool> stop{false};
    // Passes at every root, ProbCut from six empties, with margins narrow enough to cut wrongly
    // now and then. Fourteen empties: the passes leave results both in the shared table (from
    // 11 empties) and where the exact solve keeps its own small table (8-10). The reference is
    // the exact solver alone (checked against negamax above), on a table of its own.
    const SelectiveSchedule schedule{
        .min_root_empties = 0, .min_empties = 6, .margins = {0, 2, 4}, .passes = 3};
    std::mt19937 rng(11);
    int selective_wrong = 0;
    for (const Position& pos : random_positions(16, 14, 91, true)) {
        CAPTURE(format_position(pos));
        reference_tt.clear();
        const int exact =
            solve_endgame(pos, 1, reference_tt, stop, -64, 64, kNoSelectivePasses).score;
        tt.clear();
        EndgameSolver selective(tt, stop);
        selective.set_selectivity(Selectivity{.level = 1, .margin = 0, .min_empties = 6});
        selective_wrong += selective.solve(pos).score != exact;
        for (int trial = 0; trial < 3; ++trial) {
            const auto [alpha, beta] = trial_window(trial, rng);
            CAPTURE(alpha);
            CAPTURE(beta);
            tt.clear();
            const EndgameResult result =
                solve_endgame(pos, 1 + trial % 2, tt, stop, alpha, beta, schedule);
            check_window_answer(exact, alpha, beta, result.score);
            if (alpha < exact && exact < beta) {
                reference_tt.clear();
                CHECK(-solve_endgame(play(pos, result.best), 1, reference_tt, stop, -64, 64,
                                     kNoSelectivePasses)
                           .score == exact);
            }
        }
    }
    // The passes must have been wrong somewhere for the exact answers to prove anything.
    CHECK(selective_wrong > 2);
}

TEST_CASE("a raised stop signal aborts the solver") {
    sente::search::TranspositionTable tt;
    REQUIRE(tt.resize(4));
    const std::atomic<bool> stop{true};
    const auto pos = random_positions(1, 24, 3, true).front();
    for (int threads : {1, 2}) {
        const EndgameResult result = solve_endgame(pos, threads, tt, stop);
        CHECK(result.aborted);
        CHECK(result.nodes < 100000);
    }
}

TEST_CASE("disc differences map onto the search's scores and windows") {
    using sente::search::kWin;
    CHECK(to_search_score(0) == 0);
    CHECK(to_search_score(6) == kWin + 6);
    CHECK(to_search_score(-64) == -kWin - 64);
    for (int discs = -64; discs <= 64; ++discs) {
        CHECK(to_discs(to_search_score(discs)) == discs);
        CHECK(discs_at_most(to_search_score(discs)) == discs);
        CHECK(discs_at_least(to_search_score(discs)) == discs);
    }
    // A heuristic window between a loss and a win asks only: win, draw or loss?
    CHECK(discs_at_most(-250) == -1);
    CHECK(discs_at_least(250) == 1);
    CHECK(discs_at_most(kWin) == 0);
    CHECK(discs_at_least(-kWin) == 0);
    CHECK(discs_at_most(-sente::search::kInfinity) == -65);
    CHECK(discs_at_least(sente::search::kInfinity) == 65);
}

TEST_CASE("disc differences map onto the evaluation's scale and its windows") {
    using sente::search::kWin;
    for (int discs = -64; discs <= 64; ++discs) {
        const int hundredths = discs * kHundredthsPerDisc;
        CHECK(hundredths_at_most(hundredths) == discs);
        CHECK(hundredths_at_least(hundredths) == discs);
        // Between two disc values a window's ends round outwards.
        if (discs < 64) {
            CHECK(hundredths_at_most(hundredths + 1) == discs);
            CHECK(hundredths_at_least(hundredths + 1) == discs + 1);
            CHECK(hundredths_at_most(hundredths + 99) == discs);
            CHECK(hundredths_at_least(hundredths + 99) == discs + 1);
        }
    }
    // Beyond the board's range: every disc value lies inside, or none does.
    CHECK(hundredths_at_most(6500) == 64);
    CHECK(hundredths_at_least(-6500) == -64);
    // A proven result as a window's end: the whole range is on the open side.
    CHECK(hundredths_at_most(kWin) == 64);
    CHECK(hundredths_at_least(kWin) == 65);
    CHECK(hundredths_at_most(-kWin) == -65);
    CHECK(hundredths_at_least(-kWin) == -64);
    CHECK(hundredths_at_most(-sente::search::kInfinity) == -65);
    CHECK(hundredths_at_least(sente::search::kInfinity) == 65);
}
