#include "games/soldiers/table_check.hpp"

#include <algorithm>
#include <mutex>
#include <thread>

namespace sente::soldiers {

namespace {

int race_distance(const Tablebase& tables, const Placement& p, Color winner) {
    const RaceDistances d = tables.distances(p);
    return winner == kGenerals ? d.to_generals_win : d.to_soldiers_win;
}

int distance_by_equation(const Tablebase& tables, Position& pos, const Placement& p, Color winner) {
    if (p.soldiers == 0) return winner == kGenerals ? 0 : kNeverInTime;
    pos.generals = p.generals;
    pos.soldiers = p.soldiers;
    pos.side = p.side;
    bool any_move = false;
    int best = kNeverInTime;  // the winner's fastest move
    int worst = 0;            // the loser's slowest move
    for_each_move(pos, [&](Move move) {
        any_move = true;
        const Placement next = after(p, move);
        const int next_distance = race_distance(tables, next, winner);
        int plies;
        if (move.is_capture()) {  // out of the layer: the goal, or never, on this ply
            plies = next_distance <= kQuietPlyLimit ? 1 : kNeverInTime;
        } else {
            plies = std::min(next_distance + 1, int{kNeverInTime});
        }
        best = std::min(best, plies);
        worst = std::max(worst, plies);
    });
    if (!any_move) return p.side == winner ? kNeverInTime : 0;
    return p.side == winner ? best : worst;
}

}  // namespace

int distance_by_equation(const Tablebase& tables, const Placement& p, Color winner) {
    Position pos = position_of(p, tables.size());
    return distance_by_equation(tables, pos, p, winner);
}

TableCheck check_tables(const Tablebase& tables, int threads,
                        const std::function<void(int soldiers, const TableCheck&)>& progress) {
    constexpr std::size_t kExamples = 5;
    TableCheck total;
    std::mutex mutex;
    threads = std::max(threads, 1);
    for (int soldiers = 0; soldiers <= tables.max_soldiers(); ++soldiers) {
        const std::uint64_t n = tables.layer_placements(soldiers);
        const auto check_slice = [&](int slice) {
            // One Position per thread, its pieces replaced for each placement: making one
            // costs more than checking a placement (it carries its history).
            Position pos = position_of(Placement{0, 0, kGenerals}, tables.size());
            TableCheck mine;
            for (std::uint64_t i = n * slice / threads; i < n * (slice + 1) / threads; ++i) {
                const Placement p = tables.placement(soldiers, i);
                const RaceDistances d = tables.distances(p);
                const bool right =
                    d.to_generals_win == distance_by_equation(tables, pos, p, kGenerals) &&
                    d.to_soldiers_win == distance_by_equation(tables, pos, p, kSoldiers) &&
                    (d.to_generals_win == kNeverInTime || d.to_soldiers_win == kNeverInTime);
                ++mine.checked;
                if (!right) {
                    ++mine.wrong;
                    if (mine.examples.size() < kExamples) mine.examples.push_back(p);
                }
            }
            const std::lock_guard lock(mutex);
            total.checked += mine.checked;
            total.wrong += mine.wrong;
            for (const Placement& p : mine.examples) {
                if (total.examples.size() < kExamples) total.examples.push_back(p);
            }
        };
        std::vector<std::thread> helpers;
        for (int slice = 1; slice < threads; ++slice) helpers.emplace_back(check_slice, slice);
        check_slice(0);
        for (std::thread& t : helpers) t.join();
        if (progress) progress(soldiers, total);
    }
    return total;
}

}  // namespace sente::soldiers
