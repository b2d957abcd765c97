// The parts of Gomoku's search that buy strength: threat-search deepening and failure cache,
// late-move reductions, the fitted evaluation and the tool that fits it.

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "games/gomoku/eval.hpp"
#include "games/gomoku/game.hpp"
#include "games/gomoku/notation.hpp"
#include "games/gomoku/position.hpp"
#include "games/gomoku/reductions.hpp"
#include "games/gomoku/threat_cache.hpp"
#include "games/gomoku/vct.hpp"
#include "tools/gomoku_fit.hpp"

using namespace sente;
using namespace sente::gomoku;

namespace {

Position after(const std::vector<const char*>& moves) {
    Position pos = empty_position(15, Rule::freestyle);
    for (const char* text : moves) {
        const auto move = parse_move(text);
        REQUIRE(move);
        REQUIRE(check_move(pos, *move));
        make_move(pos, *move);
    }
    return pos;
}

// A freestyle search of `pos` to `depth` with a table of its own (one thread); `multi_pv` as in
// search::Limits.
search::SearchResult<Move> search_to(const Position& pos, const Evaluator& eval, int depth,
                                     int multi_pv = 1) {
    search::TranspositionTable tt;
    REQUIRE(tt.resize(16));
    std::atomic<bool> stop{false};
    search::Searcher<GomokuGame<Rule::freestyle>> searcher(tt, stop);
    search::Limits limits;
    limits.max_depth = depth;
    limits.multi_pv = multi_pv;
    return searcher.search(pos, eval, limits);
}

// The reduction of the move to `point` at a node that is neither a cut node nor has it as a
// killer.
int reduction(const Position& pos, int point, int depth, int index, bool pv_node) {
    return late_move_reduction(pos, point, {depth, index, pv_node, false, false});
}

}  // namespace

TEST_CASE("VCT deepens on threes: a long win is found when many threes are allowed") {
    // From a game against AIWine: black to move has a VCT of about twenty plies. Searched
    // depth-first with ten threes allowed, the budget went into hopeless deep lines first.
    Position pos = after({"k9", "f6", "j9", "f8", "j10", "j8"});
    const std::uint64_t key = pos.key;
    for (const int threes : {6, 10}) {
        VctSearch vct;
        const auto win = vct.find(pos, threes, 100000);
        REQUIRE(win);
        CHECK(check_move(pos, win->first));
        CHECK(win->plies >= 9);
        CHECK(pos.key == key);  // searched in place and restored
    }
    // Fewer threes than the win needs: nothing, within the same budget.
    VctSearch short_search;
    CHECK_FALSE(short_search.find(pos, 1, 100000));
}

TEST_CASE("a loss is proven over every move, not over the ones judged worth trying") {
    // From a game against AIWine (sente black): after black's m6 the search proved white lost
    // (a "win in 9" for black, the whole tree searched) because it let white answer black's
    // four-three threats only at the points of a four, and tried only the twelve quiet points
    // of most value. White's h6 held, and black lost the game. Now neither cut may prove a loss.
    using Game = GomokuGame<Rule::freestyle>;
    const auto pos = parse_position(
        "15/15/15/15/7x7/15/15/8oo5/7o1xoo3/8oxxx3/7oxx1xo2/6oxxxox3/5ox2o5/4xo9/15 w",
        Rule::freestyle);
    REQUIRE(pos);
    const auto result = search_to(*pos, Game::level(10).eval, 9);
    CHECK_FALSE(search::is_proven_loss(result.info.score));
}

TEST_CASE("the threat cache remembers failures by budget") {
    ThreatCache cache;
    const std::uint64_t key = 0x123456789ABCDEFULL;
    CHECK_FALSE(cache.known_failure(key, 0, 100));
    cache.record_failure(key, 0, 400);
    CHECK(cache.known_failure(key, 0, 100));
    CHECK(cache.known_failure(key, 0, 400));
    CHECK_FALSE(cache.known_failure(key, 0, 401));  // a larger budget might succeed
    CHECK_FALSE(cache.known_failure(key, 1, 100));  // the other search kind is separate
    cache.record_failure(key, 1, ThreatCache::kComplete);
    CHECK(cache.known_failure(key, 1, 1000000));
    CHECK(cache.known_failure(key, 0, 400));  // both kinds kept in one entry
    // Another position in the same slot replaces the entry.
    const std::uint64_t other = key + (std::uint64_t{1} << 40);
    cache.record_failure(other, 0, 50);
    CHECK(cache.known_failure(other, 0, 50));
    CHECK_FALSE(cache.known_failure(key, 1, 100));
}

TEST_CASE("late-move reductions spare the first moves, shallow nodes and threats") {
    // Black has a closed three (fours on its ends) and white an open two.
    Position pos = after({"h8", "h9", "j8", "j9", "k8", "a1", "l9"});
    REQUIRE(pos.side == Color::white);
    const int quiet = point_at(2, 12);
    REQUIRE(pos.is_empty(quiet));
    CHECK(pos.threat(Color::white, quiet) == kNoThreat);
    CHECK(pos.threat(Color::black, quiet) == kNoThreat);
    CHECK(reduction(pos, quiet, 10, 0, false) == 0);
    CHECK(reduction(pos, quiet, 10, 1, false) == 0);
    CHECK(reduction(pos, quiet, 2, 20, false) == 0);
    const int late = reduction(pos, quiet, 10, 10, false);
    CHECK(late >= 2);
    CHECK(reduction(pos, quiet, 10, 10, true) == late - 1);
    CHECK(reduction(pos, quiet, 12, 20, false) >= late);
    // A point where black would make a four is a defence: reduced a ply less than a quiet one.
    int black_four = 0;
    for_each_point(pos, [&](int point) {
        if (black_four == 0 && pos.is_empty(point) && makes_four(pos, Color::black, point) &&
            pos.threat(Color::white, point) < kThreatThree) {
            black_four = point;
        }
    });
    REQUIRE(black_four != 0);
    CHECK(reduction(pos, black_four, 10, 10, false) == late - 1);
}

TEST_CASE("at a node expected to fail high, the moves that are not killers reduce more") {
    Position pos = after({"h8", "h9", "j8", "j9", "k8", "a1", "l9"});
    const int quiet = point_at(2, 12);
    const int late = reduction(pos, quiet, 10, 10, false);
    CHECK(late_move_reduction(pos, quiet, {10, 10, false, true, false}) ==
          late + reductions_detail::kCutNodeReduction);
    CHECK(late_move_reduction(pos, quiet, {10, 10, false, true, true}) == late);
    // The first moves and shallow nodes stay unreduced even there.
    CHECK(late_move_reduction(pos, quiet, {10, 1, false, true, false}) == 0);
    CHECK(late_move_reduction(pos, quiet, {2, 20, false, true, false}) == 0);
}

TEST_CASE("late-move reductions never reduce a four") {
    Position pos = after({"h8", "a1", "j8", "a3", "k8", "a5"});
    REQUIRE(pos.side == Color::black);
    int fours = 0;
    for_each_point(pos, [&](int point) {
        if (pos.is_empty(point) && pos.threat(Color::black, point) >= kThreatFour) {
            ++fours;
            CHECK(reduction(pos, point, 20, 30, false) == 0);
            CHECK(late_move_reduction(pos, point, {20, 30, false, true, false}) == 0);
        }
    });
    CHECK(fours > 0);
}

TEST_CASE(
    "the hand-made evaluation is its weighted features, and favours the side with the threats") {
    Position pos = after({"h8", "a1", "j8", "a15", "k8"});  // black has an open three
    const auto features = eval_features(pos);
    const auto& weights = eval_weights();
    int sum = 0;
    for (int i = 0; i < kEvalFeatures; ++i) sum += weights[i] * features[i];
    CHECK(built_in_evaluate(pos) == sum / kEvalWeightScale);
    CHECK(features[28] == 1);
    // White to move faces the open three: it stands worse.
    CHECK(built_in_evaluate(pos) < 0);
    // The opponent's open three counts as three (stone, direction) pairs in flex3 lines.
    CHECK(features[8 + kFlex3 - kBlock1] == 3);
    // The same stones with black to move: black's threat is worth more than it was to white.
    Position black_to_move = pos;
    set_side_to_move(black_to_move, Color::black);
    CHECK(built_in_evaluate(black_to_move) > -built_in_evaluate(pos));
}

TEST_CASE("gomoku-fit fits weights to games and refuses a bad games file") {
    const std::string path = "gomoku_fit_test_games.txt";
    {
        std::ofstream games(path);
        games << "# result, then the moves\n";
        for (int i = 0; i < 10; ++i) {
            games << "1 h8 h9 j8 j9 k8 k9 l8 l9 m8\n";
            games << "0 h8 h9 j8 j9 k8 k9 a1 l9 a2 m9\n";
        }
    }
    tools::GomokuFitOptions options;
    options.inputs = {path};
    options.iterations = 200;
    std::ostringstream out, err;
    CHECK(tools::fit_gomoku_eval(options, out, err) == 0);
    CHECK(out.str().find("20 games") != std::string::npos);
    CHECK(out.str().find("new weights") != std::string::npos);
    CHECK(out.str().find("as printed") != std::string::npos);
    // The counts' weights on the line after their heading, then the shapes' table.
    const std::string text = out.str();
    const auto heading = text.find("weights (eval.cpp");
    REQUIRE(heading != std::string::npos);
    const auto first = text.find('\n', heading) + 1;
    const std::string weights = text.substr(first, text.find('\n', first) - first);
    CHECK(std::count(weights.begin(), weights.end(), ',') == kEvalShapeBase - 1);
    CHECK(text.find("shapes (shape.cpp") != std::string::npos);
    CHECK(text.find("{{kFlex3, kFlex2}, {") != std::string::npos);
    CHECK(text.find("{{kDead, kDead}, {") == std::string::npos);  // weighs nothing

    {
        std::ofstream games(path);
        games << "1 h8 h8\n";  // the same point twice
    }
    std::ostringstream out2, err2;
    CHECK(tools::fit_gomoku_eval(options, out2, err2) == 1);
    CHECK(err2.str().find("not a legal move") != std::string::npos);

    // Labels: the mover's chance in the position a move is played from, mixed with the outcome.
    {
        std::ofstream games(path);
        for (int i = 0; i < 10; ++i) {
            games << "1 h8 h9/0.4 j8/0.7 j9 k8 k9 l8 l9 m8\n";
            games << "0 h8 h9 j8 j9 k8 k9/0.1 a1 l9 a2 m9\n";
        }
    }
    std::ostringstream out3, err3;
    CHECK(tools::fit_gomoku_eval(options, out3, err3) == 0);
    CHECK(out3.str().find("30 positions labelled") != std::string::npos);
    for (const char* bad : {"1 h8 h9/1.5\n", "1 h8 h9/x\n", "1 h8 h9/0.5x\n"}) {
        {
            std::ofstream games(path);
            games << bad;
        }
        std::ostringstream out4, err4;
        CHECK(tools::fit_gomoku_eval(options, out4, err4) == 1);
        CHECK(err4.str().find("a label is a probability") != std::string::npos);
    }
    std::remove(path.c_str());
}

TEST_CASE("gomoku-fit --evaluated-only leaves out what the search settles before evaluating") {
    // The number of positions fitted from one game, with and without the filter.
    const auto positions = [](const std::string& game, bool evaluated_only) {
        const std::string path = "gomoku_fit_evaluated_test.txt";
        {
            std::ofstream games(path);
            games << game << "\n";
        }
        tools::GomokuFitOptions options;
        options.inputs = {path};
        options.holdout_every = 0;
        options.iterations = 10;
        options.evaluated_only = evaluated_only;
        std::ostringstream out, err;
        REQUIRE(tools::fit_gomoku_eval(options, out, err) == 0);
        std::remove(path.c_str());
        const std::string text = out.str();
        const auto games = text.find("1 games, ");
        REQUIRE(games != std::string::npos);
        return std::stoi(text.substr(games + std::string("1 games, ").size()));
    };
    // Black's open three h8 j8 k8 to move: l8 makes an open four, a win by fours. Before m8 black
    // can make five and before l9 white faces two fives: left out either way.
    CHECK(positions("1 h8 h9 j8 j9 k8 k9 l8 l9 m8", false) == 7);
    CHECK(positions("1 h8 h9 j8 j9 k8 k9 l8 l9 m8", true) == 6);
    // Both sides win by fours where they are to move with their open three: before a1 (black)
    // and before l9 (white).
    CHECK(positions("0 h8 h9 j8 j9 k8 k9 a1 l9 a2 m9", false) == 8);
    CHECK(positions("0 h8 h9 j8 j9 k8 k9 a1 l9 a2 m9", true) == 6);
    // Before m8 white must block the five of black's four, and the search plays the block. A
    // closed four alone (before l8) is no win by fours.
    CHECK(positions("1 h8 g8 j8 a1 k8 a2 l8 m8", false) == 8);
    CHECK(positions("1 h8 g8 j8 a1 k8 a2 l8 m8", true) == 7);
}

TEST_CASE("gomoku-fit: a longer run fits its games no worse") {
    // A fixed step size kept the weights circling the optimum: more iterations could fit worse.
    const auto fitted_log_loss = [](int iterations) {
        tools::GomokuFitOptions options;
        options.inputs = {SENTE_TEST_DATA "/gomoku/fit-games.txt"};
        options.holdout_every = 0;
        options.iterations = iterations;
        std::ostringstream out, err;
        REQUIRE(tools::fit_gomoku_eval(options, out, err) == 0);
        const std::string text = out.str();
        const auto row = text.find("new weights");
        REQUIRE(row != std::string::npos);
        return std::stod(text.substr(row + std::string("new weights").size()));
    };
    const double short_run = fitted_log_loss(300);
    const double middle_run = fitted_log_loss(1000);
    const double long_run = fitted_log_loss(3000);
    CHECK(middle_run <= short_run);
    CHECK(long_run <= middle_run);
}

TEST_CASE("the move order is its weighted point features, and puts the strong points first") {
    // Black has an open three on row 8; white to move.
    const Position pos = after({"h8", "a1", "j8", "a15", "k8"});
    const auto& weights = order_weights();
    for_each_point(pos, [&](int point) {
        if (!pos.is_empty(point) || pos.nearby(point) == 0) return;
        int sum = 0;
        for (const auto feature : order_features(pos, point)) {
            REQUIRE(feature < kOrderFeatures);
            sum += weights[feature];
        }
        const int value = order_value(pos, point);
        CHECK(value >= 0);
        CHECK(value <= 8000);
        CHECK((value == kOrderOffset + sum || value == 0 || value == 8000));
    });
    // The blocks of the open three rank above a quiet point next to it.
    const int block = parse_move("g8")->point;
    const int quiet = parse_move("j10")->point;
    CHECK(order_value(pos, block) > order_value(pos, quiet));
}

TEST_CASE("gomoku-fit --order fits the move order to the winners' moves") {
    const std::string path = "gomoku_order_fit_test_games.txt";
    {
        std::ofstream games(path);
        // Black builds row 8 and wins; white plays far away.
        for (int i = 0; i < 10; ++i) games << "1 h8 h9 j8 a1 k8 a3 l8 a5 m8\n";
    }
    tools::GomokuFitOptions options;
    options.inputs = {path};
    options.iterations = 300;
    std::ostringstream out, err;
    CHECK(tools::fit_gomoku_order(options, out, err) == 0);
    // Black's k8 and l8 in each game (h8 h9 j8 is the opening; m8 makes five, no choice).
    CHECK(out.str().find("10 games, 20 winners' moves (4 held out)") != std::string::npos);
    // The fitted order ranks the winner's move first in the held-out games.
    const auto line = out.str().find("new weights  held out");
    REQUIRE(line != std::string::npos);
    double first = 0;
    std::istringstream(out.str().substr(line + 21)) >> first;
    CHECK(first == doctest::Approx(100.0));
    const std::string weights = out.str().substr(out.str().rfind(':') + 1);
    CHECK(std::count(weights.begin(), weights.end(), ',') == kOrderFeatures - 1);
    std::remove(path.c_str());
}

TEST_CASE("forward pruning: the strong levels only, and never where a threat must be met") {
    using Game = GomokuGame<Rule::freestyle>;
    const auto& strong = Game::level(10).eval;
    // A quiet position: white to move, black's stones no threat yet.
    const Position quiet = after({"h8", "h9", "j7", "g10", "k9"});
    REQUIRE(quiet.count(Color::black, kThreatFlexFour) == 0);
    REQUIRE(quiet.count(Color::black, kThreatFive) == 0);
    for (int level = 1; level <= 10; ++level) {
        CAPTURE(level);
        CHECK(Game::forward_pruning(quiet, Game::level(level).eval, 2).has_value() == (level >= 9));
    }
    const auto shallow = Game::forward_pruning(quiet, strong, 1);
    REQUIRE(shallow);
    CHECK(shallow->futility_margin > 0);
    CHECK(shallow->razor_margin > 0);
    CHECK(shallow->move_count >= 3);
    const auto deeper = Game::forward_pruning(quiet, strong, 6);
    REQUIRE(deeper);
    CHECK(deeper->futility_margin > shallow->futility_margin);
    CHECK(deeper->razor_margin == search::ForwardPruning::kOff);
    CHECK(deeper->move_count > shallow->move_count);
    const auto deep = Game::forward_pruning(quiet, strong, 30);
    REQUIRE(deep);
    CHECK(deep->futility_margin == search::ForwardPruning::kOff);
    CHECK(deep->move_count == 0);

    // Black's open three (white must meet it) and black's four (one block): nothing is cut.
    const Position open_three = after({"h8", "a1", "j8", "a3", "k8"});
    REQUIRE(open_three.count(Color::black, kThreatFlexFour) > 0);
    CHECK_FALSE(Game::forward_pruning(open_three, strong, 2));
    const Position four = after({"h8", "a1", "j8", "a3", "k8", "a5", "l8"});
    REQUIRE(four.count(Color::black, kThreatFive) > 0);
    CHECK_FALSE(Game::forward_pruning(four, strong, 2));
}

TEST_CASE("the horizon plays the block of a five, at the strong levels only") {
    using Game = GomokuGame<Rule::freestyle>;
    const auto& strong = Game::level(10).eval;
    // White to move faces black's four on h8-l8 (blocked at g8): m8 is the one block.
    const Position four = after({"h8", "g8", "j8", "a3", "k8", "a5", "l8"});
    REQUIRE(four.count(Color::black, kThreatFive) == 1);
    const auto reply = Game::forced_reply(four, strong);
    REQUIRE(reply);
    CHECK(format_move(*reply) == "m8");
    CHECK_FALSE(Game::forced_reply(four, Game::level(8).eval));
    // Nothing forced in a quiet position, and an open four is lost, not blocked.
    CHECK_FALSE(Game::forced_reply(after({"h8", "h9", "j7"}), strong));
    const Position open_four = after({"h8", "a1", "j8", "a3", "k8", "a5", "l8"});
    REQUIRE(open_four.count(Color::black, kThreatFive) == 2);
    CHECK_FALSE(Game::forced_reply(open_four, strong));
}

TEST_CASE("a four at the horizon is valued after its block, not by the evaluation") {
    using Game = GomokuGame<Rule::freestyle>;
    // Black to move with a closed three h8-k8 (g8 white): l8 makes a four that m8 blocks, and
    // nothing follows for either side.
    const Position pos = after({"h8", "g8", "j8", "a1", "k8", "a3"});
    Position four = pos;
    make_move(four, *parse_move("l8"));
    Position blocked = four;
    make_move(blocked, *parse_move("m8"));
    // The two values differ, so the test tells which one the search took.
    REQUIRE(evaluate(blocked) != -evaluate(four));
    // Every root move gets its exact value (multi-PV over more lines than moves).
    const auto result = search_to(pos, Game::level(10).eval, 1, 500);
    const auto line = std::find_if(result.info.lines.begin(), result.info.lines.end(),
                                   [](const auto& l) { return format_move(l.move) == "l8"; });
    REQUIRE(line != result.info.lines.end());
    CHECK(line->score == evaluate(blocked));
}

TEST_CASE("the block of a five is searched a ply deeper, at the strong levels only") {
    using Game = GomokuGame<Rule::freestyle>;
    // White to move faces black's four on h8-l8: only the points that block a five are moves.
    const Position four = after({"h8", "a1", "j8", "a3", "k8", "a5", "l8"});
    REQUIRE(four.count(Color::black, kThreatFive) > 0);
    const Position open_three = after({"h8", "a1", "j8", "a3", "k8"});
    const Position quiet = after({"h8", "h9", "j7", "g10", "k9"});
    for (int level = 1; level <= 10; ++level) {
        CAPTURE(level);
        const auto& eval = Game::level(level).eval;
        CHECK(Game::extension(four, eval) == (level >= 9 ? 1 : 0));
        CHECK(Game::extension(open_three, eval) == 0);
        CHECK(Game::extension(quiet, eval) == 0);
    }
}

TEST_CASE("forward pruning cuts nodes and keeps the forced wins") {
    using Game = GomokuGame<Rule::freestyle>;
    Evaluator full_width = Game::level(10).eval;
    full_width.selective = false;
    std::uint64_t pruned_nodes = 0, full_nodes = 0;
    for (const auto text : {Game::kBenchPositions[0], Game::kBenchPositions[2]}) {
        const auto parsed = parse_position(text, Rule::freestyle);
        REQUIRE(parsed);
        // Both searches judge with the hand-made evaluation (the full-width levels have no
        // other), so that only the pruning differs.
        Position pos = *parsed;
        attach_network(pos, nullptr);
        const auto pruned = search_to(pos, Game::level(10).eval, 8);
        const auto full = search_to(pos, full_width, 8);
        CHECK(pruned.info.depth == 8);
        CHECK_FALSE(pruned.info.exact);  // what was cut is a guess: never a solved tree
        CHECK(check_move(pos, pruned.best));
        pruned_nodes += pruned.info.nodes;
        full_nodes += full.info.nodes;
    }
    CHECK(pruned_nodes * 3 < full_nodes * 2);
    // Black's VCT of about twenty plies (the VCT test above) is still found (from depth 11:
    // the VCT runs at nodes of depth 9 and more, the root excepted).
    const Position attack = after({"k9", "f6", "j9", "f8", "j10", "j8"});
    const auto won = search_to(attack, Game::level(10).eval, 11);
    CHECK(search::is_proven_win(won.info.score));
}

TEST_CASE("once a win is held, the search for a shorter one is pruned and the win still holds") {
    using Game = GomokuGame<Rule::freestyle>;
    // The third bench position: black's win in 19 is proven at depth 10, and each deeper
    // iteration asks the moves after the winning one whether they win sooner, full width while
    // windows at a proven result went unpruned.
    const auto pos = parse_position(Game::kBenchPositions[2], Rule::freestyle);
    REQUIRE(pos);
    const auto& strong = Game::level(10).eval;
    REQUIRE(search::is_proven_win(search_to(*pos, strong, 10).info.score));
    const auto deeper = search_to(*pos, strong, 12);
    CHECK(search::is_proven_win(deeper.info.score));
    // Without the pruning beyond a held win, depth 12 took 1.6 M nodes; with it about 0.5 M.
    CHECK(deeper.info.nodes < 1'000'000);
    // The move chosen wins: white's own search after it finds its loss.
    Position reply = *pos;
    make_move(reply, deeper.best);
    CHECK(search::is_proven_loss(search_to(reply, strong, 11).info.score));
}
