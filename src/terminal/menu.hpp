#pragma once

// The short menu `sente play` shows when a person starts it without choosing anything: game,
// board size, level and who plays which side. Enter takes the default shown in brackets.

#include <iosfwd>
#include <optional>

#include "sente/session.hpp"
#include "terminal/play.hpp"

namespace sente::terminal {

// Applies the chosen game, size and level to `session` and returns the seats; nothing when
// input ends before the last question.
std::optional<Seats> ask_setup(Session& session, Seats default_seats, std::istream& in,
                               std::ostream& out);

}  // namespace sente::terminal
