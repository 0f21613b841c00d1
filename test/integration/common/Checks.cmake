# Tests shared by the integration projects: results, whether a program was translated
# (CLPAR_TRACE=1 prints one line per region call, naming its source) and what it links.
find_program(READELF readelf REQUIRED)

# <target> ran through clpar and calls the runtime.
function(expect_offloaded target source)
  add_test(NAME ${target} COMMAND ${target})
  add_test(NAME ${target}.traced COMMAND ${target})
  set_tests_properties(${target}.traced PROPERTIES
    ENVIRONMENT CLPAR_TRACE=1
    PASS_REGULAR_EXPRESSION "${source}:[0-9]+:[0-9]+")
  add_test(NAME ${target}.links_runtime COMMAND ${READELF} -d $<TARGET_FILE:${target}>)
  set_tests_properties(${target}.links_runtime PROPERTIES
    PASS_REGULAR_EXPRESSION "NEEDED.*libclpar_rt")
endfunction()

# <target> has OpenMP variants only: it needs neither the runtime nor OpenCL.
function(expect_no_opencl target)
  add_test(NAME ${target} COMMAND ${target})
  add_test(NAME ${target}.links_no_opencl COMMAND ${READELF} -d $<TARGET_FILE:${target}>)
  set_tests_properties(${target}.links_no_opencl PROPERTIES
    PASS_REGULAR_EXPRESSION "NEEDED"
    FAIL_REGULAR_EXPRESSION "libOpenCL|libclpar_rt")
endfunction()

# <target> was compiled by the plain compiler: correct, serial, untraced.
function(expect_serial target source)
  add_test(NAME ${target} COMMAND ${target})
  set_tests_properties(${target} PROPERTIES
    ENVIRONMENT CLPAR_TRACE=1
    FAIL_REGULAR_EXPRESSION "${source}:[0-9]+:[0-9]+")
endfunction()
