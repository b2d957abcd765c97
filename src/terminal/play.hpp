#pragma once

// A game in the terminal: a person against sente, two people, or sente against itself.

#include <iosfwd>

#include "sente/session.hpp"
#include "terminal/colour_style.hpp"

namespace sente::terminal {

enum class Seats { human_black, human_white, humans, engines };

struct PlayOptions {
    Seats seats = Seats::human_black;
    Look look = Look::plain;
};

// Runs games until the person quits or input ends. Returns the exit status. The clocks follow
// the session's time control: without one they show the time each side has used; with one the
// time left, and a person whose time runs out loses.
int play(Session& session, const PlayOptions& options, std::istream& in, std::ostream& out);

}  // namespace sente::terminal
