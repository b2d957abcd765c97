#pragma once

// Multi-ProbCut for the Othello midgame (M. Buro, "ProbCut: an effective selective extension of
// the alpha-beta algorithm", 1995; the multi-depth form in Logistello, 1997). A search to depth
// d is predicted by a search of the same node to a shallower depth d' of the same parity: the
// difference of the two values is close to normal with a standard deviation that grows with the
// empty squares and the depths. A null-window node whose shallow value lies beyond the window by
// t deviations is cut without the deep search (search/game_concept.hpp, ProbCut).
//
// The deviations are measured, not guessed: `sente train probcut` searches sample positions to
// every depth and scripts/lab/probcut-fit fits the model below to the differences it sees.

#include <algorithm>
#include <optional>

#include "search/game_concept.hpp"

namespace sente::reversi {

// Nodes shallower than this are searched in full: their shallow search would be the static
// evaluation, and the saving small.
inline constexpr int kProbCutMinDepth = 3;

// The shallow depth for a node of `depth`: about half of it, with the same parity (the
// evaluation leans towards the side that moved last, so depths of one parity agree better).
constexpr int probcut_shallow_depth(int depth) { return (depth / 4) * 2 + (depth & 1); }

// The standard deviation, in hundredths of a disc, of a `depth` search's value against a
// `shallow` search's, at `empties` empty squares (scripts/lab/probcut-fit: a least-squares fit of
// the measured deviations over the pairs of depths the search uses). Measured with the
// selective search itself up to depth 22 (`sente train probcut --selective 10 --depth 22`,
// 1,200 WTHOR positions of 30-54 empties): a fit to full-width searches up to depth 12 alone
// put the pairs of 17 and 21 plies at 0.6-0.8 of their measured deviations.
constexpr double probcut_sigma(int empties, int shallow, int depth) {
    constexpr double kBase = 428.5, kPerEmpty = -2.08, kPerShallow = -32.9, kPerDepth = 9.3;
    return std::max(kBase + kPerEmpty * empties + kPerShallow * shallow + kPerDepth * depth, 50.0);
}

// The cut for a node of `depth` with `empties` empty squares at a tolerance of t_tenths / 10
// standard deviations.
inline std::optional<search::ProbCut> midgame_probcut(int empties, int depth, int t_tenths) {
    if (depth < kProbCutMinDepth) return std::nullopt;
    const int shallow = probcut_shallow_depth(depth);
    const double sigma = probcut_sigma(empties, shallow, depth);
    return search::ProbCut{shallow, static_cast<search::Score>(sigma * t_tenths / 10.0)};
}

}  // namespace sente::reversi
