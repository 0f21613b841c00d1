// examples/polygon.cpp - the inside-polygon mask: which pixels of an image lie inside a
// polygon (1024x1024 pixels, 24 edges with random integer vertices).
//
// The mask is computed once by a plain serial function (the reference) and then, several
// times, by a prange nest that clpar++ offloads.  The program prints one table row: the
// variant (CLPAR_DEVICE picks it in clpar++ builds), the first call's time (which
// includes building the kernel), the median of the later calls, and whether every pixel
// equals the reference.  scripts/demo.sh runs it once per variant.
//
// Crossings are counted in exact integer arithmetic, so every variant must agree bit for
// bit.
#include <clpar/clpar.hpp>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <vector>

namespace {

// Is (px, py) inside the polygon (or on one of its vertices)?  Ray casting to +x.
bool inside_serial(const std::vector<int>& v, int n, long px, long py) {
  int counter = 0;
  for (int i = 0; i < n; ++i) {
    const long x1 = v[2 * i], y1 = v[2 * i + 1];
    const long x2 = v[2 * ((i + 1) % n)], y2 = v[2 * ((i + 1) % n) + 1];
    if (x1 == px && y1 == py) return true;
    if (py > std::min(y1, y2) && py <= std::max(y1, y2) && px <= std::max(x1, x2) &&
        y1 != y2) {
      // px <= x-intersection, without dividing: (px - x1)(y2 - y1) <= (py - y1)(x2 - x1)
      const long lhs = (px - x1) * (y2 - y1), rhs = (py - y1) * (x2 - x1);
      if (x1 == x2 || (y2 > y1 ? lhs <= rhs : lhs >= rhs)) ++counter;
    }
  }
  return counter % 2 == 1;
}

void mask_serial(const std::vector<int>& v, int n, std::vector<std::uint8_t>& m, int h, int w) {
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) m[std::size_t(y) * w + x] = inside_serial(v, n, x, y);
}

// The same test as a prange nest: one work-item per pixel.
void mask_prange(clpar::view<const int, 2> verts, clpar::view<std::uint8_t, 2> mask) {
  const int n = static_cast<int>(verts.extent(0));
  for (auto y : clpar::prange(mask.extent(0)))
    for (auto x : clpar::prange(mask.extent(1))) {
      const long px = static_cast<long>(x), py = static_cast<long>(y);
      int counter = 0;
      bool on_vertex = false;
      for (int i = 0; i < n; ++i) {
        const int j = (i + 1) % n;
        const long x1 = verts(i, 0), y1 = verts(i, 1);
        const long x2 = verts(j, 0), y2 = verts(j, 1);
        if (x1 == px && y1 == py) on_vertex = true;
        const long ylo = y1 < y2 ? y1 : y2, yhi = y1 < y2 ? y2 : y1;
        const long xhi = x1 < x2 ? x2 : x1;
        if (py > ylo && py <= yhi && px <= xhi && y1 != y2) {
          const long lhs = (px - x1) * (y2 - y1), rhs = (py - y1) * (x2 - x1);
          if (x1 == x2 || (y2 > y1 ? lhs <= rhs : lhs >= rhs)) ++counter;
        }
      }
      mask(y, x) = on_vertex || counter % 2 == 1;
    }
}

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

int main(int argc, char** argv) {
  int size = 1024, edges = 24, repeat = 10;
  const char* label = nullptr;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (!std::strcmp(argv[i], "--size")) size = std::atoi(argv[i + 1]);
    else if (!std::strcmp(argv[i], "--edges")) edges = std::atoi(argv[i + 1]);
    else if (!std::strcmp(argv[i], "--repeat")) repeat = std::max(1, std::atoi(argv[i + 1]));
    else if (!std::strcmp(argv[i], "--label")) label = argv[i + 1];
  }
  if (!label) label = std::getenv("CLPAR_DEVICE") ? std::getenv("CLPAR_DEVICE") : "auto";

  std::mt19937 rng(525);
  std::uniform_int_distribution<int> coord(0, size - 1);
  std::vector<int> vertices(2 * edges);
  for (int& c : vertices) c = coord(rng);

  std::vector<std::uint8_t> reference(std::size_t(size) * size), mask(reference.size());
  auto t0 = std::chrono::steady_clock::now();
  mask_serial(vertices, edges, reference, size, size);
  const double serial = seconds_since(t0);

  clpar::view<const int, 2> verts(vertices.data(), edges, 2);
  clpar::view<std::uint8_t, 2> out(mask.data(), size, size);
  std::vector<double> times;
  bool same = true;
  for (int r = 0; r < repeat; ++r) {
    std::fill(mask.begin(), mask.end(), 2);
    t0 = std::chrono::steady_clock::now();
    mask_prange(verts, out);
    times.push_back(seconds_since(t0));
    same = same && mask == reference;
  }
  // The first call builds the kernel; the median is over the later (warm) calls.
  const double first = times.front();
  std::vector<double> warm(times.begin() + (times.size() > 1 ? 1 : 0), times.end());
  std::sort(warm.begin(), warm.end());
  const double median = warm[warm.size() / 2];
  std::size_t inside = 0;
  for (auto m : reference) inside += m;
  std::printf("| %-24s | %10.3f | %10.3f | %10.3f | %8.1fx | %-5s |\n", label, serial * 1e3,
              first * 1e3, median * 1e3, serial / median, same ? "yes" : "NO");
  std::fprintf(stderr, "polygon: %dx%d pixels, %d edges, %zu inside\n", size, size, edges, inside);
  return same ? 0 : 1;
}
