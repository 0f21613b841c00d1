//===- NestShapeTest.cpp - Tests of Analysis/NestShape -------------------===//
#include "Analysis/NestShape.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>

namespace {

/// Just enough of clpar's types for the shapes: prange_t and view, by name.
const char *Prelude = R"cpp(
namespace clpar {
template <class I> struct prange_t {
  I *begin() const;
  I *end() const;
};
inline prange_t<unsigned long> prange(unsigned long n) { return {}; }
template <class T, int R = 1> struct view {
  T &operator()(unsigned long i) const;
  T &operator()(unsigned long i, unsigned long j) const;
  unsigned long extent(int d) const;
};
} // namespace clpar
float sqrtf(float);
)cpp";

struct Shape {
  std::unique_ptr<clang::ASTUnit> AST;
  clpar::NestShape Nest;
};

/// The shape of the first range-based for loop of \p Code (after the prelude).
Shape shapeOf(const std::string &Code) {
  Shape S;
  S.AST = clang::tooling::buildASTFromCodeWithArgs(Prelude + Code, {"-std=c++20"});
  struct First : clang::RecursiveASTVisitor<First> {
    const clang::CXXForRangeStmt *Loop = nullptr;
    bool VisitCXXForRangeStmt(clang::CXXForRangeStmt *F) {
      if (!Loop)
        Loop = F;
      return true;
    }
  } F;
  F.TraverseDecl(S.AST->getASTContext().getTranslationUnitDecl());
  if (F.Loop)
    S.Nest = clpar::findNestShape(F.Loop, S.AST->getASTContext());
  return S;
}

TEST(NestShapeTest, PerfectNestHasNoPrefix) {
  Shape S = shapeOf("void f(clpar::view<float, 2> a) {\n"
                    "  for (auto i : clpar::prange(a.extent(0)))\n"
                    "    for (auto j : clpar::prange(a.extent(1)))\n"
                    "      a(i, j) = 1;\n"
                    "}\n");
  EXPECT_EQ(S.Nest.Loops.size(), 2u);
  EXPECT_TRUE(S.Nest.Prefix.empty());
  EXPECT_EQ(S.Nest.PerfectDims, 2u);
  EXPECT_TRUE(S.Nest.WhyNotDeeper.empty());
}

TEST(NestShapeTest, DeclarationsBeforeTheInnerLoopFormThePrefix) {
  Shape S = shapeOf("void f(clpar::view<float, 2> a, clpar::view<const float> w) {\n"
                    "  for (auto i : clpar::prange(a.extent(0))) {\n"
                    "    const float s = sqrtf(w(i));\n"
                    "    ;\n"
                    "    float t = s * 2;\n"
                    "    for (auto j : clpar::prange(a.extent(1)))\n"
                    "      a(i, j) = s + t;\n"
                    "  }\n"
                    "}\n");
  EXPECT_EQ(S.Nest.Loops.size(), 2u);
  EXPECT_EQ(S.Nest.Prefix.size(), 2u); // the null statement is left out
  EXPECT_EQ(S.Nest.PerfectDims, 1u);
}

TEST(NestShapeTest, PrefixAtTheSecondLevelKeepsTwoPerfectDimensions) {
  Shape S = shapeOf("void f(clpar::view<float, 2> a) {\n"
                    "  for (auto i : clpar::prange(a.extent(0)))\n"
                    "    for (auto j : clpar::prange(a.extent(1))) {\n"
                    "      const float s = float(i + j);\n"
                    "      for (auto k : clpar::prange(4))\n"
                    "        a(i, j) = s + float(k);\n"
                    "    }\n"
                    "}\n");
  EXPECT_EQ(S.Nest.Loops.size(), 3u);
  EXPECT_EQ(S.Nest.PerfectDims, 2u);
}

TEST(NestShapeTest, SaysWhyAnInnerLoopIsNoDimension) {
  const auto Why = [](const std::string &Before, const std::string &Bound,
                      const std::string &Body) {
    Shape S = shapeOf("float put(clpar::view<float> v) { return v(0) = 1; }\n"
                      "void f(clpar::view<float, 2> a, clpar::view<float> v) {\n"
                      "  for (auto i : clpar::prange(a.extent(0))) {\n" +
                      Before + "\n    for (auto j : clpar::prange(" + Bound + "))\n      " +
                      Body + ";\n  }\n}\n");
    EXPECT_EQ(S.Nest.Loops.size(), 1u);
    return S.Nest.WhyNotDeeper;
  };
  EXPECT_EQ(Why("v(i) = 2;", "4", "a(i, j) = 0"),
            "contains a prange loop after a statement that is not a declaration; it runs "
            "serially in each iteration");
  EXPECT_EQ(Why("float s = 0;", "4", "a(i, j) = s++"),
            "contains a prange loop that changes 's', declared before it (a work-item has "
            "its own copy; declare it const if it does not change); it runs serially in "
            "each iteration");
  EXPECT_EQ(Why("", "i", "a(i, j) = 0"),
            "contains a prange loop whose bounds depend on 'i'; it runs serially in each "
            "iteration");
  EXPECT_EQ(Why("const unsigned long m = 3;", "m", "a(i, j) = 0"),
            "contains a prange loop whose bounds depend on 'm', declared before it; it runs "
            "serially in each iteration");
  EXPECT_EQ(Why("const float k = put(v);", "4", "a(i, j) = k"),
            "contains a prange loop after the declaration of 'k', whose initializer calls "
            "'put', which may change what its caller sees; it runs serially in each "
            "iteration");
  EXPECT_EQ(Why("float x = (v(0) = 1);", "4", "a(i, j) = x"),
            "contains a prange loop after the declaration of 'x', whose initializer has "
            "side effects; it runs serially in each iteration");
  EXPECT_EQ(Why("static float g = 1;", "4", "a(i, j) = g"),
            "contains a prange loop after the declaration of the static variable 'g'; it "
            "runs serially in each iteration");
  EXPECT_EQ(Why("float k = 0; float &r = k;", "4", "a(i, j) = r"),
            "contains a prange loop after a statement that changes 'k', which a work-item "
            "could not declare again for itself; it runs serially in each iteration");
}

TEST(NestShapeTest, FourthLevelAndTrailingStatementsAreNamed) {
  Shape Deep = shapeOf("void f(clpar::view<float, 2> a) {\n"
                       "  for (auto i : clpar::prange(2))\n"
                       "    for (auto j : clpar::prange(2))\n"
                       "      for (auto k : clpar::prange(2))\n"
                       "        for (auto l : clpar::prange(2))\n"
                       "          a(i, j) = float(k + l);\n"
                       "}\n");
  EXPECT_EQ(Deep.Nest.Loops.size(), 3u);
  EXPECT_EQ(Deep.Nest.WhyNotDeeper,
            "contains a prange loop nested more than three deep; it runs serially in each "
            "iteration");
  Shape Trailing = shapeOf("void f(clpar::view<float, 2> a) {\n"
                           "  for (auto i : clpar::prange(2)) {\n"
                           "    for (auto j : clpar::prange(2))\n"
                           "      a(i, j) = 0;\n"
                           "    a(i, 0) = 1;\n"
                           "  }\n"
                           "}\n");
  EXPECT_EQ(Trailing.Nest.Loops.size(), 1u);
  EXPECT_EQ(Trailing.Nest.WhyNotDeeper,
            "contains a prange loop followed by other statements; it runs serially in each "
            "iteration");
}

} // namespace
