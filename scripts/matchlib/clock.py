"""Time controls, how each protocol is told about them, and the runner's own clock that
decides forfeits."""
import math
import re

from .process import EngineFailure


class TimeControl:
    """`movetime=S` (seconds per move), `MAIN+INC` (game time and increment, seconds),
    `MAIN/PERIOD` (main time, then byo-yomi: PERIOD seconds for every move), or `none`."""

    def __init__(self, text, margin, patience):
        self.text = text
        # Seconds a side may exceed its time before it forfeits, for process and pipe lag: on a
        # game clock once for the game (an overrun is carried to the next move), else a move.
        self.margin = margin
        self.patience = patience  # the longest wait for any move without a clock
        self.kind, self.movetime, self.main, self.increment, self.period = "none", 0, 0, 0, 0
        if text in ("", "none"):
            return
        number = r"(\d+(?:\.\d+)?)"
        if match := re.fullmatch(r"movetime=" + number, text):
            self.kind, self.movetime = "movetime", float(match.group(1))
        elif match := re.fullmatch(number + r"\+" + number, text):
            self.kind, self.main, self.increment = "game", float(match.group(1)), float(match.group(2))
        elif match := re.fullmatch(number + "/" + number, text):
            self.kind, self.main, self.period = "byoyomi", float(match.group(1)), float(match.group(2))
        else:
            raise ValueError(f"time control '{text}': movetime=S, MAIN+INC or MAIN/PERIOD")

    def gtp_time_settings(self):
        """GTP counts whole seconds: shorter times must reach the engines by their own options
        (sente: --movetime MS); the runner still holds them to the time control."""
        if self.kind == "movetime" and self.movetime >= 1:
            return f"time_settings 0 {int(self.movetime)} 1"
        if self.kind == "game":
            return f"time_settings {math.floor(self.main)} 0 0"
        if self.kind == "byoyomi":
            return f"time_settings {math.floor(self.main)} {max(int(self.period), 1)} 1"
        return None

    def gomocup_info(self):
        if self.kind == "movetime":
            return [f"INFO timeout_turn {int(self.movetime * 1000)}", "INFO timeout_match 0"]
        if self.kind == "game":
            return [f"INFO timeout_turn {int(self.main * 1000)}",
                    f"INFO timeout_match {int(self.main * 1000)}"]
        if self.kind == "byoyomi":
            return [f"INFO timeout_turn {int(self.period * 1000)}",
                    f"INFO timeout_match {int((self.main + self.period) * 1000)}"]
        return []


class Clock:
    """Both sides' time in one game."""

    def __init__(self, control):
        self.control = control
        self.left = {"black": control.main, "white": control.main}

    def allowed(self, colour):
        """Seconds the side may use for this move before it forfeits."""
        c = self.control
        if c.kind == "movetime":
            return c.movetime + c.margin
        if c.kind == "game":
            return self.left[colour] + c.margin
        if c.kind == "byoyomi":
            return self.left[colour] + c.period + c.margin
        return c.patience

    def charge(self, colour, name, used):
        """Takes `used` seconds off; EngineFailure when that was more than allowed."""
        allowed = self.allowed(colour)
        c = self.control
        if used > allowed:
            raise EngineFailure(f"{name}: used {used:.3f} s, {allowed - c.margin:.3f} s allowed "
                                f"(+{c.margin:g} s margin): time forfeit")
        if c.kind == "game":
            # Below zero while the side lives on its margin: the margin is not given again.
            self.left[colour] = self.left[colour] - used + c.increment
        elif c.kind == "byoyomi":
            self.left[colour] = max(self.left[colour] - used, 0)

    def gtp_time_left(self, colour):
        c = self.control
        if c.kind == "game":
            return f"time_left {colour} {math.floor(max(self.left[colour], 0))} 0"
        if c.kind == "byoyomi":
            if self.left[colour] >= 1:
                return f"time_left {colour} {math.floor(self.left[colour])} 0"
            return f"time_left {colour} {max(int(c.period), 1)} 1"
        return None

    def gomocup_time_left(self, colour):
        c = self.control
        if c.kind == "game":
            return f"INFO time_left {int(max(self.left[colour], 0) * 1000)}"
        if c.kind == "byoyomi":
            return f"INFO time_left {int((self.left[colour] + c.period) * 1000)}"
        return None
