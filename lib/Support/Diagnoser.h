//===- Support/Diagnoser.h - clpar's diagnostics through Clang's engine -*- C++ -*-===//
//
// Every diagnostic clpar-translate emits goes through here, so that it reads like
// Clang's own (file:line:col, caret, source line) and counts toward the exit status.
// The catalogue with one entry per message is docs/diagnostics.md.
//
//===----------------------------------------------------------------------===//
#ifndef CLPAR_SUPPORT_DIAGNOSER_H
#define CLPAR_SUPPORT_DIAGNOSER_H

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceLocation.h"

#include <string>

namespace clpar {

class Diagnoser {
public:
  Diagnoser(clang::DiagnosticsEngine &Engine, bool RemarksEnabled)
      : Engine(Engine), RemarksEnabled(RemarksEnabled) {}

  void error(clang::SourceLocation Loc, const std::string &Message);
  void warning(clang::SourceLocation Loc, const std::string &Message);
  /// Shown only with -Rclpar.  \p Message excludes the trailing [-Rclpar].
  void remark(clang::SourceLocation Loc, const std::string &Message);
  void note(clang::SourceLocation Loc, const std::string &Message);

  bool hasErrors() const { return Errors > 0; }
  unsigned errorCount() const { return Errors; }

private:
  void report(clang::DiagnosticsEngine::Level Level, clang::SourceLocation Loc,
              const std::string &Message);

  clang::DiagnosticsEngine &Engine;
  bool RemarksEnabled;
  unsigned Errors = 0;
};

} // namespace clpar

#endif // CLPAR_SUPPORT_DIAGNOSER_H
