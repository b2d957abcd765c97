#pragma once

// Errors as values: nothing in the public API throws. Every failure carries a code that a
// protocol front end can map onto its canonical text and a message that a person can read.

#include <optional>
#include <string>
#include <utility>
#include <variant>

namespace sente {

enum class ErrorCode {
    syntax_error,       // text that does not parse (bad vertex, bad number, bad colour)
    illegal_move,       // a well-formed move that the rules forbid right now
    cannot_undo,        // nothing left to undo
    unacceptable_size,  // board size the selected game does not support
    cannot_score,       // the game is not over yet
    unknown_game,       // no game by that name
    invalid_argument,   // a well-formed value out of range (level 99, hash 0 MB, ...)
    wrong_turn,         // asked to move for the side that is not to move
};

struct Error {
    ErrorCode code;
    std::string message;
};

template <class T>
class [[nodiscard]] Result {
  public:
    Result(T value) : state_(std::in_place_index<0>, std::move(value)) {}
    Result(Error error) : state_(std::in_place_index<1>, std::move(error)) {}

    bool ok() const { return state_.index() == 0; }
    explicit operator bool() const { return ok(); }

    const T& value() const& { return std::get<0>(state_); }
    T& value() & { return std::get<0>(state_); }
    T&& value() && { return std::get<0>(std::move(state_)); }
    const T& operator*() const& { return value(); }
    const T* operator->() const { return &value(); }

    const Error& error() const { return std::get<1>(state_); }

  private:
    std::variant<T, Error> state_;
};

template <>
class [[nodiscard]] Result<void> {
  public:
    Result() = default;
    Result(Error error) : error_(std::move(error)) {}

    bool ok() const { return !error_.has_value(); }
    explicit operator bool() const { return ok(); }
    const Error& error() const { return *error_; }

  private:
    std::optional<Error> error_;
};

inline Error make_error(ErrorCode code, std::string message) {
    return Error{code, std::move(message)};
}

}  // namespace sente
