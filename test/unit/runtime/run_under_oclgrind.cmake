# run_under_oclgrind.cmake - runs PROGRAM ARGS under oclgrind; fails on a non-empty log.
#   cmake -DOCLGRIND=... -DPROGRAM=... [-DARGS=...] -DLOG=... -P run_under_oclgrind.cmake
file(REMOVE "${LOG}")
execute_process(
  COMMAND "${OCLGRIND}" --log "${LOG}" "${PROGRAM}" ${ARGS}
  RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "${PROGRAM} under oclgrind exited with ${status}")
endif()
if(EXISTS "${LOG}")
  file(READ "${LOG}" log)
  string(STRIP "${log}" log)
  if(NOT log STREQUAL "")
    message(FATAL_ERROR "oclgrind reported problems:\n${log}")
  endif()
endif()
