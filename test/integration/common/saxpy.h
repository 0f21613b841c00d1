// Included by saxpy.cpp; the integration tests touch it to check that dependency files
// name real files (a change here must rebuild saxpy.cpp's object).
#ifndef CLPAR_INTEGRATION_SAXPY_H
#define CLPAR_INTEGRATION_SAXPY_H

constexpr float saxpy_factor = 2.0f;

#endif
