// test/unit/runtime/memory/interval_set_test.cpp - disjoint byte ranges, against a set of
// single bytes as the reference.
#include "memory/interval_set.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <set>
#include <vector>

namespace clpar::rt {
namespace {

TEST(ByteRange, SizeOverlapAndContainment) {
  EXPECT_EQ((byte_range{10, 20}.size()), 10u);
  EXPECT_TRUE((byte_range{20, 20}.empty()));
  EXPECT_EQ((byte_range{20, 10}.size()), 0u);
  EXPECT_TRUE((byte_range{10, 20}.overlaps({19, 30})));
  EXPECT_FALSE((byte_range{10, 20}.overlaps({20, 30})));  // half-open: touching is not
  EXPECT_FALSE((byte_range{10, 20}.overlaps({15, 15})));  // nor an empty range
  EXPECT_TRUE((byte_range{10, 20}.contains({10, 20})));
  EXPECT_FALSE((byte_range{10, 20}.contains({9, 20})));
}

TEST(IntervalSet, JoinsTouchingAndOverlappingRanges) {
  interval_set s;
  s.add({10, 20});
  s.add({20, 30});  // touching
  s.add({25, 40});  // overlapping
  s.add({50, 60});
  EXPECT_EQ(s.ranges(), (std::vector<byte_range>{{10, 40}, {50, 60}}));
  EXPECT_EQ(s.bytes(), 40u);
  s.add({5, 55});  // swallows both
  EXPECT_EQ(s.ranges(), (std::vector<byte_range>{{5, 60}}));
  s.add({7, 7});  // empty: nothing
  EXPECT_EQ(s.ranges(), (std::vector<byte_range>{{5, 60}}));
}

TEST(IntervalSet, SubtractSplitsAndTrims) {
  interval_set s;
  s.add({0, 100});
  s.subtract({40, 60});
  EXPECT_EQ(s.ranges(), (std::vector<byte_range>{{0, 40}, {60, 100}}));
  s.subtract({30, 70});  // trims both sides
  EXPECT_EQ(s.ranges(), (std::vector<byte_range>{{0, 30}, {70, 100}}));
  s.subtract({0, 30});
  EXPECT_EQ(s.ranges(), (std::vector<byte_range>{{70, 100}}));
  s.subtract({50, 50});  // empty: nothing
  s.subtract({100, 200});  // touching only: nothing
  EXPECT_EQ(s.ranges(), (std::vector<byte_range>{{70, 100}}));
  s.subtract({0, 1000});
  EXPECT_TRUE(s.empty());
}

TEST(IntervalSet, QueriesClipToTheRangeAsked) {
  interval_set s;
  s.add({10, 20});
  s.add({30, 40});
  EXPECT_TRUE(s.contains(10));
  EXPECT_FALSE(s.contains(20));
  EXPECT_TRUE(s.covers({12, 18}));
  EXPECT_TRUE(s.covers({10, 20}));
  EXPECT_FALSE(s.covers({15, 35}));  // a gap inside
  EXPECT_TRUE(s.covers({25, 25}));   // an empty range is covered
  EXPECT_EQ(s.within({15, 35}), (std::vector<byte_range>{{15, 20}, {30, 35}}));
  EXPECT_EQ(s.missing_from({5, 45}), (std::vector<byte_range>{{5, 10}, {20, 30}, {40, 45}}));
  EXPECT_TRUE(s.missing_from({12, 18}).empty());
  EXPECT_TRUE(s.within({20, 30}).empty());
  EXPECT_TRUE(s.intersects({15, 35}));
  EXPECT_TRUE(s.intersects({19, 21}));
  EXPECT_TRUE(s.intersects({25, 31}));
  EXPECT_FALSE(s.intersects({20, 30}));  // touching is not sharing a byte
  EXPECT_FALSE(s.intersects({45, 50}));
  EXPECT_FALSE(s.intersects({15, 15}));  // an empty range has no byte
}

/// Ranges of a set of single bytes, joined, ascending.
std::vector<byte_range> ranges_of(const std::set<std::uintptr_t>& bytes) {
  std::vector<byte_range> out;
  for (std::uintptr_t b : bytes) {
    if (!out.empty() && out.back().high == b)
      ++out.back().high;
    else
      out.push_back({b, b + 1});
  }
  return out;
}

TEST(IntervalSet, AgreesWithASetOfBytes) {
  // Random adds and subtracts over 200 addresses; after each, every query answers as the
  // set of single bytes does.  The representation is unique, so ranges() must equal the
  // reference's joined ranges exactly.
  std::mt19937 random(525);
  std::uniform_int_distribution<std::uintptr_t> address(0, 200);
  interval_set s;
  std::set<std::uintptr_t> want;
  for (int step = 0; step < 2000; ++step) {
    const std::uintptr_t a = address(random), b = address(random);
    const byte_range r{std::min(a, b), std::max(a, b)};
    if (random() % 3 == 0) {
      s.subtract(r);
      for (std::uintptr_t x = r.low; x < r.high; ++x) want.erase(x);
    } else {
      s.add(r);
      for (std::uintptr_t x = r.low; x < r.high; ++x) want.insert(x);
    }
    ASSERT_EQ(s.ranges(), ranges_of(want)) << "step " << step;
    ASSERT_EQ(s.bytes(), want.size());
    const std::uintptr_t c = address(random), d = address(random);
    const byte_range q{std::min(c, d), std::max(c, d)};
    std::set<std::uintptr_t> inside, outside;
    for (std::uintptr_t x = q.low; x < q.high; ++x) (want.count(x) ? inside : outside).insert(x);
    ASSERT_EQ(s.within(q), ranges_of(inside)) << "step " << step;
    ASSERT_EQ(s.missing_from(q), ranges_of(outside)) << "step " << step;
    ASSERT_EQ(s.covers(q), outside.empty()) << "step " << step;
    ASSERT_EQ(s.intersects(q), !inside.empty()) << "step " << step;
    ASSERT_EQ(s.contains(c), want.count(c) != 0) << "step " << step;
  }
}

}  // namespace
}  // namespace clpar::rt
