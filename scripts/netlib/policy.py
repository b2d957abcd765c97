"""The move order's policy (sente's games/gomoku/network.hpp, Policy) in PyTorch, its data and
its section of the network file.

The data is what `sente train gomoku-import --moves` writes, one quiet position a line:

    <position> <side to move> <the engine's move> <point>:<built-in order value> ...

the candidate points best first by sente's hand-made order (its kPolicyCandidates best). A
candidate point's four line patterns (read from the side to move's view) give four rows of the
policy's table, computed as the network's are (netlib.model.LineNetwork's line network); their
sum clipped to [0, 1], the side to move's half first, and the built-in order value in logits
(ORDER_SCALE units a logit, less ORDER_OFFSET) enter one linear layer: the point's logit. The
policy is fitted by the cross-entropy of the softmax over the candidates against the engine's
move. sente computes the same logit and orders by ORDER_OFFSET + ORDER_SCALE * logit, rounded
and clamped to [0, 8000] (policy_order_value). With colour_views each colour's point of view has
a line network of its own, as the value network's may (model.py).
"""
import struct

import numpy as np
import torch
from torch import nn

from . import data
from .model import LineNetwork, TABLE_SCALE
from .patterns import SIDE_CODES

ORDER_OFFSET = 4000
ORDER_SCALE = 64  # sente's kOrderWeightScale: order value units a logit
CANDIDATES = 24   # sente's kPolicyCandidates
COLUMNS = "abcdefghjklmnopqrstuvwxyz"


def parse_point(text, size):
    """A point as sente writes it (h8: column letter without i, row 1 at the bottom) as the index
    of its cell in a (size, size) array of rows from the top."""
    column = COLUMNS.index(text[0])
    row = size - int(text[1:])
    if not (0 <= column < size and 0 <= row < size):
        raise ValueError(f"point {text!r} off the {size} x {size} board")
    return row * size + column


class Moves:
    """Positions of one board size: cells (n, size, size) from the side to move's view, the
    candidates (n, CANDIDATES) cell indices (-1 past the last), their built-in order values, the
    index of the engine's move among them (-1: not among them), whether white is to move, each
    line's text and game."""

    def __init__(self, size):
        self.size = size
        self.cells, self.candidates, self.orders, self.played = [], [], [], []
        self.white, self.lines, self.games = [], [], []

    def finish(self):
        self.cells = np.stack(self.cells) if self.cells else np.zeros((0, self.size, self.size),
                                                                        dtype=np.int8)
        self.candidates = np.array(self.candidates, dtype=np.int64).reshape(-1, CANDIDATES)
        self.orders = np.array(self.orders, dtype=np.float32).reshape(-1, CANDIDATES)
        self.played = np.array(self.played, dtype=np.int64)
        self.white = np.array(self.white, dtype=bool)
        self.games = np.array(self.games, dtype=np.int64)
        return self


def read_moves(paths):
    """{size: Moves} of the files' lines. A position with no more stones than the one before
    starts the next game, as in data.read_positions."""
    by_size = {}
    game = -1
    for path in paths:
        last_stones = None
        with open(path, encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                fields = line.split()
                if not fields:
                    continue
                if len(fields) < 4:
                    raise ValueError(f"{path}:{number}: expected a position, the side to move, "
                                     "the move and its candidates")
                colours = data.parse_rows(fields[0])
                size = colours.shape[0]
                stones = int((colours != 0).sum())
                if last_stones is None or stones <= last_stones:
                    game += 1
                last_stones = stones
                moves = by_size.setdefault(size, Moves(size))
                candidates = np.full(CANDIDATES, -1, dtype=np.int64)
                orders = np.zeros(CANDIDATES, dtype=np.float32)
                for i, text in enumerate(fields[3:3 + CANDIDATES]):
                    point, _, order = text.partition(":")
                    candidates[i] = parse_point(point, size)
                    orders[i] = float(order)
                played = parse_point(fields[2], size)
                hits = np.flatnonzero(candidates == played)
                moves.cells.append(data.to_view(colours, fields[1]))
                moves.candidates.append(candidates)
                moves.orders.append(orders)
                moves.played.append(int(hits[0]) if len(hits) else -1)
                moves.white.append(fields[1] == "w")
                moves.lines.append(" ".join(fields[:3 + CANDIDATES]))
                moves.games.append(game)
    return {size: m.finish() for size, m in by_size.items()}


class PolicyNetwork(nn.Module):
    """The policy: the line network's rows (of its own, as the value network's) and a linear
    layer over a point's clipped sum and its built-in order value."""

    def __init__(self, view_features=16, colour_views=False):
        super().__init__()
        # Only its rows are used (the line network and the rounding to sente's units).
        self.lines = LineNetwork(on_built_in=False, view_features=view_features,
                                 colour_views=colour_views)
        self.head = nn.Linear(2 * view_features, 1)
        self.order_weight = nn.Parameter(torch.tensor(1.0))

    def forward(self, patterns, orders, white=None):
        """Logits (batch, candidates) of the candidates' (batch, candidates, 4) pattern indices
        read from the side to move's view, with their built-in order values (batch,
        candidates); `white` (batch,) bool, white to move, is needed with colour views only."""
        rows = self.lines.pattern_rows(patterns, white)  # (batch, candidates, 4, features)
        points = rows.sum(dim=2).clamp(0.0, 1.0)
        built_in = (orders - ORDER_OFFSET) / ORDER_SCALE
        return self.head(points).squeeze(-1) + self.order_weight * built_in

    def order_values(self, patterns, orders, white=None):
        """What sente orders by (its policy_order_value): rounded, clamped to [0, 8000]."""
        logits = self.forward(patterns, orders, white)
        return torch.round(ORDER_OFFSET + ORDER_SCALE * logits).clamp(0, 8000)


def policy_section(model):
    """The bytes of the network file's policy section (format version 4) for `model`: the
    table's rows of the patterns with an empty centre, the only ones the policy reads."""
    table = model.lines.table()[:SIDE_CODES * SIDE_CODES]
    with torch.no_grad():
        # sente's weights are per table unit (the rows' sums are in 1/TABLE_SCALE).
        weights = (model.head.weight[0] / TABLE_SCALE).numpy().astype("<f4")
        order_weight = float(model.order_weight)
        bias = float(model.head.bias[0])
    return (struct.pack("<I", table.shape[1]) + table.astype("<i2").tobytes()
            + weights.tobytes() + struct.pack("<2f", order_weight, bias))
