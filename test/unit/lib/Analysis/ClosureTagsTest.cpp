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
  // A generic lambda's specializations, which no declaration visits.
  bool TraverseLambdaExpr(clang::LambdaExpr *L) {
    bool R = clang::RecursiveASTVisitor<LambdaFinder>::TraverseLambdaExpr(L);
    if (clang::FunctionTemplateDecl *T = L->getDependentCallOperator())
      for (clang::FunctionDecl *Spec : T->specializations())
        if (Spec->hasBody())
          R = R && TraverseStmt(Spec->getBody());
    return R;
  }
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

/// Why the lambdas of \p T that are not tagged are not, in order.
std::vector<std::string> refusals(const Tagging &T) {
  std::vector<std::string> Why;
  for (const std::string &W : T.Why)
    if (!W.empty())
      Why.push_back(W);
  return Why;
}

TEST(ClosureTagsTest, CapturesInTheLambdasOrderByCopyAndByReference) {
  Tagging T = tagAll("#include <vector>\n"
                     "struct P { float x, y; };\n"
                     "float f(float a, P p, float (&w)[2], std::vector<float> c) {\n"
                     "  auto l = [a, &w, p, c](float x) { return a * x + w[0] + p.y + c[1]; };\n"
                     "  auto m = [&](float x) { return x * a; };\n"
                     "  return l(1) + m(2);\n"
                     "}");
  ASSERT_EQ(T.Why, (std::vector<std::string>{"", ""}));
  std::vector<clpar::TaggedLambda> W = T.Tags->wrappings();
  ASSERT_EQ(W.size(), 2u);
  using Captures = std::vector<std::pair<std::string, bool>>;
  EXPECT_EQ(W[0].Captures,
            (Captures{{"a", false}, {"w", true}, {"p", false}, {"c", false}}));
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
                     "int f(int n, std::vector<std::vector<int>> v, int (&a)[2]) {\n"
                     "  auto m = [n]() mutable { return ++n; };\n"
                     "  auto i = [k = n] { return k; };\n"
                     "  auto c = [v] { return v[0][0]; };\n"
                     "  auto b = [a] { return a[0]; };\n"
                     "  auto r = [n] { return n; };\n"
                     "  return m() + i() + c() + b() + MAKE(n)() + gen(1) + r();\n"
                     "}",
                     /*ReplacedLine=*/10);
  EXPECT_EQ(refusals(T), (std::vector<std::string>{
                     "captures 'this'",
                     "is mutable",
                     "has an init-capture",
                     "captures 'v' by copy, whose type is neither trivially copyable nor a "
                     "std::vector of trivially copyable values",
                     "captures the built-in array 'a' by copy",
                     "is written inside a loop or slice statement the translator replaces",
                     "is written in a macro",
                 }));
  // gen itself (a generic lambda is one closure type) and the lambda in its body (one
  // closure type per call operator gen instantiates: LambdasInGenericLambdas...).
  EXPECT_EQ(T.Tags->wrappings().size(), 2u);
  // Asked again: the same answer.
  for (size_t I = 0; I < T.Lambdas.size(); ++I) {
    std::string Again;
    EXPECT_EQ(T.Tags->tag(T.Lambdas[I]->getLambdaClass(), Again).has_value(),
              T.Why[I].empty());
    EXPECT_EQ(Again, T.Why[I]);
  }
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

TEST(ClosureTagsTest, LambdasInGenericLambdasNameTheAutoParametersByDecltype) {
  Tagging T = tagAll("template <class F> float call(F f) { return f(1.0f); }\n"
                     "float f(float k) {\n"
                     "  auto g = [k](auto v, const auto &w) {\n"
                     "    return call([k, v, &w](float x) { return x * k + v + w; });\n"
                     "  };\n"
                     "  auto h = [](auto v) { float v2 = 1; return [v2] { return v2; }(); };\n"
                     "  return g(1, 2.0) + g(1.0f, 2) + h(3);\n"
                     "}");
  // g, the lambda in g for (int, double) and for (float, int), h, the lambda in h.
  ASSERT_EQ(T.Lambdas.size(), 5u);
  EXPECT_EQ(T.Why, (std::vector<std::string>{"", "", "", "", ""}));
  std::vector<clpar::TaggedLambda> W = T.Tags->wrappings();
  ASSERT_EQ(W.size(), 4u); // one wrapping for both closure types of g's lambda
  EXPECT_EQ(W[1].Context, "::clpar::rt::type_list<decltype(v), decltype(w)>");
  std::string Why;
  std::optional<clpar::ClosureTag> A = T.Tags->tag(T.Lambdas[1]->getLambdaClass(), Why);
  std::optional<clpar::ClosureTag> B = T.Tags->tag(T.Lambdas[2]->getLambdaClass(), Why);
  ASSERT_TRUE(A && B);
  EXPECT_EQ(A->Tag, B->Tag);
  ASSERT_EQ(A->Context.size(), 2u);
  ASSERT_EQ(B->Context.size(), 2u);
  EXPECT_EQ(A->Context[0].first.getAsType().getAsString(), "int");
  EXPECT_EQ(A->Context[1].first.getAsType().getAsString(), "const double &");
  EXPECT_EQ(B->Context[0].first.getAsType().getAsString(), "float");
  EXPECT_EQ(B->Context[1].first.getAsType().getAsString(), "const int &");
  // h's lambda names nothing of h's parameter: the context still names it.
  EXPECT_EQ(W[3].Context, "::clpar::rt::type_list<decltype(v)>");
}

TEST(ClosureTagsTest, LambdasInGenericLambdasWhoseParametersCannotBeNamedAreNotWrapped) {
  Tagging T = tagAll("template <class F> float call(F f) { return f(1.0f); }\n"
                     "float f(float k) {\n"
                     "  auto g = [k](auto v) {\n"
                     "    float r = v;\n"
                     "    { float v = 2; r += call([k, v](float x) { return x * k + v; }); }\n"
                     "    return r;\n"
                     "  };\n"
                     "  auto p = [](auto... a) {\n"
                     "    return call([](float x) { return x; }) + float(sizeof...(a));\n"
                     "  };\n"
                     "  return g(1) + p(1, 2);\n"
                     "}");
  EXPECT_EQ(refusals(T), (std::vector<std::string>{
                     "is written where a declaration hides the parameter 'v'",
                     "is written in a function with an 'auto...' parameter pack",
                 }));
}

} // namespace
