#!/usr/bin/env python3
"""A deliberately broken GTP engine for the match runner's tests. It accepts every command;
what it does on genmove depends on its mode:
  illegal   answers a1 (never legal at the start of Othello)
  crash     exits without a word
  garbage   prints a line that is no GTP reply
  slow      sleeps 3 s, then answers pass
  resign    resigns
  nboard-warning  speaks NBoard: pongs its pings, and answers go as NTest does before it is
                  given a depth
"""
import sys
import time

mode = sys.argv[1]
if mode == "nboard-warning":
    for line in sys.stdin:
        words = line.split()
        if words[:1] == ["ping"]:
            print(f"pong {words[1]}", flush=True)
        elif words[:1] == ["go"]:
            print('warning Must pick a depth with "set depth <n>" first', flush=True)
        elif words[:1] == ["quit"]:
            break
    sys.exit(0)
for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    command = words[0]
    if command == "quit":
        print("=\n", flush=True)
        break
    if command == "genmove":
        if mode == "crash":
            sys.exit(3)
        if mode == "garbage":
            print("I think, therefore I am\n", flush=True)
            continue
        if mode == "slow":
            time.sleep(3)
            print("= pass\n", flush=True)
            continue
        print("= resign\n" if mode == "resign" else "= a1\n", flush=True)
        continue
    print("= fake\n" if command == "name" else "=\n", flush=True)
