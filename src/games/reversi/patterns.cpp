#include "games/reversi/patterns.hpp"

#include <algorithm>
#include <cstdlib>
#include <mutex>

#if defined(__BMI2__)
#include <immintrin.h>
#endif

namespace sente::reversi {

namespace {

constexpr int square_of(int row, int column) { return row * 8 + column; }

// The base places of the patterns, with row 0 = Othello row 1 (the top), column 0 = file a.
struct PatternShape {
    const char* name;
    std::vector<int> squares;
};

std::vector<PatternShape> shapes() {
    auto row = [](int r) {
        std::vector<int> s;
        for (int c = 0; c < 8; ++c) s.push_back(square_of(r, c));
        return s;
    };
    auto diagonal = [](int length) {  // ends on the top edge and the right edge
        std::vector<int> s;
        for (int i = 0; i < length; ++i) s.push_back(square_of(i, 8 - length + i));
        return s;
    };
    std::vector<int> edge = row(0);
    edge.push_back(square_of(1, 1));  // the X-squares b2 and g2
    edge.push_back(square_of(1, 6));
    std::vector<int> corner_block, corner_rect;
    for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 3; ++c) corner_block.push_back(square_of(r, c));
    for (int r = 0; r < 2; ++r)
        for (int c = 0; c < 5; ++c) corner_rect.push_back(square_of(r, c));
    return {{"edge+2X", edge},           {"corner 3x3", corner_block},
            {"corner 2x5", corner_rect}, {"row 2", row(1)},
            {"row 3", row(2)},           {"row 4", row(3)},
            {"diagonal 8", diagonal(8)}, {"diagonal 7", diagonal(7)},
            {"diagonal 6", diagonal(6)}, {"diagonal 5", diagonal(5)},
            {"diagonal 4", diagonal(4)}};
}

int power3(int n) {
    int p = 1;
    while (n-- > 0) p *= 3;
    return p;
}

// What a disc of the side to move on a square adds to the readings of the places the square is
// in (an opponent's disc adds twice as much).
struct Contribution {
    std::uint8_t instance;
    std::uint16_t power;  // 3^digit, at most 3^9
};

struct Tables {
    std::array<PatternKind, kPatternKinds> kinds{};
    std::array<PatternInstance, kPatternInstances> instances{};
    // Per instance, the symmetry whose image of the board holds the instance's squares where
    // the kind's base place has them (see pattern_readings).
    std::array<std::uint8_t, kPatternInstances> view{};
    // Per kind, the base place's squares as a board, and for every subset of them (as the bits
    // pext gathers, lowest square first) the reading of discs of the side to move on them.
    std::array<Bitboard, kPatternKinds> base_mask{};
    std::array<std::vector<std::uint16_t>, kPatternKinds> reading_of_bits;
    // Per kind: the canonical index of every reading.
    std::array<std::vector<std::uint32_t>, kPatternKinds> canonical;
    // Per square, its contributions: contributions[first[sq]] .. contributions[first[sq + 1]].
    std::array<std::uint16_t, 65> first{};
    std::vector<Contribution> contributions;
};

// The readings of `base` that list the same squares in another order: for each, where each
// digit moves to.
std::vector<std::vector<int>> self_permutations(const std::vector<int>& base) {
    std::vector<std::vector<int>> permutations;
    for (int symmetry = 1; symmetry < 8; ++symmetry) {
        std::vector<int> mapped;
        for (int square : base) mapped.push_back(transform_square(symmetry, square));
        if (!std::is_permutation(mapped.begin(), mapped.end(), base.begin())) continue;
        std::vector<int> permutation;
        for (int square : mapped) {
            permutation.push_back(
                static_cast<int>(std::find(base.begin(), base.end(), square) - base.begin()));
        }
        permutations.push_back(permutation);
    }
    return permutations;
}

Tables build_tables() {
    Tables t;
    int instance = 0;
    const auto all = shapes();
    for (int kind = 0; kind < kPatternKinds; ++kind) {
        const std::vector<int>& base = all[kind].squares;
        const int size = static_cast<int>(base.size());
        t.kinds[kind] = {all[kind].name, size, power3(size), instance, 0};
        std::vector<std::vector<int>> seen;  // sorted square sets of the places so far
        for (int symmetry = 0; symmetry < 8; ++symmetry) {
            std::vector<int> squares;
            for (int square : base) squares.push_back(transform_square(symmetry, square));
            std::vector<int> set = squares;
            std::sort(set.begin(), set.end());
            if (std::find(seen.begin(), seen.end(), set) != seen.end()) continue;
            seen.push_back(set);
            if (instance == kPatternInstances) std::abort();  // the count above is wrong
            // The board's image under the inverse symmetry has, on each base square b, what
            // the board has on the instance's square transform_square(symmetry, b).
            for (int inverse = 0; inverse < 8; ++inverse) {
                if (transform_square(inverse, transform_square(symmetry, 9)) == 9 &&
                    transform_square(inverse, transform_square(symmetry, 2)) == 2)
                    t.view[instance] = static_cast<std::uint8_t>(inverse);
            }
            PatternInstance& p = t.instances[instance++];
            p.kind = kind;
            p.size = size;
            for (int i = 0; i < size; ++i) p.squares[i] = static_cast<std::uint8_t>(squares[i]);
            ++t.kinds[kind].instance_count;
        }
        // pext gathers the base squares lowest first; digit i of a reading is base[i].
        std::vector<int> sorted = base;
        std::sort(sorted.begin(), sorted.end());
        for (int square : base) t.base_mask[kind] |= square_bit(square);
        auto& readings = t.reading_of_bits[kind];
        readings.assign(std::size_t{1} << size, 0);
        for (std::size_t bits = 0; bits < readings.size(); ++bits) {
            for (int j = 0; j < size; ++j) {
                if (!(bits >> j & 1)) continue;
                const auto digit = std::find(base.begin(), base.end(), sorted[j]) - base.begin();
                readings[bits] = static_cast<std::uint16_t>(readings[bits] + power3(int(digit)));
            }
        }
        // Canonical indices: the smallest reading among the self-symmetric ones.
        const auto permutations = self_permutations(base);
        std::vector<std::uint32_t>& canonical = t.canonical[kind];
        canonical.resize(static_cast<std::size_t>(t.kinds[kind].table_size));
        std::vector<int> digits(static_cast<std::size_t>(size));
        for (int index = 0; index < t.kinds[kind].table_size; ++index) {
            for (int i = 0, rest = index; i < size; ++i, rest /= 3) digits[i] = rest % 3;
            int smallest = index;
            for (const auto& permutation : permutations) {
                int other = 0;
                for (int i = size - 1; i >= 0; --i) other = other * 3 + digits[permutation[i]];
                smallest = std::min(smallest, other);
            }
            canonical[static_cast<std::size_t>(index)] = static_cast<std::uint32_t>(smallest);
        }
    }
    for (int square = 0; square < 64; ++square) {
        t.first[square] = static_cast<std::uint16_t>(t.contributions.size());
        for (int i = 0; i < kPatternInstances; ++i) {
            const PatternInstance& p = t.instances[i];
            for (int d = 0; d < p.size; ++d) {
                if (p.squares[d] == square) {
                    t.contributions.push_back(
                        {static_cast<std::uint8_t>(i), static_cast<std::uint16_t>(power3(d))});
                }
            }
        }
    }
    t.first[64] = static_cast<std::uint16_t>(t.contributions.size());
    return t;
}

const Tables& tables() {
    static const Tables t = build_tables();
    return t;
}

}  // namespace

int transform_square(int symmetry, int square) {
    int row = square / 8;
    int column = square % 8;
    if (symmetry & 1) column = 7 - column;     // mirror left-right
    if (symmetry & 2) row = 7 - row;           // mirror top-bottom
    if (symmetry & 4) std::swap(row, column);  // mirror in the a1-h8 diagonal
    return square_of(row, column);
}

Bitboard transform_board(int symmetry, Bitboard board) {
    Bitboard out = 0;
    for (; board != 0; board &= board - 1)
        out |= square_bit(transform_square(symmetry, lowest_square(board)));
    return out;
}

const std::array<PatternKind, kPatternKinds>& pattern_kinds() { return tables().kinds; }
const std::array<PatternInstance, kPatternInstances>& pattern_instances() {
    return tables().instances;
}

int canonical_index(int kind, int index) {
    return static_cast<int>(tables().canonical[kind][static_cast<std::size_t>(index)]);
}

PatternIndices pattern_readings_by_disc(Bitboard player, Bitboard opponent) {
    // Disc by disc rather than place by place: a position has fewer discs than the places
    // have squares (46 places, 390 squares), and empty squares add nothing.
    const Tables& t = tables();
    PatternIndices raw{};
    for (Bitboard b = player; b != 0; b &= b - 1) {
        const int square = lowest_square(b);
        for (int c = t.first[square]; c < t.first[square + 1]; ++c) {
            raw[t.contributions[c].instance] += t.contributions[c].power;
        }
    }
    for (Bitboard b = opponent; b != 0; b &= b - 1) {
        const int square = lowest_square(b);
        for (int c = t.first[square]; c < t.first[square + 1]; ++c) {
            raw[t.contributions[c].instance] += 2u * t.contributions[c].power;
        }
    }
    return raw;
}

std::array<Bitboard, 8> symmetric_images(Bitboard b) {
    // Mirror left-right: reverse the bits of every row (byte).
    const auto mirror_files = [](Bitboard x) {
        x = ((x >> 1) & 0x5555555555555555ULL) | ((x & 0x5555555555555555ULL) << 1);
        x = ((x >> 2) & 0x3333333333333333ULL) | ((x & 0x3333333333333333ULL) << 2);
        return ((x >> 4) & 0x0F0F0F0F0F0F0F0FULL) | ((x & 0x0F0F0F0F0F0F0F0FULL) << 4);
    };
    // The order of transform_square: files mirrored (bit 0), rows (bit 1), then the transpose.
    std::array<Bitboard, 8> images;
    const Bitboard mirrored = mirror_files(b);
#if defined(__AVX2__)
    // The four transposes at once, the images gathered in a register: stored one by one and
    // loaded as a vector, they stall the load (a store cannot forward to a wider load), which
    // made this function a quarter of the evaluation's time in a generic-tuned build.
    const __m256i first =
        _mm256_set_epi64x(static_cast<long long>(__builtin_bswap64(mirrored)),
                          static_cast<long long>(__builtin_bswap64(b)),
                          static_cast<long long>(mirrored), static_cast<long long>(b));
    const auto delta_swap = [](__m256i x, int shift, Bitboard mask) {
        const __m256i t = _mm256_and_si256(_mm256_set1_epi64x(static_cast<long long>(mask)),
                                           _mm256_xor_si256(x, _mm256_slli_epi64(x, shift)));
        return _mm256_xor_si256(_mm256_xor_si256(x, t), _mm256_srli_epi64(t, shift));
    };
    // Mirror in the a1-h8 diagonal (row and column swap) by three delta swaps.
    __m256i x = delta_swap(first, 28, 0x0F0F0F0F00000000ULL);
    x = delta_swap(x, 14, 0x3333000033330000ULL);
    x = delta_swap(x, 7, 0x5500550055005500ULL);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(images.data()), first);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(images.data() + 4), x);
#else
    // Mirror in the a1-h8 diagonal (row and column swap) by three delta swaps.
    const auto transpose = [](Bitboard x) {
        Bitboard t = 0x0F0F0F0F00000000ULL & (x ^ (x << 28));
        x ^= t ^ (t >> 28);
        t = 0x3333000033330000ULL & (x ^ (x << 14));
        x ^= t ^ (t >> 14);
        t = 0x5500550055005500ULL & (x ^ (x << 7));
        return x ^ t ^ (t >> 7);
    };
    images[0] = b;
    images[1] = mirrored;
    images[2] = __builtin_bswap64(b);
    images[3] = __builtin_bswap64(mirrored);
    for (int s = 0; s < 4; ++s) images[s + 4] = transpose(images[s]);
#endif
    return images;
}

PatternIndices pattern_readings(Bitboard player, Bitboard opponent) {
#if defined(__BMI2__)
    // Place by place with pext: each place is the kind's base place on one of the board's
    // eight images, and a table turns the gathered discs into the reading's digits.
    const Tables& t = tables();
    const std::array<Bitboard, 8> mine = symmetric_images(player);
    const std::array<Bitboard, 8> theirs = symmetric_images(opponent);
    PatternIndices raw;
    for (int i = 0; i < kPatternInstances; ++i) {
        const int kind = t.instances[i].kind;
        const Bitboard mask = t.base_mask[kind];
        const std::uint16_t* reading = t.reading_of_bits[kind].data();
        const int view = t.view[i];
        raw[i] = reading[_pext_u64(mine[view], mask)] + 2u * reading[_pext_u64(theirs[view], mask)];
    }
    return raw;
#else
    return pattern_readings_by_disc(player, opponent);
#endif
}

PatternIndices pattern_indices(Bitboard player, Bitboard opponent) {
    const Tables& t = tables();
    PatternIndices indices = pattern_readings(player, opponent);
    for (int i = 0; i < kPatternInstances; ++i) {
        indices[i] = t.canonical[t.instances[i].kind][indices[i]];
    }
    return indices;
}

}  // namespace sente::reversi
