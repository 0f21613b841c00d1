//===- CompilerArgsTest.cpp - tests of clpar++'s command-line sorting --------===//
#include "Driver/CompilerArgs.h"

#include "gtest/gtest.h"

#include <initializer_list>

using namespace clpar::driver;
using Kind = CompilerArg::Kind;
using Words = std::vector<std::string>;

namespace {

CompilerArgs parse(std::initializer_list<const char *> Argv) {
  std::vector<std::string> Args(Argv.begin(), Argv.end());
  llvm::Expected<CompilerArgs> Parsed = CompilerArgs::parse(Args);
  if (!Parsed) {
    ADD_FAILURE() << llvm::toString(Parsed.takeError());
    return CompilerArgs();
  }
  return std::move(*Parsed);
}

std::string parseError(std::initializer_list<const char *> Argv) {
  std::vector<std::string> Args(Argv.begin(), Argv.end());
  llvm::Expected<CompilerArgs> Parsed = CompilerArgs::parse(Args);
  if (Parsed)
    return "(no error)";
  return llvm::toString(Parsed.takeError());
}

/// The arguments of kind \p K, one string per argument (words joined by a space).
Words ofKind(const CompilerArgs &A, Kind K) {
  Words Result;
  for (const CompilerArg &Arg : A.Args) {
    if (Arg.K != K)
      continue;
    std::string Joined;
    for (const std::string &W : Arg.Words)
      Joined += (Joined.empty() ? "" : " ") + W;
    Result.push_back(Joined);
  }
  return Result;
}

Words sources(const CompilerArgs &A) { return ofKind(A, Kind::Source); }
Words inputs(const CompilerArgs &A) { return ofKind(A, Kind::Input); }
Words flags(const CompilerArgs &A) { return ofKind(A, Kind::Flag); }

TEST(CompilerArgsTest, CompileOneSource) {
  CompilerArgs A = parse({"-c", "foo.cpp", "-o", "foo.o"});
  EXPECT_EQ(sources(A), Words{"foo.cpp"});
  EXPECT_EQ(inputs(A), Words{});
  EXPECT_EQ(flags(A), (Words{"-c", "-o foo.o"}));
  EXPECT_EQ(A.Output, "foo.o");
  EXPECT_EQ(A.FinalPhase, Phase::Assemble);
  EXPECT_TRUE(A.ParseFlags.empty());
  EXPECT_TRUE(A.hasSources());
  EXPECT_TRUE(A.hasInputs());
}

TEST(CompilerArgsTest, KeepsTheOrderOfEverything) {
  CompilerArgs A = parse({"-O2", "a.cpp", "x.o", "-DX", "b.cc", "-lm"});
  ASSERT_EQ(A.Args.size(), 6u);
  EXPECT_EQ(A.Args[0].Words, Words{"-O2"});
  EXPECT_EQ(A.Args[1].K, Kind::Source);
  EXPECT_EQ(A.Args[2].K, Kind::Input);
  EXPECT_EQ(A.Args[3].Words, Words{"-DX"});
  EXPECT_EQ(A.Args[4].path(), "b.cc");
  EXPECT_EQ(A.Args[5].Words, Words{"-lm"});
  EXPECT_EQ(A.FinalPhase, Phase::Link);
}

TEST(CompilerArgsTest, CxxExtensionsAreSources) {
  for (const char *Name : {"a.cpp", "a.cc", "a.cxx", "a.c++", "a.cp", "a.CPP", "a.C",
                           "dir.x/a.cpp", "../a.cpp", "/abs/a.cc"})
    EXPECT_TRUE(hasCxxSourceExtension(Name)) << Name;
  for (const char *Name : {"a.c", "a.o", "a.a", "a.so", "a.h", "a.hpp", "a.ii", "a.s",
                           "a.cu", "a.Cpp", "a", "cpp", "a.cpp.o", "a.cppm"})
    EXPECT_FALSE(hasCxxSourceExtension(Name)) << Name;
}

TEST(CompilerArgsTest, OtherPositionalArgumentsAreInputs) {
  CompilerArgs A = parse({"main.o", "libx.a", "liby.so.1", "c.c", "s.S", "-"});
  EXPECT_EQ(sources(A), Words{});
  EXPECT_EQ(inputs(A), (Words{"main.o", "libx.a", "liby.so.1", "c.c", "s.S", "-"}));
  EXPECT_FALSE(A.hasSources());
  EXPECT_TRUE(A.hasInputs());
}

TEST(CompilerArgsTest, LanguageOptionSelectsSources) {
  CompilerArgs A = parse({"-x", "c++", "a.inc", "b.c", "-x", "none", "c.c", "d.cpp",
                          "-xc++", "e.txt", "-x", "c", "f.cpp", "-"});
  EXPECT_EQ(sources(A), (Words{"a.inc", "b.c", "d.cpp", "e.txt"}));
  EXPECT_EQ(inputs(A), (Words{"c.c", "f.cpp", "-"}));
  EXPECT_TRUE(A.Args[1].ForcedCxx);
  EXPECT_FALSE(A.Args[5].ForcedCxx); // d.cpp, by its extension
  // -x stays on the command line for the compiler.
  EXPECT_EQ(flags(A), (Words{"-x c++", "-x none", "-xc++", "-x c"}));
}

TEST(CompilerArgsTest, HeaderLanguagesAreNotSources) {
  CompilerArgs A = parse({"-x", "c++-header", "pch.cpp", "-x", "c++-cpp-output", "p.cpp"});
  EXPECT_EQ(sources(A), Words{});
}

TEST(CompilerArgsTest, SeparateOptionValuesAreNotInputs) {
  CompilerArgs A = parse({"-o", "out.cpp", "-MF", "deps.cpp", "-MT", "t.cpp", "-MQ",
                          "q.cpp", "-include", "pre.cpp", "-I", "inc.cc", "-isystem",
                          "sys.cc", "-iquote", "q.cc", "-idirafter", "after.cc", "-D",
                          "X.cpp", "-U", "Y", "-L", "libdir.cpp", "-l", "m", "-Xlinker",
                          "lnk.o", "-Xclang", "foo.cpp", "-mllvm", "-opt", "-T", "ld.cpp",
                          "--param", "x=1", "-imacros", "m.cpp", "--sysroot", "root.cpp",
                          "-target", "x86_64", "-u", "sym", "-z", "now", "real.cpp"});
  EXPECT_EQ(sources(A), Words{"real.cpp"});
  EXPECT_EQ(inputs(A), Words{});
  EXPECT_EQ(A.Output, "out.cpp");
  EXPECT_EQ(A.DependencyFile, "deps.cpp");
}

TEST(CompilerArgsTest, JoinedOptionValues) {
  CompilerArgs A = parse({"-ofoo.o", "-MFfoo.d", "-Iinc", "-DX=1", "-c", "a.cpp"});
  EXPECT_EQ(A.Output, "foo.o");
  EXPECT_EQ(A.DependencyFile, "foo.d");
  EXPECT_EQ(A.ParseFlags, (Words{"-Iinc", "-DX=1"}));
}

TEST(CompilerArgsTest, ASeparateOptionAtTheEndIsPassedOn) {
  // The compiler reports the missing value; clpar++ must not crash or invent one.
  CompilerArgs A = parse({"a.cpp", "-o"});
  EXPECT_EQ(flags(A), Words{"-o"});
  EXPECT_EQ(sources(A), Words{"a.cpp"});
  EXPECT_FALSE(A.Output);
  EXPECT_FALSE(parse({"-MD", "-MF"}).DependencyFile);
}

TEST(CompilerArgsTest, EverythingAfterDoubleDashIsPositional) {
  CompilerArgs A = parse({"-c", "--", "-weird.cpp", "x.o"});
  EXPECT_EQ(sources(A), Words{"-weird.cpp"});
  EXPECT_EQ(inputs(A), Words{"x.o"});
}

TEST(CompilerArgsTest, PreprocessorFlagsGoToTheTranslator) {
  CompilerArgs A = parse({"-I", "a", "-Ib", "-isystem", "c", "-isystemd", "-iquote", "e",
                          "-idirafter", "f", "-D", "X", "-DY=2", "-U", "Z", "-UW",
                          "-include", "pre.h", "-imacros", "m.h", "-nostdinc++",
                          "--sysroot=/r", "-undef", "x.cpp"});
  EXPECT_EQ(A.ParseFlags,
            (Words{"-I", "a", "-Ib", "-isystem", "c", "-isystemd", "-iquote", "e",
                   "-idirafter", "f", "-D", "X", "-DY=2", "-U", "Z", "-UW", "-include",
                   "pre.h", "-imacros", "m.h", "-nostdinc++", "--sysroot=/r", "-undef"}));
}

TEST(CompilerArgsTest, LanguageAndTargetFlagsGoToTheTranslator) {
  CompilerArgs A =
      parse({"-std=c++20", "-fno-exceptions", "-fno-rtti", "-funsigned-char", "-fopenmp",
             "-ffast-math", "-fPIC", "-fsanitize=address", "-fdiagnostics-color=always",
             "-O2", "-march=native", "-mavx2", "-mno-sse4.1", "-m32", "-pthread", "-w",
             "-fno-builtin-memcpy", "-ftemplate-depth=2000", "--target=x86_64-linux-gnu",
             "x.cpp"});
  EXPECT_EQ(A.ParseFlags,
            (Words{"-std=c++20", "-fno-exceptions", "-fno-rtti", "-funsigned-char",
                   "-fopenmp", "-ffast-math", "-fPIC", "-fsanitize=address",
                   "-fdiagnostics-color=always", "-O2", "-march=native", "-mavx2",
                   "-mno-sse4.1", "-m32", "-pthread", "-w", "-fno-builtin-memcpy",
                   "-ftemplate-depth=2000", "--target=x86_64-linux-gnu"}));
  EXPECT_TRUE(A.HasStd);
}

TEST(CompilerArgsTest, OtherFlagsStayWithTheCompiler) {
  // Warnings are the compiler's business (and -Werror must not fail a gcc build on a
  // Clang-only warning); gcc-only -f flags would make Clang refuse the command.
  CompilerArgs A = parse({"-g", "-Wall", "-Wextra", "-Werror", "-Werror=shadow",
                          "-Wlogical-op", "-pedantic", "-c", "-o", "x.o", "-MD", "-MMD",
                          "-MP", "-MT", "x.o", "-fno-omit-frame-pointer", "-fconcepts",
                          "-fcoroutines", "-flto=auto", "-fstack-protector-strong",
                          "-Wl,-z,now", "-Wp,-DX", "-L/l", "-lm", "-shared", "-mtune=native",
                          "-fprofile-generate", "-save-temps", "x.cpp"});
  EXPECT_EQ(A.ParseFlags, Words{});
  EXPECT_FALSE(A.HasStd);
}

TEST(CompilerArgsTest, Phases) {
  EXPECT_EQ(parse({"a.cpp"}).FinalPhase, Phase::Link);
  EXPECT_EQ(parse({"-c", "a.cpp"}).FinalPhase, Phase::Assemble);
  EXPECT_EQ(parse({"-S", "a.cpp"}).FinalPhase, Phase::Compile);
  EXPECT_EQ(parse({"-E", "a.cpp"}).FinalPhase, Phase::Preprocess);
  EXPECT_EQ(parse({"-fsyntax-only", "a.cpp"}).FinalPhase, Phase::SyntaxOnly);
  // As with gcc, the earliest stop wins.
  EXPECT_EQ(parse({"-c", "-S", "a.cpp"}).FinalPhase, Phase::Compile);
  EXPECT_EQ(parse({"-S", "-E", "-c", "a.cpp"}).FinalPhase, Phase::Preprocess);
  EXPECT_EQ(parse({"-c", "-fsyntax-only", "a.cpp"}).FinalPhase, Phase::SyntaxOnly);
}

TEST(CompilerArgsTest, DependencyOptions) {
  CompilerArgs MD = parse({"-MD", "-c", "a.cpp"});
  EXPECT_TRUE(MD.DependenciesAsSideEffect);
  EXPECT_FALSE(MD.DependenciesAsOutput);
  EXPECT_TRUE(MD.writesDependencies());
  EXPECT_EQ(MD.FinalPhase, Phase::Assemble);
  EXPECT_FALSE(MD.DependencyFile);

  CompilerArgs MMD = parse({"-MMD", "-MF", "a.d", "-c", "a.cpp"});
  EXPECT_TRUE(MMD.DependenciesAsSideEffect);
  EXPECT_EQ(MMD.DependencyFile, "a.d");

  CompilerArgs M = parse({"-M", "a.cpp"});
  EXPECT_TRUE(M.DependenciesAsOutput);
  EXPECT_FALSE(M.DependenciesAsSideEffect);
  EXPECT_EQ(M.FinalPhase, Phase::Preprocess);

  CompilerArgs MM = parse({"-MM", "-MD", "a.cpp"});
  EXPECT_TRUE(MM.DependenciesAsOutput);
  EXPECT_FALSE(MM.DependenciesAsSideEffect);

  EXPECT_FALSE(parse({"-MP", "-MT", "x", "-c", "a.cpp"}).writesDependencies());
}

TEST(CompilerArgsTest, ClparOptionsAreConsumed) {
  CompilerArgs A = parse({"--no-opencl", "-c", "--no-opencl-gpu", "--no-bounds-check",
                          "--strict-fp", "-Rclpar", "a.cpp",
                          "--clpar-cxx=/usr/bin/clang++-19"});
  EXPECT_TRUE(A.Clpar.NoOpenCL);
  EXPECT_TRUE(A.Clpar.NoOpenCLGPU);
  EXPECT_TRUE(A.Clpar.NoBoundsCheck);
  EXPECT_TRUE(A.Clpar.StrictFP);
  EXPECT_TRUE(A.Clpar.Remarks);
  EXPECT_EQ(A.Clpar.Cxx, "/usr/bin/clang++-19");
  EXPECT_FALSE(A.Clpar.KeepGeneratedDir);
  EXPECT_EQ(flags(A), Words{"-c"});
  EXPECT_EQ(sources(A), Words{"a.cpp"});
  EXPECT_TRUE(A.ParseFlags.empty());
}

TEST(CompilerArgsTest, KeepGenerated) {
  EXPECT_EQ(parse({"--keep-generated"}).Clpar.KeepGeneratedDir, "clpar-generated");
  EXPECT_EQ(parse({"--keep-generated=out/gen"}).Clpar.KeepGeneratedDir, "out/gen");
  EXPECT_NE(parseError({"--keep-generated="}).find("needs a directory"),
            std::string::npos);
}

TEST(CompilerArgsTest, HeaderOptionsGoToTheTranslatorInOrder) {
  CompilerArgs A = parse({"--translate-headers=none", "--translate-headers-in=lib/k",
                          "--no-translate-headers-in=gen", "-c", "a.cpp"});
  EXPECT_EQ(A.Clpar.HeaderOptions,
            (Words{"--translate-headers=none", "--translate-headers-in=lib/k",
                   "--no-translate-headers-in=gen"}));
  EXPECT_EQ(flags(A), Words{"-c"});
  EXPECT_NE(parseError({"--translate-headers=all"}).find("expected --translate-headers=user"),
            std::string::npos);
  EXPECT_NE(parseError({"--translate-headers-in="}).find("needs a directory"),
            std::string::npos);
}

TEST(CompilerArgsTest, BadClparOptions) {
  EXPECT_NE(parseError({"--clpar-cxx="}).find("needs the path"), std::string::npos);
  EXPECT_NE(parseError({"--clpar-cxx"}).find("unknown clpar++ option '--clpar-cxx'"),
            std::string::npos);
  EXPECT_NE(parseError({"-Rclpar-offload", "a.cpp"}).find("unknown clpar++ option"),
            std::string::npos);
  EXPECT_NE(parseError({"--clpar-frobnicate", "a.cpp"}).find("unknown clpar++ option"),
            std::string::npos);
  EXPECT_NE(parseError({"--clpar-launch", "-c", "a.cpp"}).find("must be followed"),
            std::string::npos);
  EXPECT_NE(parseError({"--clpar-launch"}).find("must be followed"), std::string::npos);
}

TEST(CompilerArgsTest, VerboseIsPassedOn) {
  CompilerArgs A = parse({"-v", "-c", "a.cpp"});
  EXPECT_TRUE(A.Clpar.Verbose);
  EXPECT_EQ(flags(A), (Words{"-v", "-c"}));
}

TEST(CompilerArgsTest, LastRemarkOptionWins) {
  EXPECT_FALSE(parse({"-Rclpar", "-Rno-clpar", "a.cpp"}).Clpar.Remarks);
  EXPECT_TRUE(parse({"-Rno-clpar", "-Rclpar", "a.cpp"}).Clpar.Remarks);
}

TEST(CompilerArgsTest, VersionAndHelpAreConsumed) {
  CompilerArgs A = parse({"--version"});
  EXPECT_TRUE(A.Clpar.Version);
  EXPECT_TRUE(A.Args.empty());
  CompilerArgs B = parse({"--help", "-c", "a.cpp"});
  EXPECT_TRUE(B.Clpar.Help);
}

TEST(CompilerArgsTest, QueriesHaveNoInputs) {
  CompilerArgs A = parse({"-dumpmachine", "-print-search-dirs", "-print-file-name=libc.so",
                          "-Wl,x.o", "-lm"});
  EXPECT_FALSE(A.hasInputs());
  EXPECT_FALSE(A.hasSources());
}

TEST(CompilerArgsTest, LauncherMode) {
  CompilerArgs A = parse({"--no-opencl", "--clpar-launch", "/usr/bin/g++", "-DX", "-o",
                          "a.o", "-c", "a.cpp"});
  EXPECT_EQ(A.Clpar.LaunchedCompiler, Words{"/usr/bin/g++"});
  EXPECT_TRUE(A.Clpar.NoOpenCL);
  EXPECT_EQ(flags(A), (Words{"-DX", "-o a.o", "-c"}));
  EXPECT_EQ(sources(A), Words{"a.cpp"});

  // Behind another launcher, the compiler is the launcher's first argument.
  CompilerArgs B = parse({"--clpar-launch", "ccache", "g++", "-c", "a.cpp"});
  EXPECT_EQ(B.Clpar.LaunchedCompiler, (Words{"ccache", "g++"}));
  EXPECT_EQ(sources(B), Words{"a.cpp"});

  // A source or object right after the compiler is not part of its name.
  CompilerArgs C = parse({"--clpar-launch", "c++", "a.cpp", "b.o"});
  EXPECT_EQ(C.Clpar.LaunchedCompiler, Words{"c++"});
  EXPECT_EQ(sources(C), Words{"a.cpp"});
  EXPECT_EQ(inputs(C), Words{"b.o"});
}

TEST(CompilerArgsTest, StdinIsNeverTranslated) {
  CompilerArgs A = parse({"-x", "c++", "-E", "-"});
  EXPECT_EQ(sources(A), Words{});
  EXPECT_EQ(inputs(A), Words{"-"});
}

TEST(CompilerArgsTest, ObjcFlagsAreNotOutputs) {
  CompilerArgs A = parse({"-objcmt-migrate-literals", "a.cpp"});
  EXPECT_FALSE(A.Output);
}

} // namespace
