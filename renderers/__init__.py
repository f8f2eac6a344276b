"""Pictures of game states: `render` gives the PNG the bot posts, `render_text` a terminal board,
`describe` the picture's alt text.

Each game has one module here exposing `render(state, names) -> bytes`, `text(state, names) -> str`
and `seats(state, names) -> list[theme.Seat]` (the names, sides and scores its picture shows);
adding a game is that module plus one entry in RENDERERS. Renderers are pure: the same state and names
give the same bytes.
"""
from __future__ import annotations

from collections.abc import Sequence
from types import ModuleType

from renderers import ascent, attaxx, elevation, ikabegama, permutation, xlines
from renderers.describe import alt_text

RENDERERS: dict[str, ModuleType] = {
    "ascent": ascent, "attaxx": attaxx, "elevation": elevation, "ikabegama": ikabegama, "permutation": permutation,
    "xlines": xlines,
}


def render(state, names: Sequence[str]) -> bytes:
    """The PNG for `state`, with `names[seat]` as each player's name. An unknown game is a KeyError."""
    return RENDERERS[state.game].render(state, names)


def render_text(state, names: Sequence[str]) -> str:
    """A plain-text board for `state`. An unknown game is a KeyError."""
    return RENDERERS[state.game].text(state, names)


def describe(state, names: Sequence[str]) -> str:
    """The alt text of the picture of `state` (see renderers.describe). An unknown game is a KeyError."""
    return alt_text(state, RENDERERS[state.game].seats(state, names))


__all__ = ["RENDERERS", "describe", "render", "render_text"]
