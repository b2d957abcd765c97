#pragma once

// A game in the terminal: a person against sente, two people, or sente against itself.

#include <iosfwd>
#include <optional>

#include "sente/session.hpp"

namespace sente::terminal {

enum class Seats { human_black, human_white, humans, engines };

// Runs games until the person quits or input ends. Returns the exit status.
int play(Session& session, Seats seats, std::istream& in, std::ostream& out);

}  // namespace sente::terminal
