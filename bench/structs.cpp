// bench/structs.cpp - arrays of structures against structures of arrays: kernel time of one
// particle step (position += dt * velocity) over n particles, as three float arrays per
// quantity (SoA), as views of a 12-byte struct (x, y, z), of the same struct padded to 16
// bytes (alignas), and of a struct holding a float[3] updated in a range-based for.
//
//   structs [N] [REPEAT]      run with CLPAR_DEVICE=opencl-gpu (or opencl)
//
// GB/s counts what the step must move whatever the layout: 24 bytes read and 12 written
// per particle (the padded struct moves 32 and 16).  After the runs every layout's
// positions must equal the serial result (small integers and quarters: exact).
#include <clpar/clpar.hpp>

#include "support/kernel_time.hpp"

#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {

struct vec3 {
  float x, y, z;
};
struct alignas(16) vec3p {
  float x, y, z;
};
struct arr3 {
  float v[3];
};

void soa(clpar::view<float> x, clpar::view<float> y, clpar::view<float> z,
         clpar::view<const float> vx, clpar::view<const float> vy, clpar::view<const float> vz,
         float dt) {
  for (auto i : clpar::prange(x.size())) {
    x[i] += dt * vx[i];
    y[i] += dt * vy[i];
    z[i] += dt * vz[i];
  }
}

template <class V>
void aos(clpar::view<V> p, clpar::view<const V> v, float dt) {
  for (auto i : clpar::prange(p.size())) {
    p[i].x += dt * v[i].x;
    p[i].y += dt * v[i].y;
    p[i].z += dt * v[i].z;
  }
}

void arrays(clpar::view<arr3> p, clpar::view<const arr3> v, float dt) {
  for (auto i : clpar::prange(p.size())) {
    arr3 q = p[i];
    const arr3 w = v[i];
    int k = 0;
    for (float &c : q.v) c += dt * w.v[k++];
    p[i] = q;
  }
}

float pos0(std::size_t k, int axis) { return float(int((k + 3 * axis) % 7)); }
float vel(std::size_t k, int axis) { return float(int((k + axis) % 5) - 2) * 0.25f; }

}  // namespace

int main(int argc, char** argv) {
  ::setenv("CLPAR_KERNEL_TIMES", "1", 1);
  const std::size_t n = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : std::size_t{1} << 24;
  const int repeat = argc > 2 ? std::atoi(argv[2]) : 9;
  const float dt = 0.5f;
  const int steps = repeat + 1;  // kernel_seconds runs the step once more than timed

  std::vector<float> s[3], sv[3];
  std::vector<vec3> p12(n), v12(n);
  std::vector<vec3p> p16(n), v16(n);
  std::vector<arr3> pa(n), va(n);
  for (int a = 0; a < 3; ++a) {
    s[a].resize(n);
    sv[a].resize(n);
  }
  for (std::size_t k = 0; k < n; ++k) {
    for (int a = 0; a < 3; ++a) {
      s[a][k] = pos0(k, a);
      sv[a][k] = vel(k, a);
      pa[k].v[a] = pos0(k, a);
      va[k].v[a] = vel(k, a);
    }
    p12[k] = {pos0(k, 0), pos0(k, 1), pos0(k, 2)};
    v12[k] = {vel(k, 0), vel(k, 1), vel(k, 2)};
    p16[k] = {pos0(k, 0), pos0(k, 1), pos0(k, 2)};
    v16[k] = {vel(k, 0), vel(k, 1), vel(k, 2)};
  }
  using fv = clpar::view<float>;
  using cfv = clpar::view<const float>;
  const double t_soa = bench::kernel_seconds(repeat, [&] {
    soa(fv(s[0].data(), n), fv(s[1].data(), n), fv(s[2].data(), n), cfv(sv[0].data(), n),
        cfv(sv[1].data(), n), cfv(sv[2].data(), n), dt);
  });
  const double t12 = bench::kernel_seconds(repeat, [&] {
    aos(clpar::view<vec3>(p12.data(), n), clpar::view<const vec3>(v12.data(), n), dt);
  });
  const double t16 = bench::kernel_seconds(repeat, [&] {
    aos(clpar::view<vec3p>(p16.data(), n), clpar::view<const vec3p>(v16.data(), n), dt);
  });
  const double ta = bench::kernel_seconds(repeat, [&] {
    arrays(clpar::view<arr3>(pa.data(), n), clpar::view<const arr3>(va.data(), n), dt);
  });

  bool ok = true;
  for (std::size_t k = 0; k < n && ok; ++k)
    for (int a = 0; a < 3; ++a) {
      const float want = pos0(k, a) + float(steps) * dt * vel(k, a);
      const float got12 = a == 0 ? p12[k].x : a == 1 ? p12[k].y : p12[k].z;
      const float got16 = a == 0 ? p16[k].x : a == 1 ? p16[k].y : p16[k].z;
      ok &= s[a][k] == want && got12 == want && got16 == want && pa[k].v[a] == want;
    }
  const double bytes = 36.0 * double(n);
  std::printf("| layout | us | GB/s (36 B a particle) | vs SoA |\n|---|---:|---:|---:|\n");
  const auto row = [&](const char* name, double t) {
    std::printf("| %s | %.1f | %.0f | %.2fx |\n", name, t * 1e6, bytes / t / 1e9, t / t_soa);
  };
  row("three float arrays (SoA)", t_soa);
  row("view<vec3>, 12 bytes", t12);
  row("view<vec3p>, alignas(16)", t16);
  row("view<arr3>, float[3] in a range-based for", ta);
  std::printf("n=%zu, median of %d; results %s\n", n, repeat, ok ? "checked" : "WRONG");
  return ok ? 0 : 1;
}
