"""Glicko-2 ratings (Glickman, "Example of the Glicko-2 system"), one rating period per finished game as on Lichess."""
from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace

TAU = 0.75
MAX_RD = 350.0
MIN_RD = 45.0
PROVISIONAL_RD = 110.0
DAYS_PER_PERIOD = 4.67
SCALE = 173.7178
BASE_RATING = 1500.0
EPSILON = 1e-6


@dataclass(frozen=True)
class Rating:
    """A player's Glicko-2 state on the Glicko scale."""

    rating: float = 1500.0
    rd: float = 350.0
    volatility: float = 0.06

    def __post_init__(self) -> None:
        if not math.isfinite(self.rating):
            raise ValueError(f"rating must be finite, got {self.rating!r}")
        if not (math.isfinite(self.rd) and self.rd > 0):
            raise ValueError(f"rd must be positive and finite, got {self.rd!r}")
        if not (math.isfinite(self.volatility) and self.volatility > 0):
            raise ValueError(f"volatility must be positive and finite, got {self.volatility!r}")

    @property
    def provisional(self) -> bool:
        """True while the deviation is too large to trust the rating (shown with a "?")."""
        return self.rd > PROVISIONAL_RD


def _clamp_rd(rd: float) -> float:
    return min(max(rd, MIN_RD), MAX_RD)


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _logistic(x: float) -> float:
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-x))
    ex = math.exp(x)
    return ex / (1.0 + ex)


def _new_volatility(phi: float, sigma: float, v: float, delta: float, tau: float) -> float:
    """Step 5 of the paper: solve f(x) = 0 for x = ln(sigma'^2) with the Illinois algorithm."""
    a = math.log(sigma * sigma)
    phi2 = phi * phi
    delta2 = delta * delta
    tau2 = tau * tau

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta2 - phi2 - v - ex) / (2.0 * (phi2 + v + ex) ** 2) - (x - a) / tau2

    lo = a
    if delta2 > phi2 + v:
        hi = math.log(delta2 - phi2 - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        hi = a - k * tau
    f_lo, f_hi = f(lo), f(hi)
    while abs(hi - lo) > EPSILON:
        c = lo + (lo - hi) * f_lo / (f_hi - f_lo)
        f_c = f(c)
        # "<=" (the paper's 2022 revision) rather than "<": an exact root must end the loop.
        if f_c * f_hi <= 0:
            lo, f_lo = hi, f_hi
        else:
            f_lo /= 2.0
        hi, f_hi = c, f_c
    return math.exp(lo / 2.0)


def age(r: Rating, days_idle: float) -> Rating:
    """Raise the deviation for inactivity: phi* = sqrt(phi^2 + periods * sigma^2) with periods = days_idle / 4.67
    (about Lichess's 0.21436 rating periods per day), capped at MAX_RD. days_idle <= 0 returns r unchanged."""
    if math.isnan(days_idle):
        raise ValueError("days_idle must be a number, got nan")
    if days_idle <= 0:
        return r
    periods = days_idle / DAYS_PER_PERIOD
    sigma = SCALE * r.volatility
    # Same as SCALE * sqrt(phi^2 + periods * sigma^2), but on this scale rounding can never shrink rd.
    rd = math.sqrt(r.rd * r.rd + periods * sigma * sigma)
    return replace(r, rd=min(rd, MAX_RD))


def update(player: Rating, results: Sequence[tuple[Rating, float]], *, tau: float = TAU) -> Rating:
    """One Glicko-2 rating period: results are (opponent's pre-game rating, score 1/0.5/0) pairs.
    With no results only the deviation grows (step 6 of the paper). Uses the Illinois algorithm of step 5.
    The returned rd is clamped into [MIN_RD, MAX_RD]."""
    if not tau > 0:
        raise ValueError(f"tau must be positive, got {tau!r}")
    phi = player.rd / SCALE
    sigma = player.volatility
    if not results:
        return replace(player, rd=_clamp_rd(SCALE * math.hypot(phi, sigma)))

    mu = (player.rating - BASE_RATING) / SCALE
    inv_v = 0.0
    improvement = 0.0
    for opponent, score in results:
        if not 0.0 <= score <= 1.0:
            raise ValueError(f"score must lie in [0, 1], got {score!r}")
        g = _g(opponent.rd / SCALE)
        expected = _logistic(g * (mu - (opponent.rating - BASE_RATING) / SCALE))
        inv_v += g * g * expected * (1.0 - expected)
        improvement += g * (score - expected)
    v = 1.0 / inv_v
    sigma_new = _new_volatility(phi, sigma, v, v * improvement, tau)
    phi_star = math.hypot(phi, sigma_new)
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + inv_v)
    # Adding the change to the old rating (instead of converting mu' back) keeps a zero change exact.
    rating = player.rating + SCALE * phi_new * phi_new * improvement
    return Rating(rating, _clamp_rd(SCALE * phi_new), sigma_new)


def pairwise_scores(places: Sequence[Collection[int]], seats: int) -> dict[int, list[tuple[int, float]]]:
    """Turn final places (best first; a group of tied seats shares a place), e.g. ({0},{1}) or ({0,1},) or ({2},{0,1},{3}),
    into each seat's pairwise results: seat -> [(opponent seat, 1.0 win / 0.5 tie / 0.0 loss), ...] against every other seat."""
    place_of: dict[int, int] = {}
    for place, group in enumerate(places):
        if not group:
            raise ValueError(f"place {place} is empty")
        for seat in group:
            if not 0 <= seat < seats:
                raise ValueError(f"seat {seat!r} is not in 0..{seats - 1}")
            if seat in place_of:
                raise ValueError(f"seat {seat} is placed twice")
            place_of[seat] = place
    if len(place_of) != seats:
        missing = sorted(set(range(seats)) - place_of.keys())
        raise ValueError(f"seats {missing} have no place")

    def score(mine: int, theirs: int) -> float:
        return 1.0 if mine < theirs else 0.5 if mine == theirs else 0.0

    return {
        seat: [(other, score(place_of[seat], place_of[other])) for other in range(seats) if other != seat]
        for seat in range(seats)
    }


def rate_game(before: Sequence[Rating], places: Sequence[Collection[int]], *, tau: float = TAU) -> list[Rating]:
    """New ratings of every seat after one game, all computed from the pre-game ratings (simultaneous update),
    using pairwise_scores for games of more than two players."""
    if len(before) < 2:
        raise ValueError(f"a rated game needs at least two seats, got {len(before)}")
    scores = pairwise_scores(places, len(before))
    return [
        update(before[seat], [(before[other], score) for other, score in scores[seat]], tau=tau)
        for seat in range(len(before))
    ]
