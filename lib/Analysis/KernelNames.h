//===- Analysis/KernelNames.h - Collision-free names in OpenCL C -*- C++ -*-===//
//
// User names go into kernels unchanged where that is safe.  A name is renamed to
// "clpar_u_<name>_" when it is an OpenCL C keyword, type or built-in (global, half,
// min, select, ...), starts with "clpar_" (generated names), or ends like a derived
// view parameter (_off, _e<d>, _s<d>).  The mapping is injective: kept names never start
// with "clpar_", renamed ones always end with "_", derived ones never do.
//
//===----------------------------------------------------------------------===//
#ifndef CLPAR_ANALYSIS_KERNELNAMES_H
#define CLPAR_ANALYSIS_KERNELNAMES_H

#include <map>
#include <set>
#include <string>

namespace clpar {

bool isOpenCLReservedName(const std::string &Name);

/// \p S with every character that cannot be part of an identifier replaced by '_' (for
/// kernel and function names made from C++ names).
std::string identifierPart(const std::string &S);

class KernelNames {
public:
  /// The kernel name for the entity \p Key (a declaration's address as an integer, or
  /// any other identity) spelled \p UserName in C++.  Distinct keys get distinct names.
  std::string nameFor(const void *Key, const std::string &UserName);

private:
  std::map<const void *, std::string> Assigned;
  std::set<std::string> Used;
};

} // namespace clpar

#endif // CLPAR_ANALYSIS_KERNELNAMES_H
