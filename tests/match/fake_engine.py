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
  gomocup-busy    a Gomocup brain (9 x 9 or larger) that plays the free point nearest the top
                  left, and, as Rapfi does while it finishes a reply, loses the command word
                  of a line that comes within BUSY_SECONDS of its answer and errors on the rest
  gomocup-teacher a Gomocup brain that reports a value as Rapfi does ("MESSAGE ... | Eval V |")
                  for scripts/lab/gomoku-relabel: 10 a stone of its own less 1 a stone of the
                  other side's, "+M3" with 6 stones, no value with 4 (a forced answer); as Rapfi
                  it drops the first command after its move, and it refuses a BOARD whose stones
                  do not come black first, the colours alternating
"""
import sys
import time

BUSY_SECONDS = 0.1
mode = sys.argv[1]
if mode == "gomocup-busy":
    taken, size, answered = set(), 0, 0.0

    def answer():
        global answered
        move = next((x, y) for y in range(size) for x in range(size) if (x, y) not in taken)
        taken.add(move)
        print(f"{move[0]},{move[1]}", flush=True)
        answered = time.monotonic()

    for line in sys.stdin:
        words = line.replace(",", " ").split()
        if not words:
            continue
        if time.monotonic() - answered < BUSY_SECONDS:
            # The command word is lost; what follows it is read as the next command.
            print(f"ERROR Unknown command: {' '.join(line.split()[1:])}", flush=True)
            continue
        command = words[0].upper()
        if command == "START":
            size = int(words[1])
            print("OK", flush=True)
        elif command == "BEGIN":
            answer()
        elif command == "TURN":
            taken.add((int(words[1]), int(words[2])))
            answer()
        elif command == "BOARD":
            for row in sys.stdin:
                if row.strip().upper() == "DONE":
                    break
                x, y, _ = row.strip().split(",")
                taken.add((int(x), int(y)))
            answer()
        elif command == "END":
            break
    sys.exit(0)
if mode == "gomocup-teacher":
    busy = False  # Rapfi still counts itself as thinking just after its move
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        command = words[0].upper()
        if busy:
            busy = False
            continue
        if command == "START":
            print("OK", flush=True)
        elif command == "ABOUT":
            print('name="teacher", version="1"', flush=True)
        elif command == "BOARD":
            colours = []
            for row in sys.stdin:
                if row.strip().upper() == "DONE":
                    break
                colours.append(int(row.strip().split(",")[2]))
            own, other = colours.count(1), colours.count(2)
            black = 1 if own == other else 2  # black moves when the counts are equal
            expected = [black if i % 2 == 0 else 3 - black for i in range(len(colours))]
            if colours != expected:
                print("ERROR the stones are not in an order of play", flush=True)
                continue
            if len(colours) != 4:
                value = "+M3" if len(colours) == 6 else str(10 * own - other)
                print(f"MESSAGE Speed 1K | Depth 1-1 | Eval {value} | Node 1 | Time 1ms",
                      flush=True)
            print("7,7", flush=True)
            busy = True
        elif command == "END":
            break
    sys.exit(0)
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
