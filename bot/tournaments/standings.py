"""Standings: points, tie-breaks and shared places, after the FIDE Play-off and Tie-Break Regulations
(Handbook C.07, the text effective from 1 March 2026: Articles 6, 8.1, 9.1, 15 and 16).

Order: points, then the format's two tie-breaks, highest first. Entrants equal on all three share a place
(rating is not a tie-break); tied rows are listed by starting number. Tables still being played count
for nothing. "The last round" below is the last round with a decided table (the standings are those of a
tournament ending there; after the final round it is the tournament's last round).

Swiss: Buchholz (Art. 8.1), then Sonneborn-Berger (Art. 9.1), with unplayed rounds managed by Art. 16:
- Unplayed rounds (16.1): byes the pairing gave (a full point: "pairing-allocated byes", 16.2.1), the
  half-point byes of a late joiner and every round an entrant has no table in (before joining, after
  withdrawing: zero-point byes; together "requested byes", 16.1.1), forfeit wins (16.2.2) and forfeit
  losses (16.2.4). Requested byes and forfeit losses are "voluntary unplayed rounds" (VUR, 16.1.2).
- An entrant's score as seen by their opponents (16.3, the "adjusted score"): every round counts the
  points it gave, except a requested bye followed only by VURs or in the last round (16.2.5, e.g. every
  round after withdrawing), which counts as a draw (1/2).
- Buchholz: the sum of the opponents' adjusted scores; each of the entrant's own unplayed rounds counts
  as a game against a dummy whose score is the entrant's own score (16.4), but at most the scheduled
  opponent's adjusted score for a forfeit (16.4.1) and at most half the number of rounds for byes and
  absences (16.4.2).
- Sonneborn-Berger: the sum over the same rounds of the points scored in the round times the same
  opponent's (or dummy's) score (16.4: the dummy "game" has the result of the points awarded).
- Tables of more than two (Multiplications): a table's "opponent's score" is the mean of the
  table-mates' adjusted scores and the result is the place points; for two players this is exactly
  the FIDE definition.

Round robin and double round robin: Sonneborn-Berger (Art. 9.1), then direct encounter (Art. 6).
- Pairings are fixed in advance, so forfeits (the games of a withdrawn entrant) count as ordinary games
  (Art. 15.2): Sonneborn-Berger is the sum over every decided game of its result times the opponent's
  score; a bye (odd number of entrants) is no game and adds nothing.
- Direct encounter applies to a group equal on points and Sonneborn-Berger, and only when every two of
  them have met: each one's value is the points scored against the others of the group (the average
  per opponent where two met more than once, as in a double round robin). Whoever scored more ranks higher; entrants still equal within a smaller group are compared
  again among themselves only (the value shown is the one in the whole group). When some of the group
  have not met yet, direct encounter leaves them equal (value 0), as it does for an entrant tied with
  nobody.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from bot.tournaments.model import Entrant, Format, Table
from bot.tournaments.scores import totals
from i18n import N_

HALF = Fraction(1, 2)
ZERO = Fraction(0)

# Translators: a tie-break (FIDE): the sum of the opponents' scores
BUCHHOLZ = N_("Buchholz")
# Translators: a tie-break (FIDE): the opponents' scores weighted by the results against them
SONNEBORN_BERGER = N_("Sonneborn-Berger")
# Translators: a tie-break (FIDE): the results between the tied players
DIRECT_ENCOUNTER = N_("Direct encounter")
# Translators: short column head of the Buchholz tie-break in the standings
BUCHHOLZ_SHORT = N_("BH")
# Translators: short column head of the Sonneborn-Berger tie-break in the standings
SONNEBORN_BERGER_SHORT = N_("SB")
# Translators: short column head of the direct encounter tie-break in the standings
DIRECT_ENCOUNTER_SHORT = N_("DE")


@dataclass(frozen=True)
class Row:
    """One line of the standings."""

    place: int  # 1-based; equal for entrants tied on points and every tie-break
    entrant: Entrant
    points: Fraction
    tiebreaks: tuple[Fraction, ...]  # in the order of tiebreak_names(format)
    games: int  # games played (byes and forfeits not counted)


def tiebreak_names(format: Format) -> tuple[str, ...]:
    """The tie-breaks' names in English (N_ marked; callers translate with _())."""
    if format is Format.SWISS:
        return (BUCHHOLZ, SONNEBORN_BERGER)
    return (SONNEBORN_BERGER, DIRECT_ENCOUNTER)


def tiebreak_short(format: Format) -> tuple[str, ...]:
    """The tie-breaks' short column heads in English (N_ marked; callers translate with _())."""
    if format is Format.SWISS:
        return (BUCHHOLZ_SHORT, SONNEBORN_BERGER_SHORT)
    return (SONNEBORN_BERGER_SHORT, DIRECT_ENCOUNTER_SHORT)


@dataclass(frozen=True)
class _Round:
    """One entrant's round, for the Swiss tie-breaks."""

    points: Fraction
    mates: tuple[int, ...]  # the other seats of the table (none for a bye or an absence)
    played: bool
    requested: bool  # a half- or zero-point bye, or no table at all (16.1.1)
    vur: bool  # a voluntary unplayed round: a requested bye or a forfeit loss (16.1.2)


def _decided(tables: Iterable[Table]) -> list[Table]:
    return [table for table in tables if table.points is not None]


def _swiss_rounds(entrants: Sequence[Entrant], tables: Sequence[Table], last: int) -> dict[int, list[_Round]]:
    """Each entrant's rounds 1..last (a round whose table is still being played is left out)."""
    seat_of: dict[tuple[int, int], Table] = {}
    for table in tables:
        for seat in table.seats:
            seat_of[table.round, seat] = table
    rounds: dict[int, list[_Round]] = {}
    for entrant in entrants:
        mine = []
        for number in range(1, last + 1):
            found = seat_of.get((number, entrant.id))
            if found is None:  # not paired: a zero-point bye
                mine.append(_Round(ZERO, (), False, True, True))
                continue
            table = found
            if table.points is None:
                continue
            points = table.points[table.seats.index(entrant.id)]
            mates = tuple(seat for seat in table.seats if seat != entrant.id)
            if table.bye:
                requested = points < 1
                mine.append(_Round(points, (), False, requested, requested))
            elif not table.played:
                mine.append(_Round(points, mates, False, False, points < HALF))
            else:
                mine.append(_Round(points, mates, True, False, False))
        rounds[entrant.id] = mine
    return rounds


def _adjusted(rounds: list[_Round]) -> Fraction:
    """The score opponents see (16.3): requested byes followed only by VURs count as draws (16.2.5)."""
    score = ZERO
    for k, one in enumerate(rounds):
        if one.requested and all(later.vur for later in rounds[k + 1:]):
            score += HALF
        else:
            score += one.points
    return score


def _swiss_tiebreaks(entrants: Sequence[Entrant], tables: Sequence[Table]) -> dict[int, tuple[Fraction, ...]]:
    decided = _decided(tables)
    last = max((table.round for table in decided), default=0)
    rounds = _swiss_rounds(entrants, tables, last)
    adjusted = {entrant.id: _adjusted(rounds[entrant.id]) for entrant in entrants}
    own = {entrant.id: sum((one.points for one in rounds[entrant.id]), ZERO) for entrant in entrants}
    cap = HALF * last  # 16.4.2: a draw's points times the number of rounds

    def mates_score(mates: tuple[int, ...]) -> Fraction:
        # an opponent who is no entrant (never expected) counts as an empty score
        return sum((adjusted.get(mate, ZERO) for mate in mates), ZERO) / len(mates)

    result: dict[int, tuple[Fraction, ...]] = {}
    for entrant in entrants:
        buchholz = sonneborn = ZERO
        for one in rounds[entrant.id]:
            if one.played:
                opponent = mates_score(one.mates)
            elif one.mates:  # a forfeit (16.4.1)
                opponent = min(own[entrant.id], mates_score(one.mates))
            else:  # a bye or an absence (16.4.2)
                opponent = min(own[entrant.id], cap)
            buchholz += opponent
            sonneborn += one.points * opponent
        result[entrant.id] = (buchholz, sonneborn)
    return result


def _games(tables: Iterable[Table]) -> list[Table]:
    """Decided tables of two or more (games and forfeits alike)."""
    return [table for table in tables if table.points is not None and len(table.seats) > 1]


def _sonneborn_berger(entrants: Sequence[Entrant], games: list[Table], points: dict[int, Fraction]) -> dict[int, Fraction]:
    result = {entrant.id: ZERO for entrant in entrants}
    for table in games:
        assert table.points is not None
        for seat, value in zip(table.seats, table.points, strict=True):
            if seat in result:
                mates = [points.get(mate, ZERO) for mate in table.seats if mate != seat]
                result[seat] += value * sum(mates, ZERO) / len(mates)
    return result


def _between(games: list[Table]) -> dict[tuple[int, int], list[Fraction]]:
    found: dict[tuple[int, int], list[Fraction]] = {}
    for table in sorted(games, key=lambda table: (table.round, table.board)):
        assert table.points is not None
        for seat, value in zip(table.seats, table.points, strict=True):
            for mate in table.seats:
                if mate != seat:
                    found.setdefault((seat, mate), []).append(value)
    return found


def _direct_encounter(group: list[int], between: dict[tuple[int, int], list[Fraction]]
                      ) -> dict[int, tuple[Fraction, tuple[Fraction, ...]]]:
    """Per entrant of a tied group: (the value shown, the sort key: negated values, group then smaller
    groups still tied)."""
    if len(group) < 2 or any((a, b) not in between for a in group for b in group if a != b):
        return {one: (ZERO, ()) for one in group}
    values = {a: sum((sum(between[a, b], ZERO) / len(between[a, b]) for b in group if b != a), ZERO)
              for a in group}
    result = {}
    for value in set(values.values()):
        tied = [one for one in group if values[one] == value]
        deeper = _direct_encounter(tied, between) if len(tied) < len(group) else {one: (ZERO, ()) for one in tied}
        for one in tied:
            result[one] = (value, (-value, *deeper[one][1]))
    return result


def standings(entrants: Sequence[Entrant], tables: Sequence[Table], format: Format) -> list[Row]:
    """The standings after the decided tables: by points then tie-breaks; tied rows share a place and are
    listed by starting number."""
    points = {entrant.id: ZERO for entrant in entrants}
    points.update((key, value) for key, value in totals(tables).items() if key in points)
    games = {entrant.id: 0 for entrant in entrants}
    for table in _games(tables):
        if table.played:
            for seat in table.seats:
                if seat in games:
                    games[seat] += 1
    keys: dict[int, tuple[Fraction, ...]] = {}
    shown: dict[int, tuple[Fraction, ...]] = {}
    if format is Format.SWISS:
        shown = _swiss_tiebreaks(entrants, tables)
        keys = {one: (-points[one], *(-value for value in shown[one])) for one in points}
    else:
        decided = _games(tables)
        sonneborn = _sonneborn_berger(entrants, decided, points)
        between = _between(decided)
        groups: dict[tuple[Fraction, Fraction], list[int]] = {}
        for entrant in entrants:
            groups.setdefault((points[entrant.id], sonneborn[entrant.id]), []).append(entrant.id)
        for group in groups.values():
            encounter = _direct_encounter(group, between)
            for one in group:
                shown[one] = (sonneborn[one], encounter[one][0])
                keys[one] = (-points[one], -sonneborn[one], *encounter[one][1])
    ordered = sorted(entrants, key=lambda entrant: (keys[entrant.id], entrant.number))
    rows: list[Row] = []
    for index, entrant in enumerate(ordered):
        tied = rows and keys[rows[-1].entrant.id] == keys[entrant.id]
        place = rows[-1].place if tied else index + 1
        rows.append(Row(place, entrant, points[entrant.id], shown[entrant.id], games[entrant.id]))
    return rows


def crosstable(entrants: Sequence[Entrant], tables: Sequence[Table]) -> dict[tuple[int, int], list[Fraction]]:
    """(a, b) -> a's points against b, one per decided game (forfeits included), in round order; at a
    table of more than two, a's place points count against each table-mate."""
    ids = {entrant.id for entrant in entrants}
    return {pair: values for pair, values in _between(_games(tables)).items() if pair[0] in ids and pair[1] in ids}
