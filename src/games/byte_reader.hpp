#pragma once

// Reads little-endian values from a byte span (the weight files), remembering whether it ran
// out, so that a parser reads on and checks once at the end; and parses a whole file with such
// a parser.

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <iterator>
#include <span>
#include <string>
#include <vector>

#include "sente/result.hpp"

namespace sente {

class ByteReader {
  public:
    explicit ByteReader(std::span<const std::uint8_t> bytes) : bytes_(bytes) {}
    template <class T>
    T read() {
        T value{};
        if (offset_ + sizeof(T) > bytes_.size()) {
            short_ = true;
            return value;
        }
        std::memcpy(&value, bytes_.data() + offset_, sizeof(T));
        offset_ += sizeof(T);
        return value;
    }
    bool ran_short() const { return short_; }
    bool at_end() const { return offset_ == bytes_.size(); }

  private:
    std::span<const std::uint8_t> bytes_;
    std::size_t offset_ = 0;
    bool short_ = false;
};

// The file at `path` read whole and given to `parse` (a function of its bytes that returns a
// Result); an error names the file.
template <class Parse>
auto parse_file(const std::string& path, Parse parse)
    -> decltype(parse(std::span<const std::uint8_t>{})) {
    std::ifstream file(path, std::ios::binary);
    if (!file) return make_error(ErrorCode::invalid_argument, "cannot read " + path);
    const std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(file)),
                                          std::istreambuf_iterator<char>());
    auto parsed = parse(std::span<const std::uint8_t>(bytes));
    if (!parsed)
        return make_error(ErrorCode::invalid_argument, path + ": " + parsed.error().message);
    return parsed;
}

}  // namespace sente
