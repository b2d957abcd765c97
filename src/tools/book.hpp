#pragma once

// `sente book`: builds the Reversi opening book (games/reversi/book.hpp) and shows what it knows.
//
//   build  from the start, ply by ply: searches every move of every book position to --depth,
//          keeps the moves within a margin of the best (always the best) as book positions of
//          the next ply, up to --plies; the margin starts at --first-margin discs, so that the
//          book answers the opponent's early surprises too, and narrows by a disc a ply down to
//          --margin. Then it backs the values up from the last ply
//          (a position's value is the best of its book moves' values and its other moves'
//          searched values) and writes the book file the build embeds.
//   show   the book's value of a position (the start, or after the moves given) and of each
//          book move from it.

#include <iosfwd>
#include <string>
#include <vector>

namespace sente::tools {

struct BookBuildOptions {
    std::string output;
    int plies = 10;
    int depth = 12;
    double margin = 2.0;        // discs
    double first_margin = 6.0;  // at the start, narrowing by a disc a ply down to `margin`
    int threads = 1;            // positions searched at once, each with its own table
    int hash_mb = 64;           // per thread
};

struct BookShowOptions {
    std::string file;  // empty: the book built into the binary
    std::vector<std::string> moves;
};

int build_book(const BookBuildOptions& options, std::ostream& out, std::ostream& err);
int show_book(const BookShowOptions& options, std::ostream& out, std::ostream& err);

}  // namespace sente::tools
