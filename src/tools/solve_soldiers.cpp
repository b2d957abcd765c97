// `sente solve --game soldiers`: exact values of Soldiers and Generals positions by retrograde
// analysis (games/soldiers/solver.hpp), one row per position and every move's value under it;
// or, with --proof, who wins by a proof search (games/soldiers/proof_search.hpp).

#include <chrono>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "games/soldiers/notation.hpp"
#include "games/soldiers/proof_search.hpp"
#include "games/soldiers/solver.hpp"
#include "games/soldiers/table_check.hpp"
#include "games/soldiers/tablebase.hpp"
#include "text/text.hpp"
#include "tools/solve.hpp"

namespace sente::tools {

namespace {

using soldiers::Value;

// Who wins, as the position files write it.
std::string winner_text(Value value, Color side) {
    if (value == Value::draw) return "draw";
    const Color winner = value == Value::win ? side : opponent(side);
    return winner == soldiers::kGenerals ? "generals" : "soldiers";
}

std::string move_value_text(const soldiers::SolvedMove& m) {
    switch (m.value) {
        case Value::win:
            return fmt::format("{} win/{}", soldiers::format_move(m.move), m.distance);
        case Value::loss:
            return fmt::format("{} loss/{}", soldiers::format_move(m.move), m.distance);
        case Value::draw:
            break;
    }
    return fmt::format("{} draw", soldiers::format_move(m.move));
}

struct SoldiersLine {
    soldiers::Position position;
    std::string expected;  // "generals", "soldiers", "draw" or empty
};

// The complete tables for the positions of one run: loaded from a file, or built once per board
// size and number of generals and extended when a position has more soldiers than so far; and
// checked against the race equations when asked.
class TableCache {
  public:
    TableCache(const SolveOptions& options, std::ostream& err) : options_(options), err_(err) {}

    // Loads the file of --load-tables, if any. False after a message when it cannot.
    bool load() {
        if (options_.load_tables.empty()) return true;
        auto loaded = soldiers::Tablebase::load(options_.load_tables);
        if (!loaded) {
            err_ << "sente solve: " << loaded.error().message << '\n';
            return false;
        }
        tables_ = std::make_unique<soldiers::Tablebase>(std::move(loaded).value());
        err_ << fmt::format("tables {}: {}x{}, {} generals, up to {} soldiers\n",
                            options_.load_tables, tables_->size(), tables_->size(),
                            tables_->generals(), tables_->max_soldiers());
        return true;
    }

    // Tables that cover `pos`, or nothing with the reason in `why_not`.
    const soldiers::Tablebase* tables_for(const soldiers::Position& pos, std::string& why_not) {
        const int generals = soldiers::popcount(pos.generals);
        const int needed = soldiers::popcount(pos.soldiers);
        const bool same_board =
            tables_ && tables_->size() == pos.size && tables_->generals() == generals;
        if (tables_ && tables_->from_file()) {
            if (!same_board || tables_->max_soldiers() < needed) {
                why_not = fmt::format("not covered by {}", options_.load_tables);
                return nullptr;
            }
        } else {
            if (!same_board) tables_ = std::make_unique<soldiers::Tablebase>(pos.size, generals);
            if (tables_->max_soldiers() < needed) build(pos, needed);
        }
        if (options_.check_tables && checked_up_to_ < tables_->max_soldiers()) {
            if (!check()) {
                why_not = "the tables fail the check";
                return nullptr;
            }
        }
        return tables_.get();
    }

    // Writes the last tables built (those of the last position) to `path`.
    Result<void> save(const std::string& path) const {
        if (!tables_) return make_error(ErrorCode::invalid_argument, "no tables to save");
        auto saved = tables_->save(path);
        if (saved) {
            err_ << fmt::format("tables saved to {} ({} placements)\n", path,
                                tables_->placements());
        }
        return saved;
    }

    bool failed_check() const { return failed_check_; }

  private:
    void build(const soldiers::Position& pos, int soldiers) {
        err_ << fmt::format("tables {}x{}, {} generals, up to {} soldiers: {:.1f} GB\n", pos.size,
                            pos.size, tables_->generals(), soldiers,
                            static_cast<double>(tables_->bytes_needed(soldiers)) / 1e9);
        tables_->build(soldiers, [&](const soldiers::LayerReport& r) {
            err_ << fmt::format(
                "  {:>2} soldiers {:>13} placements  generals to move: {:>12} win {:>12} "
                "lose {:>12} draw  longest races {}/{}  {:.1f} s\n",
                r.soldiers, r.placements, r.generals_win, r.soldiers_win, r.draw,
                r.longest_generals_race, r.longest_soldiers_race, r.seconds);
            err_.flush();
        });
        checked_up_to_ = -1;
    }

    // Every placement against the race equations (table_check.hpp).
    bool check() {
        const auto start = std::chrono::steady_clock::now();
        const soldiers::TableCheck result = soldiers::check_tables(
            *tables_, 2, [&](int soldiers, const soldiers::TableCheck& so_far) {
                err_ << fmt::format(
                    "  check: up to {:>2} soldiers, {} placements, {} wrong, {:.0f} s\n", soldiers,
                    so_far.checked, so_far.wrong,
                    std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
                        .count());
                err_.flush();
            });
        for (const soldiers::Placement& p : result.examples) {
            const soldiers::RaceDistances d = tables_->distances(p);
            err_ << fmt::format(
                "  wrong: {} has {}/{}\n",
                soldiers::format_position(soldiers::position_of(p, tables_->size())),
                d.to_generals_win, d.to_soldiers_win);
        }
        checked_up_to_ = tables_->max_soldiers();
        failed_check_ = failed_check_ || result.wrong > 0;
        return result.wrong == 0;
    }

    const SolveOptions& options_;
    std::ostream& err_;
    std::unique_ptr<soldiers::Tablebase> tables_;
    int checked_up_to_ = -1;
    bool failed_check_ = false;
};

// The --proof rows: who wins each position, and what the proof search took.
int prove_soldiers(const std::vector<SoldiersLine>& lines, const std::string& source,
                   const SolveOptions& options, std::ostream& out, std::ostream& err) {
    out << fmt::format("solve {}: {} positions, Soldiers and Generals, proof search\n", source,
                       lines.size());
    out << fmt::format("{:>3}  {:<44} {:<9} {:>8}  {:<5} {:>13} {:>8}\n", "#", "position", "winner",
                       "expected", "check", "positions", "seconds");
    soldiers::ProofSearch search(options.hash_mb);
    soldiers::ProofLimits limits;
    limits.max_nodes = options.proof_nodes;
    limits.progress_interval = 10'000'000;
    auto start = std::chrono::steady_clock::now();
    limits.progress = [&](const soldiers::ProofProgress& p) {
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        err << fmt::format(
                   "proof: do the {} win? {:.0f} s, {} positions, root proof {} disproof {}, "
                   "table {} of {} entries\n",
                   p.winner == soldiers::kGenerals ? "generals" : "soldiers", seconds, p.nodes,
                   p.proof, p.disproof, p.stored, p.capacity)
            << std::flush;
    };
    int wrong = 0;
    int unsolved = 0;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const SoldiersLine& line = lines[i];
        start = std::chrono::steady_clock::now();
        std::uint64_t nodes = 0;
        const auto value = search.value(line.position, limits, nodes);
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        const std::string position = soldiers::format_position(line.position);
        if (!value) {
            ++unsolved;
            out << fmt::format("{:>3}  {:<44} unsolved: no proof within {} positions ({:.1f} s)\n",
                               i + 1, position, options.proof_nodes, seconds)
                << std::flush;
            continue;
        }
        const std::string winner = winner_text(*value, line.position.side);
        std::string check;
        if (!line.expected.empty()) {
            check = line.expected == winner ? "OK" : "WRONG";
            wrong += check == "WRONG";
        }
        out << fmt::format("{:>3}  {:<44} {:<9} {:>8}  {:<5} {:>13} {:>8.3f}\n", i + 1, position,
                           winner, line.expected.empty() ? "-" : line.expected, check, nodes,
                           seconds)
            << std::flush;
    }
    out << fmt::format("total {} positions  unsolved {}  wrong {}\n", lines.size(), unsolved,
                       wrong);
    if (wrong > 0) return 1;
    return unsolved > 0 ? 3 : 0;
}

}  // namespace

int solve_soldiers(const SolveOptions& options, std::ostream& out, std::ostream& err) {
    const auto input = read_position_lines(options, err);
    if (!input) return 2;
    const std::string source = options.file.empty() ? "--position" : options.file;
    const bool complete_tables = options.complete_tables || !options.save_tables.empty() ||
                                 !options.load_tables.empty() || options.check_tables;

    std::vector<SoldiersLine> lines;
    for (const PositionLine& text : *input) {
        std::string_view line = text.text;
        SoldiersLine parsed;
        if (const auto semicolon = line.find(';'); semicolon != std::string_view::npos) {
            parsed.expected = std::string(text::trim(line.substr(semicolon + 1)));
            line = line.substr(0, semicolon);
            if (parsed.expected != "generals" && parsed.expected != "soldiers" &&
                parsed.expected != "draw") {
                err << fmt::format("sente solve: {}: expected '{}': generals, soldiers or draw\n",
                                   text.where, parsed.expected);
                return 2;
            }
        }
        auto position = soldiers::parse_position(line);
        if (!position) {
            err << fmt::format("sente solve: {}: {}\n", text.where, position.error().message);
            return 2;
        }
        parsed.position = *position;
        lines.push_back(parsed);
    }

    if (options.proof) return prove_soldiers(lines, source, options, out, err);
    out << fmt::format("solve {}: {} positions, Soldiers and Generals, retrograde analysis{}\n",
                       source, lines.size(), complete_tables ? " over complete tables" : "");
    TableCache tables(options, err);
    if (complete_tables && !tables.load()) return 2;
    out << fmt::format("{:>3}  {:<44} {:<9} {:<7} {:>5} {:>8}  {:<5} {:>11} {:>8}\n", "#",
                       "position", "winner", "best", "plies", "expected", "check", "placements",
                       "seconds");
    int wrong = 0;
    int unsolved = 0;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const SoldiersLine& line = lines[i];
        const auto start = std::chrono::steady_clock::now();
        soldiers::Solution solution;
        if (complete_tables) {
            if (const auto* covering = tables.tables_for(line.position, solution.why_not)) {
                solution = soldiers::solve_with_tables(line.position, *covering);
            }
        } else {
            solution =
                soldiers::solve(line.position, soldiers::SolverLimits{options.max_placements});
        }
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        const std::string position = soldiers::format_position(line.position);
        if (!solution.solved) {
            ++unsolved;
            out << fmt::format("{:>3}  {:<44} unsolved: {} ({:.1f} s)\n", i + 1, position,
                               solution.why_not, seconds);
            continue;
        }
        const std::string winner = winner_text(solution.value, line.position.side);
        std::string check;
        if (!line.expected.empty()) {
            check = line.expected == winner ? "OK" : "WRONG";
            wrong += check == "WRONG";
        }
        out << fmt::format("{:>3}  {:<44} {:<9} {:<7} {:>5} {:>8}  {:<5} {:>11} {:>8.3f}\n", i + 1,
                           position, winner,
                           solution.best.is_none() ? "-" : soldiers::format_move(solution.best),
                           solution.distance, line.expected.empty() ? "-" : line.expected, check,
                           solution.placements, seconds);
        std::string moves;
        for (const auto& m : solution.moves) moves += "  " + move_value_text(m);
        if (!moves.empty()) out << "     moves:" << moves << '\n';
        if (!solution.line.empty()) {
            std::string line_text;
            for (const soldiers::Move m : solution.line)
                line_text += " " + soldiers::format_move(m);
            out << fmt::format("     line ({} plies):{}\n", solution.line.size(), line_text);
        }
        out.flush();
    }
    out << fmt::format("total {} positions  unsolved {}  wrong {}\n", lines.size(), unsolved,
                       wrong);
    if (!options.save_tables.empty()) {
        if (auto saved = tables.save(options.save_tables); !saved) {
            err << "sente solve: " << saved.error().message << '\n';
            return 2;
        }
    }
    if (wrong > 0 || tables.failed_check()) return 1;
    return unsolved > 0 ? 3 : 0;
}

}  // namespace sente::tools
