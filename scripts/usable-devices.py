#!/usr/bin/env python3
"""scripts/usable-devices.py - reads `clpar-info --json` on stdin and prints one line per
usable OpenCL device: "P:D|TYPE|name" (the index CLPAR_DEVICE takes, the type in capitals).
scripts/demo.sh makes a row of each; test/e2e/demo_check.sh checks the rows against it."""
import json
import sys

for device in json.load(sys.stdin)["devices"]:
    if device["usable"]:
        print("%s|%s|%s" % (device["index"], device["type"].upper(), device["name"]))
