// bench/workloads/zprojection.cpp - the maximum z-projection of a 100x512x512 image stack:
// one work-item per output pixel, a serial loop over z.
#include "workload.hpp"

namespace {

void zprojection(clpar::view<const float, 3> stack, clpar::view<float, 2> out) {
  for (auto y : clpar::prange(out.extent(0)))
    for (auto x : clpar::prange(out.extent(1))) {
      float m = stack(0, y, x);
      for (std::size_t z = 1; z < stack.extent(0); ++z) m = std::max(m, stack(z, y, x));
      out(y, x) = m;
    }
}

std::vector<bench::instance> make(bool quick) {
  const std::size_t nz = quick ? 10 : 100, ny = quick ? 64 : 512, nx = quick ? 48 : 512;
  auto p = std::make_shared<ref::zprojection_problem>(ref::make_zprojection(nz, ny, nx));
  auto want = std::make_shared<std::vector<float>>();
  bench::instance w;
  w.workload = "zprojection";
  w.size = std::to_string(nz) + "x" + std::to_string(ny) + "x" + std::to_string(nx);
  w.cost = {double(nz * ny * nx), 4.0 * double(nz * ny * nx + ny * nx), true};
  w.reset = [] {};
  w.clpar = [p] {
    zprojection(clpar::view<const float, 3>(p->stack.data(), p->nz, p->ny, p->nx),
                clpar::view<float, 2>(p->out.data(), p->ny, p->nx));
  };
  w.reference = [p](bool parallel) { ref::zprojection(*p, parallel); };
  w.keep_reference = [p, want] { *want = p->out; };
  w.check = [p, want] { return bench::compare_exact(p->out, *want); };
  return {w};
}

const bench::registration registered("zprojection", make);

}  // namespace
