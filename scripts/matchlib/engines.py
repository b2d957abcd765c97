"""Engines as the command line gives them: `name=A cmd="..." proto=gtp dir=PATH init=...`."""
from dataclasses import dataclass, field

from .gomocup import GomocupPlayer
from .gtp import GtpPlayer
from .nboard import NboardPlayer


@dataclass
class EngineSpec:
    name: str
    command: str
    protocol: str = "gtp"
    directory: str = ""
    init: list = field(default_factory=list)  # protocol lines sent after start

    @staticmethod
    def parse(tokens):
        values = {"init": []}
        for token in tokens:
            key, sep, value = token.partition("=")
            if not sep or key not in ("name", "cmd", "proto", "dir", "init"):
                raise ValueError(f"engine option '{token}': name=, cmd=, proto=gtp|gomocup|nboard, "
                                 "dir=, init= (repeatable)")
            if key == "init":
                values["init"].append(value)
            else:
                values[key] = value
        if "cmd" not in values:
            raise ValueError(f"engine {' '.join(tokens)}: cmd= is required")
        protocol = values.get("proto", "gtp")
        if protocol not in PLAYERS:
            raise ValueError(f"engine protocol '{protocol}': gtp, gomocup or nboard")
        return EngineSpec(values.get("name") or values["cmd"].split()[0], values["cmd"], protocol,
                          values.get("dir", ""), values["init"])


PLAYERS = {"gtp": GtpPlayer, "gomocup": GomocupPlayer, "nboard": NboardPlayer}


def start_player(spec, game, time_control):
    return PLAYERS[spec.protocol](spec, game, time_control)
