#include "text/text.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <system_error>

namespace sente::text {

namespace {

bool is_space(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
}

// `text` with `change` applied to each character.
std::string each_char(std::string_view text, char (*change)(char)) {
    std::string out(text);
    for (char& c : out) c = change(c);
    return out;
}

}  // namespace

std::string_view trim(std::string_view text) {
    while (!text.empty() && is_space(text.front())) text.remove_prefix(1);
    while (!text.empty() && is_space(text.back())) text.remove_suffix(1);
    return text;
}

char lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

std::string lower(std::string_view text) {
    return each_char(text, [](char c) { return lower(c); });
}

std::vector<std::string_view> split_words(std::string_view text) {
    std::vector<std::string_view> words;
    for (;;) {
        text = trim(text);
        if (text.empty()) return words;
        std::size_t end = 0;
        while (end < text.size() && !is_space(text[end])) ++end;
        words.push_back(text.substr(0, end));
        text.remove_prefix(end);
    }
}

std::string join(const std::vector<std::string>& items, std::string_view separator) {
    std::string out;
    for (std::size_t i = 0; i < items.size(); ++i) {
        if (i > 0) out += separator;
        out += items[i];
    }
    return out;
}

char upper(char c) { return c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c; }

std::string upper(std::string_view text) {
    return each_char(text, [](char c) { return upper(c); });
}

std::optional<long long> parse_integer(std::string_view text, long long min, long long max) {
    long long value = 0;
    const char* end = text.data() + text.size();
    const auto [stop, error] = std::from_chars(text.data(), end, value);
    if (text.empty() || error != std::errc{} || stop != end || value < min || value > max)
        return std::nullopt;
    return value;
}

std::optional<double> parse_real(std::string_view text) {
    double value = 0;
    const char* end = text.data() + text.size();
    const auto [stop, error] = std::from_chars(text.data(), end, value);
    if (text.empty() || error != std::errc{} || stop != end || !std::isfinite(value))
        return std::nullopt;
    return value;
}

bool iequals(std::string_view a, std::string_view b) {
    return std::ranges::equal(a, b, [](char x, char y) { return lower(x) == lower(y); });
}

}  // namespace sente::text
