#!/bin/sh
# A stand-in underlying compiler for version.cpp: says how it was called.
echo "fake-cxx $*"
