#pragma once

// Victory by continuous threats (VCT): a win forced by fours and threes. A four forces one
// block; a three (a threat of an open four next move) lets the defender choose, but only among
// moves that matter: the points where the attacker would make a four (every block of the three
// is one) and the defender's own fours (counter-threats). If every such reply still loses, the
// three wins. Each attacker node first asks for a VCF.
//
// After its first threat, the attacker continues with threats on the four lines through its
// previous stone (within four points) and with double threats anywhere: a continuation that
// builds on nothing just played rarely wins, and leaving it out lets the same budget see
// twice as deep. A VCT found is still a proof; only some VCTs go unfound.
//
// The defender's choices are complete only where a three is what the pattern tables say it is:
// not for caro (an opponent's stone beyond a five's end can matter), which gets no VCT (VCF
// only). Renju's black attacker plays no foul, and its three counts only while it has an open
// four it may play. One defence is then left out: a white stone that turns that point into a
// foul, which needs a four there with two threes that only the white stone makes true
// (renju.hpp); exact minimax over random positions has not met it (gomoku_search_test.cpp).

#include <atomic>
#include <cstdint>
#include <optional>

#include "games/gomoku/position.hpp"
#include "games/gomoku/vcf.hpp"

namespace sente::gomoku {

struct VctWin {
    Move first;
    int plies = 0;  // plies until the five against the longest defence found
};

class VctSearch {
  public:
    explicit VctSearch(const std::atomic<bool>* stop = nullptr) : stop_(stop), vcf_(stop) {}

    // Whether VCT applies to the side to move of `pos` (see above).
    static bool applies(const Position& pos);

    // A VCT for the side to move with at most `max_threes` threes (fours are free), within
    // `node_budget` positions (its VCFs included). `pos` is searched in place and restored.
    std::optional<VctWin> find(Position& pos, int max_threes, std::uint64_t node_budget);

    std::uint64_t nodes() const { return nodes_ + vcf_.nodes(); }

  private:
    // Plies to the five with the attacker to move, or 0 when no win is found. `last` is the
    // attacker's previous stone (0 at the start of the search).
    int attack(Position& pos, int threes_left, int last, Move* first);
    // The same with the defender to move after the attacker's three on `last`.
    int defend(Position& pos, int threes_left, int last);
    bool out_of_budget() const;

    const std::atomic<bool>* stop_;
    VcfSearch vcf_;
    std::uint64_t nodes_ = 0;
    std::uint64_t budget_end_ = 0;
};

}  // namespace sente::gomoku
