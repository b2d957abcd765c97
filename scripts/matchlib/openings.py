"""Openings: from files (move lists, or position texts sente reads) or random."""
import random
import re

from .gomocup import GTP_COLUMNS

GOMOKU_GAMES = ("gomoku", "gomoku-standard", "renju", "caro")


class Opening:
    """Either moves to play from the start, or a position to start from (then `moves` is
    empty); moves are GTP vertices in lower case, played alternately from the side to move."""

    def __init__(self, moves=(), position=""):
        self.moves = list(moves)
        self.position = position

    def __repr__(self):
        return self.position or " ".join(self.moves) or "(start)"


def parse_line(line, game, size):
    text = line.split("#")[0].strip()
    if not text:
        return None
    if game == "othello":
        if re.fullmatch(r"[XOxo.\-]{64}\s*[XOxo]\b.*", text):
            return Opening(position=text.split(";")[0].strip())
        return Opening(re.findall(r"[a-h][1-8]|pass", text.lower()))
    if game in GOMOKU_GAMES:
        if "," in text:  # Gomocup judge offsets from the centre: "-7,-8, -6,-9"
            numbers = [int(n) for n in re.findall(r"-?\d+", text)]
            centre = size // 2
            return Opening([f"{GTP_COLUMNS[centre + x]}{size - (centre + y)}"
                            for x, y in zip(numbers[0::2], numbers[1::2])])
        # Points with the column letters a.. counting i, as the Gomocup opening files write them.
        letters = "abcdefghijklmnopqrstuvwxyz"
        return Opening([f"{GTP_COLUMNS[letters.index(c)]}{r}"
                        for c, r in re.findall(r"([a-z])(\d+)", text.lower())])
    if "/" in text:
        return Opening(position=text)
    return Opening(re.findall(r"[a-h][1-8][-x][a-h][1-8]", text.lower()))


def read_openings(path, game, size):
    with open(path, encoding="utf-8") as f:
        openings = [o for o in (parse_line(line, game, size) for line in f) if o is not None]
    if not openings:
        raise ValueError(f"{path}: no openings")
    return openings


def random_opening(referee, game, size, plies, seed, index):
    """`plies` random legal moves, the same for the same seed and index (so both games of a
    pair, and every shard, get the same one). Gomoku stones stay within three points of the
    centre. Plays them on `referee` and returns them as (colour, move)."""
    rng = random.Random(f"{seed}:{index}")
    moves = []
    centre = size // 2
    for _ in range(plies):
        legal = referee.legal_moves()
        if game in GOMOKU_GAMES:
            legal = [m for m in legal if abs(GTP_COLUMNS.index(m[0]) - centre) <= 3
                     and abs(size - int(m[1:]) - centre) <= 3]
        if not legal:
            break
        move = rng.choice(sorted(legal))
        colour = referee.side_to_move()
        referee.play(colour, move)
        moves.append((colour, move))
    return moves
