"""The results file: one JSON object per finished game, appended as games end, so that a match
that stops (killed, machine lost) resumes where it was, and shards merge into one."""
import json
import sys


def load(path):
    records = []
    try:
        with open(path, encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                line = line.strip()
                if not line:
                    continue
                try:
                    records.append(json.loads(line))
                except json.JSONDecodeError:
                    # A line cut short by a kill: that game is played again.
                    print(f"{path}:{number}: unreadable line skipped", file=sys.stderr)
    except FileNotFoundError:
        pass
    return records


def append(path, record):
    with open(path, "a", encoding="utf-8") as f:
        f.write(json.dumps(record, ensure_ascii=False) + "\n")
        f.flush()


def merge(inputs):
    """Every game once (by id; the first file wins), in schedule order."""
    seen = {}
    for path in inputs:
        for record in load(path):
            seen.setdefault(record["id"], record)
    return sorted(seen.values(), key=lambda r: [int(p) for p in r["id"].split(".")])
