// Included by header-kernels.h with quotes, relative to it: the translated copy of
// header-kernels.h lives elsewhere and must still find it.
#pragma once
inline float helper_double(float x) { return 2 * x; }
