// Unit tests of clpar/resident.hpp with the header alone: resident does nothing.
#include "clpar/resident.hpp"

#include <gtest/gtest.h>

#include <type_traits>
#include <vector>

namespace {

using clpar::resident;
using clpar::view;

static_assert(!std::is_default_constructible_v<resident>);  // `resident(a);` cannot declare one
static_assert(std::is_constructible_v<resident, view<float>>);
static_assert(std::is_constructible_v<resident, view<float>, view<const int, 3>, view<double, 2>>);
static_assert(!std::is_constructible_v<resident, int>);
static_assert(!std::is_constructible_v<resident, std::vector<float>&, view<float>>);
static_assert(!std::is_convertible_v<view<float>, resident>);  // explicit
static_assert(!std::is_copy_constructible_v<resident>);
static_assert(!std::is_copy_assignable_v<resident>);

TEST(Resident, KeepsNothingAndChangesNothing) {
  std::vector<float> a{1, 2, 3};
  std::vector<int> b{4, 5};
  const view<float> va(a);
  const view<int> vb(b);
  {
    resident keep(va, vb);
    va[clpar::all] = va * 2.0f;
    va.sync_host();
    EXPECT_EQ(a, (std::vector<float>{2, 4, 6}));
  }
  EXPECT_EQ(b, (std::vector<int>{4, 5}));
}

}  // namespace
