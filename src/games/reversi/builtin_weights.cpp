// The trained weights (weights.bin next to this file), built into the binary by the assembler's
// .incbin, so that the engine works from any directory; CMake rebuilds this file when the
// weights change (OBJECT_DEPENDS). SENTE_REVERSI_WEIGHTS is the file's absolute path.

#include <cstddef>
#include <cstdint>
#include <span>

asm(".section .rodata\n"
    ".balign 16\n"
    ".global sente_reversi_weights_begin\n"
    "sente_reversi_weights_begin:\n"
    ".incbin \"" SENTE_REVERSI_WEIGHTS
    "\"\n"
    ".global sente_reversi_weights_end\n"
    "sente_reversi_weights_end:\n"
    ".byte 0\n"
    ".previous\n");

extern "C" const std::uint8_t sente_reversi_weights_begin[];
extern "C" const std::uint8_t sente_reversi_weights_end[];

namespace sente::reversi {

std::span<const std::uint8_t> builtin_weight_bytes() {
    return {sente_reversi_weights_begin, sente_reversi_weights_end};
}

}  // namespace sente::reversi
