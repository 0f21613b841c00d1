// e2e: calls whose written views share memory with another view of the call, next to calls
// whose views lie apart.  A kernel that writes a view and has more than one has a no-alias
// form whose views are `restrict` (its loads may move ahead of its stores); the calls with
// views apart take it, the others must take the general form, or a load could read what
// the iteration's own store had not written yet.  Each shared case below depends on that
// order: a store through one view, then a load of the same element through another.
// Every loop here offloads (sites.sh); the outputs must equal the serial build's.
//
// Values are small integers and halves: exact in every variant.
#include <clpar/clpar.hpp>

#include "digest.hpp"

#include <vector>

namespace {

struct vec3 {  // 12 bytes, updated field by field
  float x, y, z;
};

// b[i] reads c[i] after a[i] is stored: with c the same memory as a, b[i] = 2 * (i + 0.5).
void store_then_load(clpar::view<float> a, clpar::view<float> b, clpar::view<const float> c) {
  for (auto i : clpar::prange(a.size())) {  // region: 3
    a[i] = float(int(i % 50)) + 0.5f;
    b[i] = c[i] * 2.0f;
  }
}

// Field by field: with v the same view as p, each field doubles after the ones before it
// were updated (p[i].y reads the new x).
void advance(clpar::view<vec3> p, clpar::view<const vec3> v) {
  for (auto i : clpar::prange(p.size())) {  // region: 2
    p[i].x += v[i].x;
    p[i].y += v[i].y + v[i].x;
    p[i].z += v[i].z + v[i].y;
  }
}

// Views of alternate elements of one array: no element in common, but their spans
// overlap, so the call takes the general form; the result is the same either way.
void interleave(clpar::view<float> even, clpar::view<const float> odd, clpar::view<float> out) {
  for (auto i : clpar::prange(even.size())) {  // region: 1
    even[i] = odd[i] + 1.0f;
    out[i] = odd[i] * even[i];
  }
}

std::vector<vec3> particles(std::size_t n) {
  std::vector<vec3> p(n);
  for (std::size_t k = 0; k < n; ++k)
    p[k] = {float(int(k % 7)), float(int(k % 5)) * 0.5f, float(int(k % 3))};
  return p;
}

void show_particles(const char *tag, const std::vector<vec3> &p) {
  std::vector<float> flat;
  for (const vec3 &e : p) {
    flat.push_back(e.x);
    flat.push_back(e.y);
    flat.push_back(e.z);
  }
  show(tag, flat);
}

}  // namespace

int main() {
  const std::size_t n = 1000;
  std::vector<float> a(n, 1.0f), b(n, 0.0f), c(n);
  for (std::size_t k = 0; k < n; ++k) c[k] = float(int(k % 9));
  clpar::view<float> av(a.data(), n), bv(b.data(), n), cv(c.data(), n);

  store_then_load(av, bv, cv);  // apart
  show("apart a", a);
  show("apart b", b);
  store_then_load(av, bv, av);  // c is a
  show("shared a", a);
  show("shared b", b);
  // c is the back half of one array, a its front half: apart again.
  std::vector<float> whole(2 * n, 3.0f);
  clpar::view<float> wv(whole.data(), whole.size());
  store_then_load(wv[clpar::slice(0, n)], bv, wv[clpar::slice(n, 2 * n)]);
  show("halves", whole);
  show("halves b", b);

  std::vector<vec3> p = particles(n), v = particles(n);
  clpar::view<vec3> pv(p.data(), n), vv(v.data(), n);
  advance(pv, vv);  // apart
  show_particles("advance apart", p);
  advance(pv, pv);  // v is p
  show_particles("advance shared", p);

  std::vector<float> x(2 * n), out(n);
  for (std::size_t k = 0; k < x.size(); ++k) x[k] = float(int(k % 11)) * 0.5f;
  clpar::view<float> xv(x.data(), x.size());
  interleave(xv[clpar::slice(0, 2 * n, 2)], xv[clpar::slice(1, 2 * n, 2)],
             clpar::view<float>(out.data(), n));
  show("interleave x", x);
  show("interleave out", out);
  return 0;
}
