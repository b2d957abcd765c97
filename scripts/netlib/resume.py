"""A LineNetwork rebuilt from a network file, for training to go on from it (--init FILE).

A file holds the line network's output, not the network: the table of every pattern's row, and
the hidden layer with the normalisation folded in. The model takes the table as rows of its
own (LineNetwork.use_table), copies the hidden and output layers, and sets the normalisation to
pass the board's sums through unchanged: its statistics are those of the sums over a sample of
positions, its scale and shift undo them. It computes what the file's network computes, and
training starts where that network plays.
"""
import numpy as np
import torch

from .model import LineNetwork, TABLE_SCALE


def model_from_file(network, samples):
    """A LineNetwork computing what `network` (a network_file.NetworkFile) computes, its
    normalisation set from `samples`: a list (one a board size) of (positions, points, 4)
    pattern indices, read from the side to move's view."""
    view = network.features // 2
    model = LineNetwork(on_built_in=network.on_built_in, view_features=view)
    # Black's half of a row is the pattern from its own point of view: the view's values.
    model.use_table(network.table[:, :view].astype(np.float32) / TABLE_SCALE)
    with torch.no_grad():
        model.hidden.weight.copy_(torch.from_numpy(network.hidden_weight.copy()))
        model.hidden.bias.copy_(torch.from_numpy(network.hidden_bias.copy()))
        model.output.weight.copy_(torch.from_numpy(network.output_weight.copy())[None, :])
        model.output.bias.fill_(network.output_bias)
        chunks = [chunk for sample in samples
                  for chunk in np.array_split(sample, max(1, len(sample) // 1024)) if len(chunk)]
        sums = torch.cat([model.pooled(torch.from_numpy(c.astype(np.int64))) for c in chunks])
        mean = sums.mean(dim=0)
        variance = sums.var(dim=0, unbiased=False)
        norm = model.normalise
        norm.running_mean.copy_(mean)
        norm.running_var.copy_(variance)
        norm.weight.copy_(torch.sqrt(variance + norm.eps))
        norm.bias.copy_(mean)
    return model
