#!/usr/bin/env python3
"""Drives sente the way the NBoard GUI does, byte for byte, and reads its answers with the GUI's
own rules.

NBoard's engine side (weltyc/novello ParsedEngine, weltyc/othello ResponseParser) starts the
engine, sends `nboard 2`, and before every request brings the engine's state up to date: `set
game GGF` for a new game (or `move MLI` when exactly one move was added), `set contempt N` when
it changed from 0, `set depth N` when it changed, then `ping N`, then `hint N`, `go` or `learn`;
`quit` at the end. It ignores every answer before the `pong` of its last ping. This client does
the same and checks every line against the GUI's parser: `=== MOVE[/EVAL[/TIME]]`, `search PV
EVAL 0 DEPTH` (PV without spaces and starting with a move, EVAL one or two numbers, DEPTH
starting with a whole number), `nodestats NODES SECONDS`, `pong N`, `status TEXT`, `set myname
NAME`, `learned`. The moves sente chooses and hints are checked for legality by a `sente gtp`
referee. sente is started bare, so that it must recognise NBoard from the first line.

usage: nboard_client_test.py SENTE_BINARY
"""
import re
import subprocess
import sys

START = "---------------------------O*------*O--------------------------- *"
MOVE = re.compile(r"(PA|[A-H][1-8])")


class Failure(Exception):
    pass


def check_line(line):
    """Parses one answer as NBoard's ResponseParser does; returns (command, fields)."""
    words = line.split()
    command = words[0] if words else ""
    if command == "===":
        text = "/".join(words[1:])  # Edax's spaces become slashes, as the GUI does
        parts = text.split("/")
        if not MOVE.fullmatch(parts[0].upper()) or len(parts) > 3:
            raise Failure(f"bad move answer: {line!r}")
        for number in parts[1:]:
            if number:
                float(number)
        return command, parts
    if command == "pong":
        return command, [int(words[1])]
    if command == "status":
        return command, [line[len("status"):].strip()]
    if command == "set":
        if words[1] != "myname" or len(words) < 3:
            raise Failure(f"bad set: {line!r}")
        return command, [words[2]]
    if command in ("search", "book"):
        pv, value, games, depth = words[1], words[2], words[3], words[4]
        if not MOVE.fullmatch(pv[:2].upper()):
            raise Failure(f"pv must start with a move: {line!r}")
        values = [float(v) for v in value.split(",")]
        if len(values) > 2:
            raise Failure(f"bad eval: {line!r}")
        int(games)
        if not re.match(r"[0-9]+", depth):
            raise Failure(f"depth must start with a whole number: {line!r}")
        return command, [pv, values[0], depth]
    if command == "nodestats":
        int(words[1])
        float(words[2])
        return command, words[1:]
    if command == "learned":
        return command, []
    raise Failure(f"a line NBoard does not know: {line!r}")


class Gui:
    def __init__(self, binary):
        self.engine = subprocess.Popen([binary, "--quiet", "--no-book"], stdin=subprocess.PIPE,
                                       stdout=subprocess.PIPE, text=True, bufsize=1)
        self.referee = subprocess.Popen([binary, "--quiet", "gtp"], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True, bufsize=1)
        self.ping = 0
        self.moves = []  # move list items as the GUI keeps them: "F5//2.5"
        self.sent_moves = None  # what the engine knows, as the GUI tracks it
        self.depth = None
        self.send("nboard 2")

    def send(self, text):
        self.engine.stdin.write(text + "\n")
        self.engine.stdin.flush()

    def ask_referee(self, command):
        self.referee.stdin.write(command + "\n")
        self.referee.stdin.flush()
        reply = self.referee.stdout.readline()
        self.referee.stdout.readline()
        return reply.rstrip("\n")

    def legal_moves(self):
        return set(self.ask_referee("gogui-rules_legal_moves")[2:].split()) or {"PASS"}

    def game_text(self):
        moves = "".join(("]B[" if i % 2 == 0 else "]W[") + m for i, m in enumerate(self.moves))
        return ("(;GM[Othello]PC[NBoard]DT[2026-11-25 12:00:00 GMT]PB[sente]PW[chris]RE[?]"
                f"TI[5:00]TY[8]BO[8 {START}{moves}];)")

    def update(self, depth):
        """ParsedEngine.updateState, then the ping."""
        if self.sent_moves is None or len(self.moves) != len(self.sent_moves) + 1 \
                or self.moves[:-1] != self.sent_moves:
            if self.sent_moves != self.moves:
                self.send("set game " + self.game_text())
        else:
            self.send("move " + self.moves[-1])
        self.sent_moves = list(self.moves)
        if depth != self.depth:
            self.send(f"set depth {depth}")
            self.depth = depth
        self.ping += 1
        self.send(f"ping {self.ping}")

    def read_until(self, done):
        """Answers after the pong of the last ping, until `done` accepts one; NBoard drops the
        others."""
        pong = 0
        seen = []
        while True:
            line = self.engine.stdout.readline()
            if not line:
                raise Failure("sente closed its output")
            command, fields = check_line(line.rstrip("\n"))
            if command == "pong":
                pong = fields[0]
                continue
            if pong < self.ping:
                continue
            seen.append((command, fields))
            if done(command, fields):
                return seen

    def colour(self):
        return "b" if len(self.moves) % 2 == 0 else "w"


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    gui = Gui(sys.argv[1])
    name = gui.read_until(lambda c, f: c == "set")
    if name[-1][1] != ["sente"]:
        raise Failure(f"name {name}")

    for turn in range(12):
        # Hints for the side to move, as in NBoard's analysis mode.
        gui.update(depth=5)
        gui.send("hint 3")
        answers = gui.read_until(lambda c, f: c == "status" and f == [""])
        hints = [f for c, f in answers if c == "search"]
        if not hints:
            raise Failure(f"no hints at move {turn + 1}")
        legal = gui.legal_moves()
        for pv, _, _ in hints:
            if pv[:2].upper() not in legal:
                raise Failure(f"hint {pv} is not legal at move {turn + 1}: {sorted(legal)}")
        last_depth = max(int(re.match(r"[0-9]+", d).group()) for _, _, d in hints)
        best_of_last = [f for f in hints if f[2].startswith(str(last_depth))][:3]
        if len({pv[:2] for pv, _, _ in best_of_last}) != len(best_of_last):
            raise Failure(f"the same move twice among the hints: {best_of_last}")
        # sente's move; the GUI plays it as a move list item with its eval and time.
        gui.update(depth=5)
        gui.send("go")
        move = gui.read_until(lambda c, f: c == "===")[-1][1]
        square = move[0].upper()
        played = gui.ask_referee(f"play {gui.colour()} {'pass' if square == 'PA' else square}")
        if not played.startswith("="):
            raise Failure(f"illegal move {square} at move {turn + 1}: {played}")
        gui.moves.append("/".join(move))

    gui.update(depth=5)
    gui.send("learn")
    gui.read_until(lambda c, f: c == "learned")
    gui.send("quit")
    if gui.engine.wait(timeout=30) != 0:
        raise Failure("sente did not leave cleanly")
    gui.referee.stdin.close()
    gui.referee.wait(timeout=30)
    print(f"NBoard client: {len(gui.moves)} moves played with hints, every answer parsed")


if __name__ == "__main__":
    try:
        main()
    except (Failure, ValueError, IndexError) as error:
        sys.exit(f"FAILED: {error}")
