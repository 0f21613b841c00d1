// Included by iquote-relative-include.cpp through a path relative to that file.
#define IQUOTE_RELATIVE_INCLUDE_VALUE 42
