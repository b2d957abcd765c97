#!/usr/bin/env python3
"""Replays a golden transcript (protocol/transcripts/*.gtp for GTP, *.gomocup for the Gomocup
protocol) through the sente binary and compares its standard output byte for byte with the
expected replies.

Transcript format, one item per line:
  ! ARGS     command-line arguments for sente (before `gtp`), e.g. `! --level 2`
  > TEXT     a line sent to sente; escapes: \\t \\r \\\\ \\xNN; `\\n` is added after each line
  >| TEXT    as `>` but without the final line feed (the last line of the input)
  < TEXT     a line sente must print (`<` alone: an empty line)
  anything else is a comment.
"""
import difflib
import re
import subprocess
import sys


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
            elif raw.startswith("<"):
                expected.append((raw[2:] if raw.startswith("< ") else raw[1:]) + "\n")
    return args, "".join(sent), "".join(expected)


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: replay_transcript.py SENTE_BINARY TRANSCRIPT")
    binary, path = sys.argv[1], sys.argv[2]
    args, stdin, expected = parse(path)
    protocol = "gomocup" if path.endswith(".gomocup") else "gtp"
    run = subprocess.run([binary, *args, "--quiet", protocol], input=stdin.encode("latin-1"),
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)
    actual = run.stdout.decode("utf-8", errors="replace")
    if run.returncode != 0:
        print(f"sente exited with status {run.returncode}\n{run.stderr.decode()}")
        sys.exit(1)
    if actual != expected:
        diff = difflib.unified_diff(expected.splitlines(True), actual.splitlines(True),
                                    "expected", "actual")
        sys.stdout.writelines(diff)
        sys.exit(1)
    print(f"{path}: {len(expected.splitlines())} lines match")


if __name__ == "__main__":
    main()
