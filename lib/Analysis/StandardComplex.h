//===- Analysis/StandardComplex.h - Recognizing <complex> -------*- C++ -*-===//
//
// std::complex<float> and std::complex<double> are records of two fields (re, im) in a
// kernel.  The standard library computes them through the compiler's `_Complex` types
// and built-ins, which OpenCL C lacks, so the translator never translates <complex>'s
// bodies: it recognizes what each of its functions computes and calls a helper of the
// kernel program instead (Emit/ComplexHelpers.h).
//
//===----------------------------------------------------------------------===//
#ifndef CLPAR_ANALYSIS_STANDARDCOMPLEX_H
#define CLPAR_ANALYSIS_STANDARDCOMPLEX_H

#include "IR/Region.h"

#include "clang/AST/Type.h"

#include <optional>

namespace clang {
class FunctionDecl;
} // namespace clang

namespace clpar {

/// Whether \p T is std::complex of any element type (references and cv stripped).
bool isStdComplex(clang::QualType T);

/// The element type of std::complex<float> or std::complex<double> (references and cv
/// stripped); nullopt for every other type, std::complex<long double> included.
std::optional<ir::ScalarType> stdComplexElement(clang::QualType T);

/// What a function of <complex> computes.
enum class ComplexOp {
  Unknown, ///< one of <complex>'s that kernels do not compute (__rep, <<, ...)
  Real,    ///< z.real(), std::real(z)
  Imag,
  SetReal, ///< z.real(x)
  SetImag,
  Assign,  ///< z = w, z = x
  AddAssign,
  SubAssign,
  MulAssign,
  DivAssign,
  Plus,    ///< +z
  Negate,  ///< -z
  Add,     ///< of two complex numbers, or of one and a real number, either way round
  Sub,
  Mul,
  Div,
  Equal,
  NotEqual,
  Abs,
  Arg,
  Norm,
  Conj,
  Polar,
  Exp,
  Log,
  Log10,
  Sqrt,
  Pow,
  Sin,
  Cos,
  Tan,
  Sinh,
  Cosh,
  Tanh,
  Asin,
  Acos,
  Atan,
  Asinh,
  Acosh,
  Atanh,
  Proj,
  Imaginary, ///< the literal operators of std::complex_literals: 2.0if, 3i
};

/// The operation \p FD performs where it is <complex>'s: a member function of
/// std::complex, an operator or a function of <complex> that takes or returns one, or a
/// literal operator of std::complex_literals.  Nullopt for every other function
/// (std::real(2.0), std::swap(z, w): their bodies are plain C++, translated as any other).
std::optional<ComplexOp> complexOperation(const clang::FunctionDecl *FD);

} // namespace clpar

#endif // CLPAR_ANALYSIS_STANDARDCOMPLEX_H
