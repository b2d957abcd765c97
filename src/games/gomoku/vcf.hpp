#pragma once

// Victory by continuous fours (VCF): a win forced by fours alone. Every attacking move makes a
// four, so the defender's reply is forced (block the five, or lose), and the tree is narrow: the
// attacker's fours times one reply each. An open four or two fours at once win outright. In
// renju, black's fours must be allowed points, and a four whose block is forbidden for black wins.

#include <array>
#include <atomic>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "games/gomoku/position.hpp"

namespace sente::gomoku {

// Sorts `points` for `attacker`, the strongest threat first and, among equal threats, the point
// worth most to it: the order in which VCF tries its fours and VCT its threats.
void sort_by_threat(const Position& pos, Color attacker, std::span<int> points);

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

    // Positions of the current search known to have no VCF with this many fours left: the
    // attacker's independent fours reach the same positions in every order, and each is then
    // searched once. Entries carry the search's number, so a new search needs no clearing.
    static constexpr std::size_t kFailureSlots = 512;
    struct Failure {
        std::uint64_t key = 0;
        std::uint32_t search = 0;
        std::int32_t fours_left = -1;
    };
    bool known_failure(const Position& pos, int fours_left) const;
    void record_failure(const Position& pos, int fours_left);
    std::array<Failure, kFailureSlots> failures_{};
    std::uint32_t search_number_ = 0;

    const std::atomic<bool>* stop_;
    std::uint64_t nodes_ = 0;
    std::uint64_t budget_end_ = 0;
    int unplayed_plies_ = 0;  // a won line that stops short of the five (renju fouls)
};

}  // namespace sente::gomoku
