//===- Analysis/InstantiationKey.cpp - Telling a template's instantiations apart -===//
#include "Analysis/InstantiationKey.h"

#include "Analysis/ClosureTags.h"
#include "Analysis/KernelNames.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/TemplateBase.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace clpar {

bool declaredBefore(const clang::Stmt *Body, llvm::StringRef Name, clang::SourceLocation At,
                    const clang::SourceManager &SM) {
  struct Finder : clang::RecursiveASTVisitor<Finder> {
    llvm::StringRef Name;
    clang::SourceLocation At;
    const clang::SourceManager *SM = nullptr;
    bool Found = false;
    bool VisitNamedDecl(clang::NamedDecl *D) {
      if (!llvm::isa<clang::ParmVarDecl>(D) && D->getIdentifier() && D->getName() == Name &&
          SM->isBeforeInTranslationUnit(D->getLocation(), At))
        Found = true;
      return !Found;
    }
  } F;
  F.Name = Name;
  F.At = At;
  F.SM = &SM;
  if (Body)
    F.TraverseStmt(const_cast<clang::Stmt *>(Body));
  return F.Found;
}

namespace {

class KeyBuilder {
public:
  KeyBuilder(clang::SourceLocation At, clang::ASTContext &Ctx, ClosureTags *Tags)
      : At(At), Ctx(Ctx), Tags(Tags) {
    Policy.SuppressScope = false;
    Policy.FullyQualifiedName = true;
    Policy.PrintCanonicalTypes = true;
    Policy.SuppressUnwrittenScope = true;
  }

  /// The conditions for every template level around \p Context, innermost first.
  bool build(const clang::FunctionDecl *Context) {
    const clang::DeclContext *DC = Context;
    while (DC && !DC->isFileContext()) {
      if (const auto *FD = llvm::dyn_cast<clang::FunctionDecl>(DC)) {
        if (FD->getTemplateSpecializationKind() == clang::TSK_ExplicitSpecialization)
          break; // code written for these arguments only: nothing outside is a template
        if (const clang::FunctionTemplateSpecializationInfo *Info =
                FD->getTemplateSpecializationInfo())
          if (!function(FD, Info))
            return false;
      } else if (const auto *CTS =
                     llvm::dyn_cast<clang::ClassTemplateSpecializationDecl>(DC)) {
        if (CTS->getSpecializationKind() == clang::TSK_ExplicitSpecialization)
          break; // code written for these arguments only: nothing outside is a template
        if (!classArgs(CTS))
          return false;
      }
      DC = llvm::cast<clang::Decl>(DC)->getDeclContext();
    }
    return true;
  }

  std::vector<std::string> Conditions;
  std::vector<std::string> Readable; ///< the arguments, for kernel names
  std::vector<std::string> ForwardDeclarations; ///< InstantiationKey::ForwardDeclarations
  std::string Why;

private:
  bool fail(const std::string &Reason) {
    if (Why.empty())
      Why = Reason;
    return false;
  }

  /// Whether \p TD is the only class or enumeration of the translation unit with its
  /// name.
  bool onlyTagNamed(const clang::TagDecl *TD) {
    struct Counter : clang::RecursiveASTVisitor<Counter> {
      const clang::IdentifierInfo *Name;
      const clang::TagDecl *Canonical;
      bool Other = false;
      bool shouldVisitTemplateInstantiations() const { return false; }
      bool VisitTagDecl(clang::TagDecl *D) {
        if (D->getIdentifier() == Name && D->getCanonicalDecl() != Canonical &&
            !llvm::isa<clang::ClassTemplateSpecializationDecl>(D))
          Other = true;
        return !Other;
      }
    } C;
    C.Name = TD->getIdentifier();
    C.Canonical = TD->getCanonicalDecl();
    if (const auto *RD = llvm::dyn_cast<clang::CXXRecordDecl>(TD))
      if (const clang::ClassTemplateDecl *Template = RD->getDescribedClassTemplate())
        C.Canonical = Template->getTemplatedDecl()->getCanonicalDecl();
    C.TraverseDecl(Ctx.getTranslationUnitDecl());
    return !C.Other;
  }

  std::string spell(clang::QualType T) {
    return T.getCanonicalType().getAsString(Policy);
  }

  /// Whether \p T can be written at the loop: every type it names is declared before
  /// it, has a name, and is not local to a function.
  bool nameable(clang::QualType T) {
    T = T.getCanonicalType();
    const clang::Type *Ty = T.getTypePtr();
    if (Ty->isBuiltinType())
      return true;
    if (const auto *P = Ty->getAs<clang::PointerType>())
      return nameable(P->getPointeeType());
    if (const auto *R = Ty->getAs<clang::ReferenceType>())
      return nameable(R->getPointeeType());
    if (const auto *A = llvm::dyn_cast<clang::ArrayType>(Ty))
      return nameable(A->getElementType());
    if (const auto *F = Ty->getAs<clang::FunctionProtoType>()) {
      for (clang::QualType P : F->param_types())
        if (!nameable(P))
          return false;
      return nameable(F->getReturnType());
    }
    const clang::TagDecl *TD = Ty->getAsTagDecl();
    if (!TD)
      return fail("instantiates it with '" + spell(T) + "', which cannot be named there");
    if (const auto *RD = llvm::dyn_cast<clang::CXXRecordDecl>(TD); RD && RD->isLambda())
      return fail("instantiates it with a lambda's closure type, which cannot be named "
                  "there");
    if (!TD->getIdentifier() && !TD->getTypedefNameForAnonDecl())
      return fail("instantiates it with an unnamed type");
    // A type of an unnamed namespace is spelled without it (SuppressUnwrittenScope), which
    // finds it where no other type of its name could be found instead.
    if (TD->isInAnonymousNamespace() && !onlyTagNamed(TD))
      return fail("instantiates it with '" + spell(T) +
                  "' from an unnamed namespace, whose name another type shares, so it "
                  "cannot be named there");
    if (TD->getParentFunctionOrMethod())
      return fail("instantiates it with '" + spell(T) +
                  "', a type local to a function, which cannot be named there");
    const clang::Decl *First = TD;
    if (const auto *CTS = llvm::dyn_cast<clang::ClassTemplateSpecializationDecl>(TD)) {
      First = CTS->getSpecializedTemplate();
      for (const clang::TemplateArgument &A : CTS->getTemplateArgs().asArray())
        if (!nameableArg(A))
          return false;
    }
    const clang::SourceManager &SM = Ctx.getSourceManager();
    clang::SourceLocation Declared =
        SM.getExpansionLoc(First->getCanonicalDecl()->getLocation());
    if (!SM.isBeforeInTranslationUnit(Declared, At)) {
      // A class declared after the template: declared ahead of it where C++ allows.
      if (std::optional<std::string> Ahead = declarationAhead(TD)) {
        if (std::find(ForwardDeclarations.begin(), ForwardDeclarations.end(), *Ahead) ==
            ForwardDeclarations.end())
          ForwardDeclarations.push_back(*Ahead);
        return true;
      }
      return fail("instantiates it with '" + spell(T) +
                  "', which is declared after the template");
    }
    return true;
  }

  /// `namespace a { struct s; }` for \p TD, a class (not a template's specialization)
  /// whose scopes are namespaces only; nullopt for anything C++ cannot declare ahead so.
  static std::optional<std::string> declarationAhead(const clang::TagDecl *TD) {
    const auto *RD = llvm::dyn_cast<clang::CXXRecordDecl>(TD);
    if (!RD || !RD->getIdentifier() || llvm::isa<clang::ClassTemplateSpecializationDecl>(RD) ||
        RD->getDescribedClassTemplate() || RD->isLambda())
      return std::nullopt;
    std::string Text = std::string(RD->getKindName()) + " " + RD->getName().str() + ";";
    for (const clang::DeclContext *DC = RD->getDeclContext(); !DC->isTranslationUnit();
         DC = DC->getParent()) {
      const auto *NS = llvm::dyn_cast<clang::NamespaceDecl>(DC);
      if (!NS)
        return std::nullopt; // nested in a class, a linkage specification, ...
      Text = "namespace " + (NS->isAnonymousNamespace() ? std::string() : NS->getName().str() + " ") +
             "{ " + Text + " }";
    }
    return Text;
  }

  bool nameableArg(const clang::TemplateArgument &A) {
    switch (A.getKind()) {
    case clang::TemplateArgument::Type:
      return nameable(A.getAsType());
    case clang::TemplateArgument::Integral:
      return true;
    case clang::TemplateArgument::Pack:
      for (const clang::TemplateArgument &E : A.pack_elements())
        if (!nameableArg(E))
          return false;
      return true;
    default:
      return fail("instantiates it with a template argument other than a type or an "
                  "integer");
    }
  }

  std::string integer(const clang::TemplateArgument &A) {
    llvm::APSInt V = A.getAsIntegral();
    clang::QualType T = A.getIntegralType();
    if (T->isBooleanType())
      return V.getBoolValue() ? "true" : "false";
    if (V.isSigned() && V.isMinSignedValue() && V.getBitWidth() == 64)
      return "(-9223372036854775807LL - 1)";
    return llvm::toString(V, 10, V.isSigned()) + (V.isSigned() ? "LL" : "ULL");
  }

  /// \p A as written; with \p IncludeType, an integer with its type's suffix (4U).
  std::string readable(const clang::TemplateArgument &A, bool IncludeType = false) {
    if (A.getKind() == clang::TemplateArgument::Pack) {
      std::string List;
      for (const clang::TemplateArgument &E : A.pack_elements())
        List += (List.empty() ? "" : ", ") + readable(E, IncludeType);
      return List;
    }
    std::string S;
    llvm::raw_string_ostream OS(S);
    clang::PrintingPolicy Short = Ctx.getPrintingPolicy();
    A.print(Short, OS, IncludeType);
    return OS.str();
  }

  /// When \p T is a closure type (maybe const, maybe a reference), the condition that
  /// \p Of (a template parameter, `decltype(x)`) is it, by the tag of its lambda: true
  /// with the condition added, false with a reason; nothing for other types.
  std::optional<bool> closure(const std::string &Of, clang::QualType T) {
    const clang::QualType Object = T.getNonReferenceType();
    const clang::CXXRecordDecl *RD = Object->getAsCXXRecordDecl();
    if (!RD || !RD->isLambda())
      return std::nullopt;
    std::string Why = "has no tag";
    std::optional<ClosureTag> Tag = Tags ? Tags->tag(RD, Why) : std::nullopt;
    if (!Tag)
      return fail("instantiates it with a lambda's closure type, which cannot be named "
                  "there (the lambda " + Why + ")");
    const uint64_t Key = Tag->Tag << 3 | (Object.isConstQualified() ? 1 : 0) |
                         (T->isLValueReferenceType() ? 2 : 0) |
                         (T->isRValueReferenceType() ? 4 : 0);
    std::string Condition = "(::clpar::rt::closure_key_v<" + Of + "> == 0x" +
                            llvm::utohexstr(Key, /*LowerCase=*/true) + "ULL)";
    std::string Name = "lambda_" + llvm::utohexstr(Key & 0xffffffffULL, /*LowerCase=*/true);
    // A lambda written in a template: which instantiation's closure, by its arguments.
    if (!Tag->Context.empty()) {
      std::string List;
      for (const auto &[A, Value] : Tag->Context) {
        std::string Text;
        if (!contextArgument(A, Value, Text))
          return false;
        List += (List.empty() ? "" : ", ") + Text;
        Name += "_" + readable(A);
      }
      Condition = "(" + Condition + " && std::is_same_v<::clpar::rt::closure_context_t<" +
                  Of + ">, ::clpar::rt::type_list<" + List + ">>)";
    }
    Conditions.push_back(Condition);
    Readable.push_back(Name);
    return true;
  }

  /// The template argument \p A of a tagged closure's context as the wrapping lists it
  /// (ClosureTags): a type as spelled, a \p Value as a value_list of it, a pack as a
  /// list of either.
  bool contextArgument(const clang::TemplateArgument &A, bool Value, std::string &Text) {
    auto value = [&](const clang::TemplateArgument &E) {
      return "static_cast<" + spell(E.getIntegralType()) + ">(" + integer(E) + ")";
    };
    switch (A.getKind()) {
    case clang::TemplateArgument::Type:
      if (!nameable(A.getAsType()))
        return false;
      Text = spell(A.getAsType());
      return true;
    case clang::TemplateArgument::Integral:
      Text = "::clpar::rt::value_list<" + value(A) + ">";
      return true;
    case clang::TemplateArgument::Pack: {
      std::string List;
      for (const clang::TemplateArgument &E : A.pack_elements()) {
        std::string Each;
        if (E.getKind() == clang::TemplateArgument::Integral)
          Each = value(E);
        else if (E.getKind() != clang::TemplateArgument::Type || !nameable(E.getAsType()))
          return fail("instantiates it with a lambda's closure type whose template's "
                      "arguments cannot be named there");
        else
          Each = spell(E.getAsType());
        List += (List.empty() ? "" : ", ") + Each;
      }
      Text = std::string(Value ? "::clpar::rt::value_list<" : "::clpar::rt::type_list<") +
             List + ">";
      return true;
    }
    default:
      return fail("instantiates it with a lambda's closure type whose template's "
                  "arguments cannot be named there");
    }
  }

  /// One template parameter \p P with its argument \p A in this instantiation.
  bool parameter(const clang::NamedDecl *P, const clang::TemplateArgument &A) {
    if (P->isImplicit())
      return true; // an invented `auto` parameter: read through the function parameter
    if (!P->getIdentifier())
      return fail("its template has an unnamed template parameter");
    std::string Name = P->getName().str();
    if (A.getKind() == clang::TemplateArgument::Type &&
        llvm::isa<clang::TemplateTypeParmDecl>(P))
      if (std::optional<bool> Closure = closure(Name, A.getAsType()))
        return *Closure;
    if (!nameableArg(A))
      return false;
    Readable.push_back(readable(A));
    if (const auto *TP = llvm::dyn_cast<clang::TemplateTypeParmDecl>(P)) {
      if (TP->isParameterPack()) {
        std::string List;
        for (const clang::TemplateArgument &E : A.pack_elements())
          List += (List.empty() ? "" : ", ") + spell(E.getAsType());
        Conditions.push_back("std::is_same_v<::clpar::rt::type_list<" + Name +
                             "...>, ::clpar::rt::type_list<" + List + ">>");
      } else {
        Conditions.push_back("std::is_same_v<" + Name + ", " + spell(A.getAsType()) + ">");
      }
      return true;
    }
    if (const auto *NP = llvm::dyn_cast<clang::NonTypeTemplateParmDecl>(P)) {
      if (NP->isParameterPack()) {
        std::string List;
        for (const clang::TemplateArgument &E : A.pack_elements()) {
          if (E.getKind() != clang::TemplateArgument::Integral)
            return fail("instantiates it with a template argument other than a type or "
                        "an integer");
          List += (List.empty() ? "" : ", ") + std::string("static_cast<") +
                  spell(E.getIntegralType()) + ">(" + integer(E) + ")";
        }
        Conditions.push_back("std::is_same_v<::clpar::rt::value_list<" + Name +
                             "...>, ::clpar::rt::value_list<" + List + ">>");
        return true;
      }
      if (A.getKind() != clang::TemplateArgument::Integral)
        return fail("instantiates it with a template argument other than a type or an "
                    "integer");
      // `template <auto N>`: f<4> and f<4u> compare equal, their types tell them apart.
      if (NP->getType()->getContainedDeducedType()) {
        Readable.back() = readable(A, /*IncludeType=*/true);
        Conditions.push_back("std::is_same_v<decltype(" + Name + "), " +
                             spell(A.getIntegralType()) + ">");
      }
      Conditions.push_back("(" + Name + " == static_cast<decltype(" + Name + ")>(" +
                           integer(A) + "))");
      return true;
    }
    return fail("its template has a template template parameter '" + Name + "'");
  }

  bool parameters(const clang::TemplateParameterList *Params,
                  llvm::ArrayRef<clang::TemplateArgument> Args) {
    if (!Params || Params->size() != Args.size())
      return fail("its template arguments could not be matched to its parameters");
    for (unsigned I = 0; I < Params->size(); ++I)
      if (!parameter(Params->getParam(I), Args[I]))
        return false;
    return true;
  }

  bool function(const clang::FunctionDecl *FD,
                const clang::FunctionTemplateSpecializationInfo *Info) {
    const clang::FunctionTemplateDecl *T = Info->getTemplate();
    if (!parameters(T->getTemplateParameters(), Info->TemplateArguments->asArray()))
      return false;
    bool Invented = false;
    for (const clang::NamedDecl *P : *T->getTemplateParameters())
      Invented |= P->isImplicit();
    if (!Invented)
      return true;
    // `auto` parameters (generic lambdas, abbreviated templates): their invented
    // template parameters have no names, the function parameters do.
    const clang::FunctionDecl *Pattern = T->getTemplatedDecl();
    if (Pattern->getNumParams() != FD->getNumParams())
      return fail("it has an 'auto...' parameter pack");
    for (unsigned I = 0; I < Pattern->getNumParams(); ++I) {
      const clang::ParmVarDecl *P = Pattern->getParamDecl(I);
      if (!P->getType()->isDependentType())
        continue;
      if (P->isParameterPack())
        return fail("it has an 'auto...' parameter pack");
      if (!P->getIdentifier())
        return fail("it has an unnamed 'auto' parameter");
      // decltype(p) at the loop must mean the parameter: no local may hide it there.
      if (declaredBefore(Pattern->getBody(), P->getName(), At, Ctx.getSourceManager()))
        return fail("names its 'auto' parameter '" + P->getName().str() +
                    "' also for a variable declared before the loop");
      clang::QualType Actual = FD->getParamDecl(I)->getType();
      if (std::optional<bool> Closure =
              closure("decltype(" + P->getName().str() + ")", Actual)) {
        if (!*Closure)
          return false;
        continue;
      }
      if (!nameable(Actual))
        return false;
      Conditions.push_back("std::is_same_v<decltype(" + P->getName().str() + "), " +
                           spell(Actual) + ">");
      Readable.push_back(Actual.getAsString(Ctx.getPrintingPolicy()));
    }
    return true;
  }

  bool classArgs(const clang::ClassTemplateSpecializationDecl *CTS) {
    auto From = CTS->getSpecializedTemplateOrPartial();
    if (auto *Partial = From.dyn_cast<clang::ClassTemplatePartialSpecializationDecl *>())
      return parameters(Partial->getTemplateParameters(),
                        CTS->getTemplateInstantiationArgs().asArray());
    return parameters(CTS->getSpecializedTemplate()->getTemplateParameters(),
                      CTS->getTemplateArgs().asArray());
  }

  clang::SourceLocation At;
  clang::ASTContext &Ctx;
  ClosureTags *Tags;
  clang::PrintingPolicy Policy{Ctx.getPrintingPolicy()};
};

uint64_t fnv1a(llvm::StringRef S) {
  uint64_t H = 1469598103934665603ULL;
  for (unsigned char C : S)
    H = (H ^ C) * 1099511628211ULL;
  return H;
}

std::string nameOf(const clang::FunctionDecl *FD, clang::ASTContext &Ctx) {
  clang::PrintingPolicy Policy = Ctx.getPrintingPolicy();
  std::string S;
  llvm::raw_string_ostream OS(S);
  if (const auto *MD = llvm::dyn_cast<clang::CXXMethodDecl>(FD);
      MD && MD->getParent()->isLambda()) {
    if (const auto *Outer = llvm::dyn_cast<clang::FunctionDecl>(
            MD->getParent()->getDeclContext()))
      OS << nameOf(Outer, Ctx) << "::";
    OS << "lambda(";
    for (unsigned I = 0; I < FD->getNumParams(); ++I)
      OS << (I ? ", " : "") << FD->getParamDecl(I)->getType().getAsString(Policy);
    OS << ")";
    return OS.str();
  }
  FD->getNameForDiagnostic(OS, Policy, /*Qualified=*/true);
  return OS.str();
}

} // namespace

std::string instantiationName(const clang::FunctionDecl *FD, clang::ASTContext &Ctx) {
  return nameOf(FD, Ctx);
}

std::optional<InstantiationKey> instantiationKey(const clang::FunctionDecl *Context,
                                                 clang::SourceLocation At,
                                                 clang::ASTContext &Ctx, std::string &Why,
                                                 ClosureTags *Tags) {
  KeyBuilder B(Ctx.getSourceManager().getExpansionLoc(At), Ctx, Tags);
  if (!B.build(Context)) {
    Why = B.Why;
    return std::nullopt;
  }
  InstantiationKey K;
  K.Name = nameOf(Context, Ctx);
  if (B.Conditions.empty()) {
    Why = "its template arguments could not be read";
    return std::nullopt;
  }
  for (const std::string &C : B.Conditions)
    K.Condition += (K.Condition.empty() ? "" : " && ") + C;
  K.ForwardDeclarations = B.ForwardDeclarations;
  // Readable where it can be (clpar_axpy_12_3_float); a hash of the condition where the
  // arguments would make a long or ambiguous name.
  std::string Joined;
  bool Plain = true;
  for (const std::string &R : B.Readable) {
    Joined += (Joined.empty() ? "" : "_") + R;
    // A space inside a type's name (`long long`) would read as the underscore between
    // two arguments (`long, long`): only the one after a pack's comma is plain.
    for (size_t I = 0; I < R.size(); ++I)
      Plain &= llvm::isAlnum(R[I]) || R[I] == '_' || R[I] == ',' ||
               (R[I] == ' ' && I > 0 && R[I - 1] == ',');
  }
  std::string Suffix;
  for (char C : identifierPart(Joined))
    if (C != '_' || (!Suffix.empty() && Suffix.back() != '_'))
      Suffix += C;
  while (!Suffix.empty() && Suffix.back() == '_')
    Suffix.pop_back();
  if (!Plain || Suffix.size() > 32 || Suffix.empty())
    Suffix = Suffix.substr(0, 24) + (Suffix.empty() ? "" : "_") +
             llvm::utohexstr(fnv1a(K.Condition) & 0xffffffffULL, /*LowerCase=*/true);
  K.Suffix = Suffix;
  return K;
}

} // namespace clpar
