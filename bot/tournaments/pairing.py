"""The pairing of every round: Swiss by the FIDE Dutch system (caissify-pairings), round robin by Berger
tables (caissify-pairings' round_robin engine), tables of more than two by standing.

The Dutch engine is stateless: each round it is told every player's score, colour history (played games
only: byes and forfeits give no colour), float history (one entry per earlier round: a played game
against a higher score is "up", against a lower one "down", otherwise "none"; an unplayed round that
gave points is "down", one that gave none "none", as bbpPairings reads a TRF), full-point byes and
forfeit wins (either bars a further pairing-allocated bye, FIDE C.04.1) and the pairs that have played.
Forfeited games are not "met": FIDE lets two who did not play each other be paired again.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from caissify_pairings import generate_pairings  # type: ignore[import-untyped]

from bot.tournaments.model import Entrant, Format, Table
from bot.tournaments.scores import BYE
from bot.tournaments.standings import standings


class NoPairing(ValueError):
    """No pairing of the round keeps the absolute rules (everyone left has met everyone, or only
    players who already had a bye could get one): the tournament cannot go on."""


def default_rounds(format: Format, players: int, table_size: int = 2) -> int:
    """Rounds a tournament plays unless told otherwise. Swiss: ceil(log2(players)) for tables of 2,
    ceil(log_n(players)) + 1 for tables of n (at least 1 either way); round robin: players - 1 if even
    else players (double: twice that). Raises ValueError for round robin with tables of more than 2."""
    if table_size < 2:
        raise ValueError(f"tables seat at least two, not {table_size}")
    if format is Format.SWISS:
        needed = 0  # the least k with table_size ** k >= players (exact integers: no rounding errors)
        while table_size ** needed < players:
            needed += 1
        return max(1, needed if table_size == 2 else needed + 1)
    if table_size > 2:
        raise ValueError("a round robin pairs two players a game")
    once = players - 1 if players % 2 == 0 else players
    return max(1, once) * (2 if format is Format.DOUBLE else 1)


def pair_round(format: Format, entrants: Sequence[Entrant], tables: Sequence[Table], round: int,
               rounds: int, table_size: int = 2, least: int = 2) -> list[tuple[int, ...]]:
    """The tables of `round` (1-based), best board first, each a tuple of entrant ids in seat order
    (a 1-tuple is a full-point bye, listed last). Swiss pairs only the entrants with plays_in(round);
    round robin pairs every entrant by the Berger table fixed at round 1 (the service forfeits a
    withdrawn entrant's games; entrants must not be added after round 1). `tables` are every earlier
    round's decided tables, byes included (others are ignored). Raises NoPairing when a Swiss round
    cannot be paired without a rematch or a second full-point bye."""
    history = [table for table in tables if table.round < round and table.points is not None]
    if format is not Format.SWISS:
        return _round_robin(format, entrants, round, rounds)
    if table_size == 2:
        return _dutch(entrants, history, round, rounds)
    return _by_standing(entrants, history, round, table_size, least)


def _round_robin(format: Format, entrants: Sequence[Entrant], round: int, rounds: int) -> list[tuple[int, ...]]:
    ordered = sorted(entrants, key=lambda entrant: entrant.number)
    ids = {k: entrant.id for k, entrant in enumerate(ordered, start=1)}
    players = [{"id": k, "name": entrant.name, "score": 0.0, "rating": entrant.rating, "starting_number": k,
                "color_hist": [], "float_history": [], "bye_count": 0}
               for k, entrant in enumerate(ordered, start=1)]
    cycles = 2 if format is Format.DOUBLE else 1
    rows = generate_pairings("round_robin", players=players, previous_pairings=set(), round_number=round,
                             total_rounds=rounds, cycles=cycles)
    return _tables(rows, ids)


def _tables(rows: list[dict[str, Any]], ids: dict[int, int]) -> list[tuple[int, ...]]:
    """The engine's rows as our tables: games by table number, then byes."""
    rows = sorted(rows, key=lambda row: (row.get("black_id") is None, row["table"]))
    return [(ids[row["white_id"]],) if row.get("black_id") is None else (ids[row["white_id"]], ids[row["black_id"]])
            for row in rows]


def _seat(table: Table, entrant: int) -> int:
    return table.seats.index(entrant)


def _points(table: Table, entrant: int) -> Fraction:
    assert table.points is not None
    return table.points[_seat(table, entrant)]


def _dutch(entrants: Sequence[Entrant], history: list[Table], round: int, rounds: int) -> list[tuple[int, ...]]:
    playing = sorted((entrant for entrant in entrants if entrant.plays_in(round)), key=lambda entrant: entrant.number)
    if not playing:
        return []
    # the engine gets small ids of its own: our ids are Discord's (large), and computer levels are 1-3
    small = {entrant.id: k for k, entrant in enumerate(sorted(entrants, key=lambda e: e.number), start=1)}
    ours = {k: one for one, k in small.items()}
    by_round: dict[int, dict[int, Table]] = {}
    for table in history:
        for seat in table.seats:
            by_round.setdefault(seat, {})[table.round] = table
    before: dict[int, list[Fraction]] = {}  # each entrant's score before each round 1..round
    for entrant in entrants:
        running = [Fraction(0)]
        for number in range(1, round):
            past = by_round.get(entrant.id, {}).get(number)
            running.append(running[-1] + (_points(past, entrant.id) if past else 0))
        before[entrant.id] = running
    met = {frozenset(table.seats) for table in history if table.played and len(table.seats) == 2}
    players: list[dict[str, Any]] = []
    for entrant in playing:
        mine = by_round.get(entrant.id, {})
        colours, floats = [], []
        byes = forfeit_wins = 0
        for number in range(1, round):
            found = mine.get(number)
            if found is None:
                floats.append("none")
                continue
            table = found
            points = _points(table, entrant.id)
            if table.bye or not table.played:
                floats.append("down" if points > 0 else "none")
                byes += table.bye and points >= BYE
                forfeit_wins += not table.bye and points >= 1
                continue
            colours.append("white" if _seat(table, entrant.id) == 0 else "black")
            opponent = next(seat for seat in table.seats if seat != entrant.id)
            mine_before, theirs = before[entrant.id][number - 1], before.get(opponent, [Fraction(0)] * round)[number - 1]
            floats.append("down" if mine_before > theirs else "up" if mine_before < theirs else "none")
        players.append({"id": small[entrant.id], "name": entrant.name, "score": float(before[entrant.id][-1]),
                        "rating": entrant.rating, "starting_number": entrant.number,
                        "pairing_number": entrant.number, "color_hist": colours, "float_history": floats,
                        "bye_count": byes, "forfeit_win_count": forfeit_wins})
    if len(playing) == 1:
        rows: list[dict[str, Any]] = [{"white_id": small[playing[0].id], "black_id": None, "table": 1}]
    else:
        previous = {(small[a], small[b]) for a, b in (sorted(pair) for pair in met) if a in small and b in small}
        rows = generate_pairings("dutch", players=players, previous_pairings=previous, round_number=round,
                                 total_rounds=rounds)
    result = _tables(rows, ours)
    _check(result, met, {ours[player["id"]]: player for player in players}, round >= rounds, round)
    return result


def _colours_break(colours: list[str], colour: str) -> bool:
    """Whether one more game with `colour` gives three in a row or two more of one colour than the other
    (C.04.1's absolute colour rules)."""
    after = [*colours, colour]
    return abs(after.count("white") - after.count("black")) > 2 or after[-3:] in (["white"] * 3, ["black"] * 3)


def _check(result: list[tuple[int, ...]], met: set[frozenset[int]], players: dict[int, dict[str, Any]],
           last: bool, round: int) -> None:
    """The engine falls back to breaking the absolute rules when nothing else pairs everyone: refuse.
    The colour rules may yield only in the last round, for games with a topscorer (over half the
    points possible so far), as C.04.3 allows."""
    seated = [seat for table in result for seat in table]
    if sorted(seated) != sorted(players):
        raise NoPairing("not everyone is paired exactly once")
    byes = [table[0] for table in result if len(table) == 1]
    if len(byes) > len(players) % 2:
        raise NoPairing("more than one bye")
    if any(players[seat]["bye_count"] for seat in byes):
        raise NoPairing("a second bye")
    for table in result:
        if len(table) == 1:
            continue
        if frozenset(table) in met:
            raise NoPairing("a rematch")
        top = last and any(players[seat]["score"] > (round - 1) / 2 for seat in table)
        if not top and any(_colours_break(players[seat]["color_hist"], colour)
                           for seat, colour in zip(table, ("white", "black"), strict=True)):
            raise NoPairing("colours broken")


def _sizes(players: int, table_size: int, least: int) -> list[int] | None:
    """Table sizes for `players`, largest first, no table above table_size or below least and sizes at
    most one apart; None when there is no such cut."""
    if players == 0:
        return []
    for count in range(math.ceil(players / table_size), players // least + 1):
        base, extra = divmod(players, count)
        if base >= least and base + (extra > 0) <= table_size:
            return [base + 1] * extra + [base] * (count - extra)
    return None


def _by_standing(entrants: Sequence[Entrant], history: list[Table], round: int, table_size: int,
                 least: int) -> list[tuple[int, ...]]:
    least = max(least, 2)  # a table of one would be a bye
    rows = [row for row in standings(entrants, history, Format.SWISS) if row.entrant.plays_in(round)]
    order = [row.entrant.id for row in rows]
    had_bye = {table.seats[0] for table in history if table.bye and _points(table, table.seats[0]) >= BYE}
    byes: list[int] = []
    while (sizes := _sizes(len(order), table_size, least)) is None:
        # players who cannot all be seated: the lowest who has had no bye sits out, with a bye
        spare = next((one for one in reversed(order) if one not in had_bye), None)
        if spare is None:
            raise NoPairing("only players who already had a bye could sit out")
        order.remove(spare)
        byes.insert(0, spare)
    seats_sum: dict[int, int] = {}
    games: dict[int, int] = {}
    for table in history:
        if table.played and len(table.seats) > 1:
            for index, seat in enumerate(table.seats):
                seats_sum[seat] = seats_sum.get(seat, 0) + index
                games[seat] = games.get(seat, 0) + 1
    standing = {one: k for k, one in enumerate(order)}

    def later_seats(one: int) -> tuple[Fraction, int]:
        # who has sat furthest back on average moves first; ties by standing
        average = Fraction(seats_sum.get(one, 0), games[one]) if games.get(one) else Fraction(0)
        return (-average, standing[one])

    result: list[tuple[int, ...]] = []
    start = 0
    for size in sizes:
        result.append(tuple(sorted(order[start:start + size], key=later_seats)))
        start += size
    return result + [(one,) for one in byes]
