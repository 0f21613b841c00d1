# The Debian package: `cpack -G DEB` in the build folder, or `cmake --build build --target
# package`, makes clpar_<version>_<arch>.deb holding what `cmake --install` installs, under
# /usr.  Every installed file finds the others relative to itself (clpar++ from its own
# location, clpar.pc from ${pcfiledir}, the CMake files from their folder), so the
# package's /usr needs nothing configured for it.  The library folder is the configured
# CMAKE_INSTALL_LIBDIR: lib for the default prefix, lib/<multiarch> for a build configured
# with CMAKE_INSTALL_PREFIX=/usr; either way /usr/lib/... is on the loader's, pkg-config's
# and find_package's default paths.
#
# Depends, on a bare Debian 12:
#   the libraries the binaries link        dpkg-shlibdeps (dpkg-dev; it needs `file`)
#   libOpenCL.so.1                         ocl-icd-libopencl1: the runtime opens it with
#                                          dlopen, so dpkg-shlibdeps cannot see it
#   the compiler clpar++ runs by default   the package owning CMAKE_CXX_COMPILER (g++ for
#                                          /usr/bin/c++, an alternative that g++ sets up)
#   what clpar-translate parses with       clang-<LLVM major>: Clang's resource folder
#                                          (built into the translator), libstdc++'s and
#                                          libc's headers; and libomp-<major>-dev, whose
#                                          omp.h the translator's -fopenmp parse finds
#                                          there when a source includes <omp.h>
# Recommends python3-matplotlib for clpar-timeline, and an OpenCL driver (PoCL runs kernels
# on the CPU): without one, every call runs its OpenMP variant.  -DCLPAR_DEB_DEPENDS=... replaces the hand-written part of Depends.
set(CPACK_PACKAGE_NAME clpar)
set(CPACK_PACKAGE_VENDOR "clpar developers")
set(CPACK_PACKAGE_CONTACT "clpar developers <dev@clpar.invalid>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
  "C++ prange loops and slice statements offloaded to OpenCL devices")
# The long description: lines under 80 columns, as Debian's tools show them.
string(JOIN "\n" CPACK_PACKAGE_DESCRIPTION
  "clpar++ compiles ordinary C++ written against one header, <clpar/clpar.hpp>:"
  "every clpar::prange loop and slice statement gets an OpenMP variant and an"
  "OpenCL kernel, and a runtime library picks one per call and falls back to"
  "the host on any OpenCL failure."
  "."
  "The package holds clpar++, clpar-translate, clpar-info, the headers, the"
  "runtime library, the CMake package (find_package(clpar) and a toolchain"
  "file) and clpar.pc.")
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
# The debug information stays in the build tree; the package would be several times larger.
set(CPACK_STRIP_FILES ON)

set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS ON)

set(CLPAR_DEB_DEPENDS "" CACHE STRING
  "The Debian package's Depends besides the libraries dpkg-shlibdeps finds (empty: found)")
# clpar_deb_depends(<var>): the hand-written Depends, in a function so that its variables
# stay out of the project's scope.
function(clpar_deb_depends out)
  set(depends ocl-icd-libopencl1)
  if(CLPAR_BUILD_TRANSLATOR)
    find_package(LLVM 19.1 REQUIRED CONFIG)
    set(cxx_package "")
    find_program(CLPAR_DPKG_QUERY dpkg-query)
    mark_as_advanced(CLPAR_DPKG_QUERY)
    if(CLPAR_DPKG_QUERY)
      execute_process(COMMAND ${CLPAR_DPKG_QUERY} -S "${CMAKE_CXX_COMPILER}"
        OUTPUT_VARIABLE owner RESULT_VARIABLE status ERROR_QUIET)
      if(status EQUAL 0 AND owner MATCHES "^([^:,]+)")
        set(cxx_package ${CMAKE_MATCH_1})
      endif()
    endif()
    if(NOT cxx_package)
      # No package owns an alternative (/usr/bin/c++); the compiler's package sets it up.
      if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
        set(cxx_package g++)
      elseif(CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
        set(cxx_package clang)
      else()
        message(WARNING "the Debian package names no compiler: no package owns "
          "'${CMAKE_CXX_COMPILER}'; set CLPAR_DEB_DEPENDS")
      endif()
    endif()
    list(APPEND depends ${cxx_package}
      clang-${LLVM_VERSION_MAJOR} libomp-${LLVM_VERSION_MAJOR}-dev)
    list(REMOVE_DUPLICATES depends)
  endif()
  list(JOIN depends ", " depends)
  set(${out} "${depends}" PARENT_SCOPE)
endfunction()

if(CLPAR_DEB_DEPENDS)
  set(CPACK_DEBIAN_PACKAGE_DEPENDS "${CLPAR_DEB_DEPENDS}")
else()
  clpar_deb_depends(CPACK_DEBIAN_PACKAGE_DEPENDS)
endif()
# clpar-timeline draws CLPAR_PROFILE files with matplotlib.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "pocl-opencl-icd | opencl-icd, python3-matplotlib")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "cmake, pkgconf, clinfo")

include(CPack)
