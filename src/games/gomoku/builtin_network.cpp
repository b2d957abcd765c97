// The Gomoku networks sente plays with, built into the binary (games/embedded_file.hpp):
// network.bin (freestyle) and network-renju.bin next to this file, written by
// scripts/train-gomoku-net, freestyle's with the move order's policy of
// scripts/train-gomoku-policy (docs/training.md says how each was made and how to make it again).

#include <array>
#include <cstdint>
#include <span>

#include "games/embedded_file.hpp"

SENTE_EMBED_FILE(sente_gomoku_network, SENTE_GOMOKU_NETWORK)
SENTE_EMBED_FILE(sente_gomoku_network_renju, SENTE_GOMOKU_NETWORK_RENJU)

namespace sente::gomoku {

std::array<std::span<const std::uint8_t>, 2> builtin_network_files() {
    return {{{sente_gomoku_network_begin, sente_gomoku_network_end},
             {sente_gomoku_network_renju_begin, sente_gomoku_network_renju_end}}};
}

}  // namespace sente::gomoku
