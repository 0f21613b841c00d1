//===- Emit/HostStubEmitter.cpp - Replacement text for a region ----------===//
#include "Emit/HostStubEmitter.h"

#include "Emit/KernelEmitter.h"

#include "llvm/ADT/StringExtras.h"

#include <algorithm>
#include <cctype>
#include <string>
#include <utility>
#include <vector>

namespace clpar::emit {

std::string quoted(const std::string &S) {
  std::string Q = "\"";
  for (char C : S) {
    if (C == '"' || C == '\\')
      Q += '\\';
    Q += C;
  }
  return Q + "\"";
}

namespace {

std::string lineDirective(unsigned Line, const std::string &File) {
  return "#line " + std::to_string(Line) + " " + quoted(File) + "\n";
}

std::string siteText(const ir::SourcePos &P) {
  return P.File + ":" + std::to_string(P.Line) + ":" + std::to_string(P.Column);
}

/// The site the runtime traces and keeps measurements by: an instantiation's own.
std::string regionSiteText(const ir::Region &R) {
  return siteText(R.Site) + (R.Instance.empty() ? "" : " " + R.Instance);
}

const char *scalarKind(ir::ScalarType T) {
  switch (T) {
  case ir::ScalarType::Bool:
  case ir::ScalarType::UChar: return "u8";
  case ir::ScalarType::Char: return "i8";
  case ir::ScalarType::Short: return "i16";
  case ir::ScalarType::UShort: return "u16";
  case ir::ScalarType::Int: return "i32";
  case ir::ScalarType::UInt: return "u32";
  case ir::ScalarType::Long: return "i64";
  case ir::ScalarType::ULong: return "u64";
  case ir::ScalarType::Float: return "f32";
  case ir::ScalarType::Double: return "f64";
  case ir::ScalarType::Record: break; // never a kernel argument
  }
  return "i32";
}

const char *reductionOp(ir::ReductionOp Op) {
  switch (Op) {
  case ir::ReductionOp::Add: return "add";
  case ir::ReductionOp::Mul: return "mul";
  case ir::ReductionOp::And: return "bit_and";
  case ir::ReductionOp::Or: return "bit_or";
  case ir::ReductionOp::Xor: return "bit_xor";
  case ir::ReductionOp::Min: return "min";
  case ir::ReductionOp::Max: return "max";
  }
  return "add";
}

/// Stub-local names all start with clpar_, which the analysis keeps free of user names.
std::string rangeVar(unsigned D) { return "clpar_r" + std::to_string(D); }

/// A C++ identifier: a view named by a variable, which a declaration can shadow.
bool isIdentifier(const std::string &S) {
  if (S.empty() || std::isdigit(static_cast<unsigned char>(S[0])))
    return false;
  for (char C : S)
    if (!std::isalnum(static_cast<unsigned char>(C)) && C != '_')
      return false;
  return true;
}

class StubWriter {
public:
  StubWriter(const ir::Region &R, const HostStubOptions &Opts) : R(R), Opts(Opts) {}

  std::string write(const std::string &KernelSource, unsigned ResumeLine,
                    unsigned ResumeColumn) {
    const std::string &I = Opts.Indent;
    bool Kernel = Opts.OpenCL && R.offloaded();
    line("{ // clpar: " + std::to_string(R.Dims.size()) + "-D prange nest at " +
         siteText(R.Site) +
         (Kernel ? ": OpenCL kernel '" + R.KernelName + "' and OpenMP variant"
                 : ": OpenMP variant only"));
    // Generated lines count from the loop's own line, so a diagnostic about them points
    // at the loop rather than at a line the user's file does not have.
    // An exception leaving the region leaves the function: what the scope keeps on the
    // device comes home first, while the function's locals still exist.
    if (!Opts.Scope.empty())
      line(I + "try {");
    Out += lineDirective(R.Site.Line, R.Site.File);
    for (unsigned D = 0; D < R.Dims.size(); ++D)
      line(I + "  const auto " + rangeVar(D) + " = " + R.Dims[D].RangeText + ";");
    if (Kernel)
      launch(KernelSource);
    else if (Opts.OpenCL)
      hostOnlyCall();
    else
      line(I + "  {");
    openmpVariant();
    line(I + "  }");
    if (!Opts.Scope.empty())
      line(I + "} catch (...) { " + emitScopeSync(Opts.Scope) + "throw; }");
    Out += I + "}\n" + lineDirective(ResumeLine, R.Site.File);
    Out += std::string(ResumeColumn > 1 ? ResumeColumn - 1 : 0, ' ');
    return Out;
  }

private:
  void line(const std::string &S) { Out += S + "\n"; }

  /// A region-invariant bound (literals, scalars, view extents) as host C++, in long long.
  std::string hostValue(const ir::Expr &E) {
    switch (E.K) {
    case ir::Expr::Kind::IntLiteral:
      return E.Text + "LL";
    case ir::Expr::Kind::Scalar:
      return "static_cast<long long>(" + R.Scalars[E.Index].HostExpr + ")";
    case ir::Expr::Kind::ViewExtent:
      return "static_cast<long long>(clpar_views[" + std::to_string(E.Index) + "].extent[" +
             std::to_string(E.Dim) + "])";
    case ir::Expr::Kind::ViewSize: {
      std::string P;
      for (unsigned D = 0; D < R.Views[E.Index].Rank; ++D)
        P += (D ? " * " : "") + std::string("static_cast<long long>(clpar_views[") +
             std::to_string(E.Index) + "].extent[" + std::to_string(D) + "])";
      return "(" + P + ")";
    }
    case ir::Expr::Kind::Cast:
      return hostValue(*E.Operands[0]);
    case ir::Expr::Kind::Unary:
      return "-(" + hostValue(*E.Operands[0]) + ")";
    case ir::Expr::Kind::Binary:
      return "(" + hostValue(*E.Operands[0]) + " " + E.Text + " " +
             hostValue(*E.Operands[1]) + ")";
    default:
      return "0LL"; // not produced: the analysis admits only the kinds above
    }
  }

  /// The trip count of a loop over [First, End) with region-invariant bounds.
  std::string tripCount(const ir::Expr &FirstExpr, const ir::Expr &EndExpr) {
    const std::string First = hostValue(FirstExpr), End = hostValue(EndExpr);
    return "static_cast<std::uint64_t>(" + End + " > " + First + " ? " + End + " - " + First +
           " : 0)";
  }
  /// The inner reduction's trip count (ir::InnerReduction).
  std::string innerTrips() { return tripCount(*R.Inner->First, *R.Inner->End); }

  void launch(const std::string &KernelSource) {
    const std::string &I = Opts.Indent;
    KernelOptions KernelOpts;
    KernelOpts.BoundsCheck = Opts.BoundsCheck;
    KernelOpts.StrictFp = Opts.StrictFp;
    const KernelShape Shape = kernelShape(R, KernelOpts);
    // The split and tiled forms need the inner loop's trip count.
    const bool Trips = Shape.Split || Shape.Tiles;
    // How dimension 0's shares touch the views (ir::SplitView), for a call shared out
    // over several devices.
    if (!R.Split.empty()) {
      auto Access = [](const ir::SplitAccess &A) {
        return "{" + std::to_string(A.Axis) + ", " + std::to_string(A.Coef) + "LL, " +
               std::to_string(A.Low) + "LL, " + std::to_string(A.High) + "LL}";
      };
      line(I + "  static constexpr ::clpar::rt::split_view clpar_split[] = {");
      for (const ir::SplitView &V : R.Split)
        line(I + "      {" + Access(V.Touched) + ", " + Access(V.Written) + "},");
      line(I + "  };");
    }
    line(I + "  static constexpr ::clpar::rt::region_info clpar_info{");
    line(I + "      " + quoted(regionSiteText(R)) + ", " + quoted(R.KernelName) + ",");
    line(I + "      R\"clpar(" + KernelSource + ")clpar\",");
    line(I + "      " + std::to_string(R.Dims.size()) + ", " +
         (R.UsesDouble ? "true" : "false") + ", " +
         (Opts.CpuDevicesOnly ? "true" : "false") + ", " +
         (Opts.StrictFp ? "true" : "false") + ", nullptr, " +
         (kernelChecksAccesses(KernelSource) ? "true" : "false") + ", " +
         std::to_string(Shape.InnerBlock) + ", " + (Shape.GridStride ? "true" : "false") + ", " +
         (R.iterationHasLoop() ? "true" : "false") + ", " +
         (Shape.Vector ? "true" : "false") + ", true, " +
         (!Shape.Split ? "0" : R.Inner->AlongRows ? "2" : "1") + ", " +
         (R.Split.empty() ? "nullptr" : "clpar_split") + ", " +
         (Shape.Tiles ? "true" : "false") + ", true, " + (Shape.NoAlias ? "true" : "false") +
         "};");
    std::string Dims;
    for (unsigned D = 0; D < R.Dims.size(); ++D)
      Dims += (D ? ", " : "") + std::string("::clpar::rt::dim_arg_of(") + rangeVar(D) + ")";
    line(I + "  const ::clpar::rt::dim_arg clpar_dims[] = {" + Dims + "};");
    std::string Views = "nullptr";
    if (!R.Views.empty()) {
      line(I + "  const ::clpar::rt::view_arg clpar_views[] = {");
      for (const ir::View &V : R.Views)
        line(I + "      ::clpar::rt::view_arg_of(" + V.HostExpr + ", " +
             (V.Written ? "true" : "false") + "),");
      line(I + "  };");
      Views = "clpar_views";
    }
    std::string Scalars = "nullptr";
    if (!R.Scalars.empty()) {
      line(I + "  const ::clpar::rt::scalar_arg clpar_scalars[] = {");
      for (const ir::Scalar &S : R.Scalars)
        line(I + "      ::clpar::rt::scalar_arg_of(" + S.HostExpr + "),");
      line(I + "  };");
      Scalars = "clpar_scalars";
    }
    std::string Reductions = "nullptr";
    if (!R.Reductions.empty()) {
      line(I + "  const ::clpar::rt::reduction_arg clpar_reductions[] = {");
      for (const ir::Reduction &Red : R.Reductions) {
        // A std::complex<T> is an array of two T (its real part first): each part is a
        // reduction of its own.
        std::vector<std::string> Targets = {"&" + Red.HostExpr};
        if (Red.Complex) {
          const std::string Parts = "reinterpret_cast<" +
                                    std::string(ir::openclTypeName(Red.Type)) + " (&)[2]>(" +
                                    Red.HostExpr + ")";
          Targets = {"&" + Parts + "[0]", "&" + Parts + "[1]"};
        }
        for (const std::string &Target : Targets)
          line(I + "      {" + Target + ", ::clpar::rt::scalar_kind::" + scalarKind(Red.Type) +
               ", ::clpar::rt::reduction_op::" + reductionOp(Red.Op) + "},");
      }
      line(I + "  };");
      Reductions = "clpar_reductions";
    }
    line(I + "  const ::clpar::rt::launch_request clpar_request{&clpar_info, clpar_dims, " +
         Views + ", " + std::to_string(R.Views.size()) + ", " + Scalars + ", " +
         std::to_string(R.Scalars.size()) + ",");
    line(I + "      static_cast<::clpar::rt::placement_request>(" + rangeVar(0) +
         ".get_placement()), " + Reductions + ", " +
         std::to_string(ir::reductionParts(R.Reductions)) +
         (Opts.Scope.empty() ? (Trips ? ", nullptr" : "") : ", &" + Opts.Scope) +
         (Trips ? ", " + innerTrips() : "") + "};");
    // Checks decided before launch: a failing one throws before anything is written, the
    // error of the access that fails first in the serial order.
    if (!R.HoistedChecks.empty()) {
      line(I + "  {");
      line(I + "    ::clpar::rt::first_out_of_range clpar_bad(" +
           std::to_string(R.Dims.size()) + ");");
    }
    std::string Throws;
    // Checks in the same serial loops compare by those loops' iterations too.
    std::vector<std::vector<const ir::Expr *>> Nests;
    for (size_t K = 0; K < R.HoistedChecks.size(); ++K) {
      const ir::HoistedCheck &C = R.HoistedChecks[K];
      std::string Nest;
      if (!C.Inner.empty()) {
        std::vector<const ir::Expr *> Loops;
        for (const ir::HoistedCheck::InnerLoop &L : C.Inner)
          Loops.push_back(L.First.get());
        auto It = std::find(Nests.begin(), Nests.end(), Loops);
        if (It == Nests.end())
          It = Nests.insert(Nests.end(), Loops);
        Nest = ", " + std::to_string(It - Nests.begin() + 1);
      }
      std::string Coef;
      for (size_t D = 0; D < C.LoopCoef.size(); ++D)
        Coef += (D ? ", " : "") + std::to_string(C.LoopCoef[D]) + "LL";
      for (const ir::HoistedCheck::InnerLoop &L : C.Inner)
        Coef += ", " + std::to_string(L.Coef) + "LL";
      std::string Extent = "clpar_views[" + std::to_string(C.View) + "].extent[" +
                           std::to_string(C.Dim) + "]";
      std::string Dims = "clpar_dims";
      if (!C.Inner.empty()) {
        // The serial loops around the access are further dimensions of the check.
        Dims = "clpar_check_dims";
        std::string List;
        for (unsigned D = 0; D < R.Dims.size(); ++D)
          List += "clpar_dims[" + std::to_string(D) + "], ";
        for (const ir::HoistedCheck::InnerLoop &L : C.Inner) {
          List += "::clpar::rt::dim_arg{" + hostValue(*L.First) + ", 1, " +
                  tripCount(*L.First, *L.End) + "}, ";
        }
        line(I + "    {");
        line(I + "      const ::clpar::rt::dim_arg clpar_check_dims[] = {" + List + "};");
      }
      std::string In = I + (C.Inner.empty() ? "    " : "      ");
      line(In + "clpar_bad.check(" + Dims + ", " +
           std::to_string(R.Dims.size() + C.Inner.size()) + ", " +
           std::to_string(C.Constant) + "LL, {" + Coef + "}, " + Extent + Nest + ");");
      if (!C.Inner.empty())
        line(I + "    }");
      std::string Column = std::to_string(C.At.Column);
      if (C.At.ClangColumn)
        Column = "CLPAR_RT_SUBSCRIPT_COLUMN(" + Column + ", " +
                 std::to_string(C.At.ClangColumn) + ")";
      Throws += I + "    case " + std::to_string(K) + ":\n" + I +
                "      throw ::clpar::bounds_error(" + quoted(C.At.File) + ", " +
                std::to_string(C.At.Line) + ", " + Column + ", clpar_bad.index(), " + Extent +
                ", " + quoted(R.Views[C.View].HostExpr) + ");\n";
    }
    if (!R.HoistedChecks.empty()) {
      line(I + "    switch (clpar_bad.failed()) {");
      Out += Throws;
      line(I + "    default:");
      line(I + "      break;");
      line(I + "    }");
      line(I + "  }");
    }
    line(I + "  ::clpar::rt::region_call clpar_call(clpar_request);");
    line(I + "  if (!clpar_call.ran_on_device()) {");
  }

  /// A region without a kernel still goes through the runtime, which traces the call.
  void hostOnlyCall() {
    const std::string &I = Opts.Indent;
    line(I + "  static constexpr ::clpar::rt::region_info clpar_info{");
    line(I + "      " + quoted(regionSiteText(R)) + ", nullptr, nullptr, " +
         std::to_string(R.Dims.size()) + ", false, false, false,");
    line(I + "      " + quoted("OpenMP variant only: " + R.NotOffloadedReason) + "};");
    std::string Dims;
    for (unsigned D = 0; D < R.Dims.size(); ++D)
      Dims += (D ? ", " : "") + std::string("::clpar::rt::dim_arg_of(") + rangeVar(D) + ")";
    line(I + "  const ::clpar::rt::dim_arg clpar_dims[] = {" + Dims + "};");
    line(I + "  const ::clpar::rt::launch_request clpar_request{&clpar_info, clpar_dims, "
             "nullptr, 0, nullptr, 0, ::clpar::rt::placement_request::host};");
    line(I + "  ::clpar::rt::region_call clpar_call(clpar_request);");
    line(I + "  {");
  }

  void openmpVariant() {
    const std::string &I = Opts.Indent;
    unsigned N = R.OpenMPDims ? R.OpenMPDims : R.Dims.size();
    if (!R.NamedAccesses.empty()) {
      line(I + "    static constexpr ::clpar::rt::access_site clpar_sites[] = {");
      for (const ir::NamedAccess &A : R.NamedAccesses)
        line(I + "        {" + std::to_string(A.Line) + ", " + std::to_string(A.FirstColumn) +
             ", " + std::to_string(A.LastColumn) + ", " + quoted(A.Name) + "},");
      line(I + "    };");
    }
    line(I + "    ::clpar::rt::host_errors clpar_errors;");
    line(I + "    const ::clpar::rt::openmp_schedule clpar_schedule(" + rangeVar(0) + ");");
    for (unsigned D = 0; D < N; ++D)
      line(I + "    const std::uint64_t clpar_n" + std::to_string(D) + " = " + rangeVar(D) +
           ".size();");
    // Two or more dimensions: one parallel loop over the outer iterations times blocks of
    // the innermost dimension (clpar::rt::inner_block_size), so the innermost loop stays a
    // plain loop.
    const unsigned L = N - 1;
    const std::string SL = std::to_string(L);
    if (N > 1) {
      std::string Outer;
      for (unsigned D = 0; D < L; ++D)
        Outer += (D ? " * " : "") + std::string("clpar_n") + std::to_string(D);
      line(I + "    const std::uint64_t clpar_outer = " + Outer + ";");
      line(I + "    const std::uint64_t clpar_bs = ::clpar::rt::inner_block_size(clpar_outer, "
               "clpar_n" + SL + ", clpar_schedule.threads());");
      line(I + "    const std::uint64_t clpar_nb = (clpar_n" + SL + " + clpar_bs - 1) / clpar_bs;");
    }
    // Views whose every access the stub checked before the region (launch()) are read
    // through unchecked views: a check per access keeps the compiler from vectorizing.
    // Not in an imperfect nest: its prefix runs on the host even where an inner dimension
    // is empty, which the checks before launch (over the whole iteration space) skip.
    std::vector<std::pair<std::string, std::string>> Unchecked; // {view, unchecked name}
    if (Opts.OpenCL && R.offloaded() && R.BoundsCheck && R.OpenMPDims == 0)
      for (const ir::View &V : R.Views)
        if (V.Kind == ir::ViewKind::ClparView && V.AccessesCheckedBeforeLaunch &&
            isIdentifier(V.HostExpr)) {
          Unchecked.push_back(
              {V.HostExpr, "clpar_unchecked" + std::to_string(Unchecked.size())});
          line(I + "    const auto " + Unchecked.back().second + " = ::clpar::rt::unchecked(" +
               V.HostExpr + ");");
        }
    std::string Pragma =
        "#pragma omp parallel for schedule(runtime) num_threads(clpar_schedule.threads())";
    for (const ir::Reduction &Red : R.Reductions)
      Pragma += std::string(" reduction(") +
                (Red.Complex ? "clpar_complex_sum" : ir::openmpReductionOperator(Red.Op)) +
                ": " + Red.HostExpr + ")";
    // OpenMP reduces a class type through a declared reduction (GCC requires one; Clang
    // would take the type's operator), declared here for the stub's block.
    if (std::any_of(R.Reductions.begin(), R.Reductions.end(),
                    [](const ir::Reduction &Red) { return Red.Complex; }))
      line("#pragma omp declare reduction(clpar_complex_sum : std::complex<float>, "
           "std::complex<double> : omp_out += omp_in) "
           "initializer(omp_priv = decltype(omp_orig){})");
    Out += lineDirective(R.Site.Line, R.Site.File);
    line(Pragma);
    std::string In = I + "    ";
    if (N > 1) {
      line(In + "for (std::uint64_t clpar_t = 0; clpar_t < clpar_outer * clpar_nb; ++clpar_t) {");
      // Whole rows (one block each) are the common case; dividing by a run-time 1 kept
      // clang 19 from optimizing the inner loop as well (2x on a 2-D stencil).
      line(In + "  std::uint64_t clpar_rest = clpar_nb == 1 ? clpar_t : clpar_t / clpar_nb;");
      for (unsigned D = L; D-- > 1;) {
        std::string S = std::to_string(D);
        line(In + "  const std::uint64_t clpar_k" + S + " = clpar_rest % clpar_n" + S + ";");
        line(In + "  clpar_rest /= clpar_n" + S + ";");
      }
      line(In + "  const std::uint64_t clpar_k0 = clpar_rest;");
      line(In + "  const std::uint64_t clpar_from = clpar_nb == 1 ? 0 : clpar_t % clpar_nb * clpar_bs;");
      line(In + "  const std::uint64_t clpar_to = clpar_n" + SL +
           " - clpar_from < clpar_bs ? clpar_n" + SL + " : clpar_from + clpar_bs;");
      if (R.Dims[L].CountsFromZero)
        line(In + "  for (std::int64_t clpar_k" + SL +
             " = static_cast<std::int64_t>(clpar_from); clpar_k" + SL +
             " < static_cast<std::int64_t>(clpar_to); ++clpar_k" + SL + ") {");
      else
        line(In + "  for (std::uint64_t clpar_k" + SL + " = clpar_from; clpar_k" + SL +
             " < clpar_to; ++clpar_k" + SL + ") {");
      In += "    ";
    } else if (R.Dims[0].CountsFromZero) {
      line(In + "for (std::int64_t clpar_k0 = 0; clpar_k0 < static_cast<std::int64_t>(clpar_n0); "
                "++clpar_k0) {");
      In += "  ";
    } else {
      line(In + "for (std::uint64_t clpar_k0 = 0; clpar_k0 < clpar_n0; ++clpar_k0) {");
      In += "  ";
    }
    // A counting dimension's variable is the (signed) iteration number itself: with
    // prange_t::at's modulo-2^64 arithmetic, or an unsigned counter, the compilers do not
    // see an affine index and keep the loop scalar (the suite's slice stencil 1.7-2.5x the
    // hand loop on 2 cores; docs/performance.md).
    for (unsigned D = 0; D < N; ++D)
      line(In + R.Dims[D].LoopVarDecl + " = " +
           (R.Dims[D].CountsFromZero ? "static_cast<std::size_t>(clpar_k" +
                                           std::to_string(D) + ")"
                                     : rangeVar(D) + ".at(clpar_k" + std::to_string(D) + ")") +
           ";");
    line(In + "try {");
    if (!Unchecked.empty()) {
      line("#pragma GCC diagnostic push");
      line("#pragma GCC diagnostic ignored \"-Wshadow\"");
      for (const auto &[Name, Alias] : Unchecked)
        line(In + "  const auto &" + Name + " = " + Alias + ";");
      line("#pragma GCC diagnostic pop");
    }
    Out += lineDirective(R.BodyStart.Line, R.BodyStart.File);
    Out += std::string(R.BodyStart.Column > 1 ? R.BodyStart.Column - 1 : 0, ' ');
    Out += R.BodyText + "\n";
    line(In + "} catch (...) {");
    // The iteration's number in the serial order: the error of the earliest is the serial
    // build's.
    std::string Iteration =
        N > 1 ? "(clpar_nb == 1 ? clpar_t : clpar_t / clpar_nb) * clpar_n" + SL +
                    " + static_cast<std::uint64_t>(clpar_k" + SL + ")"
              : "static_cast<std::uint64_t>(clpar_k0)";
    line(In + "  clpar_errors.capture(" + Iteration + ");");
    line(In + "}");
    if (N > 1)
      line(I + "      }");
    line(I + "    }");
    line(I + "    clpar_errors.rethrow_if_any(" +
         (R.NamedAccesses.empty() ? "" : "clpar_sites") + ");");
  }

  const ir::Region &R;
  const HostStubOptions &Opts;
  std::string Out;
};

} // namespace

std::string emitHostStub(const ir::Region &R, const std::string &KernelSource,
                         const HostStubOptions &Opts, unsigned ResumeLine,
                         unsigned ResumeColumn) {
  return StubWriter(R, Opts).write(KernelSource, ResumeLine, ResumeColumn);
}

std::string siteLiteral(const ir::Region &R) { return quoted(regionSiteText(R)); }

std::string emitScopeDeclaration(const std::string &Scope, const std::string &Site) {
  return " ::clpar::rt::data_scope " + Scope + "(" + quoted(Site) + ");";
}

std::string emitScopeSync(const std::string &Scope) { return Scope + ".sync(); "; }

std::string emitResidentHold(const std::string &Name, const std::vector<std::string> &Views,
                             const std::string &Site) {
  std::string Args;
  for (const std::string &V : Views)
    Args += (Args.empty() ? "" : ", ") + std::string("::clpar::rt::view_arg_of(") + V + ", true)";
  std::string Array = "clpar_" + Name + "_views";
  return "const ::clpar::rt::view_arg " + Array + "[] = {" + Args +
         "}; ::clpar::rt::resident_hold " + Name + "(" + Array + ", " +
         std::to_string(Views.size()) + ", " + quoted(Site) + ");";
}

std::string emitSyncHost(const std::string &View, const std::string &Site) {
  return "::clpar::rt::sync_host(::clpar::rt::view_arg_of(" + View + ", true), " +
         quoted(Site) + ")";
}

std::string emitHeaderStatement(const std::string &Site, const std::string &Why,
                                const std::string &Statement) {
  return "(::clpar::rt::trace_header_statement(" + quoted(Site) + ", " + quoted(Why) + "), " +
         Statement + ")";
}

std::string emitClosureTagBegin(uint64_t Tag, const std::string &Context) {
  return "::clpar::rt::tag_closure<0x" + llvm::utohexstr(Tag, /*LowerCase=*/true) + "ULL" +
         (Context.empty() ? "" : ", " + Context) + ">(";
}

std::string emitClosureTagEnd(const std::vector<std::pair<std::string, bool>> &Captures) {
  std::string Text;
  for (const auto &[Name, ByReference] : Captures)
    Text += ", " + (ByReference ? "::clpar::rt::closure_ref(" + Name + ")" : Name);
  return Text + ")";
}

std::string emitFilePrologue(const std::string &File, bool AnyRuntimeCall, bool AnyTemplate,
                             const HostStubOptions &Opts) {
  std::string P = "// Translated by clpar-translate from " + File +
                  "; edits here are lost on the next build.\n";
  if (!Opts.BoundsCheck)
    P += "#define CLPAR_NO_BOUNDS_CHECK 1\n";
  P += "#include <cstdint>\n#include <limits>\n#include <clpar/rt/openmp.hpp>\n";
  if (AnyRuntimeCall)
    P += "#include <clpar/rt/args.hpp>\n#include <clpar/rt/region.hpp>\n"
         "#include <clpar/rt/residency.hpp>\n";
  if (AnyTemplate)
    P += "#include <clpar/rt/instantiation.hpp>\n";
  P += lineDirective(1, File);
  return P;
}

} // namespace clpar::emit
