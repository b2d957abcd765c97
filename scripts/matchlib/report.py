"""The match table: one row per pairing, from the first engine's point of view."""
import math

from .stats import PairingStats, los, sprt_bounds


def stats_by_pairing(records, wanted):
    stats = [PairingStats(a, b) for a, b in wanted]
    index = {}
    for i, (a, b) in enumerate(wanted):
        index[(a, b)] = i
        index.setdefault((b, a), i)
    for record in records:
        i = index.get((record["black"], record["white"]))
        if i is not None and "score_black" in record:
            stats[i].add(record)
    return stats


def records_of(stats):
    return [record for s in stats for record in s.records]


def slowest_moves(records):
    slowest = {}
    for record in records:
        for colour in ("black", "white"):
            seconds = record.get("slowest", {}).get(colour)
            if seconds is not None:
                name = record[colour]
                slowest[name] = max(slowest.get(name, 0.0), seconds)
    return slowest


def mean_move_times(records):
    """Each engine's mean seconds a genmove over the records, pipe included."""
    totals = {}
    for record in records:
        for colour, (seconds, count) in record.get("thinking", {}).items():
            name = record[colour]
            total = totals.setdefault(name, [0.0, 0])
            total[0] += seconds
            total[1] += count
    return {name: seconds / count for name, (seconds, count) in totals.items() if count}


def _elo_text(value, error):
    if value is None:
        return "-"
    if math.isinf(value):
        return "+inf" if value > 0 else "-inf"
    value = value + 0.0  # no "-0"
    if error is None or math.isinf(error):
        return f"{value:+.0f} +- ?"
    return f"{value:+.0f} +- {error:.0f}"


def format_table(stats, args, sprt):
    lines = ["| pairing | games | W-D-L | score | Elo (95 %) | LOS | pairs 0-1/2-1-3/2-2 | forfeits |",
             "|---|---|---|---|---|---|---|---|"]
    for s in stats:
        if s.games == 0:
            continue
        value, error = s.elo()
        lines.append(
            f"| {s.first} vs {s.second} | {s.games} | {s.wins}-{s.draws}-{s.losses} | "
            f"{s.wins + s.draws / 2:g}/{s.games} ({100 * s.score():.1f} %) | "
            f"{_elo_text(value, error)} | {100 * los(s.wins, s.losses):.1f} % | "
            f"{'-'.join(str(n) for n in s.pentanomial_counts())} | "
            f"{s.forfeits}+{s.second_forfeits} |")
    slowest = slowest_moves(records_of(stats))
    if slowest:
        lines.append("")
        lines.append("slowest move (genmove to answer, pipe included): " + ", ".join(
            f"{name} {seconds * 1000:.0f} ms" for name, seconds in slowest.items()))
    means = mean_move_times(records_of(stats))
    if means:
        lines.append("mean time a move: " + ", ".join(
            f"{name} {seconds * 1000:.0f} ms" for name, seconds in means.items()))
    if args is not None and args.schedule == "ladder":
        lines.append("")
        lines.append(ladder_text(stats))
    if sprt:
        first = stats[0]
        lower, upper = sprt_bounds(sprt["alpha"], sprt["beta"])
        value = first.llr(sprt["elo0"], sprt["elo1"])
        verdict = ("H1 accepted" if value >= upper else "H0 accepted" if value <= lower
                   else "undecided")
        lines.append(f"\nSPRT elo0={sprt['elo0']:g} elo1={sprt['elo1']:g} alpha={sprt['alpha']:g} "
                     f"beta={sprt['beta']:g}: LLR {value:.2f} ({lower:.2f}, {upper:.2f}) {verdict}")
    return "\n".join(lines)


def ladder_text(stats):
    """Each engine's Elo relative to the first, adding up the steps between neighbours (errors
    in quadrature). A step is the pairing's Elo with one draw added, so that a clean sweep,
    common between the lowest levels, still gives a finite (and cautious) step."""
    rows = ["| engine | step (95 %) | Elo vs the first (95 %) |", "|---|---|---|",
            f"| {stats[0].first} | | 0 |"]
    total, variance = 0.0, 0.0
    for s in stats:
        if s.games == 0:
            break
        value, error = s.regularised()
        total -= value  # the pairing's Elo is the first engine's: the step up is its negative
        variance += error ** 2
        rows.append(f"| {s.second} | {_elo_text(-value, error)} | "
                    f"{_elo_text(total, math.sqrt(variance))} |")
    return "\n".join(rows)
