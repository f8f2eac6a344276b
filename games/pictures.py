"""A registered game's pictures, found by the game's name (`state.game`): what the bot posts and the
console shows. An unknown game is a KeyError."""
from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from games.registry import REGISTRY
from renderers import theme
from renderers.describe import alt_text
from rules.core import State


def render(state: State, names: Sequence[str]) -> bytes:
    """The PNG for `state`, with `names[seat]` as each player's name."""
    return REGISTRY[state.game].renderer.render(state, names)


def render_text(state: State, names: Sequence[str]) -> str:
    """A plain-text board for `state`."""
    return REGISTRY[state.game].renderer.text(state, names)


def image(state: State, names: Sequence[str]) -> Image.Image:
    """The picture of `state` (each frame of a replay)."""
    return REGISTRY[state.game].renderer.image(state, names)


def seats(state: State, names: Sequence[str]) -> list[theme.Seat]:
    """The seats of `state` as its picture's player cards show them."""
    return REGISTRY[state.game].renderer.seats(state, names)


def describe(state: State, names: Sequence[str]) -> str:
    """The alt text of the picture of `state` (see renderers.describe)."""
    registered = REGISTRY[state.game]
    return alt_text(registered.rules.title, state, registered.renderer.seats(state, names))
