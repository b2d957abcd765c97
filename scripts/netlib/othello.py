"""The Othello network in PyTorch, computing what sente's games/reversi/network.cpp computes,
its training data (`sente train othello-features`) and its file.

Each pattern reading has a row of FEATURES values (one table for all phases); a position's
accumulator is the sum of its 46 readings' rows, clipped to [0, 1]; with the two move counts
it enters the dense layers of its phase bucket (HIDDEN clipped-ReLU units, one output), whose
output is a correction in discs to the linear evaluation's value. The forward pass rounds what
sente rounds (the table to 1/TABLE_SCALE, the weights to 1/WEIGHT_SCALE, the hidden units down
to 1/TABLE_SCALE; the gradient passes through as if it did not), so that the trainer's values
are sente's, which `--check` confirms.
"""
import struct

import numpy as np
import torch
from torch import nn

FEATURES = 16
HIDDEN = 32
INPUTS = FEATURES + 2
BUCKETS = 8
TABLE_SCALE = 256
WEIGHT_SCALE = 1024
MOVES_PER_UNIT = 16
MAX_ROW_ENTRY = 127  # the rows are int8
MAX_WEIGHT = 32767 / WEIGHT_SCALE
MAX_BIAS = 4096  # times TABLE_SCALE * WEIGHT_SCALE stays inside int32

DATA_MAGIC = b"SENTEOTF"
NET_MAGIC = b"SENTEONN"
NET_VERSION = 2

RECORD = np.dtype([("index", "<u2", 46), ("player_moves", "u1"), ("opponent_moves", "u1"),
                   ("empties", "u1"), ("label", "i1"), ("base", "<i2")])


class Features:
    """A features file: the patterns' layout and the records (a read-only memory map)."""

    def __init__(self, path):
        with open(path, "rb") as f:
            if f.read(8) != DATA_MAGIC:
                raise ValueError(f"{path}: not a `sente train othello-features` file")
            version, instances, kinds = struct.unpack("<3I", f.read(12))
            if version != 1:
                raise ValueError(f"{path}: version {version}, this trainer reads 1")
            self.table_sizes = np.array(struct.unpack(f"<{kinds}I", f.read(4 * kinds)))
            self.instance_kinds = np.array(struct.unpack(f"<{instances}I", f.read(4 * instances)))
            (count,) = struct.unpack("<Q", f.read(8))
            header = f.tell()
        self.records = np.memmap(path, dtype=RECORD, mode="r", offset=header, shape=(count,))
        offsets = np.concatenate([[0], np.cumsum(self.table_sizes)[:-1]])
        self.instance_offsets = offsets[self.instance_kinds].astype(np.int64)
        self.rows = int(self.table_sizes.sum())

    def __len__(self):
        return len(self.records)

    def batch(self, positions):
        """Tensors of the records `positions` (sorted indices): the table rows (N, 46), the
        dense inputs' move counts (N, 2), the buckets, the base and the labels in discs."""
        r = self.records[positions]
        rows = torch.from_numpy(r["index"].astype(np.int64) + self.instance_offsets)
        moves = torch.from_numpy(np.stack([r["player_moves"], r["opponent_moves"]], axis=1)
                                 .astype(np.float32) / MOVES_PER_UNIT)
        buckets = torch.from_numpy(bucket_of(r["empties"]))
        base = torch.from_numpy(r["base"].astype(np.float32) / 100)
        label = torch.from_numpy(r["label"].astype(np.float32))
        return rows, moves, buckets, base, label


def bucket_of(empties):
    return np.clip((60 - empties.astype(np.int64)) // 8, 0, BUCKETS - 1)


def rounded(values, scale, limit):
    """`values` clipped to +-limit and rounded to 1/scale, the gradient passing through."""
    clipped = values.clamp(-limit, limit)
    return clipped + (torch.round(clipped * scale) / scale - clipped).detach()


class OthelloNetwork(nn.Module):
    def __init__(self, rows):
        super().__init__()
        # Sums of 46 rows near 0.5 on average, so that the clipped accumulator starts varied.
        self.table = nn.Parameter(torch.randn(rows, FEATURES) * 0.05 + 0.01)
        self.hidden = nn.Parameter(torch.randn(BUCKETS, HIDDEN, INPUTS) * (1 / INPUTS ** 0.5))
        self.hidden_bias = nn.Parameter(torch.zeros(BUCKETS, HIDDEN))
        # The correction starts at none: the linear evaluation's own values.
        self.output = nn.Parameter(torch.zeros(BUCKETS, HIDDEN))
        self.output_bias = nn.Parameter(torch.zeros(BUCKETS))

    def forward(self, rows, moves, buckets):
        """The correction in discs."""
        table = rounded(self.table, TABLE_SCALE, MAX_ROW_ENTRY / TABLE_SCALE)
        accumulator = nn.functional.embedding_bag(rows, table, mode="sum").clamp(0.0, 1.0)
        inputs = torch.cat([accumulator, moves], dim=1)
        # Every bucket's units, then the position's bucket's: dense products and a one-hot
        # selection train far faster on a CPU than gathering each position's weights.
        select = nn.functional.one_hot(buckets, BUCKETS).float()  # (N, BUCKETS)
        weights = rounded(self.hidden, WEIGHT_SCALE, MAX_WEIGHT).reshape(BUCKETS * HIDDEN, INPUTS)
        every = (inputs @ weights.T).reshape(-1, BUCKETS, HIDDEN)
        bias = rounded(self.hidden_bias, TABLE_SCALE * WEIGHT_SCALE, MAX_BIAS)
        units = (every * select[:, :, None]).sum(dim=1) + select @ bias
        # sente keeps whole table units, rounding down.
        units = units + (torch.floor(units * TABLE_SCALE) / TABLE_SCALE - units).detach()
        active = units.clamp(0.0, 1.0)
        output = select @ rounded(self.output, WEIGHT_SCALE, MAX_WEIGHT)
        output_bias = select @ rounded(self.output_bias, TABLE_SCALE * WEIGHT_SCALE, MAX_BIAS)
        return (active * output).sum(dim=1) + output_bias

    def read(self, path, features):
        """Takes the weights of a network file that `write` wrote (or sente ships) for a features
        layout like `features`'s, so that training goes on from what that network plays."""
        with open(path, "rb") as f:
            if f.read(8) != NET_MAGIC:
                raise ValueError(f"{path}: not an Othello network file")
            shape = struct.unpack("<6I", f.read(24))
            kinds = shape[5]
            expected = (NET_VERSION, FEATURES, HIDDEN, INPUTS, BUCKETS, len(features.table_sizes))
            if shape != expected:
                raise ValueError(f"{path}: shape {shape}, this trainer has {expected}")
            sizes = np.array(struct.unpack(f"<{kinds}I", f.read(4 * kinds)))
            if not np.array_equal(sizes, features.table_sizes):
                raise ValueError(f"{path}: its patterns' tables differ from the features file's")
            rows = int(sizes.sum())
            table = np.frombuffer(f.read(rows * FEATURES), dtype="i1").reshape(rows, FEATURES)
            layers = []
            for _ in range(BUCKETS):
                hidden = np.frombuffer(f.read(2 * HIDDEN * INPUTS), dtype="<i2")
                hidden_bias = np.frombuffer(f.read(4 * HIDDEN), dtype="<i4")
                output = np.frombuffer(f.read(2 * HIDDEN), dtype="<i2")
                (output_bias,) = struct.unpack("<i", f.read(4))
                layers.append((hidden.reshape(HIDDEN, INPUTS), hidden_bias, output, output_bias))
            if f.read(1):
                raise ValueError(f"{path}: longer than its header says")
        with torch.no_grad():
            self.table.copy_(torch.from_numpy(table.astype(np.float32) / TABLE_SCALE))
            for b, (hidden, hidden_bias, output, output_bias) in enumerate(layers):
                self.hidden[b] = torch.from_numpy(hidden.astype(np.float32) / WEIGHT_SCALE)
                self.hidden_bias[b] = torch.from_numpy(
                    hidden_bias.astype(np.float32) / (TABLE_SCALE * WEIGHT_SCALE))
                self.output[b] = torch.from_numpy(output.astype(np.float32) / WEIGHT_SCALE)
                self.output_bias[b] = output_bias / (TABLE_SCALE * WEIGHT_SCALE)

    def write(self, path, features):
        """sente's network file (games/reversi/network.hpp says the layout)."""
        with torch.no_grad():
            table = np.rint(self.table.clamp(-MAX_ROW_ENTRY / TABLE_SCALE,
                                             MAX_ROW_ENTRY / TABLE_SCALE).numpy() * TABLE_SCALE)
            hidden = np.rint(self.hidden.clamp(-MAX_WEIGHT, MAX_WEIGHT).numpy() * WEIGHT_SCALE)
            hidden_bias = np.rint(self.hidden_bias.numpy() * TABLE_SCALE * WEIGHT_SCALE)
            output = np.rint(self.output.clamp(-MAX_WEIGHT, MAX_WEIGHT).numpy() * WEIGHT_SCALE)
            output_bias = np.rint(self.output_bias.numpy() * TABLE_SCALE * WEIGHT_SCALE)
        kinds = len(features.table_sizes)
        with open(path, "wb") as f:
            f.write(NET_MAGIC)
            f.write(struct.pack("<6I", NET_VERSION, FEATURES, HIDDEN, INPUTS, BUCKETS, kinds))
            f.write(struct.pack(f"<{kinds}I", *features.table_sizes))
            f.write(table.astype("i1").tobytes())
            for b in range(BUCKETS):
                f.write(hidden[b].astype("<i2").tobytes())
                f.write(hidden_bias[b].astype("<i4").tobytes())
                f.write(output[b].astype("<i2").tobytes())
                f.write(struct.pack("<i", int(output_bias[b])))
