// e2e: the inside-polygon mask with the per-pixel test in a separate free function,
// called from a 2-D prange (exact integer arithmetic), checked against serial calls.
#include <clpar/clpar.hpp>

#include <array>
#include <cstdint>
#include <cstdio>
#include <vector>

// Is (x, y) inside the polygon (or on one of its vertices)?  Ray casting to +x.
bool inside(clpar::view<const int, 2> verts, long x, long y) {
  const std::size_t n = verts.extent(0);
  int counter = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t j = (i + 1) % n;
    const long x1 = verts(i, 0), y1 = verts(i, 1);
    const long x2 = verts(j, 0), y2 = verts(j, 1);
    if (x1 == x && y1 == y) return true;
    const long ylo = y1 < y2 ? y1 : y2, yhi = y1 < y2 ? y2 : y1;
    const long xhi = x1 < x2 ? x2 : x1;
    if (y > ylo && y <= yhi && x <= xhi && y1 != y2) {
      // x <= x-intersection, without dividing: (x - x1)(y2 - y1) <= (y - y1)(x2 - x1)
      const long lhs = (x - x1) * (y2 - y1), rhs = (y - y1) * (x2 - x1);
      if (x1 == x2 || (y2 > y1 ? lhs <= rhs : lhs >= rhs)) ++counter;
    }
  }
  return counter % 2 == 1;
}

void mask_prange(clpar::view<const int, 2> verts, clpar::view<std::uint8_t, 2> mask) {
  for (auto y : clpar::prange(mask.extent(0)))
    for (auto x : clpar::prange(mask.extent(1)))
      mask(y, x) = inside(verts, long(x), long(y)) ? 1 : 0;
}

int main() {
  const std::size_t h = 45, w = 61;
  // A self-intersecting 11-gon with a vertical and a horizontal edge.
  std::array<int, 22> v{3,  2,  57, 5, 40, 20, 59, 41, 30, 30, 12,
                        43, 12, 33, 2, 33, 25, 14, 8,  14, 3,  9};
  clpar::view<const int, 2> verts(v.data(), v.size() / 2, 2);
  std::vector<std::uint8_t> m(h * w, 7);
  mask_prange(verts, clpar::view<std::uint8_t, 2>(m.data(), h, w));
  long long checksum = 0, count = 0, wrong = 0;
  for (std::size_t y = 0; y < h; ++y)
    for (std::size_t x = 0; x < w; ++x) {
      const std::uint8_t got = m[y * w + x];
      count += got;
      checksum += (long long)got * (long long)(y * w + x + 1);
      wrong += got != (inside(verts, long(x), long(y)) ? 1 : 0);
    }
  std::printf("inside=%lld checksum=%lld wrong=%lld\n", count, checksum, wrong);
  for (std::size_t y = 0; y < h; y += 4) {
    for (std::size_t x = 0; x < w; ++x) std::putchar(m[y * w + x] ? '#' : '.');
    std::putchar('\n');
  }
}
