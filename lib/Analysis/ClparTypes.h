//===- Analysis/ClparTypes.h - Recognizing clpar and standard types -*- C++ -*-===//
#ifndef CLPAR_ANALYSIS_CLPARTYPES_H
#define CLPAR_ANALYSIS_CLPARTYPES_H

#include "IR/Region.h"

#include "clang/AST/Type.h"

#include <optional>

namespace clang {
class ASTContext;
class Expr;
} // namespace clang

namespace clpar {

/// True for clpar::prange_t<I> (the type of prange(...) and its option chain).
bool isPrangeType(clang::QualType T);

struct ArrayTypeInfo {
  ir::ViewKind Kind;
  clang::QualType Element; ///< with its const qualifier
  unsigned Rank;
};

/// clpar::view<T, R>, std::vector<T> or std::array<T, N> (references and cv stripped).
std::optional<ArrayTypeInfo> arrayTypeInfo(clang::QualType T);

/// A built-in array of one dimension and known size, `T[N]` (a reference to one too), as
/// a view of Kind Builtin; nothing for arrays of arrays and every other type.
std::optional<ArrayTypeInfo> builtinArrayInfo(clang::QualType T, const clang::ASTContext &Ctx);

/// The kernel type of an arithmetic C++ type; nothing for types OpenCL C cannot hold
/// with the same size and meaning (long double, wchar_t, __int128, enums, ...).
std::optional<ir::ScalarType> scalarTypeOf(clang::QualType T, const clang::ASTContext &Ctx);

/// std::pair<A, B> (references and cv stripped).
bool isStdPair(clang::QualType T);

/// True when \p T names a class in namespace clpar called \p Name.
bool isClparClass(clang::QualType T, llvm::StringRef Name);

} // namespace clpar

#endif // CLPAR_ANALYSIS_CLPARTYPES_H
