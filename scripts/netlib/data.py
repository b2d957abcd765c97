"""The data files of `sente train gomoku-selfplay`: one position a line,

    <position text> <side to move> <score> <result> <built-in>

the position as sente writes it (rows from the top separated by '/', x black, o white, a
number for a run of empty points), 'b' or 'w', the search's score from the side to move's view
(200 a logit; beyond 29000 a proven result), the game's result for the side to move (1, 0.5
or 0) and sente's built-in evaluation of the position (the base a network may correct). A game's positions follow each other with more stones each; a position with fewer
stones than the one before starts the next game, which is how whole games are held out.
"""
import numpy as np

PROVEN = 29000
POINTS_PER_LOGIT = 200.0


def parse_rows(text):
    """(size, size) cells of the colours (0 empty, 1 black, 2 white), rows from the top."""
    rows = []
    for row_text in text.split("/"):
        row, run = [], ""
        for ch in row_text:
            if ch.isdigit():
                run += ch
                continue
            if run:
                row.extend([0] * int(run))
                run = ""
            if ch not in "xo":
                raise ValueError(f"bad point {ch!r} in {text!r}")
            row.append(1 if ch == "x" else 2)
        if run:
            row.extend([0] * int(run))
        rows.append(row)
    size = len(rows)
    if any(len(row) != size for row in rows):
        raise ValueError(f"not a square board: {text!r}")
    return np.array(rows, dtype=np.int8)  # a few bytes a board: data sets hold 10^5-10^6


def to_view(colours, side):
    """Cells from the side to move's view: 1 own, 2 opponent's."""
    if side == "b":
        return colours
    swapped = colours.copy()
    swapped[colours == 1] = 2
    swapped[colours == 2] = 1
    return swapped


def search_probability(score):
    if score >= PROVEN:
        return 1.0
    if score <= -PROVEN:
        return 0.0
    return 1.0 / (1.0 + np.exp(-score / POINTS_PER_LOGIT))


class Positions:
    """The positions of one board size: cells (n, size, size) from the side to move's view,
    the searches' win probabilities, the results, the built-in evaluation in logits, whether
    white is to move, each line's text and its game's number."""

    def __init__(self, size):
        self.size = size
        self.cells, self.search, self.result, self.lines, self.games = [], [], [], [], []
        self.built_in, self.white = [], []

    def finish(self):
        self.cells = np.stack(self.cells) if self.cells else np.zeros((0, self.size, self.size),
                                                                        dtype=np.int8)
        self.search = np.array(self.search, dtype=np.float32)
        self.result = np.array(self.result, dtype=np.float32)
        self.built_in = np.array(self.built_in, dtype=np.float32)
        self.white = np.array(self.white, dtype=bool)
        self.games = np.array(self.games, dtype=np.int64)
        return self


def read_positions(paths):
    """{size: Positions} of the files' lines."""
    by_size = {}
    game = -1
    last_stones = None
    for path in paths:
        last_stones = None  # a new file starts a new game
        with open(path, encoding="utf-8") as f:
            for line in f:
                fields = line.split()
                if not fields:
                    continue
                if len(fields) < 5:
                    raise ValueError(f"{path}: a line of {len(fields)} fields: {line!r}")
                colours = parse_rows(fields[0])
                stones = int((colours != 0).sum())
                if last_stones is None or stones <= last_stones:
                    game += 1
                last_stones = stones
                size = colours.shape[0]
                positions = by_size.setdefault(size, Positions(size))
                positions.cells.append(to_view(colours, fields[1]))
                positions.search.append(search_probability(int(fields[2])))
                positions.result.append(float(fields[3]))
                positions.built_in.append(int(fields[4]) / POINTS_PER_LOGIT)
                positions.white.append(fields[1] == "w")
                positions.lines.append(" ".join(fields[:5]))
                positions.games.append(game)
    return {size: p.finish() for size, p in by_size.items()}
