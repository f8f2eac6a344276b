"""Replays of matches: the positions of a match rebuilt from its moves, drawn as GIFs in a worker
process (renderers.replay). The positions are rebuilt afresh for each pass of the drawing, never held
in a list, and the frames are written as they are drawn, so a replay's memory does not grow with the
match's length."""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import partial
from pathlib import Path
from typing import Any

from bot.models import Match
from games import GAMES, image
from renderers.replay import LIMIT, gif_parts, gifs
from rules import Outcome, State, ended
from rules.rebuild import positions


def replay_args(match: Match, limit: int = LIMIT) -> tuple[Any, ...]:
    """What `draw` needs, small enough to send to a worker (the moves, not thousands of positions)."""
    return match.game, len(match.seats), match.options, match.seed, match.moves, match.outcome, match.names, limit


def draw(game: str, players: int, options: dict, seed: int, moves: Sequence[str], outcome: Outcome | None,
         names: Sequence[str], limit: int) -> list[bytes]:
    """The GIF(s) of a match: every position from the start, the last one drawn as the match ended."""
    return gifs(partial(_positions, game, players, options, seed, moves, outcome), image, names, limit)


def draw_files(folder: Path, game: str, players: int, options: dict, seed: int, moves: Sequence[str],
               outcome: Outcome | None, names: Sequence[str], limit: int) -> list[Path]:
    """`draw`, each GIF written into `folder` (`replay-1.gif`, `replay-2.gif`, …) as soon as it is drawn,
    so that however many parts a long match needs, only one is in memory at a time."""
    written = []
    for k, data in enumerate(gif_parts(partial(_positions, game, players, options, seed, moves, outcome), image, names, limit), 1):
        path = folder / f"replay-{k}.gif"
        path.write_bytes(data)
        written.append(path)
    return written


def _positions(game: str, players: int, options: dict, seed: int, moves: Sequence[str],
               outcome: Outcome | None) -> Iterator[State]:
    for k, state in enumerate(positions(GAMES[game], players, options, seed, moves)):
        yield ended(state, outcome) if outcome is not None and k == len(moves) else state
