//===- ClosureTagsTest.cpp - Tests of Analysis/ClosureTags ---------------===//
#include "Analysis/ClosureTags.h"

#include "Find/TranslatedFiles.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Frontend/PCHContainerOperations.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/Tooling.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

namespace {

/// Every lambda expression written in the main file or lib.hpp, in source order: a
/// template's once per instantiation.
struct LambdaFinder : clang::RecursiveASTVisitor<LambdaFinder> {
  const clang::SourceManager *SM = nullptr;
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool VisitLambdaExpr(clang::LambdaExpr *L) {
    const clang::SourceLocation At = SM->getExpansionLoc(L->getBeginLoc());
    if ((SM->isInMainFile(At) || SM->getFilename(At).ends_with("lib.hpp")) &&
        !L->getLambdaClass()->isDependentContext())
      Found.push_back(L);
    return true;
  }
  std::vector<const clang::LambdaExpr *> Found;
};

struct Tagging {
  std::unique_ptr<clang::ASTUnit> AST;
  std::unique_ptr<clpar::TranslatedFiles> Files;
  std::unique_ptr<clpar::ClosureTags> Tags;
  std::vector<const clang::LambdaExpr *> Lambdas;
  std::vector<std::string> Why; ///< per lambda: empty where tagged
};

/// Tags every lambda of \p Code; \p ReplacedLine: a line the translator replaces;
/// \p Header: the text of "lib.hpp", which the code may include.
Tagging tagAll(const std::string &Code, unsigned ReplacedLine = 0,
               const std::string &Header = "") {
  Tagging T;
  T.AST = clang::tooling::buildASTFromCodeWithArgs(
      Code, {"-std=c++20"}, "input.cc", "clang-tool",
      std::make_shared<clang::PCHContainerOperations>(),
      clang::tooling::getClangStripDependencyFileAdjuster(),
      {{"lib.hpp", Header}});
  clang::ASTContext &Ctx = T.AST->getASTContext();
  T.Files = std::make_unique<clpar::TranslatedFiles>(Ctx, clpar::HeaderPolicy{});
  std::vector<clang::SourceRange> Replaced;
  if (ReplacedLine) {
    const clang::SourceManager &SM = Ctx.getSourceManager();
    const clang::FileID Main = SM.getMainFileID();
    Replaced.push_back({SM.translateLineCol(Main, ReplacedLine, 1),
                        SM.translateLineCol(Main, ReplacedLine, 200)});
  }
  T.Tags = std::make_unique<clpar::ClosureTags>(Ctx, *T.Files, Replaced);
  LambdaFinder F;
  F.SM = &Ctx.getSourceManager();
  F.TraverseDecl(Ctx.getTranslationUnitDecl());
  T.Lambdas = F.Found;
  for (const clang::LambdaExpr *L : T.Lambdas) {
    std::string Why;
    std::optional<clpar::ClosureTag> Tag = T.Tags->tag(L->getLambdaClass(), Why);
    T.Why.push_back(Tag ? std::string() : Why);
  }
  return T;
}

TEST(ClosureTagsTest, CapturesInTheLambdasOrderByCopyAndByReference) {
  Tagging T = tagAll("struct P { float x, y; };\n"
                     "float f(float a, P p, float (&w)[2]) {\n"
                     "  auto l = [a, &w, p](float x) { return a * x + w[0] + p.y; };\n"
                     "  auto m = [&](float x) { return x * a; };\n"
                     "  return l(1) + m(2);\n"
                     "}");
  ASSERT_EQ(T.Why, (std::vector<std::string>{"", ""}));
  std::vector<clpar::TaggedLambda> W = T.Tags->wrappings();
  ASSERT_EQ(W.size(), 2u);
  using Captures = std::vector<std::pair<std::string, bool>>;
  EXPECT_EQ(W[0].Captures, (Captures{{"a", false}, {"w", true}, {"p", false}}));
  EXPECT_EQ(W[1].Captures, (Captures{{"a", true}}));
  EXPECT_NE(W[0].Tag, W[1].Tag);
  EXPECT_EQ(W[0].Tag >> 60, 0u); // three bits left for closure_key_v's qualifiers
  // Asked again: the same tag, no second wrapping.
  std::string Why;
  std::optional<clpar::ClosureTag> Again = T.Tags->tag(T.Lambdas[0]->getLambdaClass(), Why);
  ASSERT_TRUE(Again);
  EXPECT_EQ(Again->Tag, W[0].Tag);
  EXPECT_TRUE(Again->Context.empty());
  EXPECT_TRUE(W[0].Context.empty());
  EXPECT_EQ(T.Tags->wrappings().size(), 2u);
}

TEST(ClosureTagsTest, LambdasThatCannotBeWrappedSayWhy) {
  Tagging T = tagAll("#include <vector>\n"
                     "#define MAKE(n) [n] { return n; }\n"
                     "struct S { int k; int g() { return [this] { return k; }(); } };\n"
                     "auto gen = [](auto v) { return [v] { return v; }(); };\n"
                     "int f(int n, std::vector<int> v, int (&a)[2]) {\n"
                     "  auto m = [n]() mutable { return ++n; };\n"
                     "  auto i = [k = n] { return k; };\n"
                     "  auto c = [v] { return v[0]; };\n"
                     "  auto b = [a] { return a[0]; };\n"
                     "  auto r = [n] { return n; };\n"
                     "  return m() + i() + c() + b() + MAKE(n)() + gen(1) + r();\n"
                     "}",
                     /*ReplacedLine=*/10);
  std::vector<std::string> Why;
  for (const std::string &W : T.Why)
    if (!W.empty())
      Why.push_back(W);
  EXPECT_EQ(Why, (std::vector<std::string>{
                     "captures 'this'",
                     "is mutable",
                     "has an init-capture",
                     "captures 'v' by copy, whose type is not trivially copyable",
                     "captures the built-in array 'a' by copy",
                     "is written inside a loop or slice statement the translator replaces",
                     "is written in a macro",
                 }));
  // gen itself (a generic lambda is one closure type); the lambda in its body, one per
  // call operator it instantiates, is not found (InstantiationKeyTest).
  EXPECT_EQ(T.Tags->wrappings().size(), 1u);
}

TEST(ClosureTagsTest, LambdasInTemplatesNameTheTemplatesParameters) {
  // One text, two closure types: one wrapping, which names T and N, and each closure
  // type's arguments for them.
  Tagging T = tagAll("template <class T> struct box {\n"
                     "  template <int N> T scaled(T v) { return [v] { return N * v; }(); }\n"
                     "};\n"
                     "int f() { return box<int>().scaled<2>(1) + box<long>().scaled<3>(1); }");
  ASSERT_EQ(T.Why, (std::vector<std::string>{"", ""}));
  std::vector<clpar::TaggedLambda> W = T.Tags->wrappings();
  ASSERT_EQ(W.size(), 1u);
  EXPECT_EQ(W[0].Context, "::clpar::rt::type_list<T, ::clpar::rt::value_list<N>>");
  std::string Why;
  std::optional<clpar::ClosureTag> A = T.Tags->tag(T.Lambdas[0]->getLambdaClass(), Why);
  std::optional<clpar::ClosureTag> B = T.Tags->tag(T.Lambdas[1]->getLambdaClass(), Why);
  ASSERT_TRUE(A && B);
  EXPECT_EQ(A->Tag, B->Tag);
  ASSERT_EQ(A->Context.size(), 2u);
  EXPECT_FALSE(A->Context[0].second); // T
  EXPECT_TRUE(A->Context[1].second);  // N
  EXPECT_NE(A->Context[0].first.getAsType(), B->Context[0].first.getAsType());
}

TEST(ClosureTagsTest, LambdasInTemplatesThatCannotBeToldApart) {
  // Instantiations that capture different variables (a discarded branch), and a
  // declaration that hides the template parameter where the lambda is written.
  Tagging T = tagAll("template <bool B> int f(int a, int b) {\n"
                     "  return [=] { if constexpr (B) return a; else return b; }();\n"
                     "}\n"
                     "template <class T> int g(T v) { using T2 = T; { using T = int;\n"
                     "  return [v] { return int(v); }(); } }\n"
                     "int h() { return f<true>(1, 2) + f<false>(1, 2) + g(1.0); }");
  EXPECT_EQ(T.Why, (std::vector<std::string>{
                       "is written in a template whose instantiations capture different "
                       "variables",
                       "is written in a template whose instantiations capture different "
                       "variables",
                       "is written where a declaration hides the template parameter 'T'"}));
}

TEST(ClosureTagsTest, AHeadersLambdaIsWrappedOnlyWhereNoDefinitionShowsItsType) {
  // Files that include the header and need no tag do not wrap its lambdas: a function
  // returning one, or a variable holding one, would differ between files.
  Tagging T = tagAll("#include \"lib.hpp\"\n"
                     "float f() { return make(2)(1) + held(1) + use(3); }",
                     0,
                     "inline auto make(float s) { return [s](float x) { return s * x; }; }\n"
                     "inline auto held = [](float x) { return x; };\n"
                     "inline float use(float s) { return [s](float x) { return x * s; }(1); }\n");
  EXPECT_EQ(T.Why, (std::vector<std::string>{"is returned by a function of a header",
                                             "is written outside a function in a header",
                                             ""}));
}

TEST(ClosureTagsTest, TheHostReadsACaptureThroughTheRuntime) {
  EXPECT_EQ(clpar::closureCaptureExpr("this->f_", 2), "::clpar::rt::closure_capture<2>(this->f_)");
}

} // namespace
