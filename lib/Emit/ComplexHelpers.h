//===- Emit/ComplexHelpers.h - std::complex in OpenCL C ---------*- C++ -*-===//
//
// A kernel computes std::complex<float> and <double> (ir::Record::Complex: a struct of
// re and im) with helper functions of its program, one per operation, each named
// `<record>_<operation>` (clpar_complex_float_mul): the translator's Call expressions
// name them, and the program defines those its kernel and functions call, each after
// the helpers it calls itself.
//
//===----------------------------------------------------------------------===//
#ifndef CLPAR_EMIT_COMPLEXHELPERS_H
#define CLPAR_EMIT_COMPLEXHELPERS_H

#include "IR/Region.h"

#include <string>

namespace clpar::emit {

/// The definitions of the complex helpers \p R's kernel body and functions call (after
/// the records' own definitions, before the functions').
std::string complexHelpers(const ir::Region &R);

} // namespace clpar::emit

#endif // CLPAR_EMIT_COMPLEXHELPERS_H
