// e2e: structs with array members (`float v[3]`, `std::array<double, 4>`): in views and
// vectors of structs (read and written element by element, whole elements copied), in
// locals set by aggregate and member initializers, in an object from outside the loop
// indexed with a value of the iteration, copied to a local array and bound to a
// reference, range-based for loops over array members, local arrays and a constexpr
// table; a 12-byte struct of a `float[3]` through a strided sub-view.  Every loop here
// offloads (sites.sh); the outputs must equal the serial build's.
//
// Values are small integers and quarters: exact in every variant.
#include <clpar/clpar.hpp>

#include "digest.hpp"

#include <array>
#include <vector>

namespace {

struct vec3 {  // 12 bytes
  float v[3];
  float sum() const { return v[0] + v[1] + v[2]; }
};

struct sample {
  std::array<double, 4> w;
  int id;
};

struct stencil {
  float taps[5] = {0.25f, 0.5f, 1.0f, 0.5f, 0.25f};
  stencil() = default;
  stencil(float centre, float edge) : taps{edge, 0.5f, centre, 0.5f, edge} {}
};

void rotate(clpar::view<vec3> ps) {
  for (auto i : clpar::prange(ps.size())) {  // region: 2
    vec3 t = ps[i];
    for (int k = 0; k < 3; ++k) ps[i].v[k] = t.v[(k + 1) % 3] + float(k);
    ps[i].v[0] += t.sum() * 0.25f;
  }
}

void smooth(clpar::view<float> out, clpar::view<const float> in, const stencil &s) {
  for (auto i : clpar::prange(std::size_t(2), out.size() - 2)) {  // region: 2
    float acc = 0;
    for (int k = -2; k <= 2; ++k) acc += s.taps[k + 2] * in[i + k];
    out[i] = acc;
  }
}

void mix(std::vector<sample> &ss, clpar::view<double> out) {
  for (auto i : clpar::prange(ss.size())) {  // region: 1
    std::array<double, 4> w = ss[i].w;
    const auto &orig = ss[i].w;
    auto &dest = ss[i].w;
    dest[ss[i].id % 4] = w[0] + w[3];
    stencil local(2.0f, float(ss[i].id % 3));
    out[i] = orig[1] * local.taps[0] + local.taps[4] + stencil{}.taps[2];
  }
}

constexpr float scales[3] = {1.0f, 0.5f, 0.25f};

void norms(clpar::view<const vec3> ps, clpar::view<float> out) {
  for (auto i : clpar::prange(ps.size())) {  // region: 1
    float s = 0;
    for (float x : ps[i].v) s += x * x;
    std::array<float, 3> w{1.0f, 2.0f, 0.5f};
    for (auto &x : w) x += s;
    for (const float x : w) s += x;
    for (float c : scales) s -= c;
    out[i] = s;
  }
}

}  // namespace

int main() {
  const std::size_t n = 1500;
  std::vector<vec3> ps(2 * n);
  for (std::size_t k = 0; k < ps.size(); ++k)
    ps[k] = {{float(int(k % 11)), float(int(k % 4)) * 0.5f, -float(int(k % 7))}};
  using clpar::slice;
  clpar::view<vec3> all(ps.data(), ps.size());
  rotate(all[slice(3, 3 + std::ptrdiff_t(n))]);
  rotate(all[slice(1, std::ptrdiff_t(2 * n), 2)]);
  std::vector<float> flat;
  for (const vec3 &p : ps) flat.insert(flat.end(), {p.v[0], p.v[1], p.v[2]});
  show("vectors", flat);
  std::vector<float> ns(n);
  norms(all[slice(5, 5 + std::ptrdiff_t(n))], clpar::view<float>(ns.data(), n));
  show("norms", ns);

  std::vector<float> in(n), out(n);
  for (std::size_t k = 0; k < n; ++k) in[k] = float(int(k % 9)) - 4.0f;
  smooth(clpar::view<float>(out.data(), n), clpar::view<const float>(in.data(), n), stencil{});
  show("smooth", out);
  smooth(clpar::view<float>(out.data(), n), clpar::view<const float>(in.data(), n),
         stencil(3.0f, -1.0f));
  show("sharpen", out);

  std::vector<sample> ss(n);
  for (std::size_t k = 0; k < n; ++k)
    ss[k] = {{double(int(k % 5)), 0.5, double(int(k % 3)), -1.0}, int(k)};
  std::vector<double> mixed(n);
  mix(ss, clpar::view<double>(mixed.data(), n));
  show("mixed", mixed);
  std::vector<double> ws;
  for (const sample &s : ss) ws.insert(ws.end(), s.w.begin(), s.w.end());
  show("samples", ws);
}
