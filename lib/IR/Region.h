//===- IR/Region.h - Plain-data description of one parallel region --------===//
//
// Analysis turns a prange nest found in the Clang AST into a Region; the emitters
// (OpenCL kernel, host stub with its OpenMP variant) only read it.  Nothing here points
// into Clang: source text the host stub needs is copied as strings.
//
// Terminology
//   region     a nest of 1 to 3 perfectly nested prange loops; the outermost is
//              dimension 0, the innermost maps to OpenCL's get_global_id(0)
//   access     an element read or write of a view, vector or array in the body
//   view       any array the body indexes: clpar::view (rank 1 to 4), std::vector and
//              std::array (rank 1, contiguous); passed to a kernel as base pointer,
//              element offset, extents and strides (counted in elements)
//   scalar     a variable declared outside the region that the body only reads; passed
//              by value
//   reduction  a variable declared outside the region that the body only updates with
//              one combining operation (x += e, x = min(x, e), ...)
//   table      a constexpr array (std::array or built-in) the body reads: its values go
//              into the kernel's program as a __constant array
//   private array  a std::array declared in the body: each work-item has its own
//
//===----------------------------------------------------------------------===//
#ifndef CLPAR_IR_REGION_H
#define CLPAR_IR_REGION_H

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace clpar::ir {

/// The scalar types a kernel can hold.  Sizes are those of the C++ types on the
/// LP64 targets clpar supports, which equal OpenCL C's.
enum class ScalarType {
  Bool,
  Char,
  UChar,
  Short,
  UShort,
  Int,
  UInt,
  Long,
  ULong,
  Float,
  Double,
  /// A struct of the user's (Region::Records[Record] of the expression, declaration,
  /// parameter or function).
  Record
};

bool isFloating(ScalarType T);
struct Expr;
/// A deep copy.
std::unique_ptr<Expr> cloneExpr(const Expr &E);
/// A copy of \p E without its operands.
std::unique_ptr<Expr> cloneNode(const Expr &E);
bool isSignedInteger(ScalarType T);
/// The OpenCL C spelling (bool, char, uchar, ..., double).
const char *openclTypeName(ScalarType T);
/// A C++ spelling of the same type (bool, signed char, unsigned char, ..., double).
const char *cppTypeName(ScalarType T);

struct Expr;
struct Stmt;
using ExprPtr = std::unique_ptr<Expr>;
using StmtPtr = std::unique_ptr<Stmt>;

struct Expr {
  enum class Kind {
    IntLiteral,     ///< Text is the value in decimal
    FloatLiteral,   ///< Text is the value, round-trip exact
    BoolLiteral,    ///< Text is "true" or "false"
    Local,          ///< a variable declared in the body (Text: kernel name)
    LoopIndex,      ///< the loop variable of dimension Index
    Scalar,         ///< Region::Scalars[Index]
    Reduction,      ///< Region::Reductions[Index] (only as an update's target)
    ViewElement,    ///< Region::Views[Index] at Operands (one per dimension)
    ViewExtent,     ///< extent Dim of Region::Views[Index]
    ViewSize,       ///< element count of Region::Views[Index]
    Unary,          ///< Text: operator; Postfix for x++ / x--
    Binary,         ///< Text: operator, including = and compound assignments
    Conditional,    ///< Operands: cond, then, else
    Cast,           ///< to Type, Operands[0]
    /// OpenCL built-in Text with Operands; "min", "max" and "clamp" mean std::min,
    /// std::max and std::clamp, whose NaN behaviour the emitter keeps
    Call,
    FunctionCall,   ///< Region::Functions[Index] with Operands (ViewRef for view params)
    ViewRef,        ///< a whole view passed to a function: Views[Index] of the scope
    /// Element Operands[0] of the array Text of Extent elements: a private array
    /// (Stmt::Kind::ArrayDecl) or a table (Region::Tables); or, with a second operand, of
    /// the array field Operands[1] (a Member of a record); AccessId as for ViewElement
    ArrayElement,
    /// Field Text of the record Operands[0]
    Member,
    /// A value of Region::Records[Record] made from Operands, one per field in order
    RecordValue,
    /// The elements (Operands) of an array field, only as an operand of RecordValue
    ArrayValue,
  };
  Kind K;
  ScalarType Type;
  std::string Text;
  unsigned Index = 0; ///< Scalar, Reduction, views, LoopIndex, FunctionCall; Member: the field
  unsigned Dim = 0;
  bool Postfix = false;
  unsigned AccessId = 0; ///< ViewElement: number of the access, for error reports
  /// ViewElement: bit d set when index d is checked before launch; ArrayElement: bit 0 set
  /// when the index is known to be within the extent (a range-based for's counter)
  unsigned HoistedMask = 0;
  /// ViewElement: bit d set when index d is checked when its loop starts
  /// (Stmt::EntryChecks of the enclosing loop), not per access.
  unsigned EntryCheckedMask = 0;
  unsigned long long Extent = 0; ///< ArrayElement: the array's element count
  /// ArrayElement: the variable holding the element count where it is no constant (the
  /// array a pointer parameter points into); Extent is then 0
  std::string ExtentName;
  unsigned Record = 0; ///< Type Record: into Region::Records
  std::vector<ExprPtr> Operands;

  Expr(Kind K, ScalarType Type) : K(K), Type(Type) {}
};

/// Bounds checks a counted loop makes when it starts instead of in every iteration
/// (Analysis/LoopEntryChecks.h): the loop runs Var over [First, End), and every index here
/// is a monotonic function of Var and of values the loop does not change, standing for an
/// access that runs in every iteration; checking it at First and at End - 1 decides them
/// all.
struct LoopEntryChecks {
  std::string Var;
  ScalarType VarType = ScalarType::Long;
  std::shared_ptr<const Expr> First, End;
  struct Check {
    unsigned View = 0; ///< into the scope's views (the region's, or a function's ViewParams)
    unsigned Dim = 0;
    unsigned AccessId = 0;
    std::shared_ptr<const Expr> Index;
    /// Index must be at least 0 rather than below the extent (the dividend of an index
    /// `x % m`, whose divisor's check is `m - 1`).
    bool NonNegative = false;
  };
  std::vector<Check> Checks;
};

struct Stmt {
  enum class Kind {
    Compound, ///< Children
    Decl,     ///< VarName of VarType, optional Init
    Expression,
    If,       ///< Cond, Children[0] then, optional Children[1] else
    For,      ///< Children[0] init (may be null), Cond (may be null), Inc, Children[1] body
    While,    ///< Cond, Children[0]
    Do,       ///< Children[0], Cond
    Continue,     ///< of a loop inside the body
    Break,        ///< of a loop inside the body
    EndIteration, ///< `continue` of the region's own loop
    Return,       ///< in a translated function; optional Init
    Null,
    Switch,       ///< Cond, Children[0] the body with its Case and Default labels
    Case,         ///< `case Init:` labelling Children[0]
    Default,      ///< `default:` labelling Children[0]
    /// VarName[ArraySize] of VarType: Elements initialize the first ones, and the rest
    /// are zero when ZeroFill (C++'s value-initialization); no initializer otherwise
    ArrayDecl,
  };
  Kind K;
  std::string VarName;
  ScalarType VarType = ScalarType::Int;
  unsigned VarRecord = 0; ///< VarType Record: into Region::Records
  bool VarConst = false;
  ExprPtr Init; ///< Decl initializer, or the expression of an Expression statement
  ExprPtr Cond;
  ExprPtr Inc;
  std::vector<StmtPtr> Children;
  unsigned long long ArraySize = 0;
  std::vector<ExprPtr> Elements;
  bool ZeroFill = false;
  /// For: the checks it makes when it starts (kernels only; null when none).
  std::shared_ptr<const LoopEntryChecks> EntryChecks;

  explicit Stmt(Kind K) : K(K) {}
};

/// A copy of \p S without its expressions and statements (Init, Cond, Inc, Elements,
/// Children).
StmtPtr cloneStmtNode(const Stmt &S);

/// Whether \p S runs a loop (for, while, do) anywhere inside it.
bool containsLoop(const Stmt &S);

/// Calls \p F on \p E and every expression inside it, parents first.
void forEachExpr(const Expr &E, const std::function<void(const Expr &)> &F);
/// Calls \p F on every expression of \p S and of the statements inside it.
void forEachExpr(const Stmt &S, const std::function<void(const Expr &)> &F);
/// The assignment (`=` or a compound one) that makes up \p Body, alone or as the one
/// statement of a compound; null otherwise.
const Expr *singleAssignment(const Stmt &Body);
/// How many view elements \p E reads.
unsigned viewReads(const Expr &E);

ExprPtr makeExpr(Expr::Kind K, ScalarType T);
/// \p E converted to \p T: a cast, or a non-negative integer literal retyped (3 -> 3u,
/// 3UL, 3.0f), which reads better and means the same.
ExprPtr makeCast(ScalarType T, ExprPtr E);
/// \p L \p Op \p R (Op a binary operator's text) of type \p T.
ExprPtr makeBinary(const char *Op, ScalarType T, ExprPtr L, ExprPtr R);
/// The integer literal \p Text of type \p T.
ExprPtr makeIntLiteral(ScalarType T, std::string Text);
/// C++'s abs of type \p T in OpenCL C: fabs for floating point, the value itself for
/// unsigned types, and OpenCL's abs (whose result is unsigned) cast back otherwise.
ExprPtr makeAbs(ScalarType T, ExprPtr Operand);

/// One prange of the nest.
struct Dimension {
  std::string RangeText;   ///< the range expression as written, e.g. "clpar::prange(n)"
  std::string LoopVarDecl; ///< the loop variable as declared, e.g. "auto i"
  std::string LoopVarName; ///< the name used in the kernel
  ScalarType LoopVarType = ScalarType::Long;
  /// The range is `prange(n)` of a count below 2^63 (a slice statement's extent): the
  /// loop variable is the iteration number, so the OpenMP variant counts with a signed
  /// variable and uses it as is, which compilers vectorize (prange_t::at's arithmetic
  /// modulo 2^64 keeps them from it).
  bool CountsFromZero = false;
};

/// What the host holds a view's elements in: a clpar::view, a std::vector, a std::array,
/// or a built-in array of one dimension declared outside the loop (`float w[3]`, a
/// parameter `const float (&w)[3]`).
enum class ViewKind { ClparView, Vector, Array, Builtin };

struct View {
  std::string HostExpr;   ///< how the host stub names it, e.g. "x"
  std::string KernelName; ///< base name of its kernel parameters
  /// How messages name it: the variable, parameter or member the source names (a
  /// lambda's capture read from its closure is the captured variable).
  std::string SourceName;
  ViewKind Kind = ViewKind::ClparView;
  ScalarType Element = ScalarType::Float;
  unsigned ElementRecord = 0; ///< Element Record: into Region::Records
  unsigned Rank = 1;
  bool Written = false;
  bool ConstElements = false; ///< view<const T>
  /// The body indexes the view, every index of every access is checked before the region
  /// runs (Region::HoistedChecks), and no function is passed the view: the OpenMP variant
  /// need not check its accesses.
  bool AccessesCheckedBeforeLaunch = false;
};

struct Scalar {
  std::string HostExpr;
  std::string KernelName;
  ScalarType Type = ScalarType::Int;
};

enum class ReductionOp { Add, Mul, And, Or, Xor, Min, Max };
const char *openmpReductionOperator(ReductionOp Op);

struct Reduction {
  std::string HostExpr;
  std::string KernelName; ///< the work-item's private accumulator
  /// The value's type; for a Complex one, its parts'.
  ScalarType Type = ScalarType::Int;
  ReductionOp Op = ReductionOp::Add;
  /// A std::complex<float> or <double> summed (`z += w`, `z -= w`; Op is Add): the
  /// accumulator is a Region::Records[Record] (set with the kernel body), and its real and
  /// imaginary parts are reduced as two sums of Type, each with its own partials.
  bool Complex = false;
  unsigned Record = 0;
};
/// How many sums of Reduction::Type \p Red is reduced as (its parts: 2 for a Complex one).
unsigned reductionParts(const Reduction &Red);
/// The same over every reduction of a region: the runtime's reductions, in order.
unsigned reductionParts(const std::vector<Reduction> &Reds);

/// A function the body calls, translated into the kernel's program.  Its body refers to
/// its own view parameters (ViewParams) the way a region body refers to Region::Views.
struct Function {
  std::string KernelName;
  std::string SourceName; ///< for remarks: the qualified C++ name
  bool ReturnsVoid = false;
  ScalarType ReturnType = ScalarType::Int;
  unsigned ReturnRecord = 0; ///< ReturnType Record: into Region::Records
  struct Param {
    std::string Name;
    bool IsView = false;
    unsigned ViewIndex = 0; ///< into ViewParams
    ScalarType Type = ScalarType::Int;
    unsigned Record = 0; ///< Type Record: into Region::Records
    /// The object a non-const member function runs on, passed by address (Name is the
    /// pointer; the body names the object `(*Name)`).
    bool Pointer = false;
    /// With Pointer: the first element (of Type) of a private array of the caller's,
    /// which the body indexes as `Name[k]`; Const when the function may not change it.
    bool Array = false;
    bool Const = false;
  };
  std::vector<Param> Params;
  std::vector<View> ViewParams;
  StmtPtr Body;
};

/// A struct of the user's that the kernel holds in locals, parameters and return values:
/// arithmetic fields and fields of other records, in declaration order.  A member
/// function becomes a Function whose first parameter is the object.
struct Record {
  std::string KernelName; ///< the OpenCL C type
  std::string SourceName; ///< the C++ type, for remarks and dumps
  /// The alignment the host gives it where that exceeds its fields' (alignas); 0 else.
  unsigned Align = 0;
  /// std::complex<float> or <double>: fields re and im, computed with the kernel
  /// program's helpers `<KernelName>_<operation>` (Call expressions; Emit/ComplexHelpers.h).
  bool Complex = false;
  struct Field {
    std::string Name;
    ScalarType Type = ScalarType::Int;
    unsigned Record = 0; ///< Type Record: into Region::Records, an earlier one
    /// An array of this many elements of Type (arithmetic); 0 for a single value.
    unsigned long long ArraySize = 0;
  };
  /// The base subobjects that hold data: the first Bases fields, in the host's order,
  /// each a record (empty bases have none).
  unsigned Bases = 0;
  std::vector<Field> Fields;
};

struct SourcePos {
  std::string File; ///< as given on the command line
  unsigned Line = 0;
  unsigned Column = 0;
  /// Where the header build compiled by Clang reports the same place, when that differs
  /// (v[i]: GCC reports the `]`, Clang the index), else 0.
  unsigned ClangColumn = 0;
};

/// A bounds check made once before launch instead of per access (SPEC 1.4): the index is
/// Constant + sum of LoopCoef[d] * (loop variable d), and every access it stands for runs
/// in every iteration, so checking it at the corners of the iteration space decides all.
struct HoistedCheck {
  unsigned View = 0;     ///< into Region::Views
  unsigned Dim = 0;      ///< which index of the access
  SourcePos At;          ///< the access, for the error
  long long Constant = 0;
  std::vector<long long> LoopCoef; ///< one per region dimension
  bool UnsignedIndex = false;      ///< the index expression is unsigned (wraps below 0)
  /// Serial loops inside the body whose variable the index uses: the variable runs over
  /// [First, End) in steps of 1, the same range in every iteration of the region (bounds
  /// of constants, scalars and extents only), and the loop has no early exit, so either
  /// every iteration runs the access for all those values or none runs it.
  struct InnerLoop {
    std::shared_ptr<const Expr> First, End;
    long long Coef = 0;
  };
  std::vector<InnerLoop> Inner;
};

/// Where an array access of the body is, to name its view in a bounds_error the header
/// raises from the OpenMP variant (columns span the whole access).
struct NamedAccess {
  unsigned Line = 0;
  unsigned FirstColumn = 0;
  unsigned LastColumn = 0;
  std::string Name;
};

/// A slice statement (SPEC 1.2) the region stands for: an element-wise assignment, or a
/// reduction call whose value the statement's replacement returns.
struct SliceForm {
  bool IsReduction = false;
  std::string ResultType;   ///< C++ type of a reduction's value
  std::string OriginalText; ///< the expression as written
  /// Host values evaluated once, before anything else: `<first>` is `(<second>)`.  The
  /// views among them are Region::Views (the destination first), the scalars
  /// Region::Scalars.
  std::vector<std::pair<std::string, std::string>> Leaves;
  /// The expression as written with every leaf replaced by its value's name (the
  /// destination as `std::move(clpar_dst)`): the fallback, which the header evaluates
  /// without evaluating any operand a second time.
  std::string FallbackText;
};

/// A table (see the terminology above): KernelName[Values.size()] of Element.
struct Table {
  std::string KernelName;
  ScalarType Element = ScalarType::Int;
  std::vector<ExprPtr> Values; ///< literals
};

/// An iteration that reduces over a serial inner loop: its body is declarations, then a
/// counted loop (Analysis/CountedLoop.h) whose body only accumulates into some of those
/// declared variables (`t += e`, `t = std::min(t, e)`, ...) and reads, then any statements.
/// The kernel's split form lets several work-items share one iteration, each taking every
/// so-many-th value of the loop's variable, and combines their accumulators in local
/// memory (Analysis/InnerReduction.h says when a region has one).
struct InnerReduction {
  unsigned LoopStmt = 0; ///< the loop's position among the kernel body's statements
  std::string Var;       ///< the loop variable's kernel name
  ScalarType VarType = ScalarType::Long;
  /// The loop runs Var over [First, End): region-invariant, so the host stub computes the
  /// trip count before launch.
  std::shared_ptr<const Expr> First, End;
  struct Accumulator {
    std::string Name; ///< a variable declared before the loop
    ScalarType Type = ScalarType::Float;
    ReductionOp Op = ReductionOp::Add;
  };
  std::vector<Accumulator> Accumulators;
  /// Some read runs along the loop at unit step in its last index while neighbouring
  /// iterations of the innermost dimension read apart (a row each): the work-items of one
  /// iteration should be neighbours, so that together they read a row's consecutive
  /// elements.  Otherwise neighbouring work-items take neighbouring iterations.
  bool AlongRows = false;
  /// An accumulator is floating point and added or multiplied: the split form changes
  /// the order of those operations (SPEC 1.7's reductions), so --strict-fp leaves it out.
  bool Reassociates = false;
  /// The loop's body when it is nothing but compound updates of accumulators by values
  /// that read nothing the loop changes (Analysis/ReductionLanes.h): each lane of the
  /// split form then computes CLPAR_INNER_LANES of its steps' values before it adds any, in
  /// the same order, so that their loads are in flight together.  Empty otherwise.
  struct Update {
    std::string Accumulator;           ///< an Accumulators[].Name
    std::string Op;                    ///< the compound assignment: "+=", "*=", ...
    std::shared_ptr<const Expr> Value; ///< its right-hand side
  };
  std::vector<Update> Updates;
};

/// A product: a two-dimensional region whose inner reduction (InnerReduction) reads in its
/// loop only values that stay the same along one of the two dimensions.  The kernel's
/// tiled form stages those reads in local memory a tile of the loop at a time and has
/// each work-item compute a block of iterations (Analysis/ProductTiles.h).
struct ProductTiles {
  struct Load {
    std::shared_ptr<const Expr> Value; ///< the read as the loop makes it (a ViewElement)
    /// The read varies along dimension 1, not along 0 (the product's right factor);
    /// otherwise it does not vary along dimension 1.
    bool AlongDim1 = false;
    /// The loop's variable is in the read's last index: neighbouring values of it are
    /// neighbours in memory, so neighbouring work-items load them.
    bool LoopInLastIndex = false;
  };
  std::vector<Load> Loads;
  /// The loop's body with read N replaced by the variable clpar_t<N>.
  std::shared_ptr<const Stmt> Body;
  /// The body names a dimension's loop variable outside the reads.
  bool BodyUsesIndex = false;
};

/// A region with reductions whose iteration only updates its reduction variables, each by a
/// compound assignment of a value that reads nothing the iterations change: the kernel's
/// loop over the innermost dimension (by the global size) computes the values of several
/// iterations before it adds any to the accumulators, in the same order, so that their
/// loads are in flight together (Analysis/ReductionLanes.h).
struct ReductionLanes {
  struct Update {
    unsigned Reduction = 0;            ///< Region::Reductions index
    std::string Op;                    ///< the compound assignment: "+=", "*=", "&=", ...
    std::shared_ptr<const Expr> Value; ///< its right-hand side
  };
  std::vector<Update> Updates; ///< in the body's order
};

/// An iteration that is one assignment (`=`, `+=`, `-=`, `*=`, `/=`) of an element-wise
/// expression to a view element at the loop variables, in order, whose reads are elements
/// at constant offsets from the loop variables along the innermost dimension: the kernel
/// takes four consecutive iterations of that dimension per work-item, on one aligned
/// four-element vector of the destination where the call's rows allow
/// (Analysis/ElementwiseRows.h).
struct ElementwiseRows {
  unsigned Dest = 0; ///< the view assigned (Region::Views); the only view written
  /// By AccessId: how far the access's innermost index lies past the innermost loop
  /// variable (0 for the destination's accesses).
  std::vector<long long> InnerOffset;
  /// Every index of every access is checked before the region runs.
  bool CheckedBeforeLaunch = false;
};

/// Which elements of a view the iterations with dimension 0's value v touch: those whose
/// index Axis lies in [Coef * v + Low, Coef * v + High]; Axis -1: any element (or, for
/// SplitView::Written, none: the view is not written).
struct SplitAccess {
  int Axis = -1;
  long long Coef = 0;
  long long Low = 0;
  long long High = 0;
};

/// How a view's elements fall to a share of dimension 0 (Analysis/DeviceSplit.h).
struct SplitView {
  SplitAccess Touched; ///< by any access
  SplitAccess Written; ///< by its writes
};

/// Everything the emitters need for one region.
struct Region {
  SourcePos Site;
  /// The template instantiation the region belongs to ("axpy<float>"); empty outside
  /// templates.  The same loop text has one region per instantiation.
  std::string Instance;
  std::string FunctionName;
  std::string KernelName;
  std::vector<Dimension> Dims;
  std::vector<View> Views;
  std::vector<Scalar> Scalars;
  std::vector<Reduction> Reductions;
  std::optional<SliceForm> Slice; ///< set for slice statements
  /// Functions the kernel calls, callees before their callers.
  std::vector<Function> Functions;
  /// Records the kernel and its functions hold, each after the records of its fields.
  std::vector<Record> Records;
  /// Tables the body and the functions read.
  std::vector<Table> Tables;
  std::vector<HoistedCheck> HoistedChecks;
  /// Set when an iteration reduces over an inner loop the kernel can split.
  std::optional<InnerReduction> Inner;
  /// Set when that inner reduction is a product the kernel can tile.
  std::optional<ProductTiles> Tiles;
  /// Set when an iteration is one element-wise assignment the kernel can take four at a
  /// time along the innermost dimension.
  std::optional<ElementwiseRows> Rows;
  /// Set when an iteration of a reducing region is only updates of its reduction
  /// variables the kernel can compute several iterations of before adding them.
  std::optional<ReductionLanes> Lanes;
  /// One per view when the region's calls can be shared out over several devices by
  /// dimension 0 (Analysis/DeviceSplit.h); empty otherwise, with NotSplitReason.
  std::vector<SplitView> Split;
  std::string NotSplitReason;

  /// How many of Dims the OpenMP variant's parallel loops run; 0 means all.  An
  /// imperfect nest's is fewer: the loops up to the first declarations between levels,
  /// whose body (BodyText) holds the inner loops as written.
  unsigned OpenMPDims = 0;
  /// The body as written (OpenMP variant), and where it starts in the user's file.
  /// With bounds checks, std::vector and std::array subscripts in it are rewritten to
  /// clpar::rt::checked_subscript (the same lines and, up to the access, columns).
  std::string BodyText;
  std::vector<NamedAccess> NamedAccesses;
  SourcePos BodyStart;

  /// Kernel body; null when the region is not offloaded.
  StmtPtr KernelBody;
  /// Why not offloaded (empty when offloaded).
  std::string NotOffloadedReason;
  SourcePos NotOffloadedAt;
  bool UsesDouble = false;
  bool BoundsCheck = true; ///< false for prange(...).unchecked() and --no-bounds-check
  unsigned AccessCount = 0;
  std::vector<SourcePos> AccessSites; ///< by AccessId

  bool offloaded() const { return KernelBody != nullptr; }
  /// Whether one iteration runs a loop of its own, in the body or in a function the kernel
  /// calls (region_info::iteration_loops: auto's first guess).
  bool iterationHasLoop() const;
};

} // namespace clpar::ir

#endif // CLPAR_IR_REGION_H
