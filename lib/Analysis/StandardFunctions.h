//===- Analysis/StandardFunctions.h - Recognizing library functions -*- C++ -*-===//
//
// Which functions a loop body calls are the standard library's (or C's, or clpar's
// scalar ones) with a meaning the translator knows: <cmath>, std::min, std::max,
// std::clamp, std::abs, std::is_constant_evaluated.  Kernels compute those with OpenCL
// C's built-ins instead of translating their bodies, and an imperfect nest may
// recompute them freely: they change nothing but their result.
//
//===----------------------------------------------------------------------===//
#ifndef CLPAR_ANALYSIS_STANDARDFUNCTIONS_H
#define CLPAR_ANALYSIS_STANDARDFUNCTIONS_H

#include <optional>
#include <string>

namespace clang {
class CallExpr;
class FunctionDecl;
} // namespace clang

namespace clpar {

/// Where a function is declared: namespace std (inline namespaces inside it included),
/// namespace clpar, the global namespace (C's functions and the compiler's built-ins),
/// or elsewhere.
enum class Home { Other, Global, Std, Clpar };

Home homeOf(const clang::FunctionDecl *FD);

/// The OpenCL built-in a C, C++ or clpar math function maps to (min, max and abs mean
/// the standard library's; lround, llround, lrint and llrint are round and rint
/// converted).  The compiler's own spellings (__builtin_sqrtf), which the standard
/// library's bodies call, count as C's.
std::optional<std::string> openclMathName(const clang::FunctionDecl *FD);

/// std::clamp (any overload).
bool isStdClamp(const clang::FunctionDecl *FD);

/// std::move and std::forward of one argument: casts whose value is their argument.
bool isStdMoveOrForward(const clang::FunctionDecl *FD);

/// std::invoke (not std::invoke_r).
bool isStdInvoke(const clang::FunctionDecl *FD);

/// The function the call \p Invoke of std::invoke(f, args...) reaches: f's call operator
/// (for a generic lambda or an overloaded one, the specialization or overload the
/// library's body of std::invoke calls), or the function f names (`std::invoke(g, x)`,
/// `std::invoke(&g, x)`).  Null for other calls, and where neither shows: a pointer to
/// a member, a function pointer held in a variable.
const clang::FunctionDecl *stdInvokeTarget(const clang::CallExpr *Invoke);

/// std::rotl or std::rotr (<bit>): "rotl" or "rotr"; null for every other function.
const char *stdRotationName(const clang::FunctionDecl *FD);

/// std::is_constant_evaluated() and the compiler's built-in behind it.
bool isConstantEvaluatedQuery(const clang::FunctionDecl *FD);

} // namespace clpar

#endif // CLPAR_ANALYSIS_STANDARDFUNCTIONS_H
