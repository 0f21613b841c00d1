//===- KernelEmitterTest.cpp - Tests of Emit/KernelEmitter ---------------===//
#include "Emit/KernelEmitter.h"

#include <gtest/gtest.h>

using namespace clpar;

namespace {

ir::ExprPtr expr(ir::Expr::Kind K, ir::ScalarType T, std::string Text = "",
                 unsigned Index = 0) {
  auto E = std::make_unique<ir::Expr>(K, T);
  E->Text = std::move(Text);
  E->Index = Index;
  return E;
}

/// out[i] = (i < 0) ? -i : i over a 1-D int view.
ir::Region absRegion() {
  ir::Region R;
  R.Site = {"a.cpp", 3, 5};
  R.FunctionName = "f";
  R.KernelName = "clpar_f_3_5";
  ir::Dimension D;
  D.LoopVarName = "i";
  D.LoopVarType = ir::ScalarType::Long;
  R.Dims.push_back(D);
  ir::View V;
  V.HostExpr = V.KernelName = "out";
  V.Element = ir::ScalarType::Int;
  V.Written = true;
  R.Views.push_back(V);

  auto Elem = expr(ir::Expr::Kind::ViewElement, ir::ScalarType::Int);
  Elem->Operands.push_back(expr(ir::Expr::Kind::LoopIndex, ir::ScalarType::Long));
  auto Less = expr(ir::Expr::Kind::Binary, ir::ScalarType::Bool, "<");
  Less->Operands.push_back(expr(ir::Expr::Kind::LoopIndex, ir::ScalarType::Long));
  Less->Operands.push_back(expr(ir::Expr::Kind::IntLiteral, ir::ScalarType::Long, "0"));
  auto Neg = expr(ir::Expr::Kind::Unary, ir::ScalarType::Long, "-");
  Neg->Operands.push_back(expr(ir::Expr::Kind::LoopIndex, ir::ScalarType::Long));
  auto Cond = expr(ir::Expr::Kind::Conditional, ir::ScalarType::Long);
  Cond->Operands.push_back(std::move(Less));
  Cond->Operands.push_back(std::move(Neg));
  Cond->Operands.push_back(expr(ir::Expr::Kind::LoopIndex, ir::ScalarType::Long));
  auto Cast = expr(ir::Expr::Kind::Cast, ir::ScalarType::Int);
  Cast->Operands.push_back(std::move(Cond));
  auto Assign = expr(ir::Expr::Kind::Binary, ir::ScalarType::Int, "=");
  Assign->Operands.push_back(std::move(Elem));
  Assign->Operands.push_back(std::move(Cast));
  auto S = std::make_unique<ir::Stmt>(ir::Stmt::Kind::Expression);
  S->Init = std::move(Assign);
  R.KernelBody = std::move(S);
  return R;
}

TEST(KernelEmitterTest, PrintsSignatureIndexAndBody) {
  std::string K = emit::emitKernel(absRegion(), emit::KernelOptions{});
  EXPECT_NE(K.find("__kernel void clpar_f_3_5(\n    long clpar_first0, long clpar_step0, "
                   "ulong clpar_count0,\n    __global int *clpar_err,\n    __global int "
                   "*out, long out_off, ulong out_e0, long out_s0)"),
            std::string::npos)
      << K;
  EXPECT_NE(K.find("  long i = (long)(clpar_first0 + (long)clpar_k0 * clpar_step0);\n"),
            std::string::npos)
      << K;
  EXPECT_NE(K.find("  out[out_off + ((clpar_idx)clpar_checked(clpar_err, 0, (long)i, out_e0) * "
                   "CLPAR_INNER((clpar_idx)out_s0))] = (int)((i < 0L) ? (-i) : i);\n"),
            std::string::npos)
      << K;
  EXPECT_EQ(K.find("cl_khr_fp64"), std::string::npos);
  // The unit-inner form: the innermost stride a constant.
  EXPECT_NE(K.find("#ifdef CLPAR_UNIT_INNER\n#define CLPAR_INNER(stride) 1\n#else\n"
                   "#define CLPAR_INNER(stride) (stride)\n#endif\n"),
            std::string::npos)
      << K;
  // The 32-bit form: a position from the view's offset computed in int.
  EXPECT_NE(K.find("#ifdef CLPAR_INDEX32\ntypedef int clpar_idx;\n#else\n"
                   "typedef long clpar_idx;\n#endif\n"),
            std::string::npos)
      << K;
}

TEST(KernelEmitterTest, UncheckedAccessesAndFp64Pragma) {
  ir::Region R = absRegion();
  R.UsesDouble = true;
  emit::KernelOptions Opts;
  Opts.BoundsCheck = false;
  std::string K = emit::emitKernel(R, Opts);
  EXPECT_EQ(K.find("clpar_checked"), std::string::npos) << K;
  EXPECT_NE(K.find("out[out_off + ((clpar_idx)i * CLPAR_INNER((clpar_idx)out_s0))]"),
            std::string::npos)
      << K;
  EXPECT_NE(K.find("#pragma OPENCL EXTENSION cl_khr_fp64 : enable"), std::string::npos);
}

TEST(KernelEmitterTest, ANoAliasFormWhereAViewIsWrittenAndAnotherTaken) {
  // One written view alone: no form (nothing for restrict to tell apart).
  ir::Region R = absRegion();
  EXPECT_FALSE(emit::kernelShape(R, {}).NoAlias);
  EXPECT_EQ(emit::emitKernel(R, {}).find("CLPAR_RESTRICT"), std::string::npos);
  // A second view, read only: both parameters restrict in the CLPAR_NO_ALIAS form.
  ir::View In;
  In.HostExpr = In.KernelName = "in";
  In.Element = ir::ScalarType::Int;
  R.Views.push_back(In);
  EXPECT_TRUE(emit::kernelShape(R, {}).NoAlias);
  const std::string K = emit::emitKernel(R, {});
  EXPECT_NE(K.find("#ifdef CLPAR_NO_ALIAS\n#define CLPAR_RESTRICT restrict\n#else\n"
                   "#define CLPAR_RESTRICT\n#endif\n"),
            std::string::npos)
      << K;
  EXPECT_NE(K.find("__global int *CLPAR_RESTRICT out, long out_off"), std::string::npos) << K;
  EXPECT_NE(K.find("__global const int *CLPAR_RESTRICT in, long in_off"), std::string::npos)
      << K;
  // Two views, neither written: restrict would change nothing.
  R.Views[0].Written = false;
  EXPECT_FALSE(emit::kernelShape(R, {}).NoAlias);
}

TEST(KernelEmitterTest, IsDeterministic) {
  EXPECT_EQ(emit::emitKernel(absRegion(), {}), emit::emitKernel(absRegion(), {}));
}

/// Records: out[i] = shift(b).in.x with b a local `outer` (a field of record `inner`) and
/// shift a function taking its object by address.
TEST(KernelEmitterTest, PrintsRecordsBeforeFunctionsThatUseThem) {
  ir::Region R = absRegion();
  ir::Record Inner;
  Inner.KernelName = "clpar_rec_inner";
  Inner.SourceName = "inner";
  Inner.Fields = {{"x", ir::ScalarType::Int, 0}, {"y", ir::ScalarType::Float, 0}};
  ir::Record Outer;
  Outer.KernelName = "clpar_rec_outer";
  Outer.SourceName = "ns::outer";
  Outer.Fields = {{"in", ir::ScalarType::Record, 0}, {"k", ir::ScalarType::Int, 0}};
  R.Records = {Inner, Outer};
  ir::Function F;
  F.KernelName = "clpar_fn_outer_shift";
  F.ReturnType = ir::ScalarType::Record;
  F.ReturnRecord = 1;
  ir::Function::Param Self;
  Self.Name = "self";
  Self.Type = ir::ScalarType::Record;
  Self.Record = 1;
  Self.Pointer = true;
  F.Params.push_back(Self);
  auto Ret = std::make_unique<ir::Stmt>(ir::Stmt::Kind::Return);
  Ret->Init = expr(ir::Expr::Kind::Local, ir::ScalarType::Record, "(*self)");
  Ret->Init->Record = 1;
  F.Body = std::make_unique<ir::Stmt>(ir::Stmt::Kind::Compound);
  F.Body->Children.push_back(std::move(Ret));
  R.Functions.push_back(std::move(F));

  auto Decl = std::make_unique<ir::Stmt>(ir::Stmt::Kind::Decl);
  Decl->VarName = "b";
  Decl->VarType = ir::ScalarType::Record;
  Decl->VarRecord = 1;
  auto Local = expr(ir::Expr::Kind::Local, ir::ScalarType::Record, "b");
  Local->Record = 1;
  auto Address = expr(ir::Expr::Kind::Unary, ir::ScalarType::Record, "&");
  Address->Record = 1;
  Address->Operands.push_back(std::move(Local));
  auto Call = expr(ir::Expr::Kind::FunctionCall, ir::ScalarType::Record,
                   "clpar_fn_outer_shift", 0);
  Call->Record = 1;
  Call->Operands.push_back(std::move(Address));
  auto In = expr(ir::Expr::Kind::Member, ir::ScalarType::Record, "in");
  In->Record = 0;
  In->Operands.push_back(std::move(Call));
  auto X = expr(ir::Expr::Kind::Member, ir::ScalarType::Int, "x");
  X->Operands.push_back(std::move(In));
  auto Assign = expr(ir::Expr::Kind::Binary, ir::ScalarType::Int, "=");
  Assign->Operands.push_back(std::move(R.KernelBody->Init->Operands[0]));
  Assign->Operands.push_back(std::move(X));
  auto Body = std::make_unique<ir::Stmt>(ir::Stmt::Kind::Compound);
  Body->Children.push_back(std::move(Decl));
  auto S = std::make_unique<ir::Stmt>(ir::Stmt::Kind::Expression);
  S->Init = std::move(Assign);
  Body->Children.push_back(std::move(S));
  R.KernelBody = std::move(Body);

  std::string K = emit::emitKernel(R, emit::KernelOptions{});
  const size_t InnerAt = K.find("typedef struct {\n  int x;\n  float y;\n} clpar_rec_inner;\n");
  const size_t OuterAt =
      K.find("// ns::outer\ntypedef struct {\n  clpar_rec_inner in;\n  int k;\n} clpar_rec_outer;\n");
  const size_t FunctionAt = K.find(
      "clpar_rec_outer clpar_fn_outer_shift(__global int *clpar_err, clpar_rec_outer *self)\n"
      "{\n  return (*self);\n}\n");
  ASSERT_NE(InnerAt, std::string::npos) << K;
  ASSERT_NE(OuterAt, std::string::npos) << K;
  ASSERT_NE(FunctionAt, std::string::npos) << K;
  EXPECT_LT(InnerAt, OuterAt);
  EXPECT_LT(OuterAt, FunctionAt);
  EXPECT_NE(K.find("clpar_rec_outer clpar_rec_outer_make(clpar_rec_inner v0, int v1) {\n"
                   "  clpar_rec_outer r;\n  r.in = v0;\n  r.k = v1;\n  return r;\n}\n"),
            std::string::npos)
      << K;
  EXPECT_NE(K.find("  clpar_rec_outer b;\n"), std::string::npos) << K;
  EXPECT_NE(K.find("] = clpar_fn_outer_shift(clpar_err, &b).in.x;\n"), std::string::npos) << K;
}

TEST(KernelEmitterTest, ArrayFieldsAreCArraysMadeElementByElement) {
  ir::Region R = absRegion();
  ir::Record Rec;
  Rec.KernelName = "clpar_rec_trio";
  Rec.SourceName = "trio";
  ir::Record::Field V{"v", ir::ScalarType::Float, 0};
  V.ArraySize = 3;
  Rec.Fields = {V, {"k", ir::ScalarType::Int, 0}};
  R.Records = {Rec};
  // trio_make(1, 2, 3, 4).v[i], .v[2], and .v[i] with the index marked within the length.
  const auto Made = [] {
    auto Value = expr(ir::Expr::Kind::RecordValue, ir::ScalarType::Record);
    auto Elements = expr(ir::Expr::Kind::ArrayValue, ir::ScalarType::Float);
    for (const char *E : {"1.0", "2.0", "3.0"})
      Elements->Operands.push_back(expr(ir::Expr::Kind::FloatLiteral, ir::ScalarType::Float, E));
    Value->Operands.push_back(std::move(Elements));
    Value->Operands.push_back(expr(ir::Expr::Kind::IntLiteral, ir::ScalarType::Int, "4"));
    auto Field = expr(ir::Expr::Kind::Member, ir::ScalarType::Float, "v");
    Field->Operands.push_back(std::move(Value));
    return Field;
  };
  const auto Element = [&](ir::ExprPtr Index, unsigned Mask) {
    auto A = expr(ir::Expr::Kind::ArrayElement, ir::ScalarType::Float);
    A->Extent = 3;
    A->AccessId = 7;
    A->HoistedMask = Mask;
    A->Operands.push_back(std::move(Index));
    A->Operands.push_back(Made());
    return A;
  };
  auto Sum = expr(ir::Expr::Kind::Binary, ir::ScalarType::Float, "+");
  Sum->Operands.push_back(Element(expr(ir::Expr::Kind::LoopIndex, ir::ScalarType::Long), 0));
  Sum->Operands.push_back(Element(expr(ir::Expr::Kind::IntLiteral, ir::ScalarType::ULong, "2"), 0));
  auto Total = expr(ir::Expr::Kind::Binary, ir::ScalarType::Float, "+");
  Total->Operands.push_back(std::move(Sum));
  Total->Operands.push_back(Element(expr(ir::Expr::Kind::LoopIndex, ir::ScalarType::Long), 1));
  auto Assign = expr(ir::Expr::Kind::Binary, ir::ScalarType::Int, "=");
  Assign->Operands.push_back(std::move(R.KernelBody->Init->Operands[0]));
  Assign->Operands.push_back(ir::makeCast(ir::ScalarType::Int, std::move(Total)));
  R.KernelBody->Init = std::move(Assign);

  const std::string K = emit::emitKernel(R, emit::KernelOptions{});
  EXPECT_NE(K.find("typedef struct {\n  float v[3];\n  int k;\n} clpar_rec_trio;\n"),
            std::string::npos)
      << K;
  EXPECT_NE(K.find("clpar_rec_trio clpar_rec_trio_make(float v0_0, float v0_1, float v0_2, "
                   "int v1) {\n  clpar_rec_trio r;\n  r.v[0] = v0_0;\n  r.v[1] = v0_1;\n"
                   "  r.v[2] = v0_2;\n  r.k = v1;\n  return r;\n}\n"),
            std::string::npos)
      << K;
  const std::string Made4 = "clpar_rec_trio_make(1.0f, 2.0f, 3.0f, 4).v[";
  EXPECT_NE(K.find(Made4 + "clpar_checked(clpar_err, 7, (long)"), std::string::npos) << K;
  EXPECT_NE(K.find(Made4 + "2UL]"), std::string::npos) << K;
  // The marked access is printed without a check: two checks in all.
  size_t Checks = 0;
  for (size_t At = K.find(Made4 + "clpar_checked"); At != std::string::npos;
       At = K.find(Made4 + "clpar_checked", At + 1))
    ++Checks;
  EXPECT_EQ(Checks, 1u) << K;
}

} // namespace

/// A complex sum beside a real one: the complex accumulator's parts are two partials of
/// its element type, ahead of the real one's, each with its scratch and tree step.
TEST(KernelEmitterTest, AComplexReductionIsReducedAsItsTwoParts) {
  ir::Region R = absRegion();
  ir::Record Complex;
  Complex.KernelName = "clpar_complex_double";
  Complex.SourceName = "std::complex<double>";
  Complex.Complex = true;
  Complex.Fields = {{"re", ir::ScalarType::Double, 0}, {"im", ir::ScalarType::Double, 0}};
  R.Records = {Complex};
  ir::Reduction Z;
  Z.HostExpr = "z";
  Z.KernelName = "clpar_acc_z";
  Z.Type = ir::ScalarType::Double;
  Z.Complex = true;
  Z.Record = 0;
  ir::Reduction N;
  N.HostExpr = "n";
  N.KernelName = "clpar_acc_n";
  N.Type = ir::ScalarType::Int;
  N.Op = ir::ReductionOp::Max;
  R.Reductions = {Z, N};
  EXPECT_EQ(ir::reductionParts(R.Reductions), 3u);

  const std::string K = emit::emitKernel(R, emit::KernelOptions{});
  EXPECT_NE(K.find("    __global double *clpar_partials0, __local double *clpar_scratch0,\n"
                   "    __global double *clpar_partials1, __local double *clpar_scratch1,\n"
                   "    __global int *clpar_partials2, __local int *clpar_scratch2)"),
            std::string::npos)
      << K;
  EXPECT_NE(K.find("  clpar_complex_double clpar_acc_z;\n  clpar_acc_z.re = (double)0;\n"
                   "  clpar_acc_z.im = (double)0;\n"),
            std::string::npos)
      << K;
  EXPECT_NE(K.find("  clpar_scratch0[clpar_lid] = clpar_acc_z.re;\n"
                   "  clpar_scratch1[clpar_lid] = clpar_acc_z.im;\n"
                   "  clpar_scratch2[clpar_lid] = clpar_acc_n;\n"),
            std::string::npos)
      << K;
  EXPECT_NE(K.find("clpar_scratch1[clpar_lid] = clpar_scratch1[clpar_lid] + "
                   "clpar_scratch1[clpar_lid + clpar_s];"),
            std::string::npos)
      << K;
  EXPECT_NE(K.find("clpar_scratch2[clpar_lid] = (clpar_scratch2[clpar_lid] < "),
            std::string::npos)
      << K;
  EXPECT_NE(K.find("    clpar_partials1[clpar_group] = clpar_scratch1[0];\n"
                   "    clpar_partials2[clpar_group] = clpar_scratch2[0];\n"),
            std::string::npos)
      << K;
}
