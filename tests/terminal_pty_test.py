#!/usr/bin/env python3
"""Drives `sente play` through a pseudo-terminal, as a person at a keyboard would, and checks the
screen text: start a game, play moves, undo, ask for a hint, save and reload an SGF file, quit.
On a terminal sente draws in colour (ANSI sequences, Unicode discs and stones); the checks read
the text with the colour sequences taken out, and also check that they were there, and that
NO_COLOR turns them off.

usage: terminal_pty_test.py SENTE_BINARY SCENARIO   (othello, gomoku, soldiers, menu, ctrl-c,
no-color)
"""
import os
import re
import sys
import tempfile

try:
    import pexpect
except ImportError:
    sys.exit("python3-pexpect is missing: run scripts/setup --test")

ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
TIMEOUT = 60


class Terminal:
    """One sente process on a pseudo-terminal, with what it has printed so far."""

    def __init__(self, binary, args, env_extra=None):
        env = dict(os.environ, TERM="xterm-256color")
        env.pop("NO_COLOR", None)
        env.update(env_extra or {})
        # The working directory, removed by finish() (or at exit, when a check failed first).
        self.workdir = tempfile.TemporaryDirectory(prefix="sente-pty-")
        self.dir = self.workdir.name
        self.child = pexpect.spawn(os.path.abspath(binary), args, cwd=self.dir, env=env, encoding="utf-8",
                                   timeout=TIMEOUT, dimensions=(50, 120))
        self.screen = ""   # what was shown up to the last text waited for
        self.pending = ""  # shown after it
        self.held = ""
        self.raw = ""      # everything, colour sequences and all

    def expect(self, text):
        """Waits for `text` in the screen text (the colour sequences taken out) and returns what
        came before it since the last expect."""
        while text not in self.pending:
            try:
                chunk = self.child.read_nonblocking(4096, timeout=TIMEOUT)
            except (pexpect.EOF, pexpect.TIMEOUT) as error:
                sys.exit(f"waited for {text!r}, got {type(error).__name__}; screen:\n"
                         f"{self.screen}{self.pending}")
            self.raw += chunk
            data = self.held + chunk
            # A colour sequence cut in two by the read waits for its end.
            cut = data.rfind("\x1b")
            if cut != -1 and not ANSI.match(data, cut):
                data, self.held = data[:cut], data[cut:]
            else:
                self.held = ""
            self.pending += ANSI.sub("", data)
        end = self.pending.index(text) + len(text)
        before = self.pending[:end - len(text)]
        self.screen += self.pending[:end]
        self.pending = self.pending[end:]
        return before

    def send(self, line):
        self.child.sendline(line)

    def finish(self):
        self.send("quit")
        self.child.expect(pexpect.EOF)
        self.child.close()
        self.workdir.cleanup()
        if self.child.exitstatus != 0:
            sys.exit(f"sente exited with {self.child.exitstatus}")


def check(condition, message, term):
    if not condition:
        sys.exit(f"{message}; screen:\n{term.screen}")


def play_a_game(binary, game, first, prompt, sente_side, extra=()):
    """The common part: a move, sente's answer, undo, hint, save, new, load."""
    term = Terminal(binary, ["play", "--game", game, "--level", "2", *extra])
    term.expect(f"{prompt}> ")
    term.send(first)
    term.expect(f"sente ({sente_side}) plays")
    board = term.expect(f"{prompt}> ")
    check("last move" in board and "move 3" in board,
          "no move number or last move after sente's answer", term)
    term.send("undo")
    board = term.expect(f"{prompt}> ")
    check("last move" not in board and "move 1" in board, "undo did not go back to the start",
          term)
    term.send("hint")
    term.expect("sente suggests")
    term.expect(f"{prompt}> ")
    term.send(first)
    term.expect(f"sente ({sente_side}) plays")
    term.expect(f"{prompt}> ")
    term.send("save Game One.sgf")
    term.expect("Saved to Game One.sgf.")
    term.expect(f"{prompt}> ")
    term.send("new")
    term.expect(f"{prompt}> ")
    term.send("load Game One.sgf")
    term.expect("Loaded Game One.sgf")
    board = term.expect(f"{prompt}> ")
    check("last move" in board, "the loaded game has no last move", term)
    check(os.path.exists(os.path.join(term.dir, "Game One.sgf")), "no SGF file written", term)
    return term


def othello(binary):
    term = play_a_game(binary, "othello", "d3", "black", "white")
    check("●" in term.screen and "time used" in term.screen, "no Unicode discs or clocks", term)
    check("\x1b[48;5;28m" in term.raw, "no green board on a colour terminal", term)
    term.send("z9")
    term.expect("Type 'help' for commands.")
    term.finish()


def gomoku(binary):
    term = play_a_game(binary, "renju", "h8", "black", "white")
    check("rule renju" in term.screen and "●" in term.screen, "not a renju board", term)
    term.finish()


def soldiers(binary):
    # The person takes the generals (white), who move first.
    term = Terminal(binary, ["play", "--game", "soldiers", "--level", "2", "--color", "white"])
    term.expect("generals> ")
    term.send("b2")
    term.expect("b2 can go to")
    term.expect("generals> ")
    term.send("b3")
    term.expect("sente (soldiers) plays")
    term.expect("generals> ")
    term.send("undo")
    term.expect("generals> ")
    term.send("hint")
    term.expect("sente suggests")
    term.expect("generals> ")
    term.send("d2-d3")
    term.expect("sente (soldiers) plays")
    term.expect("generals> ")
    term.send("save s.sgf")
    term.expect("Saved to s.sgf.")
    term.send("load s.sgf")
    term.expect("Loaded s.sgf: Soldiers and Generals")
    term.expect("generals> ")
    term.finish()


def menu(binary):
    # No choice on the command line: sente asks.
    term = Terminal(binary, [])
    term.expect("Which game?")
    term.expect("Game [1]: ")
    term.send("3")
    term.expect("Board size, 5 to 22 [15]: ")
    term.send("99")
    term.expect("Please answer with a number from 5 to 22.")
    term.send("9")
    term.expect("Level [10]: ")
    term.send("1")
    term.expect("Seats [1]: ")
    term.send("2")
    term.expect("sente (black) plays")
    board = term.expect("white> ")
    check(" 9 " in board and "J" in board and "K" not in board, "not a 9x9 Gomoku board", term)
    term.finish()


def ctrl_c(binary):
    # sente opens with ten minutes for its move (searching: no book); Ctrl-C makes it move now.
    term = Terminal(binary, ["play", "--color", "white", "--movetime", "600000", "--no-book"])
    term.expect("thinking:")
    term.child.sendintr()
    term.expect("interrupted")
    term.expect("white> ")
    term.finish()


def no_color(binary):
    term = Terminal(binary, ["play", "--level", "1"], {"NO_COLOR": "1"})
    term.expect("black> ")
    check("\x1b[" not in term.raw and "●" not in term.raw, "colour despite NO_COLOR", term)
    check(" 4 . . * O X . . . 4" in term.screen, "not the plain board", term)
    term.finish()


SCENARIOS = {"othello": othello, "gomoku": gomoku, "soldiers": soldiers, "menu": menu,
             "ctrl-c": ctrl_c, "no-color": no_color}

if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[2] not in SCENARIOS:
        sys.exit(__doc__)
    SCENARIOS[sys.argv[2]](sys.argv[1])
    print(f"{sys.argv[2]}: passed")
