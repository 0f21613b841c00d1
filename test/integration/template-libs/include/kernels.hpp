// kernels.hpp - generic kernels shared by the libraries `filters` (static) and `stats`
// (shared) and by the program `app`: each compiles its own instantiations, some of them
// the same ones (scale<float> in all three), and links them into one program.
//
// A line that starts a region ends in "region: N", the number of times `app` calls it,
// all instantiations together; CheckTrace.cmake compares these with CLPAR_TRACE.
#ifndef TEMPLATE_LIBS_KERNELS_HPP
#define TEMPLATE_LIBS_KERNELS_HPP

#include <clpar/clpar.hpp>

#include <cstddef>

namespace kernels {

template <class T>
void scale(clpar::view<T> v, T factor) {
  for (auto i : clpar::prange(v.size()))  // region: 6
    v[i] *= factor;
}

/// out[i] = in[i - 1] + 2 in[i] + in[i + 1] inside; the ends keep their values.
template <class T>
void smooth3(clpar::view<const T> in, clpar::view<T> out) {
  for (auto i : clpar::prange(std::size_t(1), in.size() - 1))  // region: 4
    out[i] = in[i - 1] + T(2) * in[i] + in[i + 1];
}

template <class T>
T total(clpar::view<const T> v) {
  T s = T(0);
  for (auto i : clpar::prange(v.size()))  // region: 3
    s += v[i];
  return s;
}

template <class T>
void axpy(T a, clpar::view<const T> x, clpar::view<T> y) {
  y[clpar::all] = a * x + y;  // region: 2
}

/// v[i] = i mod m: an ordinary inline function.
inline void fill_mod(clpar::view<int> v, int m) {
  for (auto i : clpar::prange(v.size()))  // region: 2
    v[i] = int(i % std::size_t(m));
}

}  // namespace kernels

#endif  // TEMPLATE_LIBS_KERNELS_HPP
