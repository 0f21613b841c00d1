//===- StandardFunctionsTest.cpp - Tests of Analysis/StandardFunctions ---===//
#include "Analysis/StandardFunctions.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

namespace {

/// The calls written in the main file, in source order.
struct CallFinder : clang::RecursiveASTVisitor<CallFinder> {
  const clang::SourceManager *SM = nullptr;
  bool VisitCallExpr(clang::CallExpr *C) {
    if (SM->isInMainFile(SM->getExpansionLoc(C->getBeginLoc())))
      Found.push_back(C);
    return true;
  }
  std::vector<const clang::CallExpr *> Found;
};

struct Parsed {
  std::unique_ptr<clang::ASTUnit> AST;
  std::vector<const clang::CallExpr *> Invokes; ///< the calls of std::invoke
};

Parsed parse(const std::string &Code) {
  Parsed P;
  P.AST = clang::tooling::buildASTFromCodeWithArgs("#include <functional>\n" + Code,
                                                   {"-std=c++20"}, "input.cc");
  CallFinder F;
  F.SM = &P.AST->getSourceManager();
  F.TraverseDecl(P.AST->getASTContext().getTranslationUnitDecl());
  for (const clang::CallExpr *C : F.Found)
    if (C->getDirectCallee() && clpar::isStdInvoke(C->getDirectCallee()))
      P.Invokes.push_back(C);
  return P;
}

/// What stdInvokeTarget finds for each std::invoke: "Class::f(param types)", or "-".
std::vector<std::string> targets(const Parsed &P) {
  std::vector<std::string> All;
  for (const clang::CallExpr *C : P.Invokes) {
    const clang::FunctionDecl *FD = clpar::stdInvokeTarget(C);
    if (!FD) {
      All.push_back("-");
      continue;
    }
    std::string S = FD->getQualifiedNameAsString() + "(";
    for (const clang::ParmVarDecl *Param : FD->parameters())
      S += (Param == FD->parameters().front() ? "" : ",") + Param->getType().getAsString();
    All.push_back(S + ")");
  }
  return All;
}

TEST(StandardFunctionsTest, InvokeReachesFunctionsByNameAndAddress) {
  Parsed P = parse("float twice(float x) { return 2 * x; }\n"
                   "struct S { static int half(int x) { return x / 2; } };\n"
                   "float f(float x) {\n"
                   "  return std::invoke(twice, x) + std::invoke(&twice, x) +\n"
                   "         std::invoke(S::half, 3) + std::invoke(&S::half, 4);\n"
                   "}\n");
  EXPECT_EQ(targets(P), (std::vector<std::string>{"twice(float)", "twice(float)",
                                                  "S::half(int)", "S::half(int)"}));
}

TEST(StandardFunctionsTest, InvokeReachesTheCallOperatorTheCallInstantiates) {
  Parsed P = parse("struct Both {\n"
                   "  int operator()(int x) const { return x; }\n"
                   "  float operator()(float x) const { return x; }\n"
                   "};\n"
                   "float f(float x) {\n"
                   "  auto g = [](auto v) { return v + v; };\n"
                   "  auto l = [x](float v) { return v * x; };\n"
                   "  return std::invoke(g, 1) + std::invoke(g, x) + std::invoke(l, x) +\n"
                   "         std::invoke(Both{}, 1) + std::invoke(Both{}, x);\n"
                   "}\n");
  const std::vector<std::string> T = targets(P);
  ASSERT_EQ(T.size(), 5u);
  EXPECT_EQ(T[0], "f(float)::(anonymous class)::operator()(int)"); // the generic lambda's for int
  EXPECT_EQ(T[1], "f(float)::(anonymous class)::operator()(float)");
  EXPECT_EQ(T[2], "f(float)::(anonymous class)::operator()(float)");
  EXPECT_EQ(T[3], "Both::operator()(int)");
  EXPECT_EQ(T[4], "Both::operator()(float)");
  // The generic lambda's two specializations are distinct functions.
  EXPECT_NE(clpar::stdInvokeTarget(P.Invokes[0]), clpar::stdInvokeTarget(P.Invokes[1]));
}

TEST(StandardFunctionsTest, InvokeOfWhatTheCallDoesNotShowHasNoTarget) {
  Parsed P = parse("struct S { int n; int get() const { return n; } };\n"
                   "int f(int (*p)(int), S s) {\n"
                   "  return std::invoke(p, 1) + std::invoke(&S::get, s) +\n"
                   "         std::invoke(&S::n, s);\n"
                   "}\n");
  EXPECT_EQ(targets(P), (std::vector<std::string>{"-", "-", "-"}));
}

TEST(StandardFunctionsTest, OnlyTheLibrarysInvokeIsStdInvoke) {
  Parsed P = parse("namespace mine {\n"
                   "template <class F, class X> auto invoke(F f, X x) { return f(x); }\n"
                   "}\n"
                   "int f(int x) {\n"
                   "  auto g = [](int v) { return v; };\n"
                   "  return mine::invoke(g, x) + std::invoke(g, x);\n"
                   "}\n");
  ASSERT_EQ(P.Invokes.size(), 1u);
  EXPECT_EQ(P.Invokes[0]->getDirectCallee()->getQualifiedNameAsString(), "std::invoke");
  EXPECT_EQ(targets(P), (std::vector<std::string>{"f(int)::(anonymous class)::operator()(int)"}));
}

} // namespace
