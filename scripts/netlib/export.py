"""sente's network file (games/gomoku/network.hpp says the layout), written from a model."""
import struct

import numpy as np

from . import model as net_model
from . import patterns

MAGIC = b"SENTENET"
VERSION = 1
RULE_BITS = {"gomoku": 0, "gomoku-standard": 1, "renju": 2, "caro": 3}


def write_network(path, model, rules, sizes):
    """Writes `model` for the rules (game names) and board sizes it was trained for."""
    rule_mask = 0
    for rule in rules:
        rule_mask |= 1 << RULE_BITS[rule]
    size_mask = 0
    for size in sizes:
        size_mask |= 1 << size
    table = model.table()
    hidden_w, hidden_b = model.folded_hidden()  # (HIDDEN, FEATURES), (HIDDEN,)
    hidden_w = hidden_w.astype("<f4")
    hidden_b = hidden_b.astype("<f4")
    output_w = model.output.weight.detach().numpy().reshape(-1).astype("<f4")
    output_b = model.output.bias.detach().numpy().astype("<f4")
    with open(path, "wb") as f:
        f.write(MAGIC)
        f.write(struct.pack("<7I", VERSION, net_model.FEATURES, net_model.HIDDEN,
                            patterns.PATTERNS, rule_mask, size_mask, int(model.on_built_in)))
        f.write(table.astype("<i2").tobytes())
        f.write(hidden_w.tobytes())
        f.write(hidden_b.tobytes())
        f.write(output_w.tobytes())
        f.write(output_b.tobytes())


def quantised_logits(model, board_patterns, base):
    """What sente computes for boards (n, points, 4) from the written table, in numpy, with
    `base` (n,) the built-in evaluation's logits (used if the model is on it): the check's
    reference when the float model and sente are compared."""
    table = model.table().astype(np.int32)
    sums = table[board_patterns.astype(np.int64)].sum(axis=2)  # (n, points, FEATURES)
    pooled = np.clip(sums, 0, net_model.TABLE_SCALE).sum(axis=1)
    x = pooled.astype(np.float32) / (net_model.TABLE_SCALE * net_model.POOL_DIVISOR)
    weight, bias = model.folded_hidden()
    hidden = np.maximum(x @ weight.T + bias, 0)
    logits = hidden @ model.output.weight.detach().numpy().reshape(-1) \
        + model.output.bias.detach().numpy()[0]
    return logits + base if model.on_built_in else logits
