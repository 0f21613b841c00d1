//===- Emit/CppPrinter.h - Region IR as C++ for the OpenMP variant -*- C++ -*-===//
//
// A prange region's OpenMP variant keeps the user's own body text; a slice statement has
// no such text, so its element-wise body is printed as C++ from the same IR the kernel
// comes from, through the shared C printer.  Views are indexed through data() and
// strides (the extents were checked first), functions are clpar's scalar overloads.
//
//===----------------------------------------------------------------------===//
#ifndef CLPAR_EMIT_CPPPRINTER_H
#define CLPAR_EMIT_CPPPRINTER_H

#include "IR/Region.h"

#include <string>

namespace clpar::emit {

/// The body of \p R (its KernelBody) as C++ statements.
std::string printCppBody(const ir::Region &R);

} // namespace clpar::emit

#endif // CLPAR_EMIT_CPPPRINTER_H
