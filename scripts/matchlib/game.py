"""One game: two players, the referee checking every move, the clock deciding forfeits."""
import os
import time
from dataclasses import dataclass

from .clock import Clock
from .engines import start_player
from .gtp import Referee
from .openings import random_opening
from .process import EngineFailure


class GameSetup:
    """What every game of a match shares."""

    def __init__(self, game, size, time_control, referee, openings, random_plies, seed,
                 sgf_dir):
        self.game, self.size = game, size
        self.time_control = time_control
        self.referee = referee          # the referee's command line
        self.openings = openings        # list of Opening, or empty for random ones
        self.random_plies = random_plies
        self.seed = seed
        self.sgf_dir = sgf_dir


@dataclass
class Ruleset:
    """The game as the players are told it: sente's game name and the board size."""
    name: str
    size: int


def play_game(setup, scheduled, specs):
    """Plays `scheduled` (a schedule.Game) and returns its record (a dict for the results file).
    A player that fails in any way (cannot start, breaks the protocol, crashes, plays an illegal
    move, oversteps its time) loses; the record says who and why."""
    black_spec, white_spec = specs[scheduled.black], specs[scheduled.white]
    record = {"id": scheduled.id, "pair": scheduled.pair, "black": black_spec.name,
              "white": white_spec.name, "game": setup.game, "size": setup.size,
              "time_control": setup.time_control.text}
    started = time.monotonic()
    referee = Referee(setup.referee, setup.game, setup.size)
    players = {}
    try:
        return _play(setup, scheduled, black_spec, white_spec, record, started, referee, players)
    finally:  # whatever happened, no process outlives its game (closing twice is harmless)
        for player in players.values():
            player.close()
        referee.close()


def _play(setup, scheduled, black_spec, white_spec, record, started, referee, players):
    game = Ruleset(setup.game, referee_size(referee, setup))
    moves = []
    slowest = {"black": 0.0, "white": 0.0}  # the longest answer to genmove, pipe included
    record["slowest"] = slowest
    thinking = {"black": [0.0, 0], "white": [0.0, 0]}  # seconds in genmove, genmoves: "equal time"
    record["thinking"] = thinking
    try:
        position = ""
        if setup.openings:
            opening = setup.openings[scheduled.opening % len(setup.openings)]
            if opening.position:
                referee.set_position(opening.position)
                position = opening.position
            opening_moves = []
            for move in opening.moves:
                colour = referee.side_to_move()
                if not referee.play(colour, move):
                    raise ValueError(f"opening {opening!r}: {move} is illegal")
                opening_moves.append((colour, move))
        else:
            opening_moves = random_opening(referee, setup.game, game.size, setup.random_plies,
                                           setup.seed, scheduled.opening)
        record["opening"] = position or " ".join(m for _, m in opening_moves)

        clock = Clock(setup.time_control)
        for colour, spec in (("black", black_spec), ("white", white_spec)):
            players[colour] = _attribute(colour, spec.name, start_player, spec, game,
                                         setup.time_control)
            _attribute(colour, spec.name, players[colour].start, position, opening_moves)
        while True:
            legal = referee.legal_moves()
            if not legal:
                break
            colour = referee.side_to_move()
            mover = players[colour]
            allowed = clock.allowed(colour)
            began = time.monotonic()
            move = _attribute(colour, mover.name, mover.genmove, colour, clock, allowed)
            used = time.monotonic() - began
            slowest[colour] = max(slowest[colour], used)
            thinking[colour][0] = round(thinking[colour][0] + used, 3)
            thinking[colour][1] += 1
            _attribute(colour, mover.name, clock.charge, colour, mover.name, used)
            if move == "resign":
                return _finish(record, referee, players, setup, moves, started,
                               0.0 if colour == "black" else 1.0, f"{mover.name} resigned")
            if move not in legal:
                raise _Lost(colour, f"{mover.name} played the illegal move {move} "
                                    f"(legal: {' '.join(legal[:12])}{' ...' if len(legal) > 12 else ''})")
            referee.play(colour, move)
            moves.append(move)
            opponent = players[other(colour)]
            _attribute(other(colour), opponent.name, opponent.opponent_played, colour, move, used)
        score = referee.final_score()
        score_black = 1.0 if score.startswith("B") else 0.0 if score.startswith("W") else 0.5
        return _finish(record, referee, players, setup, moves, started, score_black,
                       f"{score} by the rules")
    except _Lost as lost:
        record["forfeit"] = record[lost.colour]
        return _finish(record, referee, players, setup, moves, started,
                       0.0 if lost.colour == "black" else 1.0, f"forfeit: {lost.why}")


class _Lost(Exception):
    def __init__(self, colour, why):
        super().__init__(why)
        self.colour, self.why = colour, why


def _attribute(colour, name, function, *args):
    try:
        return function(*args)
    except EngineFailure as failure:
        raise _Lost(colour, str(failure))


def other(colour):
    return "white" if colour == "black" else "black"


def referee_size(referee, setup):
    if setup.size:
        return setup.size
    return int(referee.gtp.must("gogui-rules_board_size"))


def _finish(record, referee, players, setup, moves, started, score_black, reason):
    record["score_black"] = score_black
    record["result"] = {1.0: "1-0", 0.0: "0-1"}.get(score_black, "1/2-1/2")
    record["reason"] = reason
    record["moves"] = moves
    record["seconds"] = round(time.monotonic() - started, 2)
    for player in players.values():
        player.close()  # before the record is written: engines may still be thinking
    if setup.sgf_dir:
        os.makedirs(setup.sgf_dir, exist_ok=True)
        path = os.path.abspath(os.path.join(setup.sgf_dir, f"game-{record['id']}.sgf"))
        try:
            referee.save_sgf(path)
            name_players(path, record["black"], record["white"])
            record["sgf"] = path
        except (EngineFailure, OSError):
            pass
    return record


def name_players(path, black, white):
    """The referee's record with the players' names (PB, PW) in its root node."""
    def escape(text):
        return text.replace("\\", "\\\\").replace("]", "\\]")
    with open(path, encoding="utf-8") as f:
        text = f.read()
    if text.startswith("(;"):
        text = f"(;PB[{escape(black)}]PW[{escape(white)}]" + text[2:]
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
