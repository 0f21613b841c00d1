// e2e: iterations that reduce over an inner loop, which the kernel's split form shares
// among several work-items (CMakeLists runs it with CLPAR_SPLIT_LANES forcing shapes on
// PoCL).  Values are small integers, so every sum is exact in any order: the output must
// equal the serial build's exactly.
#include <clpar/clpar.hpp>

#include <algorithm>
#include <cstdio>
#include <vector>

#include "digest.hpp"

// Rows: each iteration reads its own row (lanes along the row), from an accumulator that
// starts at 1.
void rows(clpar::view<const double, 2> m, const std::vector<double>& v, std::vector<double>& out) {
  for (auto r : clpar::prange(m.extent(0))) {
    double acc = 1;
    for (std::size_t c = 0; c < m.extent(1); ++c) acc += v[c] * m(r, c);
    out[r] = acc;
  }
}

// Rows from an offset the iteration computes: the loop's reads are checked when it starts
// (the split form checks the whole loop's range in every lane).
void shifted_rows(clpar::view<const double, 2> m, std::vector<double>& out) {
  for (auto r : clpar::prange(m.extent(0))) {
    const std::size_t off = r % 3;
    double acc = 0;
    for (std::size_t c = 0; c + 3 < m.extent(1); ++c) acc += m(r, c + off);
    out[r] = acc;
  }
}

// Columns, subtracting, with a signed counter: neighbouring iterations read neighbouring
// elements.
void columns(clpar::view<const double, 2> m, const std::vector<double>& v, std::vector<double>& out) {
  const int height = int(m.extent(0));
  for (auto c : clpar::prange(m.extent(1))) {
    double acc = 0;
    for (int r = 0; r < height; r++) acc = acc - v[r] * m(r, c);
    out[c] = acc;
  }
}

// Several accumulators: min and max (exact in any order), a count, with continue and a
// loop from 1 to the last column inclusive.
void min_max(clpar::view<const float, 2> a, std::vector<float>& lo, std::vector<float>& hi,
             std::vector<int>& count) {
  for (auto i : clpar::prange(a.extent(0))) {
    float l = 1e30f, h = -1e30f;
    int c = 0;
    for (std::size_t j = 1; j <= a.extent(1) - 1; ++j) {
      const float v = a(i, j);
      if (v == 0.0f) continue;
      l = std::min(l, v);
      h = std::max(h, v);
      ++c;
    }
    lo[i] = l;
    hi[i] = h;
    count[i] = c;
  }
}

// A flat vector from a row base, an unsigned hash combined with xor, a product modulo 2^32.
void hashes(const std::vector<unsigned>& a, std::size_t n, std::vector<unsigned>& h,
            std::vector<unsigned>& p) {
  for (auto i : clpar::prange(h.size())) {
    const std::size_t base = i * n;
    unsigned x = 0, m = 1;
    for (std::size_t j = 0; j < n; ++j) {
      x ^= a[base + j] * 2654435761u;
      m *= a[base + j] | 1u;
    }
    h[i] = x;
    p[i] = m;
  }
}

// Two dimensions, a product of small integers, with a loop over a range from a scalar
// (empty when first >= last) and an index the kernel checks itself.
void product(clpar::view<const float, 2> a, clpar::view<const float, 2> b,
             clpar::view<float, 2> c, int first, int last) {
  for (auto i : clpar::prange(c.extent(0)))
    for (auto j : clpar::prange(c.extent(1))) {
      float s = 0;
      for (int k = first; k < last; ++k) s = s + a(i, k) * b(k % b.extent(0), j);
      c(i, j) = s;
    }
}

int main() {
  const std::size_t m = 37, n = 301;
  std::vector<double> ad(m * n), xn(n), xm(m), ym(m), yn(n);
  std::vector<float> af(m * n);
  for (std::size_t i = 0; i < m; ++i)
    for (std::size_t j = 0; j < n; ++j) {
      ad[i * n + j] = double(int((i * 5 + j * 3) % 11) - 5);
      af[i * n + j] = float(int((i + j * 7) % 9) - 4);
    }
  for (std::size_t j = 0; j < n; ++j) xn[j] = double(j % 4) - 1;
  for (std::size_t i = 0; i < m; ++i) xm[i] = double(i % 3) + 1;
  const clpar::view<const double, 2> av(ad.data(), m, n);
  rows(av, xn, ym);
  columns(av, xm, yn);
  show("rows", ym);
  // The same site again (where CLPAR_FAULT=group:1 refused the first call's work-group, the
  // general form runs it).
  rows(av, xn, ym);
  show("rows again", ym);
  shifted_rows(av, ym);
  show("shifted rows", ym);
  show("columns", yn);

  std::vector<float> lo(m), hi(m);
  std::vector<int> count(m);
  min_max(clpar::view<const float, 2>(af.data(), m, n), lo, hi, count);
  show("lo", lo);
  show("hi", hi);
  show("count", count);

  std::vector<unsigned> au(m * n), h(m), p(m);
  for (std::size_t k = 0; k < au.size(); ++k) au[k] = unsigned(k * 40503u + 7u);
  hashes(au, n, h, p);
  std::vector<int> hi32(h.begin(), h.end()), pi32(p.begin(), p.end());
  show("hash", hi32);
  show("product mod 2^32", pi32);

  const std::size_t r = 19, q = 45, inner = 130;
  std::vector<float> pa(r * inner), pb(inner * q), pc(r * q), pc0(r * q);
  for (std::size_t k = 0; k < pa.size(); ++k) pa[k] = float(int(k % 7) - 3);
  for (std::size_t k = 0; k < pb.size(); ++k) pb[k] = float(int(k % 5) - 2);
  product(clpar::view<const float, 2>(pa.data(), r, inner),
          clpar::view<const float, 2>(pb.data(), inner, q), clpar::view<float, 2>(pc.data(), r, q),
          3, int(inner));
  product(clpar::view<const float, 2>(pa.data(), r, inner),
          clpar::view<const float, 2>(pb.data(), inner, q), clpar::view<float, 2>(pc0.data(), r, q),
          9, 9);
  show("product", pc);
  show("empty loop", pc0);
}
