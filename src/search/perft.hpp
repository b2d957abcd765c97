#pragma once

// Perft: the number of leaves of the game tree to a fixed depth, the standard check of a move
// generator against published counts. A forced pass is a move; a finished game is one leaf.

#include <concepts>
#include <cstdint>

#include "search/game_concept.hpp"

namespace sente::search {

// Every legal move: a game whose search tries only some of them (Gomoku) names the full list
// generate_legal_moves.
template <SearchableGame G>
void generate_all_moves(const typename G::Position& pos, typename G::MoveList& moves) {
    if constexpr (requires { G::generate_legal_moves(pos, moves); }) {
        G::generate_legal_moves(pos, moves);
    } else {
        G::generate_moves(pos, moves);
    }
}

// Perft through the search's own interface (move lists, make and unmake).
template <SearchableGame G>
std::uint64_t perft_by_move_lists(typename G::Position& pos, int depth) {
    if (depth <= 0) return 1;
    typename G::MoveList moves;
    generate_all_moves<G>(pos, moves);
    if (moves.empty()) return 1;
    if (depth == 1) return moves.size();
    std::uint64_t leaves = 0;
    for (const auto& entry : moves) {
        const auto undo = G::make_move(pos, entry.move);
        leaves += perft_by_move_lists<G>(pos, depth - 1);
        G::unmake_move(pos, entry.move, undo);
    }
    return leaves;
}

// A game may count faster on its own (G::perft, the same count); the tests compare the two.
template <SearchableGame G>
std::uint64_t perft(typename G::Position& pos, int depth) {
    if constexpr (requires {
                      { G::perft(pos, depth) } -> std::same_as<std::uint64_t>;
                  }) {
        return G::perft(pos, depth);
    } else {
        return perft_by_move_lists<G>(pos, depth);
    }
}

}  // namespace sente::search
