#pragma once

// The Session's runtime switch over games: GameDriver is the virtual face of one game in play
// (its position, history and engine), and GameDriverFor<G> implements it once for every game
// type G, so that a new game only has to satisfy PlayableGame.

#include <atomic>
#include <chrono>
#include <concepts>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "search/game_concept.hpp"
#include "search/move_choice.hpp"
#include "search/parallel.hpp"
#include "search/perft.hpp"
#include "search/search.hpp"
#include "search/tt.hpp"
#include "sente/board_view.hpp"
#include "sente/limits.hpp"
#include "sente/result.hpp"
#include "sente/types.hpp"
#include "session/value_label.hpp"

namespace sente {

// Everything one genmove needs besides the position.
struct SearchRequest {
    // The level, the limits (max_depth, max_nodes and the time budget, already combined) and
    // the taste for variety, as a game's known_move hook gets them too.
    search::MoveChoice choice;
    Orientation orientation = Orientation::native;
    int threads = 1;
    search::TranspositionTable* tt = nullptr;
    std::atomic<bool>* stop = nullptr;
    std::function<void(const SearchInfo&)> progress;
};

class GameDriver {
  public:
    virtual ~GameDriver() = default;

    virtual const GameInfo& info() const = 0;
    virtual int size() const = 0;
    virtual void new_game() = 0;
    virtual Color side_to_move() const = 0;
    virtual Result<void> play(Color color, std::string_view move, Orientation orientation) = 0;
    virtual std::vector<std::string> legal_moves(Orientation orientation) const = 0;
    virtual Result<void> undo() = 0;
    virtual std::vector<PlayedMove> played_moves(Orientation orientation) const = 0;
    virtual std::size_t move_count() const = 0;
    virtual Outcome outcome() const = 0;
    virtual BoardView board_view(Orientation orientation) const = 0;
    virtual std::string board_rows(Orientation orientation) const = 0;
    virtual std::string position_text() const = 0;
    virtual std::string start_position_text() const = 0;
    virtual Result<void> set_position(std::string_view text) = 0;
    virtual Result<void> set_stones(std::span<const PlayedMove> stones, Color to_move,
                                    Orientation orientation) = 0;
    virtual std::string level_name(int level) const = 0;
    // The deepest search a level allows, 0 when only the clock limits it.
    virtual int level_depth(int level) const = 0;
    // Moves `color` still expects to spend time on, for the time manager (a game may leave out
    // moves it plays instantly, as Othello does its solved endgame).
    virtual int moves_left(Color color) const = 0;
    virtual Result<MoveReport> genmove(Color color, const SearchRequest& request, bool commit) = 0;
    virtual std::uint64_t perft(int depth) const = 0;
};

// What a game provides to the Session on top of what the search needs.
template <class G>
concept PlayableGame = search::SearchableGame<G> &&
    requires(const typename G::Position& pos, typename G::Move move, std::string_view text,
             Orientation orientation, int number) {
    { G::info() } -> std::same_as<const GameInfo&>;
    { G::start_position(number) } -> std::same_as<typename G::Position>;
    { G::board_size(pos) } -> std::convertible_to<int>;
    { G::is_pass(move) } -> std::same_as<bool>;
    { G::parse_move(text, orientation) } -> std::same_as<Result<typename G::Move>>;
    { G::format_move(move, orientation) } -> std::same_as<std::string>;
    { G::check_move(pos, move, orientation) } -> std::same_as<Result<void>>;
    { G::outcome(pos) } -> std::same_as<Outcome>;
    { G::board_view(pos, move, orientation) } -> std::same_as<BoardView>;
    { G::board_rows(pos, orientation) } -> std::same_as<std::string>;
    { G::format_position(pos) } -> std::same_as<std::string>;
    { G::parse_position(text) } -> std::same_as<Result<typename G::Position>>;
    { G::moves_left(pos) } -> std::convertible_to<int>;
    { G::level(number).name } -> std::convertible_to<std::string_view>;
    { G::level(number).eval } -> std::convertible_to<typename G::Evaluator>;
    { G::level(number).max_depth } -> std::convertible_to<int>;
    { G::score_text(search::Score{}, bool{}) } -> std::same_as<std::string>;
};

// A game with no pass whose side to move can be handed to the other colour, so that one colour
// may move twice in a row: GTP 2 allows it (GUIs set positions up that way), Gomoku's rules do
// not mind, and Othello, whose passes are moves, does not need it.
template <class G>
concept HasTurnHandover = requires(typename G::Position& pos) {
    G::hand_over_turn(pos);
};

// A game whose positions can be set up stone by stone on an empty board (Gomoku), as GUIs that
// send a board rather than moves need: G::PlacedStone{colour, move} and
// G::position_of_stones(size, stones, to_move).
template <class G>
concept SetsUpStones = requires(int size, std::span<const typename G::PlacedStone> stones,
                                typename G::Move move) {
    {typename G::PlacedStone{Color::black, move}};
    {
        G::position_of_stones(size, stones, Color::black)
        } -> std::same_as<Result<typename G::Position>>;
};

template <PlayableGame G>
class GameDriverFor final : public GameDriver {
  public:
    using Position = typename G::Position;
    using Move = typename G::Move;

    explicit GameDriverFor(int size) : size_(size) { new_game(); }

    const GameInfo& info() const override { return G::info(); }
    int size() const override { return size_; }

    void new_game() override {
        start_ = G::start_position(size_);
        position_ = start_;
        history_.clear();
    }

    Color side_to_move() const override { return G::side_to_move(position_); }

    Result<void> play(Color color, std::string_view text, Orientation orientation) override {
        auto move = G::parse_move(text, orientation);
        if (!move) return move.error();
        const Lead lead = lead_for(color);
        const Position pos = after(lead);
        if (G::side_to_move(pos) != color && !G::is_game_over(pos)) {
            return make_error(ErrorCode::illegal_move,
                              fmt::format("it is {}'s turn", to_string(G::side_to_move(pos))));
        }
        if (auto legal = G::check_move(pos, *move, orientation); !legal) return legal;
        push_lead(lead);
        push(*move, Kind::move);
        return {};
    }

    std::vector<std::string> legal_moves(Orientation orientation) const override {
        typename G::MoveList moves;
        search::generate_all_moves<G>(position_, moves);
        std::vector<std::string> texts;
        for (const auto& entry : moves) texts.push_back(G::format_move(entry.move, orientation));
        return texts;
    }

    Result<void> undo() override {
        if (history_.empty()) return make_error(ErrorCode::cannot_undo, "no move to undo");
        pop();
        // A pass or a handover that sente inserted on its own goes with the move it was made for.
        while (!history_.empty() && history_.back().kind != Kind::move) pop();
        return {};
    }

    std::vector<PlayedMove> played_moves(Orientation orientation) const override {
        std::vector<PlayedMove> moves;
        for (const auto& entry : history_) {
            if (entry.kind == Kind::handover) continue;  // not a move: the next one shows it
            moves.push_back(
                {G::side_to_move(entry.before), G::format_move(entry.move, orientation)});
        }
        return moves;
    }

    std::size_t move_count() const override { return history_.size(); }

    Outcome outcome() const override { return G::outcome(position_); }

    BoardView board_view(Orientation orientation) const override {
        return G::board_view(position_, history_.empty() ? Move{} : history_.back().move,
                             orientation);
    }
    std::string board_rows(Orientation orientation) const override {
        return G::board_rows(position_, orientation);
    }
    std::string position_text() const override { return G::format_position(position_); }
    std::string start_position_text() const override { return G::format_position(start_); }

    Result<void> set_position(std::string_view text) override {
        auto pos = G::parse_position(text);
        if (!pos) return pos.error();
        start_from(*pos);
        return {};
    }

    Result<void> set_stones(std::span<const PlayedMove> stones, Color to_move,
                            Orientation orientation) override {
        if constexpr (SetsUpStones<G>) {
            std::vector<typename G::PlacedStone> placed;
            for (const PlayedMove& stone : stones) {
                auto move = G::parse_move(stone.move, orientation);
                if (!move) return move.error();
                placed.push_back({stone.color, *move});
            }
            auto pos = G::position_of_stones(size_, placed, to_move);
            if (!pos) return pos.error();
            start_from(*pos);
            return {};
        } else {
            return make_error(
                ErrorCode::invalid_argument,
                fmt::format("{} positions are not set up stone by stone", G::info().title));
        }
    }

    std::string level_name(int level) const override { return std::string(G::level(level).name); }
    int level_depth(int level) const override { return G::level(level).max_depth; }

    int moves_left(Color color) const override {
        const int left = G::moves_left(position_);
        return G::side_to_move(position_) == color ? left : left - 1;
    }

    Result<MoveReport> genmove(Color color, const SearchRequest& request, bool commit) override {
        MoveReport report;
        if (G::outcome(position_).over) {
            report.move = "pass";
            report.pass = true;
            return report;
        }
        const Lead lead = lead_for(color);
        const Position root = after(lead);
        if (G::side_to_move(root) != color) {
            return make_error(ErrorCode::wrong_turn,
                              fmt::format("it is {}'s turn", to_string(G::side_to_move(root))));
        }
        if (G::outcome(root).over) {  // cannot happen after a legal pass, but stay total
            report.move = "pass";
            report.pass = true;
            return report;
        }
        {
            // A game in play has a legal point (outcome calls the game over without one), and
            // the search's candidates hold one; stay total all the same.
            typename G::MoveList moves;
            G::generate_moves(root, moves);
            if (moves.empty()) {
                return make_error(ErrorCode::invalid_argument,
                                  fmt::format("{} has no legal move", to_string(color)));
            }
        }

        const auto level = G::level(request.choice.level);
        const Orientation orientation = request.orientation;
        auto progress = [&](const search::Iteration<Move>& it) {
            if (!request.progress) return;
            SearchInfo info = describe(it, orientation);
            if (request.choice.limits.time.limited()) {
                info.time_limit = request.choice.limits.time.hard;
            }
            request.progress(info);
        };
        const auto result = [&] {
            // A game may know the answer without searching (Soldiers: complete tables, the
            // Othello book), though not the value of every move that an analysis asks for.
            const bool analysis = request.choice.limits.multi_pv > 1;
            if constexpr (requires { G::known_move(root, request.choice); }) {
                const auto start = std::chrono::steady_clock::now();
                if (auto known = analysis ? std::nullopt : G::known_move(root, request.choice)) {
                    known->info.elapsed = std::chrono::duration_cast<Milliseconds>(
                        std::chrono::steady_clock::now() - start);
                    progress(known->info);
                    return *known;
                }
            }
            return search::parallel_search<G>(root, level.eval, request.choice.limits,
                                              request.threads, *request.tt, *request.stop,
                                              progress);
        }();

        report.move = G::format_move(result.best, orientation);
        report.pass = G::is_pass(result.best);
        report.search = describe(result.info, orientation);
        if (commit) {
            push_lead(lead);
            push(result.best, Kind::move);
        }
        return report;
    }

    std::uint64_t perft(int depth) const override {
        Position pos = position_;
        return search::perft<G>(pos, depth);
    }

  private:
    // A new game from `pos`, with no history.
    void start_from(const Position& pos) {
        start_ = pos;
        position_ = pos;
        size_ = G::board_size(pos);  // a position text may name another size (Soldiers)
        history_.clear();
    }

    enum class Kind : std::uint8_t {
        move,           // asked for (play, genmove)
        implicit_pass,  // a pass sente played because the other side was asked to move
        handover,       // the turn handed to the other colour, who was asked to move (no move)
    };
    struct Played {
        Position before;
        Move move;
        Kind kind;
    };

    // What sente does on its own before `color` moves when the other side is to move.
    struct Lead {
        Kind kind = Kind::move;  // Kind::move: nothing
        Move pass{};             // for Kind::implicit_pass
    };

    // A forced pass when the side to move has nothing else (Othello GUIs such as Quarry never
    // send passes); a handover where the game has one; else nothing, and the move is refused.
    Lead lead_for(Color color) const {
        if (G::side_to_move(position_) == color || G::is_game_over(position_)) return {};
        typename G::MoveList moves;
        G::generate_moves(position_, moves);
        if (moves.size() == 1 && G::is_pass(moves[0].move))
            return {Kind::implicit_pass, moves[0].move};
        if constexpr (HasTurnHandover<G>) return {Kind::handover, Move{}};
        return {};
    }

    Position after(const Lead& lead) const {
        Position pos = position_;
        if (lead.kind == Kind::implicit_pass) G::make_move(pos, lead.pass);
        if constexpr (HasTurnHandover<G>) {
            if (lead.kind == Kind::handover) G::hand_over_turn(pos);
        }
        return pos;
    }

    void push_lead(const Lead& lead) {
        if (lead.kind == Kind::move) return;
        history_.push_back(Played{position_, lead.pass, lead.kind});
        position_ = after(lead);
    }

    void push(Move move, Kind kind) {
        history_.push_back(Played{position_, move, kind});
        G::make_move(position_, move);
    }

    void pop() {
        position_ = history_.back().before;
        history_.pop_back();
    }

    SearchInfo describe(const search::Iteration<Move>& it, Orientation orientation) const {
        SearchInfo info;
        info.depth = it.depth;
        info.score = it.score;
        info.score_text = it.score_text.empty() ? G::score_text(it.score, it.exact) : it.score_text;
        info.exact = it.exact;
        info.nodes = it.nodes;
        info.elapsed = it.elapsed;
        for (const Move& m : it.pv) info.pv.push_back(G::format_move(m, orientation));
        for (const auto& line : it.lines) {
            MoveValue value;
            value.move = G::format_move(line.move, orientation);
            value.score = line.score;
            value.upper_bound = line.upper_bound;
            const std::string text = G::score_text(line.score, it.exact);
            value.score_text = line.upper_bound ? "<= " + text : text;
            value.label = value_label(text, line.upper_bound);
            for (const Move& m : line.pv) value.pv.push_back(G::format_move(m, orientation));
            info.lines.push_back(std::move(value));
        }
        return info;
    }

    int size_;
    Position start_{};
    Position position_{};
    std::vector<Played> history_;
};

}  // namespace sente
