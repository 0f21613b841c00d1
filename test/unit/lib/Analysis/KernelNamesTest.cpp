//===- KernelNamesTest.cpp - Tests of Analysis/KernelNames ---------------===//
#include "Analysis/KernelNames.h"

#include <gtest/gtest.h>

#include <set>

using clpar::KernelNames;

namespace {

int Keys[16];

TEST(KernelNamesTest, KeepsOrdinaryNames) {
  KernelNames N;
  EXPECT_EQ(N.nameFor(&Keys[0], "alpha"), "alpha");
  EXPECT_EQ(N.nameFor(&Keys[0], "alpha"), "alpha") << "same key, same name";
}

TEST(KernelNamesTest, RenamesOpenCLWords) {
  KernelNames N;
  EXPECT_EQ(N.nameFor(&Keys[0], "global"), "clpar_u_global_");
  EXPECT_EQ(N.nameFor(&Keys[1], "half"), "clpar_u_half_");
  EXPECT_EQ(N.nameFor(&Keys[2], "min"), "clpar_u_min_");
  EXPECT_EQ(N.nameFor(&Keys[3], "float4"), "clpar_u_float4_");
  EXPECT_EQ(N.nameFor(&Keys[4], "convert_int"), "clpar_u_convert_int_");
  EXPECT_EQ(N.nameFor(&Keys[5], "clpar_k0"), "clpar_u_clpar_k0_");
}

TEST(KernelNamesTest, RenamesDerivedParameterShapes) {
  KernelNames N;
  EXPECT_EQ(N.nameFor(&Keys[0], "x_off"), "clpar_u_x_off_");
  EXPECT_EQ(N.nameFor(&Keys[1], "x_e0"), "clpar_u_x_e0_");
  EXPECT_EQ(N.nameFor(&Keys[2], "x_s12"), "clpar_u_x_s12_");
  EXPECT_EQ(N.nameFor(&Keys[3], "x_s"), "x_s") << "no digits: not a derived name";
  EXPECT_EQ(N.nameFor(&Keys[4], "x_end"), "x_end");
  // A view of structs takes its memory and byte offset as v_bytes and v_boff.
  EXPECT_EQ(N.nameFor(&Keys[5], "x_bytes"), "clpar_u_x_bytes_");
  EXPECT_EQ(N.nameFor(&Keys[6], "x_boff"), "clpar_u_x_boff_");
}

TEST(KernelNamesTest, DistinctKeysGetDistinctNames) {
  KernelNames N;
  std::set<std::string> Seen;
  const char *Names[] = {"t", "t", "t", "clpar_u_t_", "global", "clpar_u_global_"};
  for (int I = 0; I < 6; ++I)
    EXPECT_TRUE(Seen.insert(N.nameFor(&Keys[I], Names[I])).second) << Names[I];
}

} // namespace
