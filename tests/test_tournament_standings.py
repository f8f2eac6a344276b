"""Points and standings: points by place, the FIDE tie-breaks (Buchholz and Sonneborn-Berger for a Swiss,
Sonneborn-Berger and direct encounter for a round robin) worked out by hand and by a second, direct
reading of the regulations, shared places, and the standings, crosstable and rounds as text."""
from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.tournaments.model import Entrant, Format, Table
from bot.tournaments.pairing import NoPairing, default_rounds, pair_round
from bot.tournaments.scores import BYE, LATE_BYE, place_points, totals
from bot.tournaments.standings import crosstable, standings, tiebreak_names, tiebreak_short
from bot.tournaments.text import crosstable_text, points_text, round_lines, standings_text
from i18n import speaking

F = Fraction
HALF = F(1, 2)
WIN, LOSS, DRAW = (F(1), F(0)), (F(0), F(1)), (HALF, HALF)


def people(*names: str) -> list[Entrant]:
    return [Entrant(id=10**17 + k, name=name, rating=2000 - 100 * k, number=k + 1) for k, name in enumerate(names)]


# points by place


def test_two_players_win_lose_or_draw():
    assert place_points([{0}, {1}], 2) == (1, 0)
    assert place_points([{1}, {0}], 2) == (0, 1)
    assert place_points([{0, 1}], 2) == (HALF, HALF)


def test_four_players_score_by_place_and_share_the_places_they_tie_for():
    assert place_points([{2}, {0}, {3}, {1}], 4) == (F(2, 3), 0, 1, F(1, 3))
    # a winner and three sharing second to fourth: (2/3 + 1/3 + 0) / 3 each
    assert place_points([{0}, {1, 2, 3}], 4) == (1, F(1, 3), F(1, 3), F(1, 3))
    assert place_points([{1, 2}, {0}, {3}], 4) == (F(1, 3), F(5, 6), F(5, 6), 0)
    assert place_points([{0, 1, 2}], 3) == (HALF, HALF, HALF)


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 6).flatmap(lambda n: st.tuples(st.just(n), st.permutations(range(n)),
                                                     st.lists(st.booleans(), min_size=n - 1, max_size=n - 1))))
def test_the_points_of_a_table_always_sum_to_half_its_size(drawn):
    seats, order, breaks = drawn
    places: list[set[int]] = [{order[0]}]
    for seat, new_place in zip(order[1:], breaks, strict=True):
        if new_place:
            places.append({seat})
        else:
            places[-1].add(seat)
    points = place_points(places, seats)
    assert sum(points) == F(seats, 2)
    assert all(0 <= value <= 1 for value in points)
    for better, worse in zip(places, places[1:]):  # a better place never scores less
        assert min(points[s] for s in better) > max(points[s] for s in worse)


def test_places_must_name_every_seat_once():
    with pytest.raises(ValueError):
        place_points([{0}], 2)


# Swiss: Buchholz and Sonneborn-Berger (FIDE C.07, Articles 8.1, 9.1 and 16)


def direct_fide(records: dict[str, dict[int, tuple[str | None, Fraction, str]]], rounds: int
                ) -> dict[str, tuple[Fraction, Fraction]]:
    """Buchholz and Sonneborn-Berger read straight from C.07 Article 16, for games of two. `records`:
    per player, per round, (opponent or None, points, kind); kind is "game", "pab", "forfeit win",
    "forfeit loss", "half bye" or "zero bye"; a round missing is a zero-point bye (16.1.1)."""
    full = {p: {r: rec.get(r, (None, F(0), "zero bye")) for r in range(1, rounds + 1)} for p, rec in records.items()}
    own = {p: sum((rec[r][1] for r in rec), F(0)) for p, rec in full.items()}
    vur = {"half bye", "zero bye", "forfeit loss"}  # 16.1.2
    adjusted = {}  # 16.3
    for p, rec in full.items():
        score = F(0)
        for r in rec:
            kind = rec[r][2]
            later = [rec[k][2] for k in range(r + 1, rounds + 1)]
            if kind in ("half bye", "zero bye") and all(k in vur for k in later):  # 16.2.5: as a draw
                score += HALF
            else:
                score += rec[r][1]
        adjusted[p] = score
    result = {}
    for p, rec in full.items():
        bh = sb = F(0)
        for opponent, points, kind in rec.values():
            if opponent is not None and kind == "game":
                value = adjusted[opponent]
            elif opponent is not None:  # a forfeit (16.4.1)
                value = min(own[p], adjusted[opponent])
            else:  # 16.4.2
                value = min(own[p], HALF * rounds)
            bh += value
            sb += points * value
        result[p] = (bh, sb)
    return result


def records_of(entrants: list[Entrant], tables: list[Table]) -> dict[str, dict[int, tuple[str | None, Fraction, str]]]:
    """The tables as direct_fide reads them."""
    name = {e.id: e.name for e in entrants}
    records: dict[str, dict[int, tuple[str | None, Fraction, str]]] = {e.name: {} for e in entrants}
    for table in tables:
        assert table.points is not None
        for seat, points in zip(table.seats, table.points, strict=True):
            if table.bye:
                kind = "pab" if points == 1 else "half bye" if points == HALF else "zero bye"
                records[name[seat]][table.round] = (None, points, kind)
            else:
                other = next(s for s in table.seats if s != seat)
                kind = "game" if table.played else "forfeit win" if points == 1 else "forfeit loss"
                records[name[seat]][table.round] = (name[other], points, kind)
    return records


def hand_worked() -> tuple[list[Entrant], list[Table]]:
    """Five players, three rounds. Round 1: Ann–Dan 1–0, Bob–Eve ½–½, Cat has the bye. Round 2: Ann–Cat
    1–0, Dan–Eve 0–1, Bob has the bye. Eve withdraws after round 2. Round 3: Ann–Bob ½–½, Cat–Dan 1–0."""
    ann, bob, cat, dan, eve = people("Ann", "Bob", "Cat", "Dan", "Eve")
    eve = replace(eve, withdrawn=3)
    tables = [
        Table(1, 1, (ann.id, dan.id), WIN), Table(1, 2, (bob.id, eve.id), DRAW),
        Table(1, 3, (cat.id,), (BYE,), played=False),
        Table(2, 1, (ann.id, cat.id), WIN), Table(2, 2, (dan.id, eve.id), LOSS),
        Table(2, 3, (bob.id,), (BYE,), played=False),
        Table(3, 1, (ann.id, bob.id), DRAW), Table(3, 2, (cat.id, dan.id), WIN),
    ]
    return [ann, bob, cat, dan, eve], tables


# Worked by hand from C.07 Article 16 (3 rounds, so a dummy's score is capped at 3 × ½ = 1½, 16.4.2):
# points: Ann 1+1+½ = 2½, Bob ½+1+½ = 2, Cat 1+0+1 = 2, Dan 0, Eve ½+1+0 = 1½.
# Scores as opponents see them (16.3): Eve's round 3 is a zero-point bye in the last round (16.2.5), so
# it counts as a draw: Eve 2; the others as they are (byes the pairing gave count their point, 16.3.1).
# Buchholz: Ann = Dan 0 + Cat 2 + Bob 2 = 4; Bob = Eve 2 + bye min(2, 1½) + Ann 2½ = 6;
# Cat = bye min(2, 1½) + Ann 2½ + Dan 0 = 4; Dan = Ann 2½ + Eve 2 + Cat 2 = 6½;
# Eve = Bob 2 + Dan 0 + her absence min(1½, 1½) = 3½.
# Sonneborn-Berger: Ann = 1×0 + 1×2 + ½×2 = 3; Bob = ½×2 + 1×1½ + ½×2½ = 3¾; Cat = 1×1½ + 0 + 1×0 = 1½;
# Dan = 0; Eve = ½×2 + 1×0 + 0×1½ = 1.
HAND = {"Ann": (F(5, 2), F(4), F(3)), "Bob": (F(2), F(6), F(15, 4)), "Cat": (F(2), F(4), F(3, 2)),
        "Dan": (F(0), F(13, 2), F(0)), "Eve": (F(3, 2), F(7, 2), F(1))}


def test_a_swiss_with_a_bye_and_a_withdrawal_worked_by_hand():
    entrants, tables = hand_worked()
    rows = standings(entrants, tables, Format.SWISS)
    assert [(row.place, row.entrant.name) for row in rows] == [(1, "Ann"), (2, "Bob"), (3, "Cat"), (4, "Eve"),
                                                                (5, "Dan")]
    assert {row.entrant.name: (row.points, *row.tiebreaks) for row in rows} == HAND
    assert {row.entrant.name: row.games for row in rows} == {"Ann": 3, "Bob": 2, "Cat": 2, "Dan": 3, "Eve": 2}
    assert direct_fide(records_of(entrants, tables), 3) == {name: values[1:] for name, values in HAND.items()}


def test_a_late_joiners_half_point_bye_and_a_forfeit():
    # Ann beats Bob; Cat joins in round 2 (½ for round 1). Round 2: Bob forfeits to Cat, Ann has the bye.
    ann, bob, cat = people("Ann", "Bob", "Cat")
    cat = replace(cat, joined=2)
    tables = [Table(1, 1, (ann.id, bob.id), WIN), Table(1, 2, (cat.id,), (LATE_BYE,), played=False),
              Table(2, 1, (cat.id, bob.id), WIN, played=False), Table(2, 2, (ann.id,), (BYE,), played=False)]
    rows = standings([ann, bob, cat], tables, Format.SWISS)
    # points: Ann 2, Cat 1½, Bob 0. Bob's forfeit loss is followed by nothing: a VUR, but only requested byes
    # turn into draws (16.2.5), so Bob stays 0 for his opponents. Cat's half-point bye is followed by a
    # forfeit win (not a VUR): 16.2.3, it counts as it was, ½.
    # Ann: Bob 0 + bye min(2, 1) = 1; SB 1×0 + 1×1 = 1.
    # Cat: half bye min(1½, 1) + forfeit win min(1½, Bob 0) = 1; SB ½×1 + 1×0 = ½.
    # Bob: Ann 2 + forfeit loss min(0, Cat 1½) = 2; SB 0.
    assert [(row.entrant.name, row.points, *row.tiebreaks, row.games) for row in rows] == [
        ("Ann", 2, 1, 1, 1), ("Cat", F(3, 2), 1, HALF, 0), ("Bob", 0, 2, 0, 1)]
    assert direct_fide(records_of([ann, bob, cat], tables), 2) == {
        "Ann": (1, 1), "Cat": (1, HALF), "Bob": (2, 0)}


def swiss_played_out(count: int, seed: int) -> tuple[list[Entrant], list[Table], int]:
    """A Swiss with random results; someone withdraws and someone joins late."""
    rng = random.Random(seed)
    entrants = people(*(f"p{k}" for k in range(count)))
    rounds = default_rounds(Format.SWISS, count) + 1
    tables: list[Table] = []
    played = 0
    for round in range(1, rounds + 1):
        if round == 2:
            entrants[-1] = replace(entrants[-1], withdrawn=2)
            late = Entrant(id=5, name="late", rating=1000, number=count + 1, joined=2)
            entrants.append(late)
            tables.append(Table(1, 50, (late.id,), (LATE_BYE,), played=False))
        try:
            pairs = pair_round(Format.SWISS, entrants, tables, round, rounds)
        except NoPairing:
            break
        for board, seats in enumerate(pairs, 1):
            if len(seats) == 1:
                tables.append(Table(round, board, seats, (BYE,), played=False))
            elif rng.random() < 0.1:  # now and then a forfeit
                tables.append(Table(round, board, seats, rng.choice((WIN, LOSS)), played=False))
            else:
                tables.append(Table(round, board, seats, rng.choice((WIN, LOSS, DRAW))))
        played = round
    return entrants, tables, played


@settings(max_examples=25, deadline=None)
@given(st.integers(3, 14), st.integers(0, 2**32))
def test_swiss_tie_breaks_agree_with_a_direct_reading_of_the_regulations(count, seed):
    entrants, tables, rounds = swiss_played_out(count, seed)
    rows = standings(entrants, tables, Format.SWISS)
    direct = direct_fide(records_of(entrants, tables), rounds)
    assert {row.entrant.name: row.tiebreaks for row in rows} == direct
    points = totals(tables)
    assert all(row.points == points.get(row.entrant.id, 0) for row in rows)
    keys = [(row.points, *row.tiebreaks) for row in rows]
    assert keys == sorted(keys, reverse=True)  # by points, then Buchholz, then Sonneborn-Berger
    for row, after in zip(rows, rows[1:]):  # a place shared exactly when everything is equal
        tied = (row.points, *row.tiebreaks) == (after.points, *after.tiebreaks)
        assert (row.place == after.place) == tied
        if tied:
            assert row.entrant.number < after.entrant.number
        else:
            assert after.place == rows.index(after) + 1


def test_tied_players_share_a_place_listed_by_starting_number():
    # three players all drawing a round robin of three (a bye a round): equal in everything
    a, b, c = people("Ann", "Bob", "Cat")
    tables = [Table(1, 1, (b.id, c.id), DRAW), Table(1, 2, (a.id,), (BYE,), played=False),
              Table(2, 1, (c.id, a.id), DRAW), Table(2, 2, (b.id,), (BYE,), played=False),
              Table(3, 1, (a.id, b.id), DRAW), Table(3, 2, (c.id,), (BYE,), played=False)]
    rows = standings([c, b, a], tables, Format.ROUND_ROBIN)
    assert [(row.place, row.entrant.name, row.points, row.tiebreaks) for row in rows] == [
        (1, "Ann", 2, (2, 1)), (1, "Bob", 2, (2, 1)), (1, "Cat", 2, (2, 1))]
    # in a Swiss the same results are equal too
    assert {row.place for row in standings([a, b, c], tables, Format.SWISS)} == {1}


def test_tables_still_being_played_count_for_nothing():
    entrants, tables = hand_worked()
    ann, bob, cat, dan, _eve = entrants
    going = [*tables, Table(4, 1, (ann.id, cat.id), None), Table(4, 2, (bob.id, dan.id), None)]
    before = standings(entrants, tables, Format.SWISS)
    assert standings(entrants, going, Format.SWISS) == before


# round robin: Sonneborn-Berger, then direct encounter (C.07 Articles 9.1, 6 and 15.2)


def round_robin_of_four(last: tuple[Fraction, Fraction] | None = DRAW) -> tuple[list[Entrant], list[Table]]:
    """Ann–Bob 1–0, Cat–Dan 1–0, Ann–Cat 1–0, Bob–Dan 0–1, Ann–Dan ½–½, Bob–Cat (`last`)."""
    ann, bob, cat, dan = people("Ann", "Bob", "Cat", "Dan")
    tables = [Table(1, 1, (ann.id, bob.id), WIN), Table(1, 2, (cat.id, dan.id), WIN),
              Table(2, 1, (ann.id, cat.id), WIN), Table(2, 2, (bob.id, dan.id), LOSS),
              Table(3, 1, (ann.id, dan.id), DRAW)]
    if last is not None:
        tables.append(Table(3, 2, (bob.id, cat.id), last))
    return [ann, bob, cat, dan], tables


def test_direct_encounter_separates_players_equal_on_sonneborn_berger():
    # Cat and Dan: 1½ points each; SB Cat = 1×1½ (Dan) + ½×½ (Bob) = 1¾, Dan = 1×½ (Bob) + ½×2½ (Ann) = 1¾.
    # Cat beat Dan: direct encounter 1 against 0.
    entrants, tables = round_robin_of_four()
    rows = standings(entrants, tables, Format.ROUND_ROBIN)
    assert [(row.place, row.entrant.name, row.points, row.tiebreaks) for row in rows] == [
        (1, "Ann", F(5, 2), (F(11, 4), 0)), (2, "Cat", F(3, 2), (F(7, 4), 1)), (3, "Dan", F(3, 2), (F(7, 4), 0)),
        (4, "Bob", HALF, (F(3, 4), 0))]


def test_direct_encounter_needs_every_tied_player_to_have_met():
    # three tied in a cycle (each beat one, lost to one, and beat Dan): 2 points, SB 2 (the one they
    # beat, 2; Dan, 0), direct encounter 1 each: nothing separates them
    a, b, c, d = people("Ann", "Bob", "Cat", "Dan")
    cycle = [Table(1, 1, (a.id, b.id), WIN), Table(2, 1, (b.id, c.id), WIN), Table(3, 1, (c.id, a.id), WIN),
             Table(1, 2, (c.id, d.id), WIN), Table(2, 2, (d.id, a.id), LOSS), Table(3, 2, (b.id, d.id), WIN)]
    rows = standings([a, b, c, d], cycle, Format.ROUND_ROBIN)
    assert [(row.place, row.entrant.name, row.tiebreaks) for row in rows] == [
        (1, "Ann", (2, 1)), (1, "Bob", (2, 1)), (1, "Cat", (2, 1)), (4, "Dan", (0, 0))]
    # two equal on points and SB who have not met yet: equal, whatever else they did
    e, f = people("Eve", "Fay")
    rows = standings([e, f], [], Format.ROUND_ROBIN)
    assert [(row.place, row.tiebreaks) for row in rows] == [(1, (0, 0)), (1, (0, 0))]


def test_direct_encounter_is_applied_again_to_those_still_tied():
    # Ann, Bob, Cat and Dan end on 2½ points and 5½ SB each. Among the four, Ann beat Bob and drew with
    # Cat and Dan, Bob beat Cat and Dan, Cat and Dan drew: Ann 2, Bob 2, Cat 1, Dan 1. Ann and Bob,
    # still equal, are compared again between themselves only (Ann won); so are Cat and Dan (a draw).
    ann, bob, cat, dan, eve, fay = people("Ann", "Bob", "Cat", "Dan", "Eve", "Fay")
    games = [(ann, bob, WIN), (ann, cat, DRAW), (ann, dan, DRAW), (bob, cat, WIN), (bob, dan, WIN), (cat, dan, DRAW),
             (ann, eve, LOSS), (ann, fay, DRAW), (bob, eve, LOSS), (bob, fay, DRAW), (cat, eve, DRAW),
             (cat, fay, WIN), (dan, eve, DRAW), (dan, fay, WIN), (eve, fay, WIN)]
    tables = [Table(k + 1, 1, (x.id, y.id), result) for k, (x, y, result) in enumerate(games)]
    rows = standings([ann, bob, cat, dan, eve, fay], tables, Format.ROUND_ROBIN)
    assert [(row.place, row.entrant.name, row.points, row.tiebreaks) for row in rows] == [
        (1, "Eve", 4, (F(17, 2), 0)), (2, "Ann", F(5, 2), (F(11, 2), 2)), (3, "Bob", F(5, 2), (F(11, 2), 2)),
        (4, "Cat", F(5, 2), (F(11, 2), 1)), (4, "Dan", F(5, 2), (F(11, 2), 1)), (6, "Fay", 1, (F(5, 2), 0))]


def test_forfeits_count_as_games_in_a_round_robin():
    # Dan withdrew: his last game is a forfeit, which counts for Sonneborn-Berger like a game (15.2)
    entrants, tables = round_robin_of_four()
    forfeit = [*tables[:-2], Table(3, 1, (entrants[0].id, entrants[3].id), WIN, played=False), tables[-1]]
    rows = {row.entrant.name: row for row in standings(entrants, forfeit, Format.ROUND_ROBIN)}
    assert rows["Ann"].points == 3 and rows["Ann"].games == 2
    # Ann: Bob ½ ×1 + Cat 1½ ×1 + Dan 1 ×1 = 3
    assert rows["Ann"].tiebreaks[0] == 3


def test_a_double_round_robin_averages_direct_encounters():
    a, b = people("Ann", "Bob")
    tables = [Table(1, 1, (a.id, b.id), WIN), Table(2, 1, (b.id, a.id), WIN)]
    rows = standings([a, b], tables, Format.DOUBLE)
    # SB: each beat the other (1 point) once; direct encounter: the average of their two games, ½
    assert [(row.place, row.points, row.tiebreaks) for row in rows] == [(1, 1, (1, HALF)), (1, 1, (1, HALF))]
    assert crosstable([a, b], tables) == {(a.id, b.id): [1, 0], (b.id, a.id): [0, 1]}


def test_tables_of_four_use_the_table_mates_mean_score():
    a, b, c, d = people("Ann", "Bob", "Cat", "Dan")
    tables = [Table(1, 1, (a.id, b.id, c.id, d.id), place_points([{0}, {1}, {2}, {3}], 4))]
    rows = standings([a, b, c, d], tables, Format.SWISS)
    # Ann: mates 2/3, 1/3, 0: Buchholz 1/3, SB 1 × 1/3; Dan: mates 1, 2/3, 1/3: Buchholz 2/3, SB 0
    assert [(row.entrant.name, row.points, row.tiebreaks) for row in rows] == [
        ("Ann", 1, (F(1, 3), F(1, 3))), ("Bob", F(2, 3), (F(4, 9), F(8, 27))),
        ("Cat", F(1, 3), (F(5, 9), F(5, 27))), ("Dan", 0, (F(2, 3), 0))]


def test_tie_break_names():
    assert tiebreak_names(Format.SWISS) == ("Buchholz", "Sonneborn-Berger")
    assert tiebreak_names(Format.DOUBLE) == ("Sonneborn-Berger", "Direct encounter")
    assert tiebreak_short(Format.SWISS) == ("BH", "SB")
    assert tiebreak_short(Format.ROUND_ROBIN) == ("SB", "DE")


# as text


@pytest.mark.parametrize(("value", "text"), [
    (F(0), "0"), (F(3), "3"), (F(7, 2), "3½"), (HALF, "½"), (F(7, 3), "2.33"), (F(1, 3), "0.33"), (F(12), "12"),
])
def test_points_text(value, text):
    assert points_text(value) == text


def test_points_text_in_another_language():
    with speaking("de"):
        assert points_text(F(7, 3)) == "2,33"
        assert points_text(F(5, 2)) == "2½"


def test_standings_text():
    entrants, tables = hand_worked()
    text = standings_text(standings(entrants, tables, Format.SWISS), Format.SWISS)
    assert text.splitlines() == [
        "# Name Pts BH   SB  Rtg G",
        "1 Ann   2½  4    3 2000 3",
        "2 Bob    2  6 3.75 1900 2",
        "3 Cat    2  4   1½ 1800 2",
        "4 Eve   1½ 3½    1 1600 2",
        "5 Dan    0 6½    0 1700 3",
    ]


def test_long_names_are_cut_to_the_width():
    long = [replace(e, name=e.name + " with a very long name indeed") for e in hand_worked()[0]]
    rows = standings(long, hand_worked()[1], Format.SWISS)
    lines = standings_text(rows, Format.SWISS, width=32).splitlines()
    assert all(len(line) <= 32 for line in lines)
    assert lines[1] == "1 Ann with a…  2½  4    3 2000 3"


def test_crosstable_text():
    entrants, tables = round_robin_of_four(last=None)
    assert crosstable_text(entrants, tables).splitlines() == [
        "# Name 1 2 3 4 Pts",
        "1 Ann  × 1 1 ½  2½",
        "2 Bob  0 × · 0   0",
        "3 Cat  0 · × 1   1",
        "4 Dan  ½ 1 0 ×  1½",
    ]
    a, b = people("Ann", "Bob")
    double = [Table(1, 1, (a.id, b.id), WIN), Table(2, 1, (b.id, a.id), DRAW)]
    assert crosstable_text([a, b], double).splitlines()[1:] == ["1 Ann  ×× 1½  1½", "2 Bob  0½ ××   ½"]


def test_round_lines():
    a, b, c = people("alice", "bob", "carol")
    names = {e.id: e.name for e in (a, b, c)}
    tables = [Table(1, 2, (b.id,), (BYE,), played=False), Table(1, 1, (a.id, c.id), None),
              Table(2, 1, (c.id, b.id), LOSS), Table(2, 2, (a.id,), (LATE_BYE,), played=False)]
    assert round_lines(1, tables, names) == ["Board 1: alice – carol", "bob has a bye (1 point)"]
    assert round_lines(2, tables, names) == ["Board 1: carol – bob (0 – 1)", "alice has a bye (½ point)"]
