#include <fmt/format.h>

#include "sente/types.hpp"

namespace sente {

std::string result_text(const Outcome& outcome) {
    if (!outcome.over) return "";
    if (!outcome.winner) return "0";
    const int margin = outcome.black_points - outcome.white_points;
    const char winner = *outcome.winner == Color::black ? 'B' : 'W';
    // Games without points (five in a row) have no margin to show: "B+".
    if (margin == 0) return fmt::format("{}+", winner);
    return fmt::format("{}+{}", winner, margin < 0 ? -margin : margin);
}

}  // namespace sente
