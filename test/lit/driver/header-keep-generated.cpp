// --keep-generated keeps each file's translated header copies apart: two files that
// include one header write different instantiation chains into their copies.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: cp %s a.cpp && cp %s b.cpp
// RUN: %clparxx --keep-generated=kept -c a.cpp b.cpp -I%S/../translate/Inputs/kernels
// RUN: ls kept/headers/a/0/header-kernels.h kept/headers/b/0/header-kernels.h
#include "header-kernels.h"

void use(clpar::view<float> v) { twice(v); }
