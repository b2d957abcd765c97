// Othello's data files built into the binary (games/embedded_file.hpp): the trained weights
// (weights.bin, written by `sente train fit`), the network (network.bin, written by
// scripts/train-othello-net; an empty file when the build leaves it out) and the opening book
// (book.bin, written by `sente book build`), all next to this file.

#include <cstdint>
#include <span>

#include "games/embedded_file.hpp"

SENTE_EMBED_FILE(sente_reversi_weights, SENTE_REVERSI_WEIGHTS)
SENTE_EMBED_FILE(sente_reversi_network, SENTE_REVERSI_NETWORK)
SENTE_EMBED_FILE(sente_reversi_book, SENTE_REVERSI_BOOK)

namespace sente::reversi {

std::span<const std::uint8_t> builtin_weight_bytes() {
    return {sente_reversi_weights_begin, sente_reversi_weights_end};
}

std::span<const std::uint8_t> builtin_network_bytes() {
    return {sente_reversi_network_begin, sente_reversi_network_end};
}

std::span<const std::uint8_t> builtin_book_bytes() {
    return {sente_reversi_book_begin, sente_reversi_book_end};
}

}  // namespace sente::reversi
