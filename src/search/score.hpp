#pragma once

// Search scores: from the side to move's point of view. Heuristic evaluations stay well inside
// ±kWinThreshold; proven results of finished games lie beyond it, so any win beats any guess.

#include <cstdint>

namespace sente::search {

using Score = std::int32_t;

inline constexpr Score kInfinity = 32'000;
inline constexpr Score kWin = 30'000;           // a won game; games add their margin on top
inline constexpr Score kWinThreshold = 29'000;  // |score| at or above this is a proven result

constexpr bool is_proven_win(Score s) { return s >= kWinThreshold; }
constexpr bool is_proven_loss(Score s) { return s <= -kWinThreshold; }

}  // namespace sente::search
