//===- IR/RegionDump.cpp - Deterministic text dump of regions ------------===//
#include "IR/RegionDump.h"

namespace clpar::ir {

namespace {
const char *viewKindName(ViewKind K) {
  switch (K) {
  case ViewKind::ClparView: return "view";
  case ViewKind::Vector: return "vector";
  case ViewKind::Array: return "array";
  case ViewKind::Builtin: return "builtin";
  }
  return "?";
}
} // namespace

std::string dumpRegion(const Region &R) {
  std::string S = "region " + std::to_string(R.Site.Line) + ":" +
                  std::to_string(R.Site.Column) + " dims=" + std::to_string(R.Dims.size()) +
                  " kernel=" + (R.offloaded() ? R.KernelName : "none") +
                  (R.OpenMPDims ? " openmp-dims=" + std::to_string(R.OpenMPDims) : "") + "\n";
  for (size_t D = 0; D < R.Dims.size(); ++D)
    S += "  dim " + std::to_string(D) + " var=" + R.Dims[D].LoopVarName + " type=" +
         openclTypeName(R.Dims[D].LoopVarType) + " range=" + R.Dims[D].RangeText + "\n";
  for (const View &V : R.Views)
    S += "  view " + V.HostExpr + " kind=" + viewKindName(V.Kind) + " elem=" +
         openclTypeName(V.Element) + " rank=" + std::to_string(V.Rank) +
         (V.Written ? " written" : " read") + "\n";
  for (const Scalar &Sc : R.Scalars)
    S += "  scalar " + Sc.HostExpr + " type=" + openclTypeName(Sc.Type) + "\n";
  for (const Reduction &Red : R.Reductions)
    S += "  reduction " + Red.HostExpr + " op=" + openmpReductionOperator(Red.Op) +
         " type=" + openclTypeName(Red.Type) + (Red.Complex ? " complex" : "") + "\n";
  if (R.Inner) {
    S += "  inner-reduction loop=" + std::to_string(R.Inner->LoopStmt) + " var=" +
         R.Inner->Var + (R.Inner->AlongRows ? " along-rows" : "") +
         (R.Inner->Reassociates ? " reassociates" : "");
    for (const InnerReduction::Accumulator &A : R.Inner->Accumulators)
      S += " " + A.Name + ":" + openmpReductionOperator(A.Op);
    S += "\n";
  }
  if (R.Tiles) {
    S += "  product-tiles";
    for (const ProductTiles::Load &L : R.Tiles->Loads)
      S += " " + R.Views[L.Value->Index].HostExpr + (L.AlongDim1 ? ":dim1" : ":dim0") +
           (L.LoopInLastIndex ? ":loop-last" : "");
    S += R.Tiles->BodyUsesIndex ? " uses-index\n" : "\n";
  }
  if (R.Rows) {
    // Each access in the order the body makes them, with its innermost offset.
    S += "  elementwise-rows dest=" + R.Views[R.Rows->Dest].HostExpr;
    forEachExpr(*R.KernelBody, [&](const Expr &E) {
      if (E.K == Expr::Kind::ViewElement)
        S += " " + R.Views[E.Index].HostExpr + ":" +
             std::to_string(R.Rows->InnerOffset[E.AccessId]);
    });
    S += R.Rows->CheckedBeforeLaunch ? " checked-before-launch\n" : "\n";
  }
  if (R.Lanes) {
    S += "  reduction-lanes";
    for (const ReductionLanes::Update &U : R.Lanes->Updates)
      S += " " + R.Reductions[U.Reduction].HostExpr + U.Op;
    S += "\n";
  }
  if (R.UsesDouble)
    S += "  fp64\n";
  if (!R.offloaded())
    S += "  not-offloaded " + std::to_string(R.NotOffloadedAt.Line) + ":" +
         std::to_string(R.NotOffloadedAt.Column) + " " + R.NotOffloadedReason + "\n";
  return S;
}

} // namespace clpar::ir
