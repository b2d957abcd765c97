#pragma once

// The opening book: values of the positions of the first plies, learnt by sente's own deep
// searches (`sente book build`, src/tools/book.cpp) and built into the binary (book.bin).
//
// Every position is stored once for its eight symmetries, with its negamax value: the best of
// its book children's values and of the searched values of its moves that left the book. A
// position whose best move leaves the book is still stored (its children's values tell the
// other moves apart) but the book plays from it only when a book move is as good as the best.

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "games/reversi/position.hpp"
#include "sente/result.hpp"

namespace sente::reversi {

// Book values are in hundredths of a disc for the side to move, like the evaluation.
struct BookEntry {
    Bitboard player = 0;  // the smallest of the position's eight symmetric images
    Bitboard opponent = 0;
    std::int16_t value = 0;
};

// The order of book keys (player, then opponent): the file's order, and a map's.
struct BookKeyLess {
    bool operator()(const BookEntry& a, const BookEntry& b) const {
        return a.player != b.player ? a.player < b.player : a.opponent < b.opponent;
    }
};

// One move of the book from a position, with the value of the position after it for the side
// that plays it.
struct BookMove {
    Move move;
    int value = 0;
};

// The image of (player, opponent) that all eight symmetric positions share.
BookEntry canonical_entry(Bitboard player, Bitboard opponent);

class OpeningBook {
  public:
    OpeningBook() = default;
    // `plies`: how deep from the start the book reaches; `depth`: the search depth of its leaves.
    OpeningBook(std::vector<BookEntry> entries, int plies, int depth);

    std::optional<int> value(const Position& pos) const;
    // The moves from `pos` that reach a book position, best first.
    std::vector<BookMove> moves(const Position& pos) const;
    // The move to play from `pos`, or nothing when the book does not know one that is as good
    // as the position's value: a random one (`random` picks) among the book moves at most
    // `variety` hundredths of a disc worse than the best.
    std::optional<BookMove> choose(const Position& pos, int variety, std::uint64_t random) const;

    std::size_t size() const { return entries_.size(); }
    int plies() const { return plies_; }
    int depth() const { return depth_; }
    std::span<const BookEntry> entries() const { return entries_; }

    // The file format: "SNTB", version, entry count, plies and depth as little-endian 32-bit
    // words, then the entries in key order (player, opponent, value: 8 + 8 + 2 bytes).
    std::vector<std::uint8_t> serialise() const;
    static Result<OpeningBook> parse(std::span<const std::uint8_t> bytes);

  private:
    std::vector<BookEntry> entries_;  // sorted by (player, opponent)
    int plies_ = 0;
    int depth_ = 0;
};

// The book built into the binary, or nullptr when it is missing or damaged.
const OpeningBook* builtin_book();

}  // namespace sente::reversi
