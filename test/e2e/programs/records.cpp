// e2e: structs of the user's in kernels, as C++ code is often written: a small vector type
// with operators and member functions (const ones, a compound assignment returning
// `*this`), a class with constructors and private fields, nested structs, a functor
// passed to a function template, a member function of the loop's own class, objects
// declared outside the loop used whole, functions taking non-const references.  Every loop here offloads (sites.sh); the outputs
// must equal the serial build's.
//
// Values are small integers and quarters: exact in every variant.
#include <clpar/clpar.hpp>

#include "digest.hpp"

#include <vector>

namespace {

struct vec2 {
  float x = 0, y = 0;
  vec2 operator+(const vec2 &o) const { return {x + o.x, y + o.y}; }
  vec2 operator-(const vec2 &o) const { return {x - o.x, y - o.y}; }
  vec2 operator*(float s) const { return {x * s, y * s}; }
  vec2 &operator+=(const vec2 &o) {
    x += o.x;
    y += o.y;
    return *this;
  }
  float dot(const vec2 &o) const { return x * o.x + y * o.y; }
  bool operator==(const vec2 &) const = default;
};
vec2 operator*(float s, vec2 v) { return v * s; }

struct body {
  vec2 pos, vel;
  int kind;
};

class cplx {
  double re_, im_;

public:
  cplx() : re_(0), im_(0) {}
  cplx(double r, double i) : re_(r), im_(i) {}
  cplx operator*(const cplx &o) const { return {re_ * o.re_ - im_ * o.im_, re_ * o.im_ + im_ * o.re_}; }
  cplx &operator+=(const cplx &o) {
    re_ += o.re_;
    im_ += o.im_;
    return *this;
  }
  double norm2() const { return re_ * re_ + im_ * im_; }
  double real() const { return re_; }
};

// A functor with private fields whose call operator is not const (it changes nothing).
class affine {
  float k_, b_;

public:
  affine(float k, float b) : k_(k), b_(b) {}
  float operator()(float x) { return k_ * x + b_; }
};

template <class F> void map(clpar::view<float> v, F f) {
  for (auto i : clpar::prange(v.size()))  // region: 1
    v[i] = f(v[i]);
}

// Changes its arguments through references.
void bounce(float &x, float &v, float wall) {
  if (x > wall) {
    x = 2 * wall - x;
    v = -v;
  }
}

struct integrator {
  float dt;
  vec2 wind;
  vec2 accel(const body &b) const { return wind - b.vel * 0.5f; }
  void step(clpar::view<float, 2> state, clpar::view<const int> kinds) {
    for (auto i : clpar::prange(state.extent(0))) {  // region: 3
      body b{{state(i, 0), state(i, 1)}, {state(i, 2), state(i, 3)}, kinds[i]};
      vec2 a = accel(b);
      b.vel += dt * a;
      if (b.kind == 2)
        b.vel = vec2{};
      b.pos += b.vel * dt;
      bounce(b.pos.x, b.vel.x, 1.5f);
      state(i, 0) = b.pos.x;
      state(i, 1) = b.pos.y;
      state(i, 2) = b.vel.x;
      state(i, 3) = b.vel.y;
    }
  }
};

void escape(clpar::view<int> iters, clpar::view<double> last, clpar::view<const float> re,
            clpar::view<const float> im, const cplx &offset) {
  for (auto i : clpar::prange(iters.size())) {  // region: 1
    cplx z, c(re[i], im[i]);
    c += offset;
    int k = 0;
    while (k < 3 && z.norm2() <= 4.0) {
      z = z * z;
      z += c;
      ++k;
    }
    iters[i] = k;
    last[i] = z.real();
  }
}

void compare(clpar::view<float> out, clpar::view<const float> a, clpar::view<const float> b,
             vec2 origin) {
  for (auto i : clpar::prange(out.size())) {  // region: 1
    const vec2 p{a[i], b[i]};
    vec2 q = p;
    q += origin;
    out[i] = (p == q ? 1.0f : 0.0f) + (p - origin).dot(q);
  }
}

}  // namespace

int main() {
  const std::size_t n = 1000;
  std::vector<float> state(n * 4), a(n), b(n), out(n);
  std::vector<int> kinds(n), iters(n);
  std::vector<double> last(n);
  for (std::size_t k = 0; k < n; ++k) {
    for (std::size_t j = 0; j < 4; ++j) state[k * 4 + j] = float(int((k * 7 + j * 3) % 9) - 4) * 0.25f;
    kinds[k] = int(k % 3);
    a[k] = float(int(k % 13) - 6) * 0.25f;
    b[k] = float(int(k % 5) - 2) * 0.5f;
  }
  integrator in{0.5f, {1.0f, -0.5f}};
  for (int s = 0; s < 3; ++s)
    in.step(clpar::view<float, 2>(state.data(), n, 4), clpar::view<const int>(kinds.data(), n));
  show("bodies", state);
  escape(clpar::view<int>(iters.data(), n), clpar::view<double>(last.data(), n),
         clpar::view<const float>(a.data(), n), clpar::view<const float>(b.data(), n),
         cplx(-0.25, 0.0));
  show("iterations", iters);
  show("last", last);
  compare(clpar::view<float>(out.data(), n), clpar::view<const float>(a.data(), n),
          clpar::view<const float>(b.data(), n), vec2{0.0f, 0.5f});
  show("compared", out);
  map(clpar::view<float>(out.data(), n), affine(2.0f, -0.25f));
  show("mapped", out);
}
