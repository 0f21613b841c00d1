//===- Analysis/StandardComplex.cpp - Recognizing <complex> -------------===//
#include "Analysis/StandardComplex.h"

#include "Analysis/StandardFunctions.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"

#include "llvm/ADT/StringSwitch.h"

namespace clpar {

namespace {

/// Whether \p RD is a specialization of std::complex (of any element type).
bool isComplexClass(const clang::CXXRecordDecl *RD) {
  const auto *S = llvm::dyn_cast_or_null<clang::ClassTemplateSpecializationDecl>(RD);
  if (!S || S->getName() != "complex")
    return false;
  const clang::DeclContext *DC = S->getDeclContext();
  while (const auto *NS = llvm::dyn_cast<clang::NamespaceDecl>(DC)) {
    if (!NS->isInline())
      return NS->getName() == "std" &&
             NS->getDeclContext()->getRedeclContext()->isTranslationUnit();
    DC = NS->getDeclContext();
  }
  return false;
}

ComplexOp memberOperation(const clang::CXXMethodDecl *MD) {
  const unsigned Params = MD->getNumParams();
  switch (MD->getOverloadedOperator()) {
  case clang::OO_None:
    break;
  case clang::OO_Equal:
    return ComplexOp::Assign;
  case clang::OO_PlusEqual:
    return ComplexOp::AddAssign;
  case clang::OO_MinusEqual:
    return ComplexOp::SubAssign;
  case clang::OO_StarEqual:
    return ComplexOp::MulAssign;
  case clang::OO_SlashEqual:
    return ComplexOp::DivAssign;
  default:
    return ComplexOp::Unknown;
  }
  if (!MD->getIdentifier())
    return ComplexOp::Unknown;
  if (MD->getName() == "real")
    return Params == 0 ? ComplexOp::Real : ComplexOp::SetReal;
  if (MD->getName() == "imag")
    return Params == 0 ? ComplexOp::Imag : ComplexOp::SetImag;
  return ComplexOp::Unknown;
}

std::optional<ComplexOp> freeOperation(const clang::FunctionDecl *FD) {
  const unsigned Params = FD->getNumParams();
  switch (FD->getOverloadedOperator()) {
  case clang::OO_None:
    break;
  case clang::OO_Plus:
    return Params == 1 ? ComplexOp::Plus : ComplexOp::Add;
  case clang::OO_Minus:
    return Params == 1 ? ComplexOp::Negate : ComplexOp::Sub;
  case clang::OO_Star:
    return ComplexOp::Mul;
  case clang::OO_Slash:
    return ComplexOp::Div;
  case clang::OO_EqualEqual:
    return ComplexOp::Equal;
  case clang::OO_ExclaimEqual:
    return ComplexOp::NotEqual;
  default:
    return ComplexOp::Unknown;
  }
  if (!FD->getIdentifier())
    return ComplexOp::Unknown;
  return llvm::StringSwitch<std::optional<ComplexOp>>(FD->getName())
      .Case("real", ComplexOp::Real)
      .Case("imag", ComplexOp::Imag)
      .Case("abs", ComplexOp::Abs)
      .Case("arg", ComplexOp::Arg)
      .Case("norm", ComplexOp::Norm)
      .Case("conj", ComplexOp::Conj)
      .Case("polar", ComplexOp::Polar)
      .Case("exp", ComplexOp::Exp)
      .Case("log", ComplexOp::Log)
      .Case("log10", ComplexOp::Log10)
      .Case("sqrt", ComplexOp::Sqrt)
      .Case("pow", ComplexOp::Pow)
      .Case("sin", ComplexOp::Sin)
      .Case("cos", ComplexOp::Cos)
      .Case("tan", ComplexOp::Tan)
      .Case("sinh", ComplexOp::Sinh)
      .Case("cosh", ComplexOp::Cosh)
      .Case("tanh", ComplexOp::Tanh)
      .Case("asin", ComplexOp::Asin)
      .Case("acos", ComplexOp::Acos)
      .Case("atan", ComplexOp::Atan)
      .Case("asinh", ComplexOp::Asinh)
      .Case("acosh", ComplexOp::Acosh)
      .Case("atanh", ComplexOp::Atanh)
      .Case("proj", ComplexOp::Proj)
      // Not <complex>'s (std::swap, std::exchange): their bodies, translated as any.
      .Default(std::nullopt);
}

} // namespace

bool isStdComplex(clang::QualType T) {
  return isComplexClass(T.getNonReferenceType()->getAsCXXRecordDecl());
}

std::optional<ir::ScalarType> stdComplexElement(clang::QualType T) {
  T = T.getNonReferenceType().getCanonicalType();
  const auto *S =
      llvm::dyn_cast_or_null<clang::ClassTemplateSpecializationDecl>(T->getAsCXXRecordDecl());
  if (!isComplexClass(S) || S->getTemplateArgs().size() != 1)
    return std::nullopt;
  const auto *B = S->getTemplateArgs()[0].getAsType()->getAs<clang::BuiltinType>();
  if (B && B->getKind() == clang::BuiltinType::Float)
    return ir::ScalarType::Float;
  if (B && B->getKind() == clang::BuiltinType::Double)
    return ir::ScalarType::Double;
  return std::nullopt;
}

std::optional<ComplexOp> complexOperation(const clang::FunctionDecl *FD) {
  if (!FD)
    return std::nullopt;
  if (const auto *MD = llvm::dyn_cast<clang::CXXMethodDecl>(FD)) {
    if (!isComplexClass(MD->getParent()) || llvm::isa<clang::CXXConstructorDecl>(MD))
      return std::nullopt;
    return memberOperation(MD);
  }
  if (homeOf(FD) != Home::Std)
    return std::nullopt;
  if (FD->getLiteralIdentifier())
    return isStdComplex(FD->getReturnType()) ? std::optional(ComplexOp::Imaginary)
                                               : std::nullopt;
  bool Complex = isStdComplex(FD->getReturnType());
  for (const clang::ParmVarDecl *P : FD->parameters())
    Complex |= isStdComplex(P->getType());
  if (!Complex)
    return std::nullopt;
  return freeOperation(FD);
}

} // namespace clpar
