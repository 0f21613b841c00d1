// Kernels in a user header: an inline function and a function template.
#pragma once
#include <clpar/clpar.hpp>
#include "header-helper.h"

inline void twice(clpar::view<float> v) {
  for (auto i : clpar::prange(v.size()))
    v[i] = helper_double(v[i]);
}

template <class T>
void fill(clpar::view<T> v, T x) {
  for (auto i : clpar::prange(v.size()))
    v[i] = x;
}
