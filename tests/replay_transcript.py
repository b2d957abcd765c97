#!/usr/bin/env python3
"""Replays a golden transcript (protocol/transcripts/*.gtp for GTP, *.gomocup for the Gomocup
protocol, *.nboard for NBoard's) through the sente binary and compares its standard output byte
for byte with the expected replies (line by line with a pattern where a line says `<~`).

Transcript format, one item per line:
  ! ARGS     command-line arguments for sente (before `gtp`), e.g. `! --level 2`
  > TEXT     a line sent to sente; escapes: \\t \\r \\\\ \\xNN; `\\n` is added after each line
  >| TEXT    as `>` but without the final line feed (the last line of the input)
  < TEXT     a line sente must print (`<` alone: an empty line)
  <~ REGEX   a line sente must print that matches REGEX as a whole (timings: NBoard's nodestats)
  anything else is a comment.

usage: replay_transcript.py [--runner COMMAND] SENTE_BINARY TRANSCRIPT
With --runner the binary is started through COMMAND (`wine` for the Windows build).
"""
import difflib
import os
import re
import select
import shlex
import subprocess
import sys
import threading
import time


def unescape(text):
    return re.sub(r"\\(x[0-9a-fA-F]{2}|t|r|\\)",
                  lambda m: {"t": "\t", "r": "\r", "\\": "\\"}.get(m.group(1))
                  or chr(int(m.group(1)[1:], 16)), text)


def parse(path):
    args, sent, expected = [], [], []
    with open(path, encoding="utf-8") as f:
        for raw in f.read().split("\n"):
            if raw.startswith("!"):
                args += raw[1:].split()
            elif raw.startswith(">|"):
                sent.append(unescape(raw[3:] if raw.startswith(">| ") else raw[2:]))
            elif raw.startswith(">"):
                sent.append(unescape(raw[2:] if raw.startswith("> ") else raw[1:]) + "\n")
            elif raw.startswith("<~ "):
                expected.append(re.compile(raw[3:]))
            elif raw.startswith("<"):
                expected.append((raw[2:] if raw.startswith("< ") else raw[1:]) + "\n")
    return args, "".join(sent), expected


def matches(expected, actual):
    """Whether the actual output fits the expected lines and patterns."""
    lines = actual.splitlines(True)
    if len(lines) != len(expected):
        return False
    for want, line in zip(expected, lines):
        if isinstance(want, str):
            if want != line:
                return False
        elif not line.endswith("\n") or not want.fullmatch(line[:-1]):
            return False
    return True


def run_engine(command, stdin, expected_lines, timeout=120):
    """Runs sente on the whole input at once, but closes its input only once it has printed the
    expected number of lines (or exited, or the time is up): sente stops a running search when
    its input ends, and a search still running when the end is read would be cut short."""
    proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    errors = []
    drain = threading.Thread(target=lambda: errors.append(proc.stderr.read()))
    drain.start()
    proc.stdin.write(stdin)
    proc.stdin.flush()
    output = b""
    deadline = time.monotonic() + timeout
    # An input whose last line has no line feed (`>|`) needs its end to finish that line.
    stdin_open = stdin.endswith(b"\n")
    if not stdin_open:
        proc.stdin.close()
    while time.monotonic() < deadline:
        if stdin_open and output.count(b"\n") >= expected_lines:
            proc.stdin.close()
            stdin_open = False
        ready, _, _ = select.select([proc.stdout], [], [], 0.2)
        if not ready:
            continue
        chunk = os.read(proc.stdout.fileno(), 65536)
        if not chunk:
            break
        output += chunk
    if stdin_open:
        proc.stdin.close()
    try:
        proc.wait(timeout=max(deadline - time.monotonic(), 1))
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
        output += b"(sente did not finish in time)\n"
    drain.join()
    return proc.returncode, output, errors[0] if errors else b""


def main():
    argv = sys.argv[1:]
    runner = []
    if len(argv) == 4 and argv[0] == "--runner":
        runner, argv = shlex.split(argv[1]), argv[2:]
    if len(argv) != 2:
        sys.exit("usage: replay_transcript.py [--runner COMMAND] SENTE_BINARY TRANSCRIPT")
    binary, path = argv
    args, stdin, expected = parse(path)
    protocol = next((p for p in ("gomocup", "nboard") if path.endswith("." + p)), "gtp")
    returncode, output, errors = run_engine([*runner, binary, *args, "--quiet", protocol],
                                            stdin.encode("latin-1"), len(expected))
    actual = output.decode("utf-8", errors="replace")
    if returncode != 0:
        print(f"sente exited with status {returncode}\n{errors.decode()}")
        sys.exit(1)
    if not matches(expected, actual):
        shown = [w if isinstance(w, str) else "~ " + w.pattern + "\n" for w in expected]
        diff = difflib.unified_diff(shown, actual.splitlines(True), "expected", "actual")
        sys.stdout.writelines(diff)
        sys.exit(1)
    print(f"{path}: {len(expected)} lines match")


if __name__ == "__main__":
    main()
