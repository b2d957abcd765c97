#!/usr/bin/env python3
"""A sente that is started and asked questions, but never searches, does not touch its hash
table: its peak memory stays far below the table's size. Referees, GUIs' probes and every test
start sente many times; a table touched at start-up cost each of them time in proportion to its
size (half a second for the default 64 MB, more under the sanitizers).

Usage: startup_memory_test.py SENTE
"""
import resource
import subprocess
import sys

TABLE_MB = 1024
LIMIT_MB = 200  # the program, its tables of patterns and its networks, with room to spare

sente = sys.argv[1]
for game in ("othello", "gomoku", "soldiers"):
    run = subprocess.run([sente, "--quiet", "--game", game, "--hash", str(TABLE_MB), "gtp"],
                         input="name\nclear_board\nquit\n", text=True,
                         capture_output=True, timeout=60)
    if run.returncode != 0 or not run.stdout.startswith("= sente"):
        sys.exit(f"{game}: sente failed: {run.returncode} {run.stdout!r} {run.stderr!r}")
    # The largest peak of any child so far; every earlier one stayed under the limit.
    peak_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024  # Linux: KB
    if peak_mb > LIMIT_MB:
        sys.exit(f"{game}: a sente that never searched peaked at {peak_mb:.0f} MB "
                 f"with a {TABLE_MB} MB table")
    print(f"{game}: peak {peak_mb:.0f} MB with a {TABLE_MB} MB table")
