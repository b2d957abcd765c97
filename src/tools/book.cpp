#include "tools/book.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <fstream>
#include <iterator>
#include <map>
#include <ostream>
#include <thread>

#include <fmt/format.h>

#include "games/reversi/book.hpp"
#include "games/reversi/game.hpp"
#include "search/parallel.hpp"

namespace sente::tools {

namespace {

using reversi::BookEntry;
using reversi::Move;
using reversi::Position;
using reversi::ReversiGame;

constexpr int kNoValue = -100'000;

// A search score as a book value: hundredths of a disc, proven results by their margin.
int book_value(search::Score score) {
    if (search::is_proven_win(score)) return 100 * (score - search::kWin);
    if (search::is_proven_loss(score)) return 100 * (score + search::kWin);
    return std::clamp(score, -6400, 6400);
}

struct BookNode {
    BookNode(const Position& pos, const BookEntry& book_key, int searched)
        : position(pos), key(book_key), value(searched) {}

    Position position;
    BookEntry key;         // the position's book key
    int value = kNoValue;  // a leaf's searched value until the values are backed up
    std::vector<std::pair<Move, int>> scores;  // every move's searched value, for the mover
};

// Searches every move of `pos` to `depth` plies (the move included) with the strongest level's
// evaluation and endgame solver.
std::vector<std::pair<Move, int>> score_moves(const Position& pos, int depth,
                                              search::TranspositionTable& tt) {
    const auto& eval = ReversiGame::level(10).eval;
    search::Limits limits;
    limits.max_depth = std::max(depth - 1, 1);
    std::vector<std::pair<Move, int>> scores;
    for (reversi::Bitboard legal = legal_moves(pos); legal != 0; legal &= legal - 1) {
        const Move move = Move::at(reversi::lowest_square(legal));
        const Position child = play(pos, move);
        if (is_game_over(child)) {
            scores.emplace_back(move, -100 * reversi::final_disc_difference(child));
            continue;
        }
        // A fresh stop signal for each search: parallel_search raises it when it finishes, and
        // a raised one would cut the next search short at its first look at the limits.
        std::atomic<bool> stop{false};
        const auto result = search::parallel_search<ReversiGame>(child, eval, limits, 1, tt, stop);
        scores.emplace_back(move, -book_value(result.info.score));
    }
    return scores;
}

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

int build_book(const BookBuildOptions& options, std::ostream& out, std::ostream& err) {
    std::ofstream file(options.output, std::ios::binary);
    if (!file) {
        err << fmt::format("sente book: cannot write {}\n", options.output);
        return 2;
    }
    const auto start = std::chrono::steady_clock::now();
    auto margin_at = [&](int ply) {
        return static_cast<int>(100 * std::max(options.margin, options.first_margin - ply));
    };
    const Position start_position = reversi::start_position();
    std::vector<BookNode> nodes{BookNode(
        start_position, reversi::canonical_entry(start_position.player, start_position.opponent),
        kNoValue)};
    std::map<BookEntry, std::size_t, reversi::BookKeyLess> index{{nodes[0].key, 0}};
    std::vector<std::vector<std::size_t>> by_ply{{0}};

    const int threads = std::max(options.threads, 1);
    std::vector<search::TranspositionTable> tables(static_cast<std::size_t>(threads));
    for (auto& tt : tables) tt.resize(static_cast<std::size_t>(std::max(options.hash_mb, 1)));

    for (int ply = 0; ply < options.plies; ++ply) {
        const std::vector<std::size_t>& frontier = by_ply.back();
        std::atomic<std::size_t> next{0};
        std::vector<std::thread> workers;
        for (int t = 0; t < threads; ++t) {
            workers.emplace_back([&, t] {
                for (std::size_t i; (i = next.fetch_add(1)) < frontier.size();) {
                    BookNode& node = nodes[frontier[i]];
                    if (legal_moves(node.position) == 0) continue;
                    // A clean table for every position: the book does not depend on which
                    // thread searched what before.
                    search::TranspositionTable& tt = tables[static_cast<std::size_t>(t)];
                    tt.clear();
                    node.scores = score_moves(node.position, options.depth, tt);
                }
            });
        }
        for (auto& worker : workers) worker.join();

        // Kept moves become the next ply's positions, in a fixed order (reproducible books).
        std::vector<std::size_t> next_ply;
        for (const std::size_t n : frontier) {
            int best = kNoValue;
            for (const auto& [move, value] : nodes[n].scores) best = std::max(best, value);
            for (const auto& [move, value] : nodes[n].scores) {
                if (value < best - margin_at(ply)) continue;
                const Position child = play(nodes[n].position, move);
                const BookEntry key = reversi::canonical_entry(child.player, child.opponent);
                if (index.try_emplace(key, nodes.size()).second) {
                    nodes.emplace_back(child, key, -value);
                    next_ply.push_back(nodes.size() - 1);
                }
            }
        }
        err << fmt::format("ply {}: {} positions searched, {} kept for ply {}, {:.0f} s\n", ply,
                           frontier.size(), next_ply.size(), ply + 1, seconds_since(start));
        by_ply.push_back(std::move(next_ply));
    }

    // Back the values up from the last ply: a position is worth its best move, whose value is
    // the book's when the move leads into the book (kept from here or reached from elsewhere),
    // else its search's. Positions whose moves were not searched (the last ply, passes) keep
    // the value their parent's search gave them.
    for (auto ply = by_ply.rbegin(); ply != by_ply.rend(); ++ply) {
        for (const std::size_t n : *ply) {
            BookNode& node = nodes[n];
            if (node.scores.empty()) continue;
            node.value = kNoValue;
            for (const auto& [move, searched] : node.scores) {
                const Position child = play(node.position, move);
                const auto known =
                    index.find(reversi::canonical_entry(child.player, child.opponent));
                const int value = known != index.end() ? -nodes[known->second].value : searched;
                node.value = std::max(node.value, value);
            }
        }
    }
    std::vector<BookEntry> entries;
    for (const BookNode& node : nodes) {
        if (node.value == kNoValue) continue;
        BookEntry entry = node.key;
        entry.value = static_cast<std::int16_t>(node.value);
        entries.push_back(entry);
    }
    const reversi::OpeningBook book(std::move(entries), options.plies, options.depth);
    const std::vector<std::uint8_t> bytes = book.serialise();
    file.write(reinterpret_cast<const char*>(bytes.data()),
               static_cast<std::streamsize>(bytes.size()));
    if (!file.flush()) {
        err << fmt::format("sente book: cannot write {}\n", options.output);
        return 2;
    }
    out << fmt::format("{} positions to ply {} at depth {}, {} bytes written to {} in {:.0f} s\n",
                       book.size(), options.plies, options.depth, bytes.size(), options.output,
                       seconds_since(start));
    return 0;
}

int show_book(const BookShowOptions& options, std::ostream& out, std::ostream& err) {
    const reversi::OpeningBook* book = reversi::builtin_book();
    Result<reversi::OpeningBook> loaded = reversi::OpeningBook{};
    if (!options.file.empty()) {
        std::ifstream file(options.file, std::ios::binary);
        if (!file) {
            err << fmt::format("sente book: cannot read {}\n", options.file);
            return 2;
        }
        const std::vector<std::uint8_t> bytes{std::istreambuf_iterator<char>(file), {}};
        loaded = reversi::OpeningBook::parse(bytes);
        if (!loaded) {
            err << fmt::format("sente book: {}: {}\n", options.file, loaded.error().message);
            return 2;
        }
        book = &loaded.value();
    }
    if (book == nullptr) {
        err << "sente book: this binary has no opening book\n";
        return 2;
    }
    Position pos = reversi::start_position();
    for (const std::string& text : options.moves) {
        const auto move = reversi::parse_move(text, Orientation::native);
        if (!move || !is_legal(pos, *move)) {
            err << fmt::format("sente book: {} is not a legal move here\n", text);
            return 2;
        }
        pos = play(pos, *move);
    }
    auto discs = [](int value) { return fmt::format("{:+.2f}", value / 100.0); };
    out << fmt::format("book: {} positions to ply {}, searched {} plies deep\n", book->size(),
                       book->plies(), book->depth());
    const auto value = book->value(pos);
    if (!value) {
        out << "this position is not in the book\n";
        return 0;
    }
    out << fmt::format("{} to move, value {}\n", to_string(pos.side), discs(*value));
    for (const reversi::BookMove& m : book->moves(pos)) {
        out << fmt::format("  {} {}\n", reversi::format_move(m.move, Orientation::native),
                           discs(m.value));
    }
    return 0;
}

}  // namespace sente::tools
