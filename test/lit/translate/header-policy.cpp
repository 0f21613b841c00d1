// Which headers are translated: user headers by default; --translate-headers=none keeps
// to the main file, --no-translate-headers-in=DIR leaves out a directory, and
// --translate-headers-in=DIR adds one even where it is a system directory (-isystem).
// RUN: rm -rf %t.h && %translate --header-dir=%t.h -Rclpar --translate-headers=none %flags -I%S/Inputs/kernels 2>&1 | FileCheck %s --check-prefix=NONE --allow-empty
// RUN: not test -e %t.h/0
// RUN: rm -rf %t.h && %translate --header-dir=%t.h -Rclpar --no-translate-headers-in=%S/Inputs %flags -I%S/Inputs/kernels 2>&1 | FileCheck %s --check-prefix=NONE --allow-empty
// RUN: rm -rf %t.h && %translate --header-dir=%t.h -Rclpar %flags -isystem %S/Inputs/kernels 2>&1 | FileCheck %s --check-prefix=NONE --allow-empty
// RUN: rm -rf %t.h && %translate --header-dir=%t.h -Rclpar --translate-headers-in=%S/Inputs/kernels/ %flags -isystem %S/Inputs/kernels 2>&1 | FileCheck %s --check-prefix=ALSO
// RUN: %syntax-check-output
#include "header-kernels.h"

// NONE-NOT: header-kernels.h
// ALSO: header-kernels.h:7:3: remark: 1-D prange nest offloaded
void use(clpar::view<float> v) { twice(v); }
