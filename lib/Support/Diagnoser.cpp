//===- Support/Diagnoser.cpp - clpar's diagnostics through Clang's engine -===//
#include "Support/Diagnoser.h"

namespace clpar {

void Diagnoser::report(clang::DiagnosticsEngine::Level Level, clang::SourceLocation Loc,
                       const std::string &Message) {
  unsigned Id = Engine.getCustomDiagID(Level, "%0");
  Engine.Report(Loc, Id) << Message;
}

void Diagnoser::error(clang::SourceLocation Loc, const std::string &Message) {
  ++Errors;
  report(clang::DiagnosticsEngine::Error, Loc, Message);
}

void Diagnoser::warning(clang::SourceLocation Loc, const std::string &Message) {
  // The translator parses with -w so that the user's own warnings are reported once, by
  // the compiler that builds the translated file; clpar's warnings still show.
  bool Ignored = Engine.getIgnoreAllWarnings();
  Engine.setIgnoreAllWarnings(false);
  report(clang::DiagnosticsEngine::Warning, Loc, Message + " [-Wclpar]");
  Engine.setIgnoreAllWarnings(Ignored);
}

void Diagnoser::remark(clang::SourceLocation Loc, const std::string &Message) {
  if (RemarksEnabled)
    report(clang::DiagnosticsEngine::Remark, Loc, Message + " [-Rclpar]");
}

void Diagnoser::note(clang::SourceLocation Loc, const std::string &Message) {
  report(clang::DiagnosticsEngine::Note, Loc, Message);
}

} // namespace clpar
