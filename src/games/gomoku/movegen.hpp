#pragma once

// Which points the search tries, and which points are legal.
//
// The search does not try all of a board's up to 484 points: only empty points within two of a
// stone, and fewer when a threat forces the reply. Each restriction is a rule of the game, not a
// guess, except the last, which is the standard threat-space argument:
//   - the side to move can make five: only that point;
//   - the opponent could make five next move: only the points that stop it (if none can be
//     played, any point: the game is lost either way);
//   - the opponent could make an open four next move: only the side to move's own fours (which
//     force a reply) and the points where the opponent would make a four, which include every
//     point that breaks the threat. (A four-three threat is not one of these: it can also be met
//     on its three's line or by a stone that turns the forced block of its four into a counter
//     four, so it restricts nothing; cutting the moves there proved wins that were not.)
//   - otherwise, the kMaxQuietMoves points of most value for attack and defence together
//     (order_value), the search's one pruning by judgement; the rest come back through
//     generate_omitted_moves when all of these lose, so that a loss is never a guess.

#include "games/gomoku/position.hpp"
#include "search/move_list.hpp"

namespace sente::gomoku {

using MoveList = search::MoveList<Move, kMaxSize * kMaxSize>;

// 12 beat 20 by 49-31 and 8 lost to 12 by 17-23 (level 10, 0.2 s per move, random openings).
inline constexpr std::size_t kMaxQuietMoves = 12;

// How many of the built-in order's best quiet points a position's policy values again
// (Position::order_policy): they hold the strong engine's move 94 % of the time (docs/training.md).
inline constexpr std::size_t kPolicyCandidates = 24;

// Each point's score is the value the search orders it by, so that the search need not compute
// it again (GomokuGame::kMovesCarryOrderScore): its order_value (eval.hpp), except where a
// policy leaves a point beyond its kPolicyCandidates below them all, and against a five or an
// open four, where the built-in order ranks the few points there are.
// `max_quiet` caps the quiet points (the seed's greedy player looks at all of them).
void generate_search_moves(const Position& pos, MoveList& list,
                           std::size_t max_quiet = kMaxQuietMoves);
// The quiet points generate_search_moves left out (none when it kept them all), so that the
// search can make sure of a loss (search/game_concept.hpp, HasOmittedMoves).
void generate_omitted_moves(const Position& pos, MoveList& list,
                            std::size_t max_quiet = kMaxQuietMoves);
void generate_legal_moves(const Position& pos, MoveList& list);

// Whether the move order decides which points a node searches: no five to make or block, no
// open four to meet (there generate_search_moves keeps only the forced points). The order's
// fits and data take only these positions (gomoku-fit --order, gomoku-import --moves).
inline bool order_decides(const Position& pos) {
    const Color them = opponent(pos.side);
    return pos.count(pos.side, kThreatFive) == 0 && pos.count(them, kThreatFive) == 0 &&
           pos.count(them, kThreatFlexFour) == 0;
}

// The seed programs' easy player: the point whose larger of own attack value and opponent's
// attack value is largest (ties: the first from the centre outwards).
int greedy_point(const Position& pos);

}  // namespace sente::gomoku
