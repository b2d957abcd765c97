"""The Gomoku network in PyTorch, computing what sente's games/gomoku/network.cpp computes.

A small network over a line's nine cells (one-hot) gives each line pattern, read from one
side's point of view, view_features values (VIEW_FEATURES unless the trainer's --view-features
says otherwise; a sente build reads networks up to its SENTE_GOMOKU_NET_VIEW_FEATURES); a
pattern and the same line read backwards get their mean, so that the table sente uses is the
same whichever way a line is read (and the evaluation the same under the board's symmetries).
The values are rounded to sente's int16 units in the forward pass (the gradient passes through
as if they were not), so that the trainer sees the values sente will compute. A line's row is
its values from the side to move's view, then from the opponent's (the colours swapped):
sente's table row for a pattern read with black as "own" is the same two halves, black's then
white's, and sente reads the side to move's half first. A point's vector is the sum of its four
directions' rows clipped to [0, 1]; the board's the sum of its points' divided by POOL_DIVISOR;
one hidden layer of HIDDEN units (ReLU) gives the logit. A network on the built-in evaluation
adds its logit to that one's (given with each position).

With colour_views (the trainer's --colour-views, for renju, whose rules differ by colour) each
colour's point of view has a line network (or table) of its own: a row read with black's stones
"own" is black's function of the line, then white's function of its colour image. sente reads
such a table as any other; only the value of a position and of its colour image then differ.
"""
import numpy as np
import torch
from torch import nn

from . import patterns

VIEW_FEATURES = 16
HIDDEN = 32
LINE_HIDDEN = 64
TABLE_SCALE = 256
MAX_ROW_ENTRY = 8191
POOL_DIVISOR = 32


class LineNetwork(nn.Module):
    def __init__(self, on_built_in=True, view_features=VIEW_FEATURES, colour_views=False):
        super().__init__()
        self.on_built_in = on_built_in
        self.view_features = view_features
        self.features = 2 * view_features
        self.colour_views = colour_views
        cells = torch.from_numpy(patterns.pattern_cells())
        # One-hot: the centre's 3 states, then 4 states for each of the 8 points.
        centre = nn.functional.one_hot(cells[:, 0], 3)
        sides = nn.functional.one_hot(cells[:, 1:], 4).reshape(len(cells), 32)
        self.register_buffer("inputs", torch.cat([centre, sides], dim=1).float(),
                             persistent=False)
        self.register_buffer("reversed", torch.from_numpy(patterns.reversed_patterns()),
                             persistent=False)
        self.register_buffer("swapped", torch.from_numpy(patterns.colour_swapped_patterns()),
                             persistent=False)
        def line_network():
            return nn.Sequential(nn.Linear(35, LINE_HIDDEN), nn.ReLU(),
                                 nn.Linear(LINE_HIDDEN, LINE_HIDDEN), nn.ReLU(),
                                 nn.Linear(LINE_HIDDEN, view_features))
        self.line = line_network()
        self.white_line = line_network() if colour_views else None
        # A network continued from a file (use_table) learns its table's rows directly.
        self.register_parameter("view_table", None)
        self.register_parameter("white_view_table", None)
        # The board's sums are mostly the empty points' vectors, alike in every position; a
        # normalisation of each feature over the batch lets the hidden layer see what differs
        # from the start of training (without it, the first epochs learn nothing). The export
        # folds it into the hidden layer's weights.
        self.normalise = nn.BatchNorm1d(self.features)
        self.hidden = nn.Linear(self.features, HIDDEN)
        self.output = nn.Linear(HIDDEN, 1)
        if on_built_in:
            # A correction starts at none: the built-in evaluation's own play.
            nn.init.zeros_(self.output.weight)
            nn.init.zeros_(self.output.bias)

    def view_rows(self, index, white=False):
        """One point of view's values for the patterns `index` (a 1-d LongTensor, read from
        that view; with colour_views, white's if `white`), in table units / 256 as sente
        rounds them."""
        white = white and self.colour_views
        table = self.white_view_table if white else self.view_table
        if table is not None:
            rows = 0.5 * (table[index] + table[self.reversed[index]])
        else:
            line = self.white_line if white else self.line
            forward = line(self.inputs[index])
            backward = line(self.inputs[self.reversed[index]])
            rows = 0.5 * (forward + backward)
        limit = MAX_ROW_ENTRY / TABLE_SCALE
        rounded = torch.round(rows.clamp(-limit, limit) * TABLE_SCALE) / TABLE_SCALE
        return rows + (rounded - rows).detach()

    def use_table(self, view_table, white_view_table=None):
        """Makes the rows a table of their own, (PATTERNS, view_features) in features (table
        units / 256), instead of the line network's output (with colour_views, white's view
        has `white_view_table`): a file holds the table, not the network that computed it, so
        training goes on from a file's network this way (its rows move where the data says;
        patterns the data never shows keep the file's)."""
        def parameter(table):
            return nn.Parameter(torch.as_tensor(table, dtype=torch.float32).clone())
        self.view_table = parameter(view_table)
        if self.colour_views:
            self.white_view_table = parameter(white_view_table)

    def rows(self, index, white=False):
        """The table's rows for the patterns `index`: the values from the view they are read
        from (white's if `white`, else black's), then from the other side's."""
        return torch.cat([self.view_rows(index, white),
                          self.view_rows(self.swapped[index], not white)], dim=1)

    def forward(self, board_patterns, base, white=None):
        """Logits of (batch, points, 4) pattern indices (LongTensor) read from the side to
        move's view, added to `base` (batch,) logits; `white` (batch,) bool says whose move
        it is (needed with colour_views only)."""
        hidden = self.hidden(self.normalise(self.pooled(board_patterns, white)))
        return self.output(torch.relu(hidden)).squeeze(-1) + base

    def pooled(self, board_patterns, white=None):
        """The board's sums (batch, features) that the normalisation and the hidden layer
        read, of (batch, points, 4) pattern indices (and, with colour_views, (batch,) bool:
        white to move)."""
        points = self.pattern_rows(board_patterns, white).sum(dim=2).clamp(0.0, 1.0)
        return points.sum(dim=1) / POOL_DIVISOR

    def pattern_rows(self, board_patterns, white=None):
        """The rows (batch, ..., features) of (batch, ...) pattern indices read from the side
        to move's view, each row computed once however often it occurs; with colour_views,
        `white` (batch,) bool says whose move it is."""
        if not self.colour_views:
            unique, inverse = torch.unique(board_patterns, return_inverse=True)
            return self.rows(unique)[inverse]
        # White's positions' patterns are numbered after black's, so that the sorted unique
        # patterns are black's views first, then white's.
        to_move = white.long().reshape((-1,) + (1,) * (board_patterns.dim() - 1))
        unique, inverse = torch.unique(board_patterns + patterns.PATTERNS * to_move,
                                       return_inverse=True)
        blacks = int((unique < patterns.PATTERNS).sum())
        rows = torch.cat([self.rows(unique[:blacks]),
                          self.rows(unique[blacks:] - patterns.PATTERNS, white=True)])
        return rows[inverse]

    def folded_hidden(self):
        """The hidden layer's weights and biases with the normalisation (its running
        statistics) folded in, as numpy arrays: what sente's file holds."""
        with torch.no_grad():
            norm = self.normalise
            scale = norm.weight / torch.sqrt(norm.running_var + norm.eps)
            shift = norm.bias - scale * norm.running_mean
            weight = self.hidden.weight * scale[None, :]
            bias = self.hidden.bias + self.hidden.weight @ shift
        return weight.numpy(), bias.numpy()

    def table(self):
        """The whole table in sente's int16 units (numpy), a pattern's row as read with
        black's stones "own": black's half, then white's."""
        with torch.no_grad():
            rows = []
            for start in range(0, patterns.PATTERNS, 8192):
                index = torch.arange(start, min(start + 8192, patterns.PATTERNS))
                rows.append(self.rows(index))
            table = torch.cat(rows) * TABLE_SCALE
        return np.rint(table.numpy()).astype(np.int16)
