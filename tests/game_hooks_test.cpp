// What each game turns on in the generic search (search::hooks_of, game_concept.hpp), spelled out:
// a hook whose signature drifts stops being found, and the search would quietly go on without
// it; here the build fails instead.

#include <doctest/doctest.h>

#include "games/gomoku/game.hpp"
#include "games/reversi/game.hpp"
#include "games/soldiers/game.hpp"
#include "search/game_concept.hpp"

namespace {

using sente::search::hooks_of;
using sente::search::HookSet;

constexpr HookSet kOthello{.leaf_value = true,
                           .probcut = true,
                           .leaf_solver = true,
                           .solver_settles = true,
                           .solver_may_estimate = true,
                           .time_fit = true};
constexpr HookSet kGomoku{.forward_pruning = true,
                          .extension = true,
                          .forced_reply = true,
                          .singular_extension = true,
                          .late_move_reduction = true,
                          .omitted_moves = true,
                          .win_at_ply = true,
                          .leaf_solver = true,
                          .search_setup = true};
constexpr HookSet kSoldiers{.win_at_ply = true};

static_assert(hooks_of<sente::reversi::ReversiGame>() == kOthello);
static_assert(hooks_of<sente::gomoku::GomokuGame<sente::gomoku::Rule::freestyle>>() == kGomoku);
static_assert(hooks_of<sente::gomoku::GomokuGame<sente::gomoku::Rule::renju>>() == kGomoku);
static_assert(hooks_of<sente::soldiers::SoldiersGame>() == kSoldiers);

}  // namespace

TEST_CASE("each game's hooks and constants are the ones it sets") {
    // The constants: the defaults unless the game names its own.
    CHECK(sente::reversi::ReversiGame::kParityAspiration);
    CHECK(sente::reversi::ReversiGame::kMinTableDepth == 2);
    CHECK_FALSE(sente::reversi::ReversiGame::kScoresByDistance);
    CHECK(sente::gomoku::GomokuGame<sente::gomoku::Rule::caro>::kSolveAtHorizon);
    CHECK(sente::gomoku::GomokuGame<sente::gomoku::Rule::caro>::kMovesCarryOrderScore);
    CHECK_FALSE(sente::reversi::ReversiGame::kMovesCarryOrderScore);
    CHECK(sente::soldiers::SoldiersGame::kScoresByDistance);
    CHECK(sente::soldiers::SoldiersGame::kMinTableDepth == 1);
    // And no set is empty of what makes each game's search its own.
    CHECK(hooks_of<sente::reversi::ReversiGame>() != HookSet{});
}
