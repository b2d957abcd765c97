#pragma once

// The legal-move generator, inline because every node of every search and of perft calls it.
//
// A move is an empty square from which, in some direction, a run of opponent discs leads to a
// player disc. Four line directions (E-W, N-S and the two diagonals), each searched both ways,
// with the runs grown by doubling: two single steps, then two double steps through pairs of
// adjacent opponent discs, reach the longest possible run (six discs) in fewer operations than
// six single steps. With AVX2 the four directions share one 256-bit register; without it the
// same steps run one direction at a time.

#include "games/reversi/bitboard.hpp"

#if defined(__AVX2__)
#include <immintrin.h>
#endif

namespace sente::reversi {

namespace moves_detail {

// Squares reached, in direction Step and in the opposite one, by a run of opponent discs that
// starts next to a player disc. `opponents` is pre-masked so that no run wraps around an edge.
template <int Step>
inline Bitboard moves_both_ways(Bitboard player, Bitboard opponents) {
    Bitboard forward = opponents & shift<Step>(player);
    Bitboard backward = opponents & shift<-Step>(player);
    forward |= opponents & shift<Step>(forward);
    backward |= opponents & shift<-Step>(backward);
    const Bitboard pairs_forward = opponents & shift<Step>(opponents);
    const Bitboard pairs_backward = shift<-Step>(pairs_forward);
    forward |= pairs_forward & shift<2 * Step>(forward);
    backward |= pairs_backward & shift<-2 * Step>(backward);
    forward |= pairs_forward & shift<2 * Step>(forward);
    backward |= pairs_backward & shift<-2 * Step>(backward);
    return shift<Step>(forward) | shift<-Step>(backward);
}

// The portable generator, also the reference the AVX2 one is tested against.
inline Bitboard legal_moves_scalar(Bitboard player, Bitboard opponent) {
    // Horizontal and diagonal runs must not cross files a/h; vertical runs cannot wrap.
    const Bitboard inner = opponent & kInnerFiles;
    const Bitboard moves = moves_both_ways<1>(player, inner) |
                           moves_both_ways<8>(player, opponent) |
                           moves_both_ways<9>(player, inner) | moves_both_ways<7>(player, inner);
    return moves & ~(player | opponent);
}

#if defined(__AVX2__)
// The same steps for the four directions at once: lane i shifts by kSteps[i].
inline Bitboard legal_moves_avx2(Bitboard player, Bitboard opponent) {
    const __m256i steps = _mm256_set_epi64x(7, 9, 8, 1);
    const __m256i double_steps = _mm256_add_epi64(steps, steps);
    const __m256i edge_masks =
        _mm256_set_epi64x(static_cast<long long>(kInnerFiles), static_cast<long long>(kInnerFiles),
                          -1LL, static_cast<long long>(kInnerFiles));
    const __m256i players = _mm256_set1_epi64x(static_cast<long long>(player));
    const __m256i opponents =
        _mm256_and_si256(_mm256_set1_epi64x(static_cast<long long>(opponent)), edge_masks);

    __m256i forward = _mm256_and_si256(opponents, _mm256_sllv_epi64(players, steps));
    __m256i backward = _mm256_and_si256(opponents, _mm256_srlv_epi64(players, steps));
    forward =
        _mm256_or_si256(forward, _mm256_and_si256(opponents, _mm256_sllv_epi64(forward, steps)));
    backward =
        _mm256_or_si256(backward, _mm256_and_si256(opponents, _mm256_srlv_epi64(backward, steps)));
    const __m256i pairs_forward = _mm256_and_si256(opponents, _mm256_sllv_epi64(opponents, steps));
    const __m256i pairs_backward = _mm256_srlv_epi64(pairs_forward, steps);
    for (int round = 0; round < 2; ++round) {
        forward = _mm256_or_si256(
            forward, _mm256_and_si256(pairs_forward, _mm256_sllv_epi64(forward, double_steps)));
        backward = _mm256_or_si256(
            backward, _mm256_and_si256(pairs_backward, _mm256_srlv_epi64(backward, double_steps)));
    }
    const __m256i reached =
        _mm256_or_si256(_mm256_sllv_epi64(forward, steps), _mm256_srlv_epi64(backward, steps));
    const __m128i halves =
        _mm_or_si128(_mm256_castsi256_si128(reached), _mm256_extracti128_si256(reached, 1));
    const Bitboard moves = static_cast<Bitboard>(_mm_cvtsi128_si64(halves)) |
                           static_cast<Bitboard>(_mm_extract_epi64(halves, 1));
    return moves & ~(player | opponent);
}
#endif

}  // namespace moves_detail

// Squares where the side to move may play (no pass included).
inline Bitboard legal_moves(Bitboard player, Bitboard opponent) {
#if defined(__AVX2__)
    return moves_detail::legal_moves_avx2(player, opponent);
#else
    return moves_detail::legal_moves_scalar(player, opponent);
#endif
}

}  // namespace sente::reversi
