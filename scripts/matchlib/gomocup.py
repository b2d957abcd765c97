"""Gomocup (Piskvork) brains as players: driven as a Gomocup manager drives them."""
import re
import time

from .process import EngineFailure, LineProcess

GTP_COLUMNS = "abcdefghjklmnopqrstuvwxyz"
# A brain's next command waits this long after its answer (the time counts for neither side):
# Rapfi prints its move before it marks its search finished, and drops a command that comes in
# between, then reads the coordinates of a TURN as a command of their own and forfeits. Under
# load that window lasts milliseconds; the opponent's instant answers (forced moves) fall in it.
SETTLE_SECONDS = 0.15
RULE_NUMBERS = {"gomoku": 0, "gomoku-standard": 1, "renju": 4, "caro": 8}


def to_xy(vertex, size):
    """GTP vertex (columns without i, row 1 at the bottom) -> Gomocup x,y (from the top left)."""
    return GTP_COLUMNS.index(vertex[0]), size - int(vertex[1:])


def to_vertex(x, y, size):
    return f"{GTP_COLUMNS[x]}{size - y}"


class GomocupPlayer:
    def __init__(self, spec, game, time_control):
        if game.name not in RULE_NUMBERS:
            raise ValueError(f"{spec.name}: the Gomocup protocol plays Gomoku, not {game.name}")
        self.name = spec.name
        self.size = game.size
        self.time_control = time_control
        self.brain = LineProcess(spec.name, spec.command, spec.directory, newline="\r\n")
        self.moves = []  # (colour, vertex) so far, for BOARD on the first turn
        self.answered_at = None  # when it last answered a turn
        self.seen_board = False
        self.messages = []
        for info in time_control.gomocup_info():
            self.brain.send(info)
        self.brain.send(f"INFO rule {RULE_NUMBERS[game.name]}")
        for command in spec.init:
            self.brain.send(command)
        self.brain.send(f"START {game.size}")
        answer = self._answer(time.monotonic() + 30, "START")
        if answer != "OK":
            raise EngineFailure(f"{self.name}: answered START with {answer!r}")

    def _answer(self, deadline, waiting_for):
        while True:
            line = self.brain.read_line(deadline, waiting_for)
            if line.startswith(("MESSAGE", "DEBUG")):
                self.messages.append(line)
                continue
            if line.startswith("ERROR"):
                raise EngineFailure(f"{self.name}: {line}")
            return line

    def start(self, position, opening):
        if position:
            raise ValueError(f"{self.name}: Gomocup openings are moves, not a position")
        self.moves = list(opening)

    def opponent_played(self, colour, move, seconds=0.0):
        self.moves.append((colour, move))
        if self.answered_at is not None:
            time.sleep(max(0.0, self.answered_at + SETTLE_SECONDS - time.monotonic()))

    def genmove(self, colour, clock, timeout):
        left = clock.gomocup_time_left(colour)
        if left:
            self.brain.send(left)
        if not self.seen_board:
            self.seen_board = True
            if self.moves:
                self.brain.send("BOARD")
                for mover, vertex in self.moves:
                    x, y = to_xy(vertex, self.size)
                    self.brain.send(f"{x},{y},{1 if mover == colour else 2}")
                self.brain.send("DONE")
            else:
                self.brain.send("BEGIN")
        else:
            x, y = to_xy(self.moves[-1][1], self.size)
            self.brain.send(f"TURN {x},{y}")
        answer = self._answer(time.monotonic() + timeout, "its turn")
        match = re.fullmatch(r"\s*(\d+)\s*,\s*(\d+)\s*", answer)
        if not match:
            raise EngineFailure(f"{self.name}: answered {answer[:80]!r} instead of a move")
        x, y = int(match.group(1)), int(match.group(2))
        if not (0 <= x < self.size and 0 <= y < self.size):
            raise EngineFailure(f"{self.name}: played {x},{y}, off the board")
        vertex = to_vertex(x, y, self.size)
        self.moves.append((colour, vertex))
        self.answered_at = time.monotonic()
        return vertex

    def close(self):
        self.brain.close("END")
