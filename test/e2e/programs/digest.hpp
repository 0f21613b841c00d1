// test/e2e/programs/digest.hpp - what the residency e2e programs print of a vector: a hash
// of all of it, a hash of each eighth and a few elements, so that the serial and the clpar
// build's outputs differ wherever any element does.  Float and double vectors are hashed by
// their bits (a zero of either sign counts as +0, every NaN as one NaN) and their elements
// printed exactly.
#ifndef CLPAR_TEST_E2E_DIGEST_HPP
#define CLPAR_TEST_E2E_DIGEST_HPP

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <type_traits>
#include <vector>

inline void show(const char* tag, const std::vector<int>& v) {
  const std::size_t n = v.size();
  unsigned long long h = 1469598103934665603ull;
  unsigned part[8] = {0, 0, 0, 0, 0, 0, 0, 0};
  for (std::size_t i = 0; i < n; ++i) {
    h = (h ^ std::uint32_t(v[i])) * 1099511628211ull;
    part[i * 8 / n] = part[i * 8 / n] * 31u + std::uint32_t(v[i]);
  }
  std::printf("%s: n=%zu h=%016llx parts=", tag, n, h);
  for (unsigned p : part) std::printf("%08x ", p);
  std::printf("| [0]=%d [1]=%d [%zu]=%d [%zu]=%d [%zu]=%d [%zu]=%d\n", v[0], v[1], n / 3,
              v[n / 3], n / 2, v[n / 2], 2 * n / 3, v[2 * n / 3], n - 1, v[n - 1]);
}

template <class F>
  requires std::is_floating_point_v<F>
void show(const char* tag, const std::vector<F>& v) {
  const std::size_t n = v.size();
  if (n == 0) {
    std::printf("%s: n=0\n", tag);
    return;
  }
  // A NaN's sign and payload are the implementation's choice (x86 gives -nan where
  // NVIDIA's GPUs give +nan): every NaN hashes and prints alike.
  const auto bits = [](F x) {
    std::uint64_t b = 0;
    if (x != x) return ~std::uint64_t(0);
    if (x != F(0)) std::memcpy(&b, &x, sizeof x);
    return b;
  };
  // FNV-1a over whole bit patterns, whose low bits are mostly zero: the parts print
  // their high halves, where the multiplications carry every bit.
  unsigned long long h = 1469598103934665603ull, part[8];
  for (unsigned long long& p : part) p = h;
  for (std::size_t i = 0; i < n; ++i) {
    h = (h ^ bits(v[i])) * 1099511628211ull;
    part[i * 8 / n] = (part[i * 8 / n] ^ bits(v[i])) * 1099511628211ull;
  }
  std::printf("%s: n=%zu h=%016llx parts=", tag, n, h);
  for (unsigned long long p : part) std::printf("%08llx ", p >> 32);
  const std::size_t at[] = {0, 1, n / 3, n / 2, 2 * n / 3, n - 1};
  std::printf("|");
  for (std::size_t i : at)
    if (i < n && v[i] != v[i])
      std::printf(" [%zu]=nan", i);
    else if (i < n)
      std::printf(" [%zu]=%.17g", i, double(v[i]));
  std::printf("\n");
}

#endif  // CLPAR_TEST_E2E_DIGEST_HPP
