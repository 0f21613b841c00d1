//===- CountedLoopTest.cpp - Tests of Analysis/CountedLoop's write queries -===//
#include "Analysis/CountedLoop.h"

#include <gtest/gtest.h>

using namespace clpar;

namespace {

ir::ExprPtr expr(ir::Expr::Kind K, ir::ScalarType T, std::string Text = "") {
  auto E = std::make_unique<ir::Expr>(K, T);
  E->Text = std::move(Text);
  return E;
}

ir::ExprPtr local(const std::string &Name, ir::ScalarType T = ir::ScalarType::Record) {
  return expr(ir::Expr::Kind::Local, T, Name);
}

ir::ExprPtr member(ir::ExprPtr Object, const std::string &Field, ir::ScalarType T) {
  auto M = expr(ir::Expr::Kind::Member, T, Field);
  M->Operands.push_back(std::move(Object));
  return M;
}

ir::ExprPtr unary(const std::string &Op, ir::ExprPtr Operand) {
  auto U = expr(ir::Expr::Kind::Unary, Operand->Type, Op);
  U->Operands.push_back(std::move(Operand));
  return U;
}

TEST(CountedLoopTest, AFieldsWriteChangesItsRecord) {
  // p.pos.x = 1.0f
  auto Assign = expr(ir::Expr::Kind::Binary, ir::ScalarType::Float, "=");
  Assign->Operands.push_back(
      member(member(local("p"), "pos", ir::ScalarType::Record), "x", ir::ScalarType::Float));
  Assign->Operands.push_back(expr(ir::Expr::Kind::FloatLiteral, ir::ScalarType::Float, "1.0"));
  EXPECT_TRUE(isWrite(*Assign));
  const ir::Expr &Target = writtenVariable(*Assign->Operands[0]);
  EXPECT_EQ(Target.K, ir::Expr::Kind::Local);
  EXPECT_EQ(Target.Text, "p");
  EXPECT_TRUE(writesLocal(*Assign, "p"));
  EXPECT_FALSE(writesLocal(*Assign, "pos"));
}

TEST(CountedLoopTest, AnArrayFieldsElementWriteChangesItsRecord) {
  // p.v[k] += 2.0f: the element of p's array member, so p (and not k).
  auto Element = expr(ir::Expr::Kind::ArrayElement, ir::ScalarType::Float);
  Element->Extent = 3;
  Element->Operands.push_back(local("k", ir::ScalarType::ULong));
  Element->Operands.push_back(member(local("p"), "v", ir::ScalarType::Float));
  auto Add = expr(ir::Expr::Kind::Binary, ir::ScalarType::Float, "+=");
  Add->Operands.push_back(std::move(Element));
  Add->Operands.push_back(expr(ir::Expr::Kind::FloatLiteral, ir::ScalarType::Float, "2.0"));
  const ir::Expr &Target = writtenVariable(*Add->Operands[0]);
  EXPECT_EQ(Target.K, ir::Expr::Kind::Local);
  EXPECT_EQ(Target.Text, "p");
  EXPECT_TRUE(writesLocal(*Add, "p"));
  EXPECT_FALSE(writesLocal(*Add, "k"));
}

TEST(CountedLoopTest, TakingARecordsAddressMayChangeIt) {
  // f(&q.in): a member function that may change q.in, so q.
  auto Call = expr(ir::Expr::Kind::FunctionCall, ir::ScalarType::Int, "f");
  Call->Operands.push_back(unary("&", member(local("q"), "in", ir::ScalarType::Record)));
  EXPECT_TRUE(isWrite(*Call->Operands[0]));
  EXPECT_TRUE(writesLocal(*Call, "q"));
  EXPECT_FALSE(writesLocal(*Call, "r"));
  // Reading a field writes nothing.
  auto Read = member(local("q"), "k", ir::ScalarType::Int);
  EXPECT_FALSE(isWrite(*Read));
  EXPECT_FALSE(writesLocal(*Read, "q"));
  // Negation is no write.
  auto Neg = unary("-", local("n", ir::ScalarType::Int));
  EXPECT_FALSE(isWrite(*Neg));
}

} // namespace
