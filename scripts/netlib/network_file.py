"""Reading sente's Gomoku network file (games/gomoku/network.hpp gives the layout): the value
network's arrays and the policy section's bytes, so that training can go on from a network
that has only its file (the one built into sente) and a new file can keep the old one's
policy."""
import struct
from dataclasses import dataclass

import numpy as np

from . import patterns
from .export import MAGIC, VERSION_WITH_POLICY
from .model import HIDDEN

# The versions whose value network this reads; only version 4's policy is carried over.
READABLE_VERSIONS = (2, 3, VERSION_WITH_POLICY)


@dataclass
class NetworkFile:
    version: int
    features: int  # both points of view's
    rules: int  # the rules mask
    sizes: int  # the sizes mask
    on_built_in: bool
    table: np.ndarray  # (PATTERNS, features) int16: black's half, then white's
    hidden_weight: np.ndarray  # (HIDDEN, features), the normalisation folded in
    hidden_bias: np.ndarray  # (HIDDEN,)
    output_weight: np.ndarray  # (HIDDEN,)
    output_bias: float
    policy: bytes  # a version 4 file's policy section, b"" when it has none
    value_bytes: bytes  # the file up to its policy section: the value network


def read_network_file(path):
    """The network in `path`; ValueError says what is wrong with a file this cannot read."""
    with open(path, "rb") as f:
        data = f.read()
    if not data.startswith(MAGIC):
        raise ValueError(f"{path}: not a sente network (no {MAGIC.decode()} header)")
    at = len(MAGIC)
    if len(data) < at + 7 * 4:
        raise ValueError(f"{path}: truncated")
    version, features, hidden, count, rules, sizes, base = struct.unpack_from("<7I", data, at)
    at += 7 * 4
    if version not in READABLE_VERSIONS:
        raise ValueError(f"{path}: format version {version}, not one of {READABLE_VERSIONS}")
    if hidden != HIDDEN or count != patterns.PATTERNS or features < 2 or features % 2:
        raise ValueError(f"{path}: shape {count} x {features} x {hidden}, this trainer makes "
                         f"{patterns.PATTERNS} x (even) x {HIDDEN}")

    def take(dtype, n):
        nonlocal at
        size = np.dtype(dtype).itemsize * n
        if at + size > len(data):
            raise ValueError(f"{path}: truncated")
        values = np.frombuffer(data, dtype=dtype, count=n, offset=at)
        at += size
        return values

    table = take("<i2", count * features).reshape(count, features)
    hidden_weight = take("<f4", hidden * features).reshape(hidden, features)
    hidden_bias = take("<f4", hidden)
    output_weight = take("<f4", hidden)
    output_bias = float(take("<f4", 1)[0])
    value_bytes, policy = data[:at], data[at:]
    if version == 2 and policy:
        raise ValueError(f"{path}: bytes after the output bias")
    if version != VERSION_WITH_POLICY or policy[:4] == struct.pack("<I", 0):
        policy = b""  # none, or version 3's (rows of every pattern), which this does not carry
    return NetworkFile(version, features, rules, sizes, base == 1, table, hidden_weight,
                       hidden_bias, output_weight, output_bias, policy, value_bytes)
