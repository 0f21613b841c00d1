//===- Emit/SliceStubEmitter.cpp - Replacement for a slice statement -----===//
#include "Emit/SliceStubEmitter.h"

namespace clpar::emit {

namespace {

std::string identityOf(const ir::Reduction &Red, const std::string &Type) {
  switch (Red.Op) {
  case ir::ReductionOp::Mul:
    return "static_cast<" + Type + ">(1)";
  case ir::ReductionOp::Min:
    return "(std::numeric_limits<" + Type + ">::has_infinity ? std::numeric_limits<" +
           Type + ">::infinity() : std::numeric_limits<" + Type + ">::max())";
  case ir::ReductionOp::Max:
    return "(std::numeric_limits<" + Type + ">::has_infinity ? -std::numeric_limits<" +
           Type + ">::infinity() : std::numeric_limits<" + Type + ">::lowest())";
  default:
    // A cast, not Type(0): a functional cast does not take a type of several words
    // (unsigned long, the canonical spelling of std::size_t).
    return "static_cast<" + Type + ">(0)";
  }
}

} // namespace

std::string emitSliceStub(const ir::Region &R, const std::string &KernelSource,
                          const HostStubOptions &Opts, unsigned ResumeLine,
                          unsigned ResumeColumn) {
  const ir::SliceForm &F = *R.Slice;
  std::string I = Opts.Indent;
  // The leaves are the lambda's arguments: each is evaluated once, and temporaries they
  // create (a view of a returned container's data()) live until the statement ends, as
  // they would in the statement as written.
  std::string Params, Args;
  for (const auto &[Name, Text] : F.Leaves) {
    Params += std::string(Params.empty() ? "" : ", ") +
              (Name.rfind("clpar_s", 0) == 0 ? "const auto " : "auto ") + Name;
    Args += std::string(Args.empty() ? "" : ", ") + "(" + Text + ")";
  }
  std::string S = "[&](" + Params + ") -> " + (F.IsReduction ? F.ResultType : "void") +
                  " { // clpar: slice statement\n";
  std::string Views, Sources;
  for (size_t V = 0; V < R.Views.size(); ++V) {
    Views += (V ? ", " : "") + R.Views[V].HostExpr;
    if (!R.Views[V].Written)
      Sources += ", " + R.Views[V].HostExpr;
  }
  // Shapes that differ or memory a source shares with the destination: the statement as
  // written, whose header code throws shape_error or makes NumPy's temporary.
  std::string Fallback = "!::clpar::rt::same_extents(" + Views + ")";
  if (!F.IsReduction && !Sources.empty())
    Fallback += " || ::clpar::rt::needs_temporary(" + R.Views[0].HostExpr + Sources + ")";
  if (F.IsReduction && (R.Reductions[0].Op == ir::ReductionOp::Min ||
                        R.Reductions[0].Op == ir::ReductionOp::Max))
    Fallback += " || " + R.Views[0].HostExpr + ".size() == 0"; // the header throws
  S += I + "  if (" + Fallback + ") {\n";
  if (Opts.OpenCL) {
    // The header evaluates the statement on the host: it needs the host's copy current.
    S += I + "    const ::clpar::rt::view_arg clpar_host_views[] = {";
    for (size_t V = 0; V < R.Views.size(); ++V)
      S += std::string(V ? ", " : "") + "::clpar::rt::view_arg_of(" + R.Views[V].HostExpr +
           ", " + (R.Views[V].Written ? "true" : "false") + ")";
    S += "};\n" + I + "    ::clpar::rt::prepare_host_access(clpar_host_views, " +
         std::to_string(R.Views.size()) + ", " + siteLiteral(R) + ");\n";
  }
  S += I + "    " + (F.IsReduction ? "return " : "") + F.FallbackText + ";\n";
  if (!F.IsReduction)
    S += I + "    return;\n";
  S += I + "  }\n";
  if (F.IsReduction)
    S += I + "  " + F.ResultType + " clpar_acc = " +
         identityOf(R.Reductions[0], F.ResultType) + ";\n";
  HostStubOptions Inner = Opts;
  Inner.Indent = I + "  ";
  S += Inner.Indent + emitHostStub(R, KernelSource, Inner, ResumeLine, ResumeColumn);
  // The text after this continues on the statement's last line (the stub's #line).
  return S + (F.IsReduction ? "return clpar_acc; }(" : "}(") + Args + ")";
}

} // namespace clpar::emit
