//===- Emit/ComplexHelpers.cpp - std::complex in OpenCL C ---------------===//
//
// Each helper computes what libstdc++'s operation computes, in the same steps where those
// are plain arithmetic (a product by a real number scales both parts; pow(z, int) squares
// repeatedly); the transcendental ones by their textbook formulas, where libstdc++ calls
// the C library's (cexp, csqrt, casin, ...): the same values but in their last bits, and
// without C's special cases for infinities and NaNs.
//
//===----------------------------------------------------------------------===//
#include "Emit/ComplexHelpers.h"

#include <set>
#include <vector>

namespace clpar::emit {

namespace {

using ir::Expr;

/// One helper: its operation, the helpers it calls (defined before it), and its
/// definition (instantiate's placeholders).
struct Helper {
  const char *Op;
  std::vector<const char *> Calls;
  const char *Text;
};

/// In an order where every helper comes after those it calls.
const std::vector<Helper> &helpers() {
  static const std::vector<Helper> All = {
      {"neg", {}, "$C $P_neg($C a) { return $M(-a.re, -a.im); }"},
      {"add", {}, "$C $P_add($C a, $C b) { return $M(a.re + b.re, a.im + b.im); }"},
      {"sub", {}, "$C $P_sub($C a, $C b) { return $M(a.re - b.re, a.im - b.im); }"},
      {"mul", {}, "$C $P_mul($C a, $C b) {\n"
                  "  return $M(a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re);\n}"},
      // Smith's division: no overflow of b.re * b.re + b.im * b.im.
      {"div", {}, "$C $P_div($C a, $C b) {\n"
                  "  if (fabs(b.re) >= fabs(b.im)) {\n"
                  "    const $T r = b.im / b.re, d = b.re + b.im * r;\n"
                  "    return $M((a.re + a.im * r) / d, (a.im - a.re * r) / d);\n"
                  "  }\n"
                  "  const $T r = b.re / b.im, d = b.re * r + b.im;\n"
                  "  return $M((a.re * r + a.im) / d, (a.im * r - a.re) / d);\n}"},
      {"addr", {}, "$C $P_addr($C a, $T x) { return $M(a.re + x, a.im); }"},
      {"subr", {}, "$C $P_subr($C a, $T x) { return $M(a.re - x, a.im); }"},
      {"mulr", {}, "$C $P_mulr($C a, $T x) { return $M(a.re * x, a.im * x); }"},
      {"divr", {}, "$C $P_divr($C a, $T x) { return $M(a.re / x, a.im / x); }"},
      {"rsub", {}, "$C $P_rsub($T x, $C a) { return $M(x - a.re, -a.im); }"},
      {"rdiv", {"div"}, "$C $P_rdiv($T x, $C a) { return $P_div($M(x, ($T)0), a); }"},
      {"eq", {}, "bool $P_eq($C a, $C b) { return a.re == b.re && a.im == b.im; }"},
      {"eqr", {}, "bool $P_eqr($C a, $T x) { return a.re == x && a.im == ($T)0; }"},
      {"abs", {}, "$T $P_abs($C a) { return hypot(a.re, a.im); }"},
      {"arg", {}, "$T $P_arg($C a) { return atan2(a.im, a.re); }"},
      {"norm", {}, "$T $P_norm($C a) { return a.re * a.re + a.im * a.im; }"},
      {"conj", {}, "$C $P_conj($C a) { return $M(a.re, -a.im); }"},
      {"polar", {}, "$C $P_polar($T r, $T t) { return $M(r * cos(t), r * sin(t)); }"},
      {"exp", {}, "$C $P_exp($C a) {\n"
                  "  const $T e = exp(a.re);\n"
                  "  return $M(e * cos(a.im), e * sin(a.im));\n}"},
      {"log", {"abs", "arg"}, "$C $P_log($C a) { return $M(log($P_abs(a)), $P_arg(a)); }"},
      {"log10", {"log"}, "$C $P_log10($C a) {\n"
                         "  const $C l = $P_log(a);\n"
                         "  return $M(l.re / log(($T)10), l.im / log(($T)10));\n}"},
      {"sqrt", {}, "$C $P_sqrt($C a) {\n"
                   "  if (a.re == ($T)0 && a.im == ($T)0) return $M(($T)0, a.im);\n"
                   "  const $T t = sqrt((fabs(a.re) + hypot(a.re, a.im)) * ($T)0.5);\n"
                   "  return a.re >= ($T)0 ? $M(t, a.im / (2 * t))\n"
                   "                      : $M(fabs(a.im) / (2 * t), copysign(t, a.im));\n}"},
      {"pow", {"mul", "exp", "log"},
       "$C $P_pow($C a, $C b) {\n"
       "  if (a.re == ($T)0 && a.im == ($T)0) return $M(($T)0, ($T)0);\n"
       "  return $P_exp($P_mul(b, $P_log(a)));\n}"},
      {"powr", {"log", "polar"},
       "$C $P_powr($C a, $T y) {\n"
       "  if (a.im == ($T)0 && a.re > ($T)0) return $M(pow(a.re, y), ($T)0);\n"
       "  const $C l = $P_log(a);\n"
       "  return $P_polar(exp(y * l.re), y * l.im);\n}"},
      {"rpow", {"pow", "polar"}, "$C $P_rpow($T x, $C b) {\n"
                                 "  if (x > ($T)0) return $P_polar(pow(x, b.re), b.im * log(x));\n"
                                 "  return $P_pow($M(x, ($T)0), b);\n}"},
      {"powi", {"mul", "div"}, "$C $P_powi($C a, int k) {\n"
                               "  uint n = k < 0 ? -(uint)k : (uint)k;\n"
                               "  $C y = (n % 2) ? a : $M(($T)1, ($T)0);\n"
                               "  while (n >>= 1) {\n"
                               "    a = $P_mul(a, a);\n"
                               "    if (n % 2) y = $P_mul(y, a);\n"
                               "  }\n"
                               "  return k < 0 ? $P_div($M(($T)1, ($T)0), y) : y;\n}"},
      {"sin", {}, "$C $P_sin($C a) {\n"
                  "  return $M(sin(a.re) * cosh(a.im), cos(a.re) * sinh(a.im));\n}"},
      {"cos", {}, "$C $P_cos($C a) {\n"
                  "  return $M(cos(a.re) * cosh(a.im), -sin(a.re) * sinh(a.im));\n}"},
      {"tan", {"sin", "cos", "div"}, "$C $P_tan($C a) { return $P_div($P_sin(a), $P_cos(a)); }"},
      {"sinh", {}, "$C $P_sinh($C a) {\n"
                   "  return $M(sinh(a.re) * cos(a.im), cosh(a.re) * sin(a.im));\n}"},
      {"cosh", {}, "$C $P_cosh($C a) {\n"
                   "  return $M(cosh(a.re) * cos(a.im), sinh(a.re) * sin(a.im));\n}"},
      {"tanh", {"sinh", "cosh", "div"},
       "$C $P_tanh($C a) { return $P_div($P_sinh(a), $P_cosh(a)); }"},
      // The inverse functions by their logarithmic forms, each on the half plane where
      // its sum does not cancel: asinh(z) = log(z + sqrt(z^2 + 1)) for re(z) >= 0 and
      // -asinh(-z) else; asin(z) = -i asinh(iz); acos(z) = pi/2 - asin(z);
      // atanh(z) = log((1 + z) / (1 - z)) / 2, its parts apart; atan(z) = -i atanh(iz);
      // acosh(z) = log(z + sqrt(z + 1) sqrt(z - 1)).
      {"asinh", {"sqrt", "log", "add"},
       "$C $P_asinh($C a) {\n"
       "  const bool flip = a.re < ($T)0;\n"
       "  const $C z = flip ? $M(-a.re, -a.im) : a;\n"
       "  const $C s = $P_sqrt($M((z.re - z.im) * (z.re + z.im) + ($T)1, ($T)2 * z.re * z.im));\n"
       "  const $C r = $P_log($P_add(z, s));\n"
       "  return flip ? $M(-r.re, -r.im) : r;\n}"},
      {"asin", {"asinh"}, "$C $P_asin($C a) {\n"
                          "  const $C w = $P_asinh($M(-a.im, a.re));\n"
                          "  return $M(w.im, -w.re);\n}"},
      {"acos", {"asin"}, "$C $P_acos($C a) {\n"
                         "  const $C w = $P_asin(a);\n"
                         "  return $M(acos(($T)0) - w.re, -w.im);\n}"},
      {"atanh", {}, "$C $P_atanh($C a) {\n"
                    "  const $T y2 = a.im * a.im, p = ($T)1 + a.re, m = ($T)1 - a.re;\n"
                    "  return $M(log((p * p + y2) / (m * m + y2)) / ($T)4,\n"
                    "            atan2(($T)2 * a.im, m * p - y2) / ($T)2);\n}"},
      {"atan", {"atanh"}, "$C $P_atan($C a) {\n"
                          "  const $C w = $P_atanh($M(-a.im, a.re));\n"
                          "  return $M(w.im, -w.re);\n}"},
      {"acosh", {"sqrt", "log", "add", "mul", "addr", "subr"},
       "$C $P_acosh($C a) {\n"
       "  return $P_log($P_add(a, $P_mul($P_sqrt($P_addr(a, ($T)1)), "
       "$P_sqrt($P_subr(a, ($T)1)))));\n}"},
      // The Riemann sphere's projection: every infinity to (+inf, +-0).
      {"proj", {}, "$C $P_proj($C a) {\n"
                   "  if (isinf(a.re) || isinf(a.im)) return $M(($T)INFINITY, copysign(($T)0, a.im));\n"
                   "  return a;\n}"},
      {"from_float", {}, "$C $P_from_float($S a) { return $M(($T)a.re, ($T)a.im); }"},
      {"from_double", {}, "$C $P_from_double($S a) { return $M(($T)a.re, ($T)a.im); }"},
  };
  return All;
}

/// \p Text with its placeholders replaced: $C the record's type, $T its element type, $M
/// its _make, $P the helpers' prefix (the record's name), $S the other complex record's type.
std::string instantiate(const std::string &Text, const std::string &C, const std::string &T,
                        const std::string &S) {
  std::string Out;
  for (size_t I = 0; I < Text.size(); ++I) {
    if (Text[I] != '$' || I + 1 == Text.size()) {
      Out += Text[I];
      continue;
    }
    switch (Text[++I]) {
    case 'C': case 'P': Out += C; break;
    case 'T': Out += T; break;
    case 'M': Out += C + "_make"; break;
    case 'S': Out += S; break;
    default: Out += Text[I - 1]; Out += Text[I];
    }
  }
  return Out;
}

} // namespace

std::string complexHelpers(const ir::Region &R) {
  std::set<std::string> Called;
  const auto Find = [&](const Expr &E) {
    if (E.K == Expr::Kind::Call)
      Called.insert(E.Text);
  };
  if (R.KernelBody)
    ir::forEachExpr(*R.KernelBody, Find);
  for (const ir::Function &F : R.Functions)
    if (F.Body)
      ir::forEachExpr(*F.Body, Find);
  std::string K;
  for (const ir::Record &Rec : R.Records) {
    if (!Rec.Complex)
      continue;
    const std::string T = ir::openclTypeName(Rec.Fields[0].Type);
    // The other complex record, which a conversion takes.
    std::string Other;
    for (const ir::Record &O : R.Records)
      if (O.Complex && O.Fields[0].Type != Rec.Fields[0].Type)
        Other = O.KernelName;
    const std::vector<Helper> &All = helpers();
    std::set<std::string> Needed;
    for (const Helper &H : All)
      if (Called.count(Rec.KernelName + "_" + H.Op))
        Needed.insert(H.Op);
    for (auto H = All.rbegin(); H != All.rend(); ++H)
      if (Needed.count(H->Op))
        Needed.insert(H->Calls.begin(), H->Calls.end());
    for (const Helper &H : All)
      if (Needed.count(H.Op))
        K += instantiate(H.Text, Rec.KernelName, T, Other) + "\n";
  }
  return K;
}

} // namespace clpar::emit
