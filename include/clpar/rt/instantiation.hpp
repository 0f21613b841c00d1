// clpar/rt/instantiation.hpp - what a translated loop in a template chooses by.
//
// A loop written in a template becomes an `if constexpr` chain with one branch per
// instantiation the translator saw, each with its own kernel; the conditions compare
// template parameters with their arguments.  Parameter packs are compared as lists.
#ifndef CLPAR_RT_INSTANTIATION_HPP
#define CLPAR_RT_INSTANTIATION_HPP

#include <type_traits>

namespace clpar::rt {

template <class...>
struct type_list {};

template <auto...>
struct value_list {};

} // namespace clpar::rt

#endif // CLPAR_RT_INSTANTIATION_HPP
