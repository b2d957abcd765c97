// `sente book build` and `sente book show`: their options.

#include <iostream>
#include <memory>

#include <CLI/CLI.hpp>

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
    book_build->add_option("--plies", build_options->plies, "how many plies from the start")
        ->check(CLI::Range(1, 20))
        ->capture_default_str();
    book_build->add_option("--depth", build_options->depth, "search depth of every move")
        ->check(CLI::Range(1, 30))
        ->capture_default_str();
    book_build
        ->add_option("--margin", build_options->margin,
                     "keep the moves at most this many discs worse than the best")
        ->check(CLI::Range(0.0, 64.0))
        ->capture_default_str();
    book_build
        ->add_option("--first-margin", build_options->first_margin,
                     "the margin at the start, narrowing by a disc a ply down to --margin")
        ->check(CLI::Range(0.0, 64.0))
        ->capture_default_str();
    book_build->add_option("--threads", build_options->threads, "positions searched at once")
        ->check(CLI::Range(1, 256))
        ->capture_default_str();
    book_build->add_option("--hash", build_options->hash_mb, "table size per thread in MB")
        ->check(CLI::Range(1, 65536))
        ->capture_default_str();
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
