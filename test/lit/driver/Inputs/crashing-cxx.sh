#!/bin/sh
# A stand-in underlying compiler for error-compiler-crash.cpp: dies of SIGSEGV.
kill -SEGV $$
