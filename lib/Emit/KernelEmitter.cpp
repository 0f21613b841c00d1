//===- Emit/KernelEmitter.cpp - OpenCL C kernel for a region -------------===//
#include "Emit/KernelEmitter.h"

#include "Emit/CPrinter.h"
#include "Emit/ComplexHelpers.h"

#include <algorithm>
#include <cstdlib>
#include <optional>
#include <string>

namespace clpar::emit {

using ir::Expr;
using ir::ScalarType;

namespace {

/// bool has no defined size in OpenCL C global memory or kernel arguments: stored
/// booleans travel as uchar (C++ bool is one byte holding 0 or 1).
const char *storageTypeName(ScalarType T) {
  return T == ScalarType::Bool ? "uchar" : ir::openclTypeName(T);
}

/// Whether \p Index is an integer literal below \p Extent, perhaps cast to an int or long
/// type (which keeps a value below 2^31): an array access that needs no check.
bool constantWithin(const Expr &Index, unsigned long long Extent) {
  const Expr *E = &Index;
  while (E->K == Expr::Kind::Cast &&
         (E->Type == ScalarType::Int || E->Type == ScalarType::UInt ||
          E->Type == ScalarType::Long || E->Type == ScalarType::ULong))
    E = E->Operands[0].get();
  if (E->K != Expr::Kind::IntLiteral || E->Text.empty() || E->Text[0] == '-')
    return false;
  const unsigned long long Value = std::strtoull(E->Text.c_str(), nullptr, 10);
  return Value < Extent && Value < (1ULL << 31);
}

/// `__global [const] T *` for a view of element type T in global memory.
std::string elementPointer(const ir::Region &R, const ir::View &V) {
  return std::string("__global ") + (V.Written ? "" : "const ") +
         (V.Element == ScalarType::Record ? R.Records[V.ElementRecord].KernelName
                                          : std::string(storageTypeName(V.Element))) +
         " *";
}

/// `__global T *v, long v_off, ulong v_e0.., long v_s0..`.  A kernel's view of structs
/// takes `__global char *v_bytes, long v_boff` instead (the runtime's offset is in bytes,
/// view_arg::byte_offset), and the kernel's first lines declare `v` and `v_off` from them.
/// A kernel's own view parameters (`Kernel`) in a region with a no-alias form
/// (`Restrict`) are `CLPAR_RESTRICT`: `restrict` in that form.
std::string viewParams(const ir::Region &R, const ir::View &V, bool Kernel = false,
                       bool Restrict = false) {
  const std::string Qualifier = Kernel && Restrict ? "CLPAR_RESTRICT " : "";
  std::string S = Kernel && V.Element == ScalarType::Record
                      ? std::string("__global ") + (V.Written ? "" : "const ") + "char *" +
                            Qualifier + V.KernelName + "_bytes, long " + V.KernelName + "_boff"
                      : elementPointer(R, V) + Qualifier + V.KernelName + ", long " +
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

/// A value the kernel reduces over its work-group: a reduction's accumulator, or a part
/// of a complex one's; one partials buffer each, in the runtime's order.
struct ReductionPart {
  const ir::Reduction *Red;
  std::string Value;
};

std::vector<ReductionPart> reductionParts(const ir::Region &R) {
  std::vector<ReductionPart> Parts;
  for (const ir::Reduction &Red : R.Reductions) {
    if (Red.Complex) {
      Parts.push_back({&Red, Red.KernelName + ".re"});
      Parts.push_back({&Red, Red.KernelName + ".im"});
    } else {
      Parts.push_back({&Red, Red.KernelName});
    }
  }
  return Parts;
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
  /// \p InLoop: the body is printed inside a loop over the work-item's iterations.
  OpenCLPrinter(const ir::Region &R, bool BoundsCheck, const std::vector<ir::View> &Views,
                bool InLoop = false)
      : CPrinter(R), BoundsCheck(BoundsCheck), InLoop(InLoop), Views(Views) {}

  /// The entry checks of \p For as loopGuard prints them, for a loop printed by hand.
  std::string entryGuard(const ir::Stmt &For, unsigned Indent, std::string &Out) {
    return loopGuard(For, Indent, Out);
  }

protected:
  std::string typeName(ScalarType T) override { return ir::openclTypeName(T); }

  std::string viewElement(const Expr &E) override {
    const ir::View &V = Views[E.Index];
    // v[v_off + (i0 * s0 + i1 * s1 ...)], the sum in clpar_idx.
    std::string Position;
    for (unsigned D = 0; D < E.Operands.size(); ++D) {
      std::string Index = "(clpar_idx)" + operand(*E.Operands[D]);
      if (BoundsCheck && !((E.HoistedMask | E.EntryCheckedMask) & (1u << D)))
        Index = "(clpar_idx)clpar_checked(clpar_err, " + std::to_string(E.AccessId) +
                ", (long)" + operand(*E.Operands[D]) + ", " + V.KernelName + "_e" +
                std::to_string(D) + ")";
      std::string Stride = "(clpar_idx)" + V.KernelName + "_s" + std::to_string(D);
      if (D + 1 == V.Rank)
        Stride = "CLPAR_INNER(" + Stride + ")";
      Position += (D ? " + " : "") + Index + " * " + Stride;
    }
    return V.KernelName + "[" + V.KernelName + "_off + (" + Position + ")]";
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
    // std::min(a, b) is (b < a) ? b : a, std::max(a, b) is (a < b) ? b : a and
    // std::clamp(v, lo, hi) is v < lo ? lo : (hi < v ? hi : v); OpenCL's built-ins differ
    // on NaN, so on floating point they call the preamble's helpers.
    bool Floating = ir::isFloating(E.Type);
    std::string S = E.Text + "(";
    if ((E.Text == "min" || E.Text == "max" || E.Text == "clamp") && Floating)
      S = "clpar_std_" + E.Text + "_" + ir::openclTypeName(E.Type) + "(";
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
  std::string arrayElement(const Expr &E) override {
    std::string Index = expr(*E.Operands[0]);
    if (BoundsCheck && !(E.HoistedMask & 1) &&
        (!E.ExtentName.empty() || !constantWithin(*E.Operands[0], E.Extent)))
      Index = "clpar_checked(clpar_err, " + std::to_string(E.AccessId) + ", (long)" +
              operand(*E.Operands[0]) + ", " +
              (E.ExtentName.empty() ? std::to_string(E.Extent) + "UL" : E.ExtentName) + ")";
    return arrayName(E) + "[" + Index + "]";
  }
  // In a loop over the work-item's iterations (a grid-stride kernel, a block of the
  // innermost dimension) `continue` goes on to the next one, and a work-item of a reduction
  // still takes part in its work-group's tree; otherwise the work-item is done.
  std::string endIteration() override { return InLoop ? "continue;" : "return;"; }
  // A loop's entry checks (ir::LoopEntryChecks): each index at the loop's first value
  // and, when that passed, at its last; the loop runs only when all pass.
  std::string loopGuard(const ir::Stmt &For, unsigned Indent, std::string &Out) override {
    if (!BoundsCheck || !For.EntryChecks)
      return "";
    const ir::LoopEntryChecks &L = *For.EntryChecks;
    const std::string Pad(2 * Indent, ' ');
    const std::string Ok = "clpar_ok" + std::to_string(Guards++);
    const std::string Type = ir::openclTypeName(L.VarType);
    std::string Checks;
    for (const ir::LoopEntryChecks::Check &C : L.Checks)
      Checks += (Checks.empty() ? "" : " &&\n" + Pad + "        ") +
                std::string("clpar_in_range(clpar_err, ") + std::to_string(C.AccessId) +
                ", (long)" + operand(*C.Index) + ", " +
                (C.NonNegative ? std::string("0x8000000000000000UL")
                               : Views[C.View].KernelName + "_e" + std::to_string(C.Dim)) +
                ")";
    Out += Pad + "bool " + Ok + " = true;\n";
    Out += Pad + "{\n";
    Out += Pad + "  const " + Type + " " + L.Var + " = (" + Type + ")(" + expr(*L.First) +
           ");\n";
    Out += Pad + "  if (" + L.Var + " < " + operand(*L.End) + ") {\n";
    Out += Pad + "    " + Ok + " = " + Checks + ";\n";
    Out += Pad + "    if (" + Ok + ") {\n";
    Out += Pad + "      const " + Type + " " + L.Var + " = (" + Type + ")(" + operand(*L.End) +
           " - 1);\n";
    Out += Pad + "      " + Ok + " = " + Checks + ";\n";
    Out += Pad + "    }\n";
    Out += Pad + "  }\n";
    Out += Pad + "}\n";
    return Ok;
  }

private:
  bool BoundsCheck;
  bool InLoop;
  const std::vector<ir::View> &Views;
  unsigned Guards = 0;
};

/// Prints the element-wise assignment of a region with ElementwiseRows for the four
/// iterations of the innermost dimension that one aligned T4 of the destination holds (the
/// aligned-rows path, built when the runtime defines CLPAR_ROWS4): the destination as that
/// T4, every other view's element as the four from its own position, taken out of the
/// aligned T4s around them by clpar_window4 with a build-time constant shift: the view's
/// position against the destination (CLPAR_SHIFT<view>) plus the read's innermost offset.
class VectorPrinter : public OpenCLPrinter {
public:
  explicit VectorPrinter(const ir::Region &R) : OpenCLPrinter(R, false, R.Views) {}

protected:
  std::string viewElement(const Expr &E) override {
    const ir::View &V = R.Views[E.Index];
    const unsigned Inner = E.Operands.size() - 1;
    std::string Position;
    for (unsigned D = 0; D < Inner; ++D)
      Position += "(clpar_idx)" + operand(*E.Operands[D]) + " * (clpar_idx)" + V.KernelName +
                  "_s" + std::to_string(D) + " + ";
    Position += "(clpar_idx)" + operand(*E.Operands[Inner]);
    const std::string Address =
        V.KernelName + " + " + V.KernelName + "_off + (" + Position + ")";
    if (E.Index == R.Rows->Dest)
      return std::string("(*(__global ") + ir::openclTypeName(V.Element) + "4 *)(" +
             Address + "))";
    const std::string Shift = "CLPAR_SHIFT" + std::to_string(E.Index);
    const long long Offset = R.Rows->InnerOffset[E.AccessId] & 3;
    return "clpar_window4(" + Address + ", " +
           (Offset == 0 ? Shift : "(" + Shift + " + " + std::to_string(Offset) + ") & 3") +
           ")";
  }
};

/// The assignment of an element-wise slice statement (not a reduction), or null.
const Expr *sliceAssignment(const ir::Region &R) {
  if (!R.Slice || R.Slice->IsReduction || !R.Reductions.empty() || !R.Functions.empty() ||
      !R.KernelBody || R.Dims.empty())
    return nullptr;
  return ir::singleAssignment(*R.KernelBody);
}

/// A slice assignment split into what a work-item computes before storing: the
/// destination element, the operator of a compound assignment ("" for `=`) and the
/// right-hand side.
struct Split {
  const Expr *Dest = nullptr;
  std::string Op;
  const Expr *Source = nullptr;
};

std::optional<Split> splitAssignment(const ir::Region &R) {
  const Expr *Statement = R.KernelBody ? ir::singleAssignment(*R.KernelBody) : nullptr;
  if (!Statement)
    return std::nullopt;
  Split S;
  S.Dest = Statement->Operands[0].get();
  S.Source = Statement->Operands[1].get();
  if (Statement->Text != "=")
    S.Op = Statement->Text.substr(0, Statement->Text.size() - 1);
  return S;
}

/// Whether the spread path should compute all four values, with unconditional loads,
/// before the first store: with at most two view reads per element.  Measured on an H200
/// (bench/slices, bench/limits/kernel_shapes, docs/performance.md), against one branch
/// and store per element: saxpy one element off alignment 69% -> 95% of the copy
/// bandwidth, `where(x > 0, x, 0)` 61% -> 73%; but a 4-neighbour stencil through 2-D
/// slices 61% -> 53%.
bool loadsFirst(const Split &S) {
  return ir::viewReads(*S.Source) + (S.Op.empty() ? 0 : 1) <= 2;
}

/// The element type's clpar_window4: four elements from p on, out of the aligned T4s
/// around them; k (p's position past a four-element boundary) is a build-time constant,
/// so only the loads and the shuffle it needs remain.
std::string windowFunction(ScalarType T) {
  const std::string E = ir::openclTypeName(T), V = E + "4";
  return V + " clpar_window4(__global const " + E + " *p, const uint k) {\n"
         "  __global const " + V + " *a = (__global const " + V + " *)(p - k);\n"
         "  if (k == 0) return a[0];\n"
         "  const " + V + " lo = a[0], hi = a[1];\n"
         "  if (k == 1) return (" + V + ")(lo.yzw, hi.x);\n"
         "  if (k == 2) return (" + V + ")(lo.zw, hi.xy);\n"
         "  return (" + V + ")(lo.w, hi.xyz);\n"
         "}\n";
}

/// The OpenCL C type of a value of type \p T (of record \p Record).
std::string valueTypeName(const ir::Region &R, ScalarType T, unsigned Record) {
  return T == ScalarType::Record ? R.Records[Record].KernelName : ir::openclTypeName(T);
}

/// Each record as a struct, and `<name>_make(fields...)`, which makes one.
void emitRecords(const ir::Region &R, std::string &K) {
  for (const ir::Record &Rec : R.Records) {
    K += "\n// " + Rec.SourceName + "\ntypedef struct " +
         (Rec.Align ? "__attribute__((aligned(" + std::to_string(Rec.Align) + "))) " : "") +
         "{\n";
    for (const ir::Record::Field &F : Rec.Fields)
      K += "  " + valueTypeName(R, F.Type, F.Record) + " " + F.Name +
           (F.ArraySize ? "[" + std::to_string(F.ArraySize) + "]" : "") + ";\n";
    // One parameter per field, and per element of an array field (vI_K).
    std::string Params, Sets;
    for (size_t I = 0; I < Rec.Fields.size(); ++I) {
      const ir::Record::Field &F = Rec.Fields[I];
      const std::string Type = valueTypeName(R, F.Type, F.Record);
      const std::string V = "v" + std::to_string(I);
      if (!F.ArraySize) {
        Params += (Params.empty() ? "" : ", ") + Type + " " + V;
        Sets += "  r." + F.Name + " = " + V + ";\n";
      }
      for (unsigned long long E = 0; E < F.ArraySize; ++E) {
        const std::string At = std::to_string(E);
        Params += (Params.empty() ? "" : ", ") + Type + " " + V + "_" + At;
        Sets += "  r." + F.Name + "[" + At + "] = " + V + "_" + At + ";\n";
      }
    }
    K += "} " + Rec.KernelName + ";\n" + Rec.KernelName + " " + Rec.KernelName + "_make(" +
         Params + ") {\n  " + Rec.KernelName + " r;\n" + Sets + "  return r;\n}\n";
  }
}

void emitFunction(const ir::Region &R, const ir::Function &F, bool BoundsCheck,
                  std::string &K) {
  K += "\n" + (F.ReturnsVoid ? std::string("void")
                             : valueTypeName(R, F.ReturnType, F.ReturnRecord)) +
       " " + F.KernelName + "(__global int *clpar_err";
  for (const ir::Function::Param &P : F.Params)
    K += ", " + (P.IsView ? viewParams(R, F.ViewParams[P.ViewIndex])
                          : (P.Array && P.Const ? "const " : "") +
                                valueTypeName(R, P.Type, P.Record) + (P.Pointer ? " *" : " ") +
                                P.Name);
  K += ")\n";
  OpenCLPrinter P(R, BoundsCheck, F.ViewParams);
  P.stmt(*F.Body, 0, K);
}

bool hasEntryChecks(const ir::Stmt &S) {
  if (S.EntryChecks)
    return true;
  for (const auto &C : S.Children)
    if (C && hasEntryChecks(*C))
      return true;
  return false;
}

bool hasEntryChecks(const ir::Region &R) {
  if (R.KernelBody && hasEntryChecks(*R.KernelBody))
    return true;
  for (const ir::Function &F : R.Functions)
    if (F.Body && hasEntryChecks(*F.Body))
      return true;
  return false;
}

/// `T v = (T)(clpar_first<D> + (long)clpar_k<D> * clpar_step<D>);`, dimension D's variable.
std::string loopVarDecl(const ir::Region &R, unsigned D, const std::string &Pad) {
  const std::string S = std::to_string(D);
  const ir::Dimension &Dim = R.Dims[D];
  const std::string Type = ir::openclTypeName(Dim.LoopVarType);
  return Pad + Type + " " + Dim.LoopVarName + " = (" + Type + ")(clpar_first" + S +
         " + (long)clpar_k" + S + " * clpar_step" + S + ");\n";
}

/// A loop that takes `Steps` of its values, `Stride` apart, per pass and computes every
/// value of a pass before its first update, in the order of the steps: loads under a
/// branch would each wait for the update before them.  Steps at or past `Limit` compute
/// the last step's values again (`Declarations` make the step's variables from the clamped
/// step `Clamped`, at `Pad` plus four spaces) and add nothing.  emitInnerLanes and
/// emitGridLanes are its two uses.
struct ValuesFirstLoop {
  std::string Pad;     ///< the loop's indentation
  std::string First;   ///< the first pass's first step
  std::string Limit;   ///< the steps' end
  std::string Stride;  ///< between a pass's steps
  std::string Steps;   ///< steps per pass: a macro the kernel defines
  std::string Array;   ///< the prefix of the values' arrays
  std::string Clamped; ///< the clamped step's name
  std::string Declarations;
  struct Update {
    std::string Type, Value, Target, Op;
  };
  std::vector<Update> Updates;
};

void emitValuesFirst(const ValuesFirstLoop &L, std::string &K) {
  const std::string &Pad = L.Pad;
  const auto Lane = [&](unsigned U) { return L.Array + std::to_string(U); };
  K += Pad + "for (ulong clpar_base = " + L.First + "; clpar_base < " + L.Limit +
       "; clpar_base += " + L.Steps + " * " + L.Stride + ") {\n";
  for (unsigned U = 0; U < L.Updates.size(); ++U)
    K += Pad + "  " + L.Updates[U].Type + " " + Lane(U) + "[" + L.Steps + "];\n";
  K += "#pragma unroll\n";
  K += Pad + "  for (uint clpar_j = 0; clpar_j < " + L.Steps + "; ++clpar_j) {\n";
  K += Pad + "    const ulong clpar_next = clpar_base + clpar_j * " + L.Stride + ";\n";
  K += Pad + "    const ulong " + L.Clamped + " = clpar_next < " + L.Limit + " ? clpar_next : " +
       L.Limit + " - 1;\n";
  K += L.Declarations;
  for (unsigned U = 0; U < L.Updates.size(); ++U)
    K += Pad + "    " + Lane(U) + "[clpar_j] = " + L.Updates[U].Value + ";\n";
  K += Pad + "  }\n";
  K += "#pragma unroll\n";
  K += Pad + "  for (uint clpar_j = 0; clpar_j < " + L.Steps + "; ++clpar_j)\n";
  K += Pad + "    if (clpar_base + clpar_j * " + L.Stride + " < " + L.Limit + ") {\n";
  for (unsigned U = 0; U < L.Updates.size(); ++U)
    K += Pad + "      " + L.Updates[U].Target + " " + L.Updates[U].Op + " " + Lane(U) +
         "[clpar_j];\n";
  K += Pad + "    }\n";
  K += Pad + "}\n";
}

/// A split-form lane's share of an inner loop whose body is only accumulator updates
/// (ir::InnerReduction::Updates): CLPAR_INNER_LANES of its steps, CLPAR_LANES apart, per
/// pass, values first.
void emitInnerLanes(const ir::InnerReduction &In, OpenCLPrinter &P, std::string &K) {
  const std::string VarType = ir::openclTypeName(In.VarType);
  ValuesFirstLoop L;
  L.Pad = "    ";
  L.First = "clpar_lane";
  L.Limit = "clpar_len";
  L.Stride = "CLPAR_LANES";
  L.Steps = "CLPAR_INNER_LANES";
  L.Array = "clpar_inner";
  L.Clamped = "clpar_r";
  L.Declarations = L.Pad + "    const " + VarType + " " + In.Var + " = (" + VarType +
                   ")(clpar_lo + (" + VarType + ")clpar_r);\n";
  for (const ir::InnerReduction::Update &U : In.Updates)
    L.Updates.push_back(
        {storageTypeName(U.Value->Type), P.expr(*U.Value), U.Accumulator, U.Op});
  emitValuesFirst(L, K);
}

/// The split form of a region with an inner reduction (KernelShape::Split): CLPAR_LANES
/// work-items share one iteration of the innermost dimension.  Each makes the declarations
/// before the inner loop, runs the loop's body for every CLPAR_LANES-th value of its
/// variable into accumulators of its own, and leaves them in local memory; a tree over
/// the lanes combines them, and the first lane combines the result into the iteration's
/// accumulators and runs the statements after the loop.  A work-group takes CLPAR_ITEMS
/// consecutive iterations, 1 wide in the other dimensions; a work-item past the last
/// iteration repeats the last one (so that the whole group meets every barrier) and
/// stores nothing.
void emitSplitForm(const ir::Region &R, OpenCLPrinter &P, std::string &K) {
  const ir::InnerReduction &In = *R.Inner;
  const unsigned N = R.Dims.size(), Last = N - 1;
  const std::string SL = std::to_string(Last);
  const auto &Body = R.KernelBody->Children;
  K += "  // CLPAR_LANES work-items share each iteration, splitting its inner loop; lanes\n"
       "  // neighbour each other (CLPAR_LANES_FIRST) or iterations do.\n"
       "  const uint clpar_l = get_local_id(0);\n"
       "#if CLPAR_LANES_FIRST\n"
       "  const uint clpar_lane = clpar_l % CLPAR_LANES, clpar_item = clpar_l / CLPAR_LANES;\n"
       "#define CLPAR_SLOT(item, lane) ((item) * CLPAR_LANES + (lane))\n"
       "#else\n"
       "  const uint clpar_lane = clpar_l / CLPAR_ITEMS, clpar_item = clpar_l % CLPAR_ITEMS;\n"
       "#define CLPAR_SLOT(item, lane) ((lane) * CLPAR_ITEMS + (item))\n"
       "#endif\n";
  for (unsigned A = 0; A < In.Accumulators.size(); ++A)
    K += "  __local " + std::string(ir::openclTypeName(In.Accumulators[A].Type)) +
         " clpar_part" + std::to_string(A) + "[CLPAR_LANES * CLPAR_ITEMS];\n";
  // No return before the barriers, not even one the whole group takes: PoCL (3.1, 5.0)
  // then runs the statements after the tree in every lane.  None is needed: the runtime
  // launches exactly the other dimensions' counts and never an empty range
  // (split_work_size in the runtime's launch/inner_split.hpp).
  for (unsigned D = 0; D < Last; ++D)
    K += "  const ulong clpar_k" + std::to_string(D) + " = get_global_id(" +
         std::to_string(N - 1 - D) + ");\n";
  K += "  const ulong clpar_item_k = get_group_id(0) * CLPAR_ITEMS + clpar_item;\n";
  K += "  const ulong clpar_k" + SL + " = clpar_item_k < clpar_count" + SL +
       " ? clpar_item_k : clpar_count" + SL + " - 1;\n";
  for (unsigned D = 0; D < N; ++D)
    K += loopVarDecl(R, D, "  ");
  for (unsigned I = 0; I < In.LoopStmt; ++I)
    P.stmt(*Body[I], 1, K);
  // The loop, this lane's share of it, into accumulators of its own (shadowing the
  // iteration's).
  const std::string VarType = ir::openclTypeName(In.VarType);
  K += "  {\n";
  K += "    const " + VarType + " clpar_lo = (" + VarType + ")(" + P.expr(*In.First) + ");\n";
  K += "    const " + std::string(ir::openclTypeName(In.End->Type)) +
       " clpar_hi = " + P.expr(*In.End) + ";\n";
  // (A branch, not `lo < hi ? hi - lo : 0`, which LLVM makes a saturating subtraction
  // that oclgrind cannot run.)
  K += "    const ulong clpar_len = (ulong)clpar_hi - (ulong)clpar_lo;\n";
  for (const ir::InnerReduction::Accumulator &A : In.Accumulators)
    K += "    " + std::string(ir::openclTypeName(A.Type)) + " " + A.Name + " = " +
         identity(A.Op, A.Type) + ";\n";
  // The loop's entry checks (ir::LoopEntryChecks) over its whole range, in every lane.
  const ir::Stmt &Loop = *Body[In.LoopStmt];
  const std::string Checked = P.entryGuard(Loop, 2, K);
  K += "    if (clpar_lo < clpar_hi" + (Checked.empty() ? "" : " && " + Checked) + ")\n";
  if (!In.Updates.empty()) {
    emitInnerLanes(In, P, K);
  } else {
    K += "    for (ulong clpar_r = clpar_lane; clpar_r < clpar_len; clpar_r += CLPAR_LANES) {\n";
    K += "      const " + VarType + " " + In.Var + " = (" + VarType + ")(clpar_lo + (" +
         VarType + ")clpar_r);\n";
    const ir::Stmt &LoopBody = *Loop.Children[1];
    if (LoopBody.K == ir::Stmt::Kind::Compound) {
      for (const auto &C : LoopBody.Children)
        P.stmt(*C, 3, K);
    } else {
      P.stmt(LoopBody, 3, K);
    }
    K += "    }\n";
  }
  for (unsigned A = 0; A < In.Accumulators.size(); ++A)
    K += "    clpar_part" + std::to_string(A) + "[CLPAR_SLOT(clpar_item, clpar_lane)] = " +
         In.Accumulators[A].Name + ";\n";
  K += "  }\n";
  // Halving over the lanes: lane 0 ends with the combined value in its own slot.
  K += "  for (uint clpar_s = CLPAR_LANES / 2; clpar_s > 0; clpar_s >>= 1) {\n"
       "    barrier(CLK_LOCAL_MEM_FENCE);\n"
       "    if (clpar_lane < clpar_s) {\n";
  for (unsigned A = 0; A < In.Accumulators.size(); ++A) {
    const std::string Part = "clpar_part" + std::to_string(A);
    const std::string Mine = Part + "[CLPAR_SLOT(clpar_item, clpar_lane)]";
    K += "      " + Mine + " = " +
         combine(In.Accumulators[A].Op, Mine,
                 Part + "[CLPAR_SLOT(clpar_item, clpar_lane + clpar_s)]") +
         ";\n";
  }
  K += "    }\n  }\n";
  K += "  if (clpar_lane != 0 || clpar_item_k >= clpar_count" + SL + ")\n    return;\n";
  for (unsigned A = 0; A < In.Accumulators.size(); ++A) {
    const ir::InnerReduction::Accumulator &Acc = In.Accumulators[A];
    K += "  " + Acc.Name + " = " +
         combine(Acc.Op, Acc.Name, "clpar_part" + std::to_string(A) +
                                       "[CLPAR_SLOT(clpar_item, 0)]") +
         ";\n";
  }
  for (unsigned I = In.LoopStmt + 1; I < Body.size(); ++I)
    P.stmt(*Body[I], 1, K);
  K += "#undef CLPAR_SLOT\n";
}

/// The tiled form of a product (KernelShape::Tiles, ir::ProductTiles).  A work-group of
/// CLPAR_GROUP_R x CLPAR_GROUP_C work-items takes a block of CLPAR_TI x CLPAR_TJ
/// iterations; work-item (ty, tx) computes CLPAR_TILE_R x CLPAR_TILE_C of them, with the
/// accumulators of each in registers: runs of CLPAR_RUN_R x CLPAR_RUN_C neighbouring
/// iterations from (ty * CLPAR_RUN_R, tx * CLPAR_RUN_C), the runs a group's runs apart
/// (runs of 1: iterations a group apart; runs of the whole block: side by side).  For every CLPAR_TILE_K steps of the inner
/// loop the group loads each read of the loop for its block once into local memory (those
/// along dimension 0 for its rows, those along dimension 1 for its columns); the next
/// steps' reads are fetched into registers while the work-items run the loop's body for
/// these steps on each of their iterations in turn, so each iteration still runs its loop
/// in order.  The declarations before the loop are made once for the accumulators' first
/// values and again, before the statements after the loop, for everything else they
/// declare.
void emitTiledForm(const ir::Region &R, OpenCLPrinter &P, std::string &K) {
  const ir::InnerReduction &In = *R.Inner;
  const ir::ProductTiles &T = *R.Tiles;
  const auto &Body = R.KernelBody->Children;
  const std::string VarType = ir::openclTypeName(In.VarType);
  const auto Each = [](const std::string &Pad) {
    return "#pragma unroll\n" + Pad +
           "for (uint clpar_r = 0; clpar_r < CLPAR_TILE_R; ++clpar_r)\n#pragma unroll\n" +
           Pad + "  for (uint clpar_c = 0; clpar_c < CLPAR_TILE_C; ++clpar_c) {\n";
  };
  // Iteration (clpar_r, clpar_c) of the work-item's block; \p Skip: leave out-of-range
  // ones (the statement given).
  const auto Iteration = [&](const std::string &Pad, const std::string &Skip) {
    std::string S = Pad + "const ulong clpar_k0 = clpar_i0 + CLPAR_ROW(clpar_r);\n" + Pad +
                    "const ulong clpar_k1 = clpar_j0 + CLPAR_COL(clpar_c);\n";
    if (!Skip.empty())
      S += Pad + "if (clpar_k0 >= clpar_count0 || clpar_k1 >= clpar_count1) {\n" + Skip + Pad +
           "}\n";
    return S + loopVarDecl(R, 0, Pad) + loopVarDecl(R, 1, Pad);
  };
  const auto Acc = [](unsigned A) {
    return "clpar_acc" + std::to_string(A) + "[clpar_r][clpar_c]";
  };
  const auto Extent = [&](unsigned N) {
    return std::string(T.Loads[N].AlongDim1 ? "CLPAR_TJ" : "CLPAR_TI");
  };
  // Work-items' loads of one tile of read N: CLPAR_FETCH<N> each.
  const auto Fetches = [&](unsigned N) { return "CLPAR_FETCH" + std::to_string(N); };
  K += "#define CLPAR_TI (CLPAR_TILE_R * CLPAR_GROUP_R)\n"
       "#define CLPAR_TJ (CLPAR_TILE_C * CLPAR_GROUP_C)\n"
       "#define CLPAR_GROUP (CLPAR_GROUP_R * CLPAR_GROUP_C)\n"
       "#define CLPAR_ROW(r) (((r) / CLPAR_RUN_R) * (CLPAR_GROUP_R * CLPAR_RUN_R) + "
       "clpar_ty * CLPAR_RUN_R + (r) % CLPAR_RUN_R)\n"
       "#define CLPAR_COL(c) (((c) / CLPAR_RUN_C) * (CLPAR_GROUP_C * CLPAR_RUN_C) + "
       "clpar_tx * CLPAR_RUN_C + (c) % CLPAR_RUN_C)\n"
       // Rows of a tile one element longer (runs of 1) or four (runs read as vectors),
       // so that a tile's steps start in different banks.
       "#define CLPAR_PAD (CLPAR_RUN_R == 1 && CLPAR_RUN_C == 1 ? 1 : 4)\n";
  for (unsigned N = 0; N < T.Loads.size(); ++N)
    K += "#define " + Fetches(N) + " ((CLPAR_TILE_K * " + Extent(N) +
         " + CLPAR_GROUP - 1) / CLPAR_GROUP)\n";
  K += "  const uint clpar_tx = get_local_id(0), clpar_ty = get_local_id(1);\n"
       "  const uint clpar_t = clpar_ty * CLPAR_GROUP_C + clpar_tx;\n"
       "  const ulong clpar_i0 = get_group_id(1) * (ulong)CLPAR_TI;\n"
       "  const ulong clpar_j0 = get_group_id(0) * (ulong)CLPAR_TJ;\n";
  for (unsigned N = 0; N < T.Loads.size(); ++N) {
    const std::string Type = ir::openclTypeName(T.Loads[N].Value->Type);
    K += "  __local " + Type + " clpar_tile" + std::to_string(N) + "[CLPAR_TILE_K][" +
         Extent(N) + " + CLPAR_PAD];\n";
    K += "  " + Type + " clpar_next" + std::to_string(N) + "[" + Fetches(N) + "];\n";
  }
  for (unsigned A = 0; A < In.Accumulators.size(); ++A)
    K += "  " + std::string(ir::openclTypeName(In.Accumulators[A].Type)) + " clpar_acc" +
         std::to_string(A) + "[CLPAR_TILE_R][CLPAR_TILE_C];\n";
  // The accumulators' first values.
  std::string Zero;
  for (unsigned A = 0; A < In.Accumulators.size(); ++A)
    Zero += "        " + Acc(A) + " = (" + ir::openclTypeName(In.Accumulators[A].Type) + ")0;\n";
  K += Each("  ") + Iteration("      ", Zero + "        continue;\n");
  for (unsigned I = 0; I < In.LoopStmt; ++I)
    P.stmt(*Body[I], 3, K);
  for (unsigned A = 0; A < In.Accumulators.size(); ++A)
    K += "      " + Acc(A) + " = " + In.Accumulators[A].Name + ";\n";
  K += "    }\n";
  // The loop, a tile of CLPAR_TILE_K steps at a time.
  K += "  const " + VarType + " clpar_lo = (" + VarType + ")(" + P.expr(*In.First) + ");\n";
  K += "  const " + std::string(ir::openclTypeName(In.End->Type)) +
       " clpar_hi = " + P.expr(*In.End) + ";\n";
  K += "  ulong clpar_len = 0;\n  if (clpar_lo < clpar_hi)\n"
       "    clpar_len = (ulong)clpar_hi - (ulong)clpar_lo;\n";
  // Element clpar_e of read N's tile: its step clpar_kk and its row or column clpar_x.
  // Neighbouring work-items take neighbouring steps where the loop's variable is the
  // read's last index, else neighbouring rows or columns.
  const auto Element = [&](unsigned N, const std::string &Pad) {
    const std::string Ext = Extent(N);
    return T.Loads[N].LoopInLastIndex
               ? Pad + "const uint clpar_kk = clpar_e % CLPAR_TILE_K, clpar_x = clpar_e / "
                       "CLPAR_TILE_K;\n"
               : Pad + "const uint clpar_kk = clpar_e / " + Ext + ", clpar_x = clpar_e % " + Ext +
                     ";\n";
  };
  // The reads of the tile that starts at step \p Start into the registers clpar_next<N>.
  const auto Fetch = [&](const std::string &Start, const std::string &Pad) {
    std::string S;
    const std::string LoopValue =
        "(" + VarType + ")(clpar_lo + (" + VarType + ")(" + Start + " + clpar_kk))";
    for (unsigned N = 0; N < T.Loads.size(); ++N) {
      const ir::ProductTiles::Load &L = T.Loads[N];
      const std::string Sn = std::to_string(N), D = L.AlongDim1 ? "1" : "0";
      const std::string Type = ir::openclTypeName(L.Value->Type);
      S += "#pragma unroll\n" + Pad + "for (uint clpar_f = 0; clpar_f < " + Fetches(N) +
           "; ++clpar_f) {\n";
      S += Pad + "  const uint clpar_e = clpar_t + clpar_f * CLPAR_GROUP;\n";
      S += Element(N, Pad + "  ");
      S += Pad + "  const ulong clpar_k" + D + " = clpar_" + (L.AlongDim1 ? "j0" : "i0") +
           " + clpar_x;\n";
      S += Pad + "  " + Type + " clpar_v = (" + Type + ")0;\n";
      S += Pad + "  if (clpar_e < CLPAR_TILE_K * " + Extent(N) + " && clpar_k" + D +
           " < clpar_count" + D + " && " + Start + " + clpar_kk < clpar_len) {\n";
      S += loopVarDecl(R, L.AlongDim1 ? 1 : 0, Pad + "    ");
      S += Pad + "    const " + VarType + " " + In.Var + " = " + LoopValue + ";\n";
      S += Pad + "    clpar_v = " + P.expr(*L.Value) + ";\n";
      S += Pad + "  }\n" + Pad + "  clpar_next" + Sn + "[clpar_f] = clpar_v;\n" + Pad + "}\n";
    }
    return S;
  };
  K += "  if (clpar_len > 0) {\n" + Fetch("0UL", "    ") + "  }\n";
  K += "  for (ulong clpar_kb = 0; clpar_kb < clpar_len; clpar_kb += CLPAR_TILE_K) {\n"
       "    barrier(CLK_LOCAL_MEM_FENCE);\n";
  for (unsigned N = 0; N < T.Loads.size(); ++N) {
    const std::string Sn = std::to_string(N);
    K += "#pragma unroll\n    for (uint clpar_f = 0; clpar_f < " + Fetches(N) +
         "; ++clpar_f) {\n";
    K += "      const uint clpar_e = clpar_t + clpar_f * CLPAR_GROUP;\n";
    K += Element(N, "      ");
    K += "      if (clpar_e < CLPAR_TILE_K * " + Extent(N) + ")\n        clpar_tile" + Sn +
         "[clpar_kk][clpar_x] = clpar_next" + Sn + "[clpar_f];\n    }\n";
  }
  K += "    barrier(CLK_LOCAL_MEM_FENCE);\n";
  K += "    if (clpar_kb + CLPAR_TILE_K < clpar_len) {\n" +
       Fetch("(clpar_kb + CLPAR_TILE_K)", "      ") + "    }\n";
  // One step of the loop for every iteration of the block.
  const std::string LoopValue =
      "(" + VarType + ")(clpar_lo + (" + VarType + ")(clpar_kb + clpar_kk))";
  const auto Step = [&](const std::string &Pad) {
    std::string S = Pad + "const " + VarType + " " + In.Var + " = " + LoopValue + ";\n";
    for (unsigned N = 0; N < T.Loads.size(); ++N) {
      const ir::ProductTiles::Load &L = T.Loads[N];
      const std::string Sn = std::to_string(N);
      const std::string Count = L.AlongDim1 ? "CLPAR_TILE_C" : "CLPAR_TILE_R";
      S += Pad + ir::openclTypeName(L.Value->Type) + " clpar_v" + Sn + "[" + Count + "];\n";
      S += "#pragma unroll\n" + Pad + "for (uint clpar_x = 0; clpar_x < " + Count +
           "; ++clpar_x)\n";
      S += Pad + "  clpar_v" + Sn + "[clpar_x] = clpar_tile" + Sn + "[clpar_kk][" +
           (L.AlongDim1 ? "CLPAR_COL(clpar_x)" : "CLPAR_ROW(clpar_x)") + "];\n";
    }
    S += Each(Pad);
    const std::string In2 = Pad + "    ";
    for (unsigned N = 0; N < T.Loads.size(); ++N)
      S += In2 + "const " + ir::openclTypeName(T.Loads[N].Value->Type) + " clpar_t" +
           std::to_string(N) + " = clpar_v" + std::to_string(N) + "[" +
           (T.Loads[N].AlongDim1 ? "clpar_c" : "clpar_r") + "];\n";
    if (T.BodyUsesIndex)
      S += Iteration(In2, "");
    for (unsigned A = 0; A < In.Accumulators.size(); ++A)
      S += In2 + ir::openclTypeName(In.Accumulators[A].Type) + " " +
           In.Accumulators[A].Name + " = " + Acc(A) + ";\n";
    const unsigned Indent = In2.size() / 2;
    if (T.Body->K == ir::Stmt::Kind::Compound) {
      for (const auto &C : T.Body->Children)
        P.stmt(*C, Indent, S);
    } else {
      P.stmt(*T.Body, Indent, S);
    }
    for (unsigned A = 0; A < In.Accumulators.size(); ++A)
      S += In2 + Acc(A) + " = " + In.Accumulators[A].Name + ";\n";
    return S + Pad + "  }\n";
  };
  // Whole tiles with a constant trip count (unrolled), the last one as long as it is.
  K += "    if (clpar_len - clpar_kb >= CLPAR_TILE_K) {\n"
       "#pragma unroll\n"
       "      for (uint clpar_kk = 0; clpar_kk < CLPAR_TILE_K; ++clpar_kk) {\n" +
       Step("        ") + "      }\n    } else {\n"
       "      for (uint clpar_kk = 0; clpar_kk < (uint)(clpar_len - clpar_kb); ++clpar_kk) {\n" +
       Step("        ") + "      }\n    }\n  }\n";
  // The statements after the loop, for every iteration of the block in range.
  K += Each("  ") + Iteration("      ", "        continue;\n");
  for (unsigned I = 0; I < In.LoopStmt; ++I)
    P.stmt(*Body[I], 3, K);
  for (unsigned A = 0; A < In.Accumulators.size(); ++A)
    K += "      " + In.Accumulators[A].Name + " = " + Acc(A) + ";\n";
  for (unsigned I = In.LoopStmt + 1; I < Body.size(); ++I)
    P.stmt(*Body[I], 3, K);
  K += "    }\n";
  for (const char *Macro : {"CLPAR_TI", "CLPAR_TJ", "CLPAR_GROUP", "CLPAR_ROW", "CLPAR_COL",
                            "CLPAR_PAD"})
    K += "#undef " + std::string(Macro) + "\n";
  for (unsigned N = 0; N < T.Loads.size(); ++N)
    K += "#undef " + Fetches(N) + "\n";
}

/// The innermost dimension's loop of a reducing kernel whose iteration is only reduction
/// updates (ir::ReductionLanes): CLPAR_GRID_LANES iterations a global size apart per
/// step, values first.
void emitGridLanes(const ir::Region &R, OpenCLPrinter &P, const std::string &Pad,
                   std::string &K) {
  const std::string SI = std::to_string(R.Dims.size() - 1);
  ValuesFirstLoop L;
  L.Pad = Pad;
  L.First = "get_global_id(0)";
  L.Limit = "clpar_count" + SI;
  L.Stride = "get_global_size(0)";
  L.Steps = "CLPAR_GRID_LANES";
  L.Array = "clpar_lane";
  L.Clamped = "clpar_k" + SI;
  for (unsigned D = 0; D < R.Dims.size(); ++D)
    L.Declarations += loopVarDecl(R, D, Pad + "    ");
  for (const ir::ReductionLanes::Update &U : R.Lanes->Updates)
    L.Updates.push_back({storageTypeName(U.Value->Type), P.expr(*U.Value),
                         R.Reductions[U.Reduction].KernelName, U.Op});
  emitValuesFirst(L, K);
}

} // namespace

KernelShape kernelShape(const ir::Region &R, const KernelOptions &Opts) {
  KernelShape Shape;
  Shape.GridStride = !R.Reductions.empty();
  Shape.GridLanes = Shape.GridStride && R.Lanes.has_value();
  // Slice statements, and element-wise assignments with the aligned-rows form, take
  // four iterations of the innermost dimension per work-item.
  Shape.Vector =
      R.Rows && (!(Opts.BoundsCheck && R.BoundsCheck) || R.Rows->CheckedBeforeLaunch);
  if (sliceAssignment(R) || Shape.Vector)
    Shape.InnerBlock = 4;
  Shape.Split = R.Inner && !Shape.GridStride && Shape.InnerBlock == 1 &&
                !(Opts.StrictFp && R.Inner->Reassociates);
  Shape.Tiles = R.Inner && R.Tiles && !Shape.GridStride && Shape.InnerBlock == 1;
  Shape.NoAlias = R.Views.size() > 1 && std::any_of(R.Views.begin(), R.Views.end(),
                                                    [](const ir::View &V) { return V.Written; });
  return Shape;
}

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
  if (BoundsCheck && hasEntryChecks(R))
    K += "// A check made when a loop starts (for an access in every iteration): false, with\n"
         "// the error recorded, when the index is out of range; the loop then does not run.\n"
         "bool clpar_in_range(__global int *err, int access, long i, ulong n) {\n"
         "  if ((ulong)i < n) return true;\n"
         "  err[0] = 1; err[1] = access; err[2] = (int)i; err[3] = (int)(i >> 32);\n"
         "  return false;\n"
         "}\n";
  // Built with CLPAR_UNIT_INNER when every view's innermost stride is 1 (the runtime's
  // launch/aligned_rows.hpp): that stride is then a constant, not a multiply.
  K += "\n#ifdef CLPAR_UNIT_INNER\n#define CLPAR_INNER(stride) 1\n#else\n"
       "#define CLPAR_INNER(stride) (stride)\n#endif\n";
  // Built with CLPAR_INDEX32 when every view's elements lie within 2^31 - 1 elements of
  // its first (the runtime's launch/index_width.hpp): an access's position from the view's
  // offset is then 32-bit arithmetic, the offset still added in 64 bits.
  K += "#ifdef CLPAR_INDEX32\ntypedef int clpar_idx;\n#else\ntypedef long clpar_idx;\n#endif\n";
  const KernelShape Shape = kernelShape(R, Opts);
  // Built with CLPAR_NO_ALIAS when no written view shares memory with another view (the
  // runtime's launch/view_aliasing.hpp): loads may then move ahead of earlier stores.
  if (Shape.NoAlias)
    K += "#ifdef CLPAR_NO_ALIAS\n#define CLPAR_RESTRICT restrict\n#else\n"
         "#define CLPAR_RESTRICT\n#endif\n";
  // std::min and std::max on floating point (NaN handling as in C++), and std::clamp
  // where the kernel calls it; trailing zeros (OpenCL C has ctz only from 2.0), a helper
  // per width the kernel counts them in.
  bool UsesClamp = false;
  bool UsesCtz32 = false, UsesCtz64 = false;
  const auto FindHelpers = [&](const Expr &E) {
    UsesClamp |= E.K == Expr::Kind::Call && E.Text == "clamp" && ir::isFloating(E.Type);
    UsesCtz32 |= E.K == Expr::Kind::Call && E.Text == "clpar_ctz_uint";
    UsesCtz64 |= E.K == Expr::Kind::Call && E.Text == "clpar_ctz_ulong";
  };
  if (R.KernelBody)
    ir::forEachExpr(*R.KernelBody, FindHelpers);
  for (const ir::Function &F : R.Functions)
    if (F.Body)
      ir::forEachExpr(*F.Body, FindHelpers);
  for (const std::string Type : {"float", "double"}) {
    if (Type == "double" && !R.UsesDouble)
      break;
    K += (Type == "float" ? "\n" : "") + Type + " clpar_std_min_" + Type + "(" + Type +
         " a, " + Type + " b) { return (b < a) ? b : a; }\n" + Type + " clpar_std_max_" +
         Type + "(" + Type + " a, " + Type + " b) { return (a < b) ? b : a; }\n";
    if (UsesClamp)
      K += Type + " clpar_std_clamp_" + Type + "(" + Type + " v, " + Type + " lo, " + Type +
           " hi) { return v < lo ? lo : (hi < v ? hi : v); }\n";
  }
  for (const std::string Type : {"uint", "ulong"})
    if (Type == "uint" ? UsesCtz32 : UsesCtz64)
      K += Type + " clpar_ctz_" + Type + "(" + Type + " x) { return popcount(~x & (x - 1)); }\n";
  if (!R.Tables.empty()) {
    K += "\n";
    OpenCLPrinter P(R, false, R.Views);
    for (const ir::Table &T : R.Tables) {
      std::string Values;
      for (const auto &V : T.Values)
        Values += (Values.empty() ? "" : ", ") + P.expr(*V);
      K += "__constant " + std::string(ir::openclTypeName(T.Element)) + " " + T.KernelName +
           "[" + std::to_string(T.Values.size()) + "] = {" + Values + "};\n";
    }
  }
  emitRecords(R, K);
  K += complexHelpers(R);
  for (const ir::Function &F : R.Functions)
    emitFunction(R, F, BoundsCheck, K);
  if (Shape.GridLanes)
    K += "\n#ifndef CLPAR_GRID_LANES\n#define CLPAR_GRID_LANES 4\n#endif\n";
  // Four steps per pass where iterations neighbour each other and each has at least 16
  // lanes (a column each: 11-33% off on an H100, bench/inner_reductions); one where lanes
  // neighbour each other, whose loads of a row are already in flight together (four were
  // 3-6% slower there), or where a few lanes share each of many iterations (matmul 256's
  // 4: 50% slower).
  if (Shape.Split && !R.Inner->Updates.empty())
    K += "\n#ifndef CLPAR_INNER_LANES\n#if CLPAR_LANES_FIRST || CLPAR_LANES < 16\n"
         "#define CLPAR_INNER_LANES 1\n#else\n#define CLPAR_INNER_LANES 4\n#endif\n#endif\n";
  if (Shape.Vector)
    K += "\n#ifdef CLPAR_ROWS4\n" + windowFunction(R.Views[R.Rows->Dest].Element) +
         "#endif\n";

  // The split form's work-group size is fixed: NVIDIA's compiler then fits the registers
  // to it rather than to the largest group.
  K += "\n__kernel";
  // (With a tiled form, that form's fixed group first.)
  const std::string SplitGroup =
      "__attribute__((reqd_work_group_size(CLPAR_LANES * CLPAR_ITEMS, 1, 1)))\n";
  const std::string TiledGroup =
      "#if defined(CLPAR_TILE_R)\n"
      "__attribute__((reqd_work_group_size(CLPAR_GROUP_C, CLPAR_GROUP_R, 1)))\n";
  if (Shape.Tiles)
    K += "\n" + TiledGroup + (Shape.Split ? "#elif defined(CLPAR_LANES)\n" + SplitGroup : "") +
         "#endif\n";
  else
    K += Shape.Split ? "\n#ifdef CLPAR_LANES\n" + SplitGroup + "#endif\n" : " ";
  K += "void " + R.KernelName + "(";
  std::string Sep = "\n    ";
  for (unsigned D = 0; D < R.Dims.size(); ++D) {
    std::string N = std::to_string(D);
    K += Sep + "long clpar_first" + N + ", long clpar_step" + N + ", ulong clpar_count" + N;
    Sep = ",\n    ";
  }
  K += Sep + "__global int *clpar_err";
  for (const ir::View &V : R.Views)
    K += Sep + viewParams(R, V, /*Kernel=*/true, Shape.NoAlias);
  for (const ir::Scalar &S : R.Scalars)
    K += Sep + std::string(storageTypeName(S.Type)) + " " + S.KernelName;
  // One partials buffer and one scratch array per part of each reduction (the runtime's
  // reductions, in order).
  const std::vector<ReductionPart> Parts = reductionParts(R);
  for (unsigned I = 0; I < Parts.size(); ++I) {
    std::string T = ir::openclTypeName(Parts[I].Red->Type), N = std::to_string(I);
    K += Sep + "__global " + T + " *clpar_partials" + N + ", __local " + T +
         " *clpar_scratch" + N;
  }
  K += ")\n{\n";
  for (const ir::View &V : R.Views) {
    if (V.Element != ScalarType::Record)
      continue;
    const std::string T = elementPointer(R, V);
    K += "  " + T + V.KernelName + " = (" + T + ")(" + V.KernelName + "_bytes + " +
         V.KernelName + "_boff);\n  const long " + V.KernelName + "_off = 0;\n";
  }

  // The innermost dimension is global id 0, so neighbouring work-items take
  // neighbouring iterations of the innermost loop (and usually neighbouring memory).
  unsigned N = R.Dims.size();
  OpenCLPrinter P(R, BoundsCheck, R.Views, Shape.GridStride || Shape.InnerBlock > 1);
  const auto LoopVar = [&](unsigned D, const std::string &Pad) {
    K += loopVarDecl(R, D, Pad);
  };
  const auto Body = [&](unsigned Indent) {
    if (R.KernelBody->K == ir::Stmt::Kind::Compound) {
      for (const auto &C : R.KernelBody->Children)
        P.stmt(*C, Indent, K);
    } else {
      P.stmt(*R.KernelBody, Indent, K);
    }
  };
  // The work-item's iteration of dimensions 0 .. Count-1, and the test that it has none.
  const auto WorkItemIds = [&](unsigned Count) {
    std::string Guard;
    for (unsigned D = 0; D < Count; ++D) {
      std::string S = std::to_string(D);
      K += "  const ulong clpar_k" + S + " = get_global_id(" + std::to_string(N - 1 - D) +
           ");\n";
      Guard += (D ? " || " : "") + std::string("clpar_k") + S + " >= clpar_count" + S;
    }
    return Guard;
  };
  bool Reducing = !R.Reductions.empty();
  if (Shape.GridStride) {
    // Each work-item steps through every dimension by the global size: few work-groups,
    // each with one partial per reduction.
    // Each accumulator starts at its operation's identity (a complex one's parts each).
    for (const ir::Reduction &Red : R.Reductions) {
      const std::string Identity = identity(Red.Op, Red.Type);
      if (!Red.Complex) {
        K += "  " + std::string(ir::openclTypeName(Red.Type)) + " " + Red.KernelName +
             " = " + Identity + ";\n";
        continue;
      }
      K += "  " + R.Records[Red.Record].KernelName + " " + Red.KernelName + ";\n";
      for (const char *Field : {".re", ".im"})
        K += "  " + Red.KernelName + Field + " = " + Identity + ";\n";
    }
    std::string Pad = "  ";
    const unsigned Stepped = Shape.GridLanes ? N - 1 : N;
    for (unsigned D = 0; D < Stepped; ++D) {
      std::string S = std::to_string(D), Id = std::to_string(N - 1 - D);
      K += Pad + "for (ulong clpar_k" + S + " = get_global_id(" + Id + "); clpar_k" + S +
           " < clpar_count" + S + "; clpar_k" + S + " += get_global_size(" + Id + "))\n";
      Pad += "  ";
    }
    if (Shape.GridLanes) {
      emitGridLanes(R, P, Pad, K);
    } else {
      K += Pad + "{\n";
      for (unsigned D = 0; D < N; ++D)
        LoopVar(D, Pad + "  ");
      Body(N + 2);
      K += Pad + "}\n";
    }
  } else if (Shape.InnerBlock > 1) {
    // Four iterations of the innermost dimension per work-item.  An element-wise
    // assignment built for aligned rows (CLPAR_ROWS4) takes those on one aligned T4 of the
    // destination; otherwise (and every other slice assignment) the four are taken one by
    // one, a global size apart.
    const unsigned In = N - 1;
    const std::string SI = std::to_string(In);
    const std::string Guard = WorkItemIds(In);
    K += "  const ulong clpar_block = get_global_id(0);\n";
    if (!Guard.empty())
      K += "  if (" + Guard + ")\n    return;\n";
    for (unsigned D = 0; D < In; ++D)
      LoopVar(D, "  ");
    const std::string K_ = "clpar_k" + SI, Count = "clpar_count" + SI;
    const Split Parts = *splitAssignment(R);
    std::string Value = P.expr(*Parts.Source);
    if (!Parts.Op.empty())
      Value = "(" + P.expr(*Parts.Dest) + ") " + Parts.Op + " (" + Value + ")";
    const std::string ValueType = storageTypeName(Parts.Dest->Type);
    if (Shape.Vector) {
      // The runtime defines CLPAR_ROWS4 where the innermost dimension steps by 1, every
      // view's innermost stride is 1 and its other strides are multiples of 4, so that
      // every row of a view lies alike on four-element boundaries: the destination's
      // element of the dimension's first value its offset plus that value modulo 4 past
      // one, each other view CLPAR_SHIFT<view> further (runtime/launch/aligned_rows.hpp).
      K += "#ifdef CLPAR_ROWS4\n";
      K += "  const long clpar_j0 = 4 * (long)clpar_block - ((" +
           R.Views[R.Rows->Dest].KernelName + "_off + clpar_first" + SI + ") & 3);\n";
      K += "  if (clpar_j0 >= 0 && clpar_j0 + 4 <= (long)" + Count + ") {\n";
      K += "    const ulong " + K_ + " = (ulong)clpar_j0;\n";
      LoopVar(In, "    ");
      VectorPrinter VP(R);
      VP.stmt(*R.KernelBody, 2, K);
      K += "    return;\n  }\n";
      // The first and last work-items of a row: lane by lane, every value (from loads
      // clamped into the row) before the first store.
      const std::string Lanes =
          "#pragma unroll\n  for (uint clpar_j = 0; clpar_j < 4; ++clpar_j) {\n";
      K += "  " + ValueType + " clpar_value[4];\n";
      K += Lanes + "    const ulong " + K_ +
           " = (ulong)clamp(clpar_j0 + (long)clpar_j, 0L, (long)" + Count + " - 1);\n";
      LoopVar(In, "    ");
      K += "    clpar_value[clpar_j] = " + Value + ";\n  }\n";
      K += Lanes + "    const long clpar_t = clpar_j0 + (long)clpar_j;\n";
      K += "    if (clpar_t >= 0 && clpar_t < (long)" + Count + ") {\n";
      K += "      const ulong " + K_ + " = (ulong)clpar_t;\n";
      LoopVar(In, "      ");
      K += "      " + P.expr(*Parts.Dest) + " = clpar_value[clpar_j];\n    }\n  }\n";
      K += "#else\n";
    }
    // The four one by one, a global size apart.
    const std::string Spread = "  for (uint clpar_j = 0; clpar_j < 4; ++clpar_j) {\n";
    const std::string Next = "clpar_block + clpar_j * get_global_size(0)";
    if (loadsFirst(Parts)) {
      // Every value computed before any is stored, so that all the work-item's loads are
      // in flight together: no store can change a value read after it.  A slice
      // statement's kernel runs only where no source overlaps the destination other than
      // element for element (the stub checks); a prange nest's iterations are independent
      // (SPEC 1.3), and its destination is read only at the element written
      // (Analysis/ElementwiseRows.h).
      // The loads are unconditional (an iteration past the end reads the last one again
      // and stores nothing): loads under a branch each wait for the one before.
      K += "  if (" + Count + " == 0)\n    return;\n";
      K += "  " + ValueType + " clpar_value[4];\n";
      K += Spread + "    const ulong clpar_next = " + Next + ";\n";
      K += "    const ulong " + K_ + " = clpar_next < " + Count + " ? clpar_next : " + Count +
           " - 1;\n";
      LoopVar(In, "    ");
      K += "    clpar_value[clpar_j] = " + Value + ";\n  }\n";
      K += Spread + "    const ulong " + K_ + " = " + Next + ";\n";
      K += "    if (" + K_ + " < " + Count + ") {\n";
      LoopVar(In, "      ");
      K += "      " + P.expr(*Parts.Dest) + " = clpar_value[clpar_j];\n    }\n  }\n";
    } else {
      K += Spread + "    const ulong " + K_ + " = " + Next + ";\n";
      K += "    if (" + K_ + " >= " + Count + ")\n      return;\n";
      LoopVar(In, "    ");
      Body(2);
      K += "  }\n";
    }
    if (Shape.Vector)
      K += "#endif\n";
  } else {
    if (Shape.Tiles) {
      K += "#if defined(CLPAR_TILE_R)\n";
      emitTiledForm(R, P, K);
    }
    if (Shape.Split) {
      K += Shape.Tiles ? "#elif defined(CLPAR_LANES)\n" : "#ifdef CLPAR_LANES\n";
      emitSplitForm(R, P, K);
    }
    if (Shape.Split || Shape.Tiles)
      K += "#else\n";
    const std::string Guard = WorkItemIds(N);
    K += "  if (" + Guard + ")\n    return;\n";
    for (unsigned D = 0; D < N; ++D)
      LoopVar(D, "  ");
    Body(1);
    if (Shape.Split || Shape.Tiles)
      K += "#endif\n";
  }
  if (Reducing) {
    K += "  // Tree reduction in the work-group (any work-group size), then one partial\n"
         "  // per work-group, which the runtime combines in group order.\n"
         "  const uint clpar_lid = get_local_id(0) + get_local_size(0) * (get_local_id(1) + "
         "get_local_size(1) * get_local_id(2));\n"
         "  const uint clpar_lsize = get_local_size(0) * get_local_size(1) * "
         "get_local_size(2);\n"
         "  const ulong clpar_group = get_group_id(0) + get_num_groups(0) * (get_group_id(1) "
         "+ get_num_groups(1) * get_group_id(2));\n";
    for (unsigned I = 0; I < Parts.size(); ++I)
      K += "  clpar_scratch" + std::to_string(I) + "[clpar_lid] = " + Parts[I].Value + ";\n";
    // Halving from the largest power of two below the size: the lower half combines the
    // upper, contiguous in local memory.
    K += "  barrier(CLK_LOCAL_MEM_FENCE);\n"
         "  uint clpar_s = 1;\n"
         "  while (2 * clpar_s < clpar_lsize)\n"
         "    clpar_s <<= 1;\n"
         "  for (; clpar_s > 0; clpar_s >>= 1) {\n"
         "    if (clpar_lid < clpar_s && clpar_lid + clpar_s < clpar_lsize) {\n";
    for (unsigned I = 0; I < Parts.size(); ++I) {
      std::string Sc = "clpar_scratch" + std::to_string(I);
      K += "      " + Sc + "[clpar_lid] = " +
           combine(Parts[I].Red->Op, Sc + "[clpar_lid]", Sc + "[clpar_lid + clpar_s]") +
           ";\n";
    }
    K += "    }\n    barrier(CLK_LOCAL_MEM_FENCE);\n  }\n  if (clpar_lid == 0) {\n";
    for (unsigned I = 0; I < Parts.size(); ++I)
      K += "    clpar_partials" + std::to_string(I) + "[clpar_group] = clpar_scratch" +
           std::to_string(I) + "[0];\n";
    K += "  }\n";
  }
  K += "}\n";
  return K;
}

bool kernelChecksAccesses(const std::string &KernelSource) {
  // Every checked access is spelled through one of these calls (OpenCLPrinter's
  // viewElement and loopGuard).
  return KernelSource.find("clpar_checked(clpar_err, ") != std::string::npos ||
         KernelSource.find("clpar_in_range(clpar_err, ") != std::string::npos;
}

} // namespace clpar::emit
