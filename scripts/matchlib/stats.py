"""Match statistics: W/D/L, score, Elo with a 95 % interval, LOS, pentanomial counts over game
pairs, and the sequential probability ratio test.

Elo of a score s (0 < s < 1):  elo(s) = -400 log10(1/s - 1).
Trinomial: per-game scores x in {0, 1/2, 1}; mean s, variance v = mean((x - s)^2); the interval
is s +- 1.96 sqrt(v / games), mapped through elo().
Pentanomial: a pair is the two games of one opening with colours swapped; its score per game is
in {0, 1/4, 1/2, 3/4, 1}; mean and variance over pairs as above, the interval with sqrt(v / pairs).
Pairs cancel most of the opening's bias, so their interval is the honest one for paired
openings.
LOS (likelihood of superiority) = (1 + erf((W - L) / sqrt(2 (W + L)))) / 2.
SPRT (the generalised SPRT of Michel Van den Bergh, as fishtest uses it, in logistic Elo):
s0 = 1 / (1 + 10^(-elo0/400)), s1 likewise; over n units (pairs when there are pairs, else
games) with per-unit mean x and variance v,
    LLR = n (s1 - s0) (2 x - s0 - s1) / (2 v);
(v floored at 0.001, so that results that are all alike still count); stop and accept H1
(elo >= elo1) when LLR >= ln((1 - beta) / alpha), H0 (elo <= elo0) when
LLR <= ln(beta / (1 - alpha)).
"""
import math

Z95 = 1.959963984540054
# Results that are all the same (every pair won) have no variance; the floor lets them still move
# the LLR, as they should, instead of dividing by zero.
VARIANCE_FLOOR = 1e-3


def elo(score):
    if score <= 0:
        return -math.inf
    if score >= 1:
        return math.inf
    return -400 * math.log10(1 / score - 1)


def mean_variance(values, weights=None):
    weights = weights or [1] * len(values)
    n = sum(weights)
    mean = sum(v * w for v, w in zip(values, weights)) / n
    variance = sum(w * (v - mean) ** 2 for v, w in zip(values, weights)) / n
    return mean, variance, n


def interval(mean, variance, n):
    """(elo, error) with error the half width of the 95 % interval in Elo."""
    if n == 0:
        return None, None
    if variance <= 0:  # every result alike: no spread to measure
        return elo(mean), math.inf
    margin = Z95 * math.sqrt(variance / n)
    low, high = elo(mean - margin), elo(mean + margin)
    if math.isinf(low) and math.isinf(high):
        return elo(mean), math.inf
    if math.isinf(low) or math.isinf(high):  # near 0 % or 100 %: the finite side
        return elo(mean), high - elo(mean) if math.isinf(low) else elo(mean) - low
    return elo(mean), (high - low) / 2


def los(wins, losses):
    if wins + losses == 0:
        return 0.5
    return 0.5 * (1 + math.erf((wins - losses) / math.sqrt(2 * (wins + losses))))


def llr(mean, variance, n, elo0, elo1):
    if n == 0:
        return 0.0
    variance = max(variance, VARIANCE_FLOOR)
    s0 = 1 / (1 + 10 ** (-elo0 / 400))
    s1 = 1 / (1 + 10 ** (-elo1 / 400))
    return n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * variance)


def sprt_bounds(alpha, beta):
    return math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)


class PairingStats:
    """One engine's results against another, from the first engine's point of view."""

    def __init__(self, first, second):
        self.first, self.second = first, second
        self.wins = self.draws = self.losses = 0
        self.forfeits = 0         # games the first engine lost by forfeit
        self.second_forfeits = 0  # and the second
        self.pairs = {}    # pair id -> the first engine's points in it
        self.records = []

    @property
    def games(self):
        return self.wins + self.draws + self.losses

    def add(self, record):
        self.records.append(record)
        first_is_black = record["black"] == self.first
        points = record["score_black"] if first_is_black else 1 - record["score_black"]
        self.wins += points == 1
        self.draws += points == 0.5
        self.losses += points == 0
        if record.get("forfeit") == self.first:
            self.forfeits += 1
        elif record.get("forfeit") == self.second:
            self.second_forfeits += 1
        self.pairs.setdefault(record["pair"], []).append(points)

    def score(self):
        return (self.wins + self.draws / 2) / self.games if self.games else None

    def trinomial(self):
        """(mean, variance, games)."""
        values = [1, 0.5, 0]
        counts = [self.wins, self.draws, self.losses]
        if self.games == 0:
            return 0.5, 0, 0
        return mean_variance(values, counts)

    def regularised(self):
        """(elo, error) with one draw added: finite even after a clean sweep, for ladders."""
        return interval(*mean_variance([1, 0.5, 0], [self.wins, self.draws + 1, self.losses]))

    def pentanomial_counts(self):
        """Complete pairs with 0, 1/2, 1, 3/2, 2 points for the first engine."""
        counts = [0] * 5
        for points in self.pairs.values():
            if len(points) == 2:
                counts[int(round(sum(points) * 2))] += 1
        return counts

    def pentanomial(self):
        counts = self.pentanomial_counts()
        if sum(counts) == 0:
            return 0.5, 0, 0
        return mean_variance([0, 0.25, 0.5, 0.75, 1], counts)

    def elo(self):
        """(elo, error): from pairs when every game belongs to a complete pair, else games."""
        counts = self.pentanomial_counts()
        if sum(counts) * 2 == self.games and self.games > 0:
            return interval(*self.pentanomial())
        return interval(*self.trinomial())

    def llr(self, elo0, elo1):
        counts = self.pentanomial_counts()
        if sum(counts) > 0:
            return llr(*self.pentanomial(), elo0, elo1)
        return llr(*self.trinomial(), elo0, elo1)
