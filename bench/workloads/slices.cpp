// bench/workloads/slices.cpp - slice statements (SPEC 1.2) as a user writes them: saxpy
// over 2^26 floats and a 5-point stencil through 2-D slices of 4096x4096, both memory-bound.
#include "workload.hpp"

namespace {

using clpar::all;
using clpar::slice;

void saxpy(float a, clpar::view<const float> x, clpar::view<float> y) {
  y[all] = a * x + y;
}

void stencil(clpar::view<const float, 2> u, clpar::view<float, 2> v) {
  const std::ptrdiff_t r = std::ptrdiff_t(u.extent(0)), c = std::ptrdiff_t(u.extent(1));
  v(slice(1, r - 1), slice(1, c - 1)) =
      0.25f * (u(slice(0, r - 2), slice(1, c - 1)) + u(slice(2, r), slice(1, c - 1)) +
               u(slice(1, r - 1), slice(0, c - 2)) + u(slice(1, r - 1), slice(2, c)));
}

std::vector<bench::instance> make(bool quick) {
  std::vector<bench::instance> out;
  {
    const std::size_t n = quick ? 10000 : std::size_t(1) << 26;
    auto p = std::make_shared<ref::saxpy_problem>(ref::make_saxpy(n));
    auto want = std::make_shared<std::vector<float>>();
    bench::instance w;
    w.workload = "saxpy_slices";
    w.size = quick ? "10000" : "2^26";
    w.cost = {2.0 * double(n), 12.0 * double(n), true};
    w.reset = [p] { p->y = p->y0; };
    w.clpar = [p] { saxpy(p->a, p->x, p->y); };
    w.reference = [p](bool parallel) { ref::saxpy(*p, parallel); };
    w.keep_reference = [p, want] { *want = p->y; };
    w.check = [p, want] { return bench::compare(p->y, *want, 1e-5); };
    out.push_back(std::move(w));
  }
  {
    const std::size_t r = quick ? 40 : 4096, c = quick ? 52 : 4096;
    auto p = std::make_shared<ref::stencil_problem>(ref::make_stencil(r, c));
    auto want = std::make_shared<std::vector<float>>();
    bench::instance w;
    w.workload = "stencil_slices";
    w.size = std::to_string(r) + "x" + std::to_string(c);
    w.cost = {4.0 * double(r - 2) * double(c - 2), 8.0 * double(r - 2) * double(c - 2), true};
    w.reset = [] {};
    w.clpar = [p, r, c] {
      stencil(clpar::view<const float, 2>(p->u.data(), r, c),
              clpar::view<float, 2>(p->v.data(), r, c));
    };
    w.reference = [p](bool parallel) { ref::stencil(*p, parallel); };
    w.keep_reference = [p, want] { *want = p->v; };
    w.check = [p, want] { return bench::compare(p->v, *want, 1e-5); };
    out.push_back(std::move(w));
  }
  return out;
}

const bench::registration registered("slices", make);

}  // namespace
