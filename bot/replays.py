"""Replays of matches: the positions of a match rebuilt from its moves, drawn as GIFs in a worker
process (renderers.replay)."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.models import Match
from renderers.replay import LIMIT, gifs
from rules import Outcome, ended
from rules.rebuild import positions


def replay_args(match: Match, limit: int = LIMIT) -> tuple[Any, ...]:
    """What `draw` needs, small enough to send to a worker (the moves, not thousands of positions)."""
    return match.game, len(match.seats), match.options, match.seed, match.moves, match.outcome, match.names, limit


def draw(game: str, players: int, options: dict, seed: int, moves: Sequence[str], outcome: Outcome | None,
         names: Sequence[str], limit: int) -> list[bytes]:
    """The GIF(s) of a match: every position from the start, the last one drawn as the match ended."""
    states = list(positions(game, players, options, seed, moves))
    if outcome is not None:
        states[-1] = ended(states[-1], outcome)
    return gifs(states, names, limit)
