"""sente's network file (games/gomoku/network.hpp says the layout), written from a model."""
import struct

from . import model as net_model
from . import patterns

MAGIC = b"SENTENET"
VERSION = 2
VERSION_WITH_POLICY = 4
RULE_BITS = {"gomoku": 0, "gomoku-standard": 1, "renju": 2, "caro": 3}


def write_network(path, model, rules, sizes, policy=b""):
    """Writes `model` for the rules (game names) and board sizes it was trained for, with
    `policy` (a version 4 file's policy section) if given."""
    rule_mask = 0
    for rule in rules:
        rule_mask |= 1 << RULE_BITS[rule]
    size_mask = 0
    for size in sizes:
        size_mask |= 1 << size
    table = model.table()
    hidden_w, hidden_b = model.folded_hidden()  # (HIDDEN, features), (HIDDEN,)
    hidden_w = hidden_w.astype("<f4")
    hidden_b = hidden_b.astype("<f4")
    output_w = model.output.weight.detach().numpy().reshape(-1).astype("<f4")
    output_b = model.output.bias.detach().numpy().astype("<f4")
    with open(path, "wb") as f:
        f.write(MAGIC)
        version = VERSION_WITH_POLICY if policy else VERSION
        f.write(struct.pack("<7I", version, model.features, net_model.HIDDEN,
                            patterns.PATTERNS, rule_mask, size_mask, int(model.on_built_in)))
        f.write(table.astype("<i2").tobytes())
        f.write(hidden_w.tobytes())
        f.write(hidden_b.tobytes())
        f.write(output_w.tobytes())
        f.write(output_b.tobytes())
        f.write(policy)
