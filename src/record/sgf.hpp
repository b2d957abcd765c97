#pragma once

// SGF (FF[4]) game records: a reader for the main line of a file and the records sente writes.
//
// Othello is GM[2]: points as two letters, column then row, `aa` the top-left corner (Othello's
// a1), a pass as an empty value (`tt` is read as a pass too). Gomoku is GM[4] with the same
// points (`hh` is the centre of 15x15, which sente calls h8) and the rule in RU: sente writes
// freestyle, standard, renju or caro, and reads those, the games' ids and common spellings (RIF,
// exact5); no RU is freestyle. Soldiers and Generals has no SGF
// game number, so sente uses the private GM[1001]: the moves are in the private properties XW
// (generals, white) and XB (soldiers, black) in sente's notation (`XW[b2-b3]`, `XW[b2xb4]`).
// A game that did not start from the usual position carries it in the private root property XP,
// in the game's position text (`XP[SSSSS/SSSSS/5/1G1G1/5 g 0 1]`); Othello files may instead give
// the start with AB, AW and PL, as other programs write them.
//
// The reader follows the first variation, reads at most kMaxSgfBytes, and refuses values longer
// than kMaxValueBytes and more than kMaxNodes nodes; it never recurses, so deep nesting is safe.

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "sente/result.hpp"
#include "sente/session.hpp"

namespace sente::record {

inline constexpr std::size_t kMaxSgfBytes = 4 << 20;
inline constexpr std::size_t kMaxValueBytes = 64 << 10;
inline constexpr std::size_t kMaxNodes = 100'000;
inline constexpr int kSoldiersGameNumber = 1001;

struct SgfProperty {
    std::string id;
    std::vector<std::string> values;
};
using SgfNode = std::vector<SgfProperty>;

// The nodes of the first game tree's main line, root first.
Result<std::vector<SgfNode>> parse_main_line(std::string_view text);

// The game in play as an SGF record.
std::string write_sgf(const Session& session);

// Replaces the session's game with the record's, played up to (not including) move
// `stop_before` when that is positive. Nothing changes when the record cannot be read.
Result<void> read_sgf(Session& session, std::string_view text, int stop_before = 0);

// The same with files: the record of the game in play written to `path`, or read from it (at
// most kMaxSgfBytes). The errors say what went wrong, for logs and people.
Result<void> save_sgf_file(const Session& session, const std::string& path);
Result<void> load_sgf_file(Session& session, const std::string& path, int stop_before = 0);

}  // namespace sente::record
