// e2e: slice statements over contiguous rows at every layout the aligned-rows kernel
// form is built for: destination leads 0 to 3 and source shifts 0 to 3 past a
// four-element boundary, rows shorter than four, rows with partial work-items at both
// ends, 2-D rows whose pitch is a multiple of 4 (and one that is not, the general form),
// float, double, int and long, compound assignments, selections (where), a source that is
// the destination element for element, and disjoint windows of one array.  Values are
// small integers, so every result is exact whether or not a device contracts a * x + y
// into an fma.
#include <clpar/clpar.hpp>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

using clpar::all;
using clpar::slice;

namespace {

template <class T>
void show(const char* tag, const std::vector<T>& v) {
  unsigned long long h = 1469598103934665603ull;
  for (const T& e : v) {
    unsigned char bytes[sizeof(T)];
    std::memcpy(bytes, &e, sizeof(T));
    for (unsigned char b : bytes) h = (h ^ b) * 1099511628211ull;
  }
  std::printf("%s: %016llx [0]=%g [5]=%g [%zu]=%g\n", tag, h, double(v[0]), double(v[5]),
              v.size() - 1, double(v.back()));
}

template <class T>
std::vector<T> numbers(std::size_t n, int mod) {
  std::vector<T> v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = T(int(i % mod) - mod / 2);
  return v;
}

}  // namespace

int main() {
  const std::ptrdiff_t counts[] = {1, 2, 3, 4, 5, 7, 9, 13, 40};
  // 1-D, float: every lead and shift, every count.
  std::vector<float> f = numbers<float>(256, 11), g = numbers<float>(256, 7);
  clpar::view<float> F(f), G(g);
  for (std::ptrdiff_t lead = 0; lead < 4; ++lead)
    for (std::ptrdiff_t shift = 0; shift < 4; ++shift)
      for (std::ptrdiff_t n : counts) {
        const std::ptrdiff_t s = lead + shift + 4 * (n % 3);
        F[slice(lead, lead + n)] = 2.0f * G[slice(s, s + n)] + F[slice(lead, lead + n)];
      }
  show("float 1-D", f);
  // Compound assignment from another window of the same array, and a unary function.
  for (std::ptrdiff_t lead = 0; lead < 4; ++lead)
    for (std::ptrdiff_t n : counts) {
      F[slice(lead, lead + n)] += F[slice(128 + 3 * lead, 128 + 3 * lead + n)] * 0.5f;
      G[slice(64 + lead, 64 + lead + n)] -= clpar::fabs(F[slice(100, 100 + n)]);
    }
  show("float same array", f);
  show("float fabs", g);
  // Selections by comparisons (where), with every shift of the source.
  for (std::ptrdiff_t shift = 0; shift < 4; ++shift)
    for (std::ptrdiff_t n : counts) {
      const std::ptrdiff_t s = 150 + shift;
      F[slice(1, 1 + n)] = clpar::where(G[slice(s, s + n)] > 0.0f, G[slice(s, s + n)],
                                        F[slice(1, 1 + n)] * 2.0f);
      G[slice(2, 2 + n)] = clpar::where(F[slice(s, s + n)] <= G[slice(2, 2 + n)], 1.0f,
                                        F[slice(s, s + n)]);
    }
  show("float where", f);
  show("float where scalar", g);

  // double, int and long: every lead, shifts 1 and 3.
  std::vector<double> d = numbers<double>(128, 9), e = numbers<double>(128, 5);
  std::vector<int> ia = numbers<int>(128, 13), ib = numbers<int>(128, 6);
  std::vector<long> la = numbers<long>(128, 17), lb = numbers<long>(128, 3);
  clpar::view<double> D(d), E(e);
  clpar::view<int> IA(ia), IB(ib);
  clpar::view<long> LA(la), LB(lb);
  for (std::ptrdiff_t lead = 0; lead < 4; ++lead)
    for (std::ptrdiff_t shift : {1, 3})
      for (std::ptrdiff_t n : {std::ptrdiff_t(2), std::ptrdiff_t(11), std::ptrdiff_t(50)}) {
        const std::ptrdiff_t s = lead + shift;
        D[slice(lead, lead + n)] = E[slice(s, s + n)] * 3.0 - D[slice(lead, lead + n)];
        // Factors of 1 or -1: 24 rounds of *= stay far from int's overflow.
        IA[slice(lead, lead + n)] *= clpar::where(IB[slice(s, s + n)] > 0, 1, -1);
        LA[slice(lead, lead + n)] = LB[slice(s, s + n)] - LA[slice(lead, lead + n)] * 2L;
        IB[slice(lead, lead + n)] =
            clpar::where(IA[slice(s, s + n)] != 0, IB[slice(lead, lead + n)], -7);
        E[slice(lead, lead + n)] =
            clpar::where(D[slice(s, s + n)] >= E[slice(lead, lead + n)], D[slice(s, s + n)],
                         E[slice(lead, lead + n)] * 0.5);
      }
  show("double", d);
  show("double where", e);
  show("int", ia);
  show("int where", ib);
  show("long", la);

  // 2-D: a 5-point stencil through slices of arrays with pitches 64 and 60 (rows alike on
  // four-element boundaries) and 62 (rows lying differently: the general form), at
  // several positions and widths.
  for (std::ptrdiff_t pitch : {64, 60, 62}) {
    std::vector<float> us = numbers<float>(24 * pitch, 17), vs(24 * pitch, 1.0f);
    clpar::view<float, 2> u(us.data(), 24, pitch), v(vs.data(), 24, pitch);
    for (std::ptrdiff_t c0 : {0, 1, 2, 3, 5})
      for (std::ptrdiff_t w : {1, 3, 6, 21, 50}) {
        const std::ptrdiff_t r0 = c0 % 3, rows = 18;
        v(slice(r0 + 1, r0 + rows + 1), slice(c0 + 1, c0 + w + 1)) =
            0.25f * (u(slice(r0, r0 + rows), slice(c0 + 1, c0 + w + 1)) +
                     u(slice(r0 + 2, r0 + rows + 2), slice(c0 + 1, c0 + w + 1)) +
                     u(slice(r0 + 1, r0 + rows + 1), slice(c0, c0 + w)) +
                     u(slice(r0 + 1, r0 + rows + 1), slice(c0 + 2, c0 + w + 2)));
      }
    char tag[32];
    std::snprintf(tag, sizeof tag, "stencil pitch %td", pitch);
    show(tag, vs);
  }
  // 2-D double, every other row (row stride twice the pitch, still a multiple of 4).
  std::vector<double> ps = numbers<double>(16 * 36, 23), qs = numbers<double>(16 * 36, 4);
  clpar::view<double, 2> p(ps.data(), 16, 36), q(qs.data(), 16, 36);
  for (std::ptrdiff_t c0 = 0; c0 < 4; ++c0)
    p(slice(0, 16, 2), slice(c0, c0 + 29)) += q(slice(1, 16, 2), slice(3, 32)) * 2.0;
  show("double rows", ps);
  return 0;
}
