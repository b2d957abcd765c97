#pragma once

// Victory by continuous fours (VCF): a win forced by fours alone. Every attacking move makes a
// four, so the defender's reply is forced (block the five, or lose), and the tree is narrow: the
// attacker's fours times one reply each. An open four or two fours at once win outright. In
// renju, black's fours must be allowed points, and a four whose block is forbidden for black wins.

#include <atomic>
#include <cstdint>
#include <optional>
#include <vector>

#include "games/gomoku/position.hpp"

namespace sente::gomoku {

struct VcfWin {
    Move first;              // the attacker's first four (or five)
    int plies = 0;           // plies until the five, both sides counted
    std::vector<Move> line;  // the forced line, the five included (but see unplayed_plies_)
};

class VcfSearch {
  public:
    // `stop` may be raised from another thread to end a search early (it then finds nothing).
    explicit VcfSearch(const std::atomic<bool>* stop = nullptr) : stop_(stop) {}

    // A VCF for the side to move of at most `max_fours` fours, within `node_budget` positions.
    // `pos` is searched in place and restored.
    std::optional<VcfWin> find(Position& pos, int max_fours, std::uint64_t node_budget);

    std::uint64_t nodes() const { return nodes_; }

  private:
    bool attack(Position& pos, int fours_left, std::vector<Move>& line);
    bool out_of_budget() const;

    const std::atomic<bool>* stop_;
    std::uint64_t nodes_ = 0;
    std::uint64_t budget_end_ = 0;
    int unplayed_plies_ = 0;  // a won line that stops short of the five (renju fouls)
};

}  // namespace sente::gomoku
