"""NBoard engines (NTest, Edax, Egaroucid, sente's own `nboard` mode) as Othello players: driven
as the NBoard GUI drives them (protocol/NBOARD.md; the protocol's own text is NTest's
instructions/Protocol.htm).

Every turn the runner sends the whole game as GGF (`set game`: the start position, each move
with the seconds it took, the game clock as TI), waits for the `pong` of a `ping` (so that
everything before it is taken in), then `go`, and reads lines until `=== MOVE[/EVAL[/TIME]]`.
It sends nothing while an engine thinks: an NBoard engine may take any input during a search
as a reason to stop it (NTest and sente do). How deep an engine searches is its own setting:
`set depth N` by init= (NTest needs one before its first `go`; sente's depth 60 means no cap).
"""
import time

from .process import EngineFailure, LineProcess

# The Othello start: a1..h8 row by row (a1 top left, as GTP's Othello dialect), * black, O white.
START_BOARD = "-" * 27 + "O*------*O" + "-" * 27


def clock_text(seconds):
    """GGF's m:ss, to the second."""
    whole = round(seconds)
    return f"{whole // 60}:{whole % 60:02d}"


def ggf_move(colour, move, seconds):
    """B[F5/0/1.250]: the move (PA a pass), an eval the engines ignore, the seconds it took."""
    text = "PA" if move == "pass" else move.upper()
    return f"{'B' if colour == 'black' else 'W'}[{text}/0/{seconds:.3f}]"


class NboardPlayer:
    def __init__(self, spec, game, time_control):
        if game.name != "othello" or game.size != 8:
            raise ValueError(f"{spec.name}: the NBoard protocol plays 8x8 Othello, "
                             f"not {game.name} {game.size}")
        self.name = spec.name
        self.time_control = time_control
        self.engine = LineProcess(spec.name, spec.command, spec.directory)
        self.moves = []  # (colour, MOVE, seconds) so far
        self.pings = 0
        self.engine.send("nboard 2")
        for command in spec.init:
            self.engine.send(command)
        self._synchronise(time.monotonic() + 30, "nboard 2")

    def _synchronise(self, deadline, after):
        """Sends a ping and reads up to its pong: the engine has taken in all before it."""
        self.pings += 1
        self.engine.send(f"ping {self.pings}")
        while True:
            line = self._line(deadline, f"the pong after {after}")
            if line.split() == ["pong", str(self.pings)]:
                return

    def _line(self, deadline, waiting_for):
        line = self.engine.read_line(deadline, waiting_for)
        if line.startswith("warning"):  # NTest: "warning Must pick a depth ..."
            raise EngineFailure(f"{self.name}: {line}")
        return line

    def start(self, position, opening):
        if position:
            raise ValueError(f"{self.name}: NBoard openings are moves, not a position")
        self.moves = [(colour, move, 0.0) for colour, move in opening]

    def opponent_played(self, colour, move, seconds=0.0):
        self.moves.append((colour, move, seconds))

    def _ggf(self):
        # A game clock (MAIN+INC) as TI: each side's time left is TI less its moves' seconds,
        # so an increment, which GGF's TI cannot carry to these engines, is not told. A fixed
        # time a move has no GGF form: the engines keep to their own settings (depth, time).
        control = self.time_control
        clock = f"TI[{clock_text(control.main)}]" if control.kind == "game" else ""
        moves = "".join(ggf_move(*move) for move in self.moves)
        return f"(;GM[Othello]PC[scripts/match]{clock}TY[8]BO[8 {START_BOARD} *]{moves};)"

    def genmove(self, colour, clock, timeout):
        began = time.monotonic()
        deadline = began + timeout
        self.engine.send(f"set game {self._ggf()}")
        self._synchronise(deadline, "set game")
        self.engine.send("go")
        while True:
            line = self._line(deadline, "go")
            if line.startswith("==="):
                break
        words = line.split()
        if len(words) < 2:
            raise EngineFailure(f"{self.name}: answered go with {line[:80]!r}")
        move = words[1].split("/")[0].lower()
        if move == "pa":
            move = "pass"
        self.moves.append((colour, move, time.monotonic() - began))
        return move

    def close(self):
        self.engine.close("quit")
