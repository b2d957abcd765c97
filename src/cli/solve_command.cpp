// `sente solve`: its options, and the check that a file or a position was given.

#include <iostream>
#include <memory>

#include <CLI/CLI.hpp>

#include "cli/bounded_option.hpp"
#include "cli/commands.hpp"
#include "tools/solve.hpp"

namespace sente::cli {

Subcommand add_solve_command(CLI::App& parent) {
    auto options = std::make_shared<tools::SolveOptions>();
    CLI::App* solve = parent.add_subcommand(
        "solve",
        "solve positions exactly. Othello: every position of an .obf file with the endgame "
        "solver, checking the scores listed in it. Soldiers and Generals: a file of position "
        "lines or --position, by retrograde analysis or a proof search. Exits 1 if a listed result "
        "is wrong");
    solve->add_option("file", options->file,
                      "positions to solve (.obf for Othello, e.g. the FFO suites; one position "
                      "per line for Soldiers, optionally '; generals|soldiers|draw')");
    solve->add_option("--position", options->position, "solve this one position instead");
    solve->add_option("-g,--game", options->game, "othello or soldiers")
        ->check(CLI::IsMember({"othello", "reversi", "soldiers"}, CLI::ignore_case))
        ->capture_default_str();
    add_bounded(*solve, "-t,--threads", options->threads, "solver threads (Othello)", 1, 256);
    add_bounded(*solve, "--hash", options->hash_mb,
                "transposition table size in MB (Othello; Soldiers with --proof)", 1, 1 << 20);
    solve->add_flag("--wld", options->win_loss_draw,
                    "only win, loss or draw, not the margin (Othello; faster)");
    solve->add_option("--first", options->first_number,
                      "number of the first position (default: N from an fforum-N-M file name, "
                      "else 1)");
    solve
        ->add_option("--max-placements", options->max_placements,
                     "give up beyond this many reachable placements (Soldiers)")
        ->capture_default_str();
    solve->add_flag("--complete-tables", options->complete_tables,
                    "build complete tables of every placement on the board instead of exploring "
                    "from each position (Soldiers; the 5x5 start: 4.8 GB, 9 minutes on 2 cores)");
    solve->add_option("--save-tables", options->save_tables,
                      "write the complete tables to this file afterwards, for --tables (Soldiers; "
                      "implies --complete-tables)");
    solve
        ->add_option("--load-tables", options->load_tables,
                     "use the complete tables of this file instead of building them (Soldiers)")
        ->check(CLI::ExistingFile);
    solve->add_flag("--proof", options->proof,
                    "decide who wins by a proof search instead, which needs no tables: each "
                    "side's win proven or disproven, with progress on stderr (Soldiers; "
                    "--hash sets its table)");
    solve
        ->add_option("--proof-nodes", options->proof_nodes,
                     "give a proof search up after this many positions (Soldiers; 0: never)")
        ->capture_default_str();
    solve->add_flag("--check-tables", options->check_tables,
                    "check every placement of the complete tables against the race equations "
                    "before solving; exit 1 if one fails (Soldiers; the 5x5 start: 11 minutes)");

    return {solve, [options] {
                if (options->file.empty() == options->position.empty()) {
                    std::cerr << "sente solve: give a file or --position (one of them)\n";
                    return 2;
                }
                return tools::solve(*options, std::cout, std::cerr);
            }};
}

}  // namespace sente::cli
