#pragma once

// How games that keep proven results by distance (kScoresByDistance) show a score to people.

#include <string>

#include <fmt/format.h>

#include "search/score.hpp"

namespace sente::search {

// "win in 7" and "loss in 4" (plies) for proven results above kWin + max_distance - plies,
// "draw" for a proven draw, otherwise the evaluation in hundredths: "+1.25".
inline std::string distance_score_text(Score score, bool exact, int max_distance) {
    if (is_proven_win(score)) return fmt::format("win in {}", kWin + max_distance - score);
    if (is_proven_loss(score)) return fmt::format("loss in {}", kWin + max_distance + score);
    if (exact && score == 0) return "draw";
    return fmt::format("{:+.2f}", score / 100.0);
}

}  // namespace sente::search
