//===- DriverTest.cpp - tests of clpar++'s own output ------------------------===//
#include "Driver/Driver.h"

#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

using namespace clpar::driver;

namespace {

TEST(DriverTest, CommandLinesReadAsShellCommands) {
  EXPECT_EQ(formatCommandLine({"/usr/bin/g++", "-c", "a.cpp", "-o", "a.o"}),
            "/usr/bin/g++ -c a.cpp -o a.o");
  EXPECT_EQ(formatCommandLine({"g++", "-DX=\"a b\"", "it's", ""}),
            "g++ '-DX=\"a b\"' 'it'\\''s' ''");
  EXPECT_EQ(formatCommandLine({"-Wl,-rpath,/p/lib", "-I/p/include", "@rsp", "a+b%c"}),
            "-Wl,-rpath,/p/lib -I/p/include @rsp a+b%c");
}

// DriverOptionsTest checks that every option of the table is listed.
TEST(DriverTest, HelpNamesTheEnvironment) {
  std::string Help;
  llvm::raw_string_ostream OS(Help);
  printHelp(OS);
  for (const char *Text : {"CLPAR_CXX", "CLPAR_DEVICE", "CLPAR_PROFILE", "docs/environment.md"})
    EXPECT_NE(Help.find(Text), std::string::npos) << Text;
}

} // namespace
