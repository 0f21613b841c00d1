//===- Analysis/InstantiationKey.h - Telling a template's instantiations apart -*- C++ -*-===//
//
// A loop in a template is written once and instantiated many times: axpy<float> and
// axpy<double> share one text but get two kernels.  The translator replaces the loop's
// text with an `if constexpr` chain with one branch per instantiation it saw; the key
// of an instantiation is the condition that holds in that instantiation only, written
// with the names in scope where the loop is written:
//
//   template parameter T = float              std::is_same_v<T, float>
//   non-type parameter N = 4                  (N == static_cast<decltype(N)>(4LL))
//   parameter pack Ts = {int, float}          std::is_same_v<type_list<Ts...>, type_list<int, float>>
//   generic lambda parameter `auto x` = int   std::is_same_v<decltype(x), int>
//   F = a lambda's closure type, const&       (::clpar::rt::closure_key_v<F> == 0x...ULL)
//
// (a closure type by the tag its lambda gets where it is written: Analysis/ClosureTags)

// together with a stable suffix for kernel names and a readable name for remarks.
//
//===----------------------------------------------------------------------===//
#ifndef CLPAR_ANALYSIS_INSTANTIATIONKEY_H
#define CLPAR_ANALYSIS_INSTANTIATIONKEY_H

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class FunctionDecl;
class SourceLocation;
class SourceManager;
class Stmt;
} // namespace clang

namespace clpar {

class ClosureTags;

struct InstantiationKey {
  std::string Condition; ///< C++ constant expression, true in this instantiation only
  std::string Suffix;    ///< for kernel names: identifier characters, stable across files
  std::string Name;      ///< for remarks: "axpy<float>", "Grid<double>::step"
  /// Classes the condition names that are declared after the template (a header's
  /// template instantiated with the program's own structs, the CRTP's derived class),
  /// each declared ahead, as it must be written before the top-level declaration
  /// holding the loop: `struct particle;`, `namespace app { class cell; }`.
  std::vector<std::string> ForwardDeclarations;
};

/// How remarks and traces name the instantiation \p FD: "axpy<float>",
/// "Grid<double>::step", "use::lambda(clpar::view<float>)".
std::string instantiationName(const clang::FunctionDecl *FD, clang::ASTContext &Ctx);

/// The key of the instantiation that \p Context (the innermost function around a loop,
/// a lambda's call operator included) belongs to; the loop is written at \p At.  Returns
/// nullopt with \p Why set when an argument cannot be named at \p At (a local or unnamed
/// type, a closure type, a type declared after the template that cannot be declared
/// ahead (a class template's specialization, a class nested in a class, an
/// enumeration), a template template argument).  A closure type is named by its lambda's tag where \p Tags can give one
/// (which then wraps the lambda).
std::optional<InstantiationKey> instantiationKey(const clang::FunctionDecl *Context,
                                                 clang::SourceLocation At,
                                                 clang::ASTContext &Ctx, std::string &Why,
                                                 ClosureTags *Tags = nullptr);

/// Whether \p Body declares something other than a function parameter named \p Name
/// before \p At (in any scope, conservatively): a template parameter or a function
/// parameter of that name would not mean the parameter there.
bool declaredBefore(const clang::Stmt *Body, llvm::StringRef Name, clang::SourceLocation At,
                    const clang::SourceManager &SM);

} // namespace clpar

#endif // CLPAR_ANALYSIS_INSTANTIATIONKEY_H
