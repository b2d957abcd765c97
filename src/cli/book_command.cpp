// `sente book build` and `sente book show`: their options.

#include <iostream>
#include <memory>

#include <CLI/CLI.hpp>

#include "cli/bounded_option.hpp"
#include "cli/commands.hpp"
#include "tools/book.hpp"

namespace sente::cli {

Subcommand add_book_command(CLI::App& parent) {
    auto build_options = std::make_shared<tools::BookBuildOptions>();
    auto show_options = std::make_shared<tools::BookShowOptions>();
    CLI::App* book = parent.add_subcommand(
        "book", "the Reversi opening book: build, show (see docs/training.md)");
    book->require_subcommand(1);
    CLI::App* book_build = book->add_subcommand(
        "build", "build an opening book by searching every move of the first plies");
    book_build->add_option("output", build_options->output, "file to write")->required();
    add_bounded(*book_build, "--plies", build_options->plies, "how many plies from the start", 1,
                20);
    add_bounded(*book_build, "--depth", build_options->depth, "search depth of every move", 1, 30);
    add_bounded(*book_build, "--margin", build_options->margin,
                "keep the moves at most this many discs worse than the best", 0.0, 64.0);
    add_bounded(*book_build, "--first-margin", build_options->first_margin,
                "the margin at the start, narrowing by a disc a ply down to --margin", 0.0, 64.0);
    add_bounded(*book_build, "--threads", build_options->threads, "positions searched at once", 1,
                256);
    add_bounded(*book_build, "--hash", build_options->hash_mb, "table size per thread in MB", 1,
                65536);
    CLI::App* book_show =
        book->add_subcommand("show", "the book's values of a position and of its book moves");
    book_show->add_option("moves", show_options->moves, "moves from the start (f5 d6 ...)");
    book_show->add_option("--book", show_options->file, "a book file (default: the built-in one)")
        ->check(CLI::ExistingFile);
    return {book, [=] {
                if (*book_build) return tools::build_book(*build_options, std::cout, std::cerr);
                return tools::show_book(*show_options, std::cout, std::cerr);
            }};
}

}  // namespace sente::cli
