// The Reversi opening book: the symmetry folding of its keys against a plain square-by-square
// reference, the file format (round trip, damaged files refused), the choice of a book move, the
// book the build tool writes (values backed up as negamax, the same with one thread or two), the
// book built into the binary, and the shallow levels' varied choice.

#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <fstream>
#include <iterator>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "games/reversi/book.hpp"
#include "games/reversi/game.hpp"
#include "games/reversi/notation.hpp"
#include "search/parallel.hpp"
#include "sente/session.hpp"
#include "tools/book.hpp"

namespace r = sente::reversi;

namespace {

r::Position after(const std::vector<std::string>& moves) {
    r::Position pos = r::start_position();
    for (const std::string& text : moves) {
        const auto move = r::parse_move(text, sente::Orientation::native);
        REQUIRE(move);
        REQUIRE(r::is_legal(pos, *move));
        pos = r::play(pos, *move);
    }
    return pos;
}

// The eight images of a board by moving every square on its own: row and column mirrored, then
// swapped, as the symmetry's three bits say.
r::Bitboard reference_image(int symmetry, r::Bitboard board) {
    r::Bitboard out = 0;
    for (int square = 0; square < 64; ++square) {
        if (((board >> square) & 1) == 0) continue;
        int row = square / 8, column = square % 8;
        if (symmetry & 1) column = 7 - column;
        if (symmetry & 2) row = 7 - row;
        if (symmetry & 4) std::swap(row, column);
        out |= r::Bitboard{1} << (row * 8 + column);
    }
    return out;
}

std::vector<r::Position> random_openings(int count, int plies, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::vector<r::Position> out;
    for (int i = 0; i < count; ++i) {
        r::Position pos = r::start_position();
        for (int ply = 0; ply < plies && !r::is_game_over(pos); ++ply) {
            std::vector<int> squares;
            for (r::Bitboard m = r::legal_moves(pos); m != 0; m &= m - 1) {
                squares.push_back(r::lowest_square(m));
            }
            pos = r::play(pos, squares.empty() ? r::Move::pass()
                                               : r::Move::at(squares[rng() % squares.size()]));
        }
        out.push_back(pos);
    }
    return out;
}

std::vector<std::uint8_t> read_bytes(const std::string& path) {
    std::ifstream file(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(file), {}};
}

// Checks the negamax of a book: a position is worth at least what each of its book moves is
// worth to the mover (more when a move outside the book was better), and a position that
// continues in the book is worth exactly its best book move unless the book leaves it there.
int check_backed_up(const r::OpeningBook& book) {
    int inner = 0;
    for (const r::BookEntry& e : book.entries()) {
        const r::Position pos{e.player, e.opponent, sente::Color::black};
        for (const r::BookMove& m : book.moves(pos)) CHECK(m.value <= e.value);
        if (!book.moves(pos).empty()) ++inner;
        CHECK(r::popcount(e.player | e.opponent) <= 4 + book.plies());
    }
    return inner;
}

}  // namespace

TEST_CASE("a book key is the same for all eight images of a position, and one of them") {
    for (const r::Position& pos : random_openings(200, 14, 5)) {
        const r::BookEntry key = r::canonical_entry(pos.player, pos.opponent);
        bool is_an_image = false;
        for (int symmetry = 0; symmetry < 8; ++symmetry) {
            const r::Bitboard player = reference_image(symmetry, pos.player);
            const r::Bitboard opponent = reference_image(symmetry, pos.opponent);
            const r::BookEntry other = r::canonical_entry(player, opponent);
            CHECK(other.player == key.player);
            CHECK(other.opponent == key.opponent);
            is_an_image |= player == key.player && opponent == key.opponent;
            CHECK(std::tie(key.player, key.opponent) <= std::tie(player, opponent));
        }
        CHECK(is_an_image);
    }
}

TEST_CASE("a book file reads back as written; damaged files are refused") {
    std::vector<r::BookEntry> entries;
    int value = -300;
    for (const r::Position& pos : random_openings(50, 6, 9)) {
        r::BookEntry e = r::canonical_entry(pos.player, pos.opponent);
        e.value = static_cast<std::int16_t>(value += 13);
        if (std::none_of(entries.begin(), entries.end(), [&](const r::BookEntry& x) {
                return x.player == e.player && x.opponent == e.opponent;
            })) {
            entries.push_back(e);
        }
    }
    const r::OpeningBook book(entries, 6, 11);
    const std::vector<std::uint8_t> bytes = book.serialise();
    const auto read = r::OpeningBook::parse(bytes);
    REQUIRE(read);
    CHECK(read->size() == entries.size());
    CHECK(read->plies() == 6);
    CHECK(read->depth() == 11);
    CHECK(read->serialise() == bytes);
    for (const r::BookEntry& e : entries) {
        CHECK(read->value(r::Position{e.player, e.opponent, sente::Color::white}) == e.value);
    }

    auto damaged = [&](auto change) {
        std::vector<std::uint8_t> copy = bytes;
        change(copy);
        return !r::OpeningBook::parse(copy);
    };
    CHECK(damaged([](auto& b) { b[0] = 'X'; }));      // magic
    CHECK(damaged([](auto& b) { b[4] = 9; }));        // version
    CHECK(damaged([](auto& b) { b.pop_back(); }));    // cut short
    CHECK(damaged([](auto& b) { b.push_back(0); }));  // too long
    CHECK(
        damaged([](auto& b) { std::swap_ranges(b.begin() + 20, b.begin() + 38, b.begin() + 38); }));
    CHECK(damaged([](auto& b) { b[20] |= 1, b[28] |= 1; }));  // a1 holds two discs
    CHECK(damaged([](std::vector<std::uint8_t>& b) {          // an image that is not the smallest
        const r::Position pos = after({"f5", "d6"});
        r::BookEntry e = r::canonical_entry(pos.player, pos.opponent);
        const r::Bitboard player = reference_image(1, e.player);
        const r::Bitboard opponent = reference_image(1, e.opponent);
        b.resize(20);
        b[8] = 1;
        for (int i = 0; i < 8; ++i) b.push_back(static_cast<std::uint8_t>(player >> (8 * i)));
        for (int i = 0; i < 8; ++i) b.push_back(static_cast<std::uint8_t>(opponent >> (8 * i)));
        b.push_back(0);
        b.push_back(0);
    }));
}

TEST_CASE(
    "the book plays its best moves, any within the variety, and none when a move outside "
    "is better") {
    // After f5 white has three moves; the book values d6 and f4 alike and f6 lower.
    const r::Position start = after({"f5"});
    auto entry = [](const r::Position& pos, int value) {
        r::BookEntry e = r::canonical_entry(pos.player, pos.opponent);
        e.value = static_cast<std::int16_t>(value);
        return e;
    };
    const auto book_with = [&](int own) {
        return r::OpeningBook({entry(start, own), entry(after({"f5", "d6"}), -50),
                               entry(after({"f5", "f4"}), -50), entry(after({"f5", "f6"}), -20)},
                              2, 10);
    };
    const r::OpeningBook book = book_with(50);
    const auto moves = book.moves(start);
    REQUIRE(moves.size() == 3);
    CHECK(moves[0].value == 50);
    CHECK(moves[1].value == 50);
    CHECK(r::format_move(moves[2].move, sente::Orientation::native) == "f6");
    CHECK(moves[2].value == 20);

    std::set<std::string> best_only, varied;
    for (std::uint64_t random = 0; random < 12; ++random) {
        const auto best = book.choose(start, 0, random);
        REQUIRE(best);
        best_only.insert(r::format_move(best->move, sente::Orientation::native));
        const auto any = book.choose(start, 30, random);
        REQUIRE(any);
        varied.insert(r::format_move(any->move, sente::Orientation::native));
    }
    CHECK(best_only == std::set<std::string>{"d6", "f4"});
    CHECK(varied == std::set<std::string>{"d6", "f4", "f6"});
    CHECK_FALSE(book_with(80).choose(start, 100, 0));     // a better move left the book
    CHECK_FALSE(book.choose(after({"f5", "f6"}), 0, 0));  // no book move from there
    CHECK_FALSE(book.choose(r::start_position(), 0, 0));  // not in the book at all
}

TEST_CASE("sente book build backs values up as negamax, the same with one thread or two") {
    sente::tools::BookBuildOptions options;
    // Deep and narrow enough for transpositions: a move left out from one position whose
    // position after it is kept from another.
    options.plies = 8;
    options.depth = 3;
    options.margin = 2;
    options.first_margin = 3;
    options.hash_mb = 4;
    std::ostringstream out, err;
    options.output = "book_test_1.bin";
    REQUIRE(sente::tools::build_book(options, out, err) == 0);
    options.output = "book_test_2.bin";
    options.threads = 2;
    REQUIRE(sente::tools::build_book(options, out, err) == 0);
    const std::vector<std::uint8_t> one = read_bytes("book_test_1.bin");
    CHECK(one == read_bytes("book_test_2.bin"));
    const auto book = r::OpeningBook::parse(one);
    REQUIRE(book);
    CHECK(book->plies() == 8);
    CHECK(book->depth() == 3);
    CAPTURE(book->entries().size());
    CHECK(check_backed_up(*book) > 20);
    // The start and its four (symmetric) first moves are in; the start is worth its best move.
    REQUIRE(book->value(r::start_position()));
    const auto first = book->moves(r::start_position());
    CHECK(first.size() == 4);
    CHECK(*book->value(r::start_position()) == first.front().value);

    std::ostringstream shown;
    sente::tools::BookShowOptions show;
    show.file = "book_test_1.bin";
    show.moves = {"f5"};
    CHECK(sente::tools::show_book(show, shown, err) == 0);
    CHECK(shown.str().find("white to move") != std::string::npos);
    show.moves = {"f5", "a1"};
    CHECK(sente::tools::show_book(show, shown, err) == 2);
    std::remove("book_test_1.bin");
    std::remove("book_test_2.bin");
}

TEST_CASE("sente book build searches every move to the full depth") {
    // Each search of a position's moves must start with a clear stop signal: one left raised by
    // the search before cut every later sibling's search short at its first look at the limits,
    // and the book took its shallow value (searches of more than a few hundred nodes show it).
    sente::tools::BookBuildOptions options;
    options.plies = 2;
    options.depth = 9;
    options.margin = 8;
    options.hash_mb = 4;
    options.output = "book_test_depth.bin";
    std::ostringstream out, err;
    REQUIRE(sente::tools::build_book(options, out, err) == 0);
    const auto book = r::OpeningBook::parse(read_bytes(options.output));
    REQUIRE(book);
    std::remove(options.output.c_str());

    // The one position of ply 1 is the start's first move in square order; its moves are
    // searched in square order in one table cleared before the first, as the builder does.
    const r::Position start = r::start_position();
    const r::Position first = r::play(start, r::Move::at(r::lowest_square(r::legal_moves(start))));
    sente::search::TranspositionTable tt;
    REQUIRE(tt.resize(4));
    sente::search::Limits limits;
    limits.max_depth = options.depth - 1;
    std::set<std::pair<r::Bitboard, r::Bitboard>> seen;
    int checked = 0;
    for (r::Bitboard legal = r::legal_moves(first); legal != 0; legal &= legal - 1) {
        const r::Move move = r::Move::at(r::lowest_square(legal));
        const r::Position child = r::play(first, move);
        std::atomic<bool> stop{false};
        const auto result = sente::search::parallel_search<r::ReversiGame>(
            child, r::ReversiGame::level(10).eval, limits, 1, tt, stop);
        REQUIRE(result.info.depth == options.depth - 1);
        REQUIRE(result.info.nodes > 1000);  // enough to have been cut short before
        // A child reached twice (by symmetric moves) keeps the value of the first search.
        const r::BookEntry key = r::canonical_entry(child.player, child.opponent);
        if (!seen.insert({key.player, key.opponent}).second) continue;
        CAPTURE(r::format_move(move, sente::Orientation::native));
        REQUIRE(book->value(child));
        CHECK(*book->value(child) == result.info.score);
        ++checked;
    }
    CHECK(checked >= 2);
}

TEST_CASE("the built-in book is consistent and level 10 opens from it") {
    const r::OpeningBook* book = r::builtin_book();
    REQUIRE(book != nullptr);
    CHECK(book->size() > 100);
    CHECK(book->plies() >= 8);
    CHECK(check_backed_up(*book) > 50);
    CHECK(book->choose(r::start_position(), 0, 0));

    sente::Session session;
    REQUIRE(session.select_game("othello"));
    const auto report = session.genmove(sente::Color::black);
    REQUIRE(report);
    CHECK(report->search.score_text.rfind("book ", 0) == 0);
    const std::set<std::string> openings = {"d3", "c4", "f5", "e6"};
    CHECK(openings.count(report->move) == 1);

    // Without the book it searches.
    sente::EngineSettings settings;
    settings.book = false;
    settings.limits.depth = 3;
    sente::Session searching(settings);
    REQUIRE(searching.select_game("othello"));
    const auto searched = searching.genmove(sente::Color::black);
    REQUIRE(searched);
    CHECK(searched->search.score_text.rfind("book", 0) != 0);
    CHECK(searched->search.nodes > 0);
}

TEST_CASE("the shallow levels vary their moves among the near-best, reproducibly by seed") {
    // After f5 f6 e6 f4 black's moves flip different numbers of discs.
    std::set<std::string> chosen;
    for (std::uint64_t seed = 1; seed <= 40; ++seed) {
        sente::EngineSettings settings;
        settings.level = 1;
        settings.seed = seed;
        sente::Session session(settings);
        REQUIRE(session.select_game("othello"));
        for (const char* move : {"f5", "f6", "e6", "f4"}) REQUIRE(session.play(move));
        const r::Position pos = after({"f5", "f6", "e6", "f4"});
        int most = 0;
        for (r::Bitboard m = r::legal_moves(pos); m != 0; m &= m - 1) {
            most = std::max(most,
                            r::popcount(r::flips(r::lowest_square(m), pos.player, pos.opponent)));
        }
        const auto report = session.genmove(sente::Color::black, false);
        REQUIRE(report);
        const auto move = r::parse_move(report->move, sente::Orientation::native);
        REQUIRE(move);
        // Level 1 counts discs one ply deep and may give up one flip (a two-disc swing).
        CHECK(r::popcount(r::flips(move->square, pos.player, pos.opponent)) >= most - 1);
        chosen.insert(report->move);

        sente::Session again(settings);
        REQUIRE(again.select_game("othello"));
        for (const char* m : {"f5", "f6", "e6", "f4"}) REQUIRE(again.play(m));
        CHECK(again.genmove(sente::Color::black, false)->move == report->move);
    }
    CHECK(chosen.size() >= 2);
}
