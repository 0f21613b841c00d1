// e2e: vector slice expressions (SPEC 1.2) in clpar++ builds: fused element-wise
// assignments over strided, reversed and 2-D/3-D slices, overlapping shifts (NumPy
// semantics through the header's temporary), shape errors, and every reduction.
#include <clpar/clpar.hpp>

#include <cstdint>
#include <cstdio>
#include <vector>

using clpar::all;
using clpar::slice;

int main() {
  const std::ptrdiff_t n = 1001;
  std::vector<float> xs(n), ys(n), zs(n);
  for (std::ptrdiff_t i = 0; i < n; ++i) {
    xs[i] = float(i % 13);
    ys[i] = float(i % 7);
  }
  clpar::view<float> x(xs), y(ys), z(zs);
  const float a = 2.0f;
  y[all] = a * x + y;                          // saxpy, y is a source element for element
  z[all] = y[slice(n - 1, -1, -1)];           // reversed, disjoint
  z[slice(0, n, 2)] += 1.0f;                   // strided compound assignment
  y[slice(1, n)] = y[slice(0, n - 1)];        // overlapping shift right
  y[slice(0, n - 1)] = y[slice(1, n)];        // overlapping shift left
  x[all] = x[slice(n - 1, -1, -1)];           // reversal in place
  z[all] = clpar::where(z > 10.0f, clpar::sqrt(z * z), -z) + clpar::cast<float>(x > y);
  // Contiguous and aligned (four elements at a time in kernels), then a tail of three.
  x[slice(0, 996)] -= clpar::sqrt(y[slice(4, 1000)]) * 0.5f;
  z[slice(8, 1007 - 8)] *= x[slice(0, 991)] + 1.0f;
  // An operand viewing a temporary lives as long as the statement; operands are
  // evaluated once, also when the statement falls back to the header (overlap here).
  const auto numbers = [](std::ptrdiff_t count) {
    std::vector<float> v(count);
    for (std::ptrdiff_t i = 0; i < count; ++i) v[i] = float(i % 5);
    return v;
  };
  z[all] += clpar::view<const float>(numbers(n).data(), n) * 3.0f;
  int evaluated = 0;
  const auto counted = [&] {
    ++evaluated;
    return y;
  };
  y[slice(1, n)] = counted()[slice(0, n - 1)] + 1.0f;
  std::printf("operands evaluated %d\n", evaluated);
  try {
    y[slice(0, 10)] = x[slice(0, 11)];
    std::printf("no shape error\n");
  } catch (const clpar::shape_error&) {
    std::printf("shape_error\n");
  }
  double sx = 0, sy = 0, sz = 0;
  for (std::ptrdiff_t i = 0; i < n; ++i) sx += xs[i], sy += ys[i], sz += zs[i];
  std::printf("x=%.1f y=%.1f z=%.1f\n", sx, sy, sz);

  // 2-D: a 5-point stencil through slices; 3-D: a strided block.
  const std::size_t r = 37, c = 53;
  std::vector<float> us(r * c), vs(r * c, 0.0f);
  for (std::size_t i = 0; i < us.size(); ++i) us[i] = float(i % 17);
  clpar::view<float, 2> u(us.data(), r, c), v(vs.data(), r, c);
  double sv = 0;
  v(slice(1, r - 1), slice(1, c - 1)) =
      0.25f * (u(slice(0, r - 2), slice(1, c - 1)) + u(slice(2, r), slice(1, c - 1)) +
               u(slice(1, r - 1), slice(0, c - 2)) + u(slice(1, r - 1), slice(2, c)));
  // Rows of 64: aligned rows (four at a time), one with a tail, one unaligned.
  std::vector<float> as(9 * 64), bs(9 * 64, 1.0f);
  for (std::size_t i = 0; i < as.size(); ++i) as[i] = float(i % 29);
  clpar::view<float, 2> a2(as.data(), 9, 64), b2(bs.data(), 9, 64);
  b2(all, slice(4, 60)) = a2(all, slice(0, 56)) * 2.0f + a2(all, slice(8, 64));
  b2(slice(1, 9), slice(0, 58)) += a2(slice(0, 8), slice(4, 62));
  b2(all, slice(1, 61)) -= a2(all, slice(2, 62));
  for (float e : bs) sv += e;
  std::vector<int> ts(6 * 7 * 8), ws(3 * 7 * 4);
  for (std::size_t i = 0; i < ts.size(); ++i) ts[i] = int(i % 19) - 9;
  clpar::view<const int, 3> t(ts.data(), 6, 7, 8);
  clpar::view<int, 3> w(ws.data(), 3, 7, 4);
  w(all, all, all) = t(slice(0, 6, 2), all, slice(7, -1, -2)) * 3 % 5 + clpar::abs(t(slice(1, 6, 2), all, slice(0, 8, 2)));
  std::vector<double> qs(3 * 4 * 5 * 6), ps(qs.size());
  for (std::size_t i = 0; i < qs.size(); ++i) qs[i] = double(i % 23);
  clpar::view<double, 4> q(qs.data(), 3, 4, 5, 6), p(ps.data(), 3, 4, 5, 6);
  p(all, all, all, all) = q * 2.0 - q(slice(2, -1, -1), all, all, slice(5, -1, -1));
  long sw = 0;
  for (float e : vs) sv += e;
  for (int e : ws) sw += e;
  for (double e : ps) sv += e;
  std::printf("stencil=%.2f block=%ld\n", sv, sw);

  // Reductions, CEP 525's sum(myslice[::2]**2) among them.
  std::vector<std::uint8_t> bytes(300);
  for (std::size_t i = 0; i < bytes.size(); ++i) bytes[i] = std::uint8_t(i * 7);
  clpar::view<const std::uint8_t> b(bytes);
  const auto s8 = clpar::sum(b);  // an int: C++ promotions
  std::printf("sum2=%.1f sum8=%d prod=%.1f min=%.1f max=%d dot=%.1f\n",
              clpar::sum(x[slice(0, n, 2)] * x[slice(0, n, 2)]), s8,
              clpar::prod(clpar::cast<double>(x[slice(0, 5)]) + 1.0), clpar::min(z - 3.0f),
              clpar::max(t), clpar::dot(u, u));
}
