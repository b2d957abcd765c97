#include "tools/gomoku_rebase.hpp"

#include <fstream>
#include <ostream>
#include <sstream>

#include <fmt/format.h>

#include "games/gomoku/eval.hpp"
#include "games/gomoku/notation.hpp"

namespace sente::tools {

int gomoku_rebase(const GomokuRebaseOptions& options, std::ostream& out, std::ostream& err) {
    const auto rule = gomoku::rule_of_game(options.game);
    if (!rule) {
        err << "sente train gomoku-rebase: --game " << options.game << " is not a Gomoku rule\n";
        return 1;
    }
    std::ofstream output(options.output);
    if (!output) {
        err << "sente train gomoku-rebase: cannot write " << options.output << "\n";
        return 1;
    }
    long positions = 0, changed = 0;
    for (const std::string& path : options.inputs) {
        std::ifstream file(path);
        if (!file) {
            err << "sente train gomoku-rebase: cannot read " << path << "\n";
            return 1;
        }
        std::string line;
        for (int number = 1; std::getline(file, line); ++number) {
            if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
            std::istringstream fields(line);
            std::string rows, side, score, result;
            int built_in_value = 0;
            if (!(fields >> rows >> side >> score >> result >> built_in_value)) {
                err << fmt::format("sente train gomoku-rebase: {}:{}: not a position line\n", path,
                                   number);
                return 1;
            }
            auto pos = gomoku::parse_position(rows + " " + side, *rule);
            if (!pos) {
                err << fmt::format("sente train gomoku-rebase: {}:{}: {}\n", path, number,
                                   pos.error().message);
                return 1;
            }
            const int built_in = gomoku::built_in_evaluate(*pos);
            changed += built_in != built_in_value;
            ++positions;
            std::string rest;
            std::getline(fields, rest);
            output << fmt::format("{} {} {} {} {}{}\n", rows, side, score, result, built_in, rest);
        }
    }
    if (!output.flush()) {
        err << "sente train gomoku-rebase: cannot write " << options.output << "\n";
        return 1;
    }
    out << fmt::format("{} positions, {} with a new built-in evaluation\n", positions, changed);
    return 0;
}

}  // namespace sente::tools
