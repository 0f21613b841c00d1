// e2e: <bit>'s counting functions and the compiler's bit-count built-ins in kernels.
// std::popcount, std::countl_zero, std::countr_zero, std::bit_width, std::has_single_bit,
// std::bit_floor, std::bit_ceil, std::rotl and std::rotr of 8-, 16-, 32- and 64-bit unsigned values
// (zero included: counts of zero are defined), std::bit_cast of a float and back, and the
// __builtin_popcount, __builtin_clz, __builtin_ctz and __builtin_parity spellings that
// older code calls directly (never of zero where C leaves that undefined).  Every loop
// offloads (sites.sh) and the outputs must equal the serial build's.
#include <clpar/clpar.hpp>

#include "digest.hpp"

#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace {

void counts32(clpar::view<const std::uint32_t> in, clpar::view<int> out) {
  for (auto i : clpar::prange(in.size())) {  // region: 1
    const std::uint32_t x = in[i];
    out[i] = std::popcount(x) + 100 * std::countl_zero(x) + 10000 * std::countr_zero(x) +
             1000000 * std::bit_width(x);
  }
}

void counts64(clpar::view<const std::uint64_t> in, clpar::view<int> out) {
  for (auto i : clpar::prange(in.size())) {  // region: 1
    const std::uint64_t x = in[i];
    out[i] = std::popcount(x) + 100 * std::countl_zero(x) + 10000 * std::countr_zero(x) +
             (std::has_single_bit(x) ? 1000000 : 0);
  }
}

void narrow(clpar::view<const std::uint32_t> in, clpar::view<int> out) {
  for (auto i : clpar::prange(in.size())) {  // region: 1
    const auto b = static_cast<std::uint8_t>(in[i]);
    const auto h = static_cast<std::uint16_t>(in[i] >> 8);
    out[i] = std::countl_zero(b) + 10 * std::countr_zero(h) + 1000 * std::popcount(h) +
             100000 * std::countl_zero(h) + (std::rotr(b, 3) << 20) +
             (std::rotl(h, static_cast<int>(in[i] % 40) - 20) << 8);
  }
}

void powers(clpar::view<const std::uint32_t> in, clpar::view<int> out) {
  for (auto i : clpar::prange(in.size())) {  // region: 1
    const std::uint32_t x = in[i] & 0xffffu;
    out[i] = static_cast<int>(std::bit_floor(x) ^ (std::bit_ceil(x) << 1) ^
                              std::rotl(in[i], 7) ^ std::rotr(in[i], 5));
  }
}

void float_bits(clpar::view<const float> in, clpar::view<int> out) {
  for (auto i : clpar::prange(in.size())) {  // region: 1
    const auto bits = std::bit_cast<std::uint32_t>(in[i]);
    const float magnitude = std::bit_cast<float>(bits & 0x7fffffffu);
    out[i] = std::popcount(bits) * 1000 + std::countr_zero(bits | 0x80000000u) +
             static_cast<int>(magnitude * 4.0f) * 100000;
  }
}

void builtins(clpar::view<const std::uint64_t> in, clpar::view<int> out) {
  for (auto i : clpar::prange(in.size())) {  // region: 1
    const unsigned long long x = in[i] | 1ull << 40;
    const unsigned y = static_cast<unsigned>(in[i]) | 0x10u;
    out[i] = __builtin_popcountll(x) + 100 * __builtin_clzll(x) + 1000 * __builtin_ctz(y) +
             100000 * __builtin_parity(y) + 1000000 * __builtin_clz(y);
  }
}

}  // namespace

int main() {
  const std::size_t n = 1000;
  std::vector<std::uint32_t> u32(n);
  std::vector<std::uint64_t> u64(n);
  std::vector<float> f(n);
  std::uint64_t state = 0x9e3779b97f4a7c15ull;
  for (std::size_t k = 0; k < n; ++k) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    // Every few elements a zero, a power of two or a short value: the counts' edges.
    const std::uint64_t r = state >> (k % 5 == 0 ? 40 : 3);
    u64[k] = k % 7 == 0 ? 0 : k % 7 == 1 ? 1ull << (k % 64) : r;
    u32[k] = k % 9 == 0 ? 0 : k % 9 == 1 ? 1u << (k % 32) : static_cast<std::uint32_t>(r);
    f[k] = 0.25f * float(int(k % 17) - 8);
  }
  std::vector<int> out(n);
  const clpar::view<int> vout(out);
  counts32(clpar::view<const std::uint32_t>(u32), vout);
  show("counts32", out);
  counts64(clpar::view<const std::uint64_t>(u64), vout);
  show("counts64", out);
  narrow(clpar::view<const std::uint32_t>(u32), vout);
  show("narrow", out);
  powers(clpar::view<const std::uint32_t>(u32), vout);
  show("powers", out);
  float_bits(clpar::view<const float>(f), vout);
  show("float_bits", out);
  builtins(clpar::view<const std::uint64_t>(u64), vout);
  show("builtins", out);
  return 0;
}
