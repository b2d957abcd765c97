"""A child process speaking a line protocol, its output read on a thread so that a silent or
dead engine can never hang the runner."""
import os
import queue
import shlex
import subprocess
import threading
import time


class EngineFailure(Exception):
    """The engine broke the protocol, crashed, or took too long: it loses the game."""


class LineProcess:
    """`command` (a string, split as a shell would, a leading ~ of a word and of `directory`
    being the home as a shell's: the recorded commands write the home so, and must replay as
    written) or a list of arguments. With keep_stderr its standard error's lines go to the
    queue `errors` (else they are dropped)."""

    def __init__(self, name, command, directory=None, newline="\n", keep_stderr=False):
        self.name = name
        self.newline = newline
        if isinstance(command, str):
            arguments = [os.path.expanduser(word) for word in shlex.split(command)]
        else:
            arguments = list(command)
        try:
            self.process = subprocess.Popen(
                arguments, cwd=os.path.expanduser(directory) if directory else None,
                stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.PIPE if keep_stderr else subprocess.DEVNULL, text=True,
                bufsize=1, errors="replace", start_new_session=True)
        except OSError as error:
            raise EngineFailure(f"{name}: cannot start '{command}': {error}")
        self.lines = queue.Queue()
        threading.Thread(target=self._read, args=(self.process.stdout, self.lines),
                         daemon=True).start()
        self.errors = queue.Queue()
        if keep_stderr:
            threading.Thread(target=self._read, args=(self.process.stderr, self.errors),
                             daemon=True).start()

    @staticmethod
    def _read(stream, lines):
        for line in stream:
            lines.put(line.rstrip("\r\n"))
        lines.put(None)

    def send(self, text):
        try:
            self.process.stdin.write(text + self.newline)
            self.process.stdin.flush()
        except (OSError, ValueError) as error:
            raise EngineFailure(f"{self.name}: cannot send '{text}': {error}")

    def read_line(self, deadline, waiting_for):
        """The next line before `deadline` (time.monotonic()), else EngineFailure."""
        try:
            line = self.lines.get(timeout=max(deadline - time.monotonic(), 0.001))
        except queue.Empty:
            raise EngineFailure(f"{self.name}: no answer to {waiting_for} in the time allowed "
                                "(time forfeit)")
        if line is None:
            raise EngineFailure(f"{self.name}: exited during {waiting_for}")
        return line

    def close(self, goodbye=None):
        try:
            if goodbye and self.process.poll() is None:
                self.send(goodbye)
            self.process.wait(timeout=3)
        except (EngineFailure, subprocess.TimeoutExpired):
            pass
        if self.process.poll() is None:
            try:
                os.killpg(self.process.pid, 9)
            except OSError:
                self.process.kill()
            self.process.wait()
