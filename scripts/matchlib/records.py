"""The project's record of matches, docs/results.jsonl: one JSON object per pairing of a finished
match, appended by `scripts/match --record`, and docs/results.md, the page rendered from it by
`scripts/match report`. The page is a view: a test fails when it is not what the records render,
so a result is written down once, as data, with the command that reproduces it.

A record's keys: date (YYYY-MM-DD), commit (of the engine measured), game, size (0: the game's
default), engine and opponent (the pairing's first and second engine), time_control, openings,
games, wins, draws, losses (the engine's), elo and elo_error (95 %, null when unbounded),
pairs (the pentanomial counts, null when unknown), forfeits ([engine's, opponent's]),
mean_move_ms ({name: ms}, the runner's own figures), command, note (one or two sentences)."""
import json
import math
import os

from .report import mean_move_times, records_of

DEFAULT_SIZES = {"othello": 8, "soldiers": 5}
GAME_TITLES = {"othello": "Othello", "gomoku": "Gomoku, freestyle", "gomoku-standard":
               "Gomoku, standard (exactly five)", "renju": "Renju", "caro": "Caro",
               "soldiers": "Soldiers and Generals"}
REQUIRED = ("date", "commit", "game", "engine", "opponent", "time_control", "openings", "wins",
            "draws", "losses", "command")


def _finite(value):
    return None if value is None or math.isinf(value) or math.isnan(value) else round(value)


def summaries(stats, game, size, time_control, openings, command, commit, date, note):
    """One record per pairing that has games, from the runner's statistics."""
    out = []
    for s in stats:
        if s.games == 0:
            continue
        value, error = s.elo()
        pairs = s.pentanomial_counts()
        out.append({
            "date": date, "commit": commit, "game": game, "size": size,
            "engine": s.first, "opponent": s.second, "time_control": time_control,
            "openings": openings, "games": s.games,
            "wins": s.wins, "draws": s.draws, "losses": s.losses,
            "elo": _finite(value), "elo_error": _finite(error),
            "pairs": pairs if sum(pairs) else None,
            "forfeits": [s.forfeits, s.second_forfeits],
            "mean_move_ms": {name: round(seconds * 1000)
                             for name, seconds in mean_move_times(s.records).items()},
            "command": command, "note": note or ""})
    return out


def load(path):
    """The records, checked: a record without a required key is an error, not a blank row."""
    records = []
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                record = json.loads(line)
            except json.JSONDecodeError as error:
                raise ValueError(f"{path}:{number}: not JSON: {error}") from None
            missing = [key for key in REQUIRED if key not in record]
            if missing:
                raise ValueError(f"{path}:{number}: no {', '.join(missing)}")
            records.append(record)
    return records


def append(path, records):
    with open(path, "a", encoding="utf-8") as f:
        for record in records:
            f.write(json.dumps(record, ensure_ascii=False) + "\n")


def _size_of(record):
    return record.get("size") or DEFAULT_SIZES.get(record["game"], 15)


def _section_title(game, size):
    title = GAME_TITLES.get(game, game)
    return title if game in DEFAULT_SIZES and size == DEFAULT_SIZES[game] else \
        f"{title}, {size}x{size}"


def _cell(text):
    return str(text).replace("|", "\\|").replace("\n", " ")


def _score_text(r):
    games = r["wins"] + r["draws"] + r["losses"]
    return f"{100 * (r['wins'] + r['draws'] / 2) / games:.1f} %" if games else "-"


def _openings_text(openings):
    """A file of openings by its name (the command gives its path)."""
    path, comma, rest = openings.partition(",")
    return os.path.basename(path) + comma + rest if "/" in path else openings


def _elo_text(r):
    value, error = r.get("elo"), r.get("elo_error")
    if value is None:
        return "-"
    return f"{value:+d}" + (f" ± {error}" if error is not None else "")


def _time_text(r):
    means = r.get("mean_move_ms") or {}
    if not means:
        return "-"
    return " / ".join(f"{means[name]}" for name in (r["engine"], r["opponent"]) if name in means)


def is_self_play(record):
    """sente against another build or level of itself: one table a section, not one each."""
    return record["opponent"].startswith("sente") or record["engine"] != "sente"


def render(records, source="results.jsonl"):
    """The page: a section per game and size, a table per opponent (and one for self-play),
    newest first, each row numbered and its command (and note) listed under the table."""
    order = {game: i for i, game in enumerate(GAME_TITLES)}
    sections = {}
    for index, record in enumerate(records):
        key = (order.get(record["game"], len(order)), record["game"], _size_of(record))
        group = "self-play" if is_self_play(record) else record["opponent"]
        sections.setdefault(key, {}).setdefault(group, []).append((index, record))
    lines = ["# Match results", "",
             f"Every match the project has recorded, newest first, rendered by `scripts/match "
             f"report` from [{source}]({source}); `scripts/match ... --record docs/{source}` adds "
             "a finished match. Edit the records, never this page. How matches are played and "
             "how to read the columns: [matches.md](matches.md#reading-a-result).", ""]
    for (_, game, size), groups in sorted(sections.items()):
        lines += [f"## {_section_title(game, size)}", ""]
        peers = sorted((g for g in groups if g != "self-play"), key=str.lower)
        for group in peers + (["self-play"] if "self-play" in groups else []):
            rows = sorted(groups[group], key=lambda item: (item[1]["date"], item[0]),
                          reverse=True)
            lines += [f"### Against {group}" if group != "self-play" else
                      "### Self-play (builds and levels of sente)", "",
                      "| # | date | commit | engine | time | openings | W-D-L | score | Elo (95 %) "
                      "| pairs | ms a move |",
                      "|---|---|---|---|---|---|---|---|---|---|---|"]
            for number, (_, r) in enumerate(rows, 1):
                pairs = "-".join(map(str, r["pairs"])) if r.get("pairs") else "-"
                engine = r["engine"] if group != "self-play" else \
                    f"{r['engine']} vs {r['opponent']}"
                lines.append(
                    f"| {number} | {r['date']} | {r['commit']} | {_cell(engine)} | "
                    f"{_cell(r['time_control'])} | {_cell(_openings_text(r['openings']))} | "
                    f"{r['wins']}-{r['draws']}-{r['losses']} | {_score_text(r)} | "
                    f"{_elo_text(r)} | {pairs} | {_time_text(r)} |")
            lines.append("")
            for number, (_, r) in enumerate(rows, 1):
                note = f"{r['note'].rstrip()} " if r.get("note") else ""
                forfeits = r.get("forfeits") or [0, 0]
                if any(forfeits):
                    note += (f"Forfeits: {r['engine']} {forfeits[0]}, {r['opponent']} "
                             f"{forfeits[1]}. ")
                lines.append(f"{number}. {note}`{r['command']}`")
            lines.append("")
    return "\n".join(lines)
