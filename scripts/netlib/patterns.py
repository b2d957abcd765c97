"""Line patterns exactly as sente's games/gomoku/network.cpp numbers them.

A pattern is a point's own cell (0 empty, 1 own stone, 2 opponent's) and the four points each
side of it along a line, nearest first, each 0 empty, 1 own, 2 opponent's or 3 off the board
(sente's table numbers them with black's stones as "own": 1 black, 2 white)
(off the board from the first such point on). A side's code: the points on the board counted in
base 3, the nearest the lowest digit, plus SIDE_CODE_START[how many are on the board]. The
pattern: (centre * 121 + the code of the points before) * 121 + the code of those after.
"""
import numpy as np

SIDE_CODES = 121
PATTERNS = 3 * SIDE_CODES * SIDE_CODES
SIDE_CODE_START = (0, 1, 4, 13, 40)
WALL = 3
DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))


def decode_side(code):
    """The four cells of a side code, nearest first."""
    on_board = max(k for k in range(5) if SIDE_CODE_START[k] <= code)
    value = code - SIDE_CODE_START[on_board]
    cells = []
    for _ in range(on_board):
        cells.append(value % 3)
        value //= 3
    return cells + [WALL] * (4 - on_board)


def pattern_cells():
    """(PATTERNS, 9) int array: every pattern's cells, the centre first, then the side before
    (nearest first), then the side after (nearest first)."""
    sides = np.array([decode_side(code) for code in range(SIDE_CODES)], dtype=np.int64)
    index = np.arange(PATTERNS)
    centre = index // (SIDE_CODES * SIDE_CODES)
    before = (index // SIDE_CODES) % SIDE_CODES
    after = index % SIDE_CODES
    return np.concatenate([centre[:, None], sides[before], sides[after]], axis=1)


def reversed_patterns():
    """(PATTERNS,) the pattern of each line read the other way round (before and after
    swapped)."""
    index = np.arange(PATTERNS)
    centre = index // (SIDE_CODES * SIDE_CODES)
    before = (index // SIDE_CODES) % SIDE_CODES
    after = index % SIDE_CODES
    return (centre * SIDE_CODES + after) * SIDE_CODES + before


def colour_swapped_patterns():
    """(PATTERNS,) the pattern of each line with the two sides' stones swapped (own for
    opponent's): the same line read from the other side's point of view."""
    cells = pattern_cells()
    swapped = np.where((cells == 1) | (cells == 2), 3 - cells, cells)
    return ((swapped[:, 0] * SIDE_CODES + side_codes(swapped[:, 1:5])) * SIDE_CODES
            + side_codes(swapped[:, 5:9]))


def side_codes(cells):
    """Side codes of an array (..., 4) of cells, nearest first (walls only after the board)."""
    on_board = (cells != WALL).sum(axis=-1)
    digits = np.where(cells != WALL, cells, 0)
    value = digits[..., 0] + 3 * digits[..., 1] + 9 * digits[..., 2] + 27 * digits[..., 3]
    return np.asarray(SIDE_CODE_START)[on_board] + value


def board_patterns(cells, chunk=16384):
    """(n, size * size, 4) uint16: the pattern of every point and direction of n boards given as
    (n, size, size) cells from the side to move's view (0 empty, 1 own, 2 opponent's). Worked
    out a chunk of boards at a time: the int64 intermediates of a whole data set (hundreds of
    thousands of boards) would not fit in memory."""
    n, size, _ = cells.shape
    out = np.empty((n, size * size, 4), dtype=np.uint16)
    for start in range(0, n, chunk):
        out[start:start + chunk] = _chunk_patterns(cells[start:start + chunk].astype(np.int64))
    return out


def _chunk_patterns(cells):
    n, size, _ = cells.shape
    padded = np.full((n, size + 8, size + 8), WALL, dtype=np.int64)
    padded[:, 4:4 + size, 4:4 + size] = cells

    def shifted(dr, dc):
        return padded[:, 4 + dr:4 + dr + size, 4 + dc:4 + dc + size]

    out = np.empty((n, size, size, 4), dtype=np.int64)
    for d, (dr, dc) in enumerate(DIRECTIONS):
        before = np.stack([shifted(-k * dr, -k * dc) for k in range(1, 5)], axis=-1)
        after = np.stack([shifted(k * dr, k * dc) for k in range(1, 5)], axis=-1)
        out[..., d] = (cells * SIDE_CODES + side_codes(before)) * SIDE_CODES + side_codes(after)
    return out.reshape(n, size * size, 4).astype(np.uint16)
