"""GTP engines: the players of a match and the referee that keeps the rules."""
import time

from .process import EngineFailure, LineProcess


class GtpProcess(LineProcess):
    """A GTP engine: LineProcess's arguments, then commands and their answers."""

    def command(self, text, timeout=30.0):
        """(ok, answer) for one command; EngineFailure on a malformed reply or none in time."""
        self.send(text)
        deadline = time.monotonic() + timeout
        reply = []
        while True:
            line = self.read_line(deadline, f"'{text}'")
            if line == "":
                if reply:
                    break
                continue
            reply.append(line)
        head = reply[0]
        if head[:1] not in ("=", "?"):
            raise EngineFailure(f"{self.name}: malformed reply to '{text}': {head[:80]!r}")
        answer = "\n".join([head[1:].lstrip("0123456789").strip()] + reply[1:]).strip()
        return head[0] == "=", answer

    def must(self, text, timeout=30.0):
        ok, answer = self.command(text, timeout)
        if not ok:
            raise EngineFailure(f"{self.name}: '{text}' failed: {answer}")
        return answer

    def close(self, goodbye="quit"):
        super().close(goodbye)


class Referee:
    """A `sente gtp` process that plays the game's rules: every move is checked by it, and it
    says when the game is over, who won, and writes the record."""

    def __init__(self, command, game, size):
        self.gtp = GtpProcess("referee", command)
        self.gtp.must(f"set_game {game}")
        if size:
            self.gtp.must(f"boardsize {size}")
        self.gtp.must("clear_board")

    def set_position(self, text):
        self.gtp.must(f"sente-position {text}")

    def play(self, colour, move):
        ok, _ = self.gtp.command(f"play {colour} {move}")
        return ok

    def legal_moves(self):
        return [m.lower() for m in self.gtp.must("gogui-rules_legal_moves").split()]

    def side_to_move(self):
        return self.gtp.must("gogui-rules_side_to_move").lower()

    def final_score(self):
        return self.gtp.must("final_score")

    def position(self):
        return self.gtp.must("sente-position")

    def save_sgf(self, path):
        self.gtp.must(f"printsgf {path}")

    def close(self):
        self.gtp.close()


class GtpPlayer:
    """A GTP engine as a player. Othello engines that know only Othello (GRhino) get no
    set_game; every other game is chosen with set_game."""

    def __init__(self, spec, game, time_control):
        self.spec = spec
        self.name = spec.name
        self.gtp = GtpProcess(spec.name, spec.command, spec.directory)
        self.time_control = time_control
        self.game = game
        for command in spec.init:
            self.gtp.must(command)
        if game.name != "othello":
            self.gtp.must(f"set_game {game.name}")
        self.gtp.must(f"boardsize {game.size}")
        self.gtp.must("clear_board")
        settings = time_control.gtp_time_settings()
        if settings:
            self.gtp.command(settings)  # engines without a clock play on; the runner still times

    def start(self, position, opening):
        if position:
            ok, answer = self.gtp.command(f"sente-position {position}")
            if not ok:  # not the engine's fault: the match asked for what it cannot do
                raise ValueError(f"{self.name} cannot start from a position ({answer}): give "
                                 "openings as moves")
        for colour, move in opening:
            self.gtp.must(f"play {colour} {move}")

    def opponent_played(self, colour, move, seconds=0.0):
        ok, answer = self.gtp.command(f"play {colour} {move}")
        # Othello engines that never pass explicitly (GRhino) take the pass implicitly.
        if not ok and move != "pass":
            raise EngineFailure(f"{self.name}: refused the opponent's {move}: {answer}")

    def genmove(self, colour, clock, timeout):
        left = clock.gtp_time_left(colour)
        if left:
            self.gtp.command(left)
        return self.gtp.must(f"genmove {colour}", timeout).lower()

    def close(self):
        self.gtp.close()
