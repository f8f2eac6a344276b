"""Pairing a tournament's rounds: whole Swiss tournaments played out with random results keep every
absolute rule of the FIDE Swiss system, round robins follow the Berger tables, and games of more than
two are cut into tables by standing."""
from __future__ import annotations

import random
import warnings
from collections import Counter
from dataclasses import replace
from fractions import Fraction

import pytest
from caissify_pairings import MissingFloatHistoryWarning  # type: ignore[import-untyped]
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.tournaments.model import Entrant, Format, Table
from bot.tournaments.pairing import NoPairing, default_rounds, pair_round
from bot.tournaments.scores import BYE, LATE_BYE, place_points

BIG = 10**17  # Discord's ids are this large; the pairing engine must never see them
HALF = Fraction(1, 2)
RESULTS = ((Fraction(1), Fraction(0)), (Fraction(0), Fraction(1)), (HALF, HALF))


def field(count: int, rng: random.Random | None = None) -> list[Entrant]:
    ratings = sorted((rng.randrange(1000, 2200) if rng else 2000 - 10 * k for k in range(count)), reverse=True)
    return [Entrant(id=BIG + 7 * k, name=f"p{k + 1}", rating=rating, number=k + 1) for k, rating in enumerate(ratings)]


def play(pairs: list[tuple[int, ...]], round: int, rng: random.Random) -> list[Table]:
    """The round's tables with random results (byes: a full point, no game)."""
    tables = []
    for board, seats in enumerate(pairs, 1):
        if len(seats) == 1:
            tables.append(Table(round, board, seats, (BYE,), played=False))
        elif len(seats) == 2:
            tables.append(Table(round, board, seats, rng.choice(RESULTS)))
        else:
            order = list(range(len(seats)))
            rng.shuffle(order)
            tables.append(Table(round, board, seats, place_points([{seat} for seat in order], len(seats))))
    return tables


@pytest.mark.parametrize(("format", "players", "size", "rounds"), [
    (Format.SWISS, 2, 2, 1), (Format.SWISS, 8, 2, 3), (Format.SWISS, 9, 2, 4), (Format.SWISS, 64, 2, 6),
    (Format.SWISS, 16, 4, 3), (Format.SWISS, 17, 4, 4), (Format.SWISS, 6, 6, 2), (Format.SWISS, 5, 3, 3),
    (Format.ROUND_ROBIN, 6, 2, 5), (Format.ROUND_ROBIN, 7, 2, 7), (Format.DOUBLE, 6, 2, 10), (Format.DOUBLE, 5, 2, 10),
])
def test_default_rounds(format, players, size, rounds):
    assert default_rounds(format, players, size) == rounds


def test_a_round_robin_of_games_of_more_than_two_is_refused():
    with pytest.raises(ValueError):
        default_rounds(Format.ROUND_ROBIN, 8, 4)


def colours_ok(seats: str) -> bool:
    """C.04.1's colour rules on a player's played games (W = first seat): at most two more of one
    colour than the other, never three in a row."""
    return abs(seats.count("W") - seats.count("B")) <= 2 and "WWW" not in seats and "BBB" not in seats


def swiss(count: int, seed: int, extra: int, changes: bool) -> None:
    """A whole Swiss tournament, checked round by round. With `changes`, someone withdraws and someone
    joins late (half-point byes for the rounds they missed, as the service gives them)."""
    rng = random.Random(seed)
    entrants = field(count, rng)
    rounds = default_rounds(Format.SWISS, count) + extra
    leaving = rng.randrange(2, rounds + 1) if changes and rounds > 1 else None
    coming = rng.randrange(2, rounds + 1) if changes and rounds > 1 else None
    tables: list[Table] = []
    seats: dict[int, str] = {entrant.id: "" for entrant in entrants}  # W/B of each played game, in order
    points: dict[int, Fraction] = {entrant.id: Fraction(0) for entrant in entrants}
    met: set[frozenset[int]] = set()
    byes: Counter[int] = Counter()
    for round in range(1, rounds + 1):
        if round == leaving:
            gone = rng.choice(entrants)
            entrants = [replace(e, withdrawn=round) if e == gone else e for e in entrants]
        if round == coming:
            late = Entrant(id=BIG + 1000 + round, name="late", rating=1500, number=len(entrants) + 1, joined=round)
            entrants.append(late)
            seats[late.id], points[late.id] = "", Fraction(0)
            for missed in range(1, round):
                tables.append(Table(missed, 99, (late.id,), (LATE_BYE,), played=False))
                points[late.id] += LATE_BYE
        try:
            pairs = pair_round(Format.SWISS, entrants, tables, round, rounds)
        except NoPairing:
            # never before the rounds a winner needs are over (unless players came and went)
            assert changes or round > default_rounds(Format.SWISS, count)
            return
        playing = sorted(e.id for e in entrants if e.plays_in(round))
        assert sorted(seat for table in pairs for seat in table) == playing  # everyone playing, once
        assert all(len(table) in (1, 2) for table in pairs)
        assert [len(table) for table in pairs].count(1) == len(playing) % 2  # a bye only for an odd count
        assert all(len(table) == 2 for table in pairs[:len(playing) // 2])  # byes after the games
        last = round == rounds
        for table in pairs:
            if len(table) == 1:
                assert byes[table[0]] == 0, "a second full-point bye"
                byes[table[0]] += 1
                continue
            assert frozenset(table) not in met, "a rematch"
            met.add(frozenset(table))
            top = any(points[seat] > Fraction(round - 1, 2) for seat in table)
            for seat, colour in zip(table, "WB", strict=True):
                seats[seat] += colour
                # C.04.3: only in the last round, and only in a game with a topscorer, may they yield
                assert colours_ok(seats[seat]) or (last and top), (seat, seats[seat])
        played = play(pairs, round, rng)
        tables += played
        for done in played:
            for seat, value in zip(done.seats, done.points or (), strict=True):
                points[seat] += value


@settings(max_examples=40, deadline=None)
@given(st.integers(3, 21), st.integers(0, 2**32), st.integers(0, 2), st.booleans())
def test_whole_swiss_tournaments_keep_the_fide_absolute_rules(count, seed, extra, changes):
    with warnings.catch_warnings():
        warnings.simplefilter("error", MissingFloatHistoryWarning)  # the float history is ours to give
        swiss(count, seed, extra, changes)


def test_the_first_round_pairs_the_top_half_against_the_bottom_half():
    entrants = field(8)
    pairs = pair_round(Format.SWISS, entrants, [], 1, 3)
    numbers = {e.id: e.number for e in entrants}
    assert sorted(sorted(numbers[seat] for seat in table) for table in pairs) == [[1, 5], [2, 6], [3, 7], [4, 8]]


def test_the_bye_goes_to_the_lowest_who_has_had_none():
    entrants = field(5)
    ids = [e.id for e in entrants]
    pairs = pair_round(Format.SWISS, entrants, [], 1, 3)
    assert pairs[-1] == (ids[4],)  # the lowest rated, last
    # the next one goes to one of the lowest scores (C.04.3: the bye's score as low as possible)
    first = [Table(1, 1, (ids[0], ids[2]), (Fraction(1), Fraction(0))),
             Table(1, 2, (ids[3], ids[1]), (Fraction(1), Fraction(0))), Table(1, 3, (ids[4],), (BYE,), played=False)]
    assert pair_round(Format.SWISS, entrants, first, 2, 3)[-1] in ((ids[1],), (ids[2],))


def test_a_late_joiners_half_point_byes_do_not_bar_a_full_point_bye():
    a, b, c = field(3)
    late = Entrant(id=BIG + 99, name="late", rating=2500, number=4, joined=3)
    tables = [Table(1, 1, (a.id, b.id), (Fraction(1), Fraction(0))), Table(1, 2, (c.id,), (BYE,), played=False),
              Table(2, 1, (a.id, c.id), (Fraction(1), Fraction(0))), Table(2, 2, (b.id,), (BYE,), played=False),
              Table(1, 3, (late.id,), (LATE_BYE,), played=False), Table(2, 3, (late.id,), (LATE_BYE,), played=False)]
    # a withdraws: b and c have had their full-point byes, so the one of round 3 is the late joiner's
    entrants = [replace(a, withdrawn=3), b, c, late]
    pairs = pair_round(Format.SWISS, entrants, tables, 3, 4)
    assert sorted(pairs[0]) == sorted((b.id, c.id)) and pairs[1] == (late.id,)


def test_withdrawn_players_are_not_paired_in_a_swiss():
    entrants = field(6)
    gone = replace(entrants[2], withdrawn=2)
    pairs = pair_round(Format.SWISS, [*entrants[:2], gone, *entrants[3:]], [], 2, 3)
    assert gone.id not in {seat for table in pairs for seat in table}
    assert len(pairs[-1]) == 1  # five left: a bye


def test_a_round_that_cannot_be_paired_is_refused():
    # four players who have all met: a fourth round would be a rematch
    entrants = field(4)
    a, b, c, d = (e.id for e in entrants)
    games = [(1, a, c), (1, b, d), (2, d, a), (2, c, b), (3, a, b), (3, c, d)]
    tables = [Table(r, 1, (x, y), (HALF, HALF)) for r, x, y in games]
    with pytest.raises(NoPairing):
        pair_round(Format.SWISS, entrants, tables, 4, 5)


@pytest.mark.parametrize("format", [Format.ROUND_ROBIN, Format.DOUBLE])
@pytest.mark.parametrize("count", [2, 3, 4, 5, 6, 7, 8, 11])
def test_round_robins_follow_the_berger_tables(format, count):
    entrants = field(count)
    rounds = default_rounds(format, count)
    meetings: Counter[tuple[int, int]] = Counter()  # (first seat, second seat)
    byes: Counter[int] = Counter()
    firsts: Counter[int] = Counter()
    for round in range(1, rounds + 1):
        pairs = pair_round(format, entrants, [], round, rounds)
        assert sorted(seat for table in pairs for seat in table) == sorted(e.id for e in entrants)
        for table in pairs:
            if len(table) == 1:
                byes[table[0]] += 1
            else:
                meetings[table] += 1
                firsts[table[0]] += 1
    cycles = 2 if format is Format.DOUBLE else 1
    for one in entrants:
        for other in entrants:
            if one.id < other.id:
                pair = meetings[one.id, other.id] + meetings[other.id, one.id]
                assert pair == cycles
                if cycles == 2:  # seats swapped the second time
                    assert meetings[one.id, other.id] == meetings[other.id, one.id] == 1
    games = count - 1  # every other entrant once per cycle
    for one in entrants:
        assert byes[one.id] == (0 if count % 2 == 0 else cycles)
        whites = firsts[one.id]
        if cycles == 2:
            assert whites == games  # exactly half of their games in the first seat
        else:
            # Berger's table: an odd number of games gives one more first seat to half of them; with an odd
            # count of entrants (a bye each) everyone has as many first seats as second ones
            assert abs(whites - (games - whites)) == games % 2


def test_a_withdrawn_entrant_stays_in_the_round_robin_table():
    entrants = field(4)
    gone = [replace(e, withdrawn=2) if e.number == 4 else e for e in entrants]
    assert pair_round(Format.ROUND_ROBIN, gone, [], 2, 3) == pair_round(Format.ROUND_ROBIN, entrants, [], 2, 3)
    assert entrants[3].id in {seat for table in pair_round(Format.ROUND_ROBIN, gone, [], 3, 3) for seat in table}


@pytest.mark.parametrize(("count", "size", "least", "sizes"), [
    (10, 4, 2, [4, 3, 3]), (7, 6, 2, [4, 3]), (12, 4, 2, [4, 4, 4]), (4, 4, 2, [4]), (5, 6, 2, [5]),
    (3, 4, 2, [3]), (9, 3, 3, [3, 3, 3]), (5, 4, 3, [4, 1]), (1, 4, 2, [1]),
])
def test_tables_of_more_than_two_are_cut_by_standing(count, size, least, sizes):
    entrants = field(count)
    pairs = pair_round(Format.SWISS, entrants, [], 1, 3, size, least)
    assert [len(table) for table in pairs] == sizes
    if sizes[-1] == 1:
        assert pairs[-1] == (entrants[-1].id,)  # the lowest sits out, with a bye
    # round 1: by starting number, the strongest at the top table
    assert [seat for table in pairs for seat in table] == [e.id for e in entrants]


@settings(max_examples=25, deadline=None)
@given(st.integers(2, 25), st.integers(3, 6), st.integers(0, 2**32))
def test_tables_of_more_than_two_seat_everyone_once_a_round(count, size, seed):
    rng = random.Random(seed)
    entrants = field(count, rng)
    rounds = default_rounds(Format.SWISS, count, size)
    tables: list[Table] = []
    for round in range(1, rounds + 1):
        pairs = pair_round(Format.SWISS, entrants, tables, round, rounds, size)
        assert sorted(seat for table in pairs for seat in table) == sorted(e.id for e in entrants)
        lengths = [len(table) for table in pairs if len(table) > 1]
        assert max(lengths) <= size and min(lengths) >= 2 and max(lengths) - min(lengths) <= 1
        assert lengths == sorted(lengths, reverse=True)  # the larger tables first
        assert len(pairs) - len(lengths) == 0  # tables of two are always possible: nobody sits out
        tables += play(pairs, round, rng)


def test_seats_rotate_at_tables_of_more_than_two():
    entrants = field(3)
    a, b, c = (e.id for e in entrants)
    first = [Table(1, 1, (a, b, c), place_points([{0}, {1}, {2}], 3))]
    # c sat last, b in the middle: c moves first now, then b, then a
    assert pair_round(Format.SWISS, entrants, first, 2, 3, 3) == [(c, b, a)]
