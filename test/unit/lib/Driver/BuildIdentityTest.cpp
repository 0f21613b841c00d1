//===- BuildIdentityTest.cpp - tests of the build identity in --version ------===//
#include "Driver/BuildIdentity.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <string>

using namespace clpar::driver;

namespace {

class BuildIdentityTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("clpar-identity", Root));
    Translator = path({"clpar-translate"});
    Include = path({"include"});
    write(Translator, "translator 1");
    write(path({"include", "clpar", "clpar.hpp"}), "#include <clpar/rt/args.hpp>\n");
    write(path({"include", "clpar", "rt", "args.hpp"}), "// args\n");
  }
  void TearDown() override { llvm::sys::fs::remove_directories(Root); }

  std::string path(std::initializer_list<const char *> Parts) {
    llvm::SmallString<256> P(Root);
    for (const char *Part : Parts)
      llvm::sys::path::append(P, Part);
    return std::string(P);
  }
  void write(const std::string &File, const std::string &Text) {
    ASSERT_FALSE(llvm::sys::fs::create_directories(llvm::sys::path::parent_path(File)));
    std::error_code EC;
    llvm::raw_fd_ostream Out(File, EC);
    ASSERT_FALSE(EC) << File;
    Out << Text;
  }
  std::string identity() {
    llvm::Expected<std::string> Id = buildIdentity(Translator, Include);
    if (!Id) {
      ADD_FAILURE() << llvm::toString(Id.takeError());
      return "";
    }
    return *Id;
  }

  llvm::SmallString<128> Root;
  std::string Translator, Include;
};

TEST_F(BuildIdentityTest, IsSixteenHexDigitsAndStable) {
  std::string Id = identity();
  ASSERT_EQ(Id.size(), 16u);
  EXPECT_EQ(Id.find_first_not_of("0123456789abcdef"), std::string::npos);
  EXPECT_EQ(identity(), Id);
}

TEST_F(BuildIdentityTest, ChangesWithTheTranslator) {
  std::string Before = identity();
  write(Translator, "translator 2");
  EXPECT_NE(identity(), Before);
}

TEST_F(BuildIdentityTest, ChangesWithAnyHeaderOfClpar) {
  std::string Before = identity();
  write(path({"include", "clpar", "rt", "args.hpp"}), "// args, changed\n");
  std::string Changed = identity();
  EXPECT_NE(Changed, Before);
  write(path({"include", "clpar", "rt", "new.hpp"}), "");
  EXPECT_NE(identity(), Changed);
}

TEST_F(BuildIdentityTest, ChangesWhenAHeaderMovesWithTheSameContents) {
  std::string Before = identity();
  ASSERT_FALSE(llvm::sys::fs::rename(path({"include", "clpar", "rt", "args.hpp"}),
                                     path({"include", "clpar", "rt", "argz.hpp"})));
  EXPECT_NE(identity(), Before);
}

TEST_F(BuildIdentityTest, IgnoresFilesOutsideClparsHeaders) {
  std::string Before = identity();
  write(path({"include", "other.hpp"}), "// not clpar's\n");
  EXPECT_EQ(identity(), Before);
}

TEST_F(BuildIdentityTest, AMissingTranslatorIsAnError) {
  Translator = path({"nowhere"});
  llvm::Expected<std::string> Id = buildIdentity(Translator, Include);
  ASSERT_FALSE(Id);
  EXPECT_NE(llvm::toString(Id.takeError()).find("nowhere"), std::string::npos);
}

} // namespace
