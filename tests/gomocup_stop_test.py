#!/usr/bin/env python3
"""END (and STOP) during a long Gomocup search: sente answers with its best move so far within a
fraction of a second and, after END, exits with status 0."""
import subprocess
import sys
import time


def main():
    binary = sys.argv[1]
    proc = subprocess.Popen([binary, "--quiet", "gomocup"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    proc.stdin.write(b"INFO timeout_turn 60000\r\nSTART 15\r\nOK?\r\n")
    proc.stdin.flush()
    assert proc.stdout.readline().strip() == b"OK"
    assert proc.stdout.readline().startswith(b"UNKNOWN")
    for stop in (b"STOP", b"END"):
        proc.stdin.write(b"TURN 7,7\r\n" if stop == b"STOP" else b"TURN 0,0\r\n")
        proc.stdin.flush()
        time.sleep(0.5)
        sent = time.monotonic()
        proc.stdin.write(stop + b"\r\n")
        proc.stdin.flush()
        line = proc.stdout.readline().strip()
        waited = time.monotonic() - sent
        print(f"{stop.decode()}: answered {line.decode()} after {waited:.3f} s")
        if b"," not in line or waited > 2.0:
            sys.exit(f"no move in time after {stop.decode()}")
    proc.stdin.close()
    status = proc.wait(timeout=10)
    if status != 0:
        sys.exit(f"exit status {status}")


if __name__ == "__main__":
    main()
