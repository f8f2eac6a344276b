"""Pictures of game states: each game has one module here that satisfies `Renderer` (below), named in
the game's registration (games/registry.py), through which the bot draws (`games.render`,
`games.render_text`, `games.describe`). Renderers are pure: the same state and names give the same bytes.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from PIL import Image

from renderers import theme
from rules.contract import members


class Renderer(Protocol):
    """What a game's module in `renderers/` offers (a module satisfies it as it is); each function is
    pure, and `names[seat]` is the name each player's card shows. `names` is any sequence of str; in a
    match played on a clock it is a `theme.Names`, which carries each seat's time left too
    (`names.clocks`, a `theme.SeatClock` or None per seat): `theme.seats_for` puts each on its `Seat`,
    from which the cards, the text board and the alt text show it, so a renderer does nothing more.

    image: the picture, for the PNG and for each frame of a replay. render: that picture as PNG bytes.
    text: the board as plain text (the console, `/board text:true`), ending with the result once
    there is one. seats: the seats as the picture's player cards show them (name, side, score), from
    which its alt text is written. label_sizes: every kind of text drawn on the board with its font size
    and whether it is bold (tests/test_phone_render.py holds them to a size a phone can read).
    colours: what its board is drawn in, every seat's colours and what they stand on (a
    `theme.Colours`), which tests/test_palette.py keeps apart for every kind of colour vision.
    """

    def image(self, state: Any, names: Sequence[str]) -> Image.Image: ...
    def render(self, state: Any, names: Sequence[str]) -> bytes: ...
    def text(self, state: Any, names: Sequence[str]) -> str: ...
    def seats(self, state: Any, names: Sequence[str]) -> list[theme.Seat]: ...
    def label_sizes(self, state: Any) -> dict[str, tuple[int, bool]]: ...
    def colours(self, state: Any) -> theme.Colours: ...


FUNCTIONS = members(Renderer)


def missing_functions(module: object) -> list[str]:
    """The functions of the `Renderer` contract that `module` lacks (empty when it has them all)."""
    return [name for name in FUNCTIONS if not callable(getattr(module, name, None))]


__all__ = ["FUNCTIONS", "Renderer", "missing_functions"]
