// The Gomoku network sente plays with, built into the binary (games/embedded_file.hpp):
// network.bin next to this file, written by scripts/train-gomoku-net (docs/training.md says
// how it was made and how to make it again).

#include <cstdint>
#include <span>

#include "games/embedded_file.hpp"

SENTE_EMBED_FILE(sente_gomoku_network, SENTE_GOMOKU_NETWORK)

namespace sente::gomoku {

std::span<const std::uint8_t> builtin_network_bytes() {
    return {sente_gomoku_network_begin, sente_gomoku_network_end};
}

}  // namespace sente::gomoku
