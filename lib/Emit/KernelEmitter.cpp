//===- Emit/KernelEmitter.cpp - OpenCL C kernel for a region -------------===//
#include "Emit/KernelEmitter.h"

#include "Emit/CPrinter.h"

namespace clpar::emit {

using ir::Expr;
using ir::ScalarType;

namespace {

/// bool has no defined size in OpenCL C global memory or kernel arguments: stored
/// booleans travel as uchar (C++ bool is one byte holding 0 or 1).
const char *storageTypeName(ScalarType T) {
  return T == ScalarType::Bool ? "uchar" : ir::openclTypeName(T);
}

/// `__global T *v, long v_off, ulong v_e0.., long v_s0..`
std::string viewParams(const ir::View &V) {
  std::string S = std::string("__global ") + (V.Written ? "" : "const ") +
                  storageTypeName(V.Element) + " *" + V.KernelName + ", long " +
                  V.KernelName + "_off";
  for (unsigned D = 0; D < V.Rank; ++D)
    S += ", ulong " + V.KernelName + "_e" + std::to_string(D);
  for (unsigned D = 0; D < V.Rank; ++D)
    S += ", long " + V.KernelName + "_s" + std::to_string(D);
  return S;
}

std::string identity(ir::ReductionOp Op, ScalarType T) {
  static const char *const Max[] = {"true", "CHAR_MAX", "UCHAR_MAX", "SHRT_MAX",
                                    "USHRT_MAX", "INT_MAX", "UINT_MAX", "LONG_MAX",
                                    "ULONG_MAX", "INFINITY", "INFINITY"};
  static const char *const Min[] = {"false", "CHAR_MIN", "0", "SHRT_MIN", "0", "INT_MIN",
                                    "0", "LONG_MIN", "0", "-INFINITY", "-INFINITY"};
  std::string Type = ir::openclTypeName(T);
  switch (Op) {
  case ir::ReductionOp::Add:
  case ir::ReductionOp::Or:
  case ir::ReductionOp::Xor:
    return "(" + Type + ")0";
  case ir::ReductionOp::Mul:
    return "(" + Type + ")1";
  case ir::ReductionOp::And:
    return "(" + Type + ")~(" + Type + ")0";
  case ir::ReductionOp::Min:
    return "(" + Type + ")" + Max[static_cast<int>(T)];
  case ir::ReductionOp::Max:
    return "(" + Type + ")" + Min[static_cast<int>(T)];
  }
  return "0";
}

std::string combine(ir::ReductionOp Op, const std::string &A, const std::string &B) {
  switch (Op) {
  case ir::ReductionOp::Add: return A + " + " + B;
  case ir::ReductionOp::Mul: return A + " * " + B;
  case ir::ReductionOp::And: return A + " & " + B;
  case ir::ReductionOp::Or: return A + " | " + B;
  case ir::ReductionOp::Xor: return A + " ^ " + B;
  case ir::ReductionOp::Min: return "(" + B + " < " + A + ") ? " + B + " : " + A;
  case ir::ReductionOp::Max: return "(" + A + " < " + B + ") ? " + B + " : " + A;
  }
  return A;
}

class OpenCLPrinter : public CPrinter {
public:
  OpenCLPrinter(const ir::Region &R, bool BoundsCheck, const std::vector<ir::View> &Views)
      : CPrinter(R), BoundsCheck(BoundsCheck), Views(Views) {}

protected:
  std::string typeName(ScalarType T) override { return ir::openclTypeName(T); }

  std::string viewElement(const Expr &E) override {
    const ir::View &V = Views[E.Index];
    std::string Offset = V.KernelName + "_off";
    for (unsigned D = 0; D < E.Operands.size(); ++D) {
      std::string Index = "(long)" + operand(*E.Operands[D]);
      if (BoundsCheck && !(E.HoistedMask & (1u << D)))
        Index = "clpar_checked(clpar_err, " + std::to_string(E.AccessId) + ", " +
                Index + ", " + V.KernelName + "_e" + std::to_string(D) + ")";
      Offset += " + " + Index + " * " + V.KernelName + "_s" + std::to_string(D);
    }
    return V.KernelName + "[" + Offset + "]";
  }
  std::string viewExtent(const Expr &E) override {
    return Views[E.Index].KernelName + "_e" + std::to_string(E.Dim);
  }
  std::string viewSize(const Expr &E) override {
    const ir::View &V = Views[E.Index];
    std::string S;
    for (unsigned D = 0; D < V.Rank; ++D)
      S += (D ? " * " : "") + V.KernelName + "_e" + std::to_string(D);
    return V.Rank == 1 ? S : "(" + S + ")";
  }
  std::string viewRef(const Expr &E) override {
    const ir::View &V = Views[E.Index];
    std::string S = V.KernelName + ", " + V.KernelName + "_off";
    for (unsigned D = 0; D < V.Rank; ++D)
      S += ", " + V.KernelName + "_e" + std::to_string(D);
    for (unsigned D = 0; D < V.Rank; ++D)
      S += ", " + V.KernelName + "_s" + std::to_string(D);
    return S;
  }
  std::string scalarName(const Expr &E) override {
    return R.Scalars[E.Index].KernelName;
  }
  std::string reductionName(const Expr &E) override {
    return R.Reductions[E.Index].KernelName;
  }
  std::string loopIndexName(const Expr &E) override {
    return R.Dims[E.Index].LoopVarName;
  }
  std::string call(const Expr &E) override {
    // std::min(a, b) is (b < a) ? b : a and std::max(a, b) is (a < b) ? b : a; OpenCL's
    // built-ins differ on NaN, so floating-point min and max call the preamble's helpers.
    bool Floating = ir::isFloating(E.Type);
    if ((E.Text == "min" || E.Text == "max") && Floating)
      return "clpar_std_" + E.Text + "_" + ir::openclTypeName(E.Type) + "(" +
             expr(*E.Operands[0]) + ", " + expr(*E.Operands[1]) + ")";
    std::string S = E.Text + "(";
    for (size_t I = 0; I < E.Operands.size(); ++I)
      S += (I ? ", " : "") + expr(*E.Operands[I]);
    return S + ")";
  }
  std::string functionCall(const Expr &E) override {
    std::string S = E.Text + "(clpar_err";
    for (const auto &Op : E.Operands)
      S += ", " + expr(*Op);
    return S + ")";
  }
  // With reductions the body sits in `do { } while (0)`, and `continue` leaves it while
  // the work-item still takes part in the work-group's reduction.
  std::string endIteration() override {
    return R.Reductions.empty() ? "return;" : "continue;";
  }

private:
  bool BoundsCheck;
  const std::vector<ir::View> &Views;
};

void emitFunction(const ir::Region &R, const ir::Function &F, bool BoundsCheck,
                  std::string &K) {
  K += "\n" + std::string(F.ReturnsVoid ? "void" : ir::openclTypeName(F.ReturnType)) +
       " " + F.KernelName + "(__global int *clpar_err";
  for (const ir::Function::Param &P : F.Params)
    K += ", " + (P.IsView ? viewParams(F.ViewParams[P.ViewIndex])
                          : std::string(ir::openclTypeName(P.Type)) + " " + P.Name);
  K += ")\n";
  OpenCLPrinter P(R, BoundsCheck, F.ViewParams);
  P.stmt(*F.Body, 0, K);
}

} // namespace

std::string emitKernel(const ir::Region &R, const KernelOptions &Opts) {
  bool BoundsCheck = Opts.BoundsCheck && R.BoundsCheck;
  std::string K;
  K += "// OpenCL C generated by clpar for the prange nest at " + R.Site.File + ":" +
       std::to_string(R.Site.Line) + ":" + std::to_string(R.Site.Column) +
       (R.FunctionName.empty() ? "" : " in '" + R.FunctionName + "'") + "\n";
  if (R.UsesDouble)
    K += "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n";
  if (Opts.StrictFp)
    K += "#pragma OPENCL FP_CONTRACT OFF\n";
  if (BoundsCheck)
    K += "\n// An out-of-range index is recorded in err (code, access, index) and replaced\n"
         "// by 0; the runtime then discards this call's results and reruns it on the host,\n"
         "// which reports the error.\n"
         "long clpar_checked(__global int *err, int access, long i, ulong n) {\n"
         "  if ((ulong)i < n) return i;\n"
         "  err[0] = 1; err[1] = access; err[2] = (int)i; err[3] = (int)(i >> 32);\n"
         "  return 0;\n"
         "}\n";
  // std::min and std::max on floating point (NaN handling as in C++).
  K += "\nfloat clpar_std_min_float(float a, float b) { return (b < a) ? b : a; }\n"
       "float clpar_std_max_float(float a, float b) { return (a < b) ? b : a; }\n";
  if (R.UsesDouble)
    K += "double clpar_std_min_double(double a, double b) { return (b < a) ? b : a; }\n"
         "double clpar_std_max_double(double a, double b) { return (a < b) ? b : a; }\n";
  for (const ir::Function &F : R.Functions)
    emitFunction(R, F, BoundsCheck, K);

  K += "\n__kernel void " + R.KernelName + "(";
  std::string Sep = "\n    ";
  for (unsigned D = 0; D < R.Dims.size(); ++D) {
    std::string N = std::to_string(D);
    K += Sep + "long clpar_first" + N + ", long clpar_step" + N + ", ulong clpar_count" + N;
    Sep = ",\n    ";
  }
  K += Sep + "__global int *clpar_err";
  for (const ir::View &V : R.Views)
    K += Sep + viewParams(V);
  for (const ir::Scalar &S : R.Scalars)
    K += Sep + std::string(storageTypeName(S.Type)) + " " + S.KernelName;
  for (unsigned I = 0; I < R.Reductions.size(); ++I) {
    std::string T = ir::openclTypeName(R.Reductions[I].Type), N = std::to_string(I);
    K += Sep + "__global " + T + " *clpar_partials" + N + ", __local " + T +
         " *clpar_scratch" + N;
  }
  K += ")\n{\n";

  // The innermost dimension is global id 0, so neighbouring work-items take
  // neighbouring iterations of the innermost loop (and usually neighbouring memory).
  unsigned N = R.Dims.size();
  std::string Guard;
  for (unsigned D = 0; D < N; ++D) {
    std::string S = std::to_string(D);
    K += "  const ulong clpar_k" + S + " = get_global_id(" + std::to_string(N - 1 - D) +
         ");\n";
    Guard += (D ? " || " : "") + std::string("clpar_k") + S + " >= clpar_count" + S;
  }
  bool Reducing = !R.Reductions.empty();
  std::string In = Reducing ? "      " : "  ";
  if (Reducing) {
    for (const ir::Reduction &Red : R.Reductions)
      K += "  " + std::string(ir::openclTypeName(Red.Type)) + " " + Red.KernelName + " = " +
           identity(Red.Op, Red.Type) + ";\n";
    // Work-items past the end still take part in the work-group's reduction.
    K += "  if (!(" + Guard + ")) {\n    do {\n";
  } else {
    K += "  if (" + Guard + ")\n    return;\n";
  }
  for (unsigned D = 0; D < N; ++D) {
    std::string S = std::to_string(D);
    const ir::Dimension &Dim = R.Dims[D];
    K += In + ir::openclTypeName(Dim.LoopVarType) + " " + Dim.LoopVarName + " = (" +
         ir::openclTypeName(Dim.LoopVarType) + ")(clpar_first" + S + " + (long)clpar_k" +
         S + " * clpar_step" + S + ");\n";
  }
  OpenCLPrinter P(R, BoundsCheck, R.Views);
  unsigned Indent = Reducing ? 3 : 1;
  if (R.KernelBody->K == ir::Stmt::Kind::Compound) {
    for (const auto &C : R.KernelBody->Children)
      P.stmt(*C, Indent, K);
  } else {
    P.stmt(*R.KernelBody, Indent, K);
  }
  if (Reducing) {
    K += "    } while (0);\n  }\n";
    K += "  // Tree reduction in the work-group (any work-group size), then one partial\n"
         "  // per work-group, which the runtime combines in group order.\n"
         "  const uint clpar_lid = get_local_id(0) + get_local_size(0) * (get_local_id(1) + "
         "get_local_size(1) * get_local_id(2));\n"
         "  const uint clpar_lsize = get_local_size(0) * get_local_size(1) * "
         "get_local_size(2);\n"
         "  const ulong clpar_group = get_group_id(0) + get_num_groups(0) * (get_group_id(1) "
         "+ get_num_groups(1) * get_group_id(2));\n";
    for (unsigned I = 0; I < R.Reductions.size(); ++I) {
      const ir::Reduction &Red = R.Reductions[I];
      std::string Sc = "clpar_scratch" + std::to_string(I);
      K += "  " + Sc + "[clpar_lid] = " + Red.KernelName + ";\n";
    }
    K += "  barrier(CLK_LOCAL_MEM_FENCE);\n"
         "  for (uint clpar_s = 1; clpar_s < clpar_lsize; clpar_s <<= 1) {\n"
         "    if (clpar_lid % (2 * clpar_s) == 0 && clpar_lid + clpar_s < clpar_lsize) {\n";
    for (unsigned I = 0; I < R.Reductions.size(); ++I) {
      std::string Sc = "clpar_scratch" + std::to_string(I);
      K += "      " + Sc + "[clpar_lid] = " +
           combine(R.Reductions[I].Op, Sc + "[clpar_lid]", Sc + "[clpar_lid + clpar_s]") +
           ";\n";
    }
    K += "    }\n    barrier(CLK_LOCAL_MEM_FENCE);\n  }\n  if (clpar_lid == 0) {\n";
    for (unsigned I = 0; I < R.Reductions.size(); ++I)
      K += "    clpar_partials" + std::to_string(I) + "[clpar_group] = clpar_scratch" +
           std::to_string(I) + "[0];\n";
    K += "  }\n";
  }
  K += "}\n";
  return K;
}

bool kernelChecksAccesses(const std::string &KernelSource) {
  // Every checked access is spelled through this call (OpenCLPrinter::viewElement).
  return KernelSource.find("clpar_checked(clpar_err, ") != std::string::npos;
}

} // namespace clpar::emit
