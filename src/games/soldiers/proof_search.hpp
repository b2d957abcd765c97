#pragma once

// A proof search for Soldiers and Generals: does one side force a win from a position? Where the
// complete tables (tablebase.hpp) need every placement of a board in memory, a proof needs only
// one winning move at each of the winner's turns and every reply at the loser's, and a
// depth-first proof-number search (df-pn) looks for exactly that, guided by how many positions
// remain to be settled on each side (the proof and disproof numbers).
//
// What a node is. The state is the placement, the side to move and the plies since the last
// capture. With the counter in the state no state comes back: a step raises the counter, a
// capture takes a soldier away, and from 100 plies without a capture the game is drawn. So the
// states form a graph without cycles, and a proof in it holds without the path-dependence that
// makes proof searches in games with repetitions unsound. The repetition rule itself changes no
// value of a position given without history (solver.hpp says why), so the search leaves it out,
// and its answers are those of solver.hpp and the tables: a position's value under sente's rules
// when it is reached with no earlier positions.
//
// Transposition table, two entries to a bucket, the one that cost less work replaced first. A
// win proven at some counter is a win at every lower counter too (the draw can only come later),
// and a position not won at some counter is not won at any higher one; so each placement (with
// side to move) has an entry that keeps the highest counter proven and the lowest disproven, and
// each state still open an entry with its proof and disproof numbers. (With one entry for both,
// the counters of a placement evicted each other's numbers, and proving a draw took time that
// grew about tenfold for every ten plies left before the 100th.) A lost entry only costs its
// work again, never a wrong answer.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "games/soldiers/position.hpp"
#include "games/soldiers/solver.hpp"

namespace sente::soldiers {

enum class Proof : std::uint8_t {
    proven,     // the side forces a win
    disproven,  // it does not: the other side wins or the game is drawn
    unknown,    // the search stopped first
};

struct ProofProgress {
    Color winner = kSoldiers;    // the side whose win is asked
    std::uint64_t nodes = 0;     // positions expanded so far
    std::uint32_t proof = 0;     // the root's proof number: about how many positions remain
    std::uint32_t disproof = 0;  // ... to prove it, and to disprove it
    std::size_t stored = 0;      // table entries in use
    std::size_t capacity = 0;    // table entries in all
};

struct ProofLimits {
    std::uint64_t max_nodes = 0;  // positions to expand at most; 0 for no limit
    // Plies without a capture after which a line counts as not won: the rule's 100, or fewer to
    // look for a win whose every stretch between captures is that short. Such a win is a win
    // under the rule too, and far cheaper to find where the loser's other lines would run on to
    // the 100th ply; that the side has none says nothing (the result is then unknown). The table
    // is cleared when the limit changes.
    int quiet_limit = kQuietPlyLimit;
    // Calls `progress` every `progress_interval` expanded positions (0: never).
    std::uint64_t progress_interval = 0;
    std::function<void(const ProofProgress&)> progress;
};

struct ProofResult {
    Proof proof = Proof::unknown;
    ProofProgress final;  // the numbers at the end
};

class ProofSearch {
  public:
    // A table of about `table_mb` megabytes.
    explicit ProofSearch(std::size_t table_mb = 64);

    // Whether `winner` forces a win from `root`, taken without earlier history (its counter of
    // plies without a capture counts).
    ProofResult prove(const Position& root, Color winner, const ProofLimits& limits = {});

    // The value of `root` for the side to move from the two questions, the side to move's win
    // asked first: a win for one side, else a draw. Nothing when a search was given up; `nodes`
    // counts the positions both took.
    std::optional<Value> value(const Position& root, const ProofLimits& limits,
                               std::uint64_t& nodes);

  private:
    struct Entry {
        std::uint64_t key = 0;    // key_of(), or state_key() of it for a state's entry; 0: empty
        std::uint32_t proof = 1;  // a state's entry
        std::uint32_t disproof = 1;
        std::uint32_t work = 0;                        // positions expanded below it, capped
        std::int8_t proven_up_to = -1;                 // won at every counter up to this one
        std::uint8_t disproven_from = kQuietPlyLimit;  // not won from this counter on
    };
    struct Numbers {
        std::uint32_t proof;
        std::uint32_t disproof;
    };
    struct Child {
        Move move;
        std::uint32_t proof;
        std::uint32_t disproof;
    };

    std::optional<Numbers> game_over(const Position& pos) const;
    Numbers look_up(std::uint64_t key, int counter) const;
    void store(std::uint64_t key, int counter, Numbers numbers, std::uint64_t work);
    // The entry's key: the placement, the side to move and the side whose win is asked.
    std::uint64_t key_of(const Position& pos) const;
    static std::uint64_t state_key(std::uint64_t key, int counter);
    Entry& slot_for(std::uint64_t key);
    Entry* find(std::uint64_t key);
    const Entry* find(std::uint64_t key) const;
    // Expands `pos` until its numbers reach a threshold; returns them.
    Numbers search(Position& pos, std::uint32_t proof_threshold, std::uint32_t disproof_threshold);
    void report();

    std::vector<Entry> table_;
    // The children of every node on the current line, one stretch each, so that a deep line
    // allocates nothing after the first.
    std::vector<Child> children_;
    std::size_t stored_ = 0;
    Color winner_ = kSoldiers;
    int quiet_limit_ = kQuietPlyLimit;  // what the table's entries were found under
    std::uint64_t nodes_ = 0;
    std::uint64_t next_report_ = 0;
    int depth_ = 0;               // plies below the root of the node being searched
    Numbers root_numbers_{1, 1};  // the root's numbers as they stand, for progress reports
    const ProofLimits* limits_ = nullptr;
    bool stopped_ = false;
};

}  // namespace sente::soldiers
