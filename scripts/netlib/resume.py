"""A LineNetwork rebuilt from a network file, for training to go on from it (--init FILE).

A file holds the line network's output, not the network: the table of every pattern's row, and
the hidden layer with the normalisation folded in. The model takes the table as rows of its
own (LineNetwork.use_table), copies the hidden and output layers, and sets the normalisation to
pass the board's sums through unchanged: its statistics are those of the sums over a sample of
positions, its scale and shift undo them. It computes what the file's network computes, and
training starts where that network plays.

A table whose white halves are not its black halves' colour images was trained with colour
views (model.py), and goes on so; any table may start to with colour_views, both colours' views
then starting from the same values.
"""
import numpy as np
import torch

from . import patterns
from .model import LineNetwork, TABLE_SCALE


def views_of(network):
    """The file's table as black's and white's views: (PATTERNS, view) each, a pattern read
    with that colour's stones "own", in table units."""
    view = network.features // 2
    # Black's half of a row is the pattern from its own point of view; white's view of a
    # pattern is the white half of the row of its colour image (the row read with black own).
    black = network.table[:, :view]
    white = network.table[patterns.colour_swapped_patterns(), view:]
    return black, white


def model_from_file(network, samples, colour_views=False):
    """A LineNetwork computing what `network` (a network_file.NetworkFile) computes, its
    normalisation set from `samples`: a list (one a board size) of pairs, (positions, points,
    4) pattern indices read from the side to move's view and (positions,) bool, white to
    move. With colour_views, or when the file's table has them, each colour's view is a table
    of its own."""
    black, white = views_of(network)
    colour_views = colour_views or not np.array_equal(black, white)
    model = LineNetwork(on_built_in=network.on_built_in, view_features=network.features // 2,
                        colour_views=colour_views)
    model.use_table(black.astype(np.float32) / TABLE_SCALE,
                    white.astype(np.float32) / TABLE_SCALE)
    with torch.no_grad():
        model.hidden.weight.copy_(torch.from_numpy(network.hidden_weight.copy()))
        model.hidden.bias.copy_(torch.from_numpy(network.hidden_bias.copy()))
        model.output.weight.copy_(torch.from_numpy(network.output_weight.copy())[None, :])
        model.output.bias.fill_(network.output_bias)
        sums = []
        for board, whites in samples:
            for start in range(0, len(board), 1024):
                chunk = slice(start, start + 1024)
                sums.append(model.pooled(torch.from_numpy(board[chunk].astype(np.int64)),
                                         torch.from_numpy(whites[chunk])))
        sums = torch.cat(sums)
        mean = sums.mean(dim=0)
        variance = sums.var(dim=0, unbiased=False)
        norm = model.normalise
        norm.running_mean.copy_(mean)
        norm.running_var.copy_(variance)
        norm.weight.copy_(torch.sqrt(variance + norm.eps))
        norm.bias.copy_(mean)
    return model
