//===- Analysis/ClosureTags.cpp - Lambdas the translator tags -------------===//
#include "Analysis/ClosureTags.h"

#include "Analysis/ClparTypes.h"
#include "Analysis/InstantiationKey.h"
#include "Find/TranslatedFiles.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/xxhash.h"

#include <algorithm>

namespace clpar {

namespace {

/// One template around a lambda: its parameters and this instantiation's arguments.
struct TemplateLevel {
  const clang::TemplateParameterList *Params;
  llvm::ArrayRef<clang::TemplateArgument> Args;
  /// A function template's specialization (its `auto` parameters are named through its
  /// function parameters); null for a class template's.
  const clang::FunctionDecl *Function = nullptr;
};

/// Whether the type \p T is or holds the class \p RD (through references, pointers,
/// arrays and template arguments).
bool mentions(clang::QualType T, const clang::CXXRecordDecl *RD) {
  T = T.getCanonicalType().getNonReferenceType();
  while (T->isPointerType() || T->isArrayType())
    T = T->isPointerType() ? T->getPointeeType()
                           : clang::QualType(T->getArrayElementTypeNoTypeQual(), 0);
  const clang::CXXRecordDecl *Class = T->getAsCXXRecordDecl();
  if (!Class)
    return false;
  if (Class->getCanonicalDecl() == RD->getCanonicalDecl())
    return true;
  if (const auto *CTS = llvm::dyn_cast<clang::ClassTemplateSpecializationDecl>(Class))
    for (const clang::TemplateArgument &A : CTS->getTemplateArgs().asArray())
      if (A.getKind() == clang::TemplateArgument::Type && mentions(A.getAsType(), RD))
        return true;
  return false;
}

} // namespace

ClosureTags::ClosureTags(clang::ASTContext &Ctx, const TranslatedFiles &Files,
                         llvm::ArrayRef<clang::SourceRange> Replaced)
    : Ctx(Ctx), Files(Files), Replaced(Replaced.begin(), Replaced.end()) {}

void ClosureTags::index() {
  if (Indexed)
    return;
  struct Finder : clang::RecursiveASTVisitor<Finder> {
    using Base = clang::RecursiveASTVisitor<Finder>;
    ClosureTags *Tags;
    bool shouldVisitTemplateInstantiations() const { return true; }
    // A generic lambda's body is its pattern; its lambdas are made in each
    // specialization of its call operator, which no declaration visits.
    bool TraverseLambdaExpr(clang::LambdaExpr *L) {
      bool R = Base::TraverseLambdaExpr(L);
      if (clang::FunctionTemplateDecl *T = L->getDependentCallOperator())
        for (clang::FunctionDecl *Spec : T->specializations())
          if (Spec->hasBody())
            R = R && TraverseStmt(Spec->getBody());
      return R;
    }
    bool VisitLambdaExpr(clang::LambdaExpr *L) {
      if (L->getLambdaClass()->isDependentContext())
        return true; // a template's pattern: its instantiations are visited
      Tags->Lambdas.emplace(L->getLambdaClass(), L);
      auto &Same = Tags->AtSite[L->getBeginLoc()];
      if (std::find(Same.begin(), Same.end(), L) == Same.end())
        Same.push_back(L);
      return true;
    }
  } F;
  F.Tags = this;
  F.TraverseDecl(Ctx.getTranslationUnitDecl());
  Indexed = true;
}

std::optional<std::string> ClosureTags::refusal(const clang::LambdaExpr *L) {
  if (L->isMutable())
    return "is mutable";
  for (const clang::LambdaCapture &C : L->captures()) {
    if (!C.capturesVariable())
      return "captures 'this'";
    if (C.isPackExpansion())
      return "captures a parameter pack";
    const auto *V = llvm::dyn_cast<clang::VarDecl>(C.getCapturedVar());
    if (!V)
      return "captures a structured binding";
    if (V->isInitCapture())
      return "has an init-capture";
    if (C.getCaptureKind() != clang::LCK_ByCopy)
      continue;
    const clang::QualType T = V->getType().getNonReferenceType();
    if (T->isArrayType())
      return "captures the built-in array '" + V->getNameAsString() + "' by copy";
    // A std::vector the kernel may read as an array: the wrapper's own copy, made with
    // the closure's (a second copy of its elements whenever the lambda is made or copied).
    const std::optional<ArrayTypeInfo> Array = arrayTypeInfo(T);
    if (!T.isTriviallyCopyableType(Ctx) && !isClparClass(T, "view") &&
        !(Array && Array->Kind == ir::ViewKind::Vector &&
          Array->Element.isTriviallyCopyableType(Ctx)))
      return "captures '" + V->getNameAsString() +
             "' by copy, whose type is neither trivially copyable nor a std::vector of "
             "trivially copyable values";
  }
  return std::nullopt;
}

/// The templates around \p RD's lambda, outermost first: \p Site's Context names their
/// parameters, \p Tag's Context gets this instantiation's arguments.  A reason where
/// they cannot be named where the lambda is written.
std::optional<std::string> ClosureTags::context(const clang::CXXRecordDecl *RD,
                                                TaggedLambda &Site, ClosureTag &Tag) {
  std::vector<TemplateLevel> Levels;
  const clang::FunctionDecl *Outermost = nullptr;
  for (const clang::DeclContext *DC = RD->getDeclContext(); DC && !DC->isFileContext();
       DC = DC->getParent()) {
    if (const auto *FD = llvm::dyn_cast<clang::FunctionDecl>(DC)) {
      Outermost = FD;
      if (FD->getTemplateSpecializationKind() == clang::TSK_ExplicitSpecialization)
        break; // written for these arguments only
      if (const clang::FunctionTemplateSpecializationInfo *Info =
              FD->getTemplateSpecializationInfo())
        Levels.push_back({Info->getTemplate()->getTemplateParameters(),
                          Info->TemplateArguments->asArray(), FD});
    } else if (const auto *CTS = llvm::dyn_cast<clang::ClassTemplateSpecializationDecl>(DC)) {
      if (CTS->getSpecializationKind() == clang::TSK_ExplicitSpecialization)
        break;
      auto From = CTS->getSpecializedTemplateOrPartial();
      if (auto *Partial = From.dyn_cast<clang::ClassTemplatePartialSpecializationDecl *>())
        Levels.push_back({Partial->getTemplateParameters(),
                          CTS->getTemplateInstantiationArgs().asArray()});
      else
        Levels.push_back({CTS->getSpecializedTemplate()->getTemplateParameters(),
                          CTS->getTemplateArgs().asArray()});
    }
  }
  if (Levels.empty())
    return std::nullopt;
  std::string Names;
  const clang::SourceManager &SM = Ctx.getSourceManager();
  const clang::FunctionDecl *Pattern =
      Outermost ? Outermost->getTemplateInstantiationPattern() : nullptr;
  for (auto Level = Levels.rbegin(); Level != Levels.rend(); ++Level) {
    if (Level->Params->size() != Level->Args.size())
      return "is written in a template whose arguments could not be matched to its "
             "parameters";
    bool Invented = false;
    for (unsigned I = 0; I < Level->Params->size(); ++I) {
      const clang::NamedDecl *P = Level->Params->getParam(I);
      if (P->isImplicit()) {
        Invented = true; // an `auto` parameter's: named through the function parameter
        continue;
      }
      if (!P->getIdentifier())
        return "is written in a template with an unnamed template parameter";
      const std::string Name = P->getName().str();
      if (Pattern && Pattern->getBody() && declaredBefore(Pattern->getBody(), Name, Site.Begin, SM))
        return "is written where a declaration hides the template parameter '" + Name + "'";
      std::string Text;
      if (const auto *TP = llvm::dyn_cast<clang::TemplateTypeParmDecl>(P))
        Text = TP->isParameterPack() ? "::clpar::rt::type_list<" + Name + "...>" : Name;
      else if (const auto *NP = llvm::dyn_cast<clang::NonTypeTemplateParmDecl>(P))
        Text = "::clpar::rt::value_list<" + Name + (NP->isParameterPack() ? "...>" : ">");
      else
        return "is written in a template with the template template parameter '" + Name +
               "'";
      Names += (Names.empty() ? "" : ", ") + Text;
      Tag.Context.push_back({Level->Args[I], llvm::isa<clang::NonTypeTemplateParmDecl>(P)});
    }
    if (!Invented)
      continue;
    // `auto` parameters (a generic lambda's, an abbreviated template's): `decltype(x)`,
    // the parameter's type in each specialization.
    const clang::FunctionDecl *Spec = Level->Function;
    const clang::FunctionDecl *Generic = Spec ? Spec->getTemplateInstantiationPattern() : nullptr;
    if (!Generic || Generic->getNumParams() != Spec->getNumParams())
      return "is written in a function with an 'auto...' parameter pack";
    for (unsigned I = 0; I < Generic->getNumParams(); ++I) {
      const clang::ParmVarDecl *P = Generic->getParamDecl(I);
      if (!P->getType()->isDependentType())
        continue;
      if (P->isParameterPack())
        return "is written in a function with an 'auto...' parameter pack";
      if (!P->getIdentifier())
        return "is written in a function with an unnamed 'auto' parameter";
      const std::string Name = P->getName().str();
      if (Generic->getBody() && declaredBefore(Generic->getBody(), Name, Site.Begin, SM))
        return "is written where a declaration hides the parameter '" + Name + "'";
      Names += (Names.empty() ? "" : ", ") + ("decltype(" + Name + ")");
      Tag.Context.push_back({clang::TemplateArgument(Spec->getParamDecl(I)->getType()), false});
    }
  }
  Site.Context = "::clpar::rt::type_list<" + Names + ">";
  return std::nullopt;
}

std::optional<ClosureTag> ClosureTags::tag(const clang::CXXRecordDecl *RD, std::string &Why) {
  if (auto Known = Tagged.find(RD); Known != Tagged.end())
    return Known->second;
  if (auto Known = Refused.find(RD); Known != Refused.end()) {
    Why = Known->second;
    return std::nullopt;
  }
  std::optional<ClosureTag> T = decide(RD, Why);
  if (T)
    Tagged[RD] = *T;
  else
    Refused[RD] = Why;
  return T;
}

std::optional<ClosureTag> ClosureTags::decide(const clang::CXXRecordDecl *RD,
                                              std::string &Why) {
  index();
  auto Found = RD && RD->isLambda() ? Lambdas.find(RD) : Lambdas.end();
  if (Found == Lambdas.end()) {
    Why = "is written where the translator does not find it";
    return std::nullopt;
  }
  const clang::LambdaExpr *L = Found->second;
  const clang::SourceManager &SM = Ctx.getSourceManager();
  if (L->getBeginLoc().isMacroID() || L->getEndLoc().isMacroID()) {
    Why = "is written in a macro";
    return std::nullopt;
  }
  if (!Files.contains(L->getBeginLoc())) {
    Why = "is written in a file the translator does not rewrite";
    return std::nullopt;
  }
  // A header's function or variable is defined in every file that includes it, and a
  // file where no loop needs the tag does not wrap the lambda: where the closure type
  // is part of what the definition is (a function returns it, a variable holds it),
  // the files would disagree about it.
  if (!SM.isInMainFile(SM.getExpansionLoc(L->getBeginLoc()))) {
    const clang::DeclContext *Scope = RD->getDeclContext();
    if (Scope->isFileContext() || llvm::isa<clang::CXXRecordDecl>(Scope)) {
      Why = "is written outside a function in a header";
      return std::nullopt;
    }
    for (const clang::DeclContext *DC = Scope; DC; DC = DC->getParent())
      if (const auto *FD = llvm::dyn_cast<clang::FunctionDecl>(DC);
          FD && mentions(FD->getReturnType(), RD)) {
        Why = "is returned by a function of a header";
        return std::nullopt;
      }
  }
  for (const clang::SourceRange &R : Replaced)
    if (!SM.isBeforeInTranslationUnit(L->getBeginLoc(), R.getBegin()) &&
        !SM.isBeforeInTranslationUnit(R.getEnd(), L->getEndLoc())) {
      Why = "is written inside a loop or slice statement the translator replaces";
      return std::nullopt;
    }
  // One text for every closure type made of it (a template's instantiations): each
  // must be wrapped alike.
  std::vector<std::pair<std::string, bool>> Captures;
  const std::vector<const clang::LambdaExpr *> &Same = AtSite[L->getBeginLoc()];
  for (const clang::LambdaExpr *Each : Same) {
    if (std::optional<std::string> No = refusal(Each)) {
      Why = *No;
      return std::nullopt;
    }
    std::vector<std::pair<std::string, bool>> These;
    for (const clang::LambdaCapture &C : Each->captures())
      These.push_back({C.getCapturedVar()->getNameAsString(),
                       C.getCaptureKind() == clang::LCK_ByRef});
    if (Each != Same.front() && These != Captures) {
      Why = "is written in a template whose instantiations capture different variables";
      return std::nullopt;
    }
    Captures = These;
  }
  TaggedLambda Site;
  Site.Begin = L->getBeginLoc();
  Site.End = L->getEndLoc();
  Site.Captures = Captures;
  ClosureTag T;
  if (std::optional<std::string> No = context(RD, Site, T)) {
    Why = *No;
    return std::nullopt;
  }
  // From where the lambda is written: one header's lambda has one tag in every file.
  const clang::SourceLocation At = SM.getExpansionLoc(L->getBeginLoc());
  std::string File = SM.getFilename(At).str();
  if (clang::OptionalFileEntryRef F = SM.getFileEntryRefForID(SM.getFileID(At)))
    File = canonicalPath(F->getName());
  const std::string Where = File + ":" + std::to_string(SM.getSpellingLineNumber(At)) +
                            ":" + std::to_string(SM.getSpellingColumnNumber(At));
  // 60 bits: closure_key_v keeps three bits for the qualifiers.
  T.Tag = (llvm::xxh3_64bits(Where) & ((1ULL << 60) - 1)) | 1;
  auto [Use, Inserted] = Used.insert({T.Tag, Site.Begin});
  if (!Inserted && Use->second != Site.Begin) {
    Why = "has the tag of another lambda of this file";
    return std::nullopt;
  }
  Site.Tag = T.Tag;
  Sites.emplace(Site.Begin, Site);
  return T;
}

std::vector<TaggedLambda> ClosureTags::wrappings() const {
  std::vector<TaggedLambda> All;
  for (const auto &[At, Site] : Sites)
    All.push_back(Site);
  const clang::SourceManager &SM = Ctx.getSourceManager();
  std::sort(All.begin(), All.end(), [&](const TaggedLambda &A, const TaggedLambda &B) {
    return SM.isBeforeInTranslationUnit(A.Begin, B.Begin);
  });
  return All;
}

std::string closureCaptureExpr(const std::string &Object, unsigned Index) {
  return "::clpar::rt::closure_capture<" + std::to_string(Index) + ">(" + Object + ")";
}

} // namespace clpar
