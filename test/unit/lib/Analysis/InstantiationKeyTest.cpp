//===- InstantiationKeyTest.cpp - Tests of Analysis/InstantiationKey -----===//
#include "Analysis/InstantiationKey.h"

#include "Analysis/ClosureTags.h"
#include "Find/TranslatedFiles.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

namespace {

/// Every function with a body that is a template instantiation, lambdas' included.
struct Instantiations : clang::RecursiveASTVisitor<Instantiations> {
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return true; }
  bool VisitFunctionDecl(clang::FunctionDecl *FD) {
    if (FD->hasBody() && !FD->isDependentContext() &&
        (FD->isTemplateInstantiation() || FD->getDeclContext()->isDependentContext() ||
         llvm::isa<clang::ClassTemplateSpecializationDecl>(FD->getDeclContext())))
      Found.push_back(FD);
    return true;
  }
  std::vector<const clang::FunctionDecl *> Found;
};

struct Keys {
  std::unique_ptr<clang::ASTUnit> AST;
  std::vector<std::string> Conditions, Suffixes, Names, Failures;
  std::vector<std::vector<std::string>> Ahead; ///< each key's ForwardDeclarations
};

/// The keys of every instantiation in \p Code; closure types by their lambdas' tags
/// with \p WithTags.
Keys keysOf(const std::string &Code, bool WithTags = false) {
  Keys K;
  K.AST = clang::tooling::buildASTFromCodeWithArgs(Code, {"-std=c++20"});
  clang::ASTContext &Ctx = K.AST->getASTContext();
  clpar::TranslatedFiles Files(Ctx, clpar::HeaderPolicy{});
  clpar::ClosureTags Tags(Ctx, Files, {});
  Instantiations V;
  V.TraverseDecl(Ctx.getTranslationUnitDecl());
  for (const clang::FunctionDecl *FD : V.Found) {
    std::string Why;
    std::optional<clpar::InstantiationKey> Key = clpar::instantiationKey(
        FD, FD->getBody()->getBeginLoc(), Ctx, Why, WithTags ? &Tags : nullptr);
    if (!Key) {
      K.Failures.push_back(Why);
      continue;
    }
    K.Conditions.push_back(Key->Condition);
    K.Suffixes.push_back(Key->Suffix);
    K.Names.push_back(Key->Name);
    K.Ahead.push_back(Key->ForwardDeclarations);
  }
  return K;
}

using Strings = std::vector<std::string>;

TEST(InstantiationKeyTest, TypeParameters) {
  Keys K = keysOf("template <class T> T twice(T x) { return 2 * x; }\n"
                  "int a = twice(1); double b = twice(1.0);");
  EXPECT_EQ(K.Conditions, (Strings{"std::is_same_v<T, int>", "std::is_same_v<T, double>"}));
  EXPECT_EQ(K.Suffixes, (Strings{"int", "double"}));
  EXPECT_EQ(K.Names, (Strings{"twice<int>", "twice<double>"}));
}

TEST(InstantiationKeyTest, NonTypeParametersAndPacks) {
  Keys K = keysOf("template <int N, unsigned M, bool B> int f() { return N + M + B; }\n"
                  "template <class... Ts> int g() { return sizeof...(Ts); }\n"
                  "int a = f<-3, 4u, true>(); int b = g<int, float>();");
  ASSERT_EQ(K.Conditions.size(), 2u);
  EXPECT_EQ(K.Conditions[0], "(N == static_cast<decltype(N)>(-3LL)) && "
                             "(M == static_cast<decltype(M)>(4ULL)) && "
                             "(B == static_cast<decltype(B)>(true))");
  EXPECT_EQ(K.Conditions[1], "std::is_same_v<::clpar::rt::type_list<Ts...>, "
                             "::clpar::rt::type_list<int, float>>");
  EXPECT_EQ(K.Suffixes[1], "int_float");
  // "-3" is not an identifier: the readable part is followed by a hash.
  EXPECT_NE(K.Suffixes[0].find('_'), std::string::npos);
  EXPECT_EQ(K.Suffixes[0].rfind("3_4_true", 0), 0u);
}

TEST(InstantiationKeyTest, ClassTemplateMembersAndNamespaces) {
  Keys K = keysOf("namespace ns { struct P { float x; }; }\n"
                  "template <class T> struct Grid { T f() { return T(); } };\n"
                  "ns::P p = Grid<ns::P>().f();");
  EXPECT_EQ(K.Conditions, (Strings{"std::is_same_v<T, ns::P>"}));
  EXPECT_EQ(K.Names, (Strings{"Grid<ns::P>::f"}));
}

TEST(InstantiationKeyTest, GenericLambdaParameters) {
  Keys K = keysOf("int f() { auto l = [](auto x, auto &y) { y += x; };\n"
                  "  int a = 0; l(1.5, a); return a; }");
  EXPECT_EQ(K.Conditions,
            (Strings{"std::is_same_v<decltype(x), double> && std::is_same_v<decltype(y), int &>"}));
}

TEST(InstantiationKeyTest, UnnameableArgumentsAreRefusedWithAReason) {
  Keys K = keysOf("template <class F> int call(F f) { return f(); }\n"
                  "int a = call([] { return 1; });\n"
                  "template <class T> int size() { return sizeof(T); }\n"
                  "struct Later;\n"
                  "int f() { struct Local {}; return size<Local>(); }");
  EXPECT_TRUE(K.Conditions.empty());
  ASSERT_EQ(K.Failures.size(), 2u);
  EXPECT_NE(K.Failures[0].find("closure type"), std::string::npos);
  EXPECT_NE(K.Failures[1].find("local to a function"), std::string::npos);
}

TEST(InstantiationKeyTest, ClosureTypesByTheirTags) {
  // Two lambdas, one given as an lvalue (F deduced as a reference), and a generic
  // lambda's `auto` parameter holding a closure.
  Keys K = keysOf("template <class F> int call(F &&f) { return f(); }\n"
                  "int a = call([] { return 1; });\n"
                  "int b() { int n = 2; auto l = [n] { return n; }; return call(l); }\n"
                  "int c() { auto g = [](auto f) { return f(); };\n"
                  "  return g([] { return 3; }); }",
                  /*WithTags=*/true);
  ASSERT_TRUE(K.Failures.empty()) << K.Failures[0];
  ASSERT_EQ(K.Conditions.size(), 3u);
  std::vector<unsigned long long> Keys;
  for (const std::string &C : K.Conditions) {
    const std::string Head = C.find("decltype(f)") != std::string::npos
                                 ? "(::clpar::rt::closure_key_v<decltype(f)> == 0x"
                                 : "(::clpar::rt::closure_key_v<F> == 0x";
    ASSERT_EQ(C.rfind(Head, 0), 0u) << C;
    Keys.push_back(std::stoull(C.substr(Head.size()), nullptr, 16));
  }
  // The low three bits: const (1), lvalue reference (2), rvalue reference (4).
  std::sort(Keys.begin(), Keys.end(), [](auto A, auto B) { return (A & 7) < (B & 7); });
  EXPECT_EQ(Keys[0] & 7, 0u); // call(prvalue), g's `auto f`
  EXPECT_EQ(Keys[2] & 7, 2u); // call(l): F = closure &
  EXPECT_NE(Keys[0] >> 3, Keys[1] >> 3);
  for (const std::string &S : K.Suffixes)
    EXPECT_EQ(S.rfind("lambda_", 0), 0u) << S;
}

/// The closure conditions' comparisons of contexts in the keys of \p Code, sorted.
Strings closureContexts(const std::string &Code) {
  Keys K = keysOf(Code, /*WithTags=*/true);
  EXPECT_TRUE(K.Failures.empty()) << K.Failures[0];
  Strings Closures;
  for (const std::string &C : K.Conditions)
    if (C.find("closure_key_v") != std::string::npos)
      Closures.push_back(C.substr(C.find(" && ")));
  std::sort(Closures.begin(), Closures.end());
  return Closures;
}

const Strings IntAndDouble = {" && std::is_same_v<::clpar::rt::closure_context_t<F>, "
                              "::clpar::rt::type_list<double>>)",
                              " && std::is_same_v<::clpar::rt::closure_context_t<F>, "
                              "::clpar::rt::type_list<int>>)"};

TEST(InstantiationKeyTest, ClosureTypesOfALambdaInATemplateByItsArguments) {
  EXPECT_EQ(closureContexts(
                "template <class F> int call(F f) { return f(); }\n"
                "template <class T> int use(T v) { return call([v] { return int(v); }); }\n"
                "int a = use(1) + use(2.0);"),
            IntAndDouble);
}

TEST(InstantiationKeyTest, ClosureTypesOfALambdaInAGenericLambdaByItsParametersTypes) {
  EXPECT_EQ(closureContexts(
                "template <class F> int call(F f) { return f(); }\n"
                "auto use = [](auto v) { return call([v] { return int(v); }); };\n"
                "int b = use(1) + use(2.0);"),
            IntAndDouble);
}

TEST(InstantiationKeyTest, ClosureTypesWithoutATagAreRefused) {
  Keys K = keysOf("template <class F> int call(F f) { return f(); }\n"
                  "int a() { int n = 1; return call([n]() mutable { return ++n; }); }\n"
                  "auto gen = [](auto... v) { return call([] { return 1; }); };\n"
                  "int b = gen(1);",
                  /*WithTags=*/true);
  Strings Closures; // (gen's own key fails too: "it has an 'auto...' parameter pack")
  for (const std::string &F : K.Failures)
    if (F.find("closure type") != std::string::npos)
      Closures.push_back(F);
  std::sort(Closures.begin(), Closures.end());
  EXPECT_EQ(Closures,
            (Strings{"instantiates it with a lambda's closure type, which cannot be named "
                     "there (the lambda is mutable)",
                     "instantiates it with a lambda's closure type, which cannot be named "
                     "there (the lambda is written in a function with an 'auto...' "
                     "parameter pack)"}));
}

TEST(InstantiationKeyTest, ClassesDeclaredAfterTheTemplateAreDeclaredAhead) {
  Keys K = keysOf("template <class T> int size() { return sizeof(T); }\n"
                  "struct After { int x; };\n"
                  "namespace app { class Cell { int k; }; namespace { struct Hidden {}; } }\n"
                  "int a = size<After>() + size<app::Cell>() + size<app::Hidden>();");
  EXPECT_TRUE(K.Failures.empty());
  EXPECT_EQ(K.Conditions, (Strings{"std::is_same_v<T, After>", "std::is_same_v<T, app::Cell>",
                                   "std::is_same_v<T, app::Hidden>"}));
  EXPECT_EQ(K.Ahead, (std::vector<Strings>{{"struct After;"},
                                           {"namespace app { class Cell; }"},
                                           {"namespace app { namespace { struct Hidden; } }"}}));
}

TEST(InstantiationKeyTest, TypesDeclaredAfterTheTemplateThatCannotBeDeclaredAheadAreRefused) {
  Keys K = keysOf("template <class T> int size() { return sizeof(T); }\n"
                  "struct Outer { struct Inner { int x; }; };\n"
                  "template <class U> struct Box { U u; };\n"
                  "enum Color { red };\n"
                  "int a = size<Outer::Inner>() + size<Box<int>>() + size<Color>();");
  ASSERT_EQ(K.Failures.size(), 3u);
  for (const std::string &Why : K.Failures)
    EXPECT_NE(Why.find("declared after the template"), std::string::npos) << Why;
}

} // namespace
