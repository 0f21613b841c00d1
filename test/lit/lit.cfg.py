# lit configuration for clpar's translator and driver tests.
import os
import shutil
import lit.formats

config.name = "clpar"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".cpp", ".test"]
config.excludes = ["Inputs"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(os.path.dirname(config.clpar_tools_dir), "test", "lit-out")

config.environment["PATH"] = os.pathsep.join(
    [config.clpar_tools_dir, config.llvm_tools_dir, config.environment.get("PATH", os.environ["PATH"])])
# Runs must not depend on the developer's OpenCL devices or cache.
for var in ["CLPAR_DEVICE", "CLPAR_TRACE", "CLPAR_CACHE_DIR", "HOME", "POCL_KERNEL_CACHE"]:
    if var in os.environ:
        config.environment[var] = os.environ[var]

# An MPI compiler wrapper for the tests that build with one (REQUIRES: mpi).
if shutil.which("mpicxx", path=config.environment["PATH"]):
    config.available_features.add("mpi")

translate = os.path.join(config.clpar_tools_dir, "clpar-translate")
config.substitutions.append(("%clpar-translate", translate))
config.substitutions.append(("%clparxx", os.path.join(config.clpar_tools_dir, "clpar++")))
config.substitutions.append(("%clpar_include", config.clpar_include_dir))
config.substitutions.append(("%cxx", config.cxx_compiler))
# The common case: translate %s with the clpar headers on the include path.
config.substitutions.append(
    ("%translate", translate + " %s -o %t.cpp"))
config.substitutions.append(("%flags", "-- -std=c++20 -I" + config.clpar_include_dir))
# The translated %t.cpp must compile: syntax only, with OpenMP and the clpar headers.
config.substitutions.append(
    ("%syntax-check-output",
     config.cxx_compiler + " -std=c++20 -fopenmp -fsyntax-only -I" + config.clpar_include_dir + " %t.cpp"))
