"""Two runs of a match compared game by game: one engine's score in each game (same id: the same
opening and colour) of run A minus its score in run B.

When two builds of an engine play the same opponent from the same openings, most games end the
same way; what differs is the change. The difference of the two scores, game by game, has far
less spread than either score, so the paired interval resolves a smaller effect than the two
runs' own intervals could. The runs must have played the same openings in the same order (the
same openings file, or the same seed): a game whose opening differs between them is refused. A
game that either run lost to a forfeit (a protocol failure, a crash, an overstep) is left out of
both: it says nothing about the play.

Over the n games both runs finished by the rules, with per-game differences d (each -1, -1/2,
0, 1/2 or 1): the mean difference and its 95 % interval mean +- 1.96 sd / sqrt(n), sd the
sample standard deviation (n - 1) of d; both in points (per cent of a game).
"""
import math
from dataclasses import dataclass

from .stats import Z95, mean_variance


@dataclass
class RunScore:
    games: int  # games the engine played
    score: float  # its points in them
    clean_games: int  # those that ended by the rules (no forfeit)
    clean_score: float


@dataclass
class PairedDifference:
    a: RunScore
    b: RunScore
    games: int  # games in both runs, neither a forfeit
    mean: float  # points, A minus B
    half_width: float  # of the 95 % interval, in points
    same: int  # games with the same result in both runs


class DifferentOpenings(ValueError):
    pass


def _scores(records, name):
    """{game id: (the engine's score, whether the game ended without a forfeit, opening)}."""
    out = {}
    for record in records:
        if name == record["black"]:
            score = record["score_black"]
        elif name == record["white"]:
            score = 1.0 - record["score_black"]
        else:
            continue
        out[record["id"]] = (score, "forfeit" not in record, record.get("opening"))
    return out


def _run_score(scores):
    clean = [score for score, ok, _ in scores.values() if ok]
    return RunScore(len(scores), sum(score for score, _, _ in scores.values()), len(clean),
                    sum(clean))


def paired_difference(records_a, records_b, name):
    """`name`'s score in run A minus run B, game by game (see the module's note). Raises
    DifferentOpenings when a game of both runs started from different openings."""
    a = _scores(records_a, name)
    b = _scores(records_b, name)
    for i in a:
        if i in b and a[i][2] != b[i][2]:
            raise DifferentOpenings(f"game {i} started from {a[i][2]!r} in one run and from "
                                    f"{b[i][2]!r} in the other: not the same openings")
    diffs = [a[i][0] - b[i][0] for i in a if i in b and a[i][1] and b[i][1]]
    n = len(diffs)
    mean, variance = mean_variance(diffs)[:2] if n else (0.0, 0.0)
    # mean_variance divides by n; the sample standard deviation divides by n - 1.
    sd = math.sqrt(variance * n / (n - 1)) if n > 1 else 0.0
    half_width = Z95 * sd / math.sqrt(n) if n else 0.0
    return PairedDifference(_run_score(a), _run_score(b), n, 100 * mean, 100 * half_width,
                            sum(1 for d in diffs if d == 0))


def format_paired(result, name, label_a, label_b):
    lines = []
    for label, run in ((label_a, result.a), (label_b, result.b)):
        share = 100 * run.clean_score / run.clean_games if run.clean_games else 0.0
        lines.append(f"{label}: {name} {run.score:g}/{run.games}, without forfeits "
                     f"{run.clean_score:g}/{run.clean_games} ({share:.1f} %)")
    lines.append(f"paired over {result.games} games: {result.mean:+.1f} +- "
                 f"{result.half_width:.1f} points (95 %), {result.same} the same")
    return "\n".join(lines)
