#include "games/reversi/eval.hpp"

#include "games/reversi/network.hpp"
#include "games/reversi/pattern_eval.hpp"
#include "games/reversi/stability.hpp"

#include <array>
#include <cstdio>

namespace sente::reversi {

namespace {

constexpr Bitboard kEdges = 0xFF818181818181FFULL;

// The seed programs' weights for levels 2-6: corners 5, other edge squares 2, the rest 1.
int corner_edge_weight(Bitboard discs) {
    return 5 * popcount(discs & kCorners) + 2 * popcount(discs & kEdges & ~kCorners) +
           popcount(discs & ~kEdges);
}

// Classic square values: corners good, the squares next to an empty corner bad.
constexpr std::array<int, 64> kSquareValue = {
    100, -20, 10, 5,  5,  10, -20, 100,  //
    -20, -50, -2, -2, -2, -2, -50, -20,  //
    10,  -2,  1,  1,  1,  1,  -2,  10,   //
    5,   -2,  1,  0,  0,  1,  -2,  5,    //
    5,   -2,  1,  0,  0,  1,  -2,  5,    //
    10,  -2,  1,  1,  1,  1,  -2,  10,   //
    -20, -50, -2, -2, -2, -2, -50, -20,  //
    100, -20, 10, 5,  5,  10, -20, 100,  //
};

int square_values(Bitboard discs) {
    int sum = 0;
    for (; discs != 0; discs &= discs - 1) sum += kSquareValue[lowest_square(discs)];
    return sum;
}

const PatternWeights* trained_weights() {
    static const PatternWeights* const weights = [] {
        const PatternWeights* built_in = builtin_weights();
        // Only the Gomocup brain is built without them (CMakeLists.txt, SENTE_GOMOCUP_BRAIN):
        // say so once, rather than let its Othello look like sente's.
        if (built_in == nullptr)
            std::fputs(
                "sente: this build holds no trained Othello evaluation (it is the Gomocup "
                "brain); Othello plays with the simple one of the low levels\n",
                stderr);
        return built_in;
    }();
    return weights;
}

}  // namespace

int evaluate(const Position& pos, EvalKind kind) {
    if (kind == EvalKind::discs || kind == EvalKind::corner_edge) return evaluate(pos, kind, 0, 0);
    return evaluate(pos, kind, legal_moves(pos.player, pos.opponent),
                    legal_moves(pos.opponent, pos.player));
}

int evaluate(const Position& pos, EvalKind kind, Bitboard my_moves_board, Bitboard your_moves_board,
             EvalWindow window) {
    const Bitboard me = pos.player;
    const Bitboard you = pos.opponent;
    switch (kind) {
        case EvalKind::discs:
            return 100 * (popcount(me) - popcount(you));
        case EvalKind::corner_edge:
            return 100 * (corner_edge_weight(me) - corner_edge_weight(you));
        case EvalKind::corner_edge_mobility: {
            const int mobility = popcount(my_moves_board) - popcount(your_moves_board);
            return 100 * (corner_edge_weight(me) - corner_edge_weight(you)) + 150 * mobility;
        }
        case EvalKind::patterns:
            if (const PatternWeights* weights = trained_weights()) {
                const OthelloNetwork* net = active_othello_network();
                if (net == nullptr)
                    return pattern_evaluate(*weights, me, you, my_moves_board, your_moves_board);
                const PatternIndices readings = pattern_readings(me, you);
                const int linear =
                    pattern_evaluate(*weights, readings, me, you, my_moves_board, your_moves_board);
                // (Written so that the window's default bounds cannot overflow.)
                if (linear - kLazyNetworkMargin >= window.beta ||
                    linear + kLazyNetworkMargin <= window.alpha)
                    return linear;
                return linear + othello_net_correction(*net, readings, pos.empty_count(),
                                                       popcount(my_moves_board),
                                                       popcount(your_moves_board));
            }
            [[fallthrough]];
        case EvalKind::stability_mobility: {
            const int my_moves = popcount(my_moves_board);
            const int your_moves = popcount(your_moves_board);
            const Bitboard empty = pos.empty();
            const int potential =
                popcount(neighbours(you) & empty) - popcount(neighbours(me) & empty);
            const int stable = popcount(stable_discs(me, you)) - popcount(stable_discs(you, me));
            // Mobility as a ratio, so that 2 moves against 1 matters more than 12 against 11.
            const int mobility = 100 * (my_moves - your_moves) / (my_moves + your_moves + 2);
            return 3 * (square_values(me) - square_values(you)) + 6 * mobility + 20 * potential +
                   120 * stable;
        }
    }
    return 0;
}

int move_order_score(const Position& pos, Move move, int depth) {
    // Corners first, then edges and the centre, X- and C-squares last.
    static constexpr std::array<int, 64> kPriority = {
        9, 2, 7, 6, 6, 7, 2, 9,  //
        2, 0, 3, 3, 3, 3, 0, 2,  //
        7, 3, 5, 4, 4, 5, 3, 7,  //
        6, 3, 4, 4, 4, 4, 3, 6,  //
        6, 3, 4, 4, 4, 4, 3, 6,  //
        7, 3, 5, 4, 4, 5, 3, 7,  //
        2, 0, 3, 3, 3, 3, 0, 2,  //
        9, 2, 7, 6, 6, 7, 2, 9,  //
    };
    if (move.is_pass()) return 0;
    int score = kPriority[move.square];
    if (depth >= 3) {
        const Position next = play(pos, move);
        score -= 4 * popcount(legal_moves(next));
    }
    return score;
}

}  // namespace sente::reversi
