#!/usr/bin/env python3
"""A BOARD after earlier searches is answered within its turn. A BOARD starts a new game, and the
new game empties the hash table; emptying a large table in place once made sente fault in every
page the earlier searches never reached, inside the turn (3.1 s for a 1 GB table against a
200 ms turn on the machine where it was found). Three BOARDs of the same position in one
process, with a 1 GB table and a 500 ms turn: each answer must come well within a second and a
half (the turn plus room for a loaded machine), and the process's peak memory must stay far
below the table's size, which holds on any machine however fast it zeroes memory.

Usage: gomocup_board_turn_test.py SENTE
"""
import resource
import subprocess
import sys
import time

TURN_MS = 500
LIMIT_S = 1.5
TABLE_MB = 1024
PEAK_LIMIT_MB = 512  # the searches touch a few tens of MB of the table; emptying it touched all
STONES = ["11,9,1", "7,10,2", "7,4,1", "6,9,2", "11,7,1", "9,10,2"]


def main():
    proc = subprocess.Popen([sys.argv[1], "--quiet", "--hash", str(TABLE_MB), "gomocup"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True, bufsize=1)

    def send(line):
        proc.stdin.write(line + "\r\n")
        proc.stdin.flush()

    send("START 15")
    assert proc.stdout.readline().strip() == "OK"
    send(f"INFO timeout_turn {TURN_MS}")
    send("INFO timeout_match 0")
    for board in range(1, 4):
        send("BOARD")
        for stone in STONES:
            send(stone)
        sent = time.monotonic()
        send("DONE")
        answer = proc.stdout.readline().strip()
        waited = time.monotonic() - sent
        print(f"BOARD {board}: answered {answer} after {waited:.3f} s")
        if "," not in answer or waited > LIMIT_S:
            sys.exit(f"BOARD {board}: no move within {LIMIT_S} s of a {TURN_MS} ms turn")
    send("END")
    status = proc.wait(timeout=10)
    if status != 0:
        sys.exit(f"exit status {status}")
    peak_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024  # Linux: KB
    print(f"peak memory {peak_mb:.0f} MB with a {TABLE_MB} MB table")
    if peak_mb > PEAK_LIMIT_MB:
        sys.exit(f"peak memory {peak_mb:.0f} MB: the table was touched beyond the searches")


if __name__ == "__main__":
    main()
