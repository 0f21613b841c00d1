// e2e: std::complex<float> and std::complex<double> in kernels: locals, views and struct
// members of them, construction (parts, defaults, a real number, the other element type),
// the member and free operators (+ - * / with complex and real operands either way, the
// compound assignments, unary minus, == and C++20's rewritten !=), real()/imag() read and
// set, the literals of std::complex_literals, std::abs/arg/norm/conj/polar, exp, log,
// log10, sqrt, pow (complex, real and int exponents, a real base), the trigonometric and
// hyperbolic functions and their inverses, proj, a function template and a generic lambda
// over the element type, a private array of them (std::swap and std::exchange of its
// elements: their bodies, translated), a complex number declared outside the loop, and
// sums of complex numbers declared outside it (reductions, in a function template).  Every
// loop here offloads (sites.sh).
//
// The Mandelbrot counts and the lines of kind 'i' are exact in every variant (quarters,
// four steps); the rest are compared with test/generated/compare.py's tolerance: the
// kernels' transcendental functions are OpenCL's, the host's the C library's.
#include <clpar/clpar.hpp>

#include <cmath>
#include <complex>
#include <cstddef>
#include <cstdio>
#include <utility>
#include <vector>

using namespace std::complex_literals;

namespace {

template <class T>
constexpr char kind() {
  return sizeof(T) == 4 ? 'f' : 'd';
}

/// A line test/generated/compare.py reads: "NAME KIND E VALUES...".
template <class T>
void dump(const char* name, const std::vector<T>& v, double scale) {
  std::printf("%s %c %.6g", name, kind<T>(), scale);
  for (T x : v) std::printf(sizeof(T) == 4 ? " %.9g" : " %.17g", double(x));
  std::printf("\n");
}

template <class T>
void dump(const char* name, const std::vector<std::complex<T>>& v, double scale) {
  std::vector<T> parts;
  for (const auto& z : v) {
    parts.push_back(z.real());
    parts.push_back(z.imag());
  }
  dump(name, parts, scale);
}

void dump(const char* name, const std::vector<int>& v) {
  std::printf("%s i 0", name);
  for (int x : v) std::printf(" %d", x);
  std::printf("\n");
}

/// Steps of z = z^2 + c until |z| > 2, at most four: exact on a grid of quarters.
void mandelbrot(clpar::view<int, 2> out, float x0, float y0) {
  for (auto i : clpar::prange(out.extent(0))) {  // region: 1
    for (std::size_t j = 0; j < out.extent(1); ++j) {
      const std::complex<float> c(x0 + 0.25f * float(j), y0 + 0.25f * float(i));
      std::complex<float> z;  // zero
      int k = 0;
      while (k < 4 && std::norm(z) <= 4.0f) {
        z = z * z + c;
        ++k;
      }
      out(i, j) = k + (z == c ? 100 : 0) + (z != 0.0f ? 10 : 0);
    }
  }
}

/// The discrete Fourier transform of a view of complex numbers, twiddles by std::polar.
void dft(clpar::view<const std::complex<double>> x, clpar::view<std::complex<double>> X) {
  const double two_pi = 6.283185307179586;
  const std::size_t n = x.size();
  for (auto k : clpar::prange(n)) {  // region: 1
    std::complex<double> sum = 0.0;
    for (std::size_t m = 0; m < n; ++m)
      sum += x[m] * std::polar(1.0, -two_pi * double(k * m % n) / double(n));
    X[k] = sum;
  }
}

struct wave {
  std::complex<float> amp;
  float freq;
};

template <class T>
std::complex<T> rotate(std::complex<T> z, T angle) {
  return z * std::polar(T(1), angle);
}

/// Exact operations (on quarters): operators with complex and real operands either way,
/// compound assignments, setters, literals, conj, a private array, a struct member, a
/// conversion to double, a complex number from outside the loop.
void exact(clpar::view<const wave> waves, clpar::view<int> out) {
  const std::complex<float> shift{0.5f, -0.25f};
  for (auto i : clpar::prange(waves.size())) {  // region: 1
    const wave w = waves[i];
    std::complex<float> z = w.amp + shift;
    z += 1.0f;
    z -= 0.5if;
    z *= 2;
    std::complex<float> roots[3] = {z, std::conj(z), -z};
    roots[1] = 2.0f * roots[1] - roots[2] * 0.5f + 3if * 0.0f;
    std::swap(roots[0], roots[1]);
    const std::complex<float> first = std::exchange(roots[0], roots[2]);
    z = roots[0] + roots[1] * 2.0f + first;
    z.real(z.real() + w.freq);
    z.imag(-z.imag());
    std::complex<double> d = z;
    d = d - 0.25 + std::complex<double>(1, 2) * 0.5;
    const bool same = +z == std::complex<float>(z.real(), z.imag()) && z != -z;
    out[i] = int(d.real() * 16) * 1000 + int(d.imag() * 16) + (same ? 1000000 : 0);
  }
}

/// The transcendental functions and their inverses, on float and double through one
/// function template and a generic lambda.
template <class T>
void functions(clpar::view<const std::complex<T>> in, clpar::view<std::complex<T>> out) {
  const auto twice = [](auto v) { return v + v; };
  for (auto i : clpar::prange(in.size())) {  // region: 2
    const std::complex<T> z = in[i];
    std::complex<T> r[16] = {
        std::exp(z), std::log(z), std::log10(z), std::sqrt(z),
        std::pow(z, T(1.5)), std::pow(z, 3), std::pow(z, z * T(0.25)), std::pow(T(2), z),
        std::sin(z), std::cos(z), std::tan(z), std::sinh(z),
        std::cosh(z), std::tanh(z), rotate(z, T(0.5)), z / (z + T(3))};
    r[15] /= std::complex<T>(T(1.5), T(-0.5));
    r[15] = twice(r[15]) + T(1) / z;
    out[i * 12 + 0] = r[0] + r[1] + r[2];
    out[i * 12 + 1] = r[3] + r[4] + r[5] * T(0.125);
    out[i * 12 + 2] = r[6] + r[7] + r[8] + r[9];
    out[i * 12 + 3] = r[10] + r[11] + r[12] + r[13];
    out[i * 12 + 4] = r[14] + r[15] + std::complex<T>(std::abs(z), std::arg(z)) +
                      std::norm(z) - std::pow(z, -2);
    out[i * 12 + 5] = std::asin(z);
    out[i * 12 + 6] = std::acos(z);
    out[i * 12 + 7] = std::atan(z);
    out[i * 12 + 8] = std::asinh(z);
    out[i * 12 + 9] = std::acosh(z);
    out[i * 12 + 10] = std::atanh(z);
    // An infinite part projects to (+inf, +-0): printed as 1 and 2 (finite, so compare.py
    // can compare them).
    const std::complex<T> far = std::proj(std::complex<T>(z.real(), z.imag() / T(0)));
    out[i * 12 + 11] = std::proj(z) + std::complex<T>(far.real() > T(1e30) ? T(1) : T(0),
                                                      far.imag() == T(0) ? T(2) : T(3));
  }
}

/// Reductions: the sum of z and the sum of |z| e^(i arg z / 2) (complex sums, one from
/// the caller by reference, updated with += and -=, one with a real term too), and a real
/// sum beside them.  Exact on the samples' eighths for the first and the real sum.
template <class T>
std::vector<std::complex<T>> sums(clpar::view<const std::complex<T>> in, std::complex<T>& total) {
  std::complex<T> half_angles{T(1), T(-1)};
  T norms = 0;
  for (auto i : clpar::prange(in.size())) {  // region: 2
    total += in[i];
    total -= T(0.5);
    half_angles += std::polar(std::abs(in[i]), std::arg(in[i]) * T(0.5));
    half_angles -= std::complex<T>(0, T(0.25));
    norms += std::norm(in[i]);
  }
  return {half_angles, std::complex<T>(norms, T(0))};
}

template <class T>
std::vector<std::complex<T>> samples(std::size_t n) {
  std::vector<std::complex<T>> v(n);
  for (std::size_t i = 0; i < n; ++i)
    v[i] = std::complex<T>(T(0.125) * T(int(i % 13) - 6) + T(0.0625),
                           T(0.25) * T(int(i % 7) - 3) + T(0.03125));
  return v;
}

}  // namespace

int main() {
  std::vector<int> counts(20 * 24);
  mandelbrot(clpar::view<int, 2>(counts.data(), 20, 24), -2.25f, -2.5f);
  dump("mandelbrot", counts);

  const std::size_t n = 64;
  std::vector<std::complex<double>> x(n), X(n);
  for (std::size_t m = 0; m < n; ++m) x[m] = {double(m % 5) - 2.0, 0.5 * double(m % 3)};
  dft(clpar::view<const std::complex<double>>(x), clpar::view<std::complex<double>>(X));
  dump("dft", X, 2.0 * double(n));

  std::vector<wave> waves(150);
  for (std::size_t i = 0; i < waves.size(); ++i)
    waves[i] = {{0.25f * float(int(i % 11) - 5), 0.5f * float(int(i % 6) - 2)},
                0.75f * float(i % 4)};
  std::vector<int> codes(waves.size());
  exact(clpar::view<const wave>(waves), clpar::view<int>(codes));
  dump("exact", codes);

  const std::vector<std::complex<float>> zf = samples<float>(91);
  std::vector<std::complex<float>> outf(zf.size() * 12);
  functions(clpar::view<const std::complex<float>>(zf), clpar::view<std::complex<float>>(outf));
  dump("functions_float", outf, 200.0);
  const std::vector<std::complex<double>> zd = samples<double>(91);
  std::vector<std::complex<double>> outd(zd.size() * 12);
  functions(clpar::view<const std::complex<double>>(zd), clpar::view<std::complex<double>>(outd));
  dump("functions_double", outd, 200.0);

  const std::vector<std::complex<float>> many = samples<float>(5000);
  std::complex<float> totalf{3, -2};
  std::vector<std::complex<float>> sumf = sums(clpar::view<const std::complex<float>>(many), totalf);
  std::complex<double> totald{-1, 0.5};
  std::vector<std::complex<double>> sumd = sums(clpar::view<const std::complex<double>>(zd), totald);
  sumf.push_back(totalf);
  sumd.push_back(totald);
  dump("sums_float", sumf, 5000.0);
  dump("sums_double", sumd, 100.0);
  return 0;
}
