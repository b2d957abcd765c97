"""Engines as the command line gives them: `name=A cmd="..." proto=gtp dir=PATH init=...`."""
from dataclasses import dataclass, field

from .gomocup import GomocupPlayer
from .gtp import GtpPlayer


@dataclass
class EngineSpec:
    name: str
    command: str
    protocol: str = "gtp"
    directory: str = ""
    init: list = field(default_factory=list)  # GTP commands (Gomocup: lines) sent after start

    @staticmethod
    def parse(tokens):
        values = {"init": []}
        for token in tokens:
            key, sep, value = token.partition("=")
            if not sep or key not in ("name", "cmd", "proto", "dir", "init"):
                raise ValueError(f"engine option '{token}': name=, cmd=, proto=gtp|gomocup, "
                                 "dir=, init= (repeatable)")
            if key == "init":
                values["init"].append(value)
            else:
                values[key] = value
        if "cmd" not in values:
            raise ValueError(f"engine {' '.join(tokens)}: cmd= is required")
        protocol = values.get("proto", "gtp")
        if protocol not in ("gtp", "gomocup"):
            raise ValueError(f"engine protocol '{protocol}': gtp or gomocup")
        return EngineSpec(values.get("name") or values["cmd"].split()[0], values["cmd"], protocol,
                          values.get("dir", ""), values["init"])


def start_player(spec, game, time_control):
    player = GomocupPlayer if spec.protocol == "gomocup" else GtpPlayer
    return player(spec, game, time_control)
