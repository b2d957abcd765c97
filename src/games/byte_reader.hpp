#pragma once

// Reads little-endian values from a byte span (the weight files), remembering whether it ran
// out, so that a parser reads on and checks once at the end.

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>

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

}  // namespace sente
