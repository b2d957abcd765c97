#include "sente/session.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <cctype>
#include <chrono>
#include <fstream>
#include <random>

#include <fmt/format.h>

#include "games/gomoku/game.hpp"
#include "games/reversi/game.hpp"
#include "games/reversi/network.hpp"
#include "games/soldiers/game.hpp"
#include "platform/platform.hpp"
#include "search/timeman.hpp"
#include "search/tt.hpp"
#include "session/game_driver.hpp"
#include "text/text.hpp"

namespace sente {

namespace {

using std::chrono::milliseconds;

// Without a clock, a move limit or a depth cap, a search still has to end.
constexpr milliseconds kDefaultMoveTime{1000};
constexpr int kMaxThreads = 256;

struct GameEntry {
    const GameInfo& (*info)();
    std::span<const std::string_view> aliases;
    std::unique_ptr<GameDriver> (*make)(int size);
};

template <PlayableGame G>
std::unique_ptr<GameDriver> make_driver(int size) {
    return std::make_unique<GameDriverFor<G>>(size);
}

template <PlayableGame G>
constexpr GameEntry entry_for() {
    return GameEntry{&G::info, G::kAliases, &make_driver<G>};
}

// Every game sente plays. Adding a game is adding a line here.
const std::array kGames = {
    entry_for<reversi::ReversiGame>(),
    entry_for<soldiers::SoldiersGame>(),
    entry_for<gomoku::GomokuGame<gomoku::Rule::freestyle>>(),
    entry_for<gomoku::GomokuGame<gomoku::Rule::standard>>(),
    entry_for<gomoku::GomokuGame<gomoku::Rule::renju>>(),
    entry_for<gomoku::GomokuGame<gomoku::Rule::caro>>(),
};

// The Gomoku rules a network may be trained for.
constexpr std::array kGomokuRules = {gomoku::Rule::freestyle, gomoku::Rule::standard,
                                     gomoku::Rule::renju, gomoku::Rule::caro};

const GameEntry* find_game(std::string_view name) {
    for (const GameEntry& entry : kGames) {
        const GameInfo& info = entry.info();
        if (text::iequals(name, info.id) || text::iequals(name, info.gtp_name)) return &entry;
        for (std::string_view alias : entry.aliases) {
            if (text::iequals(name, alias)) return &entry;
        }
    }
    return nullptr;
}

// The tighter of two limits where zero means "none".
template <class T>
T tighter(T a, T b) {
    if (a == T{}) return b;
    if (b == T{}) return a;
    return std::min(a, b);
}

}  // namespace

struct Session::Impl {
    EngineSettings settings;
    const GameEntry* game = &kGames[0];
    std::unique_ptr<GameDriver> driver;
    search::TranspositionTable tt;
    std::atomic<bool> stop{false};
    // stop_long_searches() was called; whether the search under way (or the last) ends soon by
    // itself. Sequentially consistent, so that a search starting as the call arrives is stopped
    // by one side or the other.
    std::atomic<bool> stop_long{false};
    std::atomic<bool> ends_soon{false};
    int requested_level = 0;  // 0: the game's strongest
    TimeControl control;
    std::array<ClockReading, 2> clocks{};
    std::function<void(const SearchInfo&)> progress;
    std::mt19937_64 random;

    int level() const {
        const int count = game->info().level_count;
        return requested_level == 0 ? count : std::min(requested_level, count);
    }

    void reset_clocks() {
        ClockReading start{control.main_time, 0};
        if (control.main_time.count() == 0) {
            if (control.kind == TimeControl::Kind::canadian)
                start = {control.period_time, control.stones};
            if (control.kind == TimeControl::Kind::byoyomi)
                start = {control.period_time, control.periods};
        }
        clocks = {start, start};
    }

    // A new game from a given position: nothing learnt in another game carries over.
    void start_set_up_game() {
        tt.clear();
        reset_clocks();
    }

    // Keeps the session's own account of a clock between `time_left` updates.
    void charge(Color color, milliseconds used) {
        ClockReading& clock = clocks[static_cast<int>(color)];
        switch (control.kind) {
            case TimeControl::Kind::none:
                return;
            case TimeControl::Kind::absolute:
                clock.time_left = std::max(clock.time_left - used, milliseconds{0});
                return;
            case TimeControl::Kind::canadian:
                if (clock.stones == 0) {
                    if (used < clock.time_left) {
                        clock.time_left -= used;
                        return;
                    }
                    used -= clock.time_left;  // main time ran out during this move
                    clock = {control.period_time, std::max(control.stones, 1)};
                }
                clock.time_left = std::max(clock.time_left - used, milliseconds{0});
                if (--clock.stones == 0) clock = {control.period_time, std::max(control.stones, 1)};
                return;
            case TimeControl::Kind::byoyomi: {
                if (clock.stones == 0) {
                    if (used < clock.time_left) {
                        clock.time_left -= used;
                        return;
                    }
                    used -= clock.time_left;
                    clock = {control.period_time, std::max(control.periods, 1)};
                }
                // Every whole period used up is lost; the current one restarts after the move.
                const auto period = std::max(control.period_time, milliseconds{1});
                clock.stones = std::max(clock.stones - static_cast<int>(used / period), 0);
                clock.time_left = control.period_time;
                return;
            }
        }
    }
};

Session::Session() : Session(EngineSettings{}) {}

Session::Session(const EngineSettings& settings) : impl_(std::make_unique<Impl>()) {
    impl_->settings = settings;
    impl_->settings.threads = std::clamp(settings.threads, 1, kMaxThreads);
    impl_->requested_level = std::max(settings.level, 0);
    if (!impl_->tt.resize(settings.hash_mb)) impl_->tt.resize(16);
    impl_->settings.hash_mb = impl_->tt.size_megabytes();
    impl_->driver = impl_->game->make(impl_->game->info().default_size);
    impl_->random.seed(settings.seed != 0 ? settings.seed : std::random_device{}());
}

Session::~Session() = default;
Session::Session(Session&&) noexcept = default;
Session& Session::operator=(Session&&) noexcept = default;

Result<void> Session::add_tables_file(const std::string& path) {
    return soldiers::add_tables_file(path);
}

Result<void> Session::use_gomoku_network(const std::string& path) {
    auto net = gomoku::load_network(path);
    if (!net) return net.error();
    for (const gomoku::Rule rule : kGomokuRules) {
        if ((*net)->plays(rule)) gomoku::set_active_network(rule, *net);
    }
    return {};
}

void Session::use_hand_made_gomoku_evaluation() {
    for (const gomoku::Rule rule : kGomokuRules) gomoku::set_active_network(rule, nullptr);
}

Result<void> Session::use_othello_network(const std::string& path) {
    auto net = reversi::load_othello_network(path);
    if (!net) return net.error();
    reversi::set_active_othello_network(*net);
    return {};
}

Result<void> Session::use_network(const std::string& path) {
    std::ifstream file(path, std::ios::binary);
    std::string magic(reversi::kOthelloNetMagic.size(), '\0');
    if (!file.read(magic.data(), static_cast<std::streamsize>(magic.size())))
        return make_error(ErrorCode::invalid_argument, path + ": not a network file");
    return magic == reversi::kOthelloNetMagic ? use_othello_network(path)
                                              : use_gomoku_network(path);
}

void Session::use_linear_othello_evaluation() { reversi::set_active_othello_network(nullptr); }

std::span<const GameInfo> Session::games() {
    static const std::vector<GameInfo> infos = [] {
        std::vector<GameInfo> list;
        for (const GameEntry& entry : kGames) list.push_back(entry.info());
        return list;
    }();
    return infos;
}

Result<void> Session::select_game(std::string_view name, int size) {
    const GameEntry* entry = find_game(name);
    if (entry == nullptr) {
        std::string known;
        for (const GameInfo& info : games()) known += fmt::format(" {}", info.id);
        return make_error(ErrorCode::unknown_game,
                          fmt::format("unknown game '{}'; sente plays:{}", name, known));
    }
    const GameInfo& info = entry->info();
    if (size == 0) size = info.default_size;
    if (size < info.min_size || size > info.max_size) {
        const std::string sizes = info.min_size == info.max_size
                                      ? fmt::format("{}x{} only", info.min_size, info.min_size)
                                      : fmt::format("{}x{} to {}x{}", info.min_size, info.min_size,
                                                    info.max_size, info.max_size);
        return make_error(ErrorCode::unacceptable_size, fmt::format("{} is played on {}, not {}x{}",
                                                                    info.title, sizes, size, size));
    }
    impl_->game = entry;
    impl_->driver = entry->make(size);
    impl_->tt.clear();
    impl_->reset_clocks();
    return {};
}

const GameInfo& Session::game() const { return impl_->game->info(); }
int Session::board_size() const { return impl_->driver->size(); }

Result<void> Session::set_board_size(int size) {
    // Unlike select_game, 0 is not "the default": GTP's `boardsize 0` names no size, and must
    // change nothing.
    if (size <= 0) {
        return make_error(ErrorCode::unacceptable_size,
                          fmt::format("{} is not a board size", size));
    }
    return select_game(game().id, size);
}

void Session::set_orientation(Orientation orientation) {
    impl_->settings.orientation = orientation;
}
Orientation Session::orientation() const { return impl_->settings.orientation; }

void Session::new_game() {
    impl_->driver->new_game();
    impl_->tt.clear();
    impl_->reset_clocks();
}

Color Session::side_to_move() const { return impl_->driver->side_to_move(); }

Result<void> Session::play(Color color, std::string_view move) {
    return impl_->driver->play(color, move, orientation());
}

Result<void> Session::play(std::string_view move) { return play(side_to_move(), move); }

std::vector<std::string> Session::legal_moves() const {
    return impl_->driver->legal_moves(orientation());
}

Result<void> Session::undo() { return impl_->driver->undo(); }

std::vector<std::string> Session::history() const {
    std::vector<std::string> moves;
    for (PlayedMove& played : played_moves()) moves.push_back(std::move(played.move));
    return moves;
}

std::vector<PlayedMove> Session::played_moves() const {
    return impl_->driver->played_moves(orientation());
}

Outcome Session::outcome() const { return impl_->driver->outcome(); }

std::string Session::render() const { return plain_text(board_view()); }
BoardView Session::board_view() const { return impl_->driver->board_view(orientation()); }
std::string Session::board_rows() const { return impl_->driver->board_rows(orientation()); }
std::string Session::position_text() const { return impl_->driver->position_text(); }
std::string Session::start_position_text() const { return impl_->driver->start_position_text(); }

Result<void> Session::set_position(std::string_view text) {
    if (auto done = impl_->driver->set_position(text); !done) return done;
    impl_->start_set_up_game();
    return {};
}

Result<void> Session::set_stones(std::span<const PlayedMove> stones, Color to_move) {
    if (auto done = impl_->driver->set_stones(stones, to_move, orientation()); !done) return done;
    impl_->start_set_up_game();
    return {};
}

Result<void> Session::set_level(int level) {
    const int count = game().level_count;
    if (level < 1 || level > count) {
        return make_error(ErrorCode::invalid_argument,
                          fmt::format("level {} is out of range: {} has levels 1 to {}", level,
                                      game().title, count));
    }
    impl_->requested_level = level;
    return {};
}

int Session::level() const { return impl_->level(); }

std::string Session::level_name(int level) const {
    if (level < 1 || level > game().level_count) return {};
    return impl_->driver->level_name(level);
}

void Session::set_limits(const SearchLimits& limits) { impl_->settings.limits = limits; }
const SearchLimits& Session::limits() const { return impl_->settings.limits; }

Result<void> Session::set_hash_size(std::size_t megabytes) {
    const std::size_t memory = platform::physical_memory_mb();
    if (megabytes == 0) {
        return make_error(ErrorCode::invalid_argument, "hash size 0 MB: choose at least 1 MB");
    }
    if (memory != 0 && megabytes > memory / 2) {
        return make_error(ErrorCode::invalid_argument,
                          fmt::format("hash size {} MB: at most {} MB (half of this "
                                      "machine's memory)",
                                      megabytes, memory / 2));
    }
    if (!impl_->tt.resize(megabytes)) {
        return make_error(ErrorCode::invalid_argument,
                          fmt::format("cannot allocate a {} MB hash table", megabytes));
    }
    impl_->settings.hash_mb = megabytes;
    return {};
}

Result<void> Session::set_threads(int threads) {
    if (threads < 1 || threads > kMaxThreads) {
        return make_error(ErrorCode::invalid_argument,
                          fmt::format("threads {}: choose 1 to {}", threads, kMaxThreads));
    }
    impl_->settings.threads = threads;
    return {};
}

void Session::set_move_overhead(Milliseconds overhead) {
    impl_->settings.move_overhead = std::max(overhead, Milliseconds{0});
}

void Session::set_time_control(const TimeControl& control) {
    impl_->control = control;
    impl_->reset_clocks();
}

const TimeControl& Session::time_control() const { return impl_->control; }

void Session::spend_time(Color color, Milliseconds used) { impl_->charge(color, used); }

void Session::set_time_left(Color color, ClockReading reading) {
    impl_->clocks[static_cast<int>(color)] = reading;
}

ClockReading Session::time_left(Color color) const {
    return impl_->clocks[static_cast<int>(color)];
}

Result<MoveReport> Session::genmove(Color color, bool commit) {
    return genmove(color, SearchLimits{}, commit);
}

Result<MoveReport> Session::genmove(Color color, const SearchLimits& limits, bool commit) {
    Impl& s = *impl_;
    const SearchLimits& base = s.settings.limits;
    const int level = s.level();

    const int level_depth = s.driver->level_depth(level);
    int depth = tighter(base.depth, limits.depth);
    depth = tighter(depth, level_depth);
    const std::uint64_t nodes = tighter(base.nodes, limits.nodes);
    milliseconds movetime = tighter(base.movetime, limits.movetime);
    if (s.control.kind == TimeControl::Kind::none && movetime.count() == 0 && depth == 0 &&
        nodes == 0) {
        movetime = kDefaultMoveTime;
    }

    SearchRequest request;
    request.choice.level = level;
    request.choice.limits.max_depth =
        depth > 0 ? std::min(depth, search::kMaxPly - 1) : search::kMaxPly - 1;
    request.choice.limits.max_nodes = nodes;
    request.choice.limits.multi_pv = std::max(limits.lines, 1);
    request.choice.limits.time =
        search::allot_time(s.control, s.clocks[static_cast<int>(color)],
                           s.driver->moves_left(color), s.settings.move_overhead, movetime);
    request.orientation = orientation();
    request.threads = s.settings.threads;
    request.choice.variety = s.settings.variety;
    request.choice.book = s.settings.book;
    request.choice.random = s.random();
    request.tt = &s.tt;
    request.stop = &s.stop;
    request.progress = s.progress;

    // Within its time, or at a weak level's few plies.
    const bool ends_soon =
        request.choice.limits.time.limited() || (level_depth > 0 && depth <= level_depth);
    s.ends_soon.store(ends_soon);
    s.stop.store(false);
    if (!ends_soon && s.stop_long.load()) s.stop.store(true);
    const std::size_t moves_before = s.driver->move_count();
    const auto start = std::chrono::steady_clock::now();
    auto report = s.driver->genmove(color, request, commit);
    const auto used =
        std::chrono::duration_cast<milliseconds>(std::chrono::steady_clock::now() - start);
    if (s.driver->move_count() > moves_before) s.charge(color, used);
    if (report && request.choice.limits.time.limited()) {
        report.value().soft_limit = request.choice.limits.time.soft;
        report.value().hard_limit = request.choice.limits.time.hard;
    }
    return report;
}

std::uint64_t Session::perft(int depth) const { return impl_->driver->perft(depth); }

void Session::set_progress_callback(std::function<void(const SearchInfo&)> callback) {
    impl_->progress = std::move(callback);
}

void Session::request_stop() { impl_->stop.store(true, std::memory_order_relaxed); }

void Session::stop_long_searches() {
    impl_->stop_long.store(true);
    if (!impl_->ends_soon.load()) impl_->stop.store(true);
}

}  // namespace sente
