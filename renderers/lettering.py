"""Text on the pictures: the bundled DejaVu Sans (`font`), the sizes that read on a phone
(`phone_size`), which characters it can draw (`has_glyph`), players' names made drawable
(`clean_name`, `display_name`, `visual_order` for right-to-left scripts), text cut short to a width
(`fit`), and `put_text`, which draws a line through a cache of glyph masks.
"""
from __future__ import annotations

import math
import re
import unicodedata
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from renderers.colours import RGB

FONT_DIR = Path(__file__).with_name("fonts")

@cache
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The bundled DejaVu Sans at `size` px. The basic layout engine is forced so that a machine with
    or without libraqm draws the same pixels."""
    path = FONT_DIR / ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")
    return ImageFont.truetype(str(path), size, layout_engine=ImageFont.Layout.BASIC)


def box(face: ImageFont.FreeTypeFont, text: str, **how: Any) -> tuple[int, int, int, int]:
    """The box of `text` as `face` draws it: whole pixels with the basic layout the fonts are opened with."""
    left, top, right, bottom = face.getbbox(text, **how)
    return int(left), int(top), int(right), int(bottom)


@cache
def cap_height(size: int, bold: bool = True) -> int:
    """The height in px of a capital letter (an "H") set at `size`, as drawn."""
    left, top, right, bottom = box(font(size, bold), "H")
    return bottom - top


PHONE_WIDTH = 360  # px: how wide a phone shows a picture in a chat; every picture is scaled down to it there
PHONE_CAP = 8.0  # px: the least cap height of any label on a board once the picture is scaled so


def phone_cap(size: int, width: int, bold: bool = True) -> float:
    """The cap height of text set at `size` on a picture `width` px wide, once it is shown PHONE_WIDTH px wide."""
    return cap_height(size, bold) * PHONE_WIDTH / width


@lru_cache(maxsize=256)
def phone_size(width: int, bold: bool = True) -> int:
    """The least font size that reads on a phone (PHONE_CAP) on a picture `width` px wide."""
    size = 8
    while phone_cap(size, width, bold) < PHONE_CAP:
        size += 1
    return size


def _drawn(char: str, bold: bool) -> tuple[tuple[int, int, int, int], bytes]:
    """`char` as the bundled font draws it at 20 px: its box and its pixels."""
    face = font(20, bold)
    left, top, right, bottom = box(face, char)
    canvas = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(canvas).text((-left, -top), char, font=face, fill=255)
    return (left, top, right, bottom), canvas.tobytes()


@cache
def _notdef(bold: bool) -> tuple[tuple[int, int, int, int], bytes]:
    return _drawn("\U0010fffd", bold)  # a private-use code point: surely not in the font


@lru_cache(maxsize=4096)
def has_glyph(char: str, bold: bool = False) -> bool:
    """Whether the bundled font draws `char` (rather than its empty-box "missing glyph")."""
    if unicodedata.category(char) in ("Mn", "Me", "Cf"):
        return False  # marks and format characters: the basic layout engine cannot place them
    return _drawn(char, bold) != _notdef(bold)


_SPACES = re.compile(r"\s+")


@lru_cache(maxsize=1024)
def clean_name(name: str, fallback: str, bold: bool = True) -> str:
    """A player's name as it can be drawn, in reading order: whitespace collapsed, characters the
    bundled font lacks (emoji, CJK, …) left out, and `fallback` when nothing printable is left."""
    text = _SPACES.sub(" ", unicodedata.normalize("NFC", name or "")).strip()
    text = "".join(ch for ch in text if ch == " " or (ch.isprintable() and has_glyph(ch, bold)))
    return _SPACES.sub(" ", text).strip() or fallback


@lru_cache(maxsize=1024)
def display_name(name: str, fallback: str, bold: bool = True) -> str:
    """`clean_name` in drawing order (see `visual_order`), for one line."""
    return visual_order(clean_name(name, fallback, bold))


_MIRRORED = str.maketrans("()[]{}<>«»", ")(][}{><»«")


def _strong(ch: str) -> str:
    kind = unicodedata.bidirectional(ch)
    return "R" if kind in ("R", "AL") else "L" if kind == "L" else ""


def visual_order(text: str) -> str:
    """`text` in left-to-right drawing order for the basic layout engine: runs of right-to-left
    script (Hebrew, Arabic) are reversed, digits inside them kept in order, and when the text
    starts with such a run the runs themselves are laid out right to left. A small subset of the
    Unicode bidi algorithm, enough for names."""
    kinds = [_strong(ch) for ch in text]
    strong = [i for i, kind in enumerate(kinds) if kind]
    if "R" not in kinds:
        return text
    # Runs between changes of direction; the neutral stretch at a change (spaces, punctuation) is a
    # run of its own that keeps its place between its neighbours.
    runs: list[tuple[str, str]] = []
    start = 0
    for a, b in zip(strong, strong[1:], strict=False):
        if kinds[a] != kinds[b]:
            runs.append((kinds[a], text[start:a + 1]))
            runs.append(("", text[a + 1:b]))
            start = b
    runs.append((kinds[strong[-1]], text[start:]))
    shown = []
    for direction, chars in runs:
        if direction == "R":
            parts = re.split(r"(\d+)", chars[::-1].translate(_MIRRORED))
            chars = "".join(part[::-1] if part.isdigit() else part for part in parts)
        shown.append(chars)
    if kinds[strong[0]] == "R":
        shown.reverse()
    return "".join(shown)


@lru_cache(maxsize=1024)
def fit(text: str, size: int, bold: bool, width: int) -> str:
    """`text`, cut short with an ellipsis if it is wider than `width` pixels at this font."""
    face = font(size, bold)
    if face.getlength(text) <= width:
        return text
    low, high = 0, len(text)  # the longest prefix that fits with "…" lies in [low, high)
    while low < high - 1:
        mid = (low + high) // 2
        if face.getlength(text[:mid].rstrip() + "…") <= width:
            low = mid
        else:
            high = mid
    return text[:low].rstrip() + "…"


def put_text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], line: str, face: ImageFont.FreeTypeFont, fill: RGB,
             anchor: str = "la") -> None:
    """`draw.text(xy, line, font=face, fill=fill, anchor=anchor)` for one line of text, the same pixels,
    with each string rendered once into a mask that is reused in any colour: the names, sides and
    scores on the cards come back on every board of a match, and rendering glyphs was a quarter of
    the time a board took."""
    x, y = xy
    if x < 0 or y < 0:  # ImageDraw.text truncates a negative position towards zero, which the masks do not copy
        draw.text(xy, line, font=face, fill=fill, anchor=anchor)
        return
    drawn = _text_mask(line, face, anchor, math.modf(x)[0], math.modf(y)[0], draw.fontmode)
    if drawn is not None:
        mask, (dx, dy) = drawn
        draw.bitmap((int(x) + dx, int(y) + dy), mask, fill)


@lru_cache(maxsize=2048)
def _text_mask(line: str, face: ImageFont.FreeTypeFont, anchor: str, fx: float, fy: float,
               mode: str) -> tuple[Image.Image, tuple[int, int]] | None:
    """`line` drawn by ImageDraw.text at (fx, fy) from an origin, as a coverage mask cropped to its ink,
    and where the mask's top left corner lies from that origin; None when nothing is inked."""
    left, top, right, bottom = box(face, line, anchor=anchor)
    pad = 2  # a fractional start may move the ink a pixel past the box
    ox, oy = pad - min(left, 0), pad - min(top, 0)  # the origin, kept off negative coordinates
    canvas = Image.new("L", (ox + max(right, 0) + pad, oy + max(bottom, 0) + pad), 0)
    draw = ImageDraw.Draw(canvas)
    draw.fontmode = mode
    draw.text((ox + fx, oy + fy), line, font=face, fill=255, anchor=anchor)
    inked = canvas.getbbox()
    if inked is None:
        return None
    return canvas.crop(inked), (inked[0] - ox, inked[1] - oy)
