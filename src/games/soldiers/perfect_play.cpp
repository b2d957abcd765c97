#include "games/soldiers/perfect_play.hpp"

#include <algorithm>
#include <memory>
#include <mutex>

#include "games/soldiers/tablebase.hpp"

namespace sente::soldiers {

namespace {

// Tables built on the spot stay within this many placements (two bytes each), and within a
// quarter of the move's time at this cost per placement (5x5 with 2 generals and 5 soldiers:
// 27 million placements in 0.6 s on one core of the reference machine).
constexpr std::uint64_t kMaxBuiltPlacements = 40'000'000;
constexpr double kSecondsPerPlacement = 40e-9;

struct Registry {
    std::mutex mutex;
    std::vector<std::unique_ptr<Tablebase>> tables;
};
Registry& registry() {
    static Registry instance;
    return instance;
}

// Tables of the registry that cover `pos`, built or extended when that is cheap enough; nullptr
// when there are none. The registry's mutex must be held.
const Tablebase* tables_for(Registry& reg, const Position& pos, const search::TimeBudget& time) {
    const Placement placement = placement_of(pos);
    Tablebase* same_board = nullptr;
    for (const auto& tables : reg.tables) {
        if (tables->size() != pos.size) continue;
        if (tables->covers(placement)) return tables.get();
        if (tables->generals() == popcount(pos.generals) && !tables->from_file()) {
            same_board = tables.get();
        }
    }
    const int soldiers = popcount(pos.soldiers);
    const int generals = popcount(pos.generals);
    if (generals == 0) return nullptr;
    const std::uint64_t placements = Tablebase(pos.size, generals).placements_up_to(soldiers);
    if (placements > kMaxBuiltPlacements) return nullptr;
    if (time.limited()) {
        const double seconds = static_cast<double>(placements) * kSecondsPerPlacement;
        if (seconds * 1000 > static_cast<double>(time.soft.count()) / 4) return nullptr;
    }
    if (!same_board) {
        reg.tables.push_back(std::make_unique<Tablebase>(pos.size, generals));
        same_board = reg.tables.back().get();
    }
    same_board->build(soldiers);
    return same_board;
}

}  // namespace

Result<void> add_tables_file(const std::string& path) {
    auto loaded = Tablebase::load(path);
    if (!loaded) return loaded.error();
    Registry& reg = registry();
    const std::lock_guard lock(reg.mutex);
    reg.tables.push_back(std::make_unique<Tablebase>(std::move(loaded).value()));
    return {};
}

std::optional<PerfectMove> perfect_move(const Position& pos, const search::TimeBudget& time) {
    if (is_game_over(pos)) return std::nullopt;
    Registry& reg = registry();
    const std::lock_guard lock(reg.mutex);
    const Tablebase* tables = tables_for(reg, pos, time);
    if (!tables) return std::nullopt;
    const Solution solution = solve_with_tables(pos, *tables);

    // The tables' order, with what the real history adds: a third repetition draws.
    PerfectMove best{solution.moves.front().move, solution.moves.front().value, solution.line};
    int best_rank = 0;
    bool first = true;
    for (const SolvedMove& m : solution.moves) {
        Position next = pos;
        make_move(next, m.move);
        const bool repeats = status(next) == Status::draw_by_repetition;
        const Value value = repeats ? Value::draw : m.value;
        const int rank = preference(value, m.distance);
        if (first || rank > best_rank) {
            best = {m.move, value, first && !repeats ? solution.line : std::vector<Move>{}};
            best_rank = rank;
        }
        first = false;
    }
    return best;
}

}  // namespace sente::soldiers
