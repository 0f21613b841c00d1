// test/generated/gen_support.hpp - what a generated program prints of its arrays and
// scalars: one line each, "NAME KIND E VALUES...", read by compare.py.
//
//   <line>  ::= <name> " " <kind> " " <E> (" " <value>)*
//   <kind>  ::= "i" (signed integer) | "u" (unsigned integer) | "f" (float) | "d" (double)
//   <E>     ::= the error scale the generator derived for this line (0 for integers and
//               for floating-point values every variant computes exactly)
//
// Every element is printed, floats with %.9g and doubles with %.17g (exact round trips).
#ifndef CLPAR_TEST_GENERATED_GEN_SUPPORT_HPP
#define CLPAR_TEST_GENERATED_GEN_SUPPORT_HPP

#include <cstdio>
#include <iterator>
#include <type_traits>

namespace gen {

template <class T>
void dump_value(T x) {
  if constexpr (std::is_same_v<T, float>)
    std::printf(" %.9g", double(x));
  else if constexpr (std::is_floating_point_v<T>)
    std::printf(" %.17g", double(x));
  else if constexpr (std::is_signed_v<T>)
    std::printf(" %lld", static_cast<long long>(x));
  else
    std::printf(" %llu", static_cast<unsigned long long>(x));
}

template <class T>
constexpr char kind() {
  if constexpr (std::is_same_v<T, float>)
    return 'f';
  else if constexpr (std::is_floating_point_v<T>)
    return 'd';
  else if constexpr (std::is_signed_v<T>)
    return 'i';
  else
    return 'u';
}

/// A container (every element) or a scalar.
template <class C>
void dump(const char* name, const C& c, double error_scale) {
  if constexpr (std::is_arithmetic_v<C>) {
    std::printf("%s %c %.6g", name, kind<C>(), error_scale);
    dump_value(c);
  } else {
    using T = std::decay_t<decltype(*std::begin(c))>;
    std::printf("%s %c %.6g", name, kind<T>(), error_scale);
    for (const T& x : c) dump_value(x);
  }
  std::printf("\n");
}

}  // namespace gen

#endif  // CLPAR_TEST_GENERATED_GEN_SUPPORT_HPP
