// The generic search on a game that scores its wins by distance (Soldiers and Generals): the
// mate-distance bounds (HasWinAtPly) agree with the game's terminal scores, every root move's
// fixed-depth value still equals a plain minimax's, and the bounds save nodes once a win is
// proven.

#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <random>
#include <vector>

#include "games/soldiers/game.hpp"
#include "search/search.hpp"

using namespace sente::soldiers;
using sente::search::Score;

namespace {

using Game = SoldiersGame;

// Plain depth-limited negamax with the search's leaves and its ply-counted terminal scores.
Score minimax(Position& pos, int depth, int ply, const Game::Evaluator& eval) {
    if (Game::is_game_over(pos)) return Game::terminal_score(pos, ply);
    if (depth == 0) return Game::evaluate(pos, eval);
    Game::MoveList moves;
    Game::generate_moves(pos, moves);
    Score best = -sente::search::kInfinity;
    for (const auto& entry : moves) {
        const auto undo = Game::make_move(pos, entry.move);
        best = std::max<Score>(best, -minimax(pos, depth - 1, ply + 1, eval));
        Game::unmake_move(pos, entry.move, undo);
    }
    return best;
}

// Every position of a game of random moves on the smallest board, to its end.
std::vector<Position> random_game(std::mt19937_64& rng) {
    std::vector<Position> game{start_position(5)};
    while (!Game::is_game_over(game.back())) {
        Game::MoveList moves;
        Game::generate_moves(game.back(), moves);
        Position next = game.back();
        Game::make_move(next, moves[rng() % moves.size()].move);
        game.push_back(next);
    }
    return game;
}

// Positions from random games that ended in a win, taken 1 to 6 plies before the end: a win or
// a loss lies within a few plies, at several distances.
std::vector<Position> positions_near_the_end(int count, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::vector<Position> found;
    while (static_cast<int>(found.size()) < count) {
        const std::vector<Position> game = random_game(rng);
        const std::size_t back = 1 + found.size() % 6;
        if (Game::terminal_score(game.back(), 0) == 0 || game.size() <= back) continue;
        found.push_back(game[game.size() - 1 - back]);
    }
    return found;
}

// The same game without the bounds, to compare with.
struct SoldiersWithoutBounds : SoldiersGame {
    static constexpr Score win_at(int) = delete;
};
static_assert(sente::search::HasWinAtPly<SoldiersGame>);
static_assert(!sente::search::HasWinAtPly<SoldiersWithoutBounds>);

template <class G>
sente::search::SearchResult<Move> search_to(const Position& pos, int depth, int lines = 1) {
    // Without a table: a repetition draw depends on the path, which a table ignores.
    sente::search::TranspositionTable tt;
    std::atomic<bool> stop{false};
    sente::search::Searcher<G> searcher(tt, stop);
    sente::search::Limits limits;
    limits.max_depth = depth;
    limits.multi_pv = lines;
    return searcher.search(pos, typename G::Evaluator{}, limits);
}

}  // namespace

TEST_CASE("a finished game scores the side to move's loss at exactly the bound") {
    std::mt19937_64 rng(5);
    int finished = 0;
    for (int game = 0; game < 50; ++game) {
        const Score score = Game::terminal_score(random_game(rng).back(), 7);
        if (score == 0) continue;  // a draw
        ++finished;
        CHECK(score == -Game::win_at(7));
    }
    CHECK(finished > 10);
    CHECK(Game::win_at(6) > Game::win_at(7));
    CHECK(sente::search::is_proven_win(Game::win_at(sente::search::kMaxPly)));
}

TEST_CASE("with the mate-distance bounds, every root move's fixed-depth value equals minimax") {
    // Every root move is searched for its exact value (multi-PV), so that the values below
    // every root move are compared, not only the best move's.
    int proven = 0;
    for (const Position& pos : positions_near_the_end(120, 11)) {
        for (int depth = 1; depth <= 6; ++depth) {
            CAPTURE(depth);
            const auto result = search_to<Game>(pos, depth, 64);
            for (const auto& line : result.info.lines) {
                Position child = pos;
                Game::make_move(child, line.move);
                const Score expected = -minimax(child, depth - 1, 1, Game::Evaluator{});
                CHECK(line.score == expected);
                if (sente::search::is_proven_win(expected) ||
                    sente::search::is_proven_loss(expected))
                    ++proven;
            }
        }
    }
    MESSAGE(proven << " of the values are proven results");
    CHECK(proven > 100);
}

TEST_CASE("once a win is proven, the bounds save nodes and change no value") {
    std::uint64_t with_bounds = 0;
    std::uint64_t without_bounds = 0;
    for (const Position& pos : positions_near_the_end(60, 12)) {
        const auto bounded = search_to<Game>(pos, 9);
        const auto plain = search_to<SoldiersWithoutBounds>(pos, 9);
        CHECK(bounded.info.score == plain.info.score);
        CHECK(bounded.info.nodes <= plain.info.nodes);
        with_bounds += bounded.info.nodes;
        without_bounds += plain.info.nodes;
    }
    MESSAGE(with_bounds << " nodes with the bounds, " << without_bounds << " without");
    CHECK(with_bounds < without_bounds);
}
