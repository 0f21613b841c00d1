# Runs the integration tests (cmake -P), in two modes:
#
#   -DMODE=install -DBUILD_DIR=<clpar build> -DPREFIX=<scratch prefix> [-DCONFIG=<config>]
#       `cmake --install` the build into PREFIX, afresh.
#
#   -DMODE=project -DPROJECT=<find-package|toolchain|template-libs>
#   -DSOURCE_DIR=<test/integration> -DWORK_DIR=<scratch> -DPREFIX=<scratch prefix>
#   -DGENERATOR=<generator> [-DMAKE_PROGRAM=<path>] [-DCXX=<compiler>]
#       Copies the project (and common/) to WORK_DIR, configures it against PREFIX
#       (find_package, or the toolchain file), builds it, checks that a second build does
#       nothing and that touching a header rebuilds its includers (dependency files name
#       real files: saxpy.h for saxpy.cpp; template-libs' kernels.hpp, whose loops clpar++
#       translates, for both libraries' sources), then runs its ctest.
cmake_minimum_required(VERSION 3.20)

function(run_step what)
  execute_process(COMMAND ${ARGN}
    RESULT_VARIABLE status OUTPUT_VARIABLE output ERROR_VARIABLE output)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "${what} failed (${status}):\n${ARGN}\n${output}")
  endif()
  message(STATUS "${what}: ok")
  set(step_output "${output}" PARENT_SCOPE)
endfunction()

if(MODE STREQUAL "install")
  file(REMOVE_RECURSE "${PREFIX}")
  set(config_args)
  if(CONFIG)
    set(config_args --config ${CONFIG})
  endif()
  run_step("install" ${CMAKE_COMMAND} --install "${BUILD_DIR}" --prefix "${PREFIX}" ${config_args})
  foreach(file bin/clpar++ bin/clpar-translate bin/clpar-timeline include/clpar/clpar.hpp
               share/clpar/clpar-toolchain.cmake)
    if(NOT EXISTS "${PREFIX}/${file}")
      message(FATAL_ERROR "the install lacks ${file}")
    endif()
  endforeach()
  file(GLOB config "${PREFIX}/lib*/cmake/clpar/clparConfig.cmake"
                   "${PREFIX}/lib/*/cmake/clpar/clparConfig.cmake")
  if(NOT config)
    message(FATAL_ERROR "the install lacks lib/cmake/clpar/clparConfig.cmake")
  endif()
  return()
endif()

if(NOT MODE STREQUAL "project")
  message(FATAL_ERROR "MODE must be install or project")
endif()

set(src "${WORK_DIR}/${PROJECT}/src")
set(build "${WORK_DIR}/${PROJECT}/build")
file(REMOVE_RECURSE "${WORK_DIR}/${PROJECT}")
file(COPY "${SOURCE_DIR}/${PROJECT}" "${SOURCE_DIR}/common" DESTINATION "${src}")

set(configure_args -S "${src}/${PROJECT}" -B "${build}" -G "${GENERATOR}"
  -DCMAKE_BUILD_TYPE=Release)
if(MAKE_PROGRAM)
  list(APPEND configure_args "-DCMAKE_MAKE_PROGRAM=${MAKE_PROGRAM}")
endif()
if(PROJECT STREQUAL "toolchain")
  list(APPEND configure_args
    "-DCMAKE_TOOLCHAIN_FILE=${PREFIX}/share/clpar/clpar-toolchain.cmake")
else()
  list(APPEND configure_args "-DCMAKE_PREFIX_PATH=${PREFIX}")
  if(CXX)
    list(APPEND configure_args "-DCMAKE_CXX_COMPILER=${CXX}")
  endif()
endif()

run_step("configure" ${CMAKE_COMMAND} ${configure_args})
run_step("build" ${CMAKE_COMMAND} --build "${build}")

run_step("rebuild without changes" ${CMAKE_COMMAND} --build "${build}")
if(step_output MATCHES "Building CXX object|Linking CXX")
  message(FATAL_ERROR "a second build rebuilt something; do the dependency files name "
    "files that do not exist?\n${step_output}")
endif()

# The objects that must be rebuilt, as the build prints them.  template-libs builds each
# source twice (through clpar and plainly): its clpar targets' objects are named.
if(PROJECT STREQUAL "template-libs")
  set(header "${src}/${PROJECT}/include/kernels.hpp")
  set(objects filters.dir/src/filters.cpp stats.dir/src/stats.cpp app.dir/src/app.cpp)
else()
  set(header "${src}/common/saxpy.h")
  set(objects saxpy.cpp)
endif()
get_filename_component(header_name "${header}" NAME)
file(TOUCH_NOCREATE "${header}")
run_step("rebuild after touching ${header_name}" ${CMAKE_COMMAND} --build "${build}")
foreach(object IN LISTS objects)
  string(REPLACE "." "\\." pattern "${object}")
  if(NOT step_output MATCHES "Building CXX object[^\n]*${pattern}")
    message(FATAL_ERROR "touching ${header_name} did not rebuild ${object}; the "
      "dependency files do not name it\n${step_output}")
  endif()
endforeach()

run_step("tests" ${CMAKE_CTEST_COMMAND} --test-dir "${build}" --output-on-failure)
message(STATUS "${step_output}")
