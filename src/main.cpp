// sente's entry point. A portable build (CMakeLists.txt, SENTE_CPU=portable) holds the engine
// twice: built for x86-64-v3 (AVX2, BMI2, FMA) in the namespace sente, and for any x86-64 in the
// namespace sente_x86_64 (the same sources, the namespace renamed by the preprocessor). main()
// runs the first where the CPU has what it needs, else the second. The environment variable
// SENTE_CPU names one instead (x86-64-v3 or x86-64), so that the tests run both on one machine.
// Other builds hold the engine once and run it.

#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "cli/run.hpp"

#ifdef SENTE_PORTABLE
namespace sente_x86_64::cli {
int run(int argc, char** argv);
}

namespace {

bool cpu_runs_x86_64_v3() {
    __builtin_cpu_init();
    return __builtin_cpu_supports("x86-64-v3");
}

}  // namespace

int main(int argc, char** argv) {
    const char* asked = std::getenv("SENTE_CPU");
    if (asked == nullptr || *asked == '\0') {
        return cpu_runs_x86_64_v3() ? sente::cli::run(argc, argv)
                                    : sente_x86_64::cli::run(argc, argv);
    }
    if (std::strcmp(asked, "x86-64") == 0) return sente_x86_64::cli::run(argc, argv);
    if (std::strcmp(asked, "x86-64-v3") == 0) {
        if (cpu_runs_x86_64_v3()) return sente::cli::run(argc, argv);
        std::fputs("sente: SENTE_CPU=x86-64-v3, but this CPU lacks x86-64-v3 (AVX2, BMI2, FMA)\n",
                   stderr);
        return 2;
    }
    std::fprintf(stderr, "sente: SENTE_CPU=%s: not x86-64-v3 or x86-64 (or unset: the best)\n",
                 asked);
    return 2;
}
#else
int main(int argc, char** argv) { return sente::cli::run(argc, argv); }
#endif
