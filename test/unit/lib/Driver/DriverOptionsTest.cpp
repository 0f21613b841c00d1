// Unit tests of lib/Driver/DriverOptions: the table that clpar++'s reader and --help share.
#include "Driver/CompilerArgs.h"
#include "Driver/Driver.h"
#include "Driver/DriverOptions.h"

#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

namespace clpar::driver {
namespace {

/// A spelling of \p O that the reader must accept on its own.
std::vector<std::string> exampleUse(const DriverOption &O) {
  switch (O.Form) {
  case ValueForm::None:
    return {O.Name};
  case ValueForm::Joined:
    return {std::string(O.Name) + "=" +
            (O.ID == DriverOptionID::TranslateHeaders ? "none" : "/some/dir")};
  case ValueForm::OptionalJoined:
    return {std::string(O.Name) + "=/some/dir"};
  case ValueForm::FollowingWords:
    return {O.Name, "g++"};
  }
  return {};
}

TEST(DriverOptionsTest, NamesAreUnique) {
  std::set<std::string> Names;
  for (const DriverOption &O : driverOptions())
    EXPECT_TRUE(Names.insert(O.Name).second) << O.Name;
}

TEST(DriverOptionsTest, EveryListedOptionIsReadAsClpars) {
  for (const DriverOption &O : driverOptions()) {
    std::vector<std::string> Argv = exampleUse(O);
    Argv.push_back("a.cpp");
    llvm::Expected<CompilerArgs> Parsed = CompilerArgs::parse(Argv);
    ASSERT_TRUE(static_cast<bool>(Parsed)) << O.Name << ": " << toString(Parsed.takeError());
    // Only -v also reaches the compiler.
    const size_t CompilerFlags = O.ID == DriverOptionID::Verbose ? 1u : 0u;
    EXPECT_EQ(Parsed->Args.size(), CompilerFlags + 1) << O.Name;
  }
}

TEST(DriverOptionsTest, MatchSplitsTheJoinedValue) {
  auto Keep = matchDriverOption("--keep-generated=out/k");
  ASSERT_TRUE(Keep);
  EXPECT_EQ(Keep->Option->ID, DriverOptionID::KeepGenerated);
  EXPECT_EQ(Keep->Value, "out/k");
  auto Bare = matchDriverOption("--keep-generated");
  ASSERT_TRUE(Bare);
  EXPECT_FALSE(Bare->Value);
  // A longer name that starts with a shorter one is its own option or none.
  EXPECT_EQ(matchDriverOption("--no-opencl-gpu")->Option->ID, DriverOptionID::NoOpenCLGPU);
  EXPECT_EQ(matchDriverOption("--translate-headers-in=d")->Option->ID,
            DriverOptionID::TranslateHeadersIn);
  EXPECT_FALSE(matchDriverOption("--no-opencl-cpu"));
  EXPECT_FALSE(matchDriverOption("-Rclpar-offload"));
  EXPECT_FALSE(matchDriverOption("--clpar-cxx"));
  EXPECT_FALSE(matchDriverOption("-vv"));
}

TEST(DriverOptionsTest, HelpListsEveryOptionWithItsText) {
  std::string Help;
  llvm::raw_string_ostream OS(Help);
  printHelp(OS);
  for (const DriverOption &O : driverOptions()) {
    EXPECT_NE(Help.find(std::string("  ") + O.Name), std::string::npos) << O.Name;
    const std::string FirstLine = llvm::StringRef(O.Help).split('\n').first.str();
    EXPECT_NE(Help.find(FirstLine), std::string::npos) << O.Name;
  }
}

} // namespace
} // namespace clpar::driver
