#!/usr/bin/env python3
"""clpar_info_json.py CLPAR_INFO NO_ICD_DIR: clpar-info --json is JSON and says what the text says.

Runs clpar-info --json with a kernel cache directory whose name needs escaping (quote,
backslash, tab) and checks: the output parses; the keys and their types; each device of
the text output is in it with its P:D index; each usable device has its calibration's
figures; the cache directory reads back exactly.  Then with the ICD loader pointed at
NO_ICD_DIR (no platform): no devices and why_no_devices says why.  Exits 1 on a problem.
"""
import json
import os
import re
import subprocess
import sys
import tempfile

DEVICE_KEYS = {
    "index": str, "platform": int, "device": int, "platform_name": str,
    "platform_version": str, "name": str, "type": str, "version": str,
    "driver_version": str, "fp64": bool, "strict_fp": bool, "compute_units": int,
    "global_memory_bytes": int, "usable": bool,
}
CALIBRATION_KEYS = {"measured_now": bool, "launch_us": (int, float),
                    "to_device_gb_per_s": (int, float), "to_host_gb_per_s": (int, float),
                    "transfer_us": (int, float), "small_transfer_us": (int, float), "text": str}
CACHE_KEYS = {"directory": str, "enabled": bool, "usable": bool, "entries": int,
              "bytes": int, "max_bytes": int, "writable": bool, "readonly_entries": int,
              "readonly_bytes": int, "vendor_records": list}


def fail(text):
    print("error:", text)
    sys.exit(1)


def check_types(what, obj, keys):
    for key, kind in keys.items():
        if key not in obj:
            fail(f"{what} lacks {key}: {obj}")
        if not isinstance(obj[key], kind) or (kind is int and isinstance(obj[key], bool)):
            fail(f"{what}.{key} is {obj[key]!r}, not {kind}")


def run(info, env, *args):
    result = subprocess.run([info, *args], env=env, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        fail(f"clpar-info {' '.join(args)} exited with {result.returncode}: {result.stderr}")
    return result.stdout


def main(info, no_icd_dir):
    with tempfile.TemporaryDirectory() as work:
        cache = os.path.join(work, 'cache "q" \\ \tdir')
        env = dict(os.environ, CLPAR_CACHE_DIR=cache, POCL_KERNEL_CACHE="0")
        env.pop("CLPAR_DEVICE", None)
        data = json.loads(run(info, env, "--json"))
        text = run(info, env)

        for key in ("runtime_version", "devices", "why_no_devices", "selection",
                    "kernel_cache"):
            if key not in data:
                fail(f"no {key}")
        if data["runtime_version"] not in text.splitlines()[0]:
            fail(f"version {data['runtime_version']} is not the text's {text.splitlines()[0]}")
        # Devices are listed before the selection line; the calibrations after it have
        # the same indices.
        device_part = text.split("\nCLPAR_DEVICE=")[0]
        text_devices = re.findall(r"^  (\d+:\d+)  \S+ +(.*)$", device_part, re.M)
        if len(text_devices) != len(data["devices"]):
            fail(f"{len(data['devices'])} devices in JSON, {len(text_devices)} in the text")
        for device, (index, name) in zip(data["devices"], text_devices):
            check_types("device", device, DEVICE_KEYS)
            if (device["index"], device["name"]) != (index, name):
                fail(f"device {device['index']} {device['name']!r}, text has {index} {name!r}")
            if device["usable"]:
                if device["why_unusable"] is not None:
                    fail(f"usable device {index} has why_unusable")
                if device["calibration"] is None:
                    fail(f"usable device {index} has no calibration")
                if "error" not in device["calibration"]:
                    check_types("calibration", device["calibration"], CALIBRATION_KEYS)
            elif not device["why_unusable"]:
                fail(f"device {index} is not usable and does not say why")
        check_types("selection", data["selection"], {"choice": str})
        if data["selection"]["clpar_device"] is not None:
            fail("CLPAR_DEVICE is unset, selection says otherwise")
        if f": {data['selection']['choice']}\n" not in text:
            fail(f"choice {data['selection']['choice']!r} is not in the text")
        check_types("kernel_cache", data["kernel_cache"], CACHE_KEYS)
        if data["kernel_cache"]["directory"] != cache:
            fail(f"cache directory {data['kernel_cache']['directory']!r}, not {cache!r}")

        env["OCL_ICD_VENDORS"] = no_icd_dir
        none = json.loads(run(info, env, "--json"))
        if none["devices"] != [] or not none["why_no_devices"]:
            fail(f"without platforms: devices {none['devices']}, why {none['why_no_devices']!r}")
    print(f"clpar-info --json: {len(data['devices'])} devices, cache at {cache!r}")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        print(__doc__)
        sys.exit(2)
    main(sys.argv[1], sys.argv[2])
