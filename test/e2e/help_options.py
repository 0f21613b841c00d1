#!/usr/bin/env python3
"""help_options.py NO_ICD_DIR TOOL... - each tool's --help lists its options, and every
option it lists is one the tool accepts.

An option is a help line's first word when that starts with '-' (the `=VALUE`,
`[=VALUE]`, `=<VALUE>` and ` VALUE` forms are filled in with a placeholder).  The tool is
run with the option and --version (clpar++, clpar-info) or with no input
(clpar-translate); it must not call the option unknown.  The tools' parsers and help
texts come from one table each (clpar++, clpar-info) or from llvm::cl (clpar-translate),
so an accepted option that is missing from --help cannot happen by construction; this
checks the other direction and that --help runs at all.  OpenCL is hidden (NO_ICD_DIR as
OCL_ICD_VENDORS) so that no device is started or calibrated.
"""
import os
import re
import subprocess
import sys
import tempfile

UNKNOWN = re.compile(r"unknown (clpar\+\+ )?option|Unknown command line argument", re.I)
OPTION = re.compile(r"^\s{2,}(-{1,2}[A-Za-z][\w+-]*)(\[?=<?[^\s\]>]*>?\]?| [A-Z]+)?")


def listed_options(help_text):
    options = []
    for line in help_text.splitlines():
        m = OPTION.match(line)
        if not m:
            continue
        name, value = m.group(1), m.group(2) or ""
        if value.startswith(" "):
            options.append([name, "g++"])
        elif "=" in value:
            placeholder = "none" if "user|none" in value or "<value>" in value else "dir"
            options.append([name + "=" + placeholder])
        else:
            options.append([name])
    return options


def main():
    no_icd, tools = sys.argv[1], [os.path.abspath(t) for t in sys.argv[2:]]
    failures = 0
    with tempfile.TemporaryDirectory() as work:
        env = dict(os.environ, OCL_ICD_VENDORS=no_icd, CLPAR_CACHE_DIR=os.path.join(work, "c"))
        for tool in tools:
            name = os.path.basename(tool)
            result = subprocess.run([tool, "--help"], capture_output=True, text=True, env=env,
                                    cwd=work)
            if result.returncode != 0:
                print(f"FAIL {name} --help exited {result.returncode}: {result.stderr}")
                failures += 1
                continue
            options = listed_options(result.stdout)
            names = {o[0].split("=")[0] for o in options}
            for required in ("--help", "--version"):
                if required not in names:
                    print(f"FAIL {name} --help does not list {required}")
                    failures += 1
            for words in options:
                tail = [] if name == "clpar-translate" else ["--version"]
                run = subprocess.run([tool, *words, *tail], capture_output=True, text=True,
                                     env=env, cwd=work)
                if UNKNOWN.search(run.stderr):
                    print(f"FAIL {name} lists {' '.join(words)} but refuses it: "
                          f"{run.stderr.strip()}")
                    failures += 1
            print(f"{name}: {len(options)} options listed, each accepted")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
