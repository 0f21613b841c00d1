// e2e: reductions whose iteration is only compound updates (Analysis/ReductionLanes.h),
// which the kernel takes several iterations at a time, values first: sizes below, at and
// across the lanes' steps (every remainder of the last step), several updates of one
// variable and of several, integer and floating-point values (exact, so the order of the
// groups does not matter), `?:` and casts in a value, a gathered read checked in the
// kernel, a 2-D nest over a strided view, and a slice reduction.
#include <clpar/clpar.hpp>

#include <cstdint>
#include <cstdio>
#include <vector>

namespace {

long long sum_of(clpar::view<const int> v) {
  long long s = 0;
  for (auto i : clpar::prange(v.size())) s += v[i];
  return s;
}

// Several updates, of one variable twice: each iteration's are made in order.
void many(clpar::view<const int> v, clpar::view<const float> f, long long& a, std::uint32_t& x,
          double& d, int& positive) {
  long long s = 0;
  std::uint32_t h = 0x9e3779b9u;
  double q = 0;
  int p = 0;
  for (auto i : clpar::prange(v.size())) {
    s += v[i];
    h ^= std::uint32_t(v[i]) * 2654435761u;
    s -= v[i] > 0 ? 1 : 0;
    q += double(f[i]) * double(f[i]);
    p += f[i] > 0.0f;
  }
  a = s;
  x = h;
  d = q;
  positive = p;
}

// A read through an index the kernel checks (not affine), and a product.
long long gathered(clpar::view<const int> v, clpar::view<const int> at, std::uint32_t& prod) {
  long long s = 0;
  std::uint32_t p = 1;
  for (auto i : clpar::prange(at.size())) {
    s += v[at[i]];
    p *= 2u * std::uint32_t(v[at[i]]) + 1u;
  }
  prod = p;
  return s;
}

// Every other column of a 2-D array, from a first value and over columns 1 to n - 2.
long long grid(clpar::view<const int, 2> m) {
  long long s = 0;
  for (auto r : clpar::prange(1, m.extent(0)))
    for (auto c : clpar::prange(1, m.extent(1) - 1)) s += m(r, c) * (r % 3 == 0 ? 2 : 1);
  return s;
}

}  // namespace

int main() {
  // The kernel's steps are CLPAR_GRID_LANES times the global size; these sizes leave every
  // remainder in the last step on PoCL's and oclgrind's grids (and on a GPU's).
  const std::size_t sizes[] = {1, 3, 4, 5, 255, 1025, 4097, 16383, 65539};
  for (const std::size_t n : sizes) {
    std::vector<int> v(n);
    std::vector<float> f(n);
    std::vector<int> at(n);
    for (std::size_t i = 0; i < n; ++i) {
      v[i] = int((i * 7919) % 2003) - 1000;
      f[i] = float(int(i % 61) - 30) * 0.5f;
      at[i] = int((i * 48271) % n);
    }
    long long a = 0;
    std::uint32_t x = 0, prod = 0;
    double d = 0;
    int positive = 0;
    many(clpar::view<const int>(v), clpar::view<const float>(f), a, x, d, positive);
    const long long g = gathered(clpar::view<const int>(v), clpar::view<const int>(at), prod);
    std::printf("n=%zu sum=%lld many=%lld xor=%u sq=%.1f positive=%d gathered=%lld prod=%u\n",
                n, sum_of(clpar::view<const int>(v)), a, x, d, positive, g, prod);
  }

  // 2-D: a view of every other column of a 101 x 402 array.
  std::vector<int> big(101 * 402);
  for (std::size_t i = 0; i < big.size(); ++i) big[i] = int((i * 31) % 997) - 400;
  clpar::view<const int, 2> whole(big.data(), 101, 402);
  std::printf("grid=%lld strided=%lld\n", grid(whole),
              grid(whole(clpar::all, clpar::slice(0, 402, 2))));

  // A slice reduction: the statement's values.
  std::vector<double> p(20001), q(20001);
  for (std::size_t i = 0; i < p.size(); ++i) {
    p[i] = double(int(i % 101) - 50) * 0.25;
    q[i] = double(int(i % 13) - 6);
  }
  clpar::view<const double> pv(p), qv(q);
  std::printf("dot=%.2f\n", clpar::sum(pv * qv));
  return 0;
}
