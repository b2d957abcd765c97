#!/usr/bin/env python3
"""The code a portable binary runs on any x86-64 holds no instruction of x86-64-v3.

A portable build (CMakeLists.txt, SENTE_CPU=portable) links the engine twice: built for
x86-64-v3 and built for any x86-64 (plus main() and the command line, built for any x86-64).
Where both builds hold the same inline function of a library outside sente (the standard
library's, fmt's, CLI11's), the linker keeps one copy, and the build relies on it keeping the
first on the link line, the any-x86-64 build's. This test checks that in the linked binary:
every function the any-x86-64 objects define (by name) must be, in the binary, free of the
instructions an older CPU lacks (AVX and later, which all use VEX/EVEX encodings and so
mnemonics starting with `v`; BMI1/2, LZCNT, MOVBE, POPCNT). An emulator cannot check this:
QEMU's user mode runs AVX2 even as `-cpu Nehalem`.

usage: portable_isa_test.py BINARY OBJECT_DIR...   (the any-x86-64 build's object folders)
"""
import collections
import pathlib
import re
import subprocess
import sys

# tzcnt is left out: GCC writes `rep bsf` for any x86-64 (the same bytes), which older CPUs run
# as bsf.
NEWER = re.compile(r"^(v[a-z0-9]+|andn|bextr|blsi|blsmsk|blsr|bzhi|mulx|pdep|pext|rorx|sarx|"
                   r"shlx|shrx|lzcnt|movbe|popcnt)$")


def defined_functions(objects):
    names = set()
    for path in objects:
        out = subprocess.run(["nm", "--defined-only", str(path)], capture_output=True,
                             text=True, check=True).stdout
        for line in out.splitlines():
            fields = line.split()
            if len(fields) == 3 and fields[1] in "TtWi":
                names.add(fields[2])
    return names


def functions_with_newer_instructions(binary):
    """{symbol: first newer instruction}, and how often each symbol occurs."""
    out = subprocess.run(["objdump", "-d", "--no-show-raw-insn", str(binary)],
                         capture_output=True, text=True, check=True).stdout
    newer, count = {}, collections.Counter()
    symbol = None
    for line in out.splitlines():
        header = re.match(r"^[0-9a-f]+ <(.+)>:$", line)
        if header:
            symbol = header.group(1)
            count[symbol] += 1
            continue
        parts = line.split("\t")
        if symbol is None or len(parts) < 2:
            continue
        mnemonic = parts[1].split()[0] if parts[1].split() else ""
        if NEWER.match(mnemonic) and symbol not in newer:
            newer[symbol] = line.strip()
    return newer, count


def main():
    binary, folders = sys.argv[1], sys.argv[2:]
    objects = [o for folder in folders for o in pathlib.Path(folder).rglob("*.o")]
    if not objects:
        sys.exit(f"no object files under {' '.join(folders)}")
    baseline = defined_functions(objects)
    newer, count = functions_with_newer_instructions(binary)
    # A name the binary holds twice is a local function of each build; it cannot be told apart
    # by name, and local functions are not shared between the builds.
    wrong = sorted(s for s in newer if s in baseline and count[s] == 1)
    if not any(s.startswith("_ZN12sente_x86_64") for s in baseline):
        sys.exit("the objects hold no sente_x86_64 function: not the any-x86-64 build's")
    if not any(s.startswith("_ZN5sente") for s in newer):
        sys.exit("the binary's x86-64-v3 build has no AVX instruction: is it built for x86-64-v3?")
    for symbol in wrong[:20]:
        print(f"{symbol}: {newer[symbol]}")
    if wrong:
        sys.exit(f"{len(wrong)} functions that any x86-64 runs hold newer instructions")
    print(f"{len(baseline)} functions of the any-x86-64 build, {len(newer)} functions with "
          "newer instructions, none shared")


if __name__ == "__main__":
    main()
