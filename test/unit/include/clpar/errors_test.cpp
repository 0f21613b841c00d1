// Unit tests of clpar/errors.hpp: bounds_error and shape_error.
#include "clpar/errors.hpp"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <type_traits>

namespace {

static_assert(std::is_base_of_v<std::out_of_range, clpar::bounds_error>);
static_assert(std::is_base_of_v<std::invalid_argument, clpar::shape_error>);
// Exceptions are copied while they propagate: copying must not throw.
static_assert(std::is_nothrow_copy_constructible_v<clpar::bounds_error>);

TEST(BoundsError, KeepsItsFields) {
  const clpar::bounds_error e("src/a.cpp", 12, 7, 10, 4);
  EXPECT_STREQ(e.file(), "src/a.cpp");
  EXPECT_EQ(e.line(), 12u);
  EXPECT_EQ(e.column(), 7u);
  EXPECT_EQ(e.index(), 10u);
  EXPECT_EQ(e.extent(), 4u);
  EXPECT_EQ(e.view_name(), nullptr);
}

TEST(BoundsError, MessageWithoutName) {
  const clpar::bounds_error e("src/a.cpp", 12, 7, 10, 4);
  EXPECT_STREQ(e.what(), "src/a.cpp:12:7: index 10 out of range for extent 4");
}

TEST(BoundsError, MessageWithName) {
  const clpar::bounds_error e("b.cpp", 3, 9, 5, 5, "weights");
  EXPECT_STREQ(e.view_name(), "weights");
  EXPECT_STREQ(e.what(), "b.cpp:3:9: index 5 out of range for extent 5 of 'weights'");
}

TEST(BoundsError, OutlivesTheStringsItWasGiven) {
  std::string file = "gone.cpp";
  std::string name = "v";
  const clpar::bounds_error e(file.c_str(), 1, 2, 3, 0, name.c_str());
  file.assign("xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx");
  name.assign("yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy");
  EXPECT_STREQ(e.file(), "gone.cpp");
  EXPECT_STREQ(e.view_name(), "v");
}

TEST(BoundsError, CopiesShareTheDetails) {
  const clpar::bounds_error e("c.cpp", 1, 1, 2, 1, "m");
  const clpar::bounds_error copy = e;
  EXPECT_STREQ(copy.file(), "c.cpp");
  EXPECT_STREQ(copy.view_name(), "m");
  EXPECT_STREQ(copy.what(), e.what());
}

TEST(BoundsError, CaughtAsOutOfRange) {
  try {
    throw clpar::bounds_error("d.cpp", 1, 1, 1, 1);
  } catch (const std::out_of_range& e) {
    EXPECT_NE(std::string(e.what()).find("index 1 out of range"), std::string::npos);
    return;
  }
  FAIL() << "not caught as std::out_of_range";
}

TEST(ShapeError, CaughtAsInvalidArgument) {
  EXPECT_THROW(throw clpar::shape_error("shapes differ"), std::invalid_argument);
  EXPECT_STREQ(clpar::shape_error("shapes differ").what(), "shapes differ");
}

TEST(DeviceError, NamesTheMemoryAndIsARuntimeError) {
  int memory[4] = {};
  const clpar::device_error e("lost 16 bytes", memory, sizeof memory);
  EXPECT_EQ(e.address(), memory);
  EXPECT_EQ(e.bytes(), sizeof memory);
  const clpar::device_error copy = e;
  EXPECT_STREQ(copy.what(), "lost 16 bytes");
  EXPECT_EQ(copy.address(), memory);
  EXPECT_THROW(throw e, std::runtime_error);
}

}  // namespace
