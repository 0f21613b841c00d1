//===- InstantiationKeyTest.cpp - Tests of Analysis/InstantiationKey -----===//
#include "Analysis/InstantiationKey.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"

#include <gtest/gtest.h>

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
};

Keys keysOf(const std::string &Code) {
  Keys K;
  K.AST = clang::tooling::buildASTFromCodeWithArgs(Code, {"-std=c++20"});
  clang::ASTContext &Ctx = K.AST->getASTContext();
  Instantiations V;
  V.TraverseDecl(Ctx.getTranslationUnitDecl());
  for (const clang::FunctionDecl *FD : V.Found) {
    std::string Why;
    std::optional<clpar::InstantiationKey> Key =
        clpar::instantiationKey(FD, FD->getBody()->getBeginLoc(), Ctx, Why);
    if (!Key) {
      K.Failures.push_back(Why);
      continue;
    }
    K.Conditions.push_back(Key->Condition);
    K.Suffixes.push_back(Key->Suffix);
    K.Names.push_back(Key->Name);
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

TEST(InstantiationKeyTest, TypesDeclaredAfterTheTemplateAreRefused) {
  Keys K = keysOf("template <class T> int size() { return sizeof(T); }\n"
                  "struct After { int x; };\n"
                  "int a = size<After>();");
  ASSERT_EQ(K.Failures.size(), 1u);
  EXPECT_NE(K.Failures[0].find("declared after the template"), std::string::npos);
}

} // namespace
