//===- Analysis/ClosureTags.h - Lambdas the translator tags -------*- C++ -*-===//
//
// A lambda's closure type has no name a template's `if constexpr` chain could compare
// with, and its captures no names the host stub could read.  When a translated loop
// needs either (the closure is a template argument of the loop's instantiation, or an
// object the loop calls whose captures are not in scope there), the translator wraps
// the lambda expression where it is written:
//
//   [a, &w](float x) { ... }
//   ::clpar::rt::tag_closure<TAG>([a, &w](float x) { ... }, a, ::clpar::rt::closure_ref(w))
//
// (clpar/rt/instantiation.hpp).  This unit decides which lambdas can be wrapped, gives
// each a tag (from where it is written, so the same in every file), and lists the
// wrappings for the translator to write.  A lambda written in a template is one text for
// the closure types of all its instantiations: its wrapping also names the template's
// parameters (`tag_closure<TAG, ::clpar::rt::type_list<T>>(...)`), whose arguments then
// tell the closure types apart.
//
//===----------------------------------------------------------------------===//
#ifndef CLPAR_ANALYSIS_CLOSURETAGS_H
#define CLPAR_ANALYSIS_CLOSURETAGS_H

#include "clang/AST/TemplateBase.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/ArrayRef.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class CXXRecordDecl;
class LambdaExpr;
} // namespace clang

namespace clpar {

class TranslatedFiles;

/// A lambda expression to wrap.
struct TaggedLambda {
  clang::SourceLocation Begin, End; ///< the lambda expression's first and last tokens
  uint64_t Tag;
  /// For a lambda written in a template: the template parameters around it, as the
  /// wrapper's second template argument names them where the lambda is written
  /// (`::clpar::rt::type_list<T, ::clpar::rt::value_list<N>>`; a generic lambda's
  /// `auto` parameters as `decltype(x)`); empty elsewhere.
  std::string Context;
  /// The wrapper's arguments after the lambda, one per capture in the lambda's order:
  /// the variable (a copy) or its address (a capture by reference).
  std::vector<std::pair<std::string, bool>> Captures; ///< name, by reference
};

/// A closure type's tag and, for a lambda written in a template, the arguments of the
/// instantiation it belongs to for the parameters TaggedLambda::Context names (outermost
/// template first; a pack stays one argument; for a generic lambda's `auto` parameter,
/// the parameter's type), each with whether its parameter is a non-type one.
struct ClosureTag {
  uint64_t Tag;
  std::vector<std::pair<clang::TemplateArgument, bool>> Context;
};

class ClosureTags {
public:
  /// \p Replaced: source ranges the translator replaces (loops, slice statements); a
  /// lambda inside one cannot be wrapped.
  ClosureTags(clang::ASTContext &Ctx, const TranslatedFiles &Files,
              llvm::ArrayRef<clang::SourceRange> Replaced);

  /// The tag of the closure type \p RD, whose lambda is then wrapped; nothing, with
  /// \p Why set (to complete "the lambda ..."), where it cannot be: a lambda written in
  /// a macro, in a file not translated, inside a loop, in a template or generic lambda
  /// whose parameters cannot be named where it is (an `auto...` pack, a hidden name),
  /// or whose instantiations capture differently; mutable, or capturing `this`, a pack,
  /// an init-capture, or by copy a built-in array or a value that is not trivially
  /// copyable (other than a clpar::view or a std::vector of trivially copyable values).
  /// Asked again, the same answer.
  std::optional<ClosureTag> tag(const clang::CXXRecordDecl *RD, std::string &Why);

  /// The wrappings to write, in source order: one per lambda as written, for all the
  /// closure types a template's instantiations make of it.
  std::vector<TaggedLambda> wrappings() const;

private:
  void index();
  std::optional<ClosureTag> decide(const clang::CXXRecordDecl *RD, std::string &Why);
  std::optional<std::string> refusal(const clang::LambdaExpr *L);
  std::optional<std::string> context(const clang::CXXRecordDecl *RD, TaggedLambda &Site,
                                     ClosureTag &Tag);

  clang::ASTContext &Ctx;
  const TranslatedFiles &Files;
  std::vector<clang::SourceRange> Replaced;
  bool Indexed = false;
  std::map<const clang::CXXRecordDecl *, const clang::LambdaExpr *> Lambdas;
  /// Every lambda expression (a template's: each instantiation's) by where it begins.
  std::map<clang::SourceLocation, std::vector<const clang::LambdaExpr *>> AtSite;
  std::map<const clang::CXXRecordDecl *, ClosureTag> Tagged;
  /// Why a closure type is not tagged (to complete "the lambda ...").
  std::map<const clang::CXXRecordDecl *, std::string> Refused;
  std::map<clang::SourceLocation, TaggedLambda> Sites;
  std::map<uint64_t, clang::SourceLocation> Used;
};

/// How the host stub reads capture \p Index of the tagged closure \p Object.
std::string closureCaptureExpr(const std::string &Object, unsigned Index);

} // namespace clpar

#endif // CLPAR_ANALYSIS_CLOSURETAGS_H
