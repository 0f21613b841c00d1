//===- Analysis/ClparTypes.cpp - Recognizing clpar and standard types ----===//
#include "Analysis/ClparTypes.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"

namespace clpar {

namespace {

const clang::ClassTemplateSpecializationDecl *specialization(clang::QualType T) {
  T = T.getNonReferenceType().getCanonicalType();
  if (const auto *RT = T->getAs<clang::RecordType>())
    return llvm::dyn_cast<clang::ClassTemplateSpecializationDecl>(RT->getDecl());
  return nullptr;
}

bool inNamespace(const clang::Decl *D, llvm::StringRef Ns) {
  const auto *NS = llvm::dyn_cast<clang::NamespaceDecl>(D->getDeclContext());
  // std:: members sit in an inline namespace in some standard libraries.
  while (NS && NS->isInline())
    NS = llvm::dyn_cast<clang::NamespaceDecl>(NS->getDeclContext());
  return NS && NS->getName() == Ns &&
         NS->getDeclContext()->getRedeclContext()->isTranslationUnit();
}

} // namespace

bool isClparClass(clang::QualType T, llvm::StringRef Name) {
  T = T.getNonReferenceType().getCanonicalType();
  const auto *RD = T->getAsCXXRecordDecl();
  return RD && RD->getName() == Name && inNamespace(RD, "clpar");
}

bool isPrangeType(clang::QualType T) {
  const auto *S = specialization(T);
  return S && S->getName() == "prange_t" && inNamespace(S, "clpar");
}

bool isStdPair(clang::QualType T) {
  const auto *S = specialization(T);
  return S && S->getName() == "pair" && inNamespace(S, "std");
}

std::optional<ArrayTypeInfo> arrayTypeInfo(clang::QualType T) {
  const auto *S = specialization(T);
  if (!S)
    return std::nullopt;
  const clang::TemplateArgumentList &Args = S->getTemplateArgs();
  if (S->getName() == "view" && inNamespace(S, "clpar") && Args.size() >= 2)
    return ArrayTypeInfo{ir::ViewKind::ClparView, Args[0].getAsType(),
                         static_cast<unsigned>(Args[1].getAsIntegral().getZExtValue())};
  if (S->getName() == "vector" && inNamespace(S, "std") && Args.size() >= 1)
    return ArrayTypeInfo{ir::ViewKind::Vector, Args[0].getAsType(), 1};
  if (S->getName() == "array" && inNamespace(S, "std") && Args.size() >= 1)
    return ArrayTypeInfo{ir::ViewKind::Array, Args[0].getAsType(), 1};
  return std::nullopt;
}

std::optional<ArrayTypeInfo> builtinArrayInfo(clang::QualType T, const clang::ASTContext &Ctx) {
  const clang::ConstantArrayType *A = Ctx.getAsConstantArrayType(T.getNonReferenceType());
  if (!A || A->getSize() == 0 || A->getElementType()->isArrayType())
    return std::nullopt;
  return ArrayTypeInfo{ir::ViewKind::Builtin, A->getElementType(), 1};
}

std::optional<ir::ScalarType> scalarTypeOf(clang::QualType T, const clang::ASTContext &Ctx) {
  T = T.getNonReferenceType().getCanonicalType().getUnqualifiedType();
  // An enumeration (scoped or not) is its underlying integer type in a kernel.
  if (const auto *ET = T->getAs<clang::EnumType>()) {
    const clang::EnumDecl *ED = ET->getDecl()->getDefinition();
    if (!ED || ED->getIntegerType().isNull())
      return std::nullopt;
    return scalarTypeOf(ED->getIntegerType(), Ctx);
  }
  const auto *BT = T->getAs<clang::BuiltinType>();
  if (!BT)
    return std::nullopt;
  using ir::ScalarType;
  switch (BT->getKind()) {
  case clang::BuiltinType::Bool:
    return ScalarType::Bool;
  case clang::BuiltinType::Char_S:
  case clang::BuiltinType::SChar:
    return ScalarType::Char;
  case clang::BuiltinType::Char_U:
  case clang::BuiltinType::UChar:
    return ScalarType::UChar;
  case clang::BuiltinType::Short:
    return ScalarType::Short;
  case clang::BuiltinType::UShort:
    return ScalarType::UShort;
  case clang::BuiltinType::Int:
    return ScalarType::Int;
  case clang::BuiltinType::UInt:
    return ScalarType::UInt;
  case clang::BuiltinType::Long:
  case clang::BuiltinType::LongLong:
    if (Ctx.getTypeSize(T) == 64)
      return ScalarType::Long;
    return ScalarType::Int;
  case clang::BuiltinType::ULong:
  case clang::BuiltinType::ULongLong:
    if (Ctx.getTypeSize(T) == 64)
      return ScalarType::ULong;
    return ScalarType::UInt;
  case clang::BuiltinType::Float:
    return ScalarType::Float;
  case clang::BuiltinType::Double:
    return ScalarType::Double;
  default:
    return std::nullopt;
  }
}

} // namespace clpar
