#include "games/reversi/stability.hpp"

#include <array>
#include <cstdint>

namespace sente::reversi {

namespace {

// Plays a disc of the mover at `x` on an 8-square line and flips what it brackets on the line.
// The move is allowed even when it flips nothing here: it may flip along another line.
void play_on_line(int x, std::uint8_t& mover, std::uint8_t& other) {
    mover = static_cast<std::uint8_t>(mover | (1u << x));
    for (const int step : {-1, 1}) {
        std::uint8_t run = 0;
        int i = x + step;
        while (i >= 0 && i < 8 && (other & (1u << i))) {
            run = static_cast<std::uint8_t>(run | (1u << i));
            i += step;
        }
        if (i >= 0 && i < 8 && (mover & (1u << i)) && run != 0) {
            mover = static_cast<std::uint8_t>(mover | run);
            other = static_cast<std::uint8_t>(other & ~run);
        }
    }
}

// [player byte][opponent byte] -> the player's discs on that edge that never flip, whatever is
// played on the edge. Filled by recursion over the empty squares, memoised; 64 KB.
class EdgeTable {
  public:
    EdgeTable() {
        done_.fill(false);
        for (unsigned p = 0; p < 256; ++p) {
            for (unsigned o = 0; o < 256; ++o) {
                if ((p & o) == 0)
                    compute(static_cast<std::uint8_t>(p), static_cast<std::uint8_t>(o));
            }
        }
    }
    std::uint8_t operator()(unsigned player, unsigned opponent) const {
        return stable_[player * 256 + opponent];
    }

  private:
    std::uint8_t compute(std::uint8_t p, std::uint8_t o) {
        const unsigned index = p * 256u + o;
        if (done_[index]) return stable_[index];
        std::uint8_t stable = p;
        const unsigned empty = ~(p | o) & 0xFFu;
        for (int x = 0; x < 8 && stable != 0; ++x) {
            if (!(empty & (1u << x))) continue;
            // The player moves at x: its discs stay, but later moves may still flip them.
            std::uint8_t p1 = p, o1 = o;
            play_on_line(x, p1, o1);
            stable &= compute(p1, o1);
            // The opponent moves at x: whatever it flips was not stable.
            std::uint8_t p2 = p, o2 = o;
            play_on_line(x, o2, p2);
            stable &= compute(p2, o2);
        }
        done_[index] = true;
        stable_[index] = stable;
        return stable;
    }

    std::array<std::uint8_t, 256 * 256> stable_{};
    std::array<bool, 256 * 256> done_{};
};

const EdgeTable& edge_table() {
    static const EdgeTable table;
    return table;
}

// Back from file_bits(b, 0): a byte to file a (bit 0 = row 1).
Bitboard unpack_file_a(unsigned byte) {
    Bitboard b = 0;
    for (int row = 0; row < 8; ++row) {
        if (byte & (1u << row)) b |= Bitboard{1} << (row * 8);
    }
    return b;
}

struct FileUnpacker {
    std::array<Bitboard, 256> file_a{};
    FileUnpacker() {
        for (unsigned byte = 0; byte < 256; ++byte) file_a[byte] = unpack_file_a(byte);
    }
};
const FileUnpacker& file_unpacker() {
    static const FileUnpacker unpacker;
    return unpacker;
}

Bitboard edge_stable(Bitboard player, Bitboard opponent) {
    const EdgeTable& table = edge_table();
    const auto& file_a = file_unpacker().file_a;
    Bitboard stable = table(player & 0xFF, opponent & 0xFF);
    stable |= Bitboard{table(player >> 56, opponent >> 56)} << 56;
    stable |= file_a[table(file_bits(player, 0), file_bits(opponent, 0))];
    stable |= file_a[table(file_bits(player, 7), file_bits(opponent, 7))] << 7;
    return stable;
}

// Masks of every diagonal (a1-h8 direction) and every anti-diagonal, corners included.
struct DiagonalMasks {
    std::array<Bitboard, 15> down{};  // squares with equal file - row
    std::array<Bitboard, 15> up{};    // squares with equal file + row
    DiagonalMasks() {
        for (int square = 0; square < 64; ++square) {
            const int file = square % 8, row = square / 8;
            down[file - row + 7] |= Bitboard{1} << square;
            up[file + row] |= Bitboard{1} << square;
        }
    }
};
const DiagonalMasks& diagonal_masks() {
    static const DiagonalMasks masks;
    return masks;
}

Bitboard full_rows(Bitboard occupied) {
    Bitboard x = occupied & (occupied >> 1);
    x &= x >> 2;
    x &= x >> 4;
    return (x & kFileA) * 0xFF;
}

Bitboard full_columns(Bitboard occupied) {
    Bitboard x = occupied & (occupied >> 8);
    x &= x >> 16;
    x &= x >> 32;
    return (x & kRow1) * kFileA;
}

Bitboard full_diagonals(const std::array<Bitboard, 15>& masks, Bitboard occupied) {
    Bitboard full = 0;
    for (const Bitboard mask : masks) {
        if ((occupied & mask) == mask) full |= mask;
    }
    return full;
}

}  // namespace

Bitboard full_lines(Bitboard occupied) {
    const DiagonalMasks& diagonals = diagonal_masks();
    return full_rows(occupied) & full_columns(occupied) & full_diagonals(diagonals.down, occupied) &
           full_diagonals(diagonals.up, occupied);
}

Bitboard stable_discs(Bitboard player, Bitboard opponent) {
    const Bitboard occupied = player | opponent;
    const DiagonalMasks& diagonals = diagonal_masks();
    const Bitboard rows = full_rows(occupied);
    const Bitboard columns = full_columns(occupied);
    const Bitboard down = full_diagonals(diagonals.down, occupied);
    const Bitboard up = full_diagonals(diagonals.up, occupied);

    Bitboard stable = edge_stable(player, opponent) | (player & rows & columns & down & up);
    // Edge discs are settled by the table; inner discs grow from stable neighbours.
    const Bitboard candidates = player & ~(kFileA | kFileH | kRow1 | kRow8) & ~stable;
    if (candidates == 0 || stable == 0) return stable;
    for (;;) {
        const Bitboard horizontal = rows | (stable << 1) | (stable >> 1);
        const Bitboard vertical = columns | (stable << 8) | (stable >> 8);
        const Bitboard diagonal = down | (stable << 9) | (stable >> 9);
        const Bitboard antidiagonal = up | (stable << 7) | (stable >> 7);
        const Bitboard grown =
            stable | (candidates & horizontal & vertical & diagonal & antidiagonal);
        if (grown == stable) return stable;
        stable = grown;
    }
}

}  // namespace sente::reversi
