#include "tools/bench.hpp"

#include <chrono>
#include <fstream>
#include <ostream>

#include <fmt/format.h>

#include "text/text.hpp"
#include "tools/solve.hpp"

namespace sente::tools {

namespace {

constexpr int kDefaultBenchDepth = 11;

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

Result<std::vector<std::string>> read_bench_positions(const std::string& path) {
    std::ifstream in(path);
    if (!in) return make_error(ErrorCode::invalid_argument, fmt::format("cannot read {}", path));
    std::vector<std::string> positions;
    std::string line;
    while (std::getline(in, line)) {
        // A comment may follow a position on its line, unlike in `sente solve`'s files.
        const std::string_view position =
            text::trim(std::string_view(line).substr(0, line.find('#')));
        if (!position.empty()) positions.emplace_back(position);
    }
    if (positions.empty()) {
        return make_error(ErrorCode::invalid_argument, fmt::format("{} has no positions", path));
    }
    return positions;
}

int bench(Session& session, int depth, std::ostream& out, std::span<const std::string> positions) {
    if (depth <= 0) depth = kDefaultBenchDepth;
    const GameInfo& game = session.game();
    std::vector<std::string_view> texts;
    if (positions.empty()) {
        texts.assign(game.bench_positions.begin(), game.bench_positions.end());
    } else {
        texts.assign(positions.begin(), positions.end());
    }
    out << fmt::format("bench {}: {} positions, depth {}, level {}\n", game.id, texts.size(), depth,
                       session.level());
    out << fmt::format("{:>3}  {:<5} {:>12} {:>5} {:>14} {:>9}\n", "#", "move", "score", "depth",
                       "nodes", "ms");
    std::uint64_t total_nodes = 0;
    const auto start = std::chrono::steady_clock::now();
    SearchLimits limits;
    limits.depth = depth;
    int number = 0;
    for (std::string_view text : texts) {
        ++number;
        if (auto set = session.set_position(text); !set) {
            out << fmt::format("bench position {} is broken: {}\n", number, set.error().message);
            return 1;
        }
        auto report = session.genmove(session.side_to_move(), limits, false);
        if (!report) {
            out << fmt::format("bench position {}: {}\n", number, report.error().message);
            return 1;
        }
        const SearchInfo& info = report->search;
        total_nodes += info.nodes;
        out << fmt::format("{:>3}  {:<5} {:>12} {:>5} {:>14} {:>9}\n", number, report->move,
                           info.score_text, info.depth, info.nodes, info.elapsed.count());
        out.flush();
    }
    const double seconds = seconds_since(start);
    out << fmt::format("total nodes {}  time {:.3f} s  nodes/s {:.0f}\n", total_nodes, seconds,
                       seconds > 0 ? total_nodes / seconds : 0.0);
    // The signature is the node count: the same binary and depth give the same one (1 thread).
    out << fmt::format("signature {}\n", total_nodes);
    return 0;
}

int perft(Session& session, int max_depth, std::ostream& out) {
    out << fmt::format("perft {} from {}\n", session.game().id, session.position_text());
    out << fmt::format("{:>5} {:>16} {:>10} {:>14}\n", "depth", "leaves", "seconds", "leaves/s");
    for (int depth = 1; depth <= max_depth; ++depth) {
        const auto start = std::chrono::steady_clock::now();
        const std::uint64_t leaves = session.perft(depth);
        const double seconds = seconds_since(start);
        out << fmt::format("{:>5} {:>16} {:>10.3f} {:>14.0f}\n", depth, leaves, seconds,
                           seconds > 0 ? leaves / seconds : 0.0);
        out.flush();
    }
    return 0;
}

}  // namespace sente::tools
