#pragma once

// A deliberately plain Soldiers and Generals referee for the tests: a 2-D grid of characters,
// moves found by walking the four directions point by point, the whole game kept as a list of
// grids for the repetition rule. Written from the rules text, sharing no code with
// src/games/soldiers, so that the bitboard rules can be checked against it.

#include <algorithm>
#include <string>
#include <vector>

namespace soldiers_reference {

struct Step {
    int from_file, from_rank, to_file, to_rank;
    bool capture;
    friend bool operator<(const Step& a, const Step& b) {
        return std::tie(a.from_file, a.from_rank, a.to_file, a.to_rank) <
               std::tie(b.from_file, b.from_rank, b.to_file, b.to_rank);
    }
    friend bool operator==(const Step&, const Step&) = default;
};

// grid[rank][file]: 'G' general, 'S' soldier, '.' empty; rank 0 is rank 1 (the bottom).
struct State {
    int size = 5;
    std::vector<std::string> grid;
    bool generals_to_move = true;
    int quiet = 0;  // plies since the last capture
};

struct Game {
    std::vector<State> states;  // every position of the game so far, the current one last

    const State& now() const { return states.back(); }
};

inline bool on_board(const State& s, int file, int rank) {
    return file >= 0 && rank >= 0 && file < s.size && rank < s.size;
}

inline std::vector<Step> moves_ignoring_draws(const State& s) {
    const int df[4] = {0, 0, 1, -1};
    const int dr[4] = {1, -1, 0, 0};
    const char mover = s.generals_to_move ? 'G' : 'S';
    std::vector<Step> list;
    for (int rank = 0; rank < s.size; ++rank) {
        for (int file = 0; file < s.size; ++file) {
            if (s.grid[rank][file] != mover) continue;
            for (int d = 0; d < 4; ++d) {
                const int f1 = file + df[d], r1 = rank + dr[d];
                if (!on_board(s, f1, r1)) continue;
                if (s.grid[r1][f1] == '.') list.push_back({file, rank, f1, r1, false});
                if (mover != 'G' || s.grid[r1][f1] != '.') continue;
                const int f2 = f1 + df[d], r2 = r1 + dr[d];
                if (on_board(s, f2, r2) && s.grid[r2][f2] == 'S')
                    list.push_back({file, rank, f2, r2, true});
            }
        }
    }
    std::sort(list.begin(), list.end());
    return list;
}

inline int soldiers_left(const State& s) {
    int n = 0;
    for (const auto& row : s.grid) n += static_cast<int>(std::count(row.begin(), row.end(), 'S'));
    return n;
}

// 'G' generals won, 'S' soldiers won, 'D' draw, ' ' still playing.
inline char result(const Game& game) {
    const State& s = game.now();
    if (soldiers_left(s) == 0) return 'G';
    if (moves_ignoring_draws(s).empty()) return s.generals_to_move ? 'S' : 'G';
    int seen = 0;
    for (const State& earlier : game.states) {
        if (earlier.grid == s.grid && earlier.generals_to_move == s.generals_to_move) ++seen;
    }
    if (seen >= 3) return 'D';
    if (s.quiet >= 100) return 'D';
    return ' ';
}

inline std::vector<Step> moves(const Game& game) {
    if (result(game) != ' ') return {};
    return moves_ignoring_draws(game.now());
}

inline void play(Game& game, const Step& m) {
    State next = game.now();
    const char piece = next.grid[m.from_rank][m.from_file];
    next.grid[m.from_rank][m.from_file] = '.';
    next.grid[m.to_rank][m.to_file] = piece;
    next.quiet = m.capture ? 0 : next.quiet + 1;
    next.generals_to_move = !next.generals_to_move;
    game.states.push_back(next);
}

inline State start(int size) {
    State s;
    s.size = size;
    s.grid.assign(size, std::string(size, '.'));
    for (int rank = 3; rank < size; ++rank) s.grid[rank] = std::string(size, 'S');
    std::vector<int> files;
    if (size == 5) files = {1, 3};
    if (size == 6) files = {2, 3};
    if (size == 7) files = {2, 3, 4};
    if (size == 8) files = {2, 3, 4, 5};
    for (int f : files) s.grid[1][f] = 'G';
    return s;
}

inline long long perft(Game& game, int depth) {
    if (depth == 0) return 1;
    const std::vector<Step> list = moves(game);
    if (list.empty()) return 1;
    long long leaves = 0;
    for (const Step& m : list) {
        play(game, m);
        leaves += perft(game, depth - 1);
        game.states.pop_back();
    }
    return leaves;
}

}  // namespace soldiers_reference
