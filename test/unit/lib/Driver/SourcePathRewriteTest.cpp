//===- SourcePathRewriteTest.cpp - tests of putting source names back --------===//
#include "Driver/SourcePathRewrite.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

using namespace clpar::driver;

namespace {

const std::vector<PathReplacement> Copies = {{"/tmp/clpar-x/0/a.cpp", "src/a.cpp"},
                                             {"/tmp/clpar-x/1/b.cpp", "b.cpp"}};

TEST(SourcePathRewriteTest, EscapeForMake) {
  EXPECT_EQ(escapeForMake("src/a.cpp"), "src/a.cpp");
  EXPECT_EQ(escapeForMake("my src/a b.cpp"), "my\\ src/a\\ b.cpp");
  EXPECT_EQ(escapeForMake("a#1.cpp"), "a\\#1.cpp");
  EXPECT_EQ(escapeForMake("$x.cpp"), "$$x.cpp");
  // A backslash before a space is doubled, then the space escaped (gcc's mkdeps).
  EXPECT_EQ(escapeForMake("a\\ b"), "a\\\\\\ b");
}

TEST(SourcePathRewriteTest, EscapeForLineMarker) {
  EXPECT_EQ(escapeForLineMarker("src/a.cpp"), "src/a.cpp");
  EXPECT_EQ(escapeForLineMarker("a\"b\\c"), "a\\\"b\\\\c");
}

TEST(SourcePathRewriteTest, DependencyFile) {
  std::optional<std::string> Out = replacePaths(
      "obj/a.o: /tmp/clpar-x/0/a.cpp /p/include/clpar/rt/openmp.hpp \\\n src/a.h\n",
      Copies, OutputSyntax::Make);
  ASSERT_TRUE(Out);
  EXPECT_EQ(*Out, "obj/a.o: src/a.cpp /p/include/clpar/rt/openmp.hpp \\\n src/a.h\n");
}

TEST(SourcePathRewriteTest, EveryOccurrenceAndEveryCopy) {
  std::optional<std::string> Out =
      replacePaths("a.o: /tmp/clpar-x/0/a.cpp\nb.o: /tmp/clpar-x/1/b.cpp\n"
                   "/tmp/clpar-x/0/a.cpp:\n",
                   Copies, OutputSyntax::Make);
  ASSERT_TRUE(Out);
  EXPECT_EQ(*Out, "a.o: src/a.cpp\nb.o: b.cpp\nsrc/a.cpp:\n");
}

TEST(SourcePathRewriteTest, SourceNamesAreEscaped) {
  std::vector<PathReplacement> Spaced = {{"/tmp/clpar-x/0/a b.cpp", "my dir/a b.cpp"}};
  std::optional<std::string> Out =
      replacePaths("a.o: /tmp/clpar-x/0/a\\ b.cpp x.h\n", Spaced, OutputSyntax::Make);
  ASSERT_TRUE(Out);
  EXPECT_EQ(*Out, "a.o: my\\ dir/a\\ b.cpp x.h\n");
}

TEST(SourcePathRewriteTest, NothingToReplace) {
  EXPECT_FALSE(replacePaths("a.o: src/a.cpp\n", Copies, OutputSyntax::Make));
  EXPECT_FALSE(replacePaths("", Copies, OutputSyntax::LineMarkers));
}

TEST(SourcePathRewriteTest, LineMarkers) {
  std::vector<PathReplacement> Quoted = {{"/tmp/clpar-x/0/a.cpp", "we\"ird.cpp"}};
  std::optional<std::string> Out =
      replacePaths("# 0 \"/tmp/clpar-x/0/a.cpp\"\n# 1 \"<built-in>\"\nint x;\n", Quoted,
                   OutputSyntax::LineMarkers);
  ASSERT_TRUE(Out);
  EXPECT_EQ(*Out, "# 0 \"we\\\"ird.cpp\"\n# 1 \"<built-in>\"\nint x;\n");
}

TEST(SourcePathRewriteTest, RewriteFile) {
  llvm::SmallString<128> File;
  ASSERT_FALSE(llvm::sys::fs::createTemporaryFile("deps", "d", File));
  {
    std::error_code EC;
    llvm::raw_fd_ostream OS(File, EC);
    ASSERT_FALSE(EC);
    OS << "a.o: /tmp/clpar-x/0/a.cpp\n";
  }
  llvm::Expected<bool> Changed = rewriteFile(File, Copies, OutputSyntax::Make);
  ASSERT_TRUE(bool(Changed));
  EXPECT_TRUE(*Changed);
  auto Buffer = llvm::MemoryBuffer::getFile(File);
  ASSERT_TRUE(bool(Buffer));
  EXPECT_EQ((*Buffer)->getBuffer(), "a.o: src/a.cpp\n");

  llvm::Expected<bool> Again = rewriteFile(File, Copies, OutputSyntax::Make);
  ASSERT_TRUE(bool(Again));
  EXPECT_FALSE(*Again);
  llvm::sys::fs::remove(File);

  llvm::Expected<bool> Missing = rewriteFile(File, Copies, OutputSyntax::Make);
  ASSERT_TRUE(bool(Missing));
  EXPECT_FALSE(*Missing);
  EXPECT_FALSE(llvm::sys::fs::exists(File));
}

} // namespace
