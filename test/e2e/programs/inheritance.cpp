// e2e: structs with base classes in kernels.  A particle that derives from a vector
// (`struct particle : vec3`) in a view: inherited fields read and written (`p[i].x`),
// inherited const and non-const member functions called on the element and from the
// derived class's own member functions, a constructor that initializes its base, an
// aggregate with a base (`{{x, y, z}, m}`), a derived object converted to its base
// (`vec3 v = p[i];`, `static_cast<const vec3 &>(q)`), two bases and an empty tag base,
// a base two levels up, a derived object from outside the loop, and a region in a member
// function of a derived class reading an inherited member of `*this`; the CRTP (an
// empty base's member functions on two derived structs, `derived()`).  Every loop here
// offloads (sites.sh); the outputs must equal the serial build's.
//
// Values are small integers and quarters: exact in every variant.
#include <clpar/clpar.hpp>

#include "digest.hpp"

#include <vector>

namespace {

struct vec3 {
  float x, y, z;
  float dot(const vec3 &o) const { return x * o.x + y * o.y + z * o.z; }
  void shift(float d) {
    x += d;
    y -= d;
  }
  vec3 &operator+=(const vec3 &o) {
    x += o.x;
    y += o.y;
    z += o.z;
    return *this;
  }
};

struct particle : vec3 {
  float m;
  particle() = default;
  particle(float a, float mass) : vec3{a, 2 * a, -a}, m(mass) {}
  float weight() const { return m * dot(*this); }
  void settle(float d) {
    shift(d);  // an inherited member function on *this
    z += m;    // an inherited field, written `z`
  }
};

// An aggregate with a base.
struct massive : vec3 {
  float m;
};

struct tag {};

struct charge {
  float q;
};

// Two bases, the first empty.
struct ion : tag, particle, charge {
  int id;
};

// Inherited members three levels up.
struct tracer : ion {
  float age;
};

void update(clpar::view<particle> p, float dt) {
  for (auto i : clpar::prange(p.size())) {  // region: 2
    p[i].x += dt * p[i].m;
    p[i].settle(0.25f);
    p[i] += vec3{dt, 0.0f, 1.0f};
  }
}

void weigh(clpar::view<const particle> p, clpar::view<float> w, particle ref) {
  for (auto i : clpar::prange(p.size())) {  // region: 1
    const vec3 v = p[i];  // the base subobject, copied
    const particle made(float(int(i % 3)), 0.5f);
    const massive listed{{1.0f, 0.0f, 2.0f}, 3.0f};
    w[i] = p[i].weight() + v.dot(ref) + made.weight() + listed.z * listed.m +
           static_cast<const vec3 &>(ref).y + ref.m;
  }
}

void charge_up(clpar::view<ion> s, float by) {
  for (auto i : clpar::prange(s.size())) {  // region: 1
    s[i].q += by * float(s[i].id % 4);
    s[i].settle(s[i].q);
    s[i].y = s[i].dot(vec3{1.0f, 1.0f, 1.0f});
  }
}

void age_all(clpar::view<tracer> t) {
  for (auto i : clpar::prange(t.size())) {  // region: 1
    t[i].age += 1.0f;
    t[i].x = t[i].age * t[i].q + float(t[i].id);
    t[i].m += t[i].weight() * 0.0625f;
  }
}

struct field : particle {
  void spread(clpar::view<float> out) const {
    for (auto i : clpar::prange(out.size()))  // region: 1
      out[i] = x * float(int(i % 5)) + m + weight();
  }
};

particle start(std::size_t k) {
  particle p;
  p.x = float(int(k % 7));
  p.y = float(int(k % 3)) - 1.0f;
  p.z = float(int(k % 5)) * 0.5f;
  p.m = float(int(k % 4)) * 0.25f;
  return p;
}

// The CRTP: an empty base's member functions run on the derived object.
template <class D>
struct vec_ops {
  const D &derived() const { return static_cast<const D &>(*this); }
  D &derived() { return static_cast<D &>(*this); }
  float norm2() const { return derived().dot(derived()); }
  float lead() const { return 2 * static_cast<const D &>(*this).x; }
  void scale(float s) { derived().mul(s); }
};

struct w2 : vec_ops<w2> {
  float x, y;
  float dot(const w2 &o) const { return x * o.x + y * o.y; }
  void mul(float s) { x *= s; y *= s; }
};

struct w3 : vec_ops<w3> {
  float x, y, z;
  float dot(const w3 &o) const { return x * o.x + y * o.y + z * o.z; }
  void mul(float s) { x *= s; y *= s; z *= s; }
};

void crtp(clpar::view<w2> a, clpar::view<const w3> b, clpar::view<float> out) {
  for (auto i : clpar::prange(out.size())) {  // region: 1
    w2 v = a[i];
    v.scale(0.5f);
    out[i] = v.norm2() + b[i].norm2() + b[i].lead();
    a[i].scale(2.0f);
  }
}

void show_particles(const char *tag, const std::vector<particle> &ps) {
  std::vector<float> flat;
  for (const particle &p : ps) flat.insert(flat.end(), {p.x, p.y, p.z, p.m});
  show(tag, flat);
}

}  // namespace

int main() {
  const std::size_t n = 1000;
  std::vector<particle> ps(n);
  for (std::size_t k = 0; k < n; ++k) ps[k] = start(k);
  clpar::view<particle> p(ps.data(), n);
  update(p, 0.5f);
  update(p, 0.25f);
  show_particles("update", ps);

  std::vector<float> w(n);
  weigh(clpar::view<const particle>(ps.data(), n), clpar::view<float>(w.data(), n),
        particle(1.0f, 2.0f));
  show("weigh", w);

  std::vector<ion> is(n);
  for (std::size_t k = 0; k < n; ++k) {
    static_cast<particle &>(is[k]) = start(3 * k);
    is[k].q = float(int(k % 6)) * 0.5f;
    is[k].id = int(k);
  }
  charge_up(clpar::view<ion>(is.data(), n), 0.5f);
  std::vector<float> flat;
  for (const ion &s : is) flat.insert(flat.end(), {s.x, s.y, s.z, s.m, s.q, float(s.id)});
  show("charge_up", flat);

  std::vector<tracer> ts(n);
  for (std::size_t k = 0; k < n; ++k) {
    static_cast<particle &>(ts[k]) = start(5 * k);
    ts[k].q = 0.25f;
    ts[k].id = int(k % 9);
    ts[k].age = float(int(k % 2));
  }
  age_all(clpar::view<tracer>(ts.data(), n));
  flat.clear();
  for (const tracer &t : ts) flat.insert(flat.end(), {t.x, t.y, t.z, t.m, t.q, t.age});
  show("age_all", flat);

  field f;
  static_cast<particle &>(f) = start(11);
  std::vector<float> out(n);
  f.spread(clpar::view<float>(out.data(), n));
  show("spread", out);

  std::vector<w2> as(500);
  std::vector<w3> bs(500);
  for (std::size_t k = 0; k < as.size(); ++k) {
    as[k].x = float(int(k % 5));
    as[k].y = float(int(k % 3)) - 1.0f;
    bs[k].x = float(int(k % 4));
    bs[k].y = 1.0f;
    bs[k].z = float(int(k % 7)) * 0.5f;
  }
  std::vector<float> norms(as.size());
  crtp(clpar::view<w2>(as.data(), as.size()), clpar::view<const w3>(bs.data(), bs.size()),
       clpar::view<float>(norms.data(), norms.size()));
  std::vector<float> flat2;
  for (const w2 &v : as) flat2.insert(flat2.end(), {v.x, v.y});
  show("crtp", norms);
  show("crtp_scaled", flat2);
  return 0;
}
