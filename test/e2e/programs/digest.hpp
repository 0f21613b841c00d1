// test/e2e/programs/digest.hpp - what the residency e2e programs print of a vector: a hash
// of all of it, a hash of each eighth and a few elements, so that the serial and the clpar
// build's outputs differ wherever any element does.
#ifndef CLPAR_TEST_E2E_DIGEST_HPP
#define CLPAR_TEST_E2E_DIGEST_HPP

#include <cstdint>
#include <cstdio>
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

#endif  // CLPAR_TEST_E2E_DIGEST_HPP
