//===- MpiWrapperTest.cpp - tests of what clpar++ asks of an MPI compiler wrapper -===//
#include "Driver/MpiWrapper.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

using namespace clpar::driver;
using Words = std::vector<std::string>;

namespace {

TEST(MpiWrapperTest, RecognisesWrappersByName) {
  for (const char *Name :
       {"mpicxx", "mpic++", "mpiCC", "mpicc", "/usr/bin/mpicxx", "/usr/bin/mpicxx.openmpi",
        "mpic++.openmpi", "mpicxx.mpich", "mpicxx-openmpi-gcc12", "mpiicpc", "mpiicpx",
        "/opt/intel/oneapi/mpi/latest/bin/mpigxx"})
    EXPECT_TRUE(isMpiWrapperName(Name)) << Name;
  for (const char *Name : {"g++", "clang++-19", "/usr/bin/c++", "mpicxxx", "mpirun",
                           "mpiexec", "xmpicxx", "/opt/mpicxx/bin/g++", "mpicalc", ""})
    EXPECT_FALSE(isMpiWrapperName(Name)) << Name;
}

TEST(MpiWrapperTest, ShowCommandAsksTheWrapperBehindALauncher) {
  EXPECT_EQ(mpiShowCommand(Words{"/usr/bin/mpicxx"}), (Words{"/usr/bin/mpicxx", "-show"}));
  EXPECT_EQ(mpiShowCommand(Words{"/usr/bin/ccache", "mpicxx"}), (Words{"mpicxx", "-show"}));
  EXPECT_EQ(mpiShowCommand(Words{"/usr/bin/g++"}), std::nullopt);
  EXPECT_EQ(mpiShowCommand(Words{"/usr/bin/ccache", "/usr/bin/g++"}), std::nullopt);
  EXPECT_EQ(mpiShowCommand(Words{}), std::nullopt);
}

// What the wrappers print (Debian 12's Open MPI 4.1 and MPICH 4.0, Intel MPI 2021).
TEST(MpiWrapperTest, OpenMpiShowGivesItsIncludeDirectories) {
  EXPECT_EQ(mpiParseFlags("g++ -I/usr/lib/x86_64-linux-gnu/openmpi/include "
                          "-I/usr/lib/x86_64-linux-gnu/openmpi/include/openmpi "
                          "-L/usr/lib/x86_64-linux-gnu/openmpi/lib -lmpi_cxx -lmpi\n"),
            (Words{"-isystem", "/usr/lib/x86_64-linux-gnu/openmpi/include", "-isystem",
                   "/usr/lib/x86_64-linux-gnu/openmpi/include/openmpi"}));
  // A build of Open MPI with threads adds -pthread; `-showme:compile` has no compiler.
  EXPECT_EQ(mpiParseFlags("-I/opt/ompi/include -pthread\n"),
            (Words{"-isystem", "/opt/ompi/include", "-pthread"}));
}

TEST(MpiWrapperTest, MpichShowDropsLinkFlags) {
  EXPECT_EQ(mpiParseFlags("g++ -Wl,-z,relro -I/usr/include/x86_64-linux-gnu/mpich "
                          "-L/usr/lib/x86_64-linux-gnu -lmpichcxx -lmpich"),
            (Words{"-isystem", "/usr/include/x86_64-linux-gnu/mpich"}));
}

TEST(MpiWrapperTest, IntelShowIsUnquoted) {
  EXPECT_EQ(mpiParseFlags("icpc -I\"/opt/intel/mpi/include\" -L\"/opt/intel/mpi/lib/release\" "
                          "-L\"/opt/intel/mpi/lib\" -Xlinker --enable-new-dtags -Xlinker -rpath "
                          "-Xlinker \"/opt/intel/mpi/lib\" -lmpicxx -lmpifort -lmpi -ldl -lrt "
                          "-lpthread"),
            (Words{"-isystem", "/opt/intel/mpi/include"}));
}

TEST(MpiWrapperTest, KeepsEveryPreprocessorOptionInOrder) {
  EXPECT_EQ(mpiParseFlags("ccache g++ -DOMPI_SKIP_MPICXX=1 -I /a -isystem /b -isystem/c "
                          "-idirafter /d -iquote /e -include mpi_pre.h -UNDEBUG -DX=\"a b\" "
                          "-O2 -fPIC -Wall /usr/lib/libmpi.so -Xlinker -I/not-an-include"),
            (Words{"-D", "OMPI_SKIP_MPICXX=1", "-isystem", "/a", "-isystem", "/b", "-isystem",
                   "/c", "-idirafter", "/d", "-iquote", "/e", "-include", "mpi_pre.h", "-U",
                   "NDEBUG", "-D", "X=a b"}));
  EXPECT_EQ(mpiParseFlags(""), Words{});
}

class MpiWrapperQueryTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("clpar-mpi-wrapper", Dir));
  }
  void TearDown() override { llvm::sys::fs::remove_directories(Dir); }

  /// A wrapper named mpicxx that runs \p Body as a shell script.
  std::string writeWrapper(llvm::StringRef Body) {
    llvm::SmallString<256> Path(Dir);
    llvm::sys::path::append(Path, "mpicxx");
    std::error_code EC;
    {
      llvm::raw_fd_ostream OS(Path, EC);
      EXPECT_FALSE(EC);
      OS << "#!/bin/sh\n" << Body << "\n";
    }
    llvm::sys::fs::setPermissions(Path, llvm::sys::fs::all_exe | llvm::sys::fs::owner_all);
    return std::string(Path);
  }

  llvm::Expected<Words> query(const std::string &Wrapper) {
    return queryMpiWrapper({Wrapper, "-show"}, (Dir + "/out").str(), (Dir + "/err").str());
  }

  llvm::SmallString<256> Dir;
};

TEST_F(MpiWrapperQueryTest, ReadsWhatTheWrapperPrints) {
  std::string Wrapper = writeWrapper(
      "[ \"$1\" = -show ] || exit 3\necho \"g++ -I/opt/mpi/include -L/opt/mpi/lib -lmpi\"");
  llvm::Expected<Words> Flags = query(Wrapper);
  ASSERT_TRUE(!!Flags) << llvm::toString(Flags.takeError());
  EXPECT_EQ(*Flags, (Words{"-isystem", "/opt/mpi/include"}));
}

TEST_F(MpiWrapperQueryTest, AFailingWrapperIsQuoted) {
  std::string Wrapper = writeWrapper("echo 'g++: error: unrecognized command-line option' >&2\n"
                                     "echo 'more' >&2\nexit 1");
  llvm::Expected<Words> Flags = query(Wrapper);
  ASSERT_FALSE(!!Flags);
  EXPECT_EQ(llvm::toString(Flags.takeError()),
            "'" + Wrapper +
                " -show' exited with status 1: g++: error: unrecognized command-line option");
}

TEST_F(MpiWrapperQueryTest, SilenceAndAbsenceAreFailures) {
  llvm::Expected<Words> Silent = query(writeWrapper("exit 0"));
  ASSERT_FALSE(!!Silent);
  EXPECT_NE(llvm::toString(Silent.takeError()).find("-show' printed nothing"),
            std::string::npos);
  llvm::Expected<Words> Missing = query("mpicxx-not-installed-for-clpar");
  ASSERT_FALSE(!!Missing);
  EXPECT_EQ(llvm::toString(Missing.takeError()),
            "'mpicxx-not-installed-for-clpar -show' cannot run: "
            "'mpicxx-not-installed-for-clpar' is not in PATH");
}

} // namespace
