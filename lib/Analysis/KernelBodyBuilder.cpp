//===- Analysis/KernelBodyBuilder.cpp - Loop body to kernel IR -----------===//
#include "Analysis/KernelBodyBuilder.h"

#include "Analysis/ClosureTags.h"
#include "Analysis/ClparTypes.h"
#include "Analysis/CountedLoop.h"
#include "Analysis/StandardComplex.h"
#include "Analysis/StandardFunctions.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecordLayout.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/Builtins.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringExtras.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <functional>
#include <map>
#include <optional>
#include <set>

namespace clpar {

namespace {

using ir::Expr;
using ir::ExprPtr;
using ir::ScalarType;
using ir::Stmt;
using ir::StmtPtr;

using ir::makeCast;
using ir::makeExpr;

std::string formatFloat(const llvm::APFloat &V, ScalarType T) {
  double D = T == ScalarType::Float ? static_cast<double>(V.convertToFloat())
                                    : V.convertToDouble();
  if (std::isinf(D))
    return D > 0 ? "INFINITY" : "-INFINITY";
  if (std::isnan(D))
    return "NAN";
  char Buf[64];
  std::snprintf(Buf, sizeof Buf, T == ScalarType::Float ? "%.9g" : "%.17g", D);
  std::string S = Buf;
  if (S.find_first_of(".eEn") == std::string::npos)
    S += ".0";
  return S;
}

/// A std::array declared in the body or in a function: each work-item's own array.
struct LocalArray {
  std::string Name;
  ScalarType Element;
  unsigned long long Size;
  unsigned Record = 0; ///< Element Record: into Region::Records
};

/// The array a pointer of the kernel points into: a private array, or the caller's array
/// that a pointer parameter points into (whose element count is then a parameter too).
struct PointerBase {
  std::string Array; ///< its kernel name
  ScalarType Element = ScalarType::Int;
  unsigned Record = 0;
  unsigned long long Size = 0; ///< its element count where ExtentName is empty
  std::string ExtentName;      ///< the parameter holding its element count
  /// A variable of the kernel passed by address (`f(&t)`): one element, no array.
  bool Scalar = false;
  bool same(const PointerBase &O) const { return Array == O.Array; }
};

/// A pointer variable of the kernel (a local or a parameter) into a private array: the
/// array, and the local (a long) holding the position it points at.
struct PointerVar {
  PointerBase Base;
  std::string Position;
};

/// Private arrays larger than this stay on the host: a work-item's memory is small.
constexpr unsigned long long MaxPrivateArrayElements = 4096;
/// The most elements an array member of a struct may have: an object from outside the
/// loop passes each as an argument of its own.
constexpr unsigned long long MaxArrayFieldElements = 64;
/// Tables larger than this (or past the total below) are no tables: a std::array outside
/// the body is then passed as a view, a built-in array is refused, and one declared in
/// the body is a private array.  OpenCL promises 64 KiB of __constant memory per kernel.
constexpr unsigned long long MaxTableBytes = 16384;
constexpr unsigned long long MaxTotalTableBytes = 49152;

/// \p Base, or \p Base_2, \p Base_3, ...: the first not in \p Used, which it joins.
std::string unusedName(const std::string &Base, std::set<std::string> &Used) {
  std::string Name = Base;
  for (unsigned N = 2; Used.count(Name); ++N)
    Name = Base + "_" + std::to_string(N);
  Used.insert(Name);
  return Name;
}

/// How the host names the global (or namespace-scope) variable \p VD from anywhere:
/// `::ns::name`, without the unnamed and inline namespaces, which qualified lookup sees
/// through (and which cannot be spelled).
std::string globalName(const clang::VarDecl *VD) {
  clang::PrintingPolicy Policy(VD->getASTContext().getLangOpts());
  Policy.SuppressUnwrittenScope = true;
  Policy.SuppressInlineNamespace = true;
  std::string Name;
  llvm::raw_string_ostream OS(Name);
  VD->printQualifiedName(OS, Policy);
  return "::" + OS.str();
}

/// What names mean where the builder is: the region body, or a function it calls.
struct Scope {
  std::vector<ir::View> *Views;  ///< views indexed by ViewElement/ViewRef::Index
  KernelNames *Names;
  llvm::DenseMap<const clang::VarDecl *, unsigned> ViewIndex;
  llvm::DenseMap<const clang::VarDecl *, std::string> LocalNames;
  llvm::DenseSet<const clang::VarDecl *> Locals; ///< declared in this body (or params)
  llvm::DenseMap<const clang::VarDecl *, LocalArray> Arrays;
  bool InFunction = false;
  unsigned LoopDepth = 0;
  std::set<std::string> ReadOnlyNames; ///< a lambda's captured scalars
  /// A member function's or constructor's object (`*this`): how the body names it, and
  /// its record.
  bool HasThis = false;
  std::string ThisText;
  unsigned ThisRecord = 0;
  /// A non-const member function returning `*this` by reference (`operator+=`): the
  /// kernel's function returns nothing, and its `return *this;` is `return;`.
  bool ReturnsThis = false;
  bool InConstructor = false;
  /// A function returning a std::array by value: the caller's array it fills, a
  /// parameter by address, which `return` stores into.
  std::optional<LocalArray> Result;
  /// Pointers into private arrays (pointerDecl, pointer parameters).
  llvm::DenseMap<const clang::VarDecl *, PointerVar> Pointers;
  /// A function returning a pointer: it returns the position in the array of its
  /// parameter ReturnedParam.  A `return` of a pointer into the array of another
  /// parameter (a range's end) returns its distance from that array's start, so each call
  /// must give both one array: SameArrayParams, which calls of other functions that
  /// require it of this one's pointer parameters add to.
  bool ReturnsPointer = false;
  std::optional<unsigned> ReturnedParam;
  std::set<unsigned> SameArrayParams;
};

class Builder {
public:
  Builder(llvm::ArrayRef<const clang::VarDecl *> LoopVars, const CheckedBody &Checked,
          clang::ASTContext &Ctx, KernelNames &Names, ir::Region &R, ClosureTags *Tags)
      : LoopVars(LoopVars), Checked(Checked), Ctx(Ctx), R(R), Tags(Tags) {
    RegionScope.Views = &R.Views;
    RegionScope.Names = &Names;
    RegionScope.Locals = Checked.Locals;
    Sc = &RegionScope;
    for (unsigned I = 0; I < R.Reductions.size(); ++I)
      ReductionIndex[Checked.Reductions.begin()[I].first] = I;
  }

  KernelBodyResult run(llvm::ArrayRef<const clang::Stmt *> Prefix, const clang::Stmt *Body) {
    LoopStatements.assign(Prefix.begin(), Prefix.end());
    LoopStatements.push_back(Body);
    KernelBodyResult Result;
    std::vector<StmtPtr> Out;
    if (!Prefix.empty()) {
      // The statements before the inner loops of an imperfect nest, then its body.
      auto Block = std::make_unique<Stmt>(Stmt::Kind::Compound);
      bool Ok = true;
      for (const clang::Stmt *S : Prefix)
        Ok = Ok && stmtInto(S, Block->Children);
      for (const StmtPtr &S : Block->Children)
        ir::forEachExpr(*S, [&](const Expr &E) {
          if (E.K == Expr::Kind::ViewElement || E.K == Expr::Kind::ViewRef)
            Result.PrefixViews.push_back(E.Index);
        });
      if (Ok && single(Body, Block->Children))
        Result.Body = std::move(Block);
    } else if (stmtInto(Body, Out) && Out.size() == 1) {
      Result.Body = std::move(Out.front());
    }
    Result.Reason = Reason;
    Result.ReasonLoc = ReasonLoc;
    if (!Reason.empty())
      Result.Body.reset();
    return Result;
  }

private:
  std::nullptr_t fail(clang::SourceLocation Loc, const std::string &Why) {
    // A reason found inside a system or other header is reported at the user's call.
    const clang::SourceManager &SM = Ctx.getSourceManager();
    if (TopCallLoc.isValid() &&
        (Loc.isInvalid() || !SM.isWrittenInMainFile(SM.getExpansionLoc(Loc))))
      Loc = TopCallLoc;
    if (Reason.empty()) {
      Reason = Why;
      ReasonLoc = Loc;
    }
    return nullptr;
  }

  std::string typeText(clang::QualType T) {
    clang::PrintingPolicy Policy = Ctx.getPrintingPolicy();
    Policy.SuppressScope = false;
    Policy.FullyQualifiedName = true;
    return T.getCanonicalType().getAsString(Policy);
  }

  std::optional<ScalarType> typeOf(clang::QualType T, clang::SourceLocation Loc) {
    std::optional<ScalarType> S = scalarTypeOf(T, Ctx);
    if (!S) {
      fail(Loc, "uses type '" + typeText(T) + "', which OpenCL C cannot represent");
      return std::nullopt;
    }
    if (*S == ScalarType::Double)
      R.UsesDouble = true;
    return S;
  }

  // ---- records ------------------------------------------------------------

  /// A kernel value's type: a scalar, or a record (Type Record) of Region::Records.
  struct ValueType {
    ScalarType Type = ScalarType::Int;
    unsigned Record = 0;
  };

  /// Whether values of \p T would be records in a kernel: classes other than views,
  /// vectors, arrays and lambdas.
  static bool isRecordValue(clang::QualType T) {
    T = T.getNonReferenceType();
    const clang::CXXRecordDecl *RD = T->getAsCXXRecordDecl();
    return RD && !RD->isLambda() && !arrayTypeInfo(T);
  }

  /// Whether making \p E, an object of a stateless class, may have effects: not where
  /// C++ can evaluate it as a constant (`__iter_less_iter()`, a constexpr factory).
  bool mayHaveEffects(const clang::Expr *E) {
    return E->HasSideEffects(Ctx) && !E->isEvaluatable(Ctx);
  }

  /// Whether values of \p T are objects of a stateless class: one with no data members and
  /// no virtual functions, whose bases are such classes too (a function object like
  /// std::plus<> or a user's `struct square { float operator()(float) const; }`, a tag).
  /// A kernel holds nothing for them: their member functions become functions without an
  /// object, and their values, as parameters, captures or locals, are dropped.
  static bool isStateless(clang::QualType T) {
    T = T.getNonReferenceType();
    const clang::CXXRecordDecl *RD = T->getAsCXXRecordDecl();
    return RD && !arrayTypeInfo(T) && holdsNoState(RD);
  }

  /// Whether \p B is a name of a structured binding of a std::pair (tuple-like: C++ binds
  /// it through get<>, to the pair's `first` or `second`).
  static bool pairBinding(const clang::BindingDecl *B) {
    const auto *Whole = llvm::dyn_cast_or_null<clang::DecompositionDecl>(B->getDecomposedDecl());
    return B->getHoldingVar() && Whole && isStdPair(Whole->getType());
  }

  /// Whether objects of \p RD hold no state: an empty class, or one whose bases and data
  /// members are all such classes (a functor composed of functors).  A lambda without
  /// captures is one (passed to a function that calls it, `apply(f, x)`).
  static bool holdsNoState(const clang::CXXRecordDecl *RD) {
    RD = RD ? RD->getDefinition() : nullptr;
    if (!RD || RD->isUnion() || RD->isPolymorphic() || RD->getNumVBases())
      return false;
    if (RD->isLambda())
      return RD->capture_size() == 0;
    if (RD->isEmpty())
      return true;
    for (const clang::CXXBaseSpecifier &B : RD->bases())
      if (!holdsNoState(B.getType()->getAsCXXRecordDecl()))
        return false;
    for (const clang::FieldDecl *FD : RD->fields()) {
      const clang::CXXRecordDecl *Member =
          FD->getType()->isReferenceType() ? nullptr : FD->getType()->getAsCXXRecordDecl();
      if (!Member || !holdsNoState(Member))
        return false;
    }
    return true;
  }

  /// The kernel type of values of \p T: typeOf's scalar, or the record for a class.
  std::optional<ValueType> valueTypeOf(clang::QualType T, clang::SourceLocation Loc) {
    if (isRecordValue(T)) {
      std::optional<unsigned> Rec = recordOf(T, Loc);
      if (!Rec)
        return std::nullopt;
      return ValueType{ScalarType::Record, *Rec};
    }
    std::optional<ScalarType> S = typeOf(T, Loc);
    if (!S)
      return std::nullopt;
    return ValueType{*S, 0};
  }

  static ExprPtr makeValue(Expr::Kind K, ValueType T) {
    ExprPtr E = makeExpr(K, T.Type);
    E->Record = T.Record;
    return E;
  }

  /// The record for the class \p T, registered (after the records of its bases and
  /// fields) on first use: a struct of arithmetic fields and fields of such structs, whose
  /// non-virtual bases are such structs too, without virtual functions or anything but
  /// trivial copies and destruction, which OpenCL C holds with the same fields.  Each base
  /// that holds data is a field of its own before the class's fields (Record::Bases);
  /// empty bases have none.  Nullopt, with the reason, for other classes.
  std::optional<unsigned> recordOf(clang::QualType T, clang::SourceLocation Loc) {
    T = T.getNonReferenceType().getCanonicalType().getUnqualifiedType();
    if (auto It = RecordIndex.find(T.getTypePtr()); It != RecordIndex.end())
      return It->second;
    if (std::optional<ScalarType> Element = stdComplexElement(T))
      return complexRecord(T, *Element);
    const clang::CXXRecordDecl *RD = T->getAsCXXRecordDecl();
    RD = RD ? RD->getDefinition() : nullptr;
    std::string Why;
    ir::Record Rec;
    if (!RD)
      Why = "it is incomplete";
    else if (RD->isUnion())
      Why = "it is a union";
    else if (RD->isPolymorphic())
      Why = "it has virtual functions";
    else if (RD->getNumVBases())
      Why = "it has a virtual base class";
    // A std::pair's assignment operators are written out (so it is not trivially
    // copyable), each a memberwise assignment, translated as any member function.
    else if ((!RD->isTriviallyCopyable() && !isStdPair(T)) || !RD->hasTrivialDestructor())
      Why = "it is not trivially copyable";
    if (RD && Why.empty())
      for (const clang::CXXBaseSpecifier &Base : RD->bases()) {
        const clang::CXXRecordDecl *BaseRD = Base.getType()->getAsCXXRecordDecl();
        if (BaseRD->isEmpty())
          continue;
        std::optional<unsigned> Inner = recordOf(Base.getType(), Loc);
        if (!Inner)
          return std::nullopt;
        ir::Record::Field F;
        F.Name = "clpar_base" + std::to_string(Rec.Bases++) + "_" +
                 identifierPart(BaseRD->getNameAsString());
        F.Type = ScalarType::Record;
        F.Record = *Inner;
        Rec.Fields.push_back(F);
      }
    std::vector<const clang::FieldDecl *> Fields;
    if (RD && Why.empty())
      Fields.assign(RD->field_begin(), RD->field_end());
    for (const clang::FieldDecl *FD : Fields) {
      ir::Record::Field F;
      F.Name = FD->getNameAsString();
      if (isOpenCLReservedName(F.Name))
        F.Name = "clpar_u_" + F.Name + "_";
      clang::QualType FT = FD->getType();
      if (F.Name.empty()) {
        Why = "it has an unnamed member";
      } else if (FD->isBitField() || FT.isVolatileQualified()) {
        Why = "its member '" + FD->getNameAsString() + "' is a " +
              (FD->isBitField() ? "bit-field" : "volatile member");
      } else if (std::optional<ScalarType> S = scalarTypeOf(FT, Ctx)) {
        F.Type = *S;
        if (*S == ScalarType::Double)
          R.UsesDouble = true;
      } else if (std::optional<ArrayShape> Shape = arrayShape(FT);
                 Shape && !FT->isReferenceType() && scalarTypeOf(Shape->Element, Ctx)) {
        if (Shape->Size == 0 || Shape->Size > MaxArrayFieldElements)
          Why = "its array member '" + FD->getNameAsString() + "' has " +
                std::to_string(Shape->Size) + " elements; kernels hold array members of 1 "
                "to " + std::to_string(MaxArrayFieldElements);
        F.Type = *scalarTypeOf(Shape->Element, Ctx);
        F.ArraySize = Shape->Size;
        if (F.Type == ScalarType::Double)
          R.UsesDouble = true;
      } else if (isStateless(FT)) {
        Why = "its member '" + FD->getNameAsString() + "' is an object of the stateless "
              "class '" + typeText(FT) + "', which kernels do not hold in structs";
      } else if (isRecordValue(FT) && !FT->isReferenceType()) {
        std::optional<unsigned> Inner = recordOf(FT, Loc);
        if (!Inner)
          return std::nullopt;
        F.Type = ScalarType::Record;
        F.Record = *Inner;
      } else {
        Why = "its member '" + FD->getNameAsString() + "' has type '" + typeText(FT) + "'";
      }
      if (!Why.empty())
        break;
      Rec.Fields.push_back(F);
    }
    if (Why.empty() && Rec.Fields.empty())
      Why = "it has no data members";
    if (!Why.empty()) {
      fail(Loc, "uses type '" + typeText(T) + "', which OpenCL C cannot represent: " + Why);
      return std::nullopt;
    }
    Rec.SourceName = typeText(T);
    Rec.KernelName =
        unusedName("clpar_rec_" + identifierPart(RD->getNameAsString()), UsedRecordNames);
    unsigned Index = R.Records.size();
    R.Records.push_back(std::move(Rec));
    RecordClasses.resize(Index + 1);
    RecordClasses[Index] = RD->getCanonicalDecl();
    RecordIndex[T.getTypePtr()] = Index;
    return Index;
  }

  /// The class record \p Rec was made for.
  const clang::CXXRecordDecl *classOf(unsigned Rec) const { return RecordClasses[Rec]; }

  /// The field of record \p Rec that holds its direct base \p Base, or nullopt for an
  /// empty base (which has none).
  std::optional<unsigned> baseField(unsigned Rec, const clang::CXXRecordDecl *Base) const {
    unsigned Index = 0;
    for (const clang::CXXBaseSpecifier &B : classOf(Rec)->getDefinition()->bases()) {
      const clang::CXXRecordDecl *BRD = B.getType()->getAsCXXRecordDecl();
      if (BRD->isEmpty())
        continue;
      if (BRD->getCanonicalDecl() == Base->getCanonicalDecl())
        return Index;
      ++Index;
    }
    return std::nullopt;
  }

  /// The base subobject of the record value \p Object that \p Path (a derived-to-base
  /// conversion's, one step per class) names.  Null, with the reason, for an empty base.
  ExprPtr baseOf(ExprPtr Object, const clang::CastExpr *Cast) {
    for (const clang::CXXBaseSpecifier *Step : Cast->path()) {
      const clang::CXXRecordDecl *Base = Step->getType()->getAsCXXRecordDecl();
      if (Step->isVirtual())
        return fail(Cast->getExprLoc(), "converts to the virtual base class '" +
                                             Base->getNameAsString() + "'");
      std::optional<unsigned> Field = baseField(Object->Record, Base);
      if (!Field)
        return fail(Cast->getExprLoc(),
                    "converts to the empty base class '" + Base->getNameAsString() +
                        "' (a kernel holds no object of a class without data members)");
      Object = recordField(std::move(Object), *Field);
    }
    return Object;
  }

  /// The data member \p FD of the record value \p Object: a field of it, or of the base
  /// subobject that declares \p FD (an inherited member, `p.x` or `x` in a member
  /// function, whose conversion to the base Clang leaves implicit).  Null, with the reason,
  /// where \p FD is reached through more than one base.
  ExprPtr fieldOf(ExprPtr Object, const clang::FieldDecl *FD, clang::SourceLocation Loc) {
    const clang::CXXRecordDecl *Owner =
        llvm::cast<clang::CXXRecordDecl>(FD->getParent())->getCanonicalDecl();
    while (classOf(Object->Record) != Owner) {
      std::optional<unsigned> Via;
      unsigned Index = 0, Paths = 0;
      for (const clang::CXXBaseSpecifier &B : classOf(Object->Record)->getDefinition()->bases()) {
        const clang::CXXRecordDecl *BRD = B.getType()->getAsCXXRecordDecl();
        if (BRD->isEmpty())
          continue;
        if (BRD->getCanonicalDecl() == Owner || BRD->isDerivedFrom(Owner)) {
          Via = Index;
          ++Paths;
        }
        ++Index;
      }
      if (!Via || Paths > 1)
        return fail(Loc, "uses the member '" + FD->getNameAsString() + "' of '" +
                             Owner->getNameAsString() + "', " +
                             (Via ? "a base class it reaches more than one way"
                                  : "which its object does not hold"));
      Object = recordField(std::move(Object), *Via);
    }
    const unsigned Index = R.Records[Object->Record].Bases + FD->getFieldIndex();
    return recordField(std::move(Object), Index);
  }

  /// The kernel type of a view's elements: arithmetic, or a record that OpenCL C lays out
  /// in global memory exactly as the host does (the runtime copies the bytes).
  std::optional<ValueType> elementTypeOf(clang::QualType Elem, clang::SourceLocation Loc) {
    if (!isRecordValue(Elem)) {
      std::optional<ScalarType> T = typeOf(Elem, Loc);
      if (!T)
        return std::nullopt;
      return ValueType{*T, 0};
    }
    std::optional<unsigned> Rec = recordOf(Elem, Loc);
    if (!Rec)
      return std::nullopt;
    std::string Why;
    auto Layout = deviceLayout(Elem.getNonReferenceType(), *Rec, Why);
    if (!Layout) {
      fail(Loc, "uses a view of '" + R.Records[*Rec].SourceName + "', whose fields " + Why);
      return std::nullopt;
    }
    // Any size: the kernel takes such a view's offset in bytes (view_arg::byte_offset).
    return ValueType{ScalarType::Record, *Rec};
  }

  /// A member of a class that its record holds as a field: a base subobject that holds
  /// data, or a data member.
  struct HostMember {
    unsigned Field = 0;                        ///< into the record's Fields
    const clang::CXXRecordDecl *Base = nullptr; ///< a base subobject's class
    const clang::FieldDecl *Member = nullptr;   ///< else the data member
    clang::QualType Type;
    std::string Name; ///< for reasons: the base class's or the member's name

    /// Its offset in bytes in an object of the class laid out as \p Layout says.
    long long offsetIn(const clang::ASTRecordLayout &Layout, clang::ASTContext &C) const {
      return Base ? Layout.getBaseClassOffset(Base).getQuantity()
                  : C.toCharUnitsFromBits(Layout.getFieldOffset(Member->getFieldIndex()))
                        .getQuantity();
    }
  };

  /// The members of \p RD in the order of its record's fields (recordOf): the bases that
  /// hold data, then the data members.
  static std::vector<HostMember> hostMembers(const clang::CXXRecordDecl *RD) {
    std::vector<HostMember> Members;
    for (const clang::CXXBaseSpecifier &B : RD->bases()) {
      const clang::CXXRecordDecl *BRD = B.getType()->getAsCXXRecordDecl();
      if (BRD->isEmpty())
        continue;
      Members.push_back({static_cast<unsigned>(Members.size()), BRD, nullptr, B.getType(),
                         "base class " + BRD->getNameAsString()});
    }
    for (const clang::FieldDecl *FD : RD->fields())
      Members.push_back({static_cast<unsigned>(Members.size()), nullptr, FD, FD->getType(),
                         FD->getNameAsString()});
    return Members;
  }

  /// The size and alignment of record \p Rec (of class \p T) in OpenCL C, where each
  /// field lies at the next multiple of its alignment, a scalar's alignment is its size
  /// and a record takes the host's alignment where that is more (Record::Align); nullopt,
  /// with \p Why, where a field or the size differs from the host's.
  std::optional<std::pair<long long, long long>> deviceLayout(clang::QualType T, unsigned Rec,
                                                              std::string &Why) {
    if (R.Records[Rec].Complex) { // a _Complex value: the real part, then the imaginary
      const long long Part = complexPartBytes(Rec);
      const long long HostAlign = Ctx.getTypeAlignInChars(T).getQuantity();
      if (HostAlign > Part)
        R.Records[Rec].Align = static_cast<unsigned>(HostAlign);
      return std::make_pair(2 * Part, std::max(Part, HostAlign));
    }
    const clang::CXXRecordDecl *RD = T->getAsCXXRecordDecl()->getDefinition();
    const clang::ASTRecordLayout &Host = Ctx.getASTRecordLayout(RD);
    long long Size = 0, Align = 1;
    for (const HostMember &M : hostMembers(RD)) {
      const ir::Record::Field F = R.Records[Rec].Fields[M.Field];
      long long FieldSize = 0, FieldAlign = 1;
      if (F.Type == ScalarType::Record) {
        auto Inner = deviceLayout(M.Type, F.Record, Why);
        if (!Inner)
          return std::nullopt;
        std::tie(FieldSize, FieldAlign) = *Inner;
      } else if (F.Type == ScalarType::Bool) {
        Why = "include the bool '" + M.Name + "', which has no defined size in OpenCL C's "
              "global memory";
        return std::nullopt;
      } else if (F.ArraySize) {
        FieldAlign = Ctx.getTypeSizeInChars(arrayShape(M.Type)->Element).getQuantity();
        FieldSize = FieldAlign * static_cast<long long>(F.ArraySize);
      } else {
        FieldSize = FieldAlign =
            static_cast<long long>(Ctx.getTypeSizeInChars(M.Type).getQuantity());
      }
      const long long Offset = (Size + FieldAlign - 1) / FieldAlign * FieldAlign;
      const long long HostOffset = M.offsetIn(Host, Ctx);
      if (Offset != HostOffset) {
        Why = "lie elsewhere on the host ('" + M.Name + "' at byte " +
              std::to_string(HostOffset) + ", in OpenCL C at byte " + std::to_string(Offset) +
              ")";
        return std::nullopt;
      }
      Size = Offset + FieldSize;
      Align = std::max(Align, FieldAlign);
    }
    if (const long long HostAlign = Host.getAlignment().getQuantity(); HostAlign > Align) {
      R.Records[Rec].Align = static_cast<unsigned>(HostAlign);
      Align = HostAlign;
    }
    Size = (Size + Align - 1) / Align * Align;
    if (Size != Host.getSize().getQuantity()) {
      Why = "take " + std::to_string(Host.getSize().getQuantity()) +
            " bytes on the host and " + std::to_string(Size) + " in OpenCL C";
      return std::nullopt;
    }
    return std::make_pair(Size, Align);
  }

  /// A record of zeros (value-initialization).
  ExprPtr zeroRecord(unsigned Rec) {
    ExprPtr V = makeValue(Expr::Kind::RecordValue, {ScalarType::Record, Rec});
    for (const ir::Record::Field &F : R.Records[Rec].Fields)
      V->Operands.push_back(zeroField(F));
    return V;
  }

  /// The zero value of the field \p F.
  ExprPtr zeroField(const ir::Record::Field &F) {
    if (F.Type == ScalarType::Record)
      return zeroRecord(F.Record);
    if (!F.ArraySize)
      return zeroOf(F.Type);
    ExprPtr A = makeExpr(Expr::Kind::ArrayValue, F.Type);
    for (unsigned long long I = 0; I < F.ArraySize; ++I)
      A->Operands.push_back(zeroOf(F.Type));
    return A;
  }

  /// The value \p Init gives the array field \p F (in an aggregate initialization or a
  /// member initializer): a braced list of its elements, the rest zero (a std::array's
  /// list holds the built-in array's), or value-initialization.  Null, with the reason,
  /// for other forms (a copy of another array).
  ExprPtr arrayFieldValue(const clang::Expr *Init, const ir::Record::Field &F) {
    std::vector<const clang::Expr *> Leaves;
    if (!initLeaves(Init, Init->getType(), Leaves) || Leaves.size() != F.ArraySize)
      return fail(Init->getExprLoc(), "initializes the array member '" + F.Name +
                                          "' other than with a braced list of values");
    ExprPtr A = makeExpr(Expr::Kind::ArrayValue, F.Type);
    for (const clang::Expr *Leaf : Leaves) {
      ExprPtr E = Leaf ? expr(Leaf) : zeroOf(F.Type);
      if (!E)
        return nullptr;
      A->Operands.push_back(makeCast(F.Type, std::move(E)));
    }
    return A;
  }

  /// Field \p Field of the record value \p Object.
  ExprPtr recordField(ExprPtr Object, unsigned Field) {
    const ir::Record::Field &F = R.Records[Object->Record].Fields[Field];
    ExprPtr M = makeValue(Expr::Kind::Member, {F.Type, F.Record});
    M->Text = F.Name;
    M->Index = Field;
    M->Operands.push_back(std::move(Object));
    return M;
  }

  /// Whether the region's function may name the member \p FD: public, or a member of
  /// the class whose member function holds the region.
  bool canName(const clang::FieldDecl *FD) {
    const auto *Enclosing =
        LoopVars.empty() ? nullptr
                         : llvm::dyn_cast<clang::CXXMethodDecl>(LoopVars[0]->getDeclContext());
    return FD->getAccess() == clang::AS_public ||
           (Enclosing && Enclosing->getParent()->getCanonicalDecl() ==
                             FD->getParent()->getCanonicalDecl());
  }

  /// The kernel argument for the member the host reads as \p Path (`p.a`, `this->p.a`,
  /// `::g.a`), named after the path.
  ExprPtr memberPathArgument(const std::string &Path, ScalarType T,
                             std::string UserName = "") {
    const std::string &Key = *MemberPaths.insert(Path).first;
    if (UserName.empty())
      UserName = Key;
    if (UserName.rfind("this->", 0) == 0)
      UserName.erase(0, 6);
    if (UserName.rfind("::", 0) == 0)
      UserName.erase(0, 2);
    for (char &C : UserName)
      if (!std::isalnum(static_cast<unsigned char>(C)))
        C = '_';
    return scalarArgument(&Key, Key, UserName, T);
  }

  /// An object of record type \p T the region does not declare, which the host names
  /// \p Object (`f`, `this->cfg`, `(*this)`): built in the kernel from its fields, each a
  /// kernel argument read when the region starts.
  ExprPtr outsideRecord(const std::string &Object, clang::QualType T, unsigned Rec) {
    return outsideFields(Object, Object, 0, T, Rec);
  }

  /// outsideRecord for a record the host names \p Named by member names (empty once a
  /// member on the way may not be named there), which lies \p Offset bytes into the
  /// object \p Base: a member it may not name is read at its offset in the object's
  /// bytes (the record is trivially copyable).
  ExprPtr outsideFields(const std::string &Named, const std::string &Base, long long Offset,
                        clang::QualType T, unsigned Rec) {
    if (R.Records[Rec].Complex)
      return outsideComplex(Named, Base, Offset, Rec);
    const clang::CXXRecordDecl *RD =
        T.getNonReferenceType()->getAsCXXRecordDecl()->getDefinition();
    const clang::ASTRecordLayout &Layout = Ctx.getASTRecordLayout(RD);
    ExprPtr V = makeValue(Expr::Kind::RecordValue, {ScalarType::Record, Rec});
    for (const HostMember &M : hostMembers(RD)) {
      const ir::Record::Field F = R.Records[Rec].Fields[M.Field];
      const long long At = Offset + M.offsetIn(Layout, Ctx);
      // A base subobject's members are read at their offsets (a member of the derived
      // class may hide one's name).
      std::string FieldNamed;
      if (!Named.empty() && M.Member && canName(M.Member))
        FieldNamed = (Named == "(*this)" ? "this->" : Named + ".") + M.Name;
      // A scalar the host reads by name, or at its offset in the object's bytes.
      const auto Scalar = [&](const std::string &Suffix, long long Bytes) {
        return !FieldNamed.empty()
                   ? memberPathArgument(FieldNamed + Suffix, F.Type)
                   : memberPathArgument(
                         "(*reinterpret_cast<const " + std::string(ir::cppTypeName(F.Type)) +
                             " *>(reinterpret_cast<const char *>(__builtin_addressof(" +
                             Base + ")) + " + std::to_string(Bytes) + "))",
                         F.Type, M.Name + Suffix);
      };
      ExprPtr E;
      if (F.Type == ScalarType::Record) {
        E = outsideFields(FieldNamed, Base, At, M.Type, F.Record);
      } else if (!F.ArraySize) {
        E = Scalar("", At);
      } else {
        E = makeExpr(Expr::Kind::ArrayValue, F.Type);
        const ArrayShape Shape = *arrayShape(M.Type);
        const long long Size = Ctx.getTypeSizeInChars(Shape.Element).getQuantity();
        for (unsigned long long K = 0; K < F.ArraySize && E; ++K) {
          // `[K]`, or for an array of arrays `[i][j]`.
          std::string Suffix;
          for (unsigned long long D = Shape.Dims.size(), Rest = K; D-- > 0; Rest /= Shape.Dims[D])
            Suffix = "[" + std::to_string(Rest % Shape.Dims[D]) + "]" + Suffix;
          ExprPtr Element = Scalar(Suffix, At + Size * K);
          if (!Element)
            return nullptr;
          E->Operands.push_back(std::move(Element));
        }
      }
      if (!E)
        return nullptr;
      V->Operands.push_back(std::move(E));
    }
    return V;
  }

  /// outsideFields for a std::complex: its parts, read as the elements of an array of two,
  /// which the standard guarantees a complex number is (lvalues: the host stub keeps the
  /// arguments' addresses), or at their offsets.
  ExprPtr outsideComplex(const std::string &Named, const std::string &Base, long long Offset,
                         unsigned Rec) {
    const ScalarType T = complexElement(Rec);
    const long long Part = complexPartBytes(Rec);
    ExprPtr V = makeValue(Expr::Kind::RecordValue, {ScalarType::Record, Rec});
    for (unsigned I = 0; I < 2; ++I) {
      const char *Which = I ? "imag" : "real";
      ExprPtr E = !Named.empty()
                      ? memberPathArgument("reinterpret_cast<const " +
                                               std::string(ir::cppTypeName(T)) + " (&)[2]>(" +
                                               Named + ")[" + std::to_string(I) + "]",
                                           T, Named + "_" + Which)
                      : memberPathArgument(
                            "(*reinterpret_cast<const " + std::string(ir::cppTypeName(T)) +
                                " *>(reinterpret_cast<const char *>(__builtin_addressof(" +
                                Base + ")) + " + std::to_string(Offset + I * Part) + "))",
                            T, Which);
      if (!E)
        return nullptr;
      V->Operands.push_back(std::move(E));
    }
    return V;
  }

  /// The object `*this` names: the member function's own, or in the region's body, the
  /// enclosing member function's object, built from its fields.
  ExprPtr thisObject(const clang::CXXThisExpr *This) {
    if (Sc->HasThis) {
      ExprPtr L = makeValue(Expr::Kind::Local, {ScalarType::Record, Sc->ThisRecord});
      L->Text = Sc->ThisText;
      return L;
    }
    if (Sc->InFunction)
      return fail(This->getLocation(), "uses 'this' in a called function");
    clang::QualType T = This->getType()->getPointeeType();
    std::optional<unsigned> Rec = recordOf(T, This->getLocation());
    return Rec ? outsideRecord("(*this)", T, *Rec) : nullptr;
  }

  /// `this` where \p E is `this` or `*this`; null otherwise.
  static const clang::CXXThisExpr *thisOf(const clang::Expr *E) {
    E = E->IgnoreParenImpCasts();
    if (const auto *U = llvm::dyn_cast<clang::UnaryOperator>(E);
        U && U->getOpcode() == clang::UO_Deref)
      E = U->getSubExpr()->IgnoreParenImpCasts();
    return llvm::dyn_cast<clang::CXXThisExpr>(E);
  }

  /// Whether \p E is `static_cast<D *>(this)`, the CRTP's derived object by pointer.
  static bool derivedThis(const clang::Expr *E) {
    const auto *C = llvm::dyn_cast<clang::ExplicitCastExpr>(E->IgnoreParenImpCasts());
    return C && C->getCastKind() == clang::CK_BaseToDerived && C->getType()->isPointerType() &&
           llvm::isa<clang::CXXThisExpr>(C->getSubExpr()->IgnoreParenImpCasts());
  }

  /// \p E without its conversions to empty base classes (`d` of `d.twice()` where twice
  /// is a member function of d's CRTP base).
  static const clang::Expr *throughEmptyBases(const clang::Expr *E) {
    for (;;) {
      E = E->IgnoreParens();
      const auto *C = llvm::dyn_cast<clang::CastExpr>(E);
      if (!C)
        return E;
      const clang::CastKind K = C->getCastKind();
      const clang::QualType T = C->getType()->isPointerType() ? C->getType()->getPointeeType()
                                                               : C->getType();
      const clang::CXXRecordDecl *To = T.getNonReferenceType()->getAsCXXRecordDecl();
      if (llvm::isa<clang::ImplicitCastExpr>(C) &&
          (K == clang::CK_NoOp || K == clang::CK_LValueToRValue))
        E = C->getSubExpr();
      else if ((K == clang::CK_DerivedToBase || K == clang::CK_UncheckedDerivedToBase) && To &&
               To->isEmpty())
        E = C->getSubExpr();
      else
        return E;
    }
  }

  /// Whether \p MD, a member function of an empty base, is the CRTP's accessor of the
  /// derived object: `const D &derived() const { return static_cast<const D &>(*this); }`
  /// with D \p Derived.
  bool derivedAccessor(const clang::CXXMethodDecl *MD, const clang::CXXRecordDecl *Derived) {
    const clang::FunctionDecl *Def = nullptr;
    const clang::CXXRecordDecl *Returned =
        MD->getReturnType()->isReferenceType()
            ? MD->getReturnType().getNonReferenceType()->getAsCXXRecordDecl()
            : nullptr;
    if (!Returned || Returned->getCanonicalDecl() != Derived || MD->getNumParams() ||
        !MD->hasBody(Def) || !Def)
      return false;
    const auto *Body = llvm::dyn_cast<clang::CompoundStmt>(Def->getBody());
    const auto *Return = Body && Body->size() == 1
                             ? llvm::dyn_cast<clang::ReturnStmt>(Body->body_front())
                             : nullptr;
    const auto *Cast = Return && Return->getRetValue()
                           ? llvm::dyn_cast<clang::CastExpr>(
                                 Return->getRetValue()->IgnoreParenImpCasts())
                           : nullptr;
    return Cast && Cast->getCastKind() == clang::CK_BaseToDerived && thisOf(Cast->getSubExpr());
  }

  /// The record object \p E names or points to: `*this` for `this`, a base subobject for
  /// a conversion from a derived class (of an object, or of `this`), else expr()'s value.
  ExprPtr objectOf(const clang::Expr *E) {
    E = E->IgnoreParens();
    if (const auto *C = llvm::dyn_cast<clang::CastExpr>(E)) {
      switch (C->getCastKind()) {
      case clang::CK_NoOp:
      case clang::CK_LValueToRValue:
        if (llvm::isa<clang::ImplicitCastExpr>(C))
          return objectOf(C->getSubExpr());
        break;
      case clang::CK_DerivedToBase:
      case clang::CK_UncheckedDerivedToBase: {
        if (C->getType()->isPointerType() &&
            !llvm::isa<clang::CXXThisExpr>(C->getSubExpr()->IgnoreParenImpCasts()) &&
            !pointerTarget(C->getSubExpr()))
          return fail(C->getExprLoc(), "converts a pointer other than 'this' to a base class");
        ExprPtr Object = objectOf(C->getSubExpr());
        if (!Object)
          return nullptr;
        if (Object->Type != ScalarType::Record)
          return fail(C->getExprLoc(), "converts an object it cannot hold to a base class");
        return baseOf(std::move(Object), C);
      }
      case clang::CK_BaseToDerived: {
        // The CRTP's `static_cast<const D &>(*this)` in a member function of an empty
        // base translated for D's record (functionIndex's ThisAs): the object itself.
        const clang::CXXThisExpr *This = thisOf(C->getSubExpr());
        const clang::CXXRecordDecl *Target =
            C->getType().getNonReferenceType()->getAsCXXRecordDecl();
        const clang::CXXRecordDecl *Derived =
            C->getType()->isPointerType() ? C->getType()->getPointeeCXXRecordDecl() : Target;
        if (This && Sc->HasThis && Derived &&
            classOf(Sc->ThisRecord) == Derived->getCanonicalDecl())
          return thisObject(This); // `static_cast<D *>(this)->m` too
        return fail(C->getExprLoc(), "converts to the derived class '" +
                                         (Derived ? Derived->getNameAsString() : "") +
                                         "' other than as `static_cast<const D &>(*this)` "
                                         "or `static_cast<D *>(this)` in a member function "
                                         "of its empty base");
      }
      default:
        break;
      }
    }
    if (const auto *This = llvm::dyn_cast<clang::CXXThisExpr>(E))
      return thisObject(This);
    if (const clang::Expr *Target = pointerTarget(E))
      return expr(Target); // a pointer declared in the body
    if (pointerBaseOf(E)) { // a pointer into a private array: the element it points at
      PointerBase Base;
      ExprPtr At = pointerPosition(E, Base);
      return At ? pointedElement(Base, std::move(At), E->getExprLoc()) : nullptr;
    }
    return expr(E);
  }

  /// Whether \p E names storage the kernel may write and take the address of: a local of
  /// the body or function (not a lambda's captured copy), or a field of one.
  bool addressable(const Expr &E) {
    if (E.K == Expr::Kind::Member)
      return addressable(*E.Operands[0]);
    if (E.K == Expr::Kind::ArrayElement) // of a private array, not a table in __constant
      return E.Operands.size() == 1 &&
             llvm::any_of(Sc->Arrays, [&](const auto &A) { return A.second.Name == E.Text; });
    return E.K == Expr::Kind::Local && !Sc->ReadOnlyNames.count(E.Text);
  }

  /// A record-typed expression that stands for its operand: copies by a trivial
  /// constructor, conversions that change nothing.  Null for other forms (temporaries,
  /// cleanups and default initializers are expr()'s, for every type).
  const clang::Expr *recordOperand(const clang::Expr *E) {
    if (const auto *C = llvm::dyn_cast<clang::CastExpr>(E);
        C && (C->getCastKind() == clang::CK_NoOp ||
              C->getCastKind() == clang::CK_LValueToRValue ||
              C->getCastKind() == clang::CK_ConstructorConversion))
      return C->getSubExpr();
    if (const auto *CE = llvm::dyn_cast<clang::CXXConstructExpr>(E)) {
      const clang::CXXConstructorDecl *Ctor = CE->getConstructor();
      if (Ctor->isCopyOrMoveConstructor() && Ctor->isTrivial() && CE->getNumArgs() == 1)
        return CE->getArg(0);
    }
    if (const auto *IL = llvm::dyn_cast<clang::InitListExpr>(E);
        IL && IL->getNumInits() == 1 &&
        Ctx.hasSameUnqualifiedType(IL->getInit(0)->getType(), E->getType()))
      return IL->getInit(0); // T{t}: a copy
    return nullptr;
  }

  /// A record value made in place: aggregate initialization (`{a, b}`, `T{a, b}`),
  /// value-initialization (`T{}`, `T()`) and construction by a constructor.  Null, with no
  /// reason, for other forms.
  ExprPtr recordConstruction(const clang::Expr *E, bool &Handled) {
    Handled = true;
    if (llvm::isa<clang::ImplicitValueInitExpr, clang::CXXScalarValueInitExpr>(E)) {
      std::optional<unsigned> Rec = recordOf(E->getType(), E->getExprLoc());
      return Rec ? zeroRecord(*Rec) : nullptr;
    }
    if (const auto *IL = llvm::dyn_cast<clang::InitListExpr>(E)) {
      std::optional<unsigned> Rec = recordOf(E->getType(), E->getExprLoc());
      if (!Rec)
        return nullptr;
      // The list gives each base, empty or not, then each data member.
      const clang::CXXRecordDecl *RD = classOf(*Rec)->getDefinition();
      std::vector<const clang::Expr *> Inits;
      unsigned At = 0;
      for (const clang::CXXBaseSpecifier &B : RD->bases()) {
        const clang::Expr *Init = At < IL->getNumInits() ? IL->getInit(At) : nullptr;
        ++At;
        if (!B.getType()->getAsCXXRecordDecl()->isEmpty())
          Inits.push_back(Init);
        else if (Init && Init->HasSideEffects(Ctx))
          return fail(Init->getExprLoc(), "initializes the empty base class of '" +
                                              R.Records[*Rec].SourceName +
                                              "' with an expression that does something");
      }
      for (; At < IL->getNumInits(); ++At)
        Inits.push_back(IL->getInit(At));
      if (IL->hasArrayFiller() || Inits.size() > R.Records[*Rec].Fields.size())
        return fail(IL->getBeginLoc(), "initializes '" + R.Records[*Rec].SourceName +
                                           "' in a way it cannot translate");
      ExprPtr V = makeValue(Expr::Kind::RecordValue, {ScalarType::Record, *Rec});
      for (unsigned I = 0; I < R.Records[*Rec].Fields.size(); ++I) {
        const ir::Record::Field F = R.Records[*Rec].Fields[I];
        if (I >= Inits.size() || Inits[I] == nullptr) {
          V->Operands.push_back(zeroField(F));
          continue;
        }
        if (F.ArraySize) {
          ExprPtr A = arrayFieldValue(Inits[I], F);
          if (!A)
            return nullptr;
          V->Operands.push_back(std::move(A));
          continue;
        }
        ExprPtr Init = expr(Inits[I]);
        if (!Init)
          return nullptr;
        V->Operands.push_back(makeCast(F.Type, std::move(Init)));
      }
      return V;
    }
    if (const auto *CE = llvm::dyn_cast<clang::CXXConstructExpr>(E)) {
      const clang::CXXConstructorDecl *Ctor = CE->getConstructor();
      std::optional<unsigned> Rec = recordOf(E->getType(), E->getExprLoc());
      if (!Rec)
        return nullptr;
      if (R.Records[*Rec].Complex)
        return complexConstruction(CE, *Rec);
      if (Ctor->isDefaultConstructor() && Ctor->isTrivial())
        return zeroRecord(*Rec); // T() is zeros; a default-initialized one is any value
      if (CE->requiresZeroInitialization() && !initializesEveryField(Ctor))
        return fail(CE->getExprLoc(), "value-initializes '" + R.Records[*Rec].SourceName +
                                          "', whose default constructor is not trivial");
      std::vector<const clang::Expr *> Args(CE->arg_begin(), CE->arg_end());
      return callTranslated(CE->getExprLoc(), Ctor, Args, {});
    }
    Handled = false;
    return nullptr;
  }

  /// Whether \p Ctor gives every field a value (a member initializer, or a default member
  /// initializer; for a base or a struct member, a constructor of its own that does, where
  /// that constructor is the compiler's): value-initialization's zeros before it then
  /// change nothing.
  static bool initializesEveryField(const clang::CXXConstructorDecl *Ctor) {
    unsigned Set = 0, Holding = 0;
    for (const clang::CXXCtorInitializer *I : Ctor->inits()) {
      if (I->isBaseInitializer() && I->getBaseClass()->getAsCXXRecordDecl()->isEmpty())
        continue;
      if (!(I->isMemberInitializer() && I->getMember()) && !I->isBaseInitializer())
        return false;
      const auto *CE = llvm::dyn_cast<clang::CXXConstructExpr>(I->getInit()->IgnoreImplicit());
      if (CE && CE->getConstructor()->isDefaultConstructor() &&
          CE->getConstructor()->isTrivial() && !CE->requiresZeroInitialization())
        continue;
      // `struct base { float a = 1, b; }`: its implicit constructor leaves b alone.
      if (CE && !CE->requiresZeroInitialization() && !CE->getConstructor()->isUserProvided() &&
          !initializesEveryField(CE->getConstructor()))
        continue;
      ++Set;
    }
    const clang::CXXRecordDecl *RD = Ctor->getParent();
    for (const clang::CXXBaseSpecifier &B : RD->bases())
      Holding += !B.getType()->getAsCXXRecordDecl()->isEmpty();
    return Set == Holding + static_cast<unsigned>(std::distance(RD->field_begin(),
                                                                RD->field_end()));
  }

  // ---- std::complex -------------------------------------------------------

  /// The record of std::complex<float> or <double> (\p T, of element type \p Element):
  /// fields re and im, laid out as the host's `_Complex` value (Analysis/StandardComplex.h).
  unsigned complexRecord(clang::QualType T, ScalarType Element) {
    ir::Record Rec;
    Rec.Complex = true;
    Rec.SourceName = typeText(T);
    Rec.KernelName = unusedName(std::string("clpar_complex_") + ir::openclTypeName(Element),
                                UsedRecordNames);
    for (const char *Name : {"re", "im"}) {
      ir::Record::Field F;
      F.Name = Name;
      F.Type = Element;
      Rec.Fields.push_back(F);
    }
    if (Element == ScalarType::Double)
      R.UsesDouble = true;
    const unsigned Index = R.Records.size();
    R.Records.push_back(std::move(Rec));
    RecordClasses.resize(Index + 1);
    RecordClasses[Index] = T->getAsCXXRecordDecl()->getCanonicalDecl();
    RecordIndex[T.getTypePtr()] = Index;
    return Index;
  }

  /// The element type of the complex record \p Rec.
  ScalarType complexElement(unsigned Rec) const { return R.Records[Rec].Fields[0].Type; }
  /// The size of each part of the complex record \p Rec.
  long long complexPartBytes(unsigned Rec) const {
    return complexElement(Rec) == ScalarType::Float ? 4 : 8;
  }

  /// The call of the helper `<record>_<Op>` of the complex record \p Rec, of type \p T.
  ExprPtr complexHelper(unsigned Rec, const std::string &Op, ValueType T,
                        std::vector<ExprPtr> Operands) {
    ExprPtr C = makeValue(Expr::Kind::Call, T);
    C->Text = R.Records[Rec].KernelName + "_" + Op;
    C->Operands = std::move(Operands);
    return C;
  }

  /// The complex value \p Re + \p Im i of record \p Rec.
  ExprPtr makeComplex(unsigned Rec, ExprPtr Re, ExprPtr Im) {
    ExprPtr V = makeValue(Expr::Kind::RecordValue, {ScalarType::Record, Rec});
    V->Operands.push_back(makeCast(complexElement(Rec), std::move(Re)));
    V->Operands.push_back(makeCast(complexElement(Rec), std::move(Im)));
    return V;
  }

  /// \p E as a value of the complex record \p Rec: a complex number of either element
  /// type (converted as std::complex's converting constructors do), or a real number (its
  /// imaginary part zero).
  ExprPtr complexValue(const clang::Expr *E, unsigned Rec) {
    if (std::optional<ScalarType> From = stdComplexElement(E->getType())) {
      ExprPtr V = expr(E);
      if (!V || *From == complexElement(Rec))
        return V;
      std::vector<ExprPtr> Ops;
      Ops.push_back(std::move(V));
      return complexHelper(Rec, std::string("from_") + ir::openclTypeName(*From),
                           {ScalarType::Record, Rec}, std::move(Ops));
    }
    if (!E->getType()->isArithmeticType())
      return fail(E->getExprLoc(), "converts '" + typeText(E->getType()) + "' to '" +
                                       R.Records[Rec].SourceName + "'");
    ExprPtr V = expr(E);
    return V ? makeComplex(Rec, std::move(V), zeroOf(complexElement(Rec))) : nullptr;
  }

  /// \p E, a real number, as the element type of the complex record \p Rec.
  ExprPtr complexPart(const clang::Expr *E, unsigned Rec) {
    if (stdComplexElement(E->getType()))
      return fail(E->getExprLoc(), "uses a complex number where a real one is expected");
    ExprPtr V = expr(E);
    return V ? makeCast(complexElement(Rec), std::move(V)) : nullptr;
  }

  /// A std::complex made by a constructor: from its parts (`complex<float>(x, y)`, `z = 0`,
  /// the defaults zero) or from another complex number.
  ExprPtr complexConstruction(const clang::CXXConstructExpr *CE, unsigned Rec) {
    std::vector<const clang::Expr *> Args(CE->arg_begin(), CE->arg_end());
    if (Args.empty())
      return zeroRecord(Rec);
    if (Args.size() == 1 && Args[0]->getType()->isAnyComplexType())
      return fail(CE->getExprLoc(), "makes '" + R.Records[Rec].SourceName +
                                        "' from the compiler's _Complex type");
    if (Args.size() == 1)
      return complexValue(Args[0], Rec);
    ExprPtr Re = complexPart(Args[0], Rec);
    ExprPtr Im = Re ? complexPart(Args[1], Rec) : nullptr;
    return Im ? makeComplex(Rec, std::move(Re), std::move(Im)) : nullptr;
  }

  /// std::complex's imaginary literal (`2.0if`, `3i`): the number with that imaginary part.
  ExprPtr imaginaryLiteral(const clang::UserDefinedLiteral *UDL, unsigned Rec) {
    const clang::Expr *Cooked = UDL->getCookedLiteral();
    const ScalarType T = complexElement(Rec);
    ExprPtr Im = makeExpr(Expr::Kind::FloatLiteral, T);
    if (const auto *FL = llvm::dyn_cast_or_null<clang::FloatingLiteral>(Cooked)) {
      llvm::APFloat V = FL->getValue();
      bool LosesInfo = false;
      V.convert(T == ScalarType::Float ? llvm::APFloat::IEEEsingle()
                                       : llvm::APFloat::IEEEdouble(),
                llvm::APFloat::rmNearestTiesToEven, &LosesInfo);
      Im->Text = formatFloat(V, T);
    } else if (const auto *IL = llvm::dyn_cast_or_null<clang::IntegerLiteral>(Cooked)) {
      llvm::APFloat V(T == ScalarType::Float ? llvm::APFloat::IEEEsingle()
                                             : llvm::APFloat::IEEEdouble());
      V.convertFromAPInt(IL->getValue(), false, llvm::APFloat::rmNearestTiesToEven);
      Im->Text = formatFloat(V, T);
    } else {
      return fail(UDL->getExprLoc(), "uses an imaginary literal it cannot read");
    }
    return makeComplex(Rec, zeroOf(T), std::move(Im));
  }

  /// The helper name of an arithmetic operation: "add", "sub", "mul", "div".
  static const char *arithmeticName(ComplexOp Op) {
    switch (Op) {
    case ComplexOp::Add: case ComplexOp::AddAssign: return "add";
    case ComplexOp::Sub: case ComplexOp::SubAssign: return "sub";
    case ComplexOp::Mul: case ComplexOp::MulAssign: return "mul";
    default: return "div";
    }
  }

  /// \p A op \p B where at least one is complex, of the complex record \p Rec: each helper
  /// computes what std::complex's operator does (with a real operand, only on the parts
  /// it changes: `z * x` scales both, `z + x` adds to the real part).
  ExprPtr complexArithmetic(ComplexOp Op, const clang::Expr *A, const clang::Expr *B,
                            unsigned Rec) {
    const bool ComplexA = stdComplexElement(A->getType()).has_value();
    const bool ComplexB = stdComplexElement(B->getType()).has_value();
    std::string Name = arithmeticName(Op);
    std::vector<ExprPtr> Ops(2);
    if (ComplexA && ComplexB) {
      Ops[0] = complexValue(A, Rec);
      Ops[1] = Ops[0] ? complexValue(B, Rec) : nullptr;
    } else if (ComplexA) {
      Name += "r"; // complex op real
      Ops[0] = complexValue(A, Rec);
      Ops[1] = Ops[0] ? complexPart(B, Rec) : nullptr;
    } else if (Op == ComplexOp::Add || Op == ComplexOp::Mul) {
      Name += "r"; // real op complex: the same sum or product
      Ops[0] = complexValue(B, Rec);
      Ops[1] = Ops[0] ? complexPart(A, Rec) : nullptr;
    } else {
      Name = "r" + Name; // real op complex
      Ops[0] = complexPart(A, Rec);
      Ops[1] = Ops[0] ? complexValue(B, Rec) : nullptr;
    }
    if (!Ops[1])
      return nullptr;
    return complexHelper(Rec, Name, {ScalarType::Record, Rec}, std::move(Ops));
  }

  /// `To = Value`, of To's type; null where either is.
  static ExprPtr assignment(ExprPtr To, ExprPtr Value) {
    if (!To || !Value)
      return nullptr;
    ExprPtr B = makeValue(Expr::Kind::Binary, {To->Type, To->Record});
    B->Text = "=";
    B->Operands.push_back(std::move(To));
    B->Operands.push_back(std::move(Value));
    return B;
  }

  /// The helper of a function of one complex number (`std::exp`, `std::abs`, ...); null
  /// for the other operations.
  static const char *functionHelper(ComplexOp Op) {
    switch (Op) {
    case ComplexOp::Negate: return "neg";
    case ComplexOp::Abs: return "abs";
    case ComplexOp::Arg: return "arg";
    case ComplexOp::Norm: return "norm";
    case ComplexOp::Conj: return "conj";
    case ComplexOp::Exp: return "exp";
    case ComplexOp::Log: return "log";
    case ComplexOp::Log10: return "log10";
    case ComplexOp::Sqrt: return "sqrt";
    case ComplexOp::Sin: return "sin";
    case ComplexOp::Cos: return "cos";
    case ComplexOp::Tan: return "tan";
    case ComplexOp::Sinh: return "sinh";
    case ComplexOp::Cosh: return "cosh";
    case ComplexOp::Tanh: return "tanh";
    case ComplexOp::Asin: return "asin";
    case ComplexOp::Acos: return "acos";
    case ComplexOp::Atan: return "atan";
    case ComplexOp::Asinh: return "asinh";
    case ComplexOp::Acosh: return "acosh";
    case ComplexOp::Atanh: return "atanh";
    case ComplexOp::Proj: return "proj";
    default: return nullptr;
    }
  }

  /// The arguments of \p CE (an operator's operands, a member operator's object first).
  static std::vector<const clang::Expr *> arguments(const clang::CallExpr *CE) {
    return {CE->arg_begin(), CE->arg_end()};
  }

  /// A call of a function of <complex> (\p Op, complexOperation's), with \p Args (a
  /// member function's object first).
  ExprPtr complexCall(const clang::CallExpr *CE, const clang::FunctionDecl *FD, ComplexOp Op,
                      llvm::ArrayRef<const clang::Expr *> Args) {
    const clang::SourceLocation Loc = CE->getExprLoc();
    const std::string Name = FD->getQualifiedNameAsString();
    // The record the operation computes in: its result's, or its complex operand's.
    clang::QualType Of = CE->getType();
    if (!isStdComplex(Of))
      for (const clang::Expr *A : Args)
        if (isStdComplex(A->getType())) {
          Of = A->getType();
          break;
        }
    if (!stdComplexElement(Of))
      return fail(Loc, "calls '" + Name + "' on '" +
                           typeText(Of.getNonReferenceType().getUnqualifiedType()) +
                           "'; kernels compute std::complex of float and double");
    const std::optional<unsigned> Rec = recordOf(Of, Loc);
    if (!Rec)
      return nullptr;
    const ValueType Complex{ScalarType::Record, *Rec};
    const ValueType Real{complexElement(*Rec), 0};
    const auto Unary = [&](const char *Helper, ValueType T) -> ExprPtr {
      std::vector<ExprPtr> Ops(1);
      Ops[0] = complexValue(Args[0], *Rec);
      return Ops[0] ? complexHelper(*Rec, Helper, T, std::move(Ops)) : nullptr;
    };
    const auto Part = [&](unsigned Field) -> ExprPtr {
      ExprPtr Object = expr(Args[0]);
      return Object ? recordField(std::move(Object), Field) : nullptr;
    };
    // The complex variable (or element) Args[0] that an assignment changes.
    const auto Target = [&]() -> ExprPtr {
      ExprPtr T = expr(Args[0]);
      if (T && T->Type != ScalarType::Record)
        return fail(Loc, "assigns to a complex number it cannot name");
      return T && assignable(*T, Loc) ? std::move(T) : nullptr;
    };
    if (const char *Helper = functionHelper(Op))
      return Unary(Helper, Op == ComplexOp::Abs || Op == ComplexOp::Arg || Op == ComplexOp::Norm
                               ? Real
                               : Complex);
    switch (Op) {
    case ComplexOp::Unknown:
      return fail(Loc, "calls '" + Name + "', which kernels do not compute for "
                                          "std::complex");
    case ComplexOp::Real:
    case ComplexOp::Imag:
      return Part(Op == ComplexOp::Real ? 0 : 1);
    case ComplexOp::SetReal:
    case ComplexOp::SetImag: {
      ExprPtr To = Target();
      ExprPtr Value = To ? complexPart(Args[1], *Rec) : nullptr;
      return To && Value ? assignment(recordField(std::move(To), Op == ComplexOp::SetReal ? 0 : 1),
                                  std::move(Value))
                         : nullptr;
    }
    case ComplexOp::Assign: {
      ExprPtr To = Target();
      return To ? assignment(std::move(To), complexValue(Args[1], *Rec)) : nullptr;
    }
    case ComplexOp::AddAssign:
    case ComplexOp::SubAssign:
    case ComplexOp::MulAssign:
    case ComplexOp::DivAssign: {
      // z op= w is z = z op w: the target is named twice, so it may not have effects.
      if (Args[0]->HasSideEffects(Ctx))
        return fail(Loc, "changes a complex number named by an expression with effects");
      ExprPtr To = Target();
      ExprPtr Value = To ? complexArithmetic(Op, Args[0], Args[1], *Rec) : nullptr;
      return Value ? assignment(std::move(To), std::move(Value)) : nullptr;
    }
    case ComplexOp::Plus:
      return complexValue(Args[0], *Rec);
    case ComplexOp::Add:
    case ComplexOp::Sub:
    case ComplexOp::Mul:
    case ComplexOp::Div:
      return complexArithmetic(Op, Args[0], Args[1], *Rec);
    case ComplexOp::Equal:
    case ComplexOp::NotEqual: {
      const bool ComplexA = stdComplexElement(Args[0]->getType()).has_value();
      const bool ComplexB = stdComplexElement(Args[1]->getType()).has_value();
      const clang::Expr *Z = ComplexA ? Args[0] : Args[1];
      const clang::Expr *W = ComplexA ? Args[1] : Args[0];
      std::vector<ExprPtr> Ops(2);
      Ops[0] = complexValue(Z, *Rec);
      Ops[1] = !Ops[0] ? nullptr : ComplexA && ComplexB ? complexValue(W, *Rec)
                                                        : complexPart(W, *Rec);
      if (!Ops[1])
        return nullptr;
      ExprPtr Eq = complexHelper(*Rec, ComplexA && ComplexB ? "eq" : "eqr",
                                 {ScalarType::Bool, 0}, std::move(Ops));
      if (Op == ComplexOp::Equal)
        return Eq;
      ExprPtr Not = makeExpr(Expr::Kind::Unary, ScalarType::Bool);
      Not->Text = "!";
      Not->Operands.push_back(std::move(Eq));
      return Not;
    }
    case ComplexOp::Polar: {
      std::vector<ExprPtr> Ops(2);
      Ops[0] = complexPart(Args[0], *Rec);
      Ops[1] = Ops[0] ? complexPart(Args[1], *Rec) : nullptr;
      return Ops[1] ? complexHelper(*Rec, "polar", Complex, std::move(Ops)) : nullptr;
    }
    case ComplexOp::Pow: {
      const bool ComplexA = stdComplexElement(Args[0]->getType()).has_value();
      const bool ComplexB = stdComplexElement(Args[1]->getType()).has_value();
      std::vector<ExprPtr> Ops(2);
      const char *Helper = "pow";
      if (ComplexA && !ComplexB && FD->getParamDecl(1)->getType()->isSpecificBuiltinType(
                                       clang::BuiltinType::Int)) {
        Helper = "powi"; // <complex>'s pow(z, int): by repeated squaring
        Ops[0] = complexValue(Args[0], *Rec);
        Ops[1] = Ops[0] ? expr(Args[1]) : nullptr;
        if (Ops[1])
          Ops[1] = makeCast(ScalarType::Int, std::move(Ops[1]));
      } else if (ComplexA && ComplexB) {
        Ops[0] = complexValue(Args[0], *Rec);
        Ops[1] = Ops[0] ? complexValue(Args[1], *Rec) : nullptr;
      } else if (ComplexA) {
        Helper = "powr";
        Ops[0] = complexValue(Args[0], *Rec);
        Ops[1] = Ops[0] ? complexPart(Args[1], *Rec) : nullptr;
      } else {
        Helper = "rpow";
        Ops[0] = complexPart(Args[0], *Rec);
        Ops[1] = Ops[0] ? complexValue(Args[1], *Rec) : nullptr;
      }
      return Ops[1] ? complexHelper(*Rec, Helper, Complex, std::move(Ops)) : nullptr;
    }
    case ComplexOp::Imaginary:
      if (const auto *UDL = llvm::dyn_cast<clang::UserDefinedLiteral>(CE))
        return imaginaryLiteral(UDL, *Rec);
      return fail(Loc, "calls the literal operator '" + Name + "' by name");
    default: // functionHelper's, above
      break;
    }
    return fail(Loc, "calls '" + Name + "'");
  }

  // ---- statements -------------------------------------------------------

  bool stmtInto(const clang::Stmt *S, std::vector<StmtPtr> &Out) {
    if (!S)
      return false;
    if (const auto *CS = llvm::dyn_cast<clang::CompoundStmt>(S)) {
      auto C = std::make_unique<Stmt>(Stmt::Kind::Compound);
      for (const clang::Stmt *Child : CS->body())
        if (!stmtInto(Child, C->Children))
          return false;
      Out.push_back(std::move(C));
      return true;
    }
    if (const auto *DS = llvm::dyn_cast<clang::DeclStmt>(S)) {
      for (const clang::Decl *D : DS->decls()) {
        // Types, aliases and static_assert make no code.
        if (llvm::isa<clang::TypeDecl, clang::UsingDecl, clang::UsingDirectiveDecl,
                      clang::UsingEnumDecl, clang::NamespaceAliasDecl,
                      clang::StaticAssertDecl>(D))
          continue;
        const auto *VD = llvm::dyn_cast<clang::VarDecl>(D);
        if (!VD)
          return fail(D->getLocation(), "declares something other than a variable"), false;
        // An initializer that calls a member function on a view's element: the copy
        // (elementCopy) declared before, stored back after.
        const clang::Expr *SavedInit = InitializerCall;
        StmtPtr SavedCopy = std::move(ElementCopy);
        InitializerCall =
            VD->getInit() ? VD->getInit()->IgnoreImplicit()->IgnoreParens() : nullptr;
        std::vector<StmtPtr> After;
        std::vector<StmtPtr> *SavedAfter = AfterDeclaration;
        const clang::VarDecl *SavedAfterOf = AfterDeclarationOf;
        AfterDeclaration = &After;
        AfterDeclarationOf = VD;
        StmtPtr Decl = varDecl(VD);
        AfterDeclaration = SavedAfter;
        AfterDeclarationOf = SavedAfterOf;
        InitializerCall = SavedInit;
        StmtPtr Copy = std::move(ElementCopy);
        ElementCopy = std::move(SavedCopy);
        if (!Decl)
          return false;
        if (Copy)
          Out.push_back(std::move(Copy->Children[0]));
        Out.push_back(std::move(Decl));
        if (Copy)
          Out.push_back(std::move(Copy->Children[1]));
        Out.insert(Out.end(), std::make_move_iterator(After.begin()),
                   std::make_move_iterator(After.end()));
      }
      return true;
    }
    if (const auto *AS = llvm::dyn_cast<clang::AttributedStmt>(S))
      return stmtInto(AS->getSubStmt(), Out); // [[fallthrough]], [[likely]], ...
    if (const auto *If = llvm::dyn_cast<clang::IfStmt>(S)) {
      // `if consteval`: a kernel is never constant-evaluated.
      if (If->isConsteval()) {
        const clang::Stmt *Runs = If->isNegatedConsteval() ? If->getThen() : If->getElse();
        if (!Runs) {
          Out.push_back(std::make_unique<Stmt>(Stmt::Kind::Null));
          return true;
        }
        return stmtInto(Runs, Out);
      }
      // The initializer and the condition's variable live in a block around the `if`.
      auto Block = std::make_unique<Stmt>(Stmt::Kind::Compound);
      bool Scoped = If->getInit() || If->getConditionVariable();
      std::vector<StmtPtr> &Into = Scoped ? Block->Children : Out;
      if (!initAndConditionVariable(If->getInit(), If->getConditionVariable(), Into))
        return false;
      if (If->isConstexpr()) {
        // Only the branch the constant condition takes is code.
        bool Value = false;
        if (If->getCond()->isValueDependent() ||
            !If->getCond()->EvaluateAsBooleanCondition(Value, Ctx))
          return fail(If->getIfLoc(), "uses an 'if constexpr' whose condition it cannot "
                                      "evaluate"),
                 false;
        if (const clang::Stmt *Taken = Value ? If->getThen() : If->getElse()) {
          if (!single(Taken, Into))
            return false;
        } else {
          Into.push_back(std::make_unique<Stmt>(Stmt::Kind::Null));
        }
      } else {
        auto I = std::make_unique<Stmt>(Stmt::Kind::If);
        I->Cond = expr(If->getCond());
        if (!I->Cond || !single(If->getThen(), I->Children))
          return false;
        if (If->getElse() && !single(If->getElse(), I->Children))
          return false;
        Into.push_back(std::move(I));
      }
      if (Scoped)
        Out.push_back(std::move(Block));
      return true;
    }
    if (const auto *SW = llvm::dyn_cast<clang::SwitchStmt>(S)) {
      auto Block = std::make_unique<Stmt>(Stmt::Kind::Compound);
      bool Scoped = SW->getInit() || SW->getConditionVariable();
      std::vector<StmtPtr> &Into = Scoped ? Block->Children : Out;
      if (!initAndConditionVariable(SW->getInit(), SW->getConditionVariable(), Into))
        return false;
      auto W = std::make_unique<Stmt>(Stmt::Kind::Switch);
      if (!(W->Cond = expr(SW->getCond())) || !single(SW->getBody(), W->Children))
        return false;
      Into.push_back(std::move(W));
      if (Scoped)
        Out.push_back(std::move(Block));
      return true;
    }
    if (const auto *CS = llvm::dyn_cast<clang::CaseStmt>(S))
      return caseLabel(CS, Out);
    if (const auto *DS = llvm::dyn_cast<clang::DefaultStmt>(S)) {
      auto D = std::make_unique<Stmt>(Stmt::Kind::Default);
      if (!single(DS->getSubStmt(), D->Children))
        return false;
      Out.push_back(std::move(D));
      return true;
    }
    if (const auto *For = llvm::dyn_cast<clang::ForStmt>(S)) {
      if (For->getConditionVariable())
        return fail(For->getForLoc(), "declares a variable in a 'for' condition"), false;
      auto F = std::make_unique<Stmt>(Stmt::Kind::For);
      StmtPtr Around;
      if (For->getInit()) {
        std::vector<StmtPtr> Init;
        // A 'for' header holds one statement: no copy of a view's element around it.
        const bool SavedInHeader = InForHeader;
        InForHeader = true;
        const bool Ok = stmtInto(For->getInit(), Init);
        InForHeader = SavedInHeader;
        if (!Ok)
          return false;
        if (Init.size() == 1) {
          F->Children.push_back(std::move(Init.front()));
        } else {
          // Several variables (`int k = 0, w = 1;`): declared in order in a block around
          // the loop, whose scope they keep.
          Around = std::make_unique<Stmt>(Stmt::Kind::Compound);
          Around->Children = std::move(Init);
          F->Children.push_back(nullptr);
        }
      } else {
        F->Children.push_back(nullptr);
      }
      if (For->getCond() && !(F->Cond = expr(For->getCond())))
        return false;
      if (For->getInc() && !(F->Inc = expr(For->getInc())))
        return false;
      ++Sc->LoopDepth;
      bool Ok = single(For->getBody(), F->Children);
      --Sc->LoopDepth;
      if (!Ok)
        return false;
      if (Around) {
        Around->Children.push_back(std::move(F));
        F = std::move(Around);
      }
      Out.push_back(std::move(F));
      return true;
    }
    if (const auto *W = llvm::dyn_cast<clang::WhileStmt>(S)) {
      if (W->getConditionVariable())
        return fail(W->getWhileLoc(), "declares a variable in a 'while' condition"), false;
      auto L = std::make_unique<Stmt>(Stmt::Kind::While);
      if (!(L->Cond = expr(W->getCond())))
        return false;
      ++Sc->LoopDepth;
      bool Ok = single(W->getBody(), L->Children);
      --Sc->LoopDepth;
      if (!Ok)
        return false;
      Out.push_back(std::move(L));
      return true;
    }
    if (const auto *Do = llvm::dyn_cast<clang::DoStmt>(S)) {
      auto L = std::make_unique<Stmt>(Stmt::Kind::Do);
      ++Sc->LoopDepth;
      bool Ok = single(Do->getBody(), L->Children);
      --Sc->LoopDepth;
      if (!Ok || !(L->Cond = expr(Do->getCond())))
        return false;
      Out.push_back(std::move(L));
      return true;
    }
    if (llvm::isa<clang::ContinueStmt>(S)) {
      Out.push_back(std::make_unique<Stmt>(Sc->LoopDepth || Sc->InFunction ? Stmt::Kind::Continue
                                                     : Stmt::Kind::EndIteration));
      return true;
    }
    if (llvm::isa<clang::BreakStmt>(S)) {
      Out.push_back(std::make_unique<Stmt>(Stmt::Kind::Break));
      return true;
    }
    if (const auto *Ret = llvm::dyn_cast<clang::ReturnStmt>(S)) {
      if (!Sc->InFunction)
        return fail(Ret->getReturnLoc(), "returns from the loop"), false;
      if (Sc->InConstructor)
        return fail(Ret->getReturnLoc(), "returns from a constructor"), false;
      auto RS = std::make_unique<Stmt>(Stmt::Kind::Return);
      if (Sc->Result) { // a std::array: stored into the caller's array
        auto Block = std::make_unique<Stmt>(Stmt::Kind::Compound);
        if (!arrayFill(Ret->getRetValue(), *Sc->Result, Ret->getReturnLoc(), Block->Children))
          return false;
        Block->Children.push_back(std::move(RS));
        Out.push_back(std::move(Block));
        return true;
      }
      if (Sc->ReturnsThis) {
        const auto *Deref =
            llvm::dyn_cast_or_null<clang::UnaryOperator>(Ret->getRetValue()->IgnoreParenImpCasts());
        if (!Deref || Deref->getOpcode() != clang::UO_Deref ||
            !llvm::isa<clang::CXXThisExpr>(Deref->getSubExpr()->IgnoreParenImpCasts()))
          return fail(Ret->getReturnLoc(), "returns a reference other than '*this'"), false;
        Out.push_back(std::move(RS));
        return true;
      }
      if (Sc->ReturnsPointer && Ret->getRetValue()) {
        // The position in the array of one of the function's pointer parameters.
        PointerBase Base;
        ExprPtr At = pointerBaseOf(Ret->getRetValue())
                         ? pointerPosition(Ret->getRetValue(), Base)
                         : fail(Ret->getReturnLoc(), "returns a pointer other than one into "
                                                     "an array it is given");
        if (!At)
          return false;
        const std::optional<unsigned> From = pointerParamOf(Base);
        const PointerBase *First =
            Sc->ReturnedParam ? pointerParamArray(*Sc->ReturnedParam) : nullptr;
        if (!From)
          return fail(Ret->getReturnLoc(), "returns a pointer into an array of its own"), false;
        if (!Sc->ReturnedParam)
          Sc->ReturnedParam = From;
        if (First && !First->same(Base)) { // (array + position) - first array
          Sc->SameArrayParams.insert({*From, *Sc->ReturnedParam});
          ExprPtr Address = pointerAddress(Base, std::move(At));
          ExprPtr Origin = makeExpr(Expr::Kind::Local, ScalarType::Long);
          Origin->Text = First->Array;
          At = makeExpr(Expr::Kind::Binary, ScalarType::Long);
          At->Text = "-";
          At->Operands.push_back(std::move(Address));
          At->Operands.push_back(std::move(Origin));
        }
        RS->Init = std::move(At);
        Out.push_back(std::move(RS));
        return true;
      }
      if (Ret->getRetValue()) {
        ExprPtr V = expr(Ret->getRetValue());
        if (!V)
          return false;
        RS->Init = makeCast(CurrentFunction->ReturnType, std::move(V));
      }
      Out.push_back(std::move(RS));
      return true;
    }
    if (llvm::isa<clang::NullStmt>(S)) {
      Out.push_back(std::make_unique<Stmt>(Stmt::Kind::Null));
      return true;
    }
    if (const auto *RF = llvm::dyn_cast<clang::CXXForRangeStmt>(S)) {
      if (isPrangeType(RF->getRangeInit()->getType()))
        return fail(RF->getForLoc(),
                    "contains a prange loop that is not perfectly nested; it runs "
                    "serially in each iteration"),
               false;
      return rangeFor(RF, Out);
    }
    if (const auto *E = llvm::dyn_cast<clang::Expr>(S)) {
      // A point the program promises never to reach (libstdc++'s constant-evaluation
      // asserts, behind std::is_constant_evaluated(), say): nothing to run.
      if (const auto *CE = llvm::dyn_cast<clang::CallExpr>(E->IgnoreParenImpCasts());
          CE && CE->getBuiltinCallee() == clang::Builtin::BI__builtin_unreachable) {
        Out.push_back(std::make_unique<Stmt>(Stmt::Kind::Null));
        return true;
      }
      if (std::optional<bool> Assigned = arrayAssignment(E, Out))
        return *Assigned;
      auto ES = std::make_unique<Stmt>(Stmt::Kind::Expression);
      const clang::Expr *Saved = DiscardedValue;
      StmtPtr SavedCopy = std::move(ElementCopy);
      DiscardedValue = E->IgnoreImplicit()->IgnoreParens();
      ES->Init = expr(E);
      DiscardedValue = Saved;
      StmtPtr Copy = std::move(ElementCopy);
      ElementCopy = std::move(SavedCopy);
      if (!ES->Init)
        return false;
      if (Copy) { // { T element = v[..]; f(&element, ...); v[..] = element; }
        Copy->Children.insert(Copy->Children.begin() + 1, std::move(ES));
        Out.push_back(std::move(Copy));
        return true;
      }
      Out.push_back(std::move(ES));
      return true;
    }
    return fail(S->getBeginLoc(),
                std::string("contains a statement of kind '") + S->getStmtClassName() + "'"),
           false;
  }

  /// A range-based `for` over an array the kernel holds (a private array, a table, a
  /// struct's array member) or a vector or view of rank 1 from outside the loop: a counted
  /// loop over its elements, whose variable is a copy of each or, a reference, the element
  /// itself (no bounds check: the counter stays below the length).
  bool rangeFor(const clang::CXXForRangeStmt *RF, std::vector<StmtPtr> &Out) {
    const clang::Expr *Range = RF->getRangeInit();
    const clang::VarDecl *VD = RF->getLoopVariable();
    const clang::SourceLocation At = RF->getColonLoc();
    std::function<ExprPtr(ExprPtr)> Element;
    ExprPtr Count; // a view's element count; an array's is its constant length
    // The counter stays below the length, so the elements need no check; but a row's
    // own indices do (`for (float x : w[r])`).
    bool CounterBounded = true;
    std::optional<NestedIndex> Row = nestedIndex(Range);
    if (Row && Row->Indices.size() + 1 != Row->Shape.Dims.size())
      return fail(At, "loops over a row of '" + Row->name() + "', an array of " +
                          std::to_string(Row->Shape.Dims.size()) +
                          " dimensions, other than one of its last dimension"),
             false;
    // The row's place, computed once before the loop as C++ evaluates the range once.
    StmtPtr RowStart;
    if (Row) {
      CounterBounded = false;
      Count = intLiteral(llvm::APSInt(llvm::APInt(64, Row->Shape.Dims.back()), true),
                         ScalarType::ULong);
      RowStart = std::make_unique<Stmt>(Stmt::Kind::Decl);
      RowStart->VarType = ScalarType::Long;
      RowStart->VarConst = true;
      RowStart->VarName = Sc->Names->nameFor(Range, "row_start");
      if (!(RowStart->Init = nestedPosition(*Row, 0)))
        return false;
      Element = [this, N = *Row, At, Start = RowStart->VarName](ExprPtr I) -> ExprPtr {
        ExprPtr Position = makeExpr(Expr::Kind::Binary, ScalarType::Long);
        Position->Text = "+";
        Position->Operands.push_back(makeExpr(Expr::Kind::Local, ScalarType::Long));
        Position->Operands.back()->Text = Start;
        Position->Operands.push_back(makeCast(ScalarType::Long, std::move(I)));
        return nestedAt(N, std::move(Position), At);
      };
    }
    const clang::VarDecl *Held = Row ? nullptr : heldArray(Range);
    const clang::MemberExpr *HeldMember = Held || Row ? nullptr : arrayMemberOf(Range);
    if (std::optional<ArrayShape> Shape =
            Held || HeldMember ? arrayShape(Range->getType()) : std::nullopt;
        Shape && Shape->Dims.size() > 1)
      return fail(At, "loops over the rows of '" +
                          (Held ? Held->getNameAsString()
                                : HeldMember->getMemberDecl()->getNameAsString()) +
                          "', an array of " + std::to_string(Shape->Dims.size()) +
                          " dimensions; kernels index such arrays to an element"),
             false;
    if (Row) {
      // Element and Count are set.
    } else if (const clang::VarDecl *AV = Held) {
      Element = [this, AV, At](ExprPtr I) { return arrayElement(AV, std::move(I), At); };
    } else if (const clang::MemberExpr *ME = HeldMember) {
      Element = [this, ME, At](ExprPtr I) {
        return arrayFieldElement(member(ME, /*Indexed=*/true), std::move(I), At);
      };
    } else if (std::optional<ArrayTypeInfo> Info = viewTypeInfo(Range->getType());
               Info && Info->Rank == 1 && !RF->getInit()) {
      // A vector, std::array, built-in array or view from outside the loop (or a view
      // member of *this).
      std::optional<unsigned> V = viewOf(Range, At);
      if (!V)
        return false;
      Count = makeExpr(Expr::Kind::ViewSize, ScalarType::ULong);
      Count->Index = *V;
      const clang::SourceManager &SM = Ctx.getSourceManager();
      const clang::SourceLocation L = SM.getSpellingLoc(Range->getExprLoc());
      const ir::SourcePos Site{R.Site.File, SM.getSpellingLineNumber(L),
                               SM.getSpellingColumnNumber(L)};
      Element = [this, V = *V, Site](ExprPtr I) {
        ExprPtr A = viewAccess(V, Site);
        A->Operands.push_back(std::move(I));
        return A;
      };
    }
    if (!Element || RF->getInit())
      return fail(RF->getForLoc(), RF->getInit()
                                       ? "contains a range-based 'for' loop with an "
                                         "init-statement"
                                       : "contains a range-based 'for' loop over something "
                                         "other than an array the kernel holds (a local "
                                         "array, a constant table or a struct's array "
                                         "member) or a vector or view from outside the loop"),
             false;
    // for (ulong k = 0; k < size; ++k) { T x = a[k]; body }, where a reference x names
    // a[k] at each use.
    const std::string Index = Sc->Names->nameFor(RF, "range_k");
    const auto IndexRef = [Index] {
      ExprPtr K = makeExpr(Expr::Kind::Local, ScalarType::ULong);
      K->Text = Index;
      return K;
    };
    if (CounterBounded)
      Element = [Element](ExprPtr I) {
        ExprPtr E = Element(std::move(I));
        Expr *A = E.get();
        while (A && A->K == Expr::Kind::Cast)
          A = A->Operands[0].get();
        if (A)
          A->HoistedMask |= 1;
        return E;
      };
    ExprPtr First = Element(IndexRef());
    if (!First)
      return false;
    if (!Count)
      Count = intLiteral(llvm::APSInt(llvm::APInt(64, withoutCasts(*First).Extent), true),
                         ScalarType::ULong);
    auto Decl = std::make_unique<Stmt>(Stmt::Kind::Decl);
    Decl->VarType = ScalarType::ULong;
    Decl->VarName = Index;
    Decl->Init = intLiteral(llvm::APSInt(llvm::APInt(64, 0), true), ScalarType::ULong);
    auto F = std::make_unique<Stmt>(Stmt::Kind::For);
    F->Children.push_back(std::move(Decl));
    F->Cond = makeExpr(Expr::Kind::Binary, ScalarType::Bool);
    F->Cond->Text = "<";
    F->Cond->Operands.push_back(IndexRef());
    F->Cond->Operands.push_back(std::move(Count));
    F->Inc = makeExpr(Expr::Kind::Unary, ScalarType::ULong);
    F->Inc->Text = "++";
    F->Inc->Operands.push_back(IndexRef());
    auto Body = std::make_unique<Stmt>(Stmt::Kind::Compound);
    if (VD->getType()->isReferenceType()) {
      RangeElements[VD] = [Element, IndexRef] { return Element(IndexRef()); };
    } else {
      std::optional<ValueType> T = valueTypeOf(VD->getType(), VD->getLocation());
      if (!T)
        return false;
      auto X = std::make_unique<Stmt>(Stmt::Kind::Decl);
      X->VarType = T->Type;
      X->VarRecord = T->Record;
      X->VarConst = VD->getType().isConstQualified();
      X->VarName = Sc->Names->nameFor(VD, VD->getNameAsString());
      X->Init = T->Type == ScalarType::Record ? std::move(First)
                                              : makeCast(T->Type, std::move(First));
      Sc->LocalNames[VD] = X->VarName;
      Body->Children.push_back(std::move(X));
    }
    ++Sc->LoopDepth;
    bool Ok = stmtInto(RF->getBody(), Body->Children);
    --Sc->LoopDepth;
    if (!Ok)
      return false;
    F->Children.push_back(std::move(Body));
    if (RowStart) { // { const long row_start = ...; for (...) ... }
      auto Block = std::make_unique<Stmt>(Stmt::Kind::Compound);
      Block->Children.push_back(std::move(RowStart));
      Block->Children.push_back(std::move(F));
      Out.push_back(std::move(Block));
      return true;
    }
    Out.push_back(std::move(F));
    return true;
  }

  /// The statements an `if` or `switch` runs before its condition: an init-statement and
  /// the declaration of the condition's variable.
  bool initAndConditionVariable(const clang::Stmt *Init, const clang::VarDecl *Variable,
                                std::vector<StmtPtr> &Out) {
    if (Init && !stmtInto(Init, Out))
      return false;
    if (Variable) {
      StmtPtr D = varDecl(Variable);
      if (!D)
        return false;
      Out.push_back(std::move(D));
    }
    return true;
  }

  /// `case V:` (or GNU's `case A ... B:`, as one label per value) and what it labels.
  bool caseLabel(const clang::CaseStmt *CS, std::vector<StmtPtr> &Out) {
    constexpr unsigned MaxRangeValues = 256;
    clang::Expr::EvalResult Low, High;
    if (!CS->getLHS()->EvaluateAsInt(Low, Ctx) ||
        (CS->getRHS() && !CS->getRHS()->EvaluateAsInt(High, Ctx)))
      return fail(CS->getCaseLoc(), "uses a case label it cannot evaluate"), false;
    std::optional<ScalarType> T = typeOf(CS->getLHS()->getType(), CS->getCaseLoc());
    if (!T)
      return false;
    llvm::APSInt First = Low.Val.getInt(), Last = First;
    if (CS->getRHS()) {
      Last = High.Val.getInt();
      if (Last < First) { // an empty range labels nothing
        return stmtInto(CS->getSubStmt(), Out);
      }
      if ((Last - First).ugt(MaxRangeValues - 1))
        return fail(CS->getCaseLoc(),
                    "uses the case range '" + llvm::toString(First, 10) + " ... " +
                        llvm::toString(Last, 10) + "' of more than " +
                        std::to_string(MaxRangeValues) + " values"),
               false;
    }
    std::vector<StmtPtr> Labelled;
    if (!single(CS->getSubStmt(), Labelled))
      return false;
    StmtPtr Inner = std::move(Labelled.front());
    // The labels of a range nest: the last value labels the statement.
    for (llvm::APSInt V = Last;; --V) {
      auto C = std::make_unique<Stmt>(Stmt::Kind::Case);
      C->Init = intLiteral(V, *T);
      C->Children.push_back(std::move(Inner));
      Inner = std::move(C);
      if (V == First)
        break;
    }
    Out.push_back(std::move(Inner));
    return true;
  }

  bool single(const clang::Stmt *S, std::vector<StmtPtr> &Out) {
    std::vector<StmtPtr> Tmp;
    if (!stmtInto(S, Tmp))
      return false;
    if (Tmp.size() == 1) {
      Out.push_back(std::move(Tmp.front()));
    } else {
      auto C = std::make_unique<Stmt>(Stmt::Kind::Compound);
      C->Children = std::move(Tmp);
      Out.push_back(std::move(C));
    }
    return true;
  }

  StmtPtr varDecl(const clang::VarDecl *VD) {
    // A structured binding of a struct declares the (unnamed) object; each name it binds
    // is that object's field (declRef).  Tuple-like types bind through get<>.
    if (const auto *DD = llvm::dyn_cast<clang::DecompositionDecl>(VD))
      for (const clang::BindingDecl *B : DD->bindings())
        if ((B->getHoldingVar() && !pairBinding(B)) || !isRecordValue(DD->getType()))
          return fail(VD->getLocation(), "declares a structured binding of a type other "
                                         "than a struct");
    // A lambda needs no storage in a kernel: its calls become calls of a translated
    // function that receives the captured variables as arguments.
    if (const auto *RD = VD->getType()->getAsCXXRecordDecl(); RD && RD->isLambda())
      return std::make_unique<Stmt>(Stmt::Kind::Null);
    // Nor does an object of a stateless class, made without effects.
    if (isStateless(VD->getType())) {
      if (VD->getInit() && mayHaveEffects(VD->getInit()))
        return fail(VD->getLocation(), "declares '" + VD->getNameAsString() +
                                           "' of the stateless class '" +
                                           typeText(VD->getType()) +
                                           "' with an initializer that may have effects");
      return std::make_unique<Stmt>(Stmt::Kind::Null);
    }
    // A constant array is a table of the program; a static constant's every use is its
    // value.  Neither needs storage in the work-item.
    if (tableCandidate(VD) && tableOf(VD))
      return std::make_unique<Stmt>(Stmt::Kind::Null);
    if (VD->isStaticLocal() || VD->hasExternalStorage()) {
      if (constantValue(VD))
        return std::make_unique<Stmt>(Stmt::Kind::Null);
      return fail(VD->getLocation(), "declares the static variable '" +
                                         VD->getNameAsString() + "'");
    }
    if (std::optional<ArrayShape> Shape = arrayShape(VD->getType());
        Shape && !VD->getType()->isReferenceType())
      return arrayDecl(VD, *Shape);
    if (VD->getType()->isReferenceType() &&
        (!arrayTypeInfo(VD->getType()) || (VD->getInit() && arrayMemberOf(VD->getInit()))))
      if (std::optional<StmtPtr> Alias = referenceLocal(VD))
        return std::move(*Alias);
    if (VD->getType()->isPointerType() && pointerBaseOf(VD->getInit()))
      return pointerDecl(VD);
    if (VD->getType()->isPointerType())
      if (std::optional<StmtPtr> Alias = pointerLocal(VD))
        return std::move(*Alias);
    if (arrayTypeInfo(VD->getType()) || VD->getType()->isReferenceType())
      return fail(VD->getLocation(),
                  (llvm::isa<clang::DecompositionDecl>(VD)
                       ? std::string("declares a structured binding")
                       : "declares '" + VD->getNameAsString() + "'") +
                      " of type '" + typeText(VD->getType()) +
                      "'; kernels hold only arithmetic locals, structs and references to "
                      "elements or locals");
    return valueDecl(VD, VD->getType());
  }

  /// The declaration of the local \p VD (arithmetic or a struct), of type \p Type.
  StmtPtr valueDecl(const clang::VarDecl *VD, clang::QualType Type) {
    std::optional<ValueType> VT = valueTypeOf(Type, VD->getLocation());
    if (!VT)
      return nullptr;
    auto D = std::make_unique<Stmt>(Stmt::Kind::Decl);
    D->VarType = VT->Type;
    D->VarRecord = VT->Record;
    D->VarConst = Type.isConstQualified();
    const std::string UserName = VD->getNameAsString();
    D->VarName = Sc->Names->nameFor(VD, UserName.empty() ? "bound" : UserName);
    Sc->LocalNames[VD] = D->VarName;
    if (VT->Type == ScalarType::Record) {
      // A record default-initialized by its trivial constructor holds any value.
      const clang::Expr *Init = VD->getInit();
      const auto *CE = Init ? llvm::dyn_cast<clang::CXXConstructExpr>(Init->IgnoreImplicit())
                            : nullptr;
      if (!Init || (CE && CE->getConstructor()->isDefaultConstructor() &&
                    CE->getConstructor()->isTrivial() && !CE->requiresZeroInitialization()))
        return D;
      if (!(D->Init = expr(Init)))
        return nullptr;
      return D;
    }
    std::optional<ScalarType> T = VT->Type;
    // C++ evaluates a constant's initializer as a constant expression (where
    // std::is_constant_evaluated() is true): its value is the initializer.
    if (VD->isUsableInConstantExpressions(Ctx))
      if (ExprPtr V = constantValue(VD)) {
        D->Init = std::move(V);
        return D;
      }
    if (const clang::Expr *Init = VD->getInit()) {
      Init = Init->IgnoreImplicit();
      if (const auto *IL = llvm::dyn_cast<clang::InitListExpr>(Init)) {
        if (IL->getNumInits() == 0) {
          ExprPtr Zero = makeExpr(Expr::Kind::IntLiteral, ScalarType::Int);
          Zero->Text = "0";
          D->Init = makeCast(*T, std::move(Zero));
          return D;
        }
        Init = IL->getInit(0);
      }
      ExprPtr E = expr(Init);
      if (!E)
        return nullptr;
      D->Init = makeCast(*T, std::move(E));
    }
    return D;
  }

  /// An array of arithmetic values or structs, std::array<T, N> or T[N], or an array of
  /// such arrays (`float[3][3]`, `std::array<std::array<vec3, 3>, 3>`), as declared.  A
  /// kernel holds it as one flat array of Size elements in C++'s order (the last index
  /// varies fastest).  Only private arrays hold structs (recordLeaf): tables, array
  /// members and array parameters take arithmetic elements.
  struct ArrayShape {
    clang::QualType Element; ///< the arithmetic element, or a class (recordLeaf)
    unsigned long long Size; ///< the element count, all dimensions together
    bool Std; ///< std::array: its value is a struct around the built-in array
    std::vector<unsigned long long> Dims; ///< the extents, outermost first
  };

  std::optional<ArrayShape> arrayShape(clang::QualType T) {
    T = T.getNonReferenceType();
    std::optional<ArrayShape> Shape;
    if (std::optional<ArrayTypeInfo> Info = arrayTypeInfo(T);
        Info && Info->Kind == ir::ViewKind::Array) {
      const auto *CTS = llvm::dyn_cast_or_null<clang::ClassTemplateSpecializationDecl>(
          T.getCanonicalType()->getAsCXXRecordDecl());
      if (CTS && CTS->getTemplateArgs().size() >= 2 &&
          CTS->getTemplateArgs()[1].getKind() == clang::TemplateArgument::Integral) {
        const unsigned long long N = CTS->getTemplateArgs()[1].getAsIntegral().getZExtValue();
        Shape = ArrayShape{Info->Element, N, true, {N}};
      }
    } else if (const auto *CAT = Ctx.getAsConstantArrayType(T)) {
      const unsigned long long N = CAT->getSize().getZExtValue();
      Shape = ArrayShape{CAT->getElementType(), N, false, {N}};
    }
    if (Shape && !scalarTypeOf(Shape->Element, Ctx) && !recordLeaf(Shape->Element)) {
      std::optional<ArrayShape> Row = arrayShape(Shape->Element);
      if (!Row)
        return std::nullopt;
      Shape->Element = Row->Element;
      Shape->Size *= Row->Size;
      Shape->Dims.insert(Shape->Dims.end(), Row->Dims.begin(), Row->Dims.end());
    }
    return Shape;
  }

  /// Whether \p T, an array's element type, is a class whose values would be records
  /// (which recordOf may still refuse), not an array itself.
  static bool recordLeaf(clang::QualType T) { return isRecordValue(T) && !isStateless(T); }

  /// The elements of an array of \p T (arrayShape) all dimensions together: 1 for an
  /// element that is no array.
  unsigned long long leafCount(clang::QualType T) {
    std::optional<ArrayShape> Shape =
        scalarTypeOf(T, Ctx) || recordLeaf(T) ? std::nullopt : arrayShape(T);
    return Shape ? Shape->Size : 1;
  }

  /// The value of \p VD when it is a scalar constant the compiler knows (constexpr, or
  /// const with a constant initializer), as a literal; null otherwise, with no reason.
  ExprPtr constantValue(const clang::VarDecl *VD) {
    // A parameter's initializer is its default argument, not its value.
    if ((!VD->isConstexpr() && !VD->getType().isConstQualified()) ||
        VD->getType()->isReferenceType() || llvm::isa<clang::ParmVarDecl>(VD))
      return nullptr;
    const clang::VarDecl *WithInit = nullptr;
    const clang::Expr *Init = VD->getAnyInitializer(WithInit);
    std::optional<ScalarType> T = scalarTypeOf(VD->getType(), Ctx);
    if (!Init || Init->isValueDependent() || !T)
      return nullptr;
    const clang::APValue *V = WithInit->evaluateValue();
    ExprPtr L = V ? literalOf(*V, *T) : nullptr;
    if (L && *T == ScalarType::Double)
      R.UsesDouble = true;
    return L;
  }

  /// \p V of type \p T as a literal; null for values of other kinds.
  ExprPtr literalOf(const clang::APValue &V, ScalarType T) {
    if (V.isInt() && T == ScalarType::Bool) {
      ExprPtr L = makeExpr(Expr::Kind::BoolLiteral, T);
      L->Text = V.getInt().getBoolValue() ? "true" : "false";
      return L;
    }
    if (V.isInt() && !ir::isFloating(T))
      return intLiteral(V.getInt(), T);
    if (V.isFloat() && ir::isFloating(T)) {
      ExprPtr L = makeExpr(Expr::Kind::FloatLiteral, T);
      L->Text = formatFloat(V.getFloat(), T);
      return L;
    }
    return nullptr;
  }

  /// \p V as a literal of the integer type \p T.  The most negative int or long has no
  /// literal of its own type (its magnitude does not fit): it is written -MAX - 1.
  ExprPtr intLiteral(const llvm::APSInt &V, ScalarType T) {
    bool Signed = ir::isSignedInteger(T);
    if (Signed && V.isNegative() && V.isMinSignedValue() &&
        (T == ScalarType::Int || T == ScalarType::Long))
      return ir::makeBinary(
          "-", T,
          ir::makeIntLiteral(T, "-" + llvm::toString(llvm::APSInt::getMaxValue(
                                                         V.getBitWidth(), false),
                                                     10)),
          ir::makeIntLiteral(T, "1"));
    return ir::makeIntLiteral(T, llvm::toString(V, 10, Signed));
  }

  ExprPtr zeroOf(ScalarType T) {
    ExprPtr Zero = makeExpr(Expr::Kind::IntLiteral, ScalarType::Int);
    Zero->Text = "0";
    if (T == ScalarType::Bool) {
      Zero = makeExpr(Expr::Kind::BoolLiteral, T);
      Zero->Text = "false";
    }
    return makeCast(T, std::move(Zero));
  }

  /// Whether \p VD is an array whose values the compiler knows (constexpr, or const with
  /// a constant initializer) and that is small enough for a table.
  bool tableCandidate(const clang::VarDecl *VD) {
    if (VD->getType()->isReferenceType() ||
        (!VD->isConstexpr() && !VD->getType().isConstQualified()))
      return false;
    std::optional<ArrayShape> Shape = arrayShape(VD->getType());
    if (!Shape || Shape->Size == 0 || !scalarTypeOf(Shape->Element, Ctx) ||
        Shape->Size * Ctx.getTypeSizeInChars(Shape->Element).getQuantity() > MaxTableBytes)
      return false;
    const clang::VarDecl *WithInit = nullptr;
    const clang::Expr *Init = VD->getAnyInitializer(WithInit);
    if (!Init || Init->isValueDependent() || !WithInit->evaluateValue())
      return false;
    // A local array used as a pointer stays private (pointerPosition).
    if (VD->isLocalVarDecl() && !VD->isStaticLocal())
      if (const clang::Stmt *Block = declarationPlace(VD).first; Block && usedAsPointer(VD, Block))
        return false;
    return true;
  }

  /// The table \p VD becomes, made on first use; nothing (no reason given) when it is no
  /// table candidate or the tables would outgrow __constant memory.
  std::optional<unsigned> tableOf(const clang::VarDecl *VD) {
    if (auto Known = TableIndex.find(VD); Known != TableIndex.end())
      return Known->second;
    if (!tableCandidate(VD))
      return std::nullopt;
    ArrayShape Shape = *arrayShape(VD->getType());
    ScalarType Elem = *scalarTypeOf(Shape.Element, Ctx);
    unsigned long long Bytes =
        Shape.Size * Ctx.getTypeSizeInChars(Shape.Element).getQuantity();
    if (TableBytes + Bytes > MaxTotalTableBytes)
      return std::nullopt;
    const clang::VarDecl *WithInit = nullptr;
    VD->getAnyInitializer(WithInit);
    std::vector<const clang::APValue *> Elems;
    if (!valueLeaves(*WithInit->evaluateValue(), VD->getType(), Elems) ||
        Elems.size() != Shape.Size)
      return std::nullopt;
    // bool has no defined size in OpenCL C's __constant memory: stored as uchar.
    ir::Table T;
    T.Element = Elem == ScalarType::Bool ? ScalarType::UChar : Elem;
    for (const clang::APValue *E : Elems) {
      ExprPtr L = literalOf(*E, Elem);
      if (!L)
        return std::nullopt;
      if (Elem == ScalarType::Bool) {
        bool True = L->Text == "true";
        L = makeExpr(Expr::Kind::IntLiteral, ScalarType::UChar);
        L->Text = True ? "1" : "0";
      }
      T.Values.push_back(std::move(L));
    }
    if (Elem == ScalarType::Double)
      R.UsesDouble = true;
    T.KernelName =
        unusedName("clpar_table_" + identifierPart(VD->getNameAsString()), UsedTableNames);
    TableBytes += Bytes;
    unsigned Index = R.Tables.size();
    TableIndex[VD] = Index;
    R.Tables.push_back(std::move(T));
    return Index;
  }

  /// The arithmetic values of \p V, a constant of the array type \p T (arrayShape), in
  /// the order of the kernel's flat array; false where \p V has another form.
  bool valueLeaves(const clang::APValue &V, clang::QualType T,
                   std::vector<const clang::APValue *> &Out) {
    T = T.getNonReferenceType().getCanonicalType();
    if (scalarTypeOf(T, Ctx)) {
      Out.push_back(&V);
      return true;
    }
    if (const auto *CAT = Ctx.getAsConstantArrayType(T)) {
      if (!V.isArray() || V.getArraySize() != CAT->getSize().getZExtValue())
        return false;
      for (unsigned I = 0; I < V.getArraySize(); ++I)
        if (!valueLeaves(I < V.getArrayInitializedElts() ? V.getArrayInitializedElt(I)
                                                         : V.getArrayFiller(),
                         CAT->getElementType(), Out))
          return false;
      return true;
    }
    // std::array: a struct whose one field is the built-in array.
    const clang::CXXRecordDecl *RD = T->getAsCXXRecordDecl();
    if (!RD || !V.isStruct() || V.getStructNumFields() != 1 || RD->field_empty())
      return false;
    return valueLeaves(V.getStructField(0), RD->field_begin()->getType(), Out);
  }

  /// The initializers of each element of an array of the type \p T (arrayShape) that
  /// \p Init, a braced list, gives, in the order of the kernel's flat array (a list
  /// nests for an array of arrays; a std::array's list holds the built-in array's); null
  /// for an element value-initialized (zero).  False where \p Init has another form.
  bool initLeaves(const clang::Expr *Init, clang::QualType T,
                  std::vector<const clang::Expr *> &Out) {
    T = T.getNonReferenceType().getCanonicalType();
    const clang::Expr *Bare = Init->IgnoreImplicit();
    if (const auto *Default = llvm::dyn_cast<clang::CXXDefaultInitExpr>(Bare))
      return initLeaves(Default->getExpr(), T, Out);
    if (scalarTypeOf(T, Ctx) || recordLeaf(T)) {
      Out.push_back(llvm::isa<clang::ImplicitValueInitExpr>(Bare) ? nullptr : Init);
      return true;
    }
    const auto *CE = llvm::dyn_cast<clang::CXXConstructExpr>(Bare);
    const auto *List = llvm::dyn_cast<clang::InitListExpr>(Bare);
    if (llvm::isa<clang::ImplicitValueInitExpr>(Bare) || (CE && CE->getNumArgs() == 0) ||
        (List && List->getNumInits() == 0)) {
      Out.insert(Out.end(), arrayShape(T)->Size, nullptr);
      return true;
    }
    if (!List)
      return false;
    if (const auto *CAT = Ctx.getAsConstantArrayType(T)) {
      const clang::QualType Elem = CAT->getElementType();
      for (unsigned long long I = 0; I < CAT->getSize().getZExtValue(); ++I) {
        if (I >= List->getNumInits()) {
          Out.insert(Out.end(), leafCount(Elem), nullptr);
          continue;
        }
        if (!initLeaves(List->getInit(I), Elem, Out))
          return false;
      }
      return true;
    }
    const clang::CXXRecordDecl *RD = T->getAsCXXRecordDecl();
    if (!RD || RD->field_empty() || List->getNumInits() != 1)
      return false;
    return initLeaves(List->getInit(0), RD->field_begin()->getType(), Out);
  }

  /// A std::array or built-in array declared in the body (or a function): a private array.
  StmtPtr arrayDecl(const clang::VarDecl *VD, const ArrayShape &Shape) {
    std::optional<ValueType> ElemType = valueTypeOf(Shape.Element, VD->getLocation());
    if (!ElemType)
      return nullptr;
    const ScalarType Elem = ElemType->Type;
    // An element of a struct array: its value as is (no cast), zero a record of zeros.
    const auto Converted = [&](ExprPtr E) {
      return Elem == ScalarType::Record ? std::move(E) : makeCast(Elem, std::move(E));
    };
    const auto Zero = [&] {
      return Elem == ScalarType::Record ? zeroRecord(ElemType->Record) : zeroOf(Elem);
    };
    if (Shape.Size > MaxPrivateArrayElements || Shape.Size == 0)
      return fail(VD->getLocation(),
                  "declares '" + VD->getNameAsString() + "', an array of " +
                      std::to_string(Shape.Size) + " elements; kernels hold arrays of 1 to " +
                      std::to_string(MaxPrivateArrayElements) + " elements");
    auto D = std::make_unique<Stmt>(Stmt::Kind::ArrayDecl);
    D->VarType = Elem;
    D->VarRecord = ElemType->Record;
    D->ArraySize = Shape.Size;
    D->VarConst = VD->getType().isConstQualified();
    D->VarName = Sc->Names->nameFor(VD, VD->getNameAsString());
    const auto Register = [&] {
      Sc->Arrays[VD] = LocalArray{D->VarName, Elem, Shape.Size, ElemType->Record};
    };
    if (const clang::Expr *Init = VD->getInit()) {
      const clang::Expr *Written = Init;
      Init = Init->IgnoreImplicit();
      const auto *List = llvm::dyn_cast<clang::InitListExpr>(Init);
      const auto *Construct = llvm::dyn_cast<clang::CXXConstructExpr>(Init);
      std::vector<const clang::Expr *> Leaves;
      if (List && initLeaves(Written, VD->getType(), Leaves)) {
        // What the list leaves out is value-initialized: zero.
        D->ZeroFill = true;
        while (!Leaves.empty() && !Leaves.back())
          Leaves.pop_back();
        for (const clang::Expr *Leaf : Leaves) {
          ExprPtr E = Leaf ? expr(Leaf) : Zero();
          if (!E)
            return nullptr;
          D->Elements.push_back(Converted(std::move(E)));
        }
      } else if (Construct && Construct->getNumArgs() == 0) {
        D->ZeroFill = Construct->requiresZeroInitialization();
      } else {
        const clang::Expr *Source = Init;
        if (Construct && Construct->getNumArgs() == 1)
          Source = Construct->getArg(0)->IgnoreImplicit();
        // A copy of a struct's array member of the same length: element by element.
        if (const clang::MemberExpr *ME = arrayMemberOf(Source);
            ME && arrayShape(ME->getType())->Size == Shape.Size) {
          for (unsigned long long K = 0; K < Shape.Size; ++K) {
            ExprPtr E = arrayFieldElement(
                member(ME, /*Indexed=*/true),
                intLiteral(llvm::APSInt(llvm::APInt(64, K), true), ScalarType::ULong),
                ME->getEndLoc());
            if (!E)
              return nullptr;
            D->Elements.push_back(Converted(std::move(E)));
          }
          Register();
          return D;
        }
        // A copy of a row of an array of arrays (`auto row = m[r];`), or of a whole array
        // the kernel holds (`auto copy = a;`): element by element.
        // (A whole array's copy has its type: the same shape.)
        std::optional<NestedIndex> N = nestedIndex(Source);
        if ((N && std::equal(Shape.Dims.begin(), Shape.Dims.end(),
                             N->Shape.Dims.begin() + N->Indices.size(), N->Shape.Dims.end())) ||
            (!N && heldArray(Source))) {
          for (unsigned long long K = 0; K < Shape.Size; ++K) {
            ExprPtr E = heldArrayElement(Source, K, Source->getEndLoc(), "copies");
            if (!E)
              return nullptr;
            D->Elements.push_back(Converted(std::move(E)));
          }
          Register();
          return D;
        }
        // The result of a function returning a std::array (`state k = f(y);`): the
        // function fills the new array, in a statement after its declaration.
        if (AfterDeclaration && AfterDeclarationOf == VD && arrayResult(Source)) {
          Register();
          const LocalArray Into = Sc->Arrays.find(VD)->second; // a copy: the map may grow
          if (!arrayFill(Source, Into, VD->getLocation(), *AfterDeclaration))
            return nullptr;
          return D;
        }
        return fail(VD->getLocation(), "initializes the array '" + VD->getNameAsString() +
                                           "' other than with a braced list of values");
      }
    }
    Register();
    return D;
  }

  /// A whole std::array the kernel holds assigned, as a statement of its own (`y = next;`,
  /// `row = m[r];`, `p.v = w;`, `y = {y[1], y[0]};`, `y = step(y);`): element by element
  /// (arrayFill).  Nullopt, with no reason, for other statements; false when the
  /// assignment cannot be translated.
  std::optional<bool> arrayAssignment(const clang::Expr *E, std::vector<StmtPtr> &Out) {
    const auto *OC =
        llvm::dyn_cast<clang::CXXOperatorCallExpr>(E->IgnoreImplicit()->IgnoreParens());
    if (!OC || OC->getOperator() != clang::OO_Equal || OC->getNumArgs() != 2)
      return std::nullopt;
    const clang::Expr *Target = OC->getArg(0);
    std::optional<ArrayTypeInfo> Info = arrayTypeInfo(Target->getType());
    if (!Info || Info->Kind != ir::ViewKind::Array)
      return std::nullopt;
    const clang::Expr *Whole = arrayArgument(Target);
    std::optional<NestedIndex> Row = nestedIndex(Whole);
    const clang::VarDecl *Held = Row ? nullptr : heldArray(Whole);
    if (!Row && !(Held && Sc->Arrays.count(Held)) && !arrayMemberOf(Whole))
      return std::nullopt;
    const std::optional<ArrayShape> Shape = arrayShape(Target->getType());
    std::optional<ValueType> Elem = valueTypeOf(Shape->Element, OC->getOperatorLoc());
    if (!Elem)
      return false;
    const clang::SourceLocation Loc = OC->getOperatorLoc();
    auto Block = std::make_unique<Stmt>(Stmt::Kind::Compound);
    const auto To = [&](unsigned long long K) -> ExprPtr {
      ExprPtr T = heldArrayElement(Whole, K, Loc, "assigns");
      return T && assignable(*T, Loc) ? std::move(T) : nullptr;
    };
    if (!arrayFill(OC->getArg(1), Shape->Size, *Elem, To, nullptr, Loc, Block->Children))
      return false;
    Out.push_back(std::move(Block));
    return true;
  }

  /// Element \p K of the private array \p A (a constant index within it: never checked).
  ExprPtr privateElement(const LocalArray &A, unsigned long long K) {
    ExprPtr E = makeValue(Expr::Kind::ArrayElement, {A.Element, A.Record});
    E->Text = A.Name;
    E->Extent = A.Size;
    E->HoistedMask = 1;
    E->Operands.push_back(intLiteral(llvm::APSInt(llvm::APInt(64, K), true), ScalarType::ULong));
    return E;
  }

  /// `&a[0]`: a private array passed by address (to a reference parameter, or to be filled
  /// by a function returning a std::array), which the body's analyses see as a write of it.
  ExprPtr firstElementAddress(const LocalArray &A) {
    ExprPtr Address = makeValue(Expr::Kind::Unary, {A.Element, A.Record});
    Address->Text = "&";
    Address->Operands.push_back(privateElement(A, 0));
    return Address;
  }

  /// arrayFill into the new private array \p Into (a declaration's, a function's result,
  /// a private copy), which nothing else reads.
  bool arrayFill(const clang::Expr *Source, const LocalArray &Into, clang::SourceLocation Loc,
                 std::vector<StmtPtr> &Out) {
    return arrayFill(
        Source, Into.Size, {Into.Element, Into.Record},
        [&](unsigned long long K) { return privateElement(Into, K); }, &Into, Loc, Out);
  }

  /// The shape of \p T where it is a std::array returned by value that a kernel holds
  /// (MaxPrivateArrayElements at most); nullopt otherwise.
  std::optional<ArrayShape> returnedArray(clang::QualType T) {
    std::optional<ArrayTypeInfo> Info = arrayTypeInfo(T);
    if (T->isReferenceType() || !Info || Info->Kind != ir::ViewKind::Array)
      return std::nullopt;
    std::optional<ArrayShape> Shape = arrayShape(T);
    if (!Shape || Shape->Size == 0 || Shape->Size > MaxPrivateArrayElements)
      return std::nullopt;
    return Shape;
  }

  /// Whether \p E calls a function returning a std::array by value (a prvalue: an element
  /// of an array of arrays, `m[r]`, is an lvalue).
  bool arrayResult(const clang::Expr *E) {
    return llvm::isa<clang::CallExpr>(E) && E->isPRValue() && returnedArray(E->getType());
  }

  /// A std::array value of the source \p Source stored, as statements into \p Out, into an
  /// array of \p Size elements of \p Elem, whose element K \p Target gives: from a braced
  /// list, a call of a function returning a std::array (which fills the destination
  /// through its address), or an array the kernel holds (a private array, a row, a struct's
  /// array member, element by element, each element read before it is written).  Where
  /// the destination is not a \p Fresh private array (an assignment, whose source may read
  /// it), a list or a call fills a private copy first.  False, with the reason, for other
  /// sources.
  bool arrayFill(const clang::Expr *Source, unsigned long long Size, ValueType Elem,
                 const std::function<ExprPtr(unsigned long long)> &Target,
                 const LocalArray *Fresh, clang::SourceLocation Loc,
                 std::vector<StmtPtr> &Out) {
    // The copies and conversions that leave the array as it is.
    while (true) {
      Source = Source->IgnoreImplicit()->IgnoreParens();
      if (const auto *M = llvm::dyn_cast<clang::MaterializeTemporaryExpr>(Source))
        Source = M->getSubExpr();
      else if (const auto *C = llvm::dyn_cast<clang::CXXConstructExpr>(Source);
               C && C->getNumArgs() == 1 && C->getConstructor()->isCopyOrMoveConstructor())
        Source = C->getArg(0);
      else if (const auto *F = llvm::dyn_cast<clang::CXXFunctionalCastExpr>(Source);
               F && F->getCastKind() == clang::CK_NoOp)
        Source = F->getSubExpr();
      else
        break;
    }
    const auto Store = [&](ExprPtr To, ExprPtr From) {
      ExprPtr B = assignment(std::move(To), std::move(From));
      if (!B)
        return false;
      auto S = std::make_unique<Stmt>(Stmt::Kind::Expression);
      S->Init = std::move(B);
      Out.push_back(std::move(S));
      return true;
    };
    const bool List = llvm::isa<clang::InitListExpr>(Source);
    const bool Call = arrayResult(Source);
    if ((List || Call) && !Fresh) { // through a private copy
      const LocalArray Copy{Sc->Names->nameFor(Source, "copy"), Elem.Type, Size, Elem.Record};
      auto D = std::make_unique<Stmt>(Stmt::Kind::ArrayDecl);
      D->VarType = Elem.Type;
      D->VarRecord = Elem.Record;
      D->ArraySize = Size;
      D->VarName = Copy.Name;
      Out.push_back(std::move(D));
      if (!arrayFill(Source, Copy, Loc, Out))
        return false;
      for (unsigned long long K = 0; K < Size; ++K)
        if (!Store(Target(K), privateElement(Copy, K)))
          return false;
      return true;
    }
    if (List) {
      std::vector<const clang::Expr *> Leaves;
      if (!initLeaves(Source, Source->getType(), Leaves))
        return fail(Loc, "fills a whole array from a braced list it cannot follow"), false;
      Leaves.resize(Size, nullptr);
      for (unsigned long long K = 0; K < Size; ++K) {
        ExprPtr V = Leaves[K] ? expr(Leaves[K])
                              : (Elem.Type == ScalarType::Record ? zeroRecord(Elem.Record)
                                                                  : zeroOf(Elem.Type));
        if (V && Elem.Type != ScalarType::Record)
          V = makeCast(Elem.Type, std::move(V));
        if (!Store(Target(K), std::move(V)))
          return false;
      }
      return true;
    }
    if (Call) {
      const clang::Expr *Saved = ArrayResultCall;
      ArrayResultCall = Source;
      ExprPtr C = expr(Source);
      ArrayResultCall = Saved;
      if (!C)
        return false;
      if (C->K != Expr::Kind::FunctionCall)
        return fail(Loc, "fills a whole array from a call it cannot follow"), false;
      C->Operands.push_back(firstElementAddress(*Fresh));
      auto S = std::make_unique<Stmt>(Stmt::Kind::Expression);
      S->Init = std::move(C);
      Out.push_back(std::move(S));
      return true;
    }
    if (!heldArrayArgument(Source))
      return fail(Loc, "fills a whole array from one other than the kernel holds (a local "
                       "array, a constant table, a struct's array member, a function's "
                       "result)"),
             false;
    for (unsigned long long K = 0; K < Size; ++K)
      if (!Store(Target(K), heldArrayElement(Source, K, Loc, "copies")))
        return false;
    return true;
  }

  /// The private array or table \p Obj names, if it names one (registering the table).
  const clang::VarDecl *heldArray(const clang::Expr *Obj) {
    const auto *DRE = llvm::dyn_cast<clang::DeclRefExpr>(Obj->IgnoreParenImpCasts());
    const auto *VD = DRE ? llvm::dyn_cast<clang::VarDecl>(DRE->getDecl()) : nullptr;
    if (!VD || (!Sc->Arrays.count(VD) && !tableOf(VD)))
      return nullptr;
    return VD;
  }

  /// Whether \p VD, a private array or table, is declared where the builder is: it exists
  /// in the kernel only as an array, not also as a view the host could pass.
  bool declaredHere(const clang::VarDecl *VD) {
    return Sc->Arrays.count(VD) || (Sc->Locals.count(VD) && TableIndex.count(VD));
  }

  /// Element \p Index of the private array or table \p VD; \p Bracket is where the access
  /// ends, for an out-of-range report.
  ExprPtr arrayElement(const clang::VarDecl *VD, ExprPtr Index, clang::SourceLocation Bracket) {
    if (!Index)
      return nullptr;
    ExprPtr A = makeExpr(Expr::Kind::ArrayElement, ScalarType::Int);
    bool StoredBool = false;
    if (auto It = Sc->Arrays.find(VD); It != Sc->Arrays.end()) {
      A->Type = It->second.Element;
      A->Record = It->second.Record;
      A->Text = It->second.Name;
      A->Extent = It->second.Size;
    } else {
      const ir::Table &T = R.Tables[TableIndex.find(VD)->second];
      A->Type = T.Element;
      A->Text = T.KernelName;
      A->Extent = T.Values.size();
      StoredBool = scalarTypeOf(arrayShape(VD->getType())->Element, Ctx) == ScalarType::Bool;
    }
    A->AccessId = arrayAccess(Bracket);
    A->Operands.push_back(std::move(Index));
    return StoredBool ? makeCast(ScalarType::Bool, std::move(A)) : std::move(A);
  }

  /// A new array access (its AccessId), reported at \p Bracket, where it ends.
  unsigned arrayAccess(clang::SourceLocation Bracket) {
    const clang::SourceManager &SM = Ctx.getSourceManager();
    clang::SourceLocation L = SM.getSpellingLoc(Bracket);
    R.AccessSites.push_back(
        {R.Site.File, SM.getSpellingLineNumber(L), SM.getSpellingColumnNumber(L)});
    return R.AccessCount++;
  }

  // ---- pointers into private arrays -----------------------------------------
  //
  // A pointer into an array the work-item holds (a local array, a std::array, or the
  // caller's array a pointer parameter points into) is the array, known when translating,
  // and a position, a long of the kernel: `*p` is the element at the position (checked
  // against the array's extent as any element of it), `p + k` the position plus k, `++p`
  // increments it.  So C++'s iterator idioms over small arrays (`std::accumulate(w,
  // w + 4, 0.0f)`, `std::max_element(a.begin(), a.end())`, helpers taking `const float *`)
  // become loops over positions.  A pointer parameter takes three arguments: the array's
  // first element's address, the position, and the element count.

  /// The private array \p E names, as a pointer's array; nullopt for anything else.
  std::optional<PointerBase> privateArrayBase(const clang::Expr *E) {
    const auto *DRE = llvm::dyn_cast<clang::DeclRefExpr>(E->IgnoreParenImpCasts());
    const auto *VD = DRE ? llvm::dyn_cast<clang::VarDecl>(DRE->getDecl()) : nullptr;
    auto It = VD ? Sc->Arrays.find(VD) : Sc->Arrays.end();
    if (It == Sc->Arrays.end())
      return std::nullopt;
    std::optional<ArrayShape> Shape = arrayShape(VD->getType().getNonReferenceType());
    if (!Shape || Shape->Dims.size() != 1)
      return std::nullopt; // a row of an array of arrays is not a pointer's array here
    return PointerBase{It->second.Name, It->second.Element, It->second.Record,
                       It->second.Size, ""};
  }

  /// `&t` of a variable of the kernel (arithmetic or a struct) as the pointer argument of a
  /// call: an array of one element, which the function reaches through its address.
  std::optional<PointerBase> scalarAddress(const clang::Expr *E) {
    const auto *UO = E ? llvm::dyn_cast<clang::UnaryOperator>(E->IgnoreParenImpCasts()) : nullptr;
    if (!UO || UO->getOpcode() != clang::UO_AddrOf)
      return std::nullopt;
    const auto *DRE = llvm::dyn_cast<clang::DeclRefExpr>(UO->getSubExpr()->IgnoreParens());
    const auto *VD = DRE ? llvm::dyn_cast<clang::VarDecl>(DRE->getDecl()) : nullptr;
    auto Name = VD ? Sc->LocalNames.find(VD) : Sc->LocalNames.end();
    if (Name == Sc->LocalNames.end() || !Sc->Locals.count(VD) || Aliases.count(VD) ||
        VD->getType()->isReferenceType() || Sc->ReadOnlyNames.count(Name->second))
      return std::nullopt;
    std::optional<ValueType> T = valueTypeOf(VD->getType(), VD->getLocation());
    if (!T)
      return std::nullopt;
    PointerBase B{Name->second, T->Type, T->Record, 1, ""};
    B.Scalar = true;
    return B;
  }

  /// Whether \p FD is std::NAME for one of \p Names (std::begin, std::data, ...).
  static bool isStdNamed(const clang::FunctionDecl *FD,
                         std::initializer_list<llvm::StringRef> Names) {
    if (!FD || !FD->isInStdNamespace() || !FD->getIdentifier())
      return false;
    return llvm::is_contained(Names, FD->getName());
  }

  /// `a.begin()`, `a.data()`, `std::end(a)` and the like of a private array \p Array:
  /// true with \p AtEnd set, for the calls that point into it.
  bool arrayIterator(const clang::Expr *E, const clang::Expr *&Array, bool &AtEnd) {
    E = E->IgnoreParenImpCasts();
    if (const auto *MC = llvm::dyn_cast<clang::CXXMemberCallExpr>(E)) {
      const clang::CXXMethodDecl *MD = MC->getMethodDecl();
      const clang::CXXRecordDecl *RD = MD ? MD->getParent() : nullptr;
      if (!RD || !RD->isInStdNamespace() || RD->getName() != "array" || MC->getNumArgs() != 0 ||
          !MD->getIdentifier())
        return false;
      const llvm::StringRef Name = MD->getName();
      if (Name != "begin" && Name != "cbegin" && Name != "data" && Name != "end" &&
          Name != "cend")
        return false;
      Array = MC->getImplicitObjectArgument();
      AtEnd = Name == "end" || Name == "cend";
      return true;
    }
    if (const auto *CE = llvm::dyn_cast<clang::CallExpr>(E);
        CE && CE->getNumArgs() == 1 &&
        isStdNamed(CE->getDirectCallee(), {"begin", "cbegin", "data", "end", "cend"})) {
      Array = CE->getArg(0);
      const llvm::StringRef Name = CE->getDirectCallee()->getName();
      AtEnd = Name == "end" || Name == "cend";
      return true;
    }
    return false;
  }

  /// The array the pointer \p E points into, where \p E is a pointer into a private array
  /// of one of the shapes pointerPosition translates; nullopt otherwise.  Nothing is
  /// translated or refused: the callers choose between this and other ways.
  std::optional<PointerBase> pointerBaseOf(const clang::Expr *E) {
    if (!E)
      return std::nullopt;
    if (const auto *DA = llvm::dyn_cast<clang::CXXDefaultArgExpr>(E))
      E = DA->getExpr();
    E = E->IgnoreParens();
    if (const auto *Cleanups = llvm::dyn_cast<clang::ExprWithCleanups>(E))
      E = Cleanups->getSubExpr()->IgnoreParens();
    if (!E->getType()->isPointerType() || E->getType()->getPointeeType()->isArrayType())
      return std::nullopt;
    if (const auto *C = llvm::dyn_cast<clang::ImplicitCastExpr>(E)) {
      if (C->getCastKind() == clang::CK_ArrayToPointerDecay)
        return privateArrayBase(C->getSubExpr());
      if (C->getCastKind() == clang::CK_NoOp || C->getCastKind() == clang::CK_LValueToRValue)
        return pointerBaseOf(C->getSubExpr());
      return std::nullopt;
    }
    if (const auto *DRE = llvm::dyn_cast<clang::DeclRefExpr>(E)) {
      const auto *VD = llvm::dyn_cast<clang::VarDecl>(DRE->getDecl());
      auto It = VD ? Sc->Pointers.find(VD) : Sc->Pointers.end();
      return It != Sc->Pointers.end() ? std::optional<PointerBase>(It->second.Base)
                                      : std::nullopt;
    }
    if (const auto *UO = llvm::dyn_cast<clang::UnaryOperator>(E)) {
      if (UO->isIncrementDecrementOp())
        return pointerBaseOf(UO->getSubExpr());
      if (UO->getOpcode() != clang::UO_AddrOf)
        return std::nullopt;
      const clang::Expr *Sub = UO->getSubExpr()->IgnoreParens();
      if (const auto *AS = llvm::dyn_cast<clang::ArraySubscriptExpr>(Sub))
        return pointerBaseOf(AS->getBase());
      if (const auto *Deref = llvm::dyn_cast<clang::UnaryOperator>(Sub);
          Deref && Deref->getOpcode() == clang::UO_Deref)
        return pointerBaseOf(Deref->getSubExpr());
      if (const auto *OC = llvm::dyn_cast<clang::CXXOperatorCallExpr>(Sub);
          OC && OC->getOperator() == clang::OO_Subscript && OC->getNumArgs() == 2)
        return privateArrayBase(OC->getArg(0));
      return std::nullopt;
    }
    if (const auto *BO = llvm::dyn_cast<clang::BinaryOperator>(E)) {
      if (BO->getOpcode() == clang::BO_Comma)
        return pointerBaseOf(BO->getRHS());
      if (BO->isAssignmentOp() || BO->getLHS()->getType()->isPointerType())
        return pointerBaseOf(BO->getLHS());
      return pointerBaseOf(BO->getRHS()); // k + p
    }
    if (const auto *CO = llvm::dyn_cast<clang::ConditionalOperator>(E)) {
      // Two arrays: pointerPosition refuses it with its reason.
      std::optional<PointerBase> A = pointerBaseOf(CO->getTrueExpr());
      return A && pointerBaseOf(CO->getFalseExpr()) ? A : std::nullopt;
    }
    const clang::Expr *Array = nullptr;
    bool AtEnd = false;
    if (arrayIterator(E, Array, AtEnd))
      return privateArrayBase(Array);
    // A function returning a pointer: one into the array of a pointer it is given (which
    // pointerPosition confirms once the function is translated).
    if (const auto *CE = llvm::dyn_cast<clang::CallExpr>(E))
      for (const clang::Expr *Arg : CE->arguments())
        if (std::optional<PointerBase> B = pointerBaseOf(Arg))
          return B;
        else if (std::optional<PointerBase> V = scalarAddress(Arg))
          return V; // refused by pointerPosition, with its reason
    return std::nullopt;
  }

  /// The position \p At moved by the index \p By (`Op` "+", "-", "+=" or "-="); null
  /// when either is.
  ExprPtr shifted(ExprPtr At, const char *Op, const clang::Expr *By) {
    ExprPtr K = At ? expr(By) : nullptr;
    if (!K)
      return nullptr;
    ExprPtr B = makeExpr(Expr::Kind::Binary, ScalarType::Long);
    B->Text = Op;
    B->Operands.push_back(std::move(At));
    B->Operands.push_back(makeCast(ScalarType::Long, std::move(K)));
    return B;
  }

  /// The position (a long) that \p E, a pointer pointerBaseOf accepts, points at; its
  /// array in \p Base.  Null, refused, for the shapes it cannot translate.
  ExprPtr pointerPosition(const clang::Expr *E, PointerBase &Base) {
    if (const auto *DA = llvm::dyn_cast<clang::CXXDefaultArgExpr>(E))
      E = DA->getExpr();
    E = E->IgnoreParens();
    if (const auto *Cleanups = llvm::dyn_cast<clang::ExprWithCleanups>(E))
      E = Cleanups->getSubExpr()->IgnoreParens();
    const clang::SourceLocation Loc = E->getExprLoc();
    const auto Zero = [&] {
      return intLiteral(llvm::APSInt(llvm::APInt(64, 0), false), ScalarType::Long);
    };
    if (const auto *C = llvm::dyn_cast<clang::ImplicitCastExpr>(E)) {
      if (C->getCastKind() == clang::CK_ArrayToPointerDecay) {
        std::optional<PointerBase> B = privateArrayBase(C->getSubExpr());
        if (!B)
          return fail(Loc, "uses a pointer into an array other than one the work-item "
                           "holds (a local array or std::array, not a constant table, a "
                           "view or a struct's array member)");
        Base = *B;
        return Zero();
      }
      if (C->getCastKind() == clang::CK_NoOp || C->getCastKind() == clang::CK_LValueToRValue)
        return pointerPosition(C->getSubExpr(), Base);
    }
    if (const auto *DRE = llvm::dyn_cast<clang::DeclRefExpr>(E)) {
      const auto *VD = llvm::dyn_cast<clang::VarDecl>(DRE->getDecl());
      if (auto It = VD ? Sc->Pointers.find(VD) : Sc->Pointers.end(); It != Sc->Pointers.end()) {
        Base = It->second.Base;
        ExprPtr L = makeExpr(Expr::Kind::Local, ScalarType::Long);
        L->Text = It->second.Position;
        return L;
      }
    }
    if (const auto *UO = llvm::dyn_cast<clang::UnaryOperator>(E)) {
      const clang::Expr *Sub = UO->getSubExpr()->IgnoreParens();
      if (UO->isIncrementDecrementOp()) {
        ExprPtr At = pointerPosition(Sub, Base);
        if (!At)
          return nullptr;
        if (At->K != Expr::Kind::Local)
          return fail(UO->getOperatorLoc(), "increments a pointer other than a variable");
        ExprPtr U = makeExpr(Expr::Kind::Unary, ScalarType::Long);
        U->Text = UO->isIncrementOp() ? "++" : "--";
        U->Postfix = UO->isPostfix();
        U->Operands.push_back(std::move(At));
        return U;
      }
      if (UO->getOpcode() == clang::UO_AddrOf) {
        if (const auto *AS = llvm::dyn_cast<clang::ArraySubscriptExpr>(Sub))
          return shifted(pointerPosition(AS->getBase(), Base), "+", AS->getIdx());
        if (const auto *Deref = llvm::dyn_cast<clang::UnaryOperator>(Sub);
            Deref && Deref->getOpcode() == clang::UO_Deref)
          return pointerPosition(Deref->getSubExpr(), Base);
        if (const auto *OC = llvm::dyn_cast<clang::CXXOperatorCallExpr>(Sub);
            OC && OC->getOperator() == clang::OO_Subscript && OC->getNumArgs() == 2)
          if (std::optional<PointerBase> B = privateArrayBase(OC->getArg(0))) {
            Base = *B;
            return shifted(Zero(), "+", unwrapIndex(OC->getArg(1)));
          }
      }
    }
    if (const auto *BO = llvm::dyn_cast<clang::BinaryOperator>(E)) {
      const clang::Expr *L = BO->getLHS(), *Rhs = BO->getRHS();
      switch (BO->getOpcode()) {
      case clang::BO_Add:
      case clang::BO_Sub:
        if (!L->getType()->isPointerType())
          std::swap(L, Rhs); // k + p
        return shifted(pointerPosition(L, Base), BO->getOpcode() == clang::BO_Add ? "+" : "-",
                      Rhs);
      case clang::BO_Comma: {
        ExprPtr First = expr(L);
        ExprPtr Then = First ? pointerPosition(Rhs, Base) : nullptr;
        if (!Then)
          return nullptr;
        ExprPtr B = makeExpr(Expr::Kind::Binary, ScalarType::Long);
        B->Text = ",";
        B->Operands.push_back(std::move(First));
        B->Operands.push_back(std::move(Then));
        return B;
      }
      case clang::BO_AddAssign:
      case clang::BO_SubAssign:
      case clang::BO_Assign: {
        ExprPtr To = pointerPosition(L, Base);
        if (!To)
          return nullptr;
        if (To->K != Expr::Kind::Local)
          return fail(BO->getOperatorLoc(), "assigns to a pointer other than a variable");
        if (BO->getOpcode() != clang::BO_Assign)
          return shifted(std::move(To), BO->getOpcode() == clang::BO_AddAssign ? "+=" : "-=",
                        Rhs);
        PointerBase From;
        ExprPtr Value = pointerPosition(Rhs, From);
        if (!Value)
          return nullptr;
        if (!From.same(Base))
          return fail(BO->getOperatorLoc(), "points a pointer into another array than the one "
                                            "it was declared with");
        ExprPtr B = makeExpr(Expr::Kind::Binary, ScalarType::Long);
        B->Text = "=";
        B->Operands.push_back(std::move(To));
        B->Operands.push_back(std::move(Value));
        return B;
      }
      default:
        break;
      }
    }
    if (const auto *CO = llvm::dyn_cast<clang::ConditionalOperator>(E)) {
      PointerBase Other;
      ExprPtr Cond = expr(CO->getCond());
      ExprPtr A = Cond ? pointerPosition(CO->getTrueExpr(), Base) : nullptr;
      ExprPtr B = A ? pointerPosition(CO->getFalseExpr(), Other) : nullptr;
      if (!B)
        return nullptr;
      if (!Other.same(Base))
        return fail(CO->getQuestionLoc(), "chooses between pointers into two arrays");
      ExprPtr C = makeExpr(Expr::Kind::Conditional, ScalarType::Long);
      C->Operands.push_back(std::move(Cond));
      C->Operands.push_back(std::move(A));
      C->Operands.push_back(std::move(B));
      return C;
    }
    const clang::Expr *Array = nullptr;
    bool AtEnd = false;
    if (arrayIterator(E, Array, AtEnd)) {
      std::optional<PointerBase> B = privateArrayBase(Array);
      if (!B)
        return fail(Loc, "takes an iterator of an array other than one the work-item holds "
                         "(a local array or std::array)");
      Base = *B;
      return intLiteral(llvm::APSInt(llvm::APInt(64, AtEnd ? B->Size : 0), false),
                        ScalarType::Long);
    }
    if (const auto *CE = llvm::dyn_cast<clang::CallExpr>(E)) {
      ExprPtr Call = expr(CE);
      if (!Call)
        return nullptr;
      auto Returned = Call->K == Expr::Kind::FunctionCall
                          ? ReturnedPointerParam.find(Call->Index)
                          : ReturnedPointerParam.end();
      auto Given = Returned != ReturnedPointerParam.end()
                       ? LastPointerArgs.find(Returned->second)
                       : LastPointerArgs.end();
      if (Given == LastPointerArgs.end() || Given->second.Scalar)
        return fail(Loc, "uses a pointer a call returns other than one into an array it is "
                         "given");
      Base = Given->second;
      return Call;
    }
    return fail(Loc, "uses a pointer other than one into an array the work-item holds "
                     "(a local array or std::array: its name, &a[k], a.begin(), a.data(), "
                     "and arithmetic on such pointers)");
  }

  /// The element at \p Position of the pointer's array \p B: `*p`, `p[k]`.
  ExprPtr pointedElement(const PointerBase &B, ExprPtr Position, clang::SourceLocation Loc) {
    if (!Position)
      return nullptr;
    ExprPtr A = makeValue(Expr::Kind::ArrayElement, {B.Element, B.Record});
    A->Text = B.Array;
    A->Extent = B.Size;
    A->ExtentName = B.ExtentName;
    A->AccessId = arrayAccess(Loc);
    A->Operands.push_back(std::move(Position));
    return A;
  }

  /// The address of the first element of the pointer's array \p B, as a pointer
  /// parameter's first argument: the name where the function only reads it, else `&a[0]`,
  /// which the body's analyses see as a write of the array.
  ExprPtr pointerArrayArgument(const PointerBase &B, bool Const) {
    if (Const) {
      ExprPtr E = makeValue(Expr::Kind::Local, {B.Element, B.Record});
      E->Text = B.Array;
      return E;
    }
    ExprPtr First = makeValue(Expr::Kind::ArrayElement, {B.Element, B.Record});
    First->Text = B.Array;
    First->Extent = B.Size;
    First->ExtentName = B.ExtentName;
    First->HoistedMask = 1;
    First->Operands.push_back(
        intLiteral(llvm::APSInt(llvm::APInt(64, 0), true), ScalarType::ULong));
    ExprPtr Address = makeValue(Expr::Kind::Unary, {B.Element, B.Record});
    Address->Text = "&";
    Address->Operands.push_back(std::move(First));
    return Address;
  }

  /// `p == q`, `p < q`, `q - p` of two pointers into private arrays: their positions
  /// compared or subtracted where both point into one array, else their addresses (two
  /// pointer parameters, which the caller may give the same array or two).
  ExprPtr pointerComparison(const clang::BinaryOperator *BO) {
    std::optional<ScalarType> T = typeOf(BO->getType(), BO->getOperatorLoc());
    if (!T)
      return nullptr;
    PointerBase A, B;
    ExprPtr L = pointerPosition(BO->getLHS(), A);
    ExprPtr Rhs = L ? pointerPosition(BO->getRHS(), B) : nullptr;
    if (!Rhs)
      return nullptr;
    if (!A.same(B)) {
      L = pointerAddress(A, std::move(L));
      Rhs = pointerAddress(B, std::move(Rhs));
    }
    ExprPtr C = makeExpr(Expr::Kind::Binary, *T);
    C->Text = BO->getOpcodeStr().str();
    C->Operands.push_back(std::move(L));
    C->Operands.push_back(std::move(Rhs));
    return C;
  }

  /// The address `a + position` of the pointer into \p B at \p At (typed as the position:
  /// it is only compared or subtracted).
  static ExprPtr pointerAddress(const PointerBase &B, ExprPtr At) {
    ExprPtr Start = makeExpr(Expr::Kind::Local, ScalarType::Long);
    Start->Text = B.Array;
    ExprPtr Sum = makeExpr(Expr::Kind::Binary, ScalarType::Long);
    Sum->Text = "+";
    Sum->Operands.push_back(std::move(Start));
    Sum->Operands.push_back(std::move(At));
    return Sum;
  }

  /// `T *p = <a pointer into a private array>;`: a long holding the position.
  StmtPtr pointerDecl(const clang::VarDecl *VD) {
    PointerBase Base;
    ExprPtr At = pointerPosition(VD->getInit(), Base);
    if (!At)
      return nullptr;
    auto D = std::make_unique<Stmt>(Stmt::Kind::Decl);
    D->VarType = ScalarType::Long;
    D->VarName = Sc->Names->nameFor(VD, VD->getNameAsString());
    D->Init = std::move(At);
    Sc->Pointers[VD] = PointerVar{Base, D->VarName};
    return D;
  }

  /// Whether the array \p VD is used as a pointer (decayed other than to be indexed, or
  /// its begin(), end() or data() taken) in \p Body: it must then be a private array of
  /// the work-item, not a constant table, whose address space a pointer cannot reach.
  bool usedAsPointer(const clang::VarDecl *VD, const clang::Stmt *Body) {
    struct Uses : clang::RecursiveASTVisitor<Uses> {
      Builder &B;
      const clang::VarDecl *VD;
      bool Found = false;
      Uses(Builder &B, const clang::VarDecl *VD) : B(B), VD(VD) {}
      bool shouldVisitLambdaBody() const { return true; }
      bool names(const clang::Expr *E) const {
        const auto *DRE = llvm::dyn_cast<clang::DeclRefExpr>(E->IgnoreParenImpCasts());
        return DRE && DRE->getDecl() == VD;
      }
      bool VisitImplicitCastExpr(clang::ImplicitCastExpr *C) {
        if (C->getCastKind() != clang::CK_ArrayToPointerDecay || !names(C->getSubExpr()))
          return true;
        for (const clang::DynTypedNode &P : B.Ctx.getParents(*C))
          if (const auto *AS = P.get<clang::ArraySubscriptExpr>(); AS && AS->getBase() == C)
            return true;
        Found = true;
        return false;
      }
      bool VisitCallExpr(clang::CallExpr *CE) {
        const clang::Expr *Array = nullptr;
        bool AtEnd = false;
        if (B.arrayIterator(CE, Array, AtEnd) && names(Array))
          Found = true;
        return !Found;
      }
    } U(*this, VD);
    U.TraverseStmt(const_cast<clang::Stmt *>(Body));
    return U.Found;
  }

  /// size(), front() and back() of a private array or table (the calls whose meaning is
  /// the same for the array the kernel holds).
  ExprPtr arrayMember(const clang::CXXMemberCallExpr *MC, const clang::VarDecl *VD,
                      const std::string &Name) {
    const ArrayShape Shape = *arrayShape(VD->getType());
    const unsigned long long Size = Shape.Dims.front();
    if ((Name == "size" || Name == "max_size") && MC->getNumArgs() == 0) {
      std::optional<ScalarType> T = typeOf(MC->getType(), MC->getExprLoc());
      if (!T)
        return nullptr;
      return intLiteral(llvm::APSInt(llvm::APInt(64, Size), true), *T);
    }
    if (Name == "empty" && MC->getNumArgs() == 0) {
      ExprPtr L = makeExpr(Expr::Kind::BoolLiteral, ScalarType::Bool);
      L->Text = Size == 0 ? "true" : "false";
      return L;
    }
    if ((Name == "front" || Name == "back") && MC->getNumArgs() == 0) {
      if (Shape.Dims.size() > 1)
        return rowRefused(MC->getExprLoc(), VD->getNameAsString(), Shape.Dims.size());
      ExprPtr I = makeExpr(Expr::Kind::IntLiteral, ScalarType::ULong);
      I->Text = std::to_string(Name == "front" ? 0 : Size - 1);
      return arrayElement(VD, std::move(I), MC->getEndLoc());
    }
    return nullptr;
  }

  // ---- expressions ------------------------------------------------------

  ExprPtr expr(const clang::Expr *E) {
    E = E->IgnoreParens();
    if (E != ArrayResultCall && arrayResult(E))
      return fail(E->getExprLoc(), "uses the std::array a call returns other than to "
                                   "initialize, assign or return a whole array");
    if (isRecordValue(E->getType())) {
      if (const clang::Expr *Inner = recordOperand(E))
        return expr(Inner);
      bool Handled = false;
      ExprPtr V = recordConstruction(E, Handled);
      if (Handled)
        return V;
    }
    if (const auto *C = llvm::dyn_cast<clang::ConstantExpr>(E)) {
      // A consteval call's value, which the compiler computed.
      if (std::optional<ScalarType> T = scalarTypeOf(C->getType(), Ctx);
          T && C->hasAPValueResult())
        if (ExprPtr L = literalOf(C->getAPValueResult(), *T)) {
          if (*T == ScalarType::Double)
            R.UsesDouble = true;
          return L;
        }
      return expr(C->getSubExpr());
    }
    if (llvm::isa<clang::ImplicitValueInitExpr, clang::CXXScalarValueInitExpr>(E)) {
      std::optional<ScalarType> T = typeOf(E->getType(), E->getExprLoc());
      return T ? zeroOf(*T) : nullptr;
    }
    // T{} and T{x} of an arithmetic T (`return {};`).
    if (const auto *IL = llvm::dyn_cast<clang::InitListExpr>(E);
        IL && IL->getNumInits() <= 1 && E->getType()->isArithmeticType()) {
      std::optional<ScalarType> T = typeOf(E->getType(), E->getExprLoc());
      if (!T)
        return nullptr;
      if (IL->getNumInits() == 0)
        return zeroOf(*T);
      ExprPtr V = expr(IL->getInit(0));
      return V ? makeCast(*T, std::move(V)) : nullptr;
    }
    if (const auto *C = llvm::dyn_cast<clang::ExprWithCleanups>(E))
      return expr(C->getSubExpr());
    if (const auto *D = llvm::dyn_cast<clang::CXXDefaultInitExpr>(E))
      return expr(D->getExpr()); // a default member initializer
    if (const auto *D = llvm::dyn_cast<clang::CXXDefaultArgExpr>(E))
      return expr(D->getExpr());
    if (const auto *M = llvm::dyn_cast<clang::MaterializeTemporaryExpr>(E))
      return expr(M->getSubExpr());
    if (const auto *B = llvm::dyn_cast<clang::CXXBindTemporaryExpr>(E))
      return expr(B->getSubExpr());
    if (const auto *NT = llvm::dyn_cast<clang::SubstNonTypeTemplateParmExpr>(E))
      return expr(NT->getReplacement());
    // sizeof...(Ts): a constant of the instantiation.
    if (const auto *SP = llvm::dyn_cast<clang::SizeOfPackExpr>(E)) {
      clang::Expr::EvalResult V;
      std::optional<ScalarType> T = typeOf(SP->getType(), SP->getOperatorLoc());
      if (!T || !SP->EvaluateAsInt(V, Ctx))
        return T ? fail(SP->getOperatorLoc(), "uses a 'sizeof...' without a value") : nullptr;
      ExprPtr L = makeExpr(Expr::Kind::IntLiteral, *T);
      L->Text = llvm::toString(V.Val.getInt(), 10, ir::isSignedInteger(*T));
      return L;
    }
    if (const auto *IC = llvm::dyn_cast<clang::ImplicitCastExpr>(E))
      return implicitCast(IC);
    if (const auto *BC = llvm::dyn_cast<clang::BuiltinBitCastExpr>(E))
      return bitCast(BC);
    if (const auto *EC = llvm::dyn_cast<clang::ExplicitCastExpr>(E)) {
      if (EC->getCastKind() == clang::CK_DerivedToBase ||
          EC->getCastKind() == clang::CK_UncheckedDerivedToBase ||
          EC->getCastKind() == clang::CK_BaseToDerived)
        return objectOf(EC); // static_cast<const base &>(d), static_cast<const D &>(*this)
      if (EC->getCastKind() == clang::CK_ToVoid)
        return expr(EC->getSubExpr()); // `(void)++p`: its value is never read
      std::optional<ScalarType> T = typeOf(EC->getType(), EC->getBeginLoc());
      if (!T)
        return nullptr;
      ExprPtr Sub = expr(EC->getSubExpr());
      return Sub ? makeCast(*T, std::move(Sub)) : nullptr;
    }
    if (const auto *IL = llvm::dyn_cast<clang::IntegerLiteral>(E)) {
      std::optional<ScalarType> T = typeOf(IL->getType(), IL->getLocation());
      if (!T)
        return nullptr;
      ExprPtr L = makeExpr(Expr::Kind::IntLiteral, *T);
      L->Text = llvm::toString(IL->getValue(), 10, ir::isSignedInteger(*T));
      return L;
    }
    if (const auto *CL = llvm::dyn_cast<clang::CharacterLiteral>(E)) {
      std::optional<ScalarType> T = typeOf(CL->getType(), CL->getLocation());
      if (!T)
        return nullptr;
      ExprPtr L = makeExpr(Expr::Kind::IntLiteral, *T);
      L->Text = std::to_string(CL->getValue());
      return L;
    }
    if (const auto *FL = llvm::dyn_cast<clang::FloatingLiteral>(E)) {
      std::optional<ScalarType> T = typeOf(FL->getType(), FL->getLocation());
      if (!T)
        return nullptr;
      ExprPtr L = makeExpr(Expr::Kind::FloatLiteral, *T);
      L->Text = formatFloat(FL->getValue(), *T);
      return L;
    }
    if (const auto *BL = llvm::dyn_cast<clang::CXXBoolLiteralExpr>(E)) {
      ExprPtr L = makeExpr(Expr::Kind::BoolLiteral, ScalarType::Bool);
      L->Text = BL->getValue() ? "true" : "false";
      return L;
    }
    if (const auto *DRE = llvm::dyn_cast<clang::DeclRefExpr>(E))
      return declRef(DRE);
    if (const auto *ME = llvm::dyn_cast<clang::MemberExpr>(E))
      return member(ME);
    if (const auto *UO = llvm::dyn_cast<clang::UnaryOperator>(E))
      return unary(UO);
    if (const auto *BO = llvm::dyn_cast<clang::BinaryOperator>(E))
      return binary(BO);
    if (const auto *CO = llvm::dyn_cast<clang::ConditionalOperator>(E)) {
      std::optional<ValueType> T = valueTypeOf(CO->getType(), CO->getQuestionLoc());
      if (!T)
        return nullptr;
      ExprPtr C = makeValue(Expr::Kind::Conditional, *T);
      for (const clang::Expr *Op : {CO->getCond(), CO->getTrueExpr(), CO->getFalseExpr()}) {
        ExprPtr P = expr(Op);
        if (!P)
          return nullptr;
        C->Operands.push_back(std::move(P));
      }
      return C;
    }
    if (const auto *OC = llvm::dyn_cast<clang::CXXOperatorCallExpr>(E))
      return operatorCall(OC);
    // `a != b` and `b == a` that C++20 answers with an operator==: the call it makes.
    if (const auto *RB = llvm::dyn_cast<clang::CXXRewrittenBinaryOperator>(E))
      return expr(RB->getSemanticForm());
    if (const auto *MC = llvm::dyn_cast<clang::CXXMemberCallExpr>(E))
      return memberCall(MC);
    if (const auto *CE = llvm::dyn_cast<clang::CallExpr>(E))
      return call(CE);
    if (const auto *AS = llvm::dyn_cast<clang::ArraySubscriptExpr>(E)) {
      if (std::optional<ExprPtr> Element = nestedElement(AS, AS->getRBracketLoc()))
        return std::move(*Element);
      if (std::optional<ExprPtr> Element = outerNestedElement(AS, AS->getRBracketLoc()))
        return std::move(*Element);
      if (const clang::VarDecl *AV = heldArray(AS->getBase()))
        return arrayElement(AV, expr(AS->getIdx()), AS->getRBracketLoc());
      if (const clang::MemberExpr *ME = arrayMemberOf(AS->getBase()))
        return arrayFieldElement(member(ME, /*Indexed=*/true), expr(AS->getIdx()),
                                 AS->getRBracketLoc());
      const auto *Base = llvm::dyn_cast<clang::DeclRefExpr>(AS->getBase()->IgnoreParenImpCasts());
      if (const auto *VD = Base ? llvm::dyn_cast<clang::VarDecl>(Base->getDecl()) : nullptr;
          VD && builtinArrayInfo(VD->getType(), Ctx))
        return builtinArrayElement(AS, VD);
      const clang::Expr *Outermost = AS->getBase()->IgnoreParenImpCasts();
      while (const auto *Inner = llvm::dyn_cast<clang::ArraySubscriptExpr>(Outermost))
        Outermost = Inner->getBase()->IgnoreParenImpCasts();
      if (const auto *Array = llvm::dyn_cast<clang::DeclRefExpr>(Outermost);
          !Base && Array && Ctx.getAsConstantArrayType(Array->getType().getNonReferenceType()))
        return fail(AS->getExprLoc(), "indexes '" + Array->getDecl()->getNameAsString() +
                                          "', a built-in array of more than one dimension "
                                          "from outside the loop whose elements are no "
                                          "arithmetic values or structs a kernel holds");
      if (AS->getBase()->getType()->isPointerType() && pointerBaseOf(AS->getBase())) {
        PointerBase To;
        return pointedElement(To, shifted(pointerPosition(AS->getBase(), To), "+", AS->getIdx()),
                              AS->getRBracketLoc());
      }
      if (Base && Base->getType()->isPointerType())
        return fail(AS->getExprLoc(), "uses the raw pointer '" +
                                          Base->getDecl()->getNameAsString() +
                                          "', whose extent is unknown; use a clpar::view");
      return fail(AS->getExprLoc(), "indexes a built-in array or pointer; use a "
                                    "clpar::view, std::vector or std::array");
    }
    if (const auto *TT = llvm::dyn_cast<clang::UnaryExprOrTypeTraitExpr>(E)) {
      clang::Expr::EvalResult V;
      if (TT->EvaluateAsInt(V, Ctx)) {
        ExprPtr L = makeExpr(Expr::Kind::IntLiteral, ScalarType::ULong);
        L->Text = llvm::toString(V.Val.getInt(), 10, false);
        return L;
      }
    }
    return fail(E->getExprLoc(), std::string("uses an expression of kind '") +
                                     E->getStmtClassName() + "'");
  }

  /// std::bit_cast (__builtin_bit_cast) between scalars of one size: OpenCL's as_type,
  /// the same bits read as the other type (a conversion would change them).
  ExprPtr bitCast(const clang::BuiltinBitCastExpr *BC) {
    const clang::Expr *Sub = BC->getSubExpr();
    std::optional<ScalarType> To = scalarTypeOf(BC->getType(), Ctx);
    std::optional<ScalarType> From = scalarTypeOf(Sub->getType(), Ctx);
    if (!To || !From || *To == ScalarType::Bool || *From == ScalarType::Bool)
      return fail(BC->getBeginLoc(), "reinterprets the bits of a '" +
                                         typeText(Sub->getType()) + "' as a '" +
                                         typeText(BC->getType()) +
                                         "' (only between arithmetic types other than bool)");
    ExprPtr Operand = expr(Sub);
    if (!Operand)
      return nullptr;
    if (*To == *From)
      return Operand;
    if (*To == ScalarType::Double || *From == ScalarType::Double)
      R.UsesDouble = true;
    ExprPtr C = makeExpr(Expr::Kind::Call, *To);
    C->Text = std::string("as_") + ir::openclTypeName(*To);
    C->Operands.push_back(makeCast(*From, std::move(Operand)));
    return C;
  }

  ExprPtr implicitCast(const clang::ImplicitCastExpr *IC) {
    switch (IC->getCastKind()) {
    case clang::CK_LValueToRValue:
    case clang::CK_NoOp:
      return expr(IC->getSubExpr());
    case clang::CK_DerivedToBase:
    case clang::CK_UncheckedDerivedToBase:
      return objectOf(IC);
    case clang::CK_IntegralCast:
    case clang::CK_IntegralToFloating:
    case clang::CK_FloatingToIntegral:
    case clang::CK_FloatingCast:
    case clang::CK_IntegralToBoolean:
    case clang::CK_FloatingToBoolean:
    case clang::CK_BooleanToSignedIntegral: {
      std::optional<ScalarType> T = typeOf(IC->getType(), IC->getExprLoc());
      if (!T)
        return nullptr;
      ExprPtr Sub = expr(IC->getSubExpr());
      return Sub ? makeCast(*T, std::move(Sub)) : nullptr;
    }
    default:
      return fail(IC->getExprLoc(), std::string("uses a conversion of kind '") +
                                        IC->getCastKindName() + "'");
    }
  }

  ExprPtr declRef(const clang::DeclRefExpr *DRE) {
    const clang::ValueDecl *D = DRE->getDecl();
    if (const auto *EC = llvm::dyn_cast<clang::EnumConstantDecl>(D)) {
      clang::QualType IntType = DRE->getType();
      if (const auto *ED = llvm::dyn_cast<clang::EnumDecl>(EC->getDeclContext()))
        IntType = ED->getIntegerType();
      std::optional<ScalarType> T = typeOf(IntType, DRE->getLocation());
      if (!T)
        return nullptr;
      ExprPtr L = makeExpr(Expr::Kind::IntLiteral, *T);
      L->Text = llvm::toString(EC->getInitVal(), 10, ir::isSignedInteger(*T));
      return L;
    }
    if (const auto *B = llvm::dyn_cast<clang::BindingDecl>(D); B && pairBinding(B)) {
      // A std::pair binds through get<>: its names are `first` and `second` all the same.
      const auto *Whole = llvm::cast<clang::DecompositionDecl>(B->getDecomposedDecl());
      ExprPtr Object = varRef(Whole, DRE->getLocation());
      if (!Object)
        return nullptr;
      const unsigned Index = static_cast<unsigned>(
          std::find(Whole->bindings().begin(), Whole->bindings().end(), B) -
          Whole->bindings().begin());
      return recordField(std::move(Object), R.Records[Object->Record].Bases + Index);
    }
    if (const auto *B = llvm::dyn_cast<clang::BindingDecl>(D); B && B->getBinding())
      return expr(B->getBinding()); // a field of the bound object (varDecl)
    const auto *VD = llvm::dyn_cast<clang::VarDecl>(D);
    if (!VD)
      return fail(DRE->getLocation(), "uses '" + D->getNameAsString() +
                                          "', which is not a variable");
    return varRef(VD, DRE->getLocation());
  }

  /// A reference declared in the body (`auto &x = v(i, j);`, `const float &y = t;`):
  /// nullopt where it is none of the shapes below (the caller refuses it).  Bound to an
  /// element of a view or local array, or to a local, whose place the initializer decides
  /// once and for all, the reference is an alias: each use is its initializer again (so
  /// the analyses see the element's accesses and writes), and the declaration needs no
  /// storage.  A const reference bound to a temporary (`const float &y = a[i] * 2`) is
  /// a constant local holding the value.
  std::optional<StmtPtr> referenceLocal(const clang::VarDecl *VD) {
    const clang::Expr *Init = VD->getInit();
    if (!Init)
      return std::nullopt;
    if (const auto *Cleanups = llvm::dyn_cast<clang::ExprWithCleanups>(Init))
      Init = Cleanups->getSubExpr();
    if (llvm::isa<clang::MaterializeTemporaryExpr>(Init->IgnoreParens())) {
      const clang::QualType T = VD->getType().getNonReferenceType();
      if (!T.isConstQualified() || !(T->isArithmeticType() || isRecordValue(T)))
        return std::nullopt;
      return valueDecl(VD, T);
    }
    Init = Init->IgnoreParens();
    if (aliasUnstable(VD, Init, "binds the reference '" + VD->getNameAsString() + "'"))
      return StmtPtr();
    if (arrayMemberOf(Init)) { // a struct's array member: indexed where used
      Aliases[VD] = Init;
      return std::make_unique<Stmt>(Stmt::Kind::Null);
    }
    return aliasDecl(VD, Init, Aliases);
  }

  /// The declaration of \p VD, an alias of \p Target (referenceLocal, pointerLocal) that
  /// \p Into records: no storage.  Nullopt where \p Target is not an element of a view or
  /// local array, or a local.
  std::optional<StmtPtr>
  aliasDecl(const clang::VarDecl *VD, const clang::Expr *Target,
            llvm::DenseMap<const clang::VarDecl *, const clang::Expr *> &Into) {
    ExprPtr Place = expr(Target);
    if (!Place)
      return StmtPtr();
    if (Place->K != Expr::Kind::ViewElement && Place->K != Expr::Kind::ArrayElement &&
        Place->K != Expr::Kind::Local)
      return std::nullopt;
    Into[VD] = Target;
    return std::make_unique<Stmt>(Stmt::Kind::Null);
  }

  /// A pointer declared in the body to what a reference may be bound to (`P *p = &v[i];`,
  /// `float *q = &t;`) that points nowhere else later: an alias as such a reference is,
  /// used through `*p` and `p->m` only (pointerTarget; any other use of the pointer is
  /// refused where it is read).  Nullopt for other initializers (the caller refuses them).
  std::optional<StmtPtr> pointerLocal(const clang::VarDecl *VD) {
    const clang::Expr *Init = VD->getInit();
    const auto *Address =
        Init ? llvm::dyn_cast<clang::UnaryOperator>(Init->IgnoreParenImpCasts()) : nullptr;
    if (!Address || Address->getOpcode() != clang::UO_AddrOf)
      return std::nullopt;
    const clang::Expr *Target = Address->getSubExpr()->IgnoreParens();
    const auto [Block, Declaration] = declarationPlace(VD);
    if (!Block || changedAfter(VD, Block, Declaration))
      return StmtPtr(fail(VD->getLocation(), "declares the pointer '" + VD->getNameAsString() +
                                                  "', which the loop may point elsewhere "
                                                  "(kernels use a pointer as a reference)"));
    if (aliasUnstable(VD, Target, "points '" + VD->getNameAsString() + "'"))
      return StmtPtr();
    return aliasDecl(VD, Target, PointerAliases);
  }

  /// What \p E, a pointer declared in the body (pointerLocal), points to; null for other
  /// expressions.
  const clang::Expr *pointerTarget(const clang::Expr *E) const {
    const auto *DRE = llvm::dyn_cast<clang::DeclRefExpr>(E->IgnoreParenImpCasts());
    const auto *VD = DRE ? llvm::dyn_cast<clang::VarDecl>(DRE->getDecl()) : nullptr;
    auto It = VD ? PointerAliases.find(VD) : PointerAliases.end();
    return It != PointerAliases.end() ? It->second : nullptr;
  }

  /// For \p VD, an alias of \p Target that each use evaluates again (referenceLocal,
  /// pointerLocal): true, with the reason (\p What: "binds the reference 'r'"), where that
  /// could differ from its place at the declaration.
  bool aliasUnstable(const clang::VarDecl *VD, const clang::Expr *Target,
                     const std::string &What) {
    if (Target->HasSideEffects(Ctx, /*IncludePossibleEffects=*/false)) {
      fail(VD->getLocation(), What + " with an initializer that has side effects");
      return true;
    }
    if (const clang::VarDecl *Moving = changingVariableIn(Target, VD)) {
      fail(VD->getLocation(), What + " to an element whose index uses '" +
                                  Moving->getNameAsString() + "', which the loop may change");
      return true;
    }
    return false;
  }

  /// The block holding \p VD's declaration (null where that is not a block: a 'for'
  /// header) and the declaration statement.
  std::pair<const clang::Stmt *, const clang::Stmt *> declarationPlace(const clang::VarDecl *VD) {
    const clang::Stmt *Block = nullptr, *Declaration = nullptr;
    for (const clang::DynTypedNode &P : Ctx.getParents(*VD))
      if (const auto *DS = P.get<clang::DeclStmt>()) {
        Declaration = DS;
        for (const clang::DynTypedNode &Q : Ctx.getParents(*DS))
          Block = Q.get<clang::CompoundStmt>();
      }
    return {Block, Declaration};
  }

  /// A variable of the body that \p E reads and that the statements after \p Ref's
  /// declaration in its block may change: the place a reference bound to \p E names
  /// could change with it.
  const clang::VarDecl *changingVariableIn(const clang::Expr *E, const clang::VarDecl *Ref) {
    const auto [Rest, Declaration] = declarationPlace(Ref);
    struct Reads : clang::RecursiveASTVisitor<Reads> {
      Builder &B;
      const clang::Stmt *Rest, *Declaration;
      const clang::VarDecl *Found = nullptr;
      Reads(Builder &B, const clang::Stmt *Rest, const clang::Stmt *Declaration)
          : B(B), Rest(Rest), Declaration(Declaration) {}
      bool VisitDeclRefExpr(clang::DeclRefExpr *DRE) {
        const auto *V = llvm::dyn_cast<clang::VarDecl>(DRE->getDecl());
        if (V && B.Sc->Locals.count(V) && !B.Aliases.count(V) &&
            !V->getType().isConstQualified() && !V->getType()->isReferenceType() &&
            !B.Sc->Arrays.count(V) &&
            std::find(B.LoopVars.begin(), B.LoopVars.end(), V) == B.LoopVars.end() &&
            (!Rest || B.changedAfter(V, Rest, Declaration)))
          Found = V;
        return Found == nullptr;
      }
    } Use(*this, Rest, Declaration);
    // The object a member or element names is a place, not a value read: `c.v[k]` and
    // `t` name the same storage whatever c and t hold later; only the indices are read.
    const clang::Expr *Index = nullptr;
    for (;;) {
      E = E->IgnoreParenImpCasts();
      if (const auto *ME = llvm::dyn_cast<clang::MemberExpr>(E); ME && !ME->isArrow()) {
        E = ME->getBase();
      } else if (const clang::Expr *Base = subscripted(E, Index)) {
        Use.TraverseStmt(const_cast<clang::Expr *>(Index));
        E = Base;
      } else {
        break;
      }
    }
    if (const auto *DRE = llvm::dyn_cast<clang::DeclRefExpr>(E);
        !DRE || !llvm::isa<clang::VarDecl>(DRE->getDecl()))
      Use.TraverseStmt(const_cast<clang::Expr *>(E));
    return Use.Found;
  }

  /// Whether a statement of \p Block after \p After may change \p V: uses it other than
  /// by reading its value (so a use bound to a const reference counts too: cautious).
  bool changedAfter(const clang::VarDecl *V, const clang::Stmt *Block,
                    const clang::Stmt *After) {
    struct Writes : clang::RecursiveASTVisitor<Writes> {
      const clang::VarDecl *V;
      clang::ASTContext &Ctx;
      bool Found = false;
      Writes(const clang::VarDecl *V, clang::ASTContext &Ctx) : V(V), Ctx(Ctx) {}
      bool shouldVisitLambdaBody() const { return true; }
      bool VisitDeclRefExpr(clang::DeclRefExpr *DRE) {
        if (DRE->getDecl() != V)
          return true;
        // Only a read leaves it as it is: its value converted to an rvalue.  Anything else
        // (assigned, incremented, its address taken, bound to a reference) may change it.
        for (const clang::DynTypedNode &P : Ctx.getParents(*DRE)) {
          const auto *Cast = P.get<clang::ImplicitCastExpr>();
          if (Cast && Cast->getCastKind() == clang::CK_LValueToRValue)
            return true;
        }
        Found = true;
        return false;
      }
    };
    bool Seen = After == nullptr;
    for (const clang::Stmt *S : Block->children()) {
      if (!Seen) {
        Seen = S == After;
        continue;
      }
      Writes W(V, Ctx);
      W.TraverseStmt(const_cast<clang::Stmt *>(S));
      if (W.Found)
        return true;
    }
    return false;
  }

  /// A read of the variable \p VD in the current scope.
  ExprPtr varRef(const clang::VarDecl *VD, clang::SourceLocation Loc) {
    if (!Sc->InFunction)
      for (unsigned I = 0; I < LoopVars.size(); ++I)
        if (LoopVars[I] == VD) {
          ExprPtr L = makeExpr(Expr::Kind::LoopIndex, R.Dims[I].LoopVarType);
          L->Index = I;
          return L;
        }
    if (auto Alias = Aliases.find(VD); Alias != Aliases.end())
      return expr(Alias->second);
    if (PointerAliases.count(VD))
      return fail(Loc, "uses the pointer '" + VD->getNameAsString() +
                           "' other than through '*' or '->'");
    if (Sc->Pointers.count(VD))
      return fail(Loc, "uses the pointer '" + VD->getNameAsString() +
                           "' other than through '*', '[]', arithmetic, comparisons or as "
                           "an argument");
    if (auto Element = RangeElements.find(VD); Element != RangeElements.end())
      return Element->second();
    if (declaredHere(VD))
      return fail(Loc, "uses the local array '" + VD->getNameAsString() +
                           "' other than through element access, size(), front() or back()");
    if (auto It = Sc->LocalNames.find(VD); Sc->Locals.count(VD) && It != Sc->LocalNames.end()) {
      std::optional<ValueType> T = valueTypeOf(VD->getType(), Loc);
      if (!T)
        return nullptr;
      ExprPtr L = makeValue(Expr::Kind::Local, *T);
      L->Text = It->second;
      return L;
    }
    // A constant with a known value becomes a literal (constexpr, or const with a
    // constant initializer, static locals included): functions and kernels then need no
    // argument for it.
    if (ExprPtr C = constantValue(VD))
      return C;
    if (Sc->Locals.count(VD))
      return fail(Loc, "uses '" + VD->getNameAsString() +
                           "' outside the statements it can translate");
    if (arrayTypeInfo(VD->getType()))
      return fail(Loc, "uses '" + VD->getNameAsString() +
                                          "' other than through element access, size() "
                                          "or extent()");
    if (VD->getType().getNonReferenceType()->isPointerType())
      return fail(Loc, "uses the raw pointer '" + VD->getNameAsString() +
                                          "', whose extent is unknown; use a clpar::view");
    // A complex sum's accumulator: a complex value, whose parts the kernel reduces.
    if (auto Red = ReductionIndex.find(VD);
        !Sc->InFunction && Red != ReductionIndex.end() && R.Reductions[Red->second].Complex) {
      std::optional<unsigned> Rec = recordOf(VD->getType(), Loc);
      if (!Rec)
        return nullptr;
      R.Reductions[Red->second].Record = *Rec;
      ExprPtr L = makeValue(Expr::Kind::Reduction, {ScalarType::Record, *Rec});
      L->Index = Red->second;
      return L;
    }
    if (isRecordValue(VD->getType()) && !ReductionIndex.count(VD)) {
      std::optional<unsigned> Rec = recordOf(VD->getType(), Loc);
      if (!Rec)
        return nullptr;
      if (Sc->InFunction)
        return fail(Loc, "reads the global variable '" + VD->getNameAsString() +
                             "' in a called function");
      return outsideRecord(hostName(VD), VD->getType(), *Rec);
    }
    std::optional<ScalarType> T = typeOf(VD->getType(), Loc);
    if (!T)
      return nullptr;
    if (Sc->InFunction)
      return fail(Loc, "reads the global variable '" +
                                          VD->getNameAsString() + "' in a called function");
    auto Red = ReductionIndex.find(VD);
    if (Red != ReductionIndex.end()) {
      ExprPtr L = makeExpr(Expr::Kind::Reduction, *T);
      L->Index = Red->second;
      return L;
    }
    return scalarArgument(VD, hostName(VD), *T);
  }

  /// How the host names \p VD when the region starts: a tagged closure's copy of it (or
  /// the variable it refers to), a local or parameter by its name, a global by its
  /// qualified one.
  std::string hostName(const clang::VarDecl *VD) const {
    if (auto It = CaptureHost.find(VD); It != CaptureHost.end())
      return It->second;
    return VD->isLocalVarDeclOrParm() ? VD->getNameAsString() : globalName(VD);
  }

  /// The kernel argument holding \p D's value, \p HostExpr on the host when the region
  /// starts.
  ExprPtr scalarArgument(const clang::ValueDecl *D, std::string HostExpr, ScalarType T) {
    return scalarArgument(D, std::move(HostExpr), D->getNameAsString(), T);
  }

  /// The same for the value \p Key stands for (a declaration, or an interned member
  /// path), named after \p UserName in the kernel.
  ExprPtr scalarArgument(const void *Key, std::string HostExpr, const std::string &UserName,
                         ScalarType T) {
    auto [It, Inserted] = ScalarIndex.insert({Key, R.Scalars.size()});
    if (Inserted) {
      ir::Scalar S;
      S.HostExpr = std::move(HostExpr);
      S.KernelName = Sc->Names->nameFor(Key, UserName);
      S.Type = T;
      R.Scalars.push_back(S);
    }
    ExprPtr L = makeExpr(Expr::Kind::Scalar, T);
    L->Index = It->second;
    return L;
  }

  /// Whether `obj.f`, for an object of class \p From, names the data member \p FD, maybe
  /// inherited: no other class among \p From and its bases declares the name, and \p FD's
  /// class is its base one way only.  (The host reads members by such names.)
  static bool namedPlainly(const clang::CXXRecordDecl *From, const clang::FieldDecl *FD) {
    const clang::CXXRecordDecl *Owner =
        llvm::cast<clang::CXXRecordDecl>(FD->getParent())->getCanonicalDecl();
    unsigned Ways = 0;
    bool Hidden = false;
    std::function<void(const clang::CXXRecordDecl *)> Walk = [&](const clang::CXXRecordDecl *RD) {
      RD = RD ? RD->getDefinition() : nullptr;
      if (!RD) {
        Hidden = true;
        return;
      }
      if (RD->getCanonicalDecl() == Owner) {
        ++Ways;
        return;
      }
      Hidden |= !RD->lookup(FD->getDeclName()).empty();
      for (const clang::CXXBaseSpecifier &B : RD->bases())
        Walk(B.getType()->getAsCXXRecordDecl());
    };
    Walk(From);
    return Ways == 1 && !Hidden;
  }

  /// The data member of the object a member function runs on (`this->f`, written `f`).
  static const clang::FieldDecl *memberOfThis(const clang::Expr *E) {
    const auto *ME = llvm::dyn_cast<clang::MemberExpr>(E->IgnoreParenImpCasts());
    if (!ME || !llvm::isa<clang::CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()))
      return nullptr;
    const auto *FD = llvm::dyn_cast<clang::FieldDecl>(ME->getMemberDecl());
    const clang::CXXRecordDecl *This =
        ME->getBase()->IgnoreParenImpCasts()->getType()->getPointeeCXXRecordDecl();
    return FD && This && namedPlainly(This, FD) ? FD : nullptr;
  }

  /// `obj.f`, `obj.g.f` or `this->g.f`, where obj is a variable the region does not
  /// declare (a local, parameter or global outside it, by value or by reference): the
  /// expression the host reads it by.  Nullopt for other shapes (through a pointer, an
  /// element, a call).  member() refuses bit-fields and volatile members first; the
  /// objects on the path are records, never either.
  std::optional<std::string> objectMemberPath(const clang::MemberExpr *ME) {
    const auto *FD = llvm::dyn_cast<clang::FieldDecl>(ME->getMemberDecl());
    if (!FD || ME->isArrow())
      return std::nullopt;
    const clang::Expr *Base = ME->getBase()->IgnoreParenImpCasts();
    std::string Prefix;
    if (const auto *Inner = llvm::dyn_cast<clang::MemberExpr>(Base)) {
      if (const clang::FieldDecl *Outer = memberOfThis(Inner)) {
        Prefix = "this->" + Outer->getNameAsString();
      } else {
        std::optional<std::string> P = objectMemberPath(Inner);
        if (!P)
          return std::nullopt;
        Prefix = *P;
      }
    } else if (const auto *DRE = llvm::dyn_cast<clang::DeclRefExpr>(Base)) {
      const auto *VD = llvm::dyn_cast<clang::VarDecl>(DRE->getDecl());
      if (!VD || !VD->getType().getNonReferenceType()->isRecordType() ||
          Sc->Locals.count(VD) || ReductionIndex.count(VD) ||
          std::find(LoopVars.begin(), LoopVars.end(), VD) != LoopVars.end())
        return std::nullopt;
      Prefix = hostName(VD);
    } else {
      return std::nullopt;
    }
    const clang::CXXRecordDecl *Object = Base->getType().getNonReferenceType()->getAsCXXRecordDecl();
    if (!Object || !namedPlainly(Object, FD))
      return std::nullopt;
    return Prefix + "." + FD->getNameAsString();
  }

  /// A data member: of a record the kernel holds (a local, a parameter, a call's value, a
  /// member function's `*this`), a field of it; of `*this` or of an object the region
  /// does not declare, read in the region, a kernel argument read on the host when the
  /// region starts (a record member: one per field).
  ExprPtr member(const clang::MemberExpr *ME, bool Indexed = false) {
    const auto *Field = llvm::dyn_cast<clang::FieldDecl>(ME->getMemberDecl());
    if (const auto *Static = llvm::dyn_cast<clang::VarDecl>(ME->getMemberDecl()))
      return varRef(Static, ME->getMemberLoc());
    if (arrayMemberOf(ME))
      return arrayField(ME, Field, Indexed);
    // `p->m` of a pointer declared in the body as a reference, or into a private array.
    if (Field && ME->isArrow() && (pointerTarget(ME->getBase()) || pointerBaseOf(ME->getBase()))) {
      ExprPtr Obj = objectOf(ME->getBase());
      if (!Obj)
        return nullptr;
      if (Obj->Type != ScalarType::Record)
        return fail(ME->getMemberLoc(), "uses the member '" + Field->getNameAsString() +
                                            "' of an object it cannot hold");
      return fieldOf(std::move(Obj), Field, ME->getMemberLoc());
    }
    if (Field && Sc->HasThis) {
      if (const auto *This =
              llvm::dyn_cast<clang::CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts())) {
        ExprPtr Obj = thisObject(This);
        return Obj ? fieldOf(std::move(Obj), Field, ME->getMemberLoc()) : nullptr;
      }
    }
    const clang::FieldDecl *FD = memberOfThis(ME);
    if (!FD) {
      if (Field && (Field->isBitField() || ME->getType().isVolatileQualified()))
        return fail(ME->getMemberLoc(), "reads the " +
                                            std::string(Field->isBitField() ? "bit-field"
                                                                            : "volatile member") +
                                            " '" + Field->getNameAsString() +
                                            "', which the host cannot pass by address");
      std::optional<std::string> Path = objectMemberPath(ME);
      if (!Path) {
        if (Field && !ME->isArrow() && isRecordValue(ME->getBase()->getType())) {
          ExprPtr Obj = expr(ME->getBase());
          if (!Obj)
            return nullptr;
          if (Obj->Type == ScalarType::Record)
            return fieldOf(std::move(Obj), Field, ME->getMemberLoc());
        }
        return fail(ME->getMemberLoc(), "uses the member '" +
                                            ME->getMemberDecl()->getNameAsString() +
                                            "' of an object other than '*this' or a variable "
                                            "declared outside the loop");
      }
      if (Sc->InFunction)
        return fail(ME->getMemberLoc(), "reads the member '" +
                                            ME->getMemberDecl()->getNameAsString() +
                                            "' in a called function");
      if (isRecordValue(ME->getType())) {
        std::optional<unsigned> Rec = recordOf(ME->getType(), ME->getMemberLoc());
        return Rec ? outsideRecord(*Path, ME->getType(), *Rec) : nullptr;
      }
      std::optional<ScalarType> T = typeOf(ME->getType(), ME->getMemberLoc());
      if (!T)
        return nullptr;
      return memberPathArgument(*Path, *T);
    }
    if (Sc->InFunction)
      return fail(ME->getMemberLoc(), "reads the member '" + FD->getNameAsString() +
                                          "' in a called function");
    if (isRecordValue(FD->getType())) {
      std::optional<unsigned> Rec = recordOf(FD->getType(), ME->getMemberLoc());
      return Rec ? outsideRecord("this->" + FD->getNameAsString(), FD->getType(), *Rec)
                 : nullptr;
    }
    std::optional<ScalarType> T = typeOf(FD->getType(), ME->getMemberLoc());
    if (!T)
      return nullptr;
    return scalarArgument(FD, "this->" + FD->getNameAsString(), *T);
  }

  /// The array member \p Field of a record (`p.v`, `v[i].v`, `this->v`, `v` in a member
  /// function) as the array an element access indexes (\p Indexed): a field of the
  /// object's record value.  An object from outside the loop is built from its fields,
  /// each element of the array an argument of its own.
  ExprPtr arrayField(const clang::MemberExpr *ME, const clang::FieldDecl *Field,
                     bool Indexed) {
    if (!Indexed)
      return fail(ME->getMemberLoc(), "uses the array member '" + Field->getNameAsString() +
                                          "' other than through element access");
    const clang::Expr *Base = ME->getBase()->IgnoreParenImpCasts();
    ExprPtr Obj;
    if (llvm::isa<clang::CXXThisExpr>(Base) || !ME->isArrow() || pointerTarget(Base))
      Obj = objectOf(ME->getBase());
    else
      return fail(ME->getMemberLoc(), "uses the member '" + Field->getNameAsString() +
                                          "' through a pointer");
    if (!Obj)
      return nullptr;
    if (Obj->Type != ScalarType::Record)
      return fail(ME->getMemberLoc(), "uses the array member '" + Field->getNameAsString() +
                                          "' of an object it cannot hold");
    return fieldOf(std::move(Obj), Field, ME->getMemberLoc());
  }

  /// Element \p Index of the array field \p Array (arrayField's Member).
  ExprPtr arrayFieldElement(ExprPtr Array, ExprPtr Index, clang::SourceLocation Bracket) {
    if (!Array || !Index)
      return nullptr;
    const ir::Record::Field &F = R.Records[Array->Operands[0]->Record].Fields[Array->Index];
    ExprPtr A = makeExpr(Expr::Kind::ArrayElement, F.Type);
    A->Extent = F.ArraySize;
    A->AccessId = arrayAccess(Bracket);
    A->Operands.push_back(std::move(Index));
    A->Operands.push_back(std::move(Array));
    return A;
  }

  /// The array \p E indexes when it is a subscript of a built-in array or a std::array
  /// (`a[i]`), with the index in \p Index; null otherwise.
  const clang::Expr *subscripted(const clang::Expr *E, const clang::Expr *&Index) {
    E = E->IgnoreParenImpCasts();
    if (const auto *AS = llvm::dyn_cast<clang::ArraySubscriptExpr>(E)) {
      const clang::Expr *Base = AS->getBase()->IgnoreParenImpCasts();
      if (!Ctx.getAsConstantArrayType(Base->getType()))
        return nullptr;
      Index = AS->getIdx();
      return Base;
    }
    const auto *OC = llvm::dyn_cast<clang::CXXOperatorCallExpr>(E);
    if (!OC || OC->getOperator() != clang::OO_Subscript || OC->getNumArgs() != 2)
      return nullptr;
    std::optional<ArrayTypeInfo> Info = arrayTypeInfo(OC->getArg(0)->getType());
    if (!Info || Info->Kind != ir::ViewKind::Array)
      return nullptr;
    Index = OC->getArg(1);
    return OC->getArg(0)->IgnoreParenImpCasts();
  }

  /// The array that the chain of subscripts \p E (`a[i][j]`, each one subscripted's)
  /// indexes, `a`; their indices, outermost first, added to \p Indices (none where \p E
  /// is no subscript, which is then returned).
  const clang::Expr *subscriptChain(const clang::Expr *E,
                                    std::vector<const clang::Expr *> &Indices) {
    const clang::Expr *Index = nullptr;
    while (const clang::Expr *Base = subscripted(E, Index)) {
      Indices.insert(Indices.begin(), Index);
      E = Base;
    }
    return E;
  }

  /// An array of arrays the kernel holds (a private array, a table, a struct's array
  /// member) that \p E indexes (`a[i][j]`, or a row `a[i]`): its shape, the indices
  /// outermost first, and the array; nullopt where \p E indexes no such array.
  struct NestedIndex {
    ArrayShape Shape;
    std::vector<const clang::Expr *> Indices;
    const clang::VarDecl *Array = nullptr;    ///< a private array or table, or
    const clang::MemberExpr *Member = nullptr; ///< a struct's array member
    std::string name() const {
      return Array ? Array->getNameAsString() : Member->getMemberDecl()->getNameAsString();
    }
  };
  std::optional<NestedIndex> nestedIndex(const clang::Expr *E) {
    NestedIndex N;
    E = subscriptChain(E, N.Indices);
    if (N.Indices.empty())
      return std::nullopt;
    if (!(N.Array = heldArray(E)) && !(N.Member = arrayMemberOf(E)))
      return std::nullopt;
    N.Shape = *arrayShape(N.Array ? N.Array->getType() : N.Member->getType());
    if (N.Shape.Dims.size() < 2)
      return std::nullopt;
    return N;
  }

  /// Refuses a row of \p Name, an array of \p Rank dimensions, used on its own.
  std::nullptr_t rowRefused(clang::SourceLocation Loc, const std::string &Name, size_t Rank) {
    return fail(Loc, "uses a row of '" + Name + "', an array of " + std::to_string(Rank) +
                         " dimensions; kernels index such arrays to an element");
  }

  /// Whether one of \p N's indices has side effects (\p Possible: a call counts too),
  /// which a place computed once per element would repeat.
  bool indicesHaveEffects(const NestedIndex &N, bool Possible) {
    return llvm::any_of(N.Indices,
                        [&](const clang::Expr *I) { return I->HasSideEffects(Ctx, Possible); });
  }

  /// `a[i][j]` of an array of arrays the kernel holds: the element at its place in the
  /// flat array (nestedPosition), checked against the whole array's length; nullopt where
  /// \p E indexes no such array.  A row on its own (`a[i]`) is refused.
  std::optional<ExprPtr> nestedElement(const clang::Expr *E, clang::SourceLocation Bracket) {
    std::optional<NestedIndex> N = nestedIndex(E);
    if (!N)
      return std::nullopt;
    if (N->Indices.size() < N->Shape.Dims.size())
      return rowRefused(E->getExprLoc(), N->name(), N->Shape.Dims.size());
    return nestedAt(*N, nestedPosition(*N, 0), Bracket);
  }

  /// `w[i][j]` of an array of arrays from outside the loop (`float w[3][3]` or nested
  /// std::arrays, of arithmetic values or structs; a reference to one): the element at
  /// its place (nestedPosition) in a view of all the host's array's elements in C++'s
  /// order, checked against the whole array's length.  nullopt where \p E indexes no
  /// such array; a row on its own is refused.
  std::optional<ExprPtr> outerNestedElement(const clang::Expr *E, clang::SourceLocation Bracket) {
    NestedIndex N;
    const clang::Expr *Whole = subscriptChain(E, N.Indices);
    const auto *DRE = llvm::dyn_cast<clang::DeclRefExpr>(Whole->IgnoreParenImpCasts());
    const auto *VD = DRE ? llvm::dyn_cast<clang::VarDecl>(DRE->getDecl()) : nullptr;
    if (N.Indices.empty() || !VD || Sc->InFunction || Sc->Locals.count(VD) ||
        heldArray(Whole) || !uniformNesting(VD->getType()))
      return std::nullopt;
    std::optional<ArrayShape> Shape = arrayShape(VD->getType());
    if (!Shape || Shape->Dims.size() < 2)
      return std::nullopt;
    if (N.Indices.size() < Shape->Dims.size())
      return rowRefused(E->getExprLoc(), VD->getNameAsString(), Shape->Dims.size());
    N.Shape = *Shape;
    std::optional<unsigned> V = flatViewOf(VD, *Shape, E->getExprLoc());
    if (!V)
      return ExprPtr();
    ExprPtr Position = nestedPosition(N, 0);
    if (!Position)
      return ExprPtr();
    const clang::SourceManager &SM = Ctx.getSourceManager();
    const clang::SourceLocation At = SM.getSpellingLoc(Bracket);
    ExprPtr A = viewAccess(*V, {R.Site.File, SM.getSpellingLineNumber(At),
                                SM.getSpellingColumnNumber(At)});
    A->Operands.push_back(std::move(Position));
    return A;
  }

  /// Whether \p T (or what it refers to) nests built-in arrays only or std::arrays only:
  /// the host's view of it (clpar::rt::view_arg_of) takes either whole.
  bool uniformNesting(clang::QualType T) {
    T = T.getNonReferenceType();
    if (const clang::ConstantArrayType *A = Ctx.getAsConstantArrayType(T))
      return !arrayTypeInfo(Ctx.getBaseElementType(A));
    for (std::optional<ArrayTypeInfo> Info = arrayTypeInfo(T); Info;
         Info = arrayTypeInfo(Info->Element)) {
      if (Info->Kind != ir::ViewKind::Array)
        return false;
      if (Ctx.getAsConstantArrayType(Info->Element))
        return false;
      T = Info->Element;
    }
    return true;
  }

  /// The view of \p VD, an array of arrays of \p Shape from outside the loop, as one
  /// dimension of all its elements.
  std::optional<unsigned> flatViewOf(const clang::VarDecl *VD, const ArrayShape &Shape,
                                     clang::SourceLocation Loc) {
    if (auto Known = FlatViewIndex.find(VD); Known != FlatViewIndex.end())
      return Known->second;
    std::optional<ValueType> Elem = elementTypeOf(Shape.Element, Loc);
    if (!Elem)
      return std::nullopt;
    const ArrayTypeInfo Info{Shape.Std ? ir::ViewKind::Array : ir::ViewKind::Builtin,
                             Shape.Element, 1};
    return FlatViewIndex[VD] = addView(VD, hostName(VD), Info, *Elem);
  }

  /// Element \p Position of the flat array \p N indexes.
  ExprPtr nestedAt(const NestedIndex &N, ExprPtr Position, clang::SourceLocation Bracket) {
    if (N.Array)
      return arrayElement(N.Array, std::move(Position), Bracket);
    return arrayFieldElement(member(N.Member, /*Indexed=*/true), std::move(Position), Bracket);
  }

  /// The place in the flat array of element \p Offset of what \p N's indices name (an
  /// element, or a row: its first element's place plus Offset): (i * extent 1 + j) *
  /// the rest's size + Offset, in 64 bits; a literal where the indices are constants
  /// within their extents.
  ExprPtr nestedPosition(const NestedIndex &N, unsigned long long Offset) {
    const std::vector<unsigned long long> &Dims = N.Shape.Dims;
    const size_t Given = N.Indices.size();
    unsigned long long Rest = 1;
    for (size_t K = Given; K < Dims.size(); ++K)
      Rest *= Dims[K];
    const auto Literal = [this](unsigned long long V) {
      return intLiteral(llvm::APSInt(llvm::APInt(64, V), true), ScalarType::Long);
    };
    bool Constant = true;
    unsigned long long Position = 0;
    for (size_t K = 0; K < Given && Constant; ++K) {
      clang::Expr::EvalResult V;
      Constant = N.Indices[K]->EvaluateAsInt(V, Ctx) && !V.Val.getInt().isNegative() &&
                 V.Val.getInt().getActiveBits() <= 63 &&
                 V.Val.getInt().getZExtValue() < Dims[K];
      if (Constant)
        Position = Position * Dims[K] + V.Val.getInt().getZExtValue();
    }
    if (Constant)
      return Literal(Position * Rest + Offset);
    const auto Binary = [](const char *Op, ExprPtr L, ExprPtr R) {
      ExprPtr B = makeExpr(Expr::Kind::Binary, ScalarType::Long);
      B->Text = Op;
      B->Operands.push_back(std::move(L));
      B->Operands.push_back(std::move(R));
      return B;
    };
    ExprPtr Flat;
    for (size_t K = 0; K < Given; ++K) {
      ExprPtr I = expr(N.Indices[K]);
      if (!I)
        return nullptr;
      I = makeCast(ScalarType::Long, std::move(I));
      Flat = Flat ? Binary("+", Binary("*", std::move(Flat), Literal(Dims[K])), std::move(I))
                  : std::move(I);
    }
    if (Rest > 1)
      Flat = Binary("*", std::move(Flat), Literal(Rest));
    if (Offset)
      Flat = Binary("+", std::move(Flat), Literal(Offset));
    return Flat;
  }

  /// \p E as an array member of a struct (`p.v`, built-in or std::array of arithmetic
  /// elements, or arrays of them), or null.
  const clang::MemberExpr *arrayMemberOf(const clang::Expr *E) {
    E = E->IgnoreParenImpCasts();
    // A reference bound to one (`const auto &w = p.w;`, referenceLocal).
    if (const auto *DRE = llvm::dyn_cast<clang::DeclRefExpr>(E))
      if (const auto *VD = llvm::dyn_cast<clang::VarDecl>(DRE->getDecl()))
        if (auto Alias = Aliases.find(VD); Alias != Aliases.end())
          return arrayMemberOf(Alias->second);
    const auto *ME = llvm::dyn_cast<clang::MemberExpr>(E);
    const auto *Field = ME ? llvm::dyn_cast<clang::FieldDecl>(ME->getMemberDecl()) : nullptr;
    if (!Field || Field->getType()->isReferenceType())
      return nullptr;
    std::optional<ArrayShape> Shape = arrayShape(Field->getType());
    return Shape && scalarTypeOf(Shape->Element, Ctx) ? ME : nullptr;
  }

  void markWritten(const Expr &Target) {
    if (Target.K == Expr::Kind::ViewElement)
      (*Sc->Views)[Target.Index].Written = true;
  }

  bool assignable(const Expr &Target, clang::SourceLocation Loc) {
    if (Target.K == Expr::Kind::Local && Sc->ReadOnlyNames.count(Target.Text)) {
      fail(Loc, "assigns to a variable a lambda captured");
      return false;
    }
    if (Target.K == Expr::Kind::ArrayElement && Target.Operands.size() > 1)
      return assignable(*Target.Operands[1], Loc); // an array field's element: its field
    if (Target.K == Expr::Kind::ViewElement || Target.K == Expr::Kind::Local ||
        Target.K == Expr::Kind::LoopIndex || Target.K == Expr::Kind::Reduction ||
        Target.K == Expr::Kind::ArrayElement) {
      markWritten(Target);
      return true;
    }
    if (Target.K == Expr::Kind::Member) {
      if (addressable(Target))
        return true;
      const Expr *Root = &Target;
      while (Root->K == Expr::Kind::Member)
        Root = Root->Operands[0].get();
      if (Root->K == Expr::Kind::ViewElement) { // a field of a struct in a view
        markWritten(*Root);
        return true;
      }
      fail(Loc, Root->K == Expr::Kind::Local ? "assigns to a member of a variable a lambda captured"
                                             : "assigns to a member of an object the loop does "
                                               "not declare");
      return false;
    }
    fail(Loc, "assigns to something other than a local variable or an array element");
    return false;
  }

  ExprPtr unary(const clang::UnaryOperator *UO) {
    if (UO->getOpcode() == clang::UO_Deref &&
        llvm::isa<clang::CXXThisExpr>(UO->getSubExpr()->IgnoreParenImpCasts()))
      return objectOf(UO->getSubExpr()); // *this, or its base subobject
    if (UO->getOpcode() == clang::UO_Deref)
      if (const clang::Expr *Target = pointerTarget(UO->getSubExpr()))
        return expr(Target);
    if (UO->getOpcode() == clang::UO_Deref && pointerBaseOf(UO->getSubExpr())) {
      PointerBase Base;
      ExprPtr At = pointerPosition(UO->getSubExpr(), Base);
      return At ? pointedElement(Base, std::move(At), UO->getOperatorLoc()) : nullptr;
    }
    if (UO->isIncrementDecrementOp() && pointerBaseOf(UO->getSubExpr())) {
      PointerBase Base;
      return pointerPosition(UO, Base); // a statement's `++p`: its position's
    }
    static const std::map<clang::UnaryOperatorKind, const char *> Ops = {
        {clang::UO_PostInc, "++"}, {clang::UO_PostDec, "--"}, {clang::UO_PreInc, "++"},
        {clang::UO_PreDec, "--"},  {clang::UO_Plus, "+"},     {clang::UO_Minus, "-"},
        {clang::UO_Not, "~"},      {clang::UO_LNot, "!"}};
    auto It = Ops.find(UO->getOpcode());
    if (It == Ops.end())
      return fail(UO->getOperatorLoc(),
                  std::string("uses the operator '") +
                      clang::UnaryOperator::getOpcodeStr(UO->getOpcode()).str() + "'");
    std::optional<ScalarType> T = typeOf(UO->getType(), UO->getOperatorLoc());
    if (!T)
      return nullptr;
    ExprPtr Sub = expr(UO->getSubExpr());
    if (!Sub)
      return nullptr;
    if (UO->isIncrementDecrementOp() && !assignable(*Sub, UO->getOperatorLoc()))
      return nullptr;
    ExprPtr U = makeExpr(Expr::Kind::Unary, *T);
    U->Text = It->second;
    U->Postfix = UO->isPostfix();
    U->Operands.push_back(std::move(Sub));
    return U;
  }

  ExprPtr binary(const clang::BinaryOperator *BO) {
    if (BO->isPtrMemOp())
      return fail(BO->getOperatorLoc(),
                  "uses the operator '" + BO->getOpcodeStr().str() + "'");
    if (BO->getOpcode() != clang::BO_Comma &&
        (pointerBaseOf(BO->getLHS()) || pointerBaseOf(BO->getRHS()))) {
      if (BO->isComparisonOp() ||
          (BO->getOpcode() == clang::BO_Sub && BO->getRHS()->getType()->isPointerType()))
        return pointerComparison(BO);
      PointerBase Base;
      return pointerPosition(BO, Base); // a statement's `p += 2`, `p = q`: the position's
    }
    if (BO->getOpcode() == clang::BO_Comma) {
      // `++k, ++a`: the right operand's value (void, as a void call's, an int).
      // (`++p, ++q` of pointers into private arrays: their positions, longs.)
      std::optional<ValueType> T =
          BO->getType()->isVoidType()      ? ValueType{ScalarType::Int, 0}
          : pointerBaseOf(BO->getRHS()) ? ValueType{ScalarType::Long, 0}
                                           : valueTypeOf(BO->getType(), BO->getOperatorLoc());
      ExprPtr L = T ? expr(BO->getLHS()) : nullptr;
      ExprPtr Rhs = L ? expr(BO->getRHS()) : nullptr;
      if (!Rhs)
        return nullptr;
      ExprPtr B = makeValue(Expr::Kind::Binary, *T);
      B->Text = ",";
      B->Operands.push_back(std::move(L));
      B->Operands.push_back(std::move(Rhs));
      return B;
    }
    std::optional<ScalarType> T = typeOf(BO->getType(), BO->getOperatorLoc());
    if (!T)
      return nullptr;
    ExprPtr L = expr(BO->getLHS());
    ExprPtr Rhs = L ? expr(BO->getRHS()) : nullptr;
    if (!Rhs)
      return nullptr;
    if (BO->isAssignmentOp() && !assignable(*L, BO->getOperatorLoc()))
      return nullptr;
    if (BO->getOpcode() == clang::BO_Assign)
      Rhs = makeCast(L->Type, std::move(Rhs));
    ExprPtr B = makeExpr(Expr::Kind::Binary, *T);
    B->Text = BO->getOpcodeStr().str();
    B->Operands.push_back(std::move(L));
    B->Operands.push_back(std::move(Rhs));
    return B;
  }

  /// The integer inside an index argument (which may be wrapped in the header's
  /// index-with-location type).
  const clang::Expr *unwrapIndex(const clang::Expr *E) {
    while (true) {
      E = E->IgnoreParens();
      if (E->getType()->isArithmeticType() &&
          !llvm::isa<clang::ImplicitCastExpr>(E))
        return E;
      if (const auto *IC = llvm::dyn_cast<clang::ImplicitCastExpr>(E)) {
        if (E->getType()->isArithmeticType() &&
            IC->getCastKind() != clang::CK_UserDefinedConversion)
          return E;
        E = IC->getSubExpr();
      } else if (const auto *M = llvm::dyn_cast<clang::MaterializeTemporaryExpr>(E)) {
        E = M->getSubExpr();
      } else if (const auto *B = llvm::dyn_cast<clang::CXXBindTemporaryExpr>(E)) {
        E = B->getSubExpr();
      } else if (const auto *C = llvm::dyn_cast<clang::ExprWithCleanups>(E)) {
        E = C->getSubExpr();
      } else if (const auto *FC = llvm::dyn_cast<clang::CXXFunctionalCastExpr>(E)) {
        E = FC->getSubExpr();
      } else if (const auto *CE = llvm::dyn_cast<clang::CXXConstructExpr>(E)) {
        if (CE->getNumArgs() == 0)
          return nullptr;
        E = CE->getArg(0);
      } else {
        return nullptr;
      }
    }
  }

  /// The array variable an access or query is made on, registering it as a view.
  std::optional<unsigned> viewOf(const clang::Expr *Obj, clang::SourceLocation Loc) {
    if (const clang::FieldDecl *FD = memberOfThis(Obj))
      return viewOfMember(FD, Loc);
    const auto *DRE = llvm::dyn_cast<clang::DeclRefExpr>(Obj->IgnoreParenImpCasts());
    const auto *VD = DRE ? llvm::dyn_cast<clang::VarDecl>(DRE->getDecl()) : nullptr;
    if (!VD) {
      fail(Loc, arrayTypeInfo(Obj->getType())
                    ? "takes a sub-view inside the loop; kernels index elements only"
                    : "indexes an array that is not a named variable");
      return std::nullopt;
    }
    return viewOfVar(VD, Loc);
  }

  /// A view that is a data member of `*this` (a class with views as members).
  std::optional<unsigned> viewOfMember(const clang::FieldDecl *FD, clang::SourceLocation Loc) {
    std::optional<ArrayTypeInfo> Info = arrayTypeInfo(FD->getType());
    if (!Info || Info->Kind != ir::ViewKind::ClparView) {
      fail(Loc, "indexes the member '" + FD->getNameAsString() +
                    "', which is not a clpar::view");
      return std::nullopt;
    }
    if (Sc->InFunction) {
      fail(Loc, "indexes the member '" + FD->getNameAsString() + "' in a called function");
      return std::nullopt;
    }
    auto Known = MemberViewIndex.find(FD);
    if (Known != MemberViewIndex.end())
      return Known->second;
    std::optional<ValueType> Elem = elementTypeOf(Info->Element, Loc);
    if (!Elem)
      return std::nullopt;
    return MemberViewIndex[FD] = addView(FD, "this->" + FD->getNameAsString(), *Info, *Elem);
  }

  /// A new view of the scope: \p D (a variable or a member of `*this`), \p HostExpr on
  /// the host.  Its index.
  unsigned addView(const clang::ValueDecl *D, std::string HostExpr, const ArrayTypeInfo &Info,
                   ValueType Elem) {
    ir::View V;
    V.HostExpr = std::move(HostExpr);
    V.SourceName = D->getNameAsString();
    V.KernelName = Sc->Names->nameFor(D, D->getNameAsString());
    V.Kind = Info.Kind;
    V.Element = Elem.Type;
    V.ElementRecord = Elem.Record;
    V.Rank = Info.Rank;
    V.ConstElements = Info.Element.isConstQualified();
    Sc->Views->push_back(V);
    return Sc->Views->size() - 1;
  }

  /// A clpar::view, std::vector or std::array, or a built-in array of one dimension.
  std::optional<ArrayTypeInfo> viewTypeInfo(clang::QualType T) const {
    std::optional<ArrayTypeInfo> Info = arrayTypeInfo(T);
    return Info ? Info : builtinArrayInfo(T, Ctx);
  }

  std::optional<unsigned> viewOfVar(const clang::VarDecl *VD, clang::SourceLocation Loc) {
    std::optional<ArrayTypeInfo> Info = viewTypeInfo(VD->getType());
    if (!Info) {
      fail(Loc, "uses an operator of '" + VD->getNameAsString() + "' of type '" +
                    typeText(VD->getType()) + "'");
      return std::nullopt;
    }
    auto Known = Sc->ViewIndex.find(VD);
    if (Known != Sc->ViewIndex.end())
      return Known->second;
    if (declaredHere(VD)) {
      fail(Loc, "uses the local array '" + VD->getNameAsString() +
                    "' other than through element access, size(), front() or back()");
      return std::nullopt;
    }
    if (Sc->InFunction && !Sc->Locals.count(VD)) {
      fail(Loc, "reads the global variable '" + VD->getNameAsString() +
                    "' in a called function");
      return std::nullopt;
    }
    if (Sc->InFunction || Sc->Locals.count(VD)) {
      fail(Loc, "indexes '" + VD->getNameAsString() +
                    "', an array declared inside the loop");
      return std::nullopt;
    }
    std::optional<ValueType> Elem = elementTypeOf(Info->Element, Loc);
    if (!Elem)
      return std::nullopt;
    return Sc->ViewIndex[VD] =
               addView(VD, hostName(VD), *Info, *Elem);
  }

  /// Where the header build's bounds_error points for the view access \p OC (its index
  /// arguments end at \p NumArgs): m(i, j) at the location its defaulted call_site
  /// argument is used (the same under GCC and Clang); v[i] at the `]` under GCC and at the
  /// index under Clang, which uses its default argument where the index converts to
  /// detail::checked_index.
  ir::SourcePos viewAccessSite(const clang::CXXOperatorCallExpr *OC, unsigned NumArgs) {
    const clang::SourceManager &SM = Ctx.getSourceManager();
    auto usedAt = [](const clang::Expr *E) -> std::optional<clang::SourceLocation> {
      if (const auto *D = llvm::dyn_cast<clang::CXXDefaultArgExpr>(E))
        return D->getUsedLocation();
      if (const auto *CE = llvm::dyn_cast<clang::CXXConstructExpr>(E->IgnoreImplicit()))
        for (const clang::Expr *A : CE->arguments())
          if (const auto *D = llvm::dyn_cast<clang::CXXDefaultArgExpr>(A))
            return D->getUsedLocation();
      return std::nullopt;
    };
    clang::SourceLocation GnuAt = OC->getEndLoc(), ClangAt = GnuAt;
    if (OC->getOperator() == clang::OO_Call) {
      if (NumArgs < OC->getNumArgs())
        if (std::optional<clang::SourceLocation> L = usedAt(OC->getArg(NumArgs)))
          GnuAt = ClangAt = *L;
    } else if (std::optional<clang::SourceLocation> L = usedAt(OC->getArg(1))) {
      ClangAt = *L;
    }
    GnuAt = SM.getSpellingLoc(GnuAt);
    ClangAt = SM.getSpellingLoc(ClangAt);
    ir::SourcePos P{R.Site.File, SM.getSpellingLineNumber(GnuAt),
                    SM.getSpellingColumnNumber(GnuAt)};
    if (SM.getSpellingLineNumber(ClangAt) == P.Line &&
        SM.getSpellingColumnNumber(ClangAt) != P.Column)
      P.ClangColumn = SM.getSpellingColumnNumber(ClangAt);
    return P;
  }

  /// `w[i]` of a built-in array \p VD of one dimension from outside the loop (a local,
  /// parameter or global variable, or a reference to one): an element of a view of it.
  ExprPtr builtinArrayElement(const clang::ArraySubscriptExpr *AS, const clang::VarDecl *VD) {
    std::optional<unsigned> V = viewOfVar(VD, AS->getExprLoc());
    if (!V)
      return nullptr;
    // The OpenMP variant's check (RegionBuilder's collectAccesses) reports the `]`.
    const clang::SourceManager &SM = Ctx.getSourceManager();
    const clang::SourceLocation At = SM.getSpellingLoc(AS->getRBracketLoc());
    ExprPtr A = viewAccess(*V, {R.Site.File, SM.getSpellingLineNumber(At),
                                SM.getSpellingColumnNumber(At)});
    return addIndex(*A, AS->getIdx(), VD->getNameAsString()) ? std::move(A) : nullptr;
  }

  /// An element access of view \p V, its indices still to add, numbered among the
  /// region's accesses with its place in the source \p Site (for error reports).
  ExprPtr viewAccess(unsigned V, ir::SourcePos Site) {
    const ir::View &View = (*Sc->Views)[V];
    ExprPtr A = makeValue(Expr::Kind::ViewElement, {View.Element, View.ElementRecord});
    A->Index = V;
    A->AccessId = R.AccessCount++;
    R.AccessSites.push_back(std::move(Site));
    return A;
  }

  ExprPtr operatorCall(const clang::CXXOperatorCallExpr *OC) {
    if (const clang::FunctionDecl *FD = OC->getDirectCallee())
      if (std::optional<ComplexOp> COp = complexOperation(FD))
        return complexCall(OC, FD, *COp, arguments(OC));
    clang::OverloadedOperatorKind Op = OC->getOperator();
    if (Op == clang::OO_Call) {
      const auto *RD = OC->getArg(0)->getType()->getAsCXXRecordDecl();
      if (RD && RD->isLambda())
        return lambdaCall(OC->getExprLoc(), OC->getArg(0),
                          llvm::dyn_cast_or_null<clang::CXXMethodDecl>(OC->getDirectCallee()),
                          {OC->getArgs() + 1, OC->getNumArgs() - 1}, RD);
    }
    if (Op == clang::OO_Subscript && OC->getNumArgs() == 2) {
      if (std::optional<ExprPtr> Element = nestedElement(OC, OC->getEndLoc()))
        return std::move(*Element);
      if (std::optional<ExprPtr> Element = outerNestedElement(OC, OC->getEndLoc()))
        return std::move(*Element);
      if (const clang::VarDecl *AV = heldArray(OC->getArg(0)))
        return arrayElement(AV, expr(OC->getArg(1)), OC->getEndLoc());
      if (const clang::MemberExpr *ME = arrayMemberOf(OC->getArg(0)))
        return arrayFieldElement(member(ME, /*Indexed=*/true), expr(OC->getArg(1)),
                                 OC->getEndLoc());
    }
    if (Op == clang::OO_Subscript && arrayResult(OC->getArg(0)->IgnoreImplicit()))
      return expr(OC->getArg(0)->IgnoreImplicit()); // refused: an element of a call's result
    if (ExprPtr Call = recordOperator(OC); Call || !Reason.empty())
      return Call;
    if ((Op != clang::OO_Subscript && Op != clang::OO_Call) || OC->getNumArgs() < 2)
      return fail(OC->getOperatorLoc(), "uses an overloaded operator");
    if (!OC->getType()->isArithmeticType() && !isRecordValue(OC->getType()))
      return fail(OC->getOperatorLoc(), "takes a sub-view inside the loop; kernels index "
                                        "elements only");
    std::optional<unsigned> V = viewOf(OC->getArg(0), OC->getOperatorLoc());
    if (!V)
      return nullptr;
    const ir::View &View = (*Sc->Views)[*V];
    // Defaulted trailing arguments (the header's source location) are not indices.
    unsigned NumArgs = OC->getNumArgs();
    while (NumArgs > 1 && llvm::isa<clang::CXXDefaultArgExpr>(OC->getArg(NumArgs - 1)))
      --NumArgs;
    if (NumArgs - 1 != View.Rank)
      return fail(OC->getOperatorLoc(), "indexes '" + View.SourceName + "' with " +
                                            std::to_string(NumArgs - 1) + " indices");
    ExprPtr A = viewAccess(*V, viewAccessSite(OC, NumArgs));
    for (unsigned I = 1; I < NumArgs; ++I)
      if (!addIndex(*A, OC->getArg(I), View.SourceName))
        return nullptr;
    return A;
  }

  /// Adds the index \p Arg to the element access \p A of the array \p Name; false, with
  /// the reason, for an index that is no integer or that the kernel cannot compute.
  bool addIndex(Expr &A, const clang::Expr *Arg, const std::string &Name) {
    const clang::Expr *Idx = unwrapIndex(Arg);
    if (!Idx || !Idx->getType()->isIntegralOrUnscopedEnumerationType()) {
      fail(Arg->getExprLoc(), "indexes '" + Name + "' with something other than an integer");
      return false;
    }
    ExprPtr E = expr(Idx);
    if (!E)
      return false;
    A.Operands.push_back(std::move(E));
    return true;
  }

  /// An operator of the user's records: a member function of the left operand (a copy
  /// assignment by a trivial operator is C's), or a function taking a record.  Null, with
  /// no reason, for other operators.
  ExprPtr recordOperator(const clang::CXXOperatorCallExpr *OC) {
    const clang::FunctionDecl *Callee = OC->getDirectCallee();
    if (!Callee || OC->getNumArgs() == 0)
      return nullptr;
    std::vector<const clang::Expr *> Args(OC->arg_begin(), OC->arg_end());
    if (const auto *MD = llvm::dyn_cast<clang::CXXMethodDecl>(Callee)) {
      if (!isRecordValue(Args[0]->getType()))
        return nullptr;
      // A user's assignment operator makes the class no record (not trivially copyable).
      if ((MD->isCopyAssignmentOperator() || MD->isMoveAssignmentOperator()) &&
          MD->isTrivial()) {
        ExprPtr L = expr(Args[0]);
        ExprPtr Rhs = L ? expr(Args[1]) : nullptr;
        if (!Rhs || !assignable(*L, OC->getOperatorLoc()))
          return nullptr;
        return assignment(std::move(L), std::move(Rhs));
      }
      return methodCall(OC, MD, Args[0], llvm::ArrayRef(Args).drop_front());
    }
    if (std::none_of(Args.begin(), Args.end(),
                     [](const clang::Expr *A) { return isRecordValue(A->getType()); }))
      return nullptr;
    return callTranslated(OC->getOperatorLoc(), Callee, Args, {});
  }

  /// A call of the member function \p MD on \p Obj, a record: a const one gets the object's
  /// value, a non-const one its address, which must be a variable of the kernel.
  ExprPtr methodCall(const clang::CallExpr *CE, const clang::CXXMethodDecl *MD,
                     const clang::Expr *Obj, llvm::ArrayRef<const clang::Expr *> Args) {
    std::string Name = MD->getQualifiedNameAsString();
    if (MD->isStatic())
      return callTranslated(CE->getExprLoc(), MD, Args, {});
    // On an object of a stateless class: a function without the object.  Not for `this`
    // of an empty base's function translated for a derived record, nor for a derived
    // object that holds data converted to its empty base: those are the CRTP's, below.
    const clang::QualType Whole = throughEmptyBases(Obj)->getType();
    const clang::QualType ObjType = Whole->isPointerType() ? Whole->getPointeeType() : Whole;
    if (isStateless(ObjType) && !(Sc->HasThis && thisOf(Obj))) {
      if (Obj->HasSideEffects(Ctx))
        return fail(CE->getExprLoc(), "calls '" + Name + "' on an object of the stateless "
                                      "class '" + typeText(ObjType) +
                                      "' made by an expression that may have effects");
      return callTranslated(CE->getExprLoc(), MD, Args, {});
    }
    // A member function of an empty base (the CRTP's) runs on the derived object: it is
    // translated once per derived record, its `this` that object.
    const bool OfEmptyBase = MD->getParent()->isEmpty();
    ExprPtr Object = objectOf(OfEmptyBase ? throughEmptyBases(Obj) : Obj);
    if (!Object)
      return nullptr;
    if (Object->Type != ScalarType::Record)
      return fail(CE->getExprLoc(), "calls the member function '" + Name + "'");
    if (OfEmptyBase && derivedAccessor(MD, classOf(Object->Record)))
      return Object; // `derived()`: the object itself
    // A non-const member function that changes nothing of its object takes its value too.
    std::optional<unsigned> Index =
        functionIndex(CE->getExprLoc(), MD, {}, true, Args,
                      OfEmptyBase ? std::optional<unsigned>(Object->Record) : std::nullopt);
    if (!Index)
      return nullptr;
    // The element of a view (or a field of one) it changes: a copy, stored back after the
    // call (elementCopy).
    ExprPtr Element;
    if (R.Functions[*Index].Params[0].Pointer) {
      if (!addressable(*Object)) {
        Element = elementCopy(CE, Object);
        if (!Element)
          return fail(CE->getExprLoc(),
                      "calls the non-const member function '" + Name +
                          "' on an object other than a variable the loop declares or, "
                          "as a whole statement or initializer, the element of a view");
      }
      ExprPtr Address = makeValue(Expr::Kind::Unary, {Object->Type, Object->Record});
      Address->Text = "&";
      Address->Operands.push_back(std::move(Object));
      Object = std::move(Address);
    }
    ExprPtr C = callTranslated(CE->getExprLoc(), MD, Args, {}, std::move(Object), *Index);
    if (C && Element && !storeElementCopy(*C, MD, std::move(Element), CE->getExprLoc()))
      return fail(CE->getExprLoc(), "calls the non-const member function '" + Name +
                                        "' on the element of a view that an argument "
                                        "reads too");
    if (C && ReturnsThisFunctions.count(C->Index) && CE != DiscardedValue)
      return fail(CE->getExprLoc(), "uses the value of '" + Name +
                                        "', which returns '*this' by reference");
    return C;
  }

  /// For a non-const member function called, as an expression statement of its own or as
  /// a variable's whole initializer, on \p Object, the element of a view or a field of one
  /// (`p[i].advance(dt);`, `p[i] += q;`, `float e = p[i].step(dt);`): the element, taken
  /// out of \p Object, whose place there a local copy takes.  The statement then copies
  /// the element to that local first and stores the copy back after the call
  /// (storeElementCopy), which is the call's meaning while nothing else reads the element
  /// meanwhile.  Null where that does not apply.
  ExprPtr elementCopy(const clang::CallExpr *CE, ExprPtr &Object) {
    if ((CE != DiscardedValue && CE != InitializerCall) || ElementCopy || InForHeader)
      return nullptr;
    ExprPtr *Slot = &Object;
    while ((*Slot)->K == Expr::Kind::Member)
      Slot = &(*Slot)->Operands[0];
    if ((*Slot)->K != Expr::Kind::ViewElement || (*Slot)->Type != ScalarType::Record)
      return nullptr;
    ExprPtr Element = std::move(*Slot);
    ExprPtr Copy = makeValue(Expr::Kind::Local, {Element->Type, Element->Record});
    Copy->Text = Sc->Names->nameFor(CE, "element");
    *Slot = std::move(Copy);
    return Element;
  }

  /// The statements around the call \p Call of the member function \p MD on a copy of
  /// \p Element (elementCopy): `T element = v[..];` before, `v[..] = element;` after.
  /// False where the function is given the element's view whole, or a reference
  /// parameter's argument reads it: either might reach the element itself, whose changes
  /// the copy would hide (an element passed by value is read before the call, as in C++).
  bool storeElementCopy(const Expr &Call, const clang::CXXMethodDecl *MD, ExprPtr Element,
                        clang::SourceLocation Loc) {
    bool ReadsView = false;
    for (size_t A = 1; A < Call.Operands.size(); ++A) {
      const bool Reference =
          A - 1 >= MD->getNumParams() || MD->getParamDecl(A - 1)->getType()->isReferenceType();
      ir::forEachExpr(*Call.Operands[A], [&](const Expr &E) {
        ReadsView |= E.Index == Element->Index &&
                     (E.K == Expr::Kind::ViewRef || (Reference && E.K == Expr::Kind::ViewElement));
      });
    }
    if (ReadsView)
      return false;
    const Expr *Object = Call.Operands[0]->Operands[0].get(); // &(copy.field...)
    while (Object->K == Expr::Kind::Member)
      Object = Object->Operands[0].get();
    auto Before = std::make_unique<Stmt>(Stmt::Kind::Decl);
    Before->VarType = ScalarType::Record;
    Before->VarRecord = Element->Record;
    Before->VarName = Object->Text;
    Before->Init = ir::cloneExpr(*Element);
    if (!assignable(*Element, Loc))
      return false;
    ExprPtr Store = makeValue(Expr::Kind::Binary, {Element->Type, Element->Record});
    Store->Text = "=";
    Store->Operands.push_back(std::move(Element));
    Store->Operands.push_back(ir::cloneExpr(*Object));
    auto After = std::make_unique<Stmt>(Stmt::Kind::Expression);
    After->Init = std::move(Store);
    ElementCopy = std::make_unique<Stmt>(Stmt::Kind::Compound);
    ElementCopy->Children.push_back(std::move(Before));
    ElementCopy->Children.push_back(std::move(After));
    return true;
  }

  ExprPtr memberCall(const clang::CXXMemberCallExpr *MC) {
    const clang::CXXMethodDecl *MD = MC->getMethodDecl();
    std::string Name = MD ? MD->getNameAsString() : "";
    const clang::Expr *Obj = MC->getImplicitObjectArgument();
    if (std::optional<ComplexOp> COp = complexOperation(MD); COp && Obj) {
      if (Obj->getType()->isPointerType())
        return fail(MC->getExprLoc(), "calls '" + Name + "' through a pointer");
      std::vector<const clang::Expr *> Args{Obj};
      Args.insert(Args.end(), MC->arg_begin(), MC->arg_end());
      return complexCall(MC, MD, *COp, Args);
    }
    if (MD && Obj &&
        (isRecordValue(Obj->getType()) ||
         llvm::isa<clang::CXXThisExpr>(Obj->IgnoreParenImpCasts()) || pointerTarget(Obj) ||
         pointerBaseOf(Obj) || derivedThis(Obj))) {
      std::vector<const clang::Expr *> Args(MC->arg_begin(), MC->arg_end());
      return methodCall(MC, MD, Obj, Args);
    }
    if (!Obj || !arrayTypeInfo(Obj->getType()))
      return fail(MC->getExprLoc(), "calls the member function '" + Name + "'");
    // size() of a struct's array member (`p.v.size()`): its length.
    if (const clang::MemberExpr *ME = arrayMemberOf(Obj);
        ME && Name == "size" && MC->getNumArgs() == 0 && !ME->isArrow()) {
      std::optional<ScalarType> T = typeOf(MC->getType(), MC->getExprLoc());
      if (!T)
        return nullptr;
      return intLiteral(
          llvm::APSInt(llvm::APInt(64, arrayShape(ME->getType())->Dims.front()), true), *T);
    }
    // size() of a row of an array of arrays (`m[r].size()`): that dimension's extent.
    if (std::optional<NestedIndex> N = nestedIndex(Obj)) {
      if (Name != "size" || MC->getNumArgs() != 0 ||
          N->Indices.size() >= N->Shape.Dims.size() || indicesHaveEffects(*N, true))
        return fail(MC->getExprLoc(), "uses a row of '" + N->name() + "', an array of " +
                                          std::to_string(N->Shape.Dims.size()) +
                                          " dimensions, other than by indexing it to an "
                                          "element or asking its size()");
      std::optional<ScalarType> T = typeOf(MC->getType(), MC->getExprLoc());
      if (!T)
        return nullptr;
      return intLiteral(
          llvm::APSInt(llvm::APInt(64, N->Shape.Dims[N->Indices.size()]), true), *T);
    }
    if (const clang::VarDecl *AV = heldArray(Obj)) {
      if (ExprPtr M = arrayMember(MC, AV, Name))
        return M;
      if (!Reason.empty())
        return nullptr;
      if (declaredHere(AV))
        return fail(MC->getExprLoc(), "uses the local array '" + AV->getNameAsString() +
                                          "' other than through element access, size(), "
                                          "front() or back()");
      // A table that is also a variable outside: other members through its view.
    }
    std::optional<ScalarType> T = typeOf(MC->getType(), MC->getExprLoc());
    if (!T)
      return nullptr;
    std::optional<unsigned> V = viewOf(Obj, MC->getExprLoc());
    if (!V)
      return nullptr;
    if (Name == "size" && MC->getNumArgs() == 0) {
      ExprPtr S = makeExpr(Expr::Kind::ViewSize, *T);
      S->Index = *V;
      return S;
    }
    if (Name == "extent" && MC->getNumArgs() == 1) {
      clang::Expr::EvalResult D;
      if (!MC->getArg(0)->EvaluateAsInt(D, Ctx) ||
          D.Val.getInt().getZExtValue() >= (*Sc->Views)[*V].Rank)
        return fail(MC->getExprLoc(), "calls extent() with a dimension that is not a "
                                      "constant below the rank");
      ExprPtr S = makeExpr(Expr::Kind::ViewExtent, *T);
      S->Index = *V;
      S->Dim = static_cast<unsigned>(D.Val.getInt().getZExtValue());
      return S;
    }
    return fail(MC->getExprLoc(), "calls '" + Name + "' on '" + (*Sc->Views)[*V].SourceName +
                                      "'; kernels support element access, size() and "
                                      "extent(d)");
  }

  /// The view argument of a call: a view variable of the current scope, possibly
  /// converted (view<T> to view<const T>) or copied on the way.
  const clang::Expr *viewArgument(const clang::Expr *A) {
    while (true) {
      A = A->IgnoreImplicit()->IgnoreParens();
      if (const auto *CE = llvm::dyn_cast<clang::CXXConstructExpr>(A);
          CE && CE->getNumArgs() == 1) {
        A = CE->getArg(0);
        continue;
      }
      if (const auto *FC = llvm::dyn_cast<clang::CXXFunctionalCastExpr>(A)) {
        A = FC->getSubExpr();
        continue;
      }
      return A;
    }
  }

  /// What a parameter of a translated function receives: argument Arg (a capture after
  /// the arguments), whole, or its element Element (an array parameter, each element a
  /// parameter of its own); the object of a member function has Arg -1.
  struct ParamSource {
    int Arg = -1;
    /// An array parameter's element passed as a value of its own, or WholeArray.
    long long Element = -1;
    static constexpr long long WholeArray = -2; ///< a private array, by its address
    /// The array a function returning a std::array fills: the call site's (arrayFill).
    static constexpr long long Result = -3;
    /// A pointer into a private array: its array's address, then the position it points
    /// at and the array's element count (the next two parameters).
    static constexpr long long PointerArray = -4;
    static constexpr long long PointerPart = -5;
  };

  /// The private array (Scope::Arrays) that the argument \p Arg, or the variable \p Var a
  /// lambda captures, names; null for anything else (a table, a struct's array member, a
  /// row, an array from outside the loop).  C++'s types give it the parameter's shape.
  const clang::VarDecl *privateArrayArgument(const clang::Expr *Arg, const clang::VarDecl *Var) {
    if (Arg) {
      if (const auto *DA = llvm::dyn_cast<clang::CXXDefaultArgExpr>(Arg))
        Arg = DA->getExpr();
      const auto *DRE = llvm::dyn_cast<clang::DeclRefExpr>(Arg->IgnoreParenImpCasts());
      Var = DRE ? llvm::dyn_cast<clang::VarDecl>(DRE->getDecl()) : nullptr;
    }
    return Var && Sc->Arrays.count(Var) ? Var : nullptr;
  }

  /// Whether \p Arg names a built-in array of one dimension from outside the loop: one
  /// the kernel does not hold (a private array or a constant table), which is a view.
  bool outerBuiltinArray(const clang::Expr *Arg) {
    const auto *DRE = Arg ? llvm::dyn_cast<clang::DeclRefExpr>(Arg->IgnoreParenImpCasts())
                          : nullptr;
    const auto *VD = DRE ? llvm::dyn_cast<clang::VarDecl>(DRE->getDecl()) : nullptr;
    return VD && builtinArrayInfo(VD->getType(), Ctx) && !heldArray(DRE);
  }

  /// The array an argument \p E names: past a default argument and the copy a by-value
  /// std::array parameter makes.
  static const clang::Expr *arrayArgument(const clang::Expr *E) {
    if (const auto *DA = llvm::dyn_cast<clang::CXXDefaultArgExpr>(E))
      E = DA->getExpr();
    E = E->IgnoreImplicit();
    if (const auto *CE = llvm::dyn_cast<clang::CXXConstructExpr>(E);
        CE && CE->getNumArgs() == 1 && CE->getConstructor()->isCopyOrMoveConstructor())
      E = CE->getArg(0);
    return E;
  }

  /// Whether \p E names an array the kernel holds (a private array, a table, a struct's
  /// array member, or a row of one of those), which a call can pass element by element.
  bool heldArrayArgument(const clang::Expr *E) {
    if (!E)
      return false;
    E = arrayArgument(E);
    if (std::optional<NestedIndex> N = nestedIndex(E))
      return N->Indices.size() < N->Shape.Dims.size();
    return heldArray(E) || arrayMemberOf(E);
  }

  /// Element \p K of \p E, an array heldArrayArgument accepts, at the call \p Loc.
  /// \p Verb says what the statement does with the array, for a refusal ("passes").
  ExprPtr heldArrayElement(const clang::Expr *E, unsigned long long K,
                           clang::SourceLocation Loc, const char *Verb = "passes") {
    E = arrayArgument(E);
    if (std::optional<NestedIndex> N = nestedIndex(E)) {
      if (indicesHaveEffects(*N, false))
        return fail(E->getExprLoc(), std::string(Verb) + " a row of '" + N->name() +
                                         "' whose indices have side effects");
      return nestedAt(*N, nestedPosition(*N, K), Loc);
    }
    ExprPtr I = intLiteral(llvm::APSInt(llvm::APInt(64, K), true), ScalarType::ULong);
    if (const clang::VarDecl *AV = heldArray(E))
      return arrayElement(AV, std::move(I), Loc);
    if (const clang::MemberExpr *ME = arrayMemberOf(E))
      return arrayFieldElement(member(ME, /*Indexed=*/true), std::move(I), Loc);
    return fail(E->getExprLoc(), "passes an array other than one the kernel holds (a local "
                                 "array, a constant table, a struct's array member) to an "
                                 "array parameter");
  }

  /// \p Param as the address of the first element (of type \p Elem) of an array of the
  /// caller's (Function::Param::Array); the element's type, or nullopt, refused.
  std::optional<ValueType> arrayAddressParam(ir::Function::Param &Param, clang::QualType Elem,
                                             bool Const, clang::SourceLocation Loc) {
    std::optional<ValueType> T = valueTypeOf(Elem, Loc);
    if (!T)
      return std::nullopt;
    Param.Type = T->Type;
    Param.Record = T->Record;
    Param.Pointer = true;
    Param.Array = true;
    Param.Const = Const;
    return T;
  }

  std::optional<unsigned> translateFunction(
      const clang::FunctionDecl *Def, clang::SourceLocation CallLoc,
      llvm::ArrayRef<const clang::VarDecl *> Captures = {},
      llvm::ArrayRef<const clang::Expr *> Args = {},
      std::optional<unsigned> ThisAs = std::nullopt) {
    std::string Name = Def->getQualifiedNameAsString();
    std::vector<ParamSource> Sources;
    // An array parameter's elements, copied to a private array where the body starts.
    std::vector<StmtPtr> ArrayCopies;
    ir::Function F;
    F.SourceName = Name;
    KernelNames FunctionNames;
    Scope FS;
    FS.Names = &FunctionNames;
    FS.Views = &F.ViewParams;
    FS.InFunction = true;
    // A member function of a record runs on its object, the first parameter; a
    // constructor makes and returns it.
    const auto *Method = llvm::dyn_cast<clang::CXXMethodDecl>(Def);
    const auto *Ctor = llvm::dyn_cast<clang::CXXConstructorDecl>(Def);
    const bool Stateless = statelessMethod(Method, ThisAs);
    const bool OfRecord =
        Method && !Method->isStatic() && !Method->getParent()->isLambda() && !Stateless;
    std::optional<unsigned> ThisRecord;
    if (OfRecord) {
      // A member function of an empty base runs on the derived record ThisAs.
      ThisRecord = ThisAs ? ThisAs : recordOf(Ctx.getRecordType(Method->getParent()), CallLoc);
      if (!ThisRecord)
        return std::nullopt;
      FS.HasThis = true;
      FS.ThisRecord = *ThisRecord;
      FS.ThisText = FunctionNames.nameFor(Def, "self");
    }
    const clang::QualType Returned = Def->getReturnType();
    F.ReturnsVoid = Returned->isVoidType();
    if (Ctor) {
      FS.InConstructor = true;
      F.ReturnsVoid = false;
      F.ReturnType = ScalarType::Record;
      F.ReturnRecord = *ThisRecord;
    } else if (OfRecord && !Method->isConst() && Returned->isLValueReferenceType() &&
               Ctx.hasSameUnqualifiedType(Returned.getNonReferenceType(),
                                          Ctx.getRecordType(Method->getParent()))) {
      FS.ReturnsThis = true;
      F.ReturnsVoid = true;
    } else if (std::optional<ArrayShape> Shape = returnedArray(Returned)) {
      // A std::array by value: the caller's array, passed by address last, which each
      // `return` fills (arrayFill).
      std::optional<ValueType> Elem = valueTypeOf(Shape->Element, CallLoc);
      if (!Elem)
        return std::nullopt;
      F.ReturnsVoid = true;
      FS.Result = LocalArray{FunctionNames.nameFor(&FS, "result"), Elem->Type, Shape->Size,
                             Elem->Record};
    } else if (Returned->isPointerType() && !Returned->getPointeeType()->isArrayType() &&
               !Ctor) {
      // A pointer into the array of a pointer parameter: its position (Scope::ReturnsPointer).
      FS.ReturnsPointer = true;
      F.ReturnType = ScalarType::Long;
    } else if (!F.ReturnsVoid) {
      if (Returned->isReferenceType() && isRecordValue(Returned) &&
          !Returned.getNonReferenceType().isConstQualified())
        return fail(CallLoc, "calls '" + Name + "', which returns a reference other than "
                                                "'*this'"),
               std::nullopt;
      std::optional<ValueType> T = valueTypeOf(Returned, CallLoc);
      if (!T)
        return std::nullopt;
      F.ReturnType = T->Type;
      F.ReturnRecord = T->Record;
    }
    if (OfRecord && !Ctor) {
      ir::Function::Param Self;
      Self.Name = FS.ThisText;
      Self.Type = ScalarType::Record;
      Self.Record = *ThisRecord;
      Self.Pointer = !Method->isConst();
      if (Self.Pointer)
        FS.ThisText = "(*" + Self.Name + ")";
      F.Params.push_back(Self);
      Sources.push_back({});
    }
    struct Collector : clang::RecursiveASTVisitor<Collector> {
      Scope &FS;
      explicit Collector(Scope &FS) : FS(FS) {}
      bool VisitVarDecl(clang::VarDecl *VD) {
        FS.Locals.insert(VD);
        return true;
      }
    } Collect(FS);
    Collect.TraverseStmt(Def->getBody());
    std::vector<const clang::VarDecl *> Params(Def->param_begin(), Def->param_end());
    Params.insert(Params.end(), Captures.begin(), Captures.end());
    for (unsigned PI = 0; PI < Params.size(); ++PI) {
      const clang::VarDecl *P = Params[PI];
      bool Captured = PI >= Def->getNumParams();
      clang::QualType T = P->getType();
      // An object of a stateless class passes nothing (callTranslated checks that the
      // argument has no effects).
      if (isStateless(T))
        continue;
      // Nor does a lambda this lambda captures: calling it passes what it captures, named
      // here (lambdaCall), not the closure.
      if (const auto *RD = T.getNonReferenceType()->getAsCXXRecordDecl();
          Captured && RD && RD->isLambda())
        continue;
      // A variable a lambda captures by reference is passed as a non-const reference
      // parameter is (below): its address where the lambda changes it, else its value.
      const bool CapturedByRef = Captured && capturedByReference(Def, P) &&
                                 !T.getNonReferenceType().isConstQualified() &&
                                 (scalarTypeOf(T, Ctx) || isRecordValue(T));
      bool ByValueOrConstRef = !CapturedByRef && (Captured || !T->isReferenceType() ||
                                                  T.getNonReferenceType().isConstQualified());
      ir::Function::Param Param;
      // An unnamed parameter (a defaulted comparison's) still needs a name in C.
      Param.Name = FunctionNames.nameFor(
          P, P->getName().empty() ? "arg" + std::to_string(PI) : P->getNameAsString());
      // An array of at most MaxArrayFieldElements arithmetic elements or structs that C++
      // lets the function read only (`const float (&v)[3]`, a const std::array reference)
      // or that it gets a copy of (std::array by value), given an array the kernel holds:
      // each element a parameter, copied to a private array of the parameter's name.
      std::optional<ArrayShape> Shape = Captured ? std::nullopt : arrayShape(T);
      const bool BuiltinConstRef = T->isLValueReferenceType() &&
                                   Ctx.getAsConstantArrayType(T.getNonReferenceType()) &&
                                   T.getNonReferenceType().isConstQualified();
      // (A built-in array from outside the loop is a view instead, below.)
      if (Shape && Shape->Size > 0 && Shape->Size <= MaxArrayFieldElements &&
          ((BuiltinConstRef && !(PI < Args.size() && outerBuiltinArray(Args[PI]))) ||
           (Shape->Std && ByValueOrConstRef &&
            heldArrayArgument(PI < Args.size() ? Args[PI] : nullptr)))) {
        std::optional<ValueType> ElemType = valueTypeOf(Shape->Element, P->getLocation());
        if (!ElemType)
          return std::nullopt;
        const ScalarType Elem = ElemType->Type;
        auto D = std::make_unique<Stmt>(Stmt::Kind::ArrayDecl);
        D->VarType = Elem;
        D->VarRecord = ElemType->Record;
        D->ArraySize = Shape->Size;
        D->VarConst = T.getNonReferenceType().isConstQualified();
        D->VarName = Param.Name;
        for (unsigned long long K = 0; K < Shape->Size; ++K) {
          ir::Function::Param Element;
          // Generated names start with clpar_ and user names never do (KernelNames).
          Element.Name = "clpar_arg_" + Param.Name + "_" + std::to_string(K);
          Element.Type = Elem;
          Element.Record = ElemType->Record;
          ExprPtr L = makeValue(Expr::Kind::Local, *ElemType);
          L->Text = Element.Name;
          D->Elements.push_back(std::move(L));
          F.Params.push_back(Element);
          Sources.push_back({static_cast<int>(PI), static_cast<long long>(K)});
        }
        FS.Arrays[P] = LocalArray{Param.Name, Elem, Shape->Size, ElemType->Record};
        ArrayCopies.push_back(std::move(D));
        continue;
      }
      // A pointer into a private array of the caller's: the array's address, the
      // position and the element count (pointerPosition).
      if (!Captured && T->isPointerType() && !T->getPointeeType()->isArrayType()) {
        if (PI >= Args.size() || (!pointerBaseOf(Args[PI]) && !scalarAddress(Args[PI])))
          return fail(PI < Args.size() ? Args[PI]->getExprLoc() : CallLoc,
                      "passes a pointer other than one into an array the work-item holds "
                      "(a local array or std::array) or to a variable of the loop to the "
                      "parameter '" +
                          P->getNameAsString() + "' of '" + Name + "'"),
                 std::nullopt;
        std::optional<ValueType> ElemType = arrayAddressParam(
            Param, T->getPointeeType(), T->getPointeeType().isConstQualified(), P->getLocation());
        if (!ElemType)
          return std::nullopt;
        ir::Function::Param At, Count;
        // Generated names start with clpar_ and user names never do (KernelNames).
        At.Name = "clpar_at_" + Param.Name;
        At.Type = ScalarType::Long;
        Count.Name = "clpar_n_" + Param.Name;
        Count.Type = ScalarType::ULong;
        FS.Pointers[P] = PointerVar{
            PointerBase{Param.Name, ElemType->Type, ElemType->Record, 0, Count.Name},
            At.Name};
        F.Params.push_back(Param);
        F.Params.push_back(At);
        F.Params.push_back(Count);
        Sources.push_back({static_cast<int>(PI), ParamSource::PointerArray});
        Sources.push_back({static_cast<int>(PI), ParamSource::PointerPart});
        Sources.push_back({static_cast<int>(PI), ParamSource::PointerPart});
        continue;
      }
      // A private array passed by reference (a non-const one, whose changes the caller
      // sees, or a const one too long to pass element by element) or captured by a lambda
      // by reference: the address of the caller's array, which the function indexes as
      // its own.
      if (Captured ? capturedByReference(Def, P) : T->isReferenceType())
        if (std::optional<ArrayShape> Whole = arrayShape(P->getType());
            Whole && Whole->Size > 0 &&
            privateArrayArgument(Captured ? nullptr : Args[PI], Captured ? P : nullptr)) {
          std::optional<ValueType> ElemType = arrayAddressParam(
              Param, Whole->Element, T.getNonReferenceType().isConstQualified(),
              P->getLocation());
          if (!ElemType)
            return std::nullopt;
          FS.Arrays[P] = LocalArray{Param.Name, ElemType->Type, Whole->Size, ElemType->Record};
          F.Params.push_back(Param);
          Sources.push_back({static_cast<int>(PI), ParamSource::WholeArray});
          continue;
        }
      // A view of the caller's: a clpar::view, vector or std::array by value or const
      // reference, or a built-in array from outside the loop by reference (the function
      // may write its elements, as the loop may) or captured (by copy by a lambda that is
      // not mutable, read only: the array is the copy while it does not change, which
      // lambdaCall sees to).
      std::optional<ArrayTypeInfo> Info = arrayTypeInfo(T);
      const auto *CallOperator = llvm::dyn_cast<clang::CXXMethodDecl>(Def);
      if (!Info && (Captured ? capturedByReference(Def, P) ||
                                   (CallOperator && CallOperator->isConst())
                             : T->isReferenceType() && PI < Args.size() &&
                                   outerBuiltinArray(Args[PI])))
        Info = builtinArrayInfo(T, Ctx);
      // A mutable lambda may change its copy of an array, which is no view of the caller's.
      if (Info && Info->Kind != ir::ViewKind::ClparView && Captured &&
          !capturedByReference(Def, P) && CallOperator && !CallOperator->isConst()) {
        fail(P->getLocation(), "calls a mutable lambda that holds its own copy of the "
                               "array '" + P->getNameAsString() + "'");
        return std::nullopt;
      }
      if (Info && (ByValueOrConstRef || Info->Kind == ir::ViewKind::Builtin)) {
        std::optional<ValueType> Elem = elementTypeOf(Info->Element, P->getLocation());
        if (!Elem)
          return std::nullopt;
        ir::View V;
        V.HostExpr = V.SourceName = P->getNameAsString();
        V.KernelName = Param.Name;
        V.Element = Elem->Type;
        V.ElementRecord = Elem->Record;
        V.Kind = Info->Kind;
        V.Rank = Info->Rank;
        V.ConstElements = Info->Element.isConstQualified() ||
                          T.getNonReferenceType().isConstQualified() ||
                          (Captured && !capturedByReference(Def, P));
        Param.IsView = true;
        Param.ViewIndex = F.ViewParams.size();
        FS.ViewIndex[P] = Param.ViewIndex;
        F.ViewParams.push_back(V);
      } else if (std::optional<ScalarType> ST = scalarTypeOf(T, Ctx);
                 ST && ByValueOrConstRef) {
        Param.Type = *ST;
        if (*ST == ScalarType::Double)
          R.UsesDouble = true;
        FS.Locals.insert(P);
        FS.LocalNames[P] = Param.Name;
        if (Captured)
          FS.ReadOnlyNames.insert(Param.Name);
      } else if (isRecordValue(T) && ByValueOrConstRef) {
        std::optional<unsigned> Rec = recordOf(T, P->getLocation());
        if (!Rec)
          return std::nullopt;
        Param.Type = ScalarType::Record;
        Param.Record = *Rec;
        FS.Locals.insert(P);
        FS.LocalNames[P] = Param.Name;
        if (Captured)
          FS.ReadOnlyNames.insert(Param.Name);
      } else if (CapturedByRef || (!Captured && T->isReferenceType() &&
                                   (scalarTypeOf(T, Ctx) || isRecordValue(T)))) {
        // A non-const reference (an rvalue one too, a forwarding reference's), or a
        // variable captured by reference: the argument's address, so the argument must be
        // a variable of the kernel; one the function never changes takes the value (below).
        std::optional<ValueType> VT = valueTypeOf(T, P->getLocation());
        if (!VT)
          return std::nullopt;
        Param.Type = VT->Type;
        Param.Record = VT->Record;
        Param.Pointer = true;
        FS.Locals.insert(P);
        FS.LocalNames[P] = "(*" + Param.Name + ")";
      } else {
        fail(P->getLocation(), "calls '" + Name + "', whose parameter '" +
                                   P->getNameAsString() + "' has type '" + typeText(T) +
                                   "' (kernels pass arithmetic values and clpar::view)");
        return std::nullopt;
      }
      F.Params.push_back(Param);
      Sources.push_back({static_cast<int>(PI), -1});
    }
    if (FS.Result) {
      ir::Function::Param Result;
      Result.Name = FS.Result->Name;
      Result.Type = FS.Result->Element;
      Result.Record = FS.Result->Record;
      Result.Pointer = true;
      Result.Array = true;
      F.Params.push_back(Result);
      Sources.push_back({-1, ParamSource::Result});
    }
    const clang::FunctionDecl *Key = Def->getCanonicalDecl();
    InProgress.insert(Key);
    Scope *SavedScope = Sc;
    ir::Function *SavedFunction = CurrentFunction;
    Sc = &FS;
    CurrentFunction = &F;
    std::vector<StmtPtr> Out;
    bool Ok = Ctor ? constructorBody(Ctor, Out) : stmtInto(Def->getBody(), Out);
    Sc = SavedScope;
    CurrentFunction = SavedFunction;
    InProgress.erase(Key);
    if (!Ok || Out.size() != 1)
      return std::nullopt;
    F.Body = std::move(Out.front());
    if (!ArrayCopies.empty()) {
      if (F.Body->K != Stmt::Kind::Compound) {
        auto Block = std::make_unique<Stmt>(Stmt::Kind::Compound);
        Block->Children.push_back(std::move(F.Body));
        F.Body = std::move(Block);
      }
      F.Body->Children.insert(F.Body->Children.begin(),
                              std::make_move_iterator(ArrayCopies.begin()),
                              std::make_move_iterator(ArrayCopies.end()));
    }
    // The object of a non-const member function, or a non-const reference, that the body
    // does not change is passed by value; an array it does not change by a const pointer.
    for (ir::Function::Param &P : F.Params) {
      if (P.Array && !P.Const && !changesArray(*F.Body, P.Name))
        P.Const = true;
      const std::string Object = "(*" + P.Name + ")";
      if (P.Pointer && !P.Array && !changesLocal(*F.Body, Object)) {
        P.Pointer = false;
        renameLocal(*F.Body, Object, P.Name);
      }
    }
    bool Lambda = Method && Method->getParent()->isLambda();
    if (Lambda) {
      const clang::SourceManager &SM = Ctx.getSourceManager();
      clang::SourceLocation L = SM.getSpellingLoc(Method->getParent()->getLocation());
      F.SourceName = "lambda at line " + std::to_string(SM.getSpellingLineNumber(L));
    }
    std::string Base = "clpar_fn_" + (Lambda ? std::string("lambda")
                                             : identifierPart(Def->getNameAsString()));
    if ((OfRecord || Stateless) && !Lambda)
      Base = "clpar_fn_" +
             identifierPart((ThisAs ? classOf(*ThisAs) : Method->getParent())->getNameAsString()) +
             "_" + (Ctor ? std::string("make") : identifierPart(Def->getNameAsString()));
    if (Def->isOverloadedOperator() && !Lambda)
      Base = Base.substr(0, Base.rfind("operator")) + operatorName(Def->getOverloadedOperator());
    F.KernelName = unusedName(Base, UsedFunctionNames);
    unsigned Index = R.Functions.size();
    R.Functions.push_back(std::move(F));
    if (ThisAs)
      DerivedFunctionIndex[{Key, *ThisAs}] = Index;
    else
      FunctionIndex[Key] = Index;
    ParamSources[Index] = std::move(Sources);
    if (FS.ReturnsThis)
      ReturnsThisFunctions.insert(Index);
    if (FS.ReturnsPointer && FS.ReturnedParam)
      ReturnedPointerParam[Index] = *FS.ReturnedParam;
    if (FS.SameArrayParams.size() > 1)
      SameArrayParams[Index] = FS.SameArrayParams;
    return Index;
  }

  /// Whether \p S writes a variable \p Changed accepts (writtenVariable's: a local, or the
  /// element of an array, under any fields), or passes its address.
  static bool writes(const Stmt &S, const std::function<bool(const Expr &)> &Changed) {
    bool Changes = false;
    ir::forEachExpr(S, [&](const Expr &E) {
      Changes = Changes || (isWrite(E) && Changed(writtenVariable(*E.Operands[0])));
    });
    return Changes;
  }

  /// Whether \p S writes the local \p Name, a field of it, or passes its address.
  static bool changesLocal(const Stmt &S, const std::string &Name) {
    return writes(S, [&](const Expr &T) { return T.K == Expr::Kind::Local && T.Text == Name; });
  }

  /// Whether \p S writes an element (or a field of one) of the private array \p Name, or
  /// passes its address.
  static bool changesArray(const Stmt &S, const std::string &Name) {
    return writes(S, [&](const Expr &T) {
      return T.K == Expr::Kind::ArrayElement && T.Operands.size() == 1 && T.Text == Name;
    });
  }

  /// Renames the local \p From to \p To throughout \p S.
  static void renameLocal(Stmt &S, const std::string &From, const std::string &To) {
    const std::function<void(Expr &)> InExpr = [&](Expr &E) {
      if (E.K == Expr::Kind::Local && E.Text == From)
        E.Text = To;
      for (auto &Op : E.Operands)
        InExpr(*Op);
    };
    for (ExprPtr *E : {&S.Init, &S.Cond, &S.Inc})
      if (*E)
        InExpr(**E);
    for (auto &E : S.Elements)
      InExpr(*E);
    for (auto &C : S.Children)
      if (C)
        renameLocal(*C, From, To);
  }

  /// A constructor's body in the kernel: the object, the members its initializers set,
  /// the statements of its body, and the object returned.
  bool constructorBody(const clang::CXXConstructorDecl *Ctor, std::vector<StmtPtr> &Out) {
    auto Block = std::make_unique<Stmt>(Stmt::Kind::Compound);
    auto D = std::make_unique<Stmt>(Stmt::Kind::Decl);
    D->VarType = ScalarType::Record;
    D->VarRecord = Sc->ThisRecord;
    D->VarName = Sc->ThisText;
    Block->Children.push_back(std::move(D));
    for (const clang::CXXCtorInitializer *I : Ctor->inits()) {
      const clang::FieldDecl *FD = I->getMember();
      if (!(I->isMemberInitializer() && FD) && !I->isBaseInitializer())
        return fail(I->getSourceLocation(), "calls a constructor of '" +
                                             Ctor->getParent()->getNameAsString() +
                                             "' that delegates to another constructor"),
               false;
      const clang::Expr *Init = I->getInit();
      if (const auto *CE = llvm::dyn_cast<clang::CXXConstructExpr>(Init->IgnoreImplicit());
          CE && CE->getConstructor()->isDefaultConstructor() &&
          CE->getConstructor()->isTrivial() && !CE->requiresZeroInitialization())
        continue; // default-initialized: any value
      // A base subobject: its field (none for an empty base, whose constructor can only
      // have effects elsewhere).
      std::optional<unsigned> Field;
      if (I->isBaseInitializer()) {
        Field = baseField(Sc->ThisRecord, I->getBaseClass()->getAsCXXRecordDecl());
        if (!Field && !Init->HasSideEffects(Ctx))
          continue;
        if (!Field)
          return fail(I->getSourceLocation(),
                      "calls a constructor of '" + Ctor->getParent()->getNameAsString() +
                          "' that constructs its empty base class with effects"),
                 false;
      } else {
        Field = R.Records[Sc->ThisRecord].Bases + FD->getFieldIndex();
      }
      const auto Self = [&] {
        ExprPtr L = makeValue(Expr::Kind::Local, {ScalarType::Record, Sc->ThisRecord});
        L->Text = Sc->ThisText;
        return L;
      };
      if (const ir::Record::Field &F = R.Records[Sc->ThisRecord].Fields[*Field];
          F.ArraySize) {
        // An array member: each element set on its own.
        ExprPtr Elements = arrayFieldValue(Init, F);
        if (!Elements)
          return false;
        for (unsigned long long K = 0; K < F.ArraySize; ++K) {
          ExprPtr Target = makeExpr(Expr::Kind::ArrayElement, F.Type);
          Target->Extent = F.ArraySize;
          Target->Operands.push_back(intLiteral(llvm::APSInt(llvm::APInt(64, K), true),
                                                ScalarType::ULong));
          Target->Operands.push_back(recordField(Self(), *Field));
          ExprPtr Set = makeExpr(Expr::Kind::Binary, F.Type);
          Set->Text = "=";
          Set->Operands.push_back(std::move(Target));
          Set->Operands.push_back(std::move(Elements->Operands[K]));
          auto S = std::make_unique<Stmt>(Stmt::Kind::Expression);
          S->Init = std::move(Set);
          Block->Children.push_back(std::move(S));
        }
        continue;
      }
      ExprPtr Value = expr(Init);
      if (!Value)
        return false;
      ExprPtr Target = recordField(Self(), *Field);
      ExprPtr Set = makeValue(Expr::Kind::Binary, {Target->Type, Target->Record});
      Set->Text = "=";
      Value = makeCast(Target->Type, std::move(Value));
      Set->Operands.push_back(std::move(Target));
      Set->Operands.push_back(std::move(Value));
      auto S = std::make_unique<Stmt>(Stmt::Kind::Expression);
      S->Init = std::move(Set);
      Block->Children.push_back(std::move(S));
    }
    // The body's statements join the block (its names are the function's own).
    if (const auto *Body = llvm::dyn_cast<clang::CompoundStmt>(Ctor->getBody())) {
      for (const clang::Stmt *Each : Body->body())
        if (!stmtInto(Each, Block->Children))
          return false;
    } else if (!stmtInto(Ctor->getBody(), Block->Children)) {
      return false;
    }
    auto Ret = std::make_unique<Stmt>(Stmt::Kind::Return);
    Ret->Init = makeValue(Expr::Kind::Local, {ScalarType::Record, Sc->ThisRecord});
    Ret->Init->Text = Sc->ThisText;
    Block->Children.push_back(std::move(Ret));
    Out.push_back(std::move(Block));
    return true;
  }

  /// A name for the function of an overloaded operator: `op_plus_eq` for `operator+=`.
  static std::string operatorName(clang::OverloadedOperatorKind K) {
    static const std::map<char, const char *> Words = {
        {'+', "plus"}, {'-', "minus"}, {'*', "mul"}, {'/', "div"}, {'%', "mod"},
        {'=', "eq"},   {'<', "lt"},    {'>', "gt"},  {'!', "not"}, {'&', "and"},
        {'|', "or"},   {'^', "xor"},   {'~', "compl"}, {'(', "call"}, {'[', "index"}};
    std::string Name = "op";
    for (const char *C = clang::getOperatorSpelling(K); C && *C; ++C)
      if (auto It = Words.find(*C); It != Words.end())
        Name += std::string("_") + It->second;
    return Name;
  }

  ExprPtr userCall(const clang::CallExpr *CE, const clang::FunctionDecl *FD) {
    std::vector<const clang::Expr *> Args(CE->arg_begin(), CE->arg_end());
    return callTranslated(CE->getExprLoc(), FD, Args, {});
  }

  /// A call at \p Loc of the lambda \p Closure (of class \p RD) through its call operator
  /// \p Op with \p Args: the call operator becomes a function whose trailing parameters
  /// are the captured variables, passed at each call.
  ExprPtr lambdaCall(clang::SourceLocation Loc, const clang::Expr *Closure,
                     const clang::CXXMethodDecl *Op, llvm::ArrayRef<const clang::Expr *> Args,
                     const clang::CXXRecordDecl *RD) {
    if (!Op)
      return fail(Loc, "calls a lambda it cannot resolve");
    // A lambda this one captures is called with what it captures, by name: those come
    // too, transitively (captureKindOf).
    std::vector<const clang::VarDecl *> Captures;
    // Each capture with the lambda that makes it.
    OwnedCaptures All;
    std::set<const clang::CXXRecordDecl *> Seen;
    std::function<void(const clang::CXXRecordDecl *)> Collect =
        [&](const clang::CXXRecordDecl *L) {
          if (!Seen.insert(L).second)
            return;
          for (const clang::LambdaCapture &C : L->captures()) {
            All.push_back({&C, L});
            if (const clang::CXXRecordDecl *Inner = capturedLambda(C))
              Collect(Inner);
          }
        };
    Collect(RD);
    // The kernel gets each captured variable by name, read when the region starts.  A
    // lambda made in the loop captures in each iteration what the region started with (the
    // loop changes no outer variable); one made before it holds copies the variables may
    // no longer equal, and one made elsewhere (passed in, a member) variables the loop
    // cannot name.
    const bool MadeInLoop = Sc->InFunction || madeInLoop(Closure);
    // One made elsewhere that captures what the loop cannot name (a lambda a template is
    // given): the host reads its captures from the closure, which the translator tags.
    bool Tagged =
        !MadeInLoop && std::any_of(All.begin(), All.end(), [&](const auto &Each) {
          const auto *V = llvm::dyn_cast_or_null<clang::VarDecl>(
              Each.first->capturesVariable() ? Each.first->getCapturedVar() : nullptr);
          return V && !V->isInitCapture() && !inScopeAtLoop(V);
        });
    // One made before the loop holding a copy of a variable that changes after the
    // lambda is made (a time step's lambda copying the time): the host reads the
    // closure's copies too, where it can, and the loop names none of its variables.
    if (!Tagged && !MadeInLoop && copyChangesLater(All) && readableFromClosure(Closure, RD, All))
      Tagged = true;
    if (Tagged && !readTaggedCaptures(Loc, Closure, RD))
      return nullptr;
    for (const auto &[CP, Owner] : All) {
      const clang::LambdaCapture &C = *CP;
      if (!C.capturesVariable())
        return fail(C.getLocation(), "calls a lambda that captures 'this'");
      // An init-capture's variable lives only in the closure: the host has no name for it.
      const auto *V = llvm::dyn_cast<clang::VarDecl>(C.getCapturedVar());
      if (!V || V->isInitCapture())
        return fail(C.getLocation(), "calls a lambda with an init-capture");
      bool BodyLocal = !Sc->InFunction && Sc->Locals.count(V);
      if (BodyLocal && C.getCaptureKind() == clang::LCK_ByCopy &&
          !arrayTypeInfo(V->getType()) && !isStateless(V->getType()))
        return fail(C.getLocation(), "calls a lambda that captures '" +
                                         V->getNameAsString() +
                                         "', declared in the loop, by copy");
      if (ReductionIndex.count(V))
        return fail(C.getLocation(), "calls a lambda that captures the reduction "
                                     "variable '" + V->getNameAsString() + "'");
      // (The host reads a tagged closure's own copies: later changes of the variables
      // do not matter.)
      if (!Tagged && !MadeInLoop && C.getCaptureKind() == clang::LCK_ByCopy &&
          !isStateless(V->getType()))
        if (std::optional<clang::SourceLocation> Change = changedAfter(V, Owner))
          return fail(Loc,
                      "calls a lambda made before the loop with a copy of '" +
                          V->getNameAsString() + "', which changes after the lambda is made "
                          "(line " +
                          std::to_string(Ctx.getSourceManager().getSpellingLineNumber(*Change)) +
                          "); the kernel would read the changed value");
      if (!Tagged && CaptureHost.count(V))
        return fail(Loc, "calls lambdas that capture '" + V->getNameAsString() +
                             "', one read from its closure and one by name");
      if (!Tagged)
        ReadByName.insert(V);
      if (std::find(Captures.begin(), Captures.end(), V) == Captures.end())
        Captures.push_back(V);
    }
    return callTranslated(Loc, Op, Args, Captures);
  }

  using OwnedCaptures =
      std::vector<std::pair<const clang::LambdaCapture *, const clang::CXXRecordDecl *>>;

  /// Whether a variable that one of \p All captures by copy changes after its lambda
  /// is made (changedAfter).
  bool copyChangesLater(const OwnedCaptures &All) {
    for (const auto &[C, Owner] : All) {
      if (!C->capturesVariable() || C->getCaptureKind() != clang::LCK_ByCopy)
        continue;
      const auto *V = llvm::dyn_cast<clang::VarDecl>(C->getCapturedVar());
      if (V && !V->isInitCapture() && !isStateless(V->getType()) && changedAfter(V, Owner))
        return true;
    }
    return false;
  }

  /// Whether the host can read what the lambda \p Closure (of class \p RD) captures
  /// from the closure itself, instead of by the variables' names: the object has a name
  /// at the loop, its lambda is tagged, and neither the loop as written nor a lambda it
  /// calls by name reads a variable of \p All (the kernel has one argument per variable).
  bool readableFromClosure(const clang::Expr *Closure, const clang::CXXRecordDecl *RD,
                           const OwnedCaptures &All) {
    if (!closureObject(Closure) || !Tags)
      return false;
    struct Names : clang::RecursiveASTVisitor<Names> {
      llvm::DenseSet<const clang::VarDecl *> Vars;
      bool Found = false;
      bool shouldVisitLambdaBody() const { return true; }
      bool VisitDeclRefExpr(clang::DeclRefExpr *D) {
        if (const auto *V = llvm::dyn_cast<clang::VarDecl>(D->getDecl()); V && Vars.count(V))
          Found = true;
        return !Found;
      }
    } N;
    for (const auto &Each : All)
      if (const auto *V = llvm::dyn_cast_or_null<clang::VarDecl>(
              Each.first->capturesVariable() ? Each.first->getCapturedVar() : nullptr)) {
        if (ReadByName.count(V))
          return false;
        N.Vars.insert(V);
      }
    for (const clang::Stmt *S : LoopStatements)
      N.TraverseStmt(const_cast<clang::Stmt *>(S));
    std::string Why; // (the lambda is wrapped only once it is known to be needed)
    return !N.Found && Tags->tag(RD, Why).has_value();
  }

  /// For a call at \p Loc of \p Closure, a lambda of class \p RD made where the loop
  /// cannot name what it captures: has the host read each capture from the closure
  /// object (tagged by ClosureTags).  Fails where the object has no name at the loop or
  /// the lambda cannot be tagged.
  bool readTaggedCaptures(clang::SourceLocation Loc, const clang::Expr *Closure,
                          const clang::CXXRecordDecl *RD) {
    auto refuse = [&](const std::string &Why) {
      fail(Loc, "calls a lambda made where the loop cannot name what it captures, and " +
                    Why);
      return false;
    };
    std::optional<std::string> Object = closureObject(Closure);
    if (!Object)
      return refuse("the closure is no parameter, variable or member the host can read "
                    "it from");
    std::string Why;
    if (!Tags || !Tags->tag(RD, Why).has_value())
      return refuse("the host cannot read its captures: the lambda " +
                    (Why.empty() ? std::string("is not tagged") : Why));
    unsigned Index = 0;
    for (const clang::LambdaCapture &C : RD->captures()) {
      const auto *V = llvm::cast<clang::VarDecl>(C.getCapturedVar());
      if (capturedLambda(C))
        return refuse("it captures the lambda '" + V->getNameAsString() + "'");
      const std::string Host = closureCaptureExpr(*Object, Index++);
      auto [It, Inserted] = CaptureHost.insert({V, Host});
      if (!Inserted && It->second != Host)
        return refuse("another lambda it calls captures '" + V->getNameAsString() +
                      "' too");
    }
    return true;
  }

  /// How the host names the closure object \p E: a parameter or a variable in scope at
  /// the loop (maybe through std::forward or std::move), or a data member of `*this`.
  std::optional<std::string> closureObject(const clang::Expr *E) {
    E = E->IgnoreImplicit()->IgnoreParens()->IgnoreImplicit();
    if (const auto *CE = llvm::dyn_cast<clang::CallExpr>(E)) {
      const clang::FunctionDecl *FD = CE->getDirectCallee();
      if (FD && CE->getNumArgs() == 1 && isStdMoveOrForward(FD))
        return closureObject(CE->getArg(0));
      return std::nullopt;
    }
    if (const auto *DRE = llvm::dyn_cast<clang::DeclRefExpr>(E)) {
      const auto *VD = llvm::dyn_cast<clang::VarDecl>(DRE->getDecl());
      if (VD && !Sc->Locals.count(VD) && inScopeAtLoop(VD))
        return VD->getNameAsString();
      return std::nullopt;
    }
    if (const auto *ME = llvm::dyn_cast<clang::MemberExpr>(E))
      if (const clang::FieldDecl *FD = memberOfThis(ME))
        return "this->" + FD->getNameAsString();
    return std::nullopt;
  }

  /// Whether the lambda object \p Closure is made in the loop: a lambda expression, or a
  /// variable the loop declares that one initializes.
  bool madeInLoop(const clang::Expr *Closure) {
    Closure = Closure->IgnoreImplicit()->IgnoreParens()->IgnoreImplicit();
    if (llvm::isa<clang::LambdaExpr>(Closure))
      return true;
    const auto *DRE = llvm::dyn_cast<clang::DeclRefExpr>(Closure);
    const auto *VD = DRE ? llvm::dyn_cast<clang::VarDecl>(DRE->getDecl()) : nullptr;
    return VD && Sc->Locals.count(VD) && VD->getInit() &&
           llvm::isa<clang::LambdaExpr>(VD->getInit()->IgnoreImplicit());
  }

  /// Whether the loop can name the local variable \p V: one of the loop's function (a
  /// parameter, or declared in a statement that encloses the loop).
  bool inScopeAtLoop(const clang::VarDecl *V) {
    if (LoopVars.empty() || V->getDeclContext() != LoopVars[0]->getDeclContext())
      return false;
    if (llvm::isa<clang::ParmVarDecl>(V))
      return true;
    const clang::SourceManager &SM = Ctx.getSourceManager();
    const clang::SourceLocation Loop = LoopVars[0]->getLocation();
    clang::DynTypedNodeList Parents = Ctx.getParents(*V);
    if (Parents.empty())
      return false;
    Parents = Ctx.getParents(Parents[0]); // the declaration statement's parent
    const auto *Scope = Parents.empty() ? nullptr : Parents[0].get<clang::Stmt>();
    return Scope && SM.isBeforeInTranslationUnit(Scope->getBeginLoc(), Loop) &&
           SM.isBeforeInTranslationUnit(Loop, Scope->getEndLoc());
  }

  /// Where \p V is used other than read after the lambda \p Owner (which captures it) is
  /// made: assigned, incremented, bound to a reference, its address taken, a member
  /// function called on it...  Nothing when every later use only reads its value.
  std::optional<clang::SourceLocation> changedAfter(const clang::VarDecl *V,
                                                    const clang::CXXRecordDecl *Owner) {
    if (V->getType()->isReferenceType())
      return V->getLocation(); // the copy is of what it refers to, which may change
    if (V->getType().isConstQualified())
      return std::nullopt;
    const auto *FD = llvm::dyn_cast<clang::FunctionDecl>(V->getDeclContext());
    const clang::CXXMethodDecl *Call = Owner->getLambdaCallOperator();
    if (!FD || !FD->getBody() || !Call)
      return V->getLocation();
    struct Uses : clang::RecursiveASTVisitor<Uses> {
      const clang::VarDecl *V;
      std::set<const clang::DeclRefExpr *> Reads;
      std::vector<const clang::DeclRefExpr *> All;
      bool shouldVisitLambdaBody() const { return true; }
      // Its value read, or the object seen as const (bound to a const reference, a const
      // member function called on it).
      bool VisitImplicitCastExpr(clang::ImplicitCastExpr *IC) {
        if (IC->getCastKind() == clang::CK_LValueToRValue ||
            (IC->getCastKind() == clang::CK_NoOp && IC->getType().isConstQualified()))
          if (const auto *D = llvm::dyn_cast<clang::DeclRefExpr>(IC->getSubExpr()->IgnoreParens()))
            Reads.insert(D);
        return true;
      }
      bool VisitDeclRefExpr(clang::DeclRefExpr *D) {
        if (D->getDecl() == V)
          All.push_back(D);
        return true;
      }
    } U;
    U.V = V;
    U.TraverseStmt(FD->getBody());
    const clang::SourceManager &SM = Ctx.getSourceManager();
    for (const clang::DeclRefExpr *D : U.All)
      if (SM.isBeforeInTranslationUnit(Call->getEndLoc(), D->getLocation()) &&
          !U.Reads.count(D))
        return D->getLocation();
    return std::nullopt;
  }

  /// The closure type of the variable \p C captures, when that is a lambda's.
  static const clang::CXXRecordDecl *capturedLambda(const clang::LambdaCapture &C) {
    if (!C.capturesVariable())
      return nullptr;
    const auto *V = llvm::dyn_cast<clang::VarDecl>(C.getCapturedVar());
    const clang::CXXRecordDecl *RD =
        V ? V->getType().getNonReferenceType()->getAsCXXRecordDecl() : nullptr;
    return RD && RD->isLambda() ? RD : nullptr;
  }

  /// How the lambda \p L captures \p V: itself, or through a lambda it captures (whose
  /// captures by reference stay references to the variables, however it is captured).
  static std::optional<clang::LambdaCaptureKind> captureKindOf(const clang::CXXRecordDecl *L,
                                                              const clang::VarDecl *V) {
    for (const clang::LambdaCapture &C : L->captures())
      if (C.capturesVariable() && C.getCapturedVar() == V)
        return C.getCaptureKind();
    for (const clang::LambdaCapture &C : L->captures())
      if (const clang::CXXRecordDecl *Inner = capturedLambda(C))
        if (std::optional<clang::LambdaCaptureKind> K = captureKindOf(Inner, V))
          return K;
    return std::nullopt;
  }

  /// Whether \p Fn is a lambda's call operator that captures \p V by reference.
  static bool capturedByReference(const clang::FunctionDecl *Fn, const clang::VarDecl *V) {
    const auto *MD = llvm::dyn_cast<clang::CXXMethodDecl>(Fn);
    if (!MD || !MD->getParent()->isLambda())
      return false;
    return captureKindOf(MD->getParent(), V) == clang::LCK_ByRef;
  }

  /// Whether \p MD is a member function of a stateless class translated without an
  /// object (not as an empty base's for the derived record \p ThisAs).
  static bool statelessMethod(const clang::CXXMethodDecl *MD, std::optional<unsigned> ThisAs) {
    return MD && !MD->isStatic() && !ThisAs && !llvm::isa<clang::CXXConstructorDecl>(MD) &&
           isStateless(clang::QualType(MD->getParent()->getTypeForDecl(), 0));
  }

  /// \p FD's function in Region::Functions, translated on its first call (a member
  /// function's only \p WithObject, the object it runs on).
  std::optional<unsigned> functionIndex(clang::SourceLocation Loc,
                                        const clang::FunctionDecl *FD,
                                        llvm::ArrayRef<const clang::VarDecl *> Captures,
                                        bool WithObject,
                                        llvm::ArrayRef<const clang::Expr *> Args = {},
                                        std::optional<unsigned> ThisAs = std::nullopt) {
    std::string Name = FD->getQualifiedNameAsString();
    const clang::FunctionDecl *Def = nullptr;
    if (!FD->hasBody(Def) || !Def)
      return fail(Loc, "calls '" + Name + "', whose body is not visible"), std::nullopt;
    const auto *MD = llvm::dyn_cast<clang::CXXMethodDecl>(Def);
    if (MD && !MD->isStatic() && !MD->getParent()->isLambda() && !WithObject &&
        !statelessMethod(MD, ThisAs) && !llvm::isa<clang::CXXConstructorDecl>(MD))
      return fail(Loc, "calls the member function '" + Name + "'"), std::nullopt;
    if (Def->isVariadic())
      return fail(Loc, "calls the variadic function '" + Name + "'"), std::nullopt;
    const clang::FunctionDecl *Key = Def->getCanonicalDecl();
    if (InProgress.count(Key))
      return fail(Loc, "calls '" + Name + "' recursively"), std::nullopt;
    // A member function of an empty base is translated once per derived record ThisAs.
    if (ThisAs) {
      if (auto Found = DerivedFunctionIndex.find({Key, *ThisAs});
          Found != DerivedFunctionIndex.end())
        return Found->second;
    } else if (auto Found = FunctionIndex.find(Key); Found != FunctionIndex.end()) {
      return Found->second;
    }
    bool Outermost = !TopCallLoc.isValid();
    if (Outermost)
      TopCallLoc = Loc;
    std::optional<unsigned> I = translateFunction(Def, Loc, Captures, Args, ThisAs);
    if (Outermost)
      TopCallLoc = clang::SourceLocation();
    return I;
  }

  /// A call of \p FD (a member function's with its \p Object, a value or an address).
  ExprPtr callTranslated(clang::SourceLocation Loc, const clang::FunctionDecl *FD,
                         llvm::ArrayRef<const clang::Expr *> Args,
                         llvm::ArrayRef<const clang::VarDecl *> Captures,
                         ExprPtr Object = nullptr, std::optional<unsigned> Known = {}) {
    std::optional<unsigned> Found =
        Known ? Known : functionIndex(Loc, FD, Captures, Object != nullptr, Args);
    if (!Found)
      return nullptr;
    const unsigned Index = *Found;
    const std::string Name = FD->getQualifiedNameAsString();
    // An argument of a stateless class passes nothing: it is not evaluated.
    for (const clang::Expr *Arg : Args)
      if (isStateless(Arg->getType()) && mayHaveEffects(Arg))
        return fail(Arg->getExprLoc(), "passes an object of the stateless class '" +
                                           typeText(Arg->getType()) + "' made by an "
                                           "expression that may have effects to '" + Name +
                                           "'");
    // R.Functions grows when an argument calls a function not translated yet (a lambda
    // called in an argument of a lambda's call), so it is indexed afresh after each
    // argument, never held by reference across one.
    const ir::Function &F = R.Functions[Index];
    ExprPtr C = makeValue(Expr::Kind::FunctionCall,
                          {F.ReturnsVoid ? ScalarType::Int : F.ReturnType, F.ReturnRecord});
    C->Index = Index;
    C->Text = F.KernelName;
    std::map<unsigned, PointerBase> PointerArgs; // by argument, for pointerPosition
    const unsigned First = Object ? 1 : 0;
    if (Object)
      C->Operands.push_back(std::move(Object));
    for (unsigned I = First; I < R.Functions[Index].Params.size(); ++I) {
      const ir::Function::Param P = R.Functions[Index].Params[I];
      const ParamSource Source = ParamSources[Index][I];
      if (Source.Element == ParamSource::Result)
        continue; // the call site's array, which arrayFill passes
      const unsigned A = static_cast<unsigned>(Source.Arg);
      const clang::VarDecl *Captured =
          A >= Args.size() && A - Args.size() < Captures.size() ? Captures[A - Args.size()]
                                                                : nullptr;
      const clang::Expr *Arg = Captured ? nullptr : Args[A];
      if (const auto *DA = llvm::dyn_cast_or_null<clang::CXXDefaultArgExpr>(Arg))
        Arg = DA->getExpr();
      if (Source.Element == ParamSource::PointerPart)
        continue; // passed with its PointerArray
      std::optional<PointerBase> Variable =
          Source.Element == ParamSource::PointerArray ? scalarAddress(Arg) : std::nullopt;
      if (Variable) {
        // `&t`: the variable's address, at position 0 of one element.
        const PointerBase Base = *Variable;
        ExprPtr Var = expr(llvm::cast<clang::UnaryOperator>(Arg->IgnoreParenImpCasts())
                               ->getSubExpr());
        if (!Var)
          return nullptr;
        ExprPtr Address = makeValue(Expr::Kind::Unary, {Base.Element, Base.Record});
        Address->Text = "&";
        Address->Operands.push_back(std::move(Var));
        C->Operands.push_back(std::move(Address));
        C->Operands.push_back(intLiteral(llvm::APSInt(llvm::APInt(64, 0), false), ScalarType::Long));
        C->Operands.push_back(intLiteral(llvm::APSInt(llvm::APInt(64, 1), true), ScalarType::ULong));
        PointerArgs[A] = Base;
        continue;
      }
      if (Source.Element == ParamSource::PointerArray) {
        PointerBase Base;
        ExprPtr At = pointerBaseOf(Arg) ? pointerPosition(Arg, Base)
                                        : fail(Arg->getExprLoc(),
                                               "passes a pointer other than one into an "
                                               "array the work-item holds (a local array or "
                                               "std::array) or to a variable of the loop to "
                                               "the parameter '" +
                                                   FD->getParamDecl(A)->getNameAsString() +
                                                   "' of '" + Name + "'");
        if (!At)
          return nullptr;
        C->Operands.push_back(pointerArrayArgument(Base, P.Const));
        C->Operands.push_back(makeCast(ScalarType::Long, std::move(At)));
        C->Operands.push_back(
            Base.ExtentName.empty()
                ? intLiteral(llvm::APSInt(llvm::APInt(64, Base.Size), true), ScalarType::ULong)
                : [&] {
                    ExprPtr N = makeExpr(Expr::Kind::Local, ScalarType::ULong);
                    N->Text = Base.ExtentName;
                    return N;
                  }());
        PointerArgs[A] = Base;
        continue;
      }
      if (Source.Element == ParamSource::WholeArray) { // a private array: its address
        const clang::VarDecl *Array = privateArrayArgument(Arg, Captured);
        if (!Array)
          return fail(Captured ? Loc : Arg->getExprLoc(),
                      "passes an array other than one the loop declares to the reference "
                      "parameter '" +
                          (Captured ? Captured->getNameAsString()
                                    : FD->getParamDecl(A)->getNameAsString()) +
                          "' of '" + Name + "'");
        // `&a[0]` where the function may change the array, which the analyses of the
        // body see as a write of it (as of a variable passed by address); the name,
        // which decays to the same address, where it cannot.
        const LocalArray &Held = Sc->Arrays.find(Array)->second;
        if (P.Const) {
          ExprPtr E = makeValue(Expr::Kind::Local, {Held.Element, Held.Record});
          E->Text = Held.Name;
          C->Operands.push_back(std::move(E));
          continue;
        }
        C->Operands.push_back(firstElementAddress(Held));
        continue;
      }
      if (Source.Element >= 0) { // an array parameter's element
        if (!heldArrayArgument(Arg))
          return fail(Arg->getExprLoc(),
                      "passes an array other than one the kernel holds (a local array, a "
                      "constant table, a struct's array member) to the parameter '" +
                          FD->getParamDecl(A)->getNameAsString() + "' of '" + Name + "'");
        ExprPtr E = heldArrayElement(Arg, static_cast<unsigned long long>(Source.Element),
                                     Arg->getEndLoc());
        if (!E)
          return nullptr;
        C->Operands.push_back(makeCast(P.Type, std::move(E)));
        continue;
      }
      if (!P.IsView) {
        ExprPtr E = Captured ? varRef(Captured, Loc) : expr(Arg);
        if (!E)
          return nullptr;
        if (P.Pointer) { // a reference the function changes: the variable's address
          if (!addressable(*E) && Captured)
            return fail(Loc, "calls a lambda that changes '" + Captured->getNameAsString() +
                                 "', which it captures by reference and the loop does not "
                                 "declare");
          if (!addressable(*E))
            return fail(Arg->getExprLoc(),
                        "passes something other than a variable of the kernel to the "
                        "reference parameter '" +
                            FD->getParamDecl(A)->getNameAsString() + "' of '" + Name + "'");
          ExprPtr Address = makeValue(Expr::Kind::Unary, {E->Type, E->Record});
          Address->Text = "&";
          Address->Operands.push_back(std::move(E));
          C->Operands.push_back(std::move(Address));
          continue;
        }
        C->Operands.push_back(makeCast(P.Type, std::move(E)));
        continue;
      }
      std::optional<unsigned> V;
      if (Captured) {
        V = viewOfVar(Captured, Loc);
      } else {
        const clang::Expr *A = viewArgument(Arg);
        // A std::array made in the argument (a function's result, a braced list) is no
        // array the kernel holds, and no view.
        const std::optional<ArrayTypeInfo> Passed = arrayTypeInfo(Arg->getType());
        if (Passed && Passed->Kind == ir::ViewKind::Array &&
            (llvm::isa<clang::CallExpr>(A) || llvm::isa<clang::InitListExpr>(A) ||
             llvm::isa<clang::CXXConstructExpr>(A)))
          return fail(Arg->getExprLoc(),
                      "passes a std::array made in the argument (a call's result or a "
                      "braced list) to '" + Name +
                          "'; declare it as a local array first and pass that");
        if (!llvm::isa<clang::DeclRefExpr>(A))
          return fail(Arg->getExprLoc(), "passes a view expression to '" + Name +
                                             "'; pass a named view");
        V = viewOf(A, Arg->getExprLoc());
      }
      if (!V)
        return nullptr;
      const ir::View &Callee = R.Functions[Index].ViewParams[P.ViewIndex];
      ir::View &Caller = (*Sc->Views)[*V];
      if (Caller.Element != Callee.Element || Caller.ElementRecord != Callee.ElementRecord ||
          Caller.Rank != Callee.Rank)
        return fail(Loc, "passes '" + Caller.SourceName + "' to '" + Name +
                             "' with another element type or rank");
      if (Callee.Written)
        Caller.Written = true;
      ExprPtr VR = makeExpr(Expr::Kind::ViewRef, Caller.Element);
      VR->Index = *V;
      C->Operands.push_back(std::move(VR));
    }
    if (auto Same = SameArrayParams.find(Index);
        Same != SameArrayParams.end() && !sameArrayArguments(Same->second, PointerArgs))
      return fail(Loc, "passes pointers into two arrays to '" + Name + "', whose pointers "
                       "must point into one (a range's ends)");
    LastPointerArgs = std::move(PointerArgs);
    return C;
  }

  /// Whether the pointer arguments \p Args give the parameters \p Params one array: the
  /// same private array, or (in a function) the arrays of its own pointer parameters,
  /// which its callers must then give one array in turn.
  bool sameArrayArguments(const std::set<unsigned> &Params,
                          const std::map<unsigned, PointerBase> &Args) {
    std::vector<const PointerBase *> Bases;
    for (unsigned P : Params)
      if (auto It = Args.find(P); It != Args.end())
        Bases.push_back(&It->second);
    if (std::all_of(Bases.begin(), Bases.end(),
                    [&](const PointerBase *B) { return B->same(*Bases.front()); }))
      return true;
    std::set<unsigned> Own;
    for (const PointerBase *B : Bases) {
      std::optional<unsigned> Param = pointerParamOf(*B);
      if (!Param)
        return false;
      Own.insert(*Param);
    }
    Sc->SameArrayParams.insert(Own.begin(), Own.end());
    return true;
  }

  /// The pointer parameter of the function being translated whose array \p B is.
  std::optional<unsigned> pointerParamOf(const PointerBase &B) const {
    for (const auto &[Var, Pointer] : Sc->Pointers)
      if (const auto *Param = llvm::dyn_cast<clang::ParmVarDecl>(Var);
          Param && Pointer.Base.same(B))
        return Param->getFunctionScopeIndex();
    return std::nullopt;
  }

  /// The array of the function's pointer parameter number \p Index; null for none.
  const PointerBase *pointerParamArray(unsigned Index) const {
    for (const auto &[Var, Pointer] : Sc->Pointers)
      if (const auto *Param = llvm::dyn_cast<clang::ParmVarDecl>(Var);
          Param && Param->getFunctionScopeIndex() == Index)
        return &Pointer.Base;
    return nullptr;
  }

  /// std::invoke(f, args...): f(args...), for f a lambda (generic ones too), a function
  /// object or a function the call names.
  ExprPtr invokeCall(const clang::CallExpr *CE) {
    const clang::FunctionDecl *Target = stdInvokeTarget(CE);
    if (!Target)
      return fail(CE->getExprLoc(), "calls through std::invoke a pointer to a member or a "
                                    "function pointer held in a variable");
    const llvm::ArrayRef<const clang::Expr *> Args(CE->getArgs() + 1, CE->getNumArgs() - 1);
    if (Target->getNumParams() != Args.size())
      return fail(CE->getExprLoc(), "calls '" + Target->getQualifiedNameAsString() +
                                        "' through std::invoke leaving a default argument "
                                        "out");
    const auto *MD = llvm::dyn_cast<clang::CXXMethodDecl>(Target);
    if (!MD || MD->isStatic())
      return callTranslated(CE->getExprLoc(), Target, Args, {});
    if (MD->getParent()->isLambda())
      return lambdaCall(CE->getExprLoc(), CE->getArg(0), MD, Args, MD->getParent());
    return methodCall(CE, MD, CE->getArg(0), Args);
  }

  ExprPtr call(const clang::CallExpr *CE) {
    const clang::FunctionDecl *FD = CE->getDirectCallee();
    if (!FD)
      return fail(CE->getExprLoc(), "calls a function through a pointer or object");
    if (isStdInvoke(FD) && CE->getNumArgs() >= 1)
      return invokeCall(CE);
    if (ExprPtr Value = constantCall(CE, FD))
      return Value;
    if (std::optional<ComplexOp> COp = complexOperation(FD))
      return complexCall(CE, FD, *COp, arguments(CE));
    if (isConstantEvaluatedQuery(FD)) {
      // A kernel is never constant-evaluated.
      ExprPtr L = makeExpr(Expr::Kind::BoolLiteral, ScalarType::Bool);
      L->Text = "false";
      return L;
    }
    // std::move and std::forward (a forwarding function object's) name their argument.
    if (isStdMoveOrForward(FD))
      return expr(CE->getArg(0));
    unsigned Id = FD->getBuiltinID();
    if ((Id == clang::Builtin::BI__builtin_expect ||
         Id == clang::Builtin::BI__builtin_expect_with_probability) &&
        CE->getNumArgs() >= 1)
      return expr(CE->getArg(0)); // a hint; its value is the first argument
    if (std::optional<ExprPtr> Bits = bitCountCall(CE, Id))
      return std::move(*Bits);
    if (const char *Rotation = stdRotationName(FD))
      return rotation(CE, Rotation);
    std::optional<std::string> Builtin = openclMathName(FD);
    bool Clamp = !Builtin && isStdClamp(FD);
    if (Clamp || (Builtin && (*Builtin == "min" || *Builtin == "max"))) {
      if (std::optional<ExprPtr> Ordered = orderCall(CE, Clamp ? "clamp" : *Builtin))
        return std::move(*Ordered);
      return userCall(CE, FD); // another overload (with a comparator): its body
    }
    if (!Builtin)
      return userCall(CE, FD);
    return mathCall(CE, FD, *Builtin);
  }

  /// The compiler's bit counts, which <bit>'s std::popcount, std::countl_zero,
  /// std::countr_zero, std::bit_width and std::has_single_bit call: __builtin_popcount,
  /// __builtin_clz, __builtin_ctz and __builtin_parity of unsigned int, long and long long.
  /// OpenCL C has popcount and clz (clz of 0 is the width, where C leaves it undefined);
  /// ctz, which OpenCL C 1.2 lacks, is a helper the kernel defines (clpar_ctz_uint and
  /// _ulong).  Nothing for other calls; a null expression when the argument fails.
  std::optional<ExprPtr> bitCountCall(const clang::CallExpr *CE, unsigned Id) {
    namespace B = clang::Builtin;
    const char *Name = nullptr;
    switch (Id) {
    case B::BI__builtin_popcount: case B::BI__builtin_popcountl:
    case B::BI__builtin_popcountll:
    case B::BI__builtin_parity: case B::BI__builtin_parityl: case B::BI__builtin_parityll:
      Name = "popcount";
      break;
    case B::BI__builtin_clz: case B::BI__builtin_clzl: case B::BI__builtin_clzll:
      Name = "clz";
      break;
    case B::BI__builtin_ctz: case B::BI__builtin_ctzl: case B::BI__builtin_ctzll:
      Name = "ctz";
      break;
    default:
      return std::nullopt;
    }
    if (CE->getNumArgs() != 1)
      return std::nullopt;
    const clang::FunctionDecl *FD = CE->getDirectCallee();
    const uint64_t Bits = Ctx.getTypeSize(FD->getParamDecl(0)->getType());
    if (Bits != 32 && Bits != 64)
      return std::nullopt;
    const ScalarType U = Bits == 32 ? ScalarType::UInt : ScalarType::ULong;
    std::optional<ScalarType> T = typeOf(CE->getType(), CE->getExprLoc());
    ExprPtr Operand = expr(CE->getArg(0));
    if (!T || !Operand)
      return ExprPtr();
    ExprPtr C = makeExpr(Expr::Kind::Call, U);
    C->Text = std::string(Name) == "ctz" ? (Bits == 32 ? "clpar_ctz_uint" : "clpar_ctz_ulong")
                                         : Name;
    C->Operands.push_back(makeCast(U, std::move(Operand)));
    if (Id == B::BI__builtin_parity || Id == B::BI__builtin_parityl ||
        Id == B::BI__builtin_parityll)
      C = ir::makeBinary("&", U, std::move(C), ir::makeIntLiteral(U, "1"));
    return makeCast(*T, std::move(C));
  }

  /// std::rotl(x, s) and std::rotr(x, s) as OpenCL's rotate of x's unsigned type, which
  /// rotates left by its count modulo the width: s converted to that type is the same count
  /// modulo the width (a negative s rotates the other way, as in C++), its negation rotr's.
  ExprPtr rotation(const clang::CallExpr *CE, const char *Name) {
    std::optional<ScalarType> T = typeOf(CE->getType(), CE->getExprLoc());
    if (!T)
      return nullptr;
    if (ir::isFloating(*T) || ir::isSignedInteger(*T) || *T == ScalarType::Bool ||
        *T == ScalarType::Record)
      return fail(CE->getExprLoc(), std::string("rotates a value of type '") +
                                        typeText(CE->getType()) + "'");
    ExprPtr Value = expr(CE->getArg(0));
    ExprPtr Count = Value ? expr(CE->getArg(1)) : nullptr;
    if (!Count)
      return nullptr;
    if (std::string(Name) == "rotr") {
      // Negated where it wraps: in uint for the narrower types (a uchar or ushort operand
      // of '-' is promoted to int), whose widths divide 2^32.
      const ScalarType N = *T == ScalarType::ULong ? ScalarType::ULong : ScalarType::UInt;
      ExprPtr Minus = makeExpr(Expr::Kind::Unary, N);
      Minus->Text = "-";
      Minus->Operands.push_back(makeCast(N, std::move(Count)));
      Count = std::move(Minus);
    }
    Count = makeCast(*T, std::move(Count));
    ExprPtr C = makeExpr(Expr::Kind::Call, *T);
    C->Text = "rotate";
    C->Operands.push_back(makeCast(*T, std::move(Value)));
    C->Operands.push_back(std::move(Count));
    return C;
  }

  /// The value of a call the compiler can evaluate: consteval functions, and constexpr
  /// ones with constant arguments (evaluated as outside a constant expression, as the
  /// kernel runs them).  Null, with no reason, for every other call.
  ExprPtr constantCall(const clang::CallExpr *CE, const clang::FunctionDecl *FD) {
    if (!FD->isConstexpr() || CE->isValueDependent() ||
        llvm::isa<clang::CXXMemberCallExpr, clang::CXXOperatorCallExpr>(CE))
      return nullptr;
    std::optional<ScalarType> T = scalarTypeOf(CE->getType(), Ctx);
    clang::Expr::EvalResult V;
    if (!T || !CE->EvaluateAsRValue(V, Ctx) || V.HasSideEffects || V.HasUndefinedBehavior)
      return nullptr;
    ExprPtr L = literalOf(V.Val, *T);
    if (L && *T == ScalarType::Double)
      R.UsesDouble = true;
    return L;
  }

  /// std::min and std::max of two arithmetic values or of an initializer list (also
  /// clpar's and C's), std::clamp of three: as OpenCL's min, max and clamp with C++'s
  /// choice on ties and NaN (see Expr::Kind::Call).  Nothing for other overloads (with a
  /// comparator); a null expression when it fails.
  std::optional<ExprPtr> orderCall(const clang::CallExpr *CE, const std::string &Name) {
    const auto Arithmetic = [](const clang::Expr *A) {
      return A->getType().getNonReferenceType()->isArithmeticType();
    };
    if (!CE->getType().getNonReferenceType()->isArithmeticType())
      return std::nullopt;
    std::vector<const clang::Expr *> Operands;
    unsigned N = CE->getNumArgs();
    if (Name != "clamp" && N == 1) {
      // std::min({a, b, c}) is the first smallest: min(min(a, b), c).
      const auto *List =
          llvm::dyn_cast<clang::CXXStdInitializerListExpr>(CE->getArg(0)->IgnoreImplicit());
      const auto *Init =
          List ? llvm::dyn_cast<clang::InitListExpr>(List->getSubExpr()->IgnoreImplicit())
               : nullptr;
      if (!Init || Init->getNumInits() == 0)
        return std::nullopt;
      Operands.assign(Init->inits().begin(), Init->inits().end());
    } else if (N == (Name == "clamp" ? 3u : 2u) &&
               std::all_of(CE->arg_begin(), CE->arg_end(), Arithmetic)) {
      Operands.assign(CE->arg_begin(), CE->arg_end());
    } else {
      return std::nullopt;
    }
    std::optional<ScalarType> T = typeOf(CE->getType(), CE->getExprLoc());
    if (!T)
      return ExprPtr();
    // OpenCL has no min, max or clamp of bool: a bool is the uchar 0 or 1.
    ScalarType W = *T == ScalarType::Bool ? ScalarType::UChar : *T;
    std::vector<ExprPtr> Ops;
    for (const clang::Expr *O : Operands) {
      ExprPtr E = expr(O);
      if (!E)
        return ExprPtr();
      Ops.push_back(makeCast(W, std::move(E)));
    }
    ExprPtr Result;
    if (Name == "clamp") {
      Result = makeExpr(Expr::Kind::Call, W);
      Result->Text = Name;
      Result->Operands = std::move(Ops);
    } else {
      Result = std::move(Ops[0]);
      for (unsigned I = 1; I < Ops.size(); ++I) {
        ExprPtr C = makeExpr(Expr::Kind::Call, W);
        C->Text = Name;
        C->Operands.push_back(std::move(Result));
        C->Operands.push_back(std::move(Ops[I]));
        Result = std::move(C);
      }
    }
    return makeCast(*T, std::move(Result));
  }

  /// A <cmath> (or C, or clpar) function of any arithmetic arguments, as C++'s overloads
  /// compute it: a real-valued function in its result type (double for integer
  /// arguments); the others in the type of their arguments promoted (float stays float,
  /// integers become double).
  ExprPtr mathCall(const clang::CallExpr *CE, const clang::FunctionDecl *FD,
                   const std::string &Name) {
    static const std::set<std::string> Predicates = {"isnan", "isinf", "isfinite",
                                                     "isnormal", "signbit"};
    static const std::set<std::string> Comparisons = {
        "isgreater", "isgreaterequal", "isless", "islessequal", "islessgreater",
        "isunordered"};
    std::optional<ScalarType> T = typeOf(CE->getType(), CE->getExprLoc());
    if (!T)
      return nullptr;
    std::vector<ExprPtr> Args;
    for (unsigned I = 0; I < CE->getNumArgs(); ++I) {
      ExprPtr E = expr(CE->getArg(I));
      if (!E)
        return nullptr;
      Args.push_back(std::move(E));
    }
    if (Args.empty())
      return fail(CE->getExprLoc(), "calls '" + FD->getNameAsString() +
                                        "' without arguments");
    const auto Builtin = [](const std::string &Text, ScalarType Type, std::vector<ExprPtr> Ops) {
      ExprPtr C = makeExpr(Expr::Kind::Call, Type);
      C->Text = Text;
      C->Operands = std::move(Ops);
      return C;
    };
    const auto Promoted = [&] {
      for (const ExprPtr &A : Args)
        if (A->Type != ScalarType::Float) {
          R.UsesDouble = true;
          return ScalarType::Double;
        }
      return ScalarType::Float;
    };
    const auto CastAll = [&](ScalarType To) {
      for (ExprPtr &A : Args)
        A = makeCast(To, std::move(A));
    };
    // OpenCL's predicates return int (0 or 1) where C++'s return bool.
    if (Predicates.count(Name)) {
      // An integer converted to float is finite, normal unless zero, and of the integer's
      // sign: float answers as C++'s integer overloads do, without needing fp64.
      if (!ir::isFloating(Args[0]->Type))
        Args[0] = makeCast(ScalarType::Float, std::move(Args[0]));
      Args.resize(1);
      return makeCast(*T, Builtin(Name, ScalarType::Int, std::move(Args)));
    }
    if (Comparisons.count(Name) || Name == "ilogb") {
      CastAll(Promoted());
      return makeCast(*T, Builtin(Name, ScalarType::Int, std::move(Args)));
    }
    if (Name == "lround" || Name == "llround" || Name == "lrint" || Name == "llrint") {
      ScalarType P = Promoted();
      CastAll(P);
      bool Round = Name.find("round") != std::string::npos;
      return makeCast(*T, Builtin(Round ? "round" : "rint", P, std::move(Args)));
    }
    if (Name == "abs")
      return ir::makeAbs(*T, std::move(Args[0]));
    if (!ir::isFloating(*T))
      return fail(CE->getExprLoc(), "calls '" + FD->getNameAsString() +
                                        "' with an integer result");
    for (unsigned I = 0; I < Args.size(); ++I)
      Args[I] = makeCast(Name == "ldexp" && I == 1 ? ScalarType::Int : *T, std::move(Args[I]));
    // C++17's std::hypot(x, y, z), which OpenCL has only for two: hypot(hypot(x, y), z),
    // the same length without overflow in the squares.
    if (Name == "hypot" && Args.size() == 3) {
      ExprPtr Z = std::move(Args[2]);
      Args.pop_back();
      std::vector<ExprPtr> Outer;
      Outer.push_back(Builtin(Name, *T, std::move(Args)));
      Outer.push_back(std::move(Z));
      return Builtin(Name, *T, std::move(Outer));
    }
    return Builtin(Name, *T, std::move(Args));
  }

  llvm::ArrayRef<const clang::VarDecl *> LoopVars;
  const CheckedBody &Checked;
  clang::ASTContext &Ctx;
  ir::Region &R;
  ClosureTags *Tags;
  /// Variables the host reads from a tagged closure's copies (lambdaCall), by how.
  llvm::DenseMap<const clang::VarDecl *, std::string> CaptureHost;
  /// Arrays of arrays from outside the loop, each one flat view (outerNestedElement).
  llvm::DenseMap<const clang::VarDecl *, unsigned> FlatViewIndex;
  /// Variables the host reads by name for a lambda it calls (lambdaCall).
  llvm::DenseSet<const clang::VarDecl *> ReadByName;
  /// The statements of the loop as written (run): its prefix and body.
  std::vector<const clang::Stmt *> LoopStatements;
  /// Scalar arguments by variable or data member of `*this`.
  llvm::DenseMap<const void *, unsigned> ScalarIndex;
  /// References declared in the body, each an alias of its initializer (referenceLocal).
  llvm::DenseMap<const clang::VarDecl *, const clang::Expr *> Aliases;
  /// Pointers declared in the body, by what they point to (pointerLocal).
  llvm::DenseMap<const clang::VarDecl *, const clang::Expr *> PointerAliases;
  /// The element a range-based for's reference variable names (rangeFor).
  llvm::DenseMap<const clang::VarDecl *, std::function<ExprPtr()>> RangeElements;
  std::set<std::string> MemberPaths; ///< `obj.f` members read: their strings key ScalarIndex
  llvm::DenseMap<const clang::FieldDecl *, unsigned> MemberViewIndex; ///< region scope only
  llvm::DenseMap<const clang::VarDecl *, unsigned> ReductionIndex;
  Scope RegionScope;
  Scope *Sc;
  ir::Function *CurrentFunction = nullptr;
  /// Functions translated or being translated, by canonical declaration.
  llvm::DenseMap<const clang::FunctionDecl *, unsigned> FunctionIndex;
  /// Per translated function, what each of its parameters receives (ParamSource).
  std::map<unsigned, std::vector<ParamSource>> ParamSources;
  /// Functions returning a pointer: the parameter whose array the pointer points into.
  std::map<unsigned, unsigned> ReturnedPointerParam;
  /// Functions whose pointer parameters each call must give one array
  /// (Scope::SameArrayParams).
  std::map<unsigned, std::set<unsigned>> SameArrayParams;
  /// The arrays the last translated call's pointer arguments point into, by parameter.
  std::map<unsigned, PointerBase> LastPointerArgs;
  /// Member functions of empty bases, translated per derived record (the CRTP's).
  std::map<std::pair<const clang::FunctionDecl *, unsigned>, unsigned> DerivedFunctionIndex;
  llvm::DenseSet<const clang::FunctionDecl *> InProgress;
  std::set<std::string> UsedFunctionNames;
  /// Tables made so far, by variable, with their names and total size.
  llvm::DenseMap<const clang::VarDecl *, unsigned> TableIndex;
  std::set<std::string> UsedTableNames;
  unsigned long long TableBytes = 0;
  clang::SourceLocation TopCallLoc; ///< the region body's call being translated, if any
  /// Records by canonical type, and the names given to them.
  llvm::DenseMap<const clang::Type *, unsigned> RecordIndex;
  std::vector<const clang::CXXRecordDecl *> RecordClasses; ///< per record, its class
  std::set<std::string> UsedRecordNames;
  /// Functions that return `*this` by reference (Scope::ReturnsThis), by index: their
  /// calls' values cannot be used.
  std::set<unsigned> ReturnsThisFunctions;
  /// The expression statement being translated: a value nothing uses.
  const clang::Expr *DiscardedValue = nullptr;
  /// The call of a function returning a std::array that arrayFill translates (given the
  /// array to fill); any other such call is refused.
  const clang::Expr *ArrayResultCall = nullptr;
  /// Where the statements go that must follow the declaration of AfterDeclarationOf (a
  /// private array filled by a function returning a std::array); null where none may.
  std::vector<StmtPtr> *AfterDeclaration = nullptr;
  const clang::VarDecl *AfterDeclarationOf = nullptr;
  /// The initializer of the variable being declared, when it is a call.
  const clang::Expr *InitializerCall = nullptr;
  /// A 'for' header's init-statement is being translated.
  bool InForHeader = false;
  /// For that statement or declaration, when it calls a member function on a copy of a
  /// view's element (elementCopy): a block of the copy's declaration and its store, which
  /// the statement goes between.
  StmtPtr ElementCopy;
  std::string Reason;
  clang::SourceLocation ReasonLoc;
};

} // namespace

KernelBodyResult buildKernelBody(llvm::ArrayRef<const clang::Stmt *> Prefix,
                                 const clang::Stmt *Body,
                                 llvm::ArrayRef<const clang::VarDecl *> LoopVars,
                                 const CheckedBody &Checked, clang::ASTContext &Ctx,
                                 KernelNames &Names, ir::Region &R, ClosureTags *Tags) {
  return Builder(LoopVars, Checked, Ctx, Names, R, Tags).run(Prefix, Body);
}

} // namespace clpar
