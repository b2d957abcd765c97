#pragma once

// The parallel endgame: Young Brothers Wait. A null-window node whose first move did not cut
// off will most likely have to search all its moves, so its remaining moves are shared out: the
// thread that owns the node (the master) opens a split point, idle helper threads join it, and
// every thread takes the next unsearched move until none is left or one of them fails high.
// Then the helpers still busy in the split are told to stop and the master waits for them.
//
// Any thread may open a split point in the moves it searches. Its owner, once out of moves,
// does not sleep while its helpers finish: it helps them in the split points they open below
// (the "helpful master"). A split point lives on its owner's stack until its helpers are gone.

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "games/reversi/bitboard.hpp"
#include "games/reversi/endgame_selectivity.hpp"

namespace sente::reversi {

// A move of a search node, with what it flips and its ordering score.
struct EndgameMove {
    Bitboard flipped;
    int square;
    int order;
};

struct SplitPoint {
    // The node, searched with the null window (alpha, alpha + 1). Fixed while it is open.
    Bitboard player = 0;
    Bitboard opponent = 0;
    int alpha = 0;
    int empties = 0;
    const EndgameMove* moves = nullptr;
    int count = 0;
    const SplitPoint* parent = nullptr;  // the master's enclosing split point, if any

    // Takes the next move to search (an index into `moves`), or -1 when there is none left or
    // the node has failed high.
    int take();
    // A move's score: keeps the best, and a fail high closes the split point.
    void report(int index, int score);
    // Whether this split point or one around it failed high: searches under it are void.
    bool cut_here_or_above() const;

    std::mutex mutex;
    std::condition_variable helpers_done;
    int next = 0;
    int best = 0;
    int best_square = -1;
    int helpers = 0;
    std::atomic<bool> cut{false};
};

// What a thread does in a split point. The endgame solver (endgame.hpp) is one; the pool knows
// only this, so that the split points depend on the solver and not both ways.
class SplitWorker {
  public:
    virtual ~SplitWorker() = default;
    // Takes the moves of `split` and searches them until none are left.
    virtual void help(SplitPoint& split) = 0;
    virtual std::uint64_t nodes() const = 0;
    virtual void set_selectivity(Selectivity selectivity) = 0;
};

class HelperPool;
// Makes the worker of one helper thread of `pool`.
using MakeWorker = std::function<std::unique_ptr<SplitWorker>(HelperPool& pool)>;

// Helper threads that sleep until a master recruits them into a split point.
class HelperPool {
  public:
    HelperPool(int helpers, const MakeWorker& make_worker);
    ~HelperPool();
    HelperPool(const HelperPool&) = delete;
    HelperPool& operator=(const HelperPool&) = delete;

    // Whether some thread might join a new split point.
    bool has_idle() const;
    // Sends every idle helper into `split`, and every thread waiting for the helpers of a split
    // point that `split` lies inside; returns how many joined.
    int recruit(SplitPoint& split);
    // For the owner of `split`, once it has no moves left to take there: helps in the split
    // points opened below it until all of its helpers have left.
    void wait_for_helpers(SplitWorker& owner, SplitPoint& split);
    // The helpers' nodes so far; call it while they are idle.
    std::uint64_t nodes() const;
    // Makes the helpers as selective as their master; call it while they are idle.
    void set_selectivity(Selectivity selectivity);

  private:
    struct Slot;
    struct Helper;
    void run(Helper& helper);
    void leave(SplitPoint& split);

    std::mutex mutex_;
    std::condition_variable wake_;
    bool quit_ = false;
    std::atomic<int> idle_{0};
    std::atomic<int> waiting_count_{0};
    std::vector<std::unique_ptr<Helper>> helpers_;
    std::vector<Slot*> waiting_;  // owners waiting for their helpers, under mutex_
};

}  // namespace sente::reversi
