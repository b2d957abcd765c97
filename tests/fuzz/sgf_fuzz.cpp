// Fuzz target: arbitrary bytes as an SGF file. The reader must refuse or read them without
// crashing; what it reads into a session must be a game sente writes back as a record that reads
// again to the same game.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz_check.hpp"
#include "record/sgf.hpp"
#include "sente/session.hpp"

namespace {

sente::Session small_session() {
    sente::EngineSettings settings;
    settings.hash_mb = 1;
    return sente::Session(settings);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    (void)sente::record::parse_main_line(text);
    sente::Session session = small_session();
    if (!sente::record::read_sgf(session, text).ok()) return 0;
    const std::string written = sente::record::write_sgf(session);
    sente::Session again = small_session();
    FUZZ_CHECK(sente::record::read_sgf(again, written).ok());
    FUZZ_CHECK(again.position_text() == session.position_text());
    FUZZ_CHECK(again.history() == session.history());
    FUZZ_CHECK(sente::record::write_sgf(again) == written);
    return 0;
}
