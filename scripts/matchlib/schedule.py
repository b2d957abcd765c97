"""Which games a match plays, in a fixed order, so that a resumed run or a shard plays
exactly its part of the same schedule."""
import random
from dataclasses import dataclass


@dataclass
class Game:
    id: str         # "round.pairing.swap"
    pair: str       # the two games of one opening with colours swapped share it
    black: int      # engine indices
    white: int
    opening: int    # index into the openings (or the random opening's number)


def pairings(count, kind):
    if kind == "gauntlet":
        return [(0, j) for j in range(1, count)]
    if kind == "ladder":
        return [(i, i + 1) for i in range(count - 1)]
    return [(i, j) for i in range(count) for j in range(i + 1, count)]


def make_schedule(engine_count, kind, games_per_pairing, opening_count, order, seed,
                  shard=(1, 1)):
    """Each opening is played twice with colours swapped, by every pairing of a round.
    `opening_count` 0: random openings, a new one every round. Shards take every shard_count-th
    pair of games."""
    rounds = (games_per_pairing + 1) // 2
    sequence = list(range(max(opening_count, 1)))
    if order == "random":
        random.Random(seed).shuffle(sequence)
    shard_index, shard_count = shard
    games = []
    pair_number = 0
    for round_ in range(rounds):
        for p, (a, b) in enumerate(pairings(engine_count, kind)):
            opening = round_ if opening_count == 0 else sequence[round_ % len(sequence)]
            pair = f"{round_}.{p}"
            mine = pair_number % shard_count == shard_index - 1
            pair_number += 1
            if not mine:
                continue
            games.append(Game(f"{pair}.0", pair, a, b, opening))
            if round_ * 2 + 1 < games_per_pairing:
                games.append(Game(f"{pair}.1", pair, b, a, opening))
    return games
