//===- JobsTest.cpp - tests of the commands clpar++ plans --------------------===//
#include "Driver/Jobs.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <initializer_list>

using namespace clpar::driver;
using Words = std::vector<std::string>;

namespace {

const Installation Pieces{"/p/bin/clpar-translate", "/p/include", "/p/lib"};
const Words Gxx{"/usr/bin/g++"};
const char *const Temp = "/tmp/clpar-x";

JobList plan(std::initializer_list<const char *> Argv, const Words &Compiler = Gxx) {
  std::vector<std::string> Args(Argv.begin(), Argv.end());
  llvm::Expected<CompilerArgs> Parsed = CompilerArgs::parse(Args);
  if (!Parsed) {
    ADD_FAILURE() << llvm::toString(Parsed.takeError());
    return JobList();
  }
  return planJobs(*Parsed, Compiler, Pieces, Temp);
}

Words concat(std::initializer_list<Words> Parts) {
  Words All;
  for (const Words &P : Parts)
    All.insert(All.end(), P.begin(), P.end());
  return All;
}

const Words RuntimeLink = {"-L/p/lib",  "-Wl,-rpath,/p/lib", "-Wl,--push-state,--as-needed",
                           "-lclpar_rt", "-Wl,--pop-state"};

TEST(JobsTest, CompileOneSource) {
  JobList J = plan({"-O2", "-Iinc", "-c", "src/a.cpp", "-o", "a.o"});
  ASSERT_EQ(J.Translations.size(), 1u);
  const Translation &T = J.Translations[0];
  EXPECT_EQ(T.Source, "src/a.cpp");
  EXPECT_EQ(T.Subdirectory, "/tmp/clpar-x/0");
  EXPECT_EQ(T.Translated, "/tmp/clpar-x/0/a.cpp");
  EXPECT_EQ(T.HeaderDir, "/tmp/clpar-x/0/headers");
  EXPECT_EQ(T.Translate.Argv,
            (Words{"/p/bin/clpar-translate", "src/a.cpp", "-o", "/tmp/clpar-x/0/a.cpp",
                   "--header-dir=/tmp/clpar-x/0/headers", "--",
                   "-I/p/include", "-std=gnu++20", "-O2", "-Iinc", "-fopenmp"}));
  EXPECT_FALSE(T.KeptCopy);
  EXPECT_EQ(J.Compile.Argv,
            (Words{"/usr/bin/g++", "-iquote", "src", "-I/p/include", "-std=gnu++20",
                   "-fopenmp", "-fdebug-prefix-map=/tmp/clpar-x/0=src", "-O2", "-Iinc", "-c",
                   "/tmp/clpar-x/0/a.cpp", "-o", "a.o"}));
  EXPECT_FALSE(J.Compile.StdoutFile);
  ASSERT_EQ(J.Replacements.size(), 1u);
  EXPECT_EQ(J.Replacements[0].From, "/tmp/clpar-x/0/a.cpp");
  EXPECT_EQ(J.Replacements[0].To, "src/a.cpp");
  EXPECT_TRUE(J.Fixups.empty());
}

TEST(JobsTest, SourceWithoutDirectoryQuotesTheWorkingDirectory) {
  JobList J = plan({"-c", "a.cpp"});
  EXPECT_EQ(J.Compile.Argv,
            (Words{"/usr/bin/g++", "-iquote", ".", "-I/p/include", "-std=gnu++20", "-fopenmp",
                   "-fdebug-prefix-map=/tmp/clpar-x/0=.", "-c", "/tmp/clpar-x/0/a.cpp"}));
}

// Only --strict-fp also reaches the compiler: the host variant must not contract either.
TEST(JobsTest, ClparOptionsGoToTheTranslator) {
  JobList J = plan({"--no-opencl", "--no-opencl-gpu", "--no-bounds-check", "--strict-fp",
                    "-Rclpar", "--translate-headers=none", "--translate-headers-in=/opt/k",
                    "--no-translate-headers-in=gen", "--keep-generated=gen", "-std=c++20",
                    "-c", "a.cpp"});
  ASSERT_EQ(J.Translations.size(), 1u);
  EXPECT_EQ(J.Translations[0].Translate.Argv,
            (Words{"/p/bin/clpar-translate", "a.cpp", "-o", "/tmp/clpar-x/0/a.cpp",
                   "--header-dir=/tmp/clpar-x/0/headers", "--no-opencl", "--no-opencl-gpu",
                   "--no-bounds-check", "--strict-fp", "-Rclpar", "--translate-headers=none",
                   "--translate-headers-in=/opt/k", "--no-translate-headers-in=gen",
                   "--keep-generated=gen", "--", "-I/p/include", "-std=c++20", "-fopenmp"}));
  EXPECT_EQ(J.Translations[0].KeptCopy, "gen/a.cpp");
  // The user's -std= replaces the default.
  EXPECT_EQ(J.Compile.Argv,
            (Words{"/usr/bin/g++", "-iquote", ".", "-I/p/include", "-fopenmp",
                   "-ffp-contract=off", "-fdebug-prefix-map=/tmp/clpar-x/0=.", "-std=c++20",
                   "-c", "/tmp/clpar-x/0/a.cpp"}));
}

TEST(JobsTest, LinkingAddsTheRuntime) {
  JobList J = plan({"a.cpp", "b.o", "-o", "app", "-lm"});
  ASSERT_EQ(J.Translations.size(), 1u);
  EXPECT_EQ(J.Compile.Argv,
            concat({{"/usr/bin/g++", "-iquote", ".", "-I/p/include", "-std=gnu++20",
                     "-fopenmp", "-fdebug-prefix-map=/tmp/clpar-x/0=.",
                     "/tmp/clpar-x/0/a.cpp", "b.o", "-o", "app", "-lm"},
                    RuntimeLink}));
}

TEST(JobsTest, LinkingObjectsOnly) {
  JobList J = plan({"a.o", "b.o", "-o", "app"});
  EXPECT_TRUE(J.Translations.empty());
  EXPECT_EQ(J.Compile.Argv,
            concat({{"/usr/bin/g++", "-fopenmp", "a.o", "b.o", "-o", "app"}, RuntimeLink}));
}

TEST(JobsTest, NoOpenCLLinksNoRuntime) {
  JobList J = plan({"--no-opencl", "a.o", "-o", "app"});
  EXPECT_EQ(J.Compile.Argv, (Words{"/usr/bin/g++", "-fopenmp", "a.o", "-o", "app"}));
}

TEST(JobsTest, CompilingDoesNotLink) {
  for (const char *Stop : {"-c", "-S", "-E", "-fsyntax-only", "-M"}) {
    JobList J = plan({Stop, "a.cpp"});
    for (const std::string &W : J.Compile.Argv)
      EXPECT_NE(W, "-lclpar_rt") << Stop;
  }
}

TEST(JobsTest, NothingToCompilePassesThrough) {
  EXPECT_EQ(plan({"-dumpmachine"}).Compile.Argv, (Words{"/usr/bin/g++", "-dumpmachine"}));
  EXPECT_EQ(plan({"-v"}).Compile.Argv, (Words{"/usr/bin/g++", "-v"}));
  EXPECT_EQ(plan({}).Compile.Argv, Words{"/usr/bin/g++"});
}

TEST(JobsTest, SeveralSources) {
  JobList J = plan({"-c", "src/a.cpp", "lib/a.cpp", "src/b.cc", "x.c"});
  ASSERT_EQ(J.Translations.size(), 3u);
  EXPECT_EQ(J.Translations[0].Translated, "/tmp/clpar-x/0/a.cpp");
  EXPECT_EQ(J.Translations[1].Translated, "/tmp/clpar-x/1/a.cpp");
  EXPECT_EQ(J.Translations[2].Translated, "/tmp/clpar-x/2/b.cc");
  EXPECT_EQ(J.Compile.Argv,
            (Words{"/usr/bin/g++", "-iquote", "src", "-iquote", "lib", "-I/p/include",
                   "-std=gnu++20", "-fopenmp", "-fdebug-prefix-map=/tmp/clpar-x/0=src",
                   "-fdebug-prefix-map=/tmp/clpar-x/1=lib",
                   "-fdebug-prefix-map=/tmp/clpar-x/2=src", "-c", "/tmp/clpar-x/0/a.cpp",
                   "/tmp/clpar-x/1/a.cpp", "/tmp/clpar-x/2/b.cc", "x.c"}));
  EXPECT_EQ(J.Replacements.size(), 3u);
}

TEST(JobsTest, KeptCopiesDoNotCollide) {
  JobList J = plan({"--keep-generated", "-c", "src/a.cpp", "lib/a.cpp"});
  ASSERT_EQ(J.Translations.size(), 2u);
  EXPECT_EQ(J.Translations[0].KeptCopy, "clpar-generated/a.cpp");
  EXPECT_EQ(J.Translations[1].KeptCopy, "clpar-generated/a.1.cpp");
  const Words &Argv = J.Translations[0].Translate.Argv;
  EXPECT_NE(std::find(Argv.begin(), Argv.end(), "--keep-generated=clpar-generated"),
            Argv.end());
}

TEST(JobsTest, ForcedLanguageReachesTheTranslator) {
  JobList J = plan({"-x", "c++", "-c", "k.inc"});
  ASSERT_EQ(J.Translations.size(), 1u);
  const Words &Tr = J.Translations[0].Translate.Argv;
  EXPECT_EQ(Words(Tr.end() - 2, Tr.end()), (Words{"-x", "c++"}));
  EXPECT_EQ(J.Translations[0].Translated, "/tmp/clpar-x/0/k.inc");
}

TEST(JobsTest, ThroughALauncher) {
  JobList J = plan({"-c", "a.cpp"}, Words{"/usr/bin/ccache", "g++"});
  EXPECT_EQ(Words(J.Compile.Argv.begin(), J.Compile.Argv.begin() + 3),
            (Words{"/usr/bin/ccache", "g++", "-iquote"}));
  // A response file, when needed, must come after both words.
  EXPECT_EQ(J.Compile.ProgramWords, 2u);
}

// An MPI wrapper's include directories (Driver/MpiWrapper.h) reach the translator after
// the command's own flags; the wrapper adds them to the compile by itself.
TEST(JobsTest, CompilerParseFlagsGoToTheTranslatorOnly) {
  std::vector<std::string> Args{"-Iinc", "-c", "a.cpp"};
  llvm::Expected<CompilerArgs> Parsed = CompilerArgs::parse(Args);
  ASSERT_TRUE(!!Parsed);
  const Words Mpi{"-isystem", "/opt/mpi/include", "-pthread"};
  JobList J = planJobs(*Parsed, Words{"/usr/bin/mpicxx"}, Pieces, Temp, Mpi);
  ASSERT_EQ(J.Translations.size(), 1u);
  const Words &Tr = J.Translations[0].Translate.Argv;
  EXPECT_EQ(Words(Tr.end() - 5, Tr.end()),
            (Words{"-Iinc", "-isystem", "/opt/mpi/include", "-pthread", "-fopenmp"}));
  EXPECT_EQ(std::count(J.Compile.Argv.begin(), J.Compile.Argv.end(), "/opt/mpi/include"), 0);
}

TEST(JobsTest, OnlyTheCompilerTakesResponseFiles) {
  JobList J = plan({"-c", "a.cpp"});
  EXPECT_TRUE(J.Compile.TakesResponseFiles);
  EXPECT_EQ(J.Compile.ProgramWords, 1u);
  ASSERT_EQ(J.Translations.size(), 1u);
  EXPECT_FALSE(J.Translations[0].Translate.TakesResponseFiles);
}

TEST(JobsTest, DependencyFileFromMF) {
  JobList J = plan({"-MD", "-MT", "obj/a.o", "-MF", "obj/a.o.d", "-c", "a.cpp", "-o",
                    "obj/a.o"});
  ASSERT_EQ(J.Fixups.size(), 1u);
  EXPECT_EQ(J.Fixups[0].Candidates, Words{"obj/a.o.d"});
  EXPECT_EQ(J.Fixups[0].Syntax, OutputSyntax::Make);
  EXPECT_FALSE(J.Fixups[0].IsCapturedStdout);
}

TEST(JobsTest, DependencyFileBesideTheOutput) {
  JobList J = plan({"-MMD", "-c", "src/a.cpp", "-o", "obj/a.o"});
  ASSERT_EQ(J.Fixups.size(), 1u);
  EXPECT_EQ(J.Fixups[0].Candidates, Words{"obj/a.d"});
}

TEST(JobsTest, DependencyFileWithoutOutput) {
  JobList J = plan({"-MD", "src/a.cpp", "src/b.cpp"});
  ASSERT_EQ(J.Fixups.size(), 1u);
  EXPECT_EQ(J.Fixups[0].Candidates, (Words{"a.d", "a-a.d", "b.d", "a-b.d"}));
}

TEST(JobsTest, PreprocessingToStdoutIsCaptured) {
  JobList J = plan({"-E", "a.cpp"});
  EXPECT_EQ(J.Compile.StdoutFile, "/tmp/clpar-x/stdout");
  ASSERT_EQ(J.Fixups.size(), 1u);
  EXPECT_EQ(J.Fixups[0].Candidates, Words{"/tmp/clpar-x/stdout"});
  EXPECT_EQ(J.Fixups[0].Syntax, OutputSyntax::LineMarkers);
  EXPECT_TRUE(J.Fixups[0].IsCapturedStdout);
}

TEST(JobsTest, PreprocessingToAFile) {
  JobList J = plan({"-E", "a.cpp", "-o", "a.ii"});
  EXPECT_FALSE(J.Compile.StdoutFile);
  ASSERT_EQ(J.Fixups.size(), 1u);
  EXPECT_EQ(J.Fixups[0].Candidates, Words{"a.ii"});
  EXPECT_EQ(J.Fixups[0].Syntax, OutputSyntax::LineMarkers);
}

TEST(JobsTest, DependenciesAsOutput) {
  JobList J = plan({"-MM", "a.cpp"});
  ASSERT_EQ(J.Fixups.size(), 1u);
  EXPECT_TRUE(J.Fixups[0].IsCapturedStdout);
  EXPECT_EQ(J.Fixups[0].Syntax, OutputSyntax::Make);

  JobList F = plan({"-M", "-MF", "a.d", "a.cpp"});
  ASSERT_EQ(F.Fixups.size(), 2u);
  EXPECT_TRUE(F.Fixups[0].IsCapturedStdout);
  EXPECT_EQ(F.Fixups[1].Candidates, Words{"a.d"});
}

TEST(JobsTest, NoFixupsWithoutSources) {
  EXPECT_TRUE(plan({"-E", "x.c"}).Fixups.empty());
  EXPECT_FALSE(plan({"-E", "x.c"}).Compile.StdoutFile);
  EXPECT_TRUE(plan({"-MD", "-c", "x.c"}).Fixups.empty());
}

} // namespace
