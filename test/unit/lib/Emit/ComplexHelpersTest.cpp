//===- ComplexHelpersTest.cpp - Tests of Emit/ComplexHelpers -------------===//
#include "Emit/ComplexHelpers.h"

#include <gtest/gtest.h>

using namespace clpar;

namespace {

ir::Record complexRecord(const std::string &Name, ir::ScalarType T) {
  ir::Record Rec;
  Rec.Complex = true;
  Rec.KernelName = Name;
  Rec.SourceName = "std::complex";
  for (const char *F : {"re", "im"}) {
    ir::Record::Field Field;
    Field.Name = F;
    Field.Type = T;
    Rec.Fields.push_back(Field);
  }
  return Rec;
}

/// A region whose body is one expression statement: the calls named \p Calls, nested.
ir::Region calling(std::vector<std::string> Calls) {
  ir::Region R;
  R.Records.push_back(complexRecord("clpar_complex_float", ir::ScalarType::Float));
  R.Records.push_back(complexRecord("clpar_complex_double", ir::ScalarType::Double));
  ir::ExprPtr E = std::make_unique<ir::Expr>(ir::Expr::Kind::IntLiteral, ir::ScalarType::Int);
  for (const std::string &C : Calls) {
    auto Call = std::make_unique<ir::Expr>(ir::Expr::Kind::Call, ir::ScalarType::Record);
    Call->Text = C;
    Call->Operands.push_back(std::move(E));
    E = std::move(Call);
  }
  auto S = std::make_unique<ir::Stmt>(ir::Stmt::Kind::Expression);
  S->Init = std::move(E);
  R.KernelBody = std::move(S);
  return R;
}

TEST(ComplexHelpersTest, DefinesWhatIsCalledAfterWhatItCalls) {
  const std::string K = emit::complexHelpers(calling({"clpar_complex_float_log10"}));
  const size_t Abs = K.find("float clpar_complex_float_abs(clpar_complex_float a) {");
  const size_t Arg = K.find("float clpar_complex_float_arg(clpar_complex_float a) {");
  const size_t Log = K.find("clpar_complex_float clpar_complex_float_log(clpar_complex_float a) {");
  const size_t Log10 = K.find("clpar_complex_float clpar_complex_float_log10(");
  ASSERT_NE(Abs, std::string::npos) << K;
  ASSERT_NE(Arg, std::string::npos) << K;
  ASSERT_NE(Log, std::string::npos) << K;
  ASSERT_NE(Log10, std::string::npos) << K;
  EXPECT_LT(Abs, Log);
  EXPECT_LT(Arg, Log);
  EXPECT_LT(Log, Log10);
  EXPECT_EQ(K.find("_mul("), std::string::npos) << "nothing else";
  EXPECT_EQ(K.find("clpar_complex_double"), std::string::npos) << "nor for the other record";
}

TEST(ComplexHelpersTest, InstantiatesTypesAndTheMakeFunction) {
  const std::string K = emit::complexHelpers(calling({"clpar_complex_double_mulr"}));
  EXPECT_EQ(K, "clpar_complex_double clpar_complex_double_mulr(clpar_complex_double a, "
               "double x) { return clpar_complex_double_make(a.re * x, a.im * x); }\n");
}

TEST(ComplexHelpersTest, ConvertsFromTheOtherRecord) {
  const std::string K = emit::complexHelpers(calling({"clpar_complex_double_from_float"}));
  EXPECT_NE(K.find("clpar_complex_double clpar_complex_double_from_float(clpar_complex_float "
                   "a) { return clpar_complex_double_make((double)a.re, (double)a.im); }"),
            std::string::npos)
      << K;
}

TEST(ComplexHelpersTest, PowerByAnIntegerSquaresAndDivides) {
  const std::string K = emit::complexHelpers(calling({"clpar_complex_float_powi"}));
  EXPECT_LT(K.find("clpar_complex_float_mul("), K.find("clpar_complex_float_powi("));
  EXPECT_LT(K.find("clpar_complex_float_div("), K.find("clpar_complex_float_powi("));
  EXPECT_NE(K.find("a = clpar_complex_float_mul(a, a);"), std::string::npos) << K;
}

TEST(ComplexHelpersTest, InverseFunctionsComeAfterTheFunctionsTheyAreMadeOf) {
  const std::string K = emit::complexHelpers(
      calling({"clpar_complex_double_acos", "clpar_complex_double_atan"}));
  const auto At = [&](const std::string &Op) {
    return K.find("clpar_complex_double clpar_complex_double_" + Op + "(");
  };
  for (const char *Op : {"sqrt", "log", "add", "asinh", "asin", "acos", "atanh", "atan"})
    ASSERT_NE(At(Op), std::string::npos) << Op << "\n" << K;
  EXPECT_LT(At("sqrt"), At("asinh"));
  EXPECT_LT(At("log"), At("asinh"));
  EXPECT_LT(At("asinh"), At("asin"));
  EXPECT_LT(At("asin"), At("acos"));
  EXPECT_LT(At("atanh"), At("atan"));
  EXPECT_EQ(At("acosh"), std::string::npos) << "nothing else";
  EXPECT_EQ(At("proj"), std::string::npos) << "nothing else";
  // asin(z) = -i asinh(iz).
  EXPECT_NE(K.find("  const clpar_complex_double w = clpar_complex_double_asinh("
                   "clpar_complex_double_make(-a.im, a.re));\n"
                   "  return clpar_complex_double_make(w.im, -w.re);\n"),
            std::string::npos)
      << K;
}

TEST(ComplexHelpersTest, NothingWithoutCalls) {
  EXPECT_EQ(emit::complexHelpers(calling({})), "");
  EXPECT_EQ(emit::complexHelpers(calling({"sqrt", "clpar_complex_float_nosuch"})), "");
}

} // namespace
