#!/usr/bin/env python3
"""Tests of scripts/match: its statistics against numbers worked out by hand (two runs compared
game by game too), its schedule and shards, and whole matches with sente and a deliberately
broken engine (forfeits, resuming, sharding and merging, the SPRT stop, Gomocup brains).

usage: match_test.py SENTE_BINARY [unittest arguments]
"""
import json
import math
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
import unittest
import unittest.mock

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "scripts"))

from matchlib import records as match_records  # noqa: E402
from matchlib.clock import Clock, TimeControl  # noqa: E402
from matchlib import stats  # noqa: E402
from matchlib.paired import DifferentOpenings, paired_difference  # noqa: E402
from matchlib.schedule import make_schedule  # noqa: E402

SENTE = None
FAKE = os.path.join(HERE, "fake_engine.py")
MATCH = os.path.join(ROOT, "scripts", "match")



def scratch_dir(test, prefix):
    """A new directory for `test`'s files, removed when the test ends however it ends."""
    directory = tempfile.mkdtemp(prefix=prefix)
    test.addCleanup(shutil.rmtree, directory, ignore_errors=True)
    return directory

def records(w, d, l, first="A", second="B"):
    """Games from A's point of view, A always black, each its own pair."""
    out = []
    for i, points in enumerate([1.0] * w + [0.5] * d + [0.0] * l):
        out.append({"id": f"{i}.0.0", "pair": f"{i}.0", "black": first, "white": second,
                    "score_black": points})
    return out


class Statistics(unittest.TestCase):
    def test_elo_of_a_score(self):
        self.assertAlmostEqual(stats.elo(0.5), 0.0)
        self.assertAlmostEqual(stats.elo(0.75), 190.85, places=2)  # 400 log10(3)
        self.assertAlmostEqual(stats.elo(0.25), -190.85, places=2)
        self.assertEqual(stats.elo(1.0), math.inf)

    def test_known_wins_draws_losses(self):
        # 60-20-20: score 0.7, per-game variance 0.16, standard error 0.04; the 95 % interval
        # 0.7 -+ 0.078399 is 86.22 .. 218.25 Elo, worked out by hand.
        s = stats.PairingStats("A", "B")
        for record in records(60, 20, 20):
            s.add(record)
        self.assertEqual((s.wins, s.draws, s.losses), (60, 20, 20))
        mean, variance, n = s.trinomial()
        self.assertAlmostEqual(mean, 0.7)
        self.assertAlmostEqual(variance, 0.16)
        value, error = s.elo()
        self.assertAlmostEqual(value, 147.19, places=2)
        self.assertAlmostEqual(error, (218.25 - 86.22) / 2, places=1)
        # LOS: (60 - 20) / sqrt(160) = 3.162 standard deviations.
        self.assertAlmostEqual(stats.los(60, 20), 0.5 * (1 + math.erf(40 / math.sqrt(160))))
        self.assertGreater(stats.los(60, 20), 0.9999)
        self.assertAlmostEqual(stats.los(10, 10), 0.5)
        # LLR for elo0 = 0, elo1 = 10: s1 = 0.514387; 100 * 0.014387 * 0.385613 / 0.32 = 1.7337.
        self.assertAlmostEqual(s.llr(0, 10), 1.7337, places=3)

    def test_pentanomial_pairs(self):
        # Pairs of games with colours swapped: 2-0, 1.5-0.5, 1-1 and 1-1 for A.
        s = stats.PairingStats("A", "B")
        games = [(1, 1), (1, 0.5), (1, 0), (0.5, 0.5)]
        for p, (first_game, second_game) in enumerate(games):
            s.add({"pair": str(p), "black": "A", "white": "B", "score_black": first_game})
            s.add({"pair": str(p), "black": "B", "white": "A", "score_black": 1 - second_game})
        self.assertEqual(s.pentanomial_counts(), [0, 0, 2, 1, 1])
        mean, variance, n = s.pentanomial()
        self.assertEqual(n, 4)
        self.assertAlmostEqual(mean, (1 + 0.75 + 0.5 + 0.5) / 4)
        self.assertAlmostEqual(variance, ((0.3125) ** 2 + (0.0625) ** 2 + 2 * (0.1875) ** 2) / 4)

    def test_a_clean_sweep_gives_a_finite_ladder_step(self):
        s = stats.PairingStats("A", "B")
        for record in records(10, 0, 0):
            s.add(record)
        self.assertEqual(s.elo()[0], math.inf)
        # One draw added: 10.5 / 11 = 0.954545, 528.9 Elo; the interval's upper end is past
        # 100 %, so the error is the lower side's.
        value, error = s.regularised()
        self.assertAlmostEqual(value, 528.9, places=1)
        self.assertTrue(0 < error < math.inf)

    def test_mean_time_a_move_is_over_every_genmove_of_an_engine(self):
        from matchlib.report import mean_move_times
        games = [{"black": "A", "white": "B", "thinking": {"black": [3.0, 10], "white": [1.0, 10]}},
                 {"black": "B", "white": "A", "thinking": {"black": [2.0, 5], "white": [0.0, 0]}},
                 {"black": "A", "white": "B"}]  # an older record without times counts for nothing
        means = mean_move_times(games)
        self.assertAlmostEqual(means["A"], 0.3)
        self.assertAlmostEqual(means["B"], 0.2)

    def test_sprt_bounds(self):
        lower, upper = stats.sprt_bounds(0.05, 0.05)
        self.assertAlmostEqual(lower, math.log(0.05 / 0.95))
        self.assertAlmostEqual(upper, math.log(0.95 / 0.05))



class GameClock(unittest.TestCase):
    def test_the_margin_is_for_the_whole_game_not_given_again_each_move(self):
        from matchlib.process import EngineFailure
        clock = Clock(TimeControl("7+0", 1.0, 300))
        clock.charge("black", "sente", 6.5)
        self.assertEqual(clock.gtp_time_left("black"), "time_left black 0 0")
        clock.charge("black", "sente", 1.2)  # 0.7 s into the margin
        self.assertEqual(clock.gtp_time_left("black"), "time_left black 0 0")
        self.assertEqual(clock.gomocup_time_left("black"), "INFO time_left 0")
        self.assertAlmostEqual(clock.allowed("black"), 0.3)
        with self.assertRaisesRegex(EngineFailure, "time forfeit"):
            clock.charge("black", "sente", 0.4)  # 1.1 s past the clock in all
        clock.charge("white", "ntest", 7.9)  # white's margin is its own
        self.assertAlmostEqual(clock.allowed("white"), 0.1)

    def test_an_increment_pays_back_an_overrun(self):
        clock = Clock(TimeControl("2+1", 0.5, 300))
        clock.charge("black", "sente", 2.3)  # 0.3 s past, then 1 s added
        self.assertAlmostEqual(clock.allowed("black"), 1.2)
        self.assertEqual(clock.gtp_time_left("black"), "time_left black 0 0")


def paired_runs():
    """X's games in two runs, by id: X's scores A 1, 0, 1/2, 1 and a win by the opponent's
    forfeit; B 0, 0, 1/2, 1, 0. In 0.0.1 X is white (score_black is the opponent's)."""
    def game(gid, x_black, x_score, forfeit=False):
        record = {"id": gid, "pair": gid.rsplit(".", 1)[0], "opening": f"h8 {gid}",
                  "black": "X" if x_black else "Y", "white": "Y" if x_black else "X",
                  "score_black": x_score if x_black else 1 - x_score}
        if forfeit:
            record["forfeit"] = "Y"
        return record
    a = [game("0.0.0", True, 1), game("0.0.1", False, 0), game("1.0.0", True, 0.5),
         game("1.0.1", False, 1), game("2.0.0", True, 1, forfeit=True)]
    b = [game("0.0.0", True, 0), game("0.0.1", False, 0), game("1.0.0", True, 0.5),
         game("1.0.1", False, 1), game("2.0.0", True, 0)]
    return a, b


class EngineCommand(unittest.TestCase):
    def test_a_leading_tilde_is_the_home_as_in_a_shell(self):
        # The records write the home as ~/ (even inside a quoted cmd=), so the runner must
        # read it back as a shell would, in the command's words and in dir=.
        from matchlib.process import LineProcess
        home = scratch_dir(self, "sente-match-home-")
        os.makedirs(os.path.join(home, "engines"))
        patch = unittest.mock.patch.dict(os.environ, {"HOME": home})
        patch.start()
        self.addCleanup(patch.stop)
        command = (shlex.quote(sys.executable) +
                   " -c 'import os, sys; print(sys.argv[1]); print(os.getcwd())' ~/engines/net.bin")
        process = LineProcess("probe", command, directory="~/engines")
        self.addCleanup(process.close)
        deadline = time.monotonic() + 10
        self.assertEqual(process.read_line(deadline, "start"),
                         os.path.join(home, "engines", "net.bin"))
        self.assertEqual(os.path.realpath(process.read_line(deadline, "start")),
                         os.path.realpath(os.path.join(home, "engines")))


class Paired(unittest.TestCase):
    def test_differences_by_game_without_forfeits(self):
        a, b = paired_runs()
        result = paired_difference(a, b, "X")
        # The forfeit game is left out of both: differences 1, 0, 0, 0 over four games, mean
        # 1/4, sample sd 1/2, half width 1.96 * 0.5 / 2.
        self.assertEqual(result.games, 4)
        self.assertEqual(result.same, 3)
        self.assertAlmostEqual(result.mean, 25.0)
        self.assertAlmostEqual(result.half_width, 100 * stats.Z95 * 0.5 / 2)
        self.assertEqual((result.a.games, result.a.score), (5, 3.5))
        self.assertEqual((result.a.clean_games, result.a.clean_score), (4, 2.5))
        self.assertEqual((result.b.clean_games, result.b.clean_score), (5, 1.5))
        # From the other engine's side the difference changes sign.
        self.assertAlmostEqual(paired_difference(a, b, "Y").mean, -25.0)

    def test_runs_from_other_openings_are_refused(self):
        a, b = paired_runs()
        b[2]["opening"] = "j10 k11"
        with self.assertRaises(DifferentOpenings):
            paired_difference(a, b, "X")

    def test_the_command_reads_results_files(self):
        a, b = paired_runs()
        with tempfile.TemporaryDirectory() as directory:
            paths = []
            for name, games in (("a.jsonl", a), ("b.jsonl", b)):
                paths.append(os.path.join(directory, name))
                with open(paths[-1], "w", encoding="utf-8") as f:
                    f.writelines(json.dumps(g) + "\n" for g in games)
            run = subprocess.run([sys.executable, MATCH, "paired", *paths, "--engine", "X"],
                                 text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            self.assertEqual(run.returncode, 0, run.stderr)
            self.assertIn("paired over 4 games: +25.0 +- 49.0 points (95 %), 3 the same",
                          run.stdout)
            missing = subprocess.run([sys.executable, MATCH, "paired", *paths, "--engine", "Z"],
                                     text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            self.assertEqual(missing.returncode, 1)
            self.assertEqual(missing.stdout, "")
            self.assertIn("no game of Z", missing.stderr)


class Schedule(unittest.TestCase):
    def test_pairs_swap_colours_and_shards_partition_the_schedule(self):
        full = make_schedule(3, "round-robin", 4, 5, "random", 7)
        self.assertEqual(len(full), 3 * 4)
        for game in full:
            twin = [g for g in full if g.pair == game.pair and g.id != game.id]
            self.assertEqual(len(twin), 1)
            self.assertEqual((twin[0].black, twin[0].white), (game.white, game.black))
            self.assertEqual(twin[0].opening, game.opening)
        shards = [make_schedule(3, "round-robin", 4, 5, "random", 7, (i, 3)) for i in (1, 2, 3)]
        ids = sorted(g.id for shard in shards for g in shard)
        self.assertEqual(ids, sorted(g.id for g in full))
        self.assertEqual(make_schedule(3, "round-robin", 4, 5, "random", 7, (2, 3)), shards[1])

    def test_gauntlet_and_ladder(self):
        gauntlet = {(g.black, g.white) for g in make_schedule(4, "gauntlet", 2, 1, "sequential", 1)}
        self.assertEqual(gauntlet, {(0, 1), (1, 0), (0, 2), (2, 0), (0, 3), (3, 0)})
        ladder = {(g.black, g.white) for g in make_schedule(3, "ladder", 2, 1, "sequential", 1)}
        self.assertEqual(ladder, {(0, 1), (1, 0), (1, 2), (2, 1)})


def run_match(directory, *args):
    run = subprocess.run([sys.executable, MATCH, "--referee", f"{SENTE} --quiet gtp", *args],
                         cwd=directory, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True, timeout=600)
    return run


def load(path):
    with open(path) as f:
        return [json.loads(line) for line in f]


class Matches(unittest.TestCase):
    def setUp(self):
        self.dir = scratch_dir(self, "sente-match-")
        self.sente = f"name=sente cmd={SENTE} --quiet --level 1 gtp"

    def engines(self, fake_mode):
        return ["--engine", *self.sente.split(" ", 1)[0:1], self.sente.split(" ", 1)[1],
                "--engine", f"name={fake_mode}", f"cmd={sys.executable} {FAKE} {fake_mode}"]

    def test_broken_engines_lose_by_forfeit_and_the_match_goes_on(self):
        for mode, why in [("illegal", "illegal move a1"), ("crash", "exited"),
                          ("garbage", "malformed reply"), ("slow", "time forfeit"),
                          ("resign", "resigned")]:
            with self.subTest(mode=mode):
                results = os.path.join(self.dir, f"{mode}.jsonl")
                run = run_match(self.dir, *self.engines(mode), "--games", "2", "--tc",
                                "movetime=0.5", "--results", results, "--sgf-dir", "sgf")
                self.assertEqual(run.returncode, 0, run.stderr)
                games = load(results)
                self.assertEqual(len(games), 2)  # the second game ran with a fresh engine
                for game in games:
                    self.assertIn(why, game["reason"])
                    winner = game["black"] if game["score_black"] == 1 else game["white"]
                    self.assertEqual(winner, "sente")
                    if mode != "resign":
                        self.assertEqual(game["forfeit"], mode)
                self.assertIn("| sente vs " + mode + " | 2 | 2-0-0 |", run.stdout)
                self.assertIn("mean time a move: ", run.stdout)

    def test_an_illegal_opening_is_reported_and_nothing_is_recorded(self):
        openings = os.path.join(self.dir, "bad.txt")
        with open(openings, "w") as f:
            f.write("a1\n")
        results = os.path.join(self.dir, "r.jsonl")
        run = run_match(self.dir, *self.engines("illegal"), "--games", "2", "--openings",
                        openings, "--results", results)
        self.assertEqual(run.returncode, 1)
        self.assertIn("game 0.0.0 not played", run.stderr)
        self.assertIn("a1 is illegal", run.stderr)
        self.assertFalse(os.path.exists(results))

    def test_sgf_records_name_the_players(self):
        results = os.path.join(self.dir, "r.jsonl")
        run = run_match(self.dir, *self.engines("illegal"), "--games", "1", "--results", results,
                        "--sgf-dir", "records")
        self.assertEqual(run.returncode, 0, run.stderr)
        with open(load(results)[0]["sgf"]) as f:
            text = f.read()
        self.assertTrue(text.startswith("(;PB[sente]PW[illegal]"), text)

    def test_resume_plays_only_what_is_missing(self):
        results = os.path.join(self.dir, "r.jsonl")
        first = run_match(self.dir, *self.engines("illegal"), "--games", "2", "--results", results)
        self.assertEqual(first.returncode, 0, first.stderr)
        again = run_match(self.dir, *self.engines("illegal"), "--games", "4", "--results", results)
        self.assertEqual(again.returncode, 0, again.stderr)
        self.assertIn("resuming: 2 of 4 games", again.stdout)
        games = load(results)
        self.assertEqual(sorted(g["id"] for g in games), ["0.0.0", "0.0.1", "1.0.0", "1.0.1"])
        # A results file of another match is refused, not mixed in.
        other = run_match(self.dir, *self.engines("crash"), "--games", "2", "--results", results)
        self.assertEqual(other.returncode, 2)
        self.assertIn("another match", other.stderr)

    def test_shards_merge_into_the_whole_match(self):
        parts = []
        for shard in ("1/2", "2/2"):
            path = os.path.join(self.dir, f"shard{shard[0]}.jsonl")
            run = run_match(self.dir, *self.engines("illegal"), "--games", "6", "--shard", shard,
                            "--random-openings", "4", "--results", path)
            self.assertEqual(run.returncode, 0, run.stderr)
            parts.append(path)
        self.assertEqual(len(load(parts[0])), 4)  # pairs 0 and 2
        self.assertEqual(len(load(parts[1])), 2)  # pair 1
        merged = os.path.join(self.dir, "all.jsonl")
        run = subprocess.run([sys.executable, MATCH, "merge", merged, *parts], text=True,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.assertEqual(run.returncode, 0, run.stderr)
        self.assertIn("6 games from 2 files", run.stdout)
        self.assertEqual([g["id"] for g in load(merged)],
                         ["0.0.0", "0.0.1", "1.0.0", "1.0.1", "2.0.0", "2.0.1"])
        # Both games of a pair start from the same random opening; rounds differ.
        games = load(merged)
        self.assertEqual(games[0]["opening"], games[1]["opening"])
        self.assertNotEqual(games[0]["opening"], games[2]["opening"])

    def test_sprt_stops_the_match(self):
        results = os.path.join(self.dir, "r.jsonl")
        run = run_match(self.dir, *self.engines("illegal"), "--games", "100", "--results",
                        results, "--sprt", "elo0=0", "elo1=100", "alpha=0.05", "beta=0.05")
        self.assertEqual(run.returncode, 0, run.stderr)
        self.assertIn("H1 accepted", run.stdout)
        self.assertLess(len(load(results)), 100)

    def test_a_finished_match_is_recorded_once_a_pairing(self):
        results = os.path.join(self.dir, "r.jsonl")
        book = os.path.join(self.dir, "results.jsonl")
        # A longer run first: the record counts only the games of the match recorded.
        longer = run_match(self.dir, *self.engines("illegal"), "--games", "4", "--results",
                           results)
        self.assertEqual(longer.returncode, 0, longer.stderr)
        run = run_match(self.dir, *self.engines("illegal"), "--games", "2", "--results",
                        results, "--record", book, "--note", "a first try", "--commit", "abc1234",
                        "--date", "2026-01-02", "--quiet")
        self.assertEqual(run.returncode, 0, run.stderr)
        [entry] = match_records.load(book)
        self.assertEqual((entry["engine"], entry["opponent"]), ("sente", "illegal"))
        self.assertEqual((entry["wins"], entry["draws"], entry["losses"], entry["games"]),
                         (2, 0, 0, 2))
        self.assertEqual(entry["forfeits"], [0, 2])
        self.assertEqual(entry["pairs"], [0, 0, 0, 0, 1])
        self.assertEqual((entry["date"], entry["commit"], entry["note"]),
                         ("2026-01-02", "abc1234", "a first try"))
        self.assertEqual(entry["openings"], "none")
        self.assertIn("sente", entry["mean_move_ms"])
        # The command is the match's own, without where this run kept its files.
        words = shlex.split(entry["command"])
        self.assertEqual(words[:2], ["scripts/match", "--engine"], entry["command"])
        self.assertIn("--games", words)
        for dropped in ("--referee", "--results", "--record", "--note", "--commit", "--date",
                        "--quiet"):
            self.assertNotIn(dropped, words)
        # A shard is not a whole match: it cannot be recorded.
        shard = run_match(self.dir, *self.engines("illegal"), "--games", "4", "--shard", "1/2",
                          "--results", os.path.join(self.dir, "s.jsonl"), "--record", book)
        self.assertEqual(shard.returncode, 2)
        self.assertIn("--record needs the whole match", shard.stderr)
        self.assertEqual(len(match_records.load(book)), 1)

    def test_gomocup_brains_play_gomoku_to_the_end(self):
        results = os.path.join(self.dir, "r.jsonl")
        brain = f"{SENTE} --quiet --level 1 gomocup"
        run = run_match(self.dir, "--game", "gomoku", "--size", "9", "--games", "2",
                        "--engine", "name=one", "proto=gomocup", f"cmd={brain}",
                        "--engine", "name=two", "proto=gomocup", f"cmd={brain}",
                        "--random-openings", "2", "--tc", "movetime=1", "--results", results)
        self.assertEqual(run.returncode, 0, run.stderr)
        for game in load(results):
            self.assertIn("by the rules", game["reason"])
            self.assertNotIn("forfeit", game)


    def test_a_gomocup_brain_gets_a_moment_after_its_answer(self):
        # Rapfi drops a command that arrives while it is still finishing its reply: sente's
        # instant answers must not make it forfeit (matchlib/gomocup.py, SETTLE_SECONDS).
        results = os.path.join(self.dir, "r.jsonl")
        run = run_match(self.dir, "--game", "gomoku", "--size", "9", "--games", "2",
                        "--engine", "name=busy", "proto=gomocup",
                        f"cmd={sys.executable} {FAKE} gomocup-busy",
                        "--engine", "name=sente", "proto=gomocup",
                        f"cmd={SENTE} --quiet --level 1 gomocup",
                        "--random-openings", "2", "--tc", "movetime=1", "--results", results)
        self.assertEqual(run.returncode, 0, run.stderr)
        for game in load(results):
            self.assertIn("by the rules", game["reason"])
            self.assertNotIn("forfeit", game)

    def test_nboard_engines_play_othello_to_the_end(self):
        # sente's own NBoard mode against its GTP mode: the runner's GGF, ping and go, a
        # game clock told as TI.
        results = os.path.join(self.dir, "r.jsonl")
        run = run_match(self.dir, "--game", "othello", "--games", "2",
                        "--engine", "name=nboard", "proto=nboard",
                        f"cmd={SENTE} --quiet --level 2 nboard", "init=set depth 3",
                        "--engine", "name=gtp", f"cmd={SENTE} --quiet --level 2 gtp",
                        "--random-openings", "4", "--tc", "60+0", "--results", results)
        self.assertEqual(run.returncode, 0, run.stderr)
        games = load(results)
        self.assertEqual(len(games), 2)
        for game in games:
            self.assertIn("by the rules", game["reason"])
            self.assertNotIn("forfeit", game)

    def test_an_nboard_engine_without_a_depth_forfeits_with_its_warning(self):
        # NTest answers go with a warning until it is given a depth: that loses, and says why.
        fake = f"{sys.executable} {FAKE} nboard-warning"
        results = os.path.join(self.dir, "r.jsonl")
        run = run_match(self.dir, "--game", "othello", "--games", "2",
                        "--engine", "name=quiet", "proto=nboard", f"cmd={fake}",
                        "--engine", "name=gtp", f"cmd={SENTE} --quiet --level 1 gtp",
                        "--random-openings", "2", "--tc", "movetime=1", "--results", results)
        self.assertEqual(run.returncode, 0, run.stderr)
        for game in load(results):
            self.assertEqual(game["forfeit"], "quiet")
            self.assertIn("Must pick a depth", game["reason"])


class NboardGames(unittest.TestCase):
    def test_the_ggf_carries_every_move_its_time_and_the_game_clock(self):
        from matchlib.clock import TimeControl
        from matchlib.engines import EngineSpec
        from matchlib.game import Ruleset
        from matchlib.nboard import NboardPlayer

        player = NboardPlayer.__new__(NboardPlayer)  # no process: only the record
        player.time_control = TimeControl("90+0", 0.2, 300)
        player.moves = [("black", "f5", 0.0), ("white", "pass", 1.25), ("black", "d6", 61.5)]
        self.assertEqual(
            player._ggf(),
            "(;GM[Othello]PC[scripts/match]TI[1:30]TY[8]BO[8 " + "-" * 27 + "O*------*O"
            + "-" * 27 + " *]B[F5/0/0.000]W[PA/0/1.250]B[D6/0/61.500];)")
        player.time_control = TimeControl("movetime=1", 0.2, 300)
        self.assertNotIn("TI[", player._ggf())
        with self.assertRaises(ValueError):
            NboardPlayer(EngineSpec("x", "true", "nboard"), Ruleset("gomoku", 15),
                         player.time_control)


def entry(date, opponent, wins, game="gomoku", engine="sente", note=""):
    return {"date": date, "commit": "c0ffee1", "game": game, "size": 0, "engine": engine,
            "opponent": opponent, "time_control": "movetime=1",
            "openings": "scripts/openings/gomoku-balanced-3.txt", "wins": wins, "draws": 0,
            "losses": 10 - wins, "elo": None, "elo_error": None, "pairs": None,
            "forfeits": [0, 0], "mean_move_ms": {}, "command": f"scripts/match --x {wins}",
            "note": note}


class Report(unittest.TestCase):
    def test_sections_by_game_tables_by_peer_newest_first(self):
        page = match_records.render([
            entry("2026-01-01", "rapfi", 3), entry("2026-02-01", "rapfi", 4, note="Newer."),
            entry("2026-01-15", "aiwine", 9), entry("2026-01-20", "sente old", 6),
            entry("2026-01-05", "zebra", 5, game="othello")])
        lines = page.splitlines()
        headings = [line for line in lines if line.startswith("#")]
        self.assertEqual(headings, [
            "# Match results", "## Othello", "### Against zebra",
            "## Gomoku, freestyle, 15x15", "### Against aiwine", "### Against rapfi",
            "### Self-play (builds and levels of sente)"])
        rapfi = lines.index("### Against rapfi")
        self.assertTrue(lines[rapfi + 4].startswith("| 1 | 2026-02-01 | c0ffee1 | sente |"))
        self.assertIn("| 4-0-6 | 40.0 % | - | - | - |", lines[rapfi + 4])
        self.assertTrue(lines[rapfi + 5].startswith("| 2 | 2026-01-01 |"))
        self.assertIn("1. Newer. `scripts/match --x 4`", lines)
        self.assertIn("| sente vs sente old |", page)

    def test_a_record_without_its_result_is_refused(self):
        path = os.path.join(scratch_dir(self, "sente-report-"), "results.jsonl")
        broken = entry("2026-01-01", "rapfi", 3)
        del broken["wins"]
        with open(path, "w") as f:
            f.write(json.dumps(broken) + "\n")
        with self.assertRaisesRegex(ValueError, "results.jsonl:1: no wins"):
            match_records.load(path)

    def test_the_check_fails_when_the_page_is_not_what_the_records_render(self):
        folder = scratch_dir(self, "sente-report-")
        book, page = os.path.join(folder, "results.jsonl"), os.path.join(folder, "results.md")
        with open(book, "w") as f:
            f.write(json.dumps(entry("2026-01-01", "rapfi", 3)) + "\n")

        def report(*args):
            return subprocess.run([sys.executable, MATCH, "report", "--records", book,
                                   "--output", page, *args], text=True,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.assertEqual(report("--check").returncode, 1)  # no page yet
        self.assertEqual(report().returncode, 0)
        self.assertEqual(report("--check").returncode, 0)
        with open(book, "a") as f:
            f.write(json.dumps(entry("2026-01-02", "rapfi", 5)) + "\n")
        stale = report("--check")
        self.assertEqual(stale.returncode, 1)
        self.assertIn("is not what", stale.stderr)


def load_balanced_openings():
    """scripts/lab/balanced-openings as a module, and its path."""
    import importlib.machinery
    import importlib.util
    path = os.path.join(ROOT, "scripts", "lab", "balanced-openings")
    loader = importlib.machinery.SourceFileLoader("balanced_openings", path)
    script = importlib.util.module_from_spec(importlib.util.spec_from_loader(loader.name, loader))
    loader.exec_module(script)
    return script, path


class BalancedOpenings(unittest.TestCase):
    def test_openings_are_legal_balanced_and_distinct_up_to_symmetry(self):
        from matchlib.gtp import Referee
        script, path = load_balanced_openings()
        out = os.path.join(scratch_dir(self, "sente-openings-"), "openings.txt")
        run = subprocess.run([sys.executable, path, out, "--plies", "4", "--count", "4",
                              "--depth", "4", "--margin", "1.5", "--sente", SENTE],
                             text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.assertEqual(run.returncode, 0, run.stderr)
        with open(out) as f:
            lines = [line for line in f.read().splitlines() if not line.startswith("#")]
        self.assertEqual(len(lines), 4)
        openings = [line.split("#")[0].split() for line in lines]
        for moves, line in zip(openings, lines):
            self.assertEqual(len(moves), 4)
            self.assertLessEqual(abs(float(line.split("#")[1].split()[0])), 1.5)
            referee = Referee(f"{SENTE} --quiet gtp", "othello", 0)
            for number, move in enumerate(moves):
                self.assertTrue(referee.play("b" if number % 2 == 0 else "w", move), line)
            referee.close()
        for i, moves in enumerate(openings):
            images = script.symmetric_images(moves, 8, False)
            self.assertEqual(len(images), 4)  # four different move lists, one of them its own
            for other in openings[i + 1:]:
                self.assertNotIn(" ".join(other), images)

    def test_gomoku_openings_are_balanced_judge_offsets_distinct_up_to_symmetry(self):
        from matchlib.gtp import Referee
        from matchlib.openings import read_openings
        script, path = load_balanced_openings()
        out = os.path.join(scratch_dir(self, "sente-openings-"), "gomoku.txt")
        run = subprocess.run([sys.executable, path, out, "--game", "gomoku", "--plies", "3",
                              "--count", "3", "--movetime", "100", "--margin", "2",
                              "--sente", SENTE],
                             text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.assertEqual(run.returncode, 0, run.stderr)
        with open(out) as f:
            lines = [line for line in f.read().splitlines() if not line.startswith("#")]
        self.assertEqual(len(lines), 3)
        for size in (15, 20):  # offsets from the centre: the same opening on either board
            openings = read_openings(out, "gomoku", size)
            self.assertEqual(len(openings), 3)
            for opening, line in zip(openings, lines):
                self.assertEqual(len(opening.moves), 3)
                self.assertLessEqual(abs(float(line.split("#")[1].split()[0])), 2)
                referee = Referee(f"{SENTE} --quiet gtp", "gomoku", size)
                for number, move in enumerate(opening.moves):
                    self.assertTrue(referee.play("b" if number % 2 == 0 else "w", move), line)
                referee.close()
                if size == 15:  # the comment names the same points
                    self.assertEqual(line.split(": ")[-1], " ".join(opening.moves))
        openings = [o.moves for o in read_openings(out, "gomoku", 15)]
        for i, moves in enumerate(openings):
            images = script.symmetric_images(moves, 15, True)
            self.assertIn(" ".join(moves), images)
            for other in openings[i + 1:]:
                self.assertNotIn(" ".join(other), images)

    def test_shipped_gomoku_openings_are_legal_balanced_and_distinct(self):
        """scripts/openings' Gomoku files, each under the rule it was balanced for: every
        opening legal there, within the margin its header names, none another's image."""
        from matchlib.gtp import Referee
        from matchlib.openings import read_openings
        script, _ = load_balanced_openings()
        for name, game in (("gomoku-balanced-3.txt", "gomoku"),
                           ("renju-balanced-3.txt", "renju")):
            path = os.path.join(ROOT, "scripts", "openings", name)
            with open(path) as f:
                lines = [line for line in f.read().splitlines() if not line.startswith("#")]
            openings = [o.moves for o in read_openings(path, game, 15)]
            self.assertEqual(len(openings), len(lines), name)
            self.assertGreaterEqual(len(openings), 60, name)
            referee = Referee(f"{SENTE} --quiet gtp", game, 15)
            seen = set()
            for moves, line in zip(openings, lines):
                self.assertLessEqual(abs(float(line.split("#")[1].split()[0])), 1.0, line)
                self.assertEqual(line.split(": ")[-1], " ".join(moves), line)
                self.assertFalse(" ".join(moves) in seen, f"{name}: another's image: {line}")
                seen |= script.symmetric_images(moves, 15, True)
                referee.gtp.must("clear_board")
                for number, move in enumerate(moves):
                    self.assertTrue(referee.play("b" if number % 2 == 0 else "w", move), line)
            referee.close()


class GomokuGames(unittest.TestCase):
    """scripts/lab/gomoku-games: the games file of `sente train gomoku-fit`."""

    RESULTS = [
        {"game": "gomoku", "size": 0, "black": "sente", "white": "rapfi", "opening": "h8 h9 j9",
         "moves": ["g7", "j7"], "result": "0-1"},
        {"game": "gomoku", "size": 15, "black": "rapfi", "white": "aiwine",
         "opening": "h8 h9 j9", "moves": ["k10", "j8"], "result": "1-0"},
        {"game": "gomoku", "size": 15, "black": "aiwine", "white": "sente",
         "opening": "h8 j9 g7", "moves": ["f6"], "result": "1/2-1/2"},
        {"game": "gomoku", "size": 20, "black": "rapfi", "white": "sente", "opening": "k10",
         "moves": ["k11"], "result": "1-0"},
        {"game": "renju", "size": 15, "black": "rapfi", "white": "sente", "opening": "h8",
         "moves": ["h9"], "result": "0-1"},
        {"game": "gomoku", "size": 15, "black": "sente", "white": "rapfi", "opening": "h8 h9 j9",
         "moves": ["g7", "j7"], "result": "0-1"},  # the first game again, from another file
    ]

    def write(self, *args):
        directory = scratch_dir(self, "sente-gomoku-games-")
        results = os.path.join(directory, "results.jsonl")
        with open(results, "w") as f:
            for record in self.RESULTS:
                f.write(json.dumps(record) + "\n")
        out = os.path.join(directory, "games.txt")
        run = subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "lab", "gomoku-games"),
                              out, results, *args],
                             text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.assertEqual(run.returncode, 0, run.stderr)
        with open(out) as f:
            return f.read().splitlines()

    def test_decided_games_of_one_rule_and_size_with_the_winner_first(self):
        self.assertEqual(self.write(), ["0 h8 h9 j9 g7 j7", "1 h8 h9 j9 k10 j8"])
        self.assertEqual(self.write("--size", "20"), ["1 k10 k11"])
        self.assertEqual(self.write("--game", "renju"), ["0 h8 h9"])

    def test_moves_of_an_engine_put_its_colour_first_draws_included(self):
        self.assertEqual(self.write("--moves-of", "rapfi"),
                         ["0 h8 h9 j9 g7 j7", "1 h8 h9 j9 k10 j8"])
        self.assertEqual(self.write("--moves-of", "aiwine"),
                         ["0 h8 h9 j9 k10 j8", "1 h8 j9 g7 f6"])
        self.assertEqual(self.write("--moves-of", "nobody"), [])



class GomokuRelabel(unittest.TestCase):
    """scripts/lab/gomoku-relabel: another engine's values for sente's self-play positions."""

    @staticmethod
    def line(stones, side, score):
        """A gomoku-selfplay line of a 15 x 15 board with black stones at the even indices of
        `stones` and white at the odd ones ((x, y) from the top left)."""
        rows = [["."] * 15 for _ in range(15)]
        for i, (x, y) in enumerate(stones):
            rows[y][x] = "x" if i % 2 == 0 else "o"
        fen = "/".join("".join(row) for row in rows)
        for run in range(15, 0, -1):
            fen = fen.replace("." * run, str(run))
        return f"{fen} {side} {score} 1 37"

    POINTS = [(7, 7), (8, 8), (6, 6), (8, 6), (6, 8), (9, 9), (5, 5)]

    def relabel(self, *args):
        directory = scratch_dir(self, "sente-gomoku-relabel-")
        data = os.path.join(directory, "games.txt")
        with open(data, "w") as f:
            for count in range(1, 8):  # a game of 1 to 7 stones, then one of 1 to 3
                side = "w" if count % 2 else "b"
                f.write(self.line(self.POINTS[:count], side, 500 + count) + "\n")
            for count in range(1, 4):
                side = "w" if count % 2 else "b"
                f.write(self.line(self.POINTS[:count], side, 900 + count) + "\n")
        out = os.path.join(directory, "out.txt")
        run = subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "lab",
                                                           "gomoku-relabel"),
                              data, out, "--engine",
                              f"{sys.executable} {os.path.join(HERE, 'fake_engine.py')} "
                              "gomocup-teacher", *args],
                             text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.assertEqual(run.returncode, 0, run.stderr)
        with open(out) as f:
            return [line.split() for line in f.read().splitlines()], run.stderr

    def test_the_teachers_values_replace_the_scores_and_nothing_else(self):
        lines, report = self.relabel()
        # 10 a stone of the side to move's less one of the other's; 4 stones: no value, left
        # out; 6: a proven win, sente's.
        self.assertEqual([fields[2] for fields in lines],
                         ["-1", "9", "8", "17", "30000", "26", "-1", "9", "8"])
        self.assertTrue(all(fields[3:] == ["1", "37"] for fields in lines))
        self.assertIn("9 positions written, 1 left out", report)

    def test_shards_take_whole_games(self):
        first, _ = self.relabel("--shard-index", "0", "--shard-count", "2")
        second, _ = self.relabel("--shard-index", "1", "--shard-count", "2")
        everything, _ = self.relabel()
        self.assertEqual(len(first), 6)
        self.assertEqual(first + second, everything)


class GomocupBench(unittest.TestCase):
    """scripts/lab/gomocup-bench: a Gomocup engine's reports on sente's bench positions."""

    def bench(self, positions):
        directory = scratch_dir(self, "sente-gomocup-bench-")
        path = os.path.join(directory, "positions.txt")
        with open(path, "w") as f:
            f.write("# a comment, then positions as `sente bench --positions` reads them\n")
            f.write("".join(f"{text}  # {note}\n" for text, note in positions))
        return subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "lab",
                                                            "gomocup-bench"),
                               path, "--movetime", "100", "--engine",
                               f"{sys.executable} {os.path.join(HERE, 'fake_engine.py')} "
                               "gomocup-teacher"],
                              text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              timeout=60)

    def test_each_position_is_sent_in_an_order_of_play_and_reported(self):
        line = GomokuRelabel.line
        # Two black stones on one row above the white one: read row by row, black would come
        # twice in a row, which the teacher (as Rapfi) refuses.
        three = line([(4, 5), (6, 8), (7, 5)], "w", 0).split()[0]
        two = line([(7, 7), (8, 8)], "b", 0).split()[0]
        four = line(GomokuRelabel.POINTS[:4], "b", 0).split()[0]
        run = self.bench([(f"{three} w", "white to move"), (f"{two} b", "black"),
                          (f"{four} b", "a forced answer: no report")])
        self.assertEqual(run.returncode, 0, run.stderr)
        rows = [row.split(None, 4) for row in run.stdout.splitlines()]
        self.assertEqual([row[:2] for row in rows], [["1", "7,7"], ["2", "7,7"], ["3", "7,7"]])
        # The teacher's value: 10 a stone of the side to move's less one of the other's.
        self.assertIn("| Eval 8 |", rows[0][4])
        self.assertIn("| Eval 9 |", rows[1][4])
        self.assertEqual(len(rows[2]), 4)  # no MESSAGE line

    def test_a_position_no_game_reaches_is_an_error(self):
        run = self.bench([("15/15/15/15/15/15/15/6xx7/15/15/15/15/15/15/15 w", "2 to 0")])
        self.assertEqual(run.returncode, 1)
        self.assertIn("not a position a game reaches", run.stderr)
        self.assertEqual(run.stdout, "")


class EndgameLosses(unittest.TestCase):
    """scripts/lab/endgame-losses: where a lost Othello game was lost, by exact solves."""

    # A game of sente against NTest (7 s a game): won for sente at 20 empties, drawn by its d1
    # at 16 (a5 won by 4), lost by its f1 at 14.
    LOST = {"id": "21.0.0", "game": "othello", "size": 0, "black": "sente", "white": "ntest",
            "result": "0-1", "opening": "f5 f4 g3 c6 d3 f3 d6 h3",
            "moves": ("e3 f6 g4 g5 h6 h4 g6 e6 d7 c8 e7 f7 f2 e1 d8 e8 h5 h7 f8 g8 c7 e2 d2 c1 "
                      "c5 c2 g2 b5 g1 c3 b4 c4 b3 b6 a6 a4 d1 b2 f1 a5 b1 h1 a1 h2 a7 a8 b8 a2 "
                      "a3 b7 h8 g7").split()}

    def analyse(self, *records):
        path = os.path.join(scratch_dir(self, "sente-endgame-"), "results.jsonl")
        with open(path, "w") as f:
            for record in records:
                f.write(json.dumps(record) + "\n")
        run = subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "lab",
                                                           "endgame-losses"),
                              path, "--sente", SENTE, "--empties", "20"],
                             text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.assertEqual(run.returncode, 0, run.stderr)
        return run.stdout.splitlines()

    def test_a_won_endgame_thrown_away_is_found_move_by_move(self):
        won = dict(self.LOST, id="won", result="1-0")  # won games are not analysed
        lines = self.analyse(self.LOST, won)
        self.assertIn("| lost | won | 1 |", lines)
        self.assertIn("| 21.0.0 | lost | 16 | sente | d1 | won | drawn |", lines)
        self.assertIn("| 21.0.0 | lost | 14 | sente | f1 | drawn | lost |", lines)
        self.assertEqual(sum(line.startswith("| 21.0.0 |") for line in lines), 2)
        self.assertEqual(lines[-1], "sente's moves that lost a result, by empties: 16: 1, 14: 1")


if __name__ == "__main__":
    SENTE = os.path.abspath(sys.argv.pop(1))
    unittest.main()
