#pragma once

// What a game's known_move hook (a move found without the search: a book, tables, a greedy
// player, a level's varied choice) gets besides the position, and a small exact scoring of the
// root moves for levels that choose among near-equal moves.

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include "search/game_concept.hpp"
#include "search/score.hpp"
#include "search/search.hpp"

namespace sente::search {

struct MoveChoice {
    int level = 1;
    Limits limits;
    // How much worse than the best, in the evaluation's units, a move chosen for variety may
    // be (an opening book's choice); 0 plays the best (among equals at random).
    int variety = 0;
    bool book = true;          // whether an opening book may answer
    std::uint64_t random = 0;  // a fresh random number for this move
};

// Every root move with its minimax value `depth` plies deep (the move included), by plain
// alpha-beta with no table: for the shallow levels, where it costs a few thousand nodes.
template <SearchableGame G>
std::vector<std::pair<typename G::Move, Score>> score_root_moves(const typename G::Position& root,
                                                                 const typename G::Evaluator& eval,
                                                                 int depth) {
    struct AlphaBeta {
        const typename G::Evaluator& eval;
        Score operator()(typename G::Position& pos, int depth, Score alpha, Score beta, int ply) {
            if (G::is_game_over(pos)) return G::terminal_score(pos, ply);
            if (depth <= 0) return G::evaluate(pos, eval);
            typename G::MoveList moves;
            G::generate_moves(pos, moves);
            Score best = -kInfinity;
            for (const auto& entry : moves) {
                const auto undo = G::make_move(pos, entry.move);
                const Score score =
                    -(*this)(pos, depth - 1, -beta, -std::max(alpha, best), ply + 1);
                G::unmake_move(pos, entry.move, undo);
                best = std::max(best, score);
                if (best >= beta) break;
            }
            return best;
        }
    };
    AlphaBeta search{eval};
    typename G::Position pos = root;
    typename G::MoveList moves;
    G::generate_moves(pos, moves);
    std::vector<std::pair<typename G::Move, Score>> scores;
    for (const auto& entry : moves) {
        const auto undo = G::make_move(pos, entry.move);
        scores.emplace_back(entry.move, -search(pos, depth - 1, -kInfinity, kInfinity, 1));
        G::unmake_move(pos, entry.move, undo);
    }
    return scores;
}

// One of the root moves at most `margin` worse than the best, picked by `random`.
template <class Move>
std::pair<Move, Score> pick_near_best(const std::vector<std::pair<Move, Score>>& scores,
                                      Score margin, std::uint64_t random) {
    Score best = -kInfinity;
    for (const auto& [move, score] : scores) best = std::max(best, score);
    std::vector<std::pair<Move, Score>> near;
    for (const auto& entry : scores) {
        if (entry.second >= best - margin) near.push_back(entry);
    }
    return near[random % near.size()];
}

}  // namespace sente::search
