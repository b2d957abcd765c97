#pragma once

// A deliberately plain Reversi rules implementation for the tests: an 8x8 array and a walk in
// each of the eight directions. It shares no code with src/games/reversi, so that agreement
// between the two on many random positions means something.

#include <array>
#include <vector>

namespace reference {

enum Cell { empty = 0, mine = 1, theirs = 2 };  // from the side to move's point of view

struct Board {
    std::array<std::array<int, 8>, 8> cell{};  // [row][col], row 0 = Othello row 1 (top)
};

inline bool on_board(int row, int col) { return row >= 0 && row < 8 && col >= 0 && col < 8; }

// Discs flipped by the side to move playing (row, col), as (row, col) pairs.
inline std::vector<std::pair<int, int>> flips(const Board& b, int row, int col) {
    std::vector<std::pair<int, int>> all;
    if (b.cell[row][col] != empty) return all;
    for (int dr = -1; dr <= 1; ++dr) {
        for (int dc = -1; dc <= 1; ++dc) {
            if (dr == 0 && dc == 0) continue;
            std::vector<std::pair<int, int>> line;
            int r = row + dr;
            int c = col + dc;
            while (on_board(r, c) && b.cell[r][c] == theirs) {
                line.emplace_back(r, c);
                r += dr;
                c += dc;
            }
            if (!line.empty() && on_board(r, c) && b.cell[r][c] == mine) {
                all.insert(all.end(), line.begin(), line.end());
            }
        }
    }
    return all;
}

inline std::vector<std::pair<int, int>> moves(const Board& b) {
    std::vector<std::pair<int, int>> list;
    for (int r = 0; r < 8; ++r) {
        for (int c = 0; c < 8; ++c) {
            if (!flips(b, r, c).empty()) list.emplace_back(r, c);
        }
    }
    return list;
}

// The same board seen by the other side.
inline Board swapped(const Board& b) {
    Board s;
    for (int r = 0; r < 8; ++r) {
        for (int c = 0; c < 8; ++c) {
            const int v = b.cell[r][c];
            s.cell[r][c] = v == mine ? theirs : v == theirs ? mine : empty;
        }
    }
    return s;
}

// Plays (row, col) and returns the board from the opponent's point of view.
inline Board play(const Board& b, int row, int col) {
    Board next = b;
    for (const auto& [r, c] : flips(b, row, col)) next.cell[r][c] = mine;
    next.cell[row][col] = mine;
    return swapped(next);
}

inline bool game_over(const Board& b) { return moves(b).empty() && moves(swapped(b)).empty(); }

inline int count(const Board& b, int who) {
    int n = 0;
    for (const auto& row : b.cell) {
        for (int v : row) n += v == who;
    }
    return n;
}

// Disc difference for the side to move with empties given to the winner.
inline int final_score(const Board& b) {
    const int me = count(b, mine);
    const int you = count(b, theirs);
    const int empties = 64 - me - you;
    if (me > you) return me - you + empties;
    if (you > me) return me - you - empties;
    return 0;
}

}  // namespace reference
