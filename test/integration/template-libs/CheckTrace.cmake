# cmake -DPROGRAM=<app> -DHEADER=<include/kernels.hpp> -P CheckTrace.cmake
#
# Runs PROGRAM with CLPAR_TRACE=1 and fails unless it exits with 0 and each region of
# HEADER (a line ending in "region: N") is traced N times, as "clpar: HEADER:LINE:COL ...
# n=... -> ...": every instantiation in every library ran through clpar, and its site
# names the header itself (not a copy clpar++ translated).
cmake_minimum_required(VERSION 3.20)

execute_process(COMMAND ${CMAKE_COMMAND} -E env CLPAR_TRACE=1 "${PROGRAM}"
  RESULT_VARIABLE status OUTPUT_VARIABLE output ERROR_VARIABLE trace)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "${PROGRAM} failed (${status}):\n${output}\n${trace}")
endif()

string(REPLACE "\n" ";" trace_lines "${trace}")
file(STRINGS "${HEADER}" header_lines)
set(line 0)
set(regions 0)
set(failures)
foreach(text IN LISTS header_lines)
  math(EXPR line "${line} + 1")
  if(NOT text MATCHES "region: ([0-9]+)")
    continue()
  endif()
  set(want ${CMAKE_MATCH_1})
  math(EXPR regions "${regions} + 1")
  set(got 0)
  foreach(call IN LISTS trace_lines)
    string(FIND "${call}" "clpar: ${HEADER}:${line}:" at)
    if(at EQUAL 0 AND call MATCHES " n=[0-9]+ -> ")
      math(EXPR got "${got} + 1")
    endif()
  endforeach()
  if(got EQUAL want)
    message(STATUS "${HEADER}:${line}: ${got} calls")
  else()
    list(APPEND failures "${HEADER}:${line}: ${want} calls expected, ${got} traced")
  endif()
endforeach()
if(regions EQUAL 0)
  message(FATAL_ERROR "no line of ${HEADER} says 'region: N'")
endif()
if(failures)
  list(JOIN failures "\n" failures)
  message(FATAL_ERROR "${failures}\ntrace:\n${trace}")
endif()
