//===- IR/RegionDump.h - Deterministic text dump of regions ----*- C++ -*-===//
//
// `clpar-translate --dump-regions` prints one fact per line, with no addresses and no
// absolute paths, so that lit tests can check what the analysis found.
//
//===----------------------------------------------------------------------===//
#ifndef CLPAR_IR_REGIONDUMP_H
#define CLPAR_IR_REGIONDUMP_H

#include "IR/Region.h"

#include <string>

namespace clpar::ir {

std::string dumpRegion(const Region &R);

} // namespace clpar::ir

#endif // CLPAR_IR_REGIONDUMP_H
