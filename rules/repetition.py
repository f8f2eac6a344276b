"""Draw by repetition, for the games whose positions can come back (Attaxx, Ikabegamá, Elevation): the
third time the same position occurs with the same player to move, the game is drawn.

A game keeps, with each state, the positions since its last move that cannot be undone (only those
can occur again) as a tuple: `start` holds the first, `seen` adds each next one.
"""
from __future__ import annotations

from collections.abc import Hashable
from typing import TypeVar

from i18n import N_
from rules.core import Outcome

REPEATS = 3
# Translators: why a match ended: the same position came up a third time (a draw)
REASON = N_("threefold repetition")

Position = TypeVar("Position", bound=Hashable)  # what a game compares: its board and who is to move


def start(position: Position) -> tuple[Position, ...]:
    """The positions kept at the start of a game."""
    return (position,)


def seen(history: tuple[Position, ...], position: Position, *, irreversible: bool = False
         ) -> tuple[tuple[Position, ...], Outcome | None]:
    """After a move to `position`: the positions to keep (after an `irreversible` move, none of the
    earlier ones) and the draw when this is the third time `position` occurs, else None."""
    kept = () if irreversible else history
    drawn = Outcome.drawn(REASON) if kept.count(position) >= REPEATS - 1 else None
    return kept + (position,), drawn
