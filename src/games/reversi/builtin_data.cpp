// The data files built into the binary by the assembler's .incbin, so that the engine works
// from any directory: the trained weights (weights.bin, written by `sente train fit`) and the
// opening book (book.bin, written by `sente book build`), both next to this file. CMake passes
// their absolute paths and rebuilds this file when they change (OBJECT_DEPENDS).

#include <cstddef>
#include <cstdint>
#include <span>

// Defines NAME_begin and NAME_end around the bytes of the file at PATH (plus one zero byte
// after the end, so that an empty file still has an address).
#define SENTE_EMBED_FILE(NAME, PATH)              \
    asm(".section .rodata\n"                      \
        ".balign 16\n"                            \
        ".global " #NAME "_begin\n" #NAME         \
        "_begin:\n"                               \
        ".incbin \"" PATH                         \
        "\"\n"                                    \
        ".global " #NAME "_end\n" #NAME           \
        "_end:\n"                                 \
        ".byte 0\n"                               \
        ".previous\n");                           \
    extern "C" const std::uint8_t NAME##_begin[]; \
    extern "C" const std::uint8_t NAME##_end[];

SENTE_EMBED_FILE(sente_reversi_weights, SENTE_REVERSI_WEIGHTS)
SENTE_EMBED_FILE(sente_reversi_book, SENTE_REVERSI_BOOK)

namespace sente::reversi {

std::span<const std::uint8_t> builtin_weight_bytes() {
    return {sente_reversi_weights_begin, sente_reversi_weights_end};
}

std::span<const std::uint8_t> builtin_book_bytes() {
    return {sente_reversi_book_begin, sente_reversi_book_end};
}

}  // namespace sente::reversi
