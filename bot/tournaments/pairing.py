"""The pairing of every round: Swiss by the FIDE Dutch system (caissify-pairings), round robin by Berger
tables, tables of more than two by standing."""
from __future__ import annotations

from collections.abc import Sequence

from bot.tournaments.model import Entrant, Format, Table


def default_rounds(format: Format, players: int, table_size: int = 2) -> int:
    """Rounds a tournament plays unless told otherwise. Swiss: ceil(log2(players)) for tables of 2
    (at least 1), ceil(log_n(players)) + 1 for tables of n; round robin: players - 1 if even else
    players (double: twice that). Raises ValueError for round robin with tables of more than 2."""
    raise NotImplementedError


def pair_round(format: Format, entrants: Sequence[Entrant], tables: Sequence[Table], round: int,
               rounds: int, table_size: int = 2, least: int = 2) -> list[tuple[int, ...]]:
    """The tables of `round` (1-based), best board first, each a tuple of entrant ids in seat order
    (a 1-tuple is a full-point bye). Swiss pairs only the entrants with plays_in(round); round robin
    pairs every entrant by the fixed Berger table (the service forfeits a withdrawn entrant's games).
    `tables` are every earlier round's decided tables, byes included."""
    raise NotImplementedError
