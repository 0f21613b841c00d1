// bench/workloads/polygon.cpp - the inside-polygon mask (seed 003): which pixels of a
// 1024x1024 image lie inside a 24-edge polygon; one work-item per pixel.
#include "workload.hpp"

namespace {

bool inside(clpar::view<const int, 2> v, long px, long py) {
  const int n = static_cast<int>(v.extent(0));
  int crossings = 0;
  for (int i = 0; i < n; ++i) {
    const int j = (i + 1) % n;
    const long x1 = v(i, 0), y1 = v(i, 1), x2 = v(j, 0), y2 = v(j, 1);
    if ((y1 > py) != (y2 > py) && (((px - x1) * (y2 - y1) < (py - y1) * (x2 - x1)) == (y2 > y1)))
      ++crossings;
  }
  return crossings % 2 == 1;
}

void polygon(clpar::view<const int, 2> verts, clpar::view<unsigned char, 2> mask) {
  for (auto y : clpar::prange(mask.extent(0)))
    for (auto x : clpar::prange(mask.extent(1))) mask(y, x) = inside(verts, long(x), long(y));
}

std::vector<bench::instance> make(bool quick) {
  const std::size_t n = quick ? 96 : 1024;
  const int edges = 24;
  auto p = std::make_shared<ref::polygon_problem>(ref::make_polygon(n, edges));
  auto want = std::make_shared<std::vector<unsigned char>>();
  bench::instance w;
  w.workload = "polygon";
  w.size = std::to_string(n) + "x" + std::to_string(n) + ", 24 edges";
  w.cost = {double(n * n) * edges * 8, double(n * n + 2 * edges * 4), false};
  w.reset = [] {};
  w.clpar = [p] {
    polygon(clpar::view<const int, 2>(p->verts.data(), p->edges, 2),
            clpar::view<unsigned char, 2>(p->mask.data(), p->n, p->n));
  };
  w.reference = [p](bool parallel) { ref::polygon(*p, parallel); };
  w.keep_reference = [p, want] { *want = p->mask; };
  w.check = [p, want] { return bench::compare_exact(p->mask, *want); };
  return {w};
}

const bench::registration registered("polygon", make);

}  // namespace
