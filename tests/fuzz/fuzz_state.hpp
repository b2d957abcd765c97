#pragma once

// What a command a front end refuses must leave as it was: the game, its size, the position and
// the one it started from, the level, and every move with its colour. The fuzz targets compare
// it before and after each refused command.

#include <string>

#include "sente/session.hpp"

inline std::string game_state(const sente::Session& session) {
    std::string state = std::string(session.game().id) + "|" +
                        std::to_string(session.board_size()) + "|" + session.position_text() + "|" +
                        session.start_position_text() + "|" + std::to_string(session.level()) + "|";
    for (const sente::PlayedMove& move : session.played_moves()) {
        state += (move.color == sente::Color::black ? "b " : "w ") + move.move + " ";
    }
    return state;
}
