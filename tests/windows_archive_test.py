#!/usr/bin/env python3
"""The Gomocup archive of scripts/build-windows is what the tournament takes: a ZIP with
pbrain-sente.exe at its root and nothing else, under the tournament's default size limit of
8 MB, and an executable that needs no DLL but Windows' own (it must run on a clean machine).

usage: windows_archive_test.py BUILD_WINDOWS_DIR
"""
import os
import subprocess
import sys
import zipfile

SIZE_LIMIT = 8 * 1024 * 1024
SYSTEM_DLLS = {"kernel32.dll", "msvcrt.dll", "user32.dll", "advapi32.dll", "ws2_32.dll"}


def main():
    build = sys.argv[1]
    archive = os.path.join(build, "sente-gomocup.zip")
    failures = []
    with zipfile.ZipFile(archive) as z:
        names = z.namelist()
    if names != ["pbrain-sente.exe"]:
        failures.append(f"the archive holds {names}, not just pbrain-sente.exe at its root")
    size = os.path.getsize(archive)
    if size > SIZE_LIMIT:
        failures.append(f"the archive is {size} bytes, over Gomocup's 8 MB")
    dump = subprocess.run(["x86_64-w64-mingw32-objdump", "-p",
                           os.path.join(build, "pbrain-sente.exe")],
                          capture_output=True, text=True, check=True).stdout
    dlls = {line.split(":", 1)[1].strip().lower() for line in dump.splitlines()
            if "DLL Name:" in line}
    if not dlls or dlls - SYSTEM_DLLS:
        failures.append(f"pbrain-sente.exe needs {sorted(dlls - SYSTEM_DLLS)} beside Windows'")
    if "file format pei-x86-64" not in dump:
        failures.append("pbrain-sente.exe is not a 64-bit Windows executable")
    for failure in failures:
        print(failure)
    if not failures:
        print(f"{archive}: pbrain-sente.exe alone, {size} bytes, DLLs {sorted(dlls)}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
