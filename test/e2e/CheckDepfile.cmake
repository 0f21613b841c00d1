# Checks clpar++'s dependency files for a source that includes the project's own headers,
# whose loops clpar++ translates (through copies in its temporary directory):
#
#   cmake -DCLPARXX=<clpar++> -DSOURCES=<a.cpp|b.cpp...> -DHEADERS=<h1|h2...>
#         -DWORK_DIR=<scratch> [-DFLAGS=<f1|f2...>] -P CheckDepfile.cmake
#
# compiles each of SOURCES with `clpar++ FLAGS -MMD -MF <obj>.d -c SOURCE -o <obj>` and
# TMPDIR set to a scratch directory, then fails unless each dependency file names its
# SOURCE and each of HEADERS by their real paths, names nothing in the temporary directory
# and nothing that does not exist (ninja and make would rebuild forever), and the
# temporary directory is left empty.  Lists are separated by '|'.
cmake_minimum_required(VERSION 3.20)

foreach(var CLPARXX SOURCES HEADERS WORK_DIR)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "CheckDepfile.cmake needs -D${var}=...")
  endif()
endforeach()
string(REPLACE "|" ";" headers "${HEADERS}")
string(REPLACE "|" ";" flags "${FLAGS}")
string(REPLACE "|" ";" sources "${SOURCES}")

# Compiles SOURCE and checks its dependency file.
function(check_depfile SOURCE)
  get_filename_component(base "${SOURCE}" NAME_WE)
  set(work "${WORK_DIR}/${base}")
  set(tmp "${work}/tmp")
  file(REMOVE_RECURSE "${work}")
  file(MAKE_DIRECTORY "${tmp}")
  set(object "${work}/${base}.o")
  set(depfile "${object}.d")

  execute_process(
    COMMAND ${CMAKE_COMMAND} -E env "TMPDIR=${tmp}"
            "${CLPARXX}" ${flags} -MMD -MF "${depfile}" -c "${SOURCE}" -o "${object}"
    WORKING_DIRECTORY "${work}"
    RESULT_VARIABLE status OUTPUT_VARIABLE output ERROR_VARIABLE output)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "clpar++ -c ${SOURCE} failed (${status}):\n${output}")
  endif()
  if(NOT EXISTS "${depfile}")
    message(FATAL_ERROR "clpar++ -MMD -MF ${depfile} wrote no dependency file")
  endif()

  # <target>: <dep> <dep> \<newline> <dep> ...; a space in a name is written "\ ".
  file(READ "${depfile}" text)
  string(REGEX REPLACE "\\\\\n" " " text "${text}")
  separate_arguments(words UNIX_COMMAND "${text}")
  set(deps)
  set(real_deps)
  set(failures)
  foreach(word IN LISTS words)
    if(word MATCHES ":$")
      continue() # the target
    endif()
    if(NOT IS_ABSOLUTE "${word}")
      set(word "${work}/${word}")
    endif()
    list(APPEND deps "${word}")
    string(FIND "${word}" "${tmp}" at)
    if(NOT at EQUAL -1)
      list(APPEND failures "names a file in clpar++'s temporary directory: ${word}")
    elseif(NOT EXISTS "${word}")
      list(APPEND failures "names a file that does not exist: ${word}")
    else()
      file(REAL_PATH "${word}" real)
      list(APPEND real_deps "${real}")
    endif()
  endforeach()

  foreach(wanted IN LISTS SOURCE headers)
    file(REAL_PATH "${wanted}" real)
    if(NOT real IN_LIST real_deps)
      list(APPEND failures "does not name ${wanted}")
    endif()
  endforeach()

  file(GLOB left "${tmp}/*")
  if(left)
    list(APPEND failures "clpar++ left files in its temporary directory: ${left}")
  endif()

  if(failures)
    list(JOIN failures "\n  " failures)
    file(READ "${depfile}" text)
    message(FATAL_ERROR "the dependency file of ${base}.cpp\n  ${failures}\n${depfile}:\n${text}")
  endif()
  list(LENGTH deps count)
  message(STATUS "${depfile}: ${count} files, all real, the headers among them")
endfunction()

foreach(source IN LISTS sources)
  check_depfile("${source}")
endforeach()
