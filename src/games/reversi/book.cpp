#include "games/reversi/book.hpp"

#include <algorithm>
#include <cstring>

#include <fmt/format.h>

#include "games/reversi/patterns.hpp"

namespace sente::reversi {

namespace {

constexpr char kMagic[4] = {'S', 'N', 'T', 'B'};
constexpr std::uint32_t kVersion = 1;
constexpr std::size_t kHeaderBytes = 20;
constexpr std::size_t kEntryBytes = 18;

constexpr BookKeyLess key_less;

void put(std::vector<std::uint8_t>& out, std::uint64_t value, int bytes) {
    for (int i = 0; i < bytes; ++i) out.push_back(static_cast<std::uint8_t>(value >> (8 * i)));
}

std::uint64_t get(std::span<const std::uint8_t> bytes, std::size_t at, int count) {
    std::uint64_t value = 0;
    for (int i = 0; i < count; ++i) value |= static_cast<std::uint64_t>(bytes[at + i]) << (8 * i);
    return value;
}

}  // namespace

BookEntry canonical_entry(Bitboard player, Bitboard opponent) {
    BookEntry best{player, opponent, 0};
    for (int symmetry = 1; symmetry < 8; ++symmetry) {
        const BookEntry image{transform_board(symmetry, player),
                              transform_board(symmetry, opponent), 0};
        if (key_less(image, best)) best = image;
    }
    return best;
}

OpeningBook::OpeningBook(std::vector<BookEntry> entries, int plies, int depth)
    : entries_(std::move(entries)), plies_(plies), depth_(depth) {
    std::sort(entries_.begin(), entries_.end(), key_less);
}

std::optional<int> OpeningBook::value(const Position& pos) const {
    const BookEntry key = canonical_entry(pos.player, pos.opponent);
    const auto it = std::lower_bound(entries_.begin(), entries_.end(), key, key_less);
    if (it == entries_.end() || key_less(key, *it)) return std::nullopt;
    return it->value;
}

std::vector<BookMove> OpeningBook::moves(const Position& pos) const {
    std::vector<BookMove> found;
    for (Bitboard legal = legal_moves(pos); legal != 0; legal &= legal - 1) {
        const Move move = Move::at(lowest_square(legal));
        if (const auto child = value(play(pos, move))) found.push_back({move, -*child});
    }
    std::stable_sort(found.begin(), found.end(),
                     [](const BookMove& a, const BookMove& b) { return a.value > b.value; });
    return found;
}

std::optional<BookMove> OpeningBook::choose(const Position& pos, int variety,
                                            std::uint64_t random) const {
    const auto own = value(pos);
    if (!own) return std::nullopt;
    const std::vector<BookMove> found = moves(pos);
    // A move that left the book was better than every book move: search it instead.
    if (found.empty() || found.front().value < *own) return std::nullopt;
    const auto candidates =
        static_cast<std::size_t>(std::count_if(found.begin(), found.end(), [&](const BookMove& m) {
            return m.value >= found.front().value - std::max(variety, 0);
        }));
    return found[random % candidates];
}

std::vector<std::uint8_t> OpeningBook::serialise() const {
    std::vector<std::uint8_t> out(std::begin(kMagic), std::end(kMagic));
    put(out, kVersion, 4);
    put(out, entries_.size(), 4);
    put(out, static_cast<std::uint32_t>(plies_), 4);
    put(out, static_cast<std::uint32_t>(depth_), 4);
    for (const BookEntry& e : entries_) {
        put(out, e.player, 8);
        put(out, e.opponent, 8);
        put(out, static_cast<std::uint16_t>(e.value), 2);
    }
    return out;
}

Result<OpeningBook> OpeningBook::parse(std::span<const std::uint8_t> bytes) {
    auto bad = [](const char* why) {
        return make_error(ErrorCode::syntax_error, fmt::format("opening book: {}", why));
    };
    if (bytes.size() < kHeaderBytes || std::memcmp(bytes.data(), kMagic, 4) != 0) {
        return bad("not one");
    }
    if (get(bytes, 4, 4) != kVersion) return bad("another version");
    const std::uint64_t count = get(bytes, 8, 4);
    if (bytes.size() != kHeaderBytes + count * kEntryBytes) return bad("wrong length");
    std::vector<BookEntry> entries;
    entries.reserve(count);
    for (std::size_t at = kHeaderBytes; at < bytes.size(); at += kEntryBytes) {
        BookEntry e{get(bytes, at, 8), get(bytes, at + 8, 8),
                    static_cast<std::int16_t>(get(bytes, at + 16, 2))};
        if ((e.player & e.opponent) != 0) return bad("a square holds two discs");
        if (!entries.empty() && !key_less(entries.back(), e)) return bad("not in key order");
        const BookEntry image = canonical_entry(e.player, e.opponent);
        if (image.player != e.player || image.opponent != e.opponent) {
            return bad("a position not in its canonical image");
        }
        entries.push_back(e);
    }
    return OpeningBook(std::move(entries), static_cast<int>(get(bytes, 12, 4)),
                       static_cast<int>(get(bytes, 16, 4)));
}

std::span<const std::uint8_t> builtin_book_bytes();  // builtin_data.cpp

const OpeningBook* builtin_book() {
    static const Result<OpeningBook> book = OpeningBook::parse(builtin_book_bytes());
    return book ? &book.value() : nullptr;
}

}  // namespace sente::reversi
