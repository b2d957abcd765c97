#pragma once

// The shape of most of sente's numeric options: a value that must lie in a range, with its
// default shown in --help.

#include <string>

#include <CLI/CLI.hpp>

namespace sente::cli {

template <class Value, class Bound>
CLI::Option* add_bounded(CLI::App& app, const std::string& name, Value& value,
                         const std::string& help, Bound least, Bound most) {
    return app.add_option(name, value, help)->check(CLI::Range(least, most))->capture_default_str();
}

}  // namespace sente::cli
