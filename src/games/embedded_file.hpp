#pragma once

// Data files built into the binary by the assembler's .incbin, so that the engine works from
// any directory. CMake passes each file's absolute path as a macro and rebuilds the source that
// embeds it when the file changes (OBJECT_DEPENDS).

#include <cstdint>

// The read-only data section, and the way back to the code after it: ELF has a section stack
// (.previous); Windows' COFF does not, and a top-level asm leaves the compiler in .text.
#ifdef _WIN32
#define SENTE_EMBED_SECTION ".section .rdata,\"dr\"\n"
#define SENTE_EMBED_RETURN ".text\n"
#else
#define SENTE_EMBED_SECTION ".section .rodata\n"
#define SENTE_EMBED_RETURN ".previous\n"
#endif

// Defines NAME_begin and NAME_end around the bytes of the file at PATH (plus one zero byte
// after the end, so that an empty file still has an address). Use it once, at namespace
// scope, in the .cpp that owns the file. The second build of a portable binary
// (SENTE_EMBEDDED_ELSEWHERE, CMakeLists.txt) only declares them: the bytes are there once.
#ifdef SENTE_EMBEDDED_ELSEWHERE
#define SENTE_EMBED_FILE(NAME, PATH)              \
    extern "C" const std::uint8_t NAME##_begin[]; \
    extern "C" const std::uint8_t NAME##_end[];
#else
#define SENTE_EMBED_FILE(NAME, PATH)              \
    asm(SENTE_EMBED_SECTION                       \
        ".balign 16\n"                            \
        ".global " #NAME "_begin\n" #NAME         \
        "_begin:\n"                               \
        ".incbin \"" PATH                         \
        "\"\n"                                    \
        ".global " #NAME "_end\n" #NAME           \
        "_end:\n"                                 \
        ".byte 0\n" SENTE_EMBED_RETURN);          \
    extern "C" const std::uint8_t NAME##_begin[]; \
    extern "C" const std::uint8_t NAME##_end[];
#endif
