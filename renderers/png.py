"""PNG encoding: `encode_png` writes a picture fast, mapped first onto a palette fitted by
`palette_for` to samples of the game's board and of the panels (`panel_samples`). A palette is a
game's whatever the language: its samples are drawn in English (`in_english`), and a PNG in another
language is mapped onto the same colours.
"""
from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from typing import TypeVar

from PIL import Image

from i18n import ENGLISH, speaking
from renderers.cards import Seat, draw_players, panel_height
from renderers.colours import BACKGROUND, FAINT, HIGHLIGHT, MUTED, NOTE, TEXT, DiscStyle
from renderers.footer import draw_footer, footer_height
from rules import Outcome

T = TypeVar("T")


def in_english(make: Callable[[], T]) -> T:
    """`make()` with English as the language in use: for what must not depend on the language, a
    palette fitted to samples of lettering."""
    with speaking(ENGLISH):
        return make()


def panel_samples(width: int, styles: Sequence[DiscStyle], sides: Sequence[str]) -> Image.Image:
    """The player panel and footer drawn in every state (to move, won, lost, drawn; every note
    colour), for fitting a palette to them; drawn in English whatever the language in use."""
    return in_english(lambda: _panel_samples(width, styles, sides))


def _panel_samples(width: int, styles: Sequence[DiscStyle], sides: Sequence[str]) -> Image.Image:
    n = len(styles)
    seats = [Seat(f"Sample {sides[s]} Ag", sides[s], styles[s], str(10 + s), "pieces") for s in range(n)]
    block = panel_height(n, width) + footer_height(width)
    outcomes: list[tuple[int | None, Outcome | None]] = [(0, None), (n - 1, None)]
    outcomes.append((None, Outcome.won(0, "sample", n)))
    outcomes.append((None, Outcome.drawn("sample", n)))
    detail = [(text, colour) for colour in (TEXT, MUTED, FAINT, NOTE, HIGHLIGHT) for text in ("Ag 0123 · ",)]
    sheet = Image.new("RGB", (width, block * len(outcomes)), BACKGROUND)
    for k, (to_move, outcome) in enumerate(outcomes):
        draw_players(sheet, k * block, seats, to_move, outcome)
        draw_footer(sheet, k * block + panel_height(n, width), seats, to_move, outcome, detail)
    return sheet


def palette_for(images: Sequence[Image.Image], colours: int = 256) -> Image.Image:
    """A fixed palette image for `encode_png`, fitted to `images` stacked into one sheet (fast
    octree, weighted by how often each colour occurs: measured closest to the RGB renders)."""
    sheet = Image.new("RGB", (max(img.width for img in images), sum(img.height for img in images)), BACKGROUND)
    y = 0
    for img in images:
        sheet.paste(img.convert("RGB"), (0, y))
        y += img.height
    return sheet.quantize(colours, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


def encode_png(img: Image.Image, palette: Image.Image | None = None) -> bytes:
    """PNG bytes, fast: zlib level 1, and with a palette the image is mapped onto it first (8-bit
    indexed PNGs skip the costly per-row filter search and come out several times smaller)."""
    if palette is not None:
        img = img.quantize(palette=palette, dither=Image.Dither.NONE)
    buf = io.BytesIO()
    img.save(buf, "PNG", compress_level=1)
    return buf.getvalue()
