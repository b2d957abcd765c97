// The bitboard rules of Soldiers and Generals against the plain referee in
// tests/soldiers_reference.hpp: perft from every start position, positions from random games
// (steered into repetitions and long quiet stretches so that both draw rules happen), and random
// boards that stress the edges of every board size.

#include <doctest/doctest.h>

#include <random>

#include "games/soldiers/game.hpp"
#include "search/perft.hpp"
#include "soldiers_reference.hpp"
#include "soldiers_to_reference.hpp"

using namespace sente::soldiers;
namespace ref = soldiers_reference;

namespace {

std::vector<ref::Step> reference_steps(const SoldiersGame::MoveList& list) {
    std::vector<ref::Step> steps;
    for (const auto& entry : list) {
        const Move m = entry.move;
        steps.push_back(
            {file_of(m.from), rank_of(m.from), file_of(m.to), rank_of(m.to), m.is_capture()});
    }
    std::sort(steps.begin(), steps.end());
    return steps;
}

char result_letter(Status status) {
    switch (status) {
        case Status::playing:
            return ' ';
        case Status::generals_win:
            return 'G';
        case Status::soldiers_win:
            return 'S';
        case Status::draw_by_repetition:
        case Status::draw_by_quiet_plies:
            return 'D';
    }
    return '?';
}

// The moves and the result of the game so far must match the referee's.
void check_position(const Position& pos, const ref::Game& game) {
    REQUIRE(to_reference(pos).grid == game.now().grid);
    SoldiersGame::MoveList list;
    SoldiersGame::generate_moves(pos, list);
    REQUIRE(reference_steps(list) == ref::moves(game));
    REQUIRE(result_letter(status(pos)) == ref::result(game));
}

}  // namespace

TEST_CASE("perft from every start position agrees with the referee") {
    const int depths[] = {0, 0, 0, 0, 0, 6, 6, 5, 5};
    for (int size = kMinSize; size <= kMaxSize; ++size) {
        CAPTURE(size);
        Position pos = start_position(size);
        ref::Game game{{ref::start(size)}};
        REQUIRE(to_reference(pos).grid == game.now().grid);
        for (int depth = 1; depth <= depths[size]; ++depth) {
            CAPTURE(depth);
            CHECK(sente::search::perft<SoldiersGame>(pos, depth) ==
                  static_cast<std::uint64_t>(ref::perft(game, depth)));
        }
    }
}

TEST_CASE("rules agree with the referee over random games, draws included") {
    std::mt19937_64 rng(20261122);
    int positions = 0;
    int results[4] = {};  // generals win, soldiers win, repetition, 100 quiet plies
    for (int game_number = 0; game_number < 400; ++game_number) {
        const int size = kMinSize + game_number % 4;
        Position pos = start_position(size);
        ref::Game game{{ref::start(size)}};
        // Some games prefer moving a piece back where it came from, which repeats positions;
        // some prefer steps to captures, which runs the quiet-ply counter up.
        const int style = game_number % 3;
        Move last[2] = {Move::none(), Move::none()};
        for (int ply = 0;; ++ply) {
            check_position(pos, game);
            ++positions;
            SoldiersGame::MoveList list;
            SoldiersGame::generate_moves(pos, list);
            if (list.empty()) {
                const Status s = status(pos);
                ++results[s == Status::generals_win         ? 0
                          : s == Status::soldiers_win       ? 1
                          : s == Status::draw_by_repetition ? 2
                                                            : 3];
                break;
            }
            Move move = list[rng() % list.size()].move;
            const Move back{last[ply % 2].to, last[ply % 2].from};
            if (style == 1 && rng() % 4 != 0) {
                for (const auto& entry : list) {
                    if (entry.move == back) move = back;
                }
            }
            if (style == 2 && move.is_capture() && rng() % 8 != 0) {
                for (const auto& entry : list) {
                    if (!entry.move.is_capture()) move = entry.move;
                }
            }
            last[ply % 2] = move;

            const Position before = pos;
            const Undo undo = make_move(pos, move);
            Position again = pos;
            unmake_move(again, move, undo);
            REQUIRE(to_reference(again).grid == to_reference(before).grid);
            REQUIRE(again.quiet_plies == before.quiet_plies);
            REQUIRE(again.ply == before.ply);
            REQUIRE(again.move_number == before.move_number);

            ref::play(game, {file_of(move.from), rank_of(move.from), file_of(move.to),
                             rank_of(move.to), move.is_capture()});
        }
    }
    MESSAGE(positions << " positions; generals won " << results[0] << ", soldiers " << results[1]
                      << ", repetition draws " << results[2] << ", 100-ply draws " << results[3]);
    for (const int count : results) CHECK(count > 0);  // every way a game ends was seen
}

TEST_CASE("moves and results agree with the referee on random boards of every size") {
    std::mt19937_64 rng(7);
    for (int i = 0; i < 20'000; ++i) {
        const int size = kMinSize + static_cast<int>(rng() % 4);
        Position pos = start_position(size);
        pos.generals = pos.soldiers = 0;
        const int fill = static_cast<int>(rng() % 101);
        for (int rank = 0; rank < size; ++rank) {
            for (int file = 0; file < size; ++file) {
                if (static_cast<int>(rng() % 100) >= fill) continue;
                (rng() % 5 == 0 ? pos.generals : pos.soldiers) |= point_bit(point_at(file, rank));
            }
        }
        pos.side = rng() & 1 ? kGenerals : kSoldiers;
        pos.quiet_plies = static_cast<std::uint8_t>(rng() % 101);
        ref::Game game{{to_reference(pos)}};
        check_position(pos, game);
    }
}
