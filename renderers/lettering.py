"""Text on the pictures: the bundled DejaVu Sans (`font`), which draws the Chinese and Japanese characters
it lacks from the bundled Noto Sans CJK (`Lettering`, fonts/README-CJK.md), the sizes that read on a phone
(`phone_size`), which characters can be drawn (`has_glyph`), players' names made drawable (`clean_name`,
`display_name`, `visual_order` for right-to-left scripts), text cut short to a width (`fit`), and
`put_text`, which draws a line through a cache of glyph masks.
"""
from __future__ import annotations

import math
import re
import struct
import unicodedata
from functools import cache, lru_cache
from pathlib import Path
from typing import Any, NamedTuple

from PIL import Image, ImageDraw, ImageFont

from i18n import current
from renderers.colours import RGB

FONT_DIR = Path(__file__).with_name("fonts")
CJK_FILE = "NotoSansCJKsc-Regular-subset.otf"  # every CJK character drawn, in its Simplified Chinese form
JAPANESE_FILE = "NotoSansCJKjp-Regular-diff.otf"  # the Japanese forms of those whose forms differ
# Noto's ideographs set at DejaVu's size stand 1.15 times as tall as DejaVu's capitals (日: 842 units
# against H: 729) and more once hinted at 16 to 32 px (1.2 to 1.3), which looks large beside them: at 0.92
# of the size they stand 1.05 to 1.2 times as tall, raised 0.042 em so as to be centred on the capitals
# (the middle of 日 lies 351 units over the baseline, of H 364.5).
CJK_SCALE = 0.92
CJK_RISE = 0.3645 - 0.351 * CJK_SCALE  # em of DejaVu's size
CJK_BOLD = 0.05  # em: how much wider bold CJK strokes are (Noto Sans CJK Bold's stems are 131 units, Regular's 81)


def _dejavu_file(bold: bool) -> Path:
    return FONT_DIR / ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")


@cache
def _face(path: Path, size: int) -> ImageFont.FreeTypeFont:
    """A bundled font file at `size` px, with the basic layout engine, so that a machine with or without
    libraqm draws the same pixels."""
    return ImageFont.truetype(str(path), size, layout_engine=ImageFont.Layout.BASIC)


@cache
def font(size: int, bold: bool = False) -> Lettering:
    """The bundled DejaVu Sans at `size` px, drawing CJK characters it lacks from Noto Sans CJK."""
    return Lettering(size, bold)


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


# Pillow's own ImageDraw.text, for the glyphs drawn to see whether a font has them and for the runs of a
# line: whatever wraps ImageDraw.text later (a test that records each line drawn on a picture) sees each
# line once, and nothing drawn off the picture.
_draw_text = ImageDraw.ImageDraw.text


def _drawn(char: str, bold: bool) -> tuple[tuple[int, int, int, int], bytes]:
    """`char` as DejaVu Sans draws it at 20 px: its box and its pixels."""
    face = _face(_dejavu_file(bold), 20)
    left, top, right, bottom = box(face, char)
    canvas = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    _draw_text(ImageDraw.Draw(canvas), (-left, -top), char, font=face, fill=255)
    return (left, top, right, bottom), canvas.tobytes()


@cache
def _notdef(bold: bool) -> tuple[tuple[int, int, int, int], bytes]:
    return _drawn("\U0010fffd", bold)  # a private-use code point: surely not in the font


@lru_cache(maxsize=16384)
def _dejavu_has(char: str, bold: bool) -> bool:
    """Whether DejaVu Sans draws `char` (rather than its empty-box "missing glyph")."""
    return " " <= char <= "~" or _drawn(char, bold) != _notdef(bold)


@cache
def _covered(name: str) -> frozenset[int]:
    """The code points a bundled font maps to a glyph, read from its cmap table (formats 4 and 12)."""
    data = (FONT_DIR / name).read_bytes()
    tables = {data[at:at + 4]: struct.unpack_from(">I", data, at + 8)[0]
              for at in range(12, 12 + 16 * struct.unpack_from(">H", data, 4)[0], 16)}
    cmap = tables[b"cmap"]
    found: set[int] = set()
    for k in range(struct.unpack_from(">H", data, cmap + 2)[0]):
        platform, encoding, offset = struct.unpack_from(">HHI", data, cmap + 4 + 8 * k)
        if (platform, encoding) not in ((0, 3), (0, 4), (3, 1), (3, 10)):
            continue
        at = cmap + offset
        kind = struct.unpack_from(">H", data, at)[0]
        if kind == 4:
            segments = struct.unpack_from(">H", data, at + 6)[0] // 2
            ends = struct.unpack_from(f">{segments}H", data, at + 14)
            starts = struct.unpack_from(f">{segments}H", data, at + 16 + 2 * segments)
            deltas = struct.unpack_from(f">{segments}h", data, at + 16 + 4 * segments)
            ranges_at = at + 16 + 6 * segments
            ranges = struct.unpack_from(f">{segments}H", data, ranges_at)
            for i, (first, last, delta, ranged) in enumerate(zip(starts, ends, deltas, ranges, strict=True)):
                for code in range(first, min(last, 0xFFFE) + 1):
                    glyph = code if not ranged else struct.unpack_from(
                        ">H", data, ranges_at + 2 * i + ranged + 2 * (code - first))[0]
                    if glyph and (glyph + delta) % 0x10000:
                        found.add(code)
        elif kind == 12:
            for g in range(struct.unpack_from(">I", data, at + 12)[0]):
                first, last, glyph = struct.unpack_from(">III", data, at + 16 + 12 * g)
                found.update(range(first + (glyph == 0), last + 1))
    return frozenset(found)


@lru_cache(maxsize=16384)
def _from_cjk(char: str, bold: bool) -> bool:
    """Whether `char` is drawn from the CJK faces: DejaVu lacks it and they have it."""
    return (ord(char) in _covered(CJK_FILE) and unicodedata.category(char) not in ("Mn", "Me", "Cf")
            and not _dejavu_has(char, bold))


@lru_cache(maxsize=4096)
def _all_dejavu(text: str, bold: bool) -> bool:
    return not any(_from_cjk(ch, bold) for ch in text)


def _latin(text: str, bold: bool) -> bool:
    """Whether DejaVu draws every character of `text` (or none of the CJK faces has what it lacks)."""
    return text.isascii() or _all_dejavu(text, bold)


_KANA = re.compile("[\u3040-\u30ff\u31f0-\u31ff\uff66-\uff9f]")


def japanese(text: str) -> bool:
    """Whether the CJK characters of `text` take their Japanese forms: in Japanese, or next to kana."""
    return current().split("-")[0] == "ja" or _KANA.search(text) is not None


@lru_cache(maxsize=4096)
def has_glyph(char: str, bold: bool = False) -> bool:
    """Whether the bundled fonts draw `char` (rather than an empty-box "missing glyph")."""
    if unicodedata.category(char) in ("Mn", "Me", "Cf"):
        return False  # marks and format characters: the basic layout engine cannot place them
    return _dejavu_has(char, bold) or ord(char) in _covered(CJK_FILE)


class Run(NamedTuple):
    """Characters drawn from one face, `pen` px after the start of the line and `rise` px over its
    baseline; CJK in bold is struck `strike` more times, a pixel further right each time."""
    face: ImageFont.FreeTypeFont
    text: str
    pen: int
    rise: int
    strike: int


@lru_cache(maxsize=2048)
def _runs(text: str, size: int, bold: bool, japanese_forms: bool) -> tuple[tuple[Run, ...], int]:
    """`text` cut where the face changes, each run placed on the line; and the line's length."""
    latin = _face(_dejavu_file(bold), size)
    cjk_size = max(1, round(size * CJK_SCALE))
    chinese, forms = _face(FONT_DIR / CJK_FILE, cjk_size), _face(FONT_DIR / JAPANESE_FILE, cjk_size)
    strike = max(1, round(cjk_size * CJK_BOLD)) if bold else 0
    rise = round(size * CJK_RISE)
    pieces: list[tuple[ImageFont.FreeTypeFont, str]] = []
    for ch in text:
        face = latin
        if _from_cjk(ch, bold):
            face = forms if japanese_forms and ord(ch) in _covered(JAPANESE_FILE) else chinese
        if pieces and pieces[-1][0] is face:
            pieces[-1] = (face, pieces[-1][1] + ch)
        else:
            pieces.append((face, ch))
    runs, pen = [], 0
    for face, chunk in pieces:
        runs.append(Run(face, chunk, pen, 0, 0) if face is latin else Run(face, chunk, pen, rise, strike))
        pen += round(face.getlength(chunk))
    return tuple(runs), pen


class Lettering(ImageFont.FreeTypeFont):
    """DejaVu Sans at `size` px, which draws each character it lacks from the CJK faces when they have
    it. A line DejaVu draws whole is FreeTypeFont's, the same pixels as ever; any other line is laid out
    run by run, each in its face, on one baseline, with the vertical anchors (a, m, d) of DejaVu's
    metrics, so a label keeps its place whatever its script. Kerning stops at a change of face."""

    def __init__(self, size: int, bold: bool = False) -> None:
        super().__init__(str(_dejavu_file(bold)), size, layout_engine=ImageFont.Layout.BASIC)
        self.bold = bold

    def __getstate__(self) -> list[Any]:
        return [self.size, self.bold]

    def __setstate__(self, state: list[Any]) -> None:
        Lettering.__init__(self, *state)

    def runs(self, text: str) -> tuple[tuple[Run, ...], int] | None:
        """`text` as runs in their faces and its length, or None when DejaVu draws it all."""
        if _latin(text, self.bold):
            return None
        return _runs(text, int(self.size), self.bold, japanese(text))

    def getlength(self, text: str | bytes, mode: str = "", direction: str | None = None,
                  features: list[str] | None = None, language: str | None = None) -> float:
        laid = self.runs(text) if isinstance(text, str) else None
        if laid is None:
            return super().getlength(text, mode, direction, features, language)
        return float(laid[1])

    def _inked(self, laid: tuple[tuple[Run, ...], int], stroke_width: float, anchor: str | None
               ) -> tuple[tuple[float, float, float, float], tuple[int, int]]:
        """The box of laid-out text from the start of its baseline, and where the anchor lies from there."""
        runs, length = laid
        boxes = [run.face.getbbox(run.text, stroke_width=stroke_width, anchor="ls") for run in runs]
        left = min(b[0] + run.pen for b, run in zip(boxes, runs, strict=True))
        top = min(b[1] - run.rise for b, run in zip(boxes, runs, strict=True))
        right = max(b[2] + run.pen + run.strike for b, run in zip(boxes, runs, strict=True))
        bottom = max(b[3] - run.rise for b, run in zip(boxes, runs, strict=True))
        across, down = (anchor or "la")[0], (anchor or "la")[1]
        x = {"l": 0, "m": (length + 1) // 2, "r": length}[across]
        if down in "tb":
            y = int(top if down == "t" else bottom)
        else:
            y = int(super().getbbox("H", anchor="ls")[1] - super().getbbox("H", anchor="l" + down)[1])
        return (left, top, right, bottom), (x, y)

    def getbbox(self, text: str | bytes | bytearray, mode: str = "", direction: str | None = None,
                features: list[str] | None = None, language: str | None = None, stroke_width: float = 0,
                anchor: str | None = None) -> tuple[float, float, float, float]:
        laid = self.runs(text) if isinstance(text, str) else None
        if laid is None:
            return super().getbbox(text, mode, direction, features, language, stroke_width, anchor)
        (left, top, right, bottom), (x, y) = self._inked(laid, stroke_width, anchor)
        return left - x, top - y, right - x, bottom - y

    def getmask2(self, text: str | bytes, mode: str = "", direction: str | None = None,
                 features: list[str] | None = None, language: str | None = None, stroke_width: float = 0,
                 anchor: str | None = None, ink: int = 0, start: tuple[float, float] | None = None,
                 *args: Any, **kwargs: Any) -> tuple[Any, tuple[int, int]]:
        laid = self.runs(text) if isinstance(text, str) and mode != "RGBA" else None
        if laid is None:
            return super().getmask2(text, mode, direction, features, language, stroke_width, anchor, ink, start,
                                    *args, **kwargs)
        (left, top, right, bottom), (x, y) = self._inked(laid, stroke_width, anchor)
        sx, sy = start or (0, 0)
        # The ink from the point ImageDraw puts the mask at (the anchor, less its fraction); a pixel of
        # room round it for the fraction and the antialiasing.
        at_x, at_y = math.floor(left - x + sx) - 1, math.floor(top - y + sy) - 1
        canvas = Image.new("L", (math.ceil(right - x + sx) + 1 - at_x, math.ceil(bottom - y + sy) + 1 - at_y), 0)
        draw = ImageDraw.Draw(canvas)
        draw.fontmode = "1" if mode == "1" else "L"
        for run in laid[0]:
            for extra in range(run.strike + 1):
                _draw_text(draw, (sx - x - at_x + run.pen + extra, sy - y - at_y - run.rise), run.text, font=run.face,
                           fill=255, anchor="ls", stroke_width=stroke_width)
        return canvas.im, (at_x, at_y)


_SPACES = re.compile(r"\s+")


@lru_cache(maxsize=1024)
def clean_name(name: str, fallback: str, bold: bool = True) -> str:
    """A player's name as it can be drawn, in reading order: whitespace collapsed, characters the
    bundled fonts lack (emoji, Hangul, …) left out, and `fallback` when nothing printable is left."""
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


def fit(text: str, size: int, bold: bool, width: int) -> str:
    """`text`, cut short with an ellipsis if it is wider than `width` pixels at this font."""
    return _fit(text, size, bold, width, japanese(text))


@lru_cache(maxsize=1024)
def _fit(text: str, size: int, bold: bool, width: int, japanese_forms: bool) -> str:
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
    forms = isinstance(face, Lettering) and face.runs(line) is not None and japanese(line)
    drawn = _text_mask(line, face, anchor, math.modf(x)[0], math.modf(y)[0], draw.fontmode, forms)
    if drawn is not None:
        mask, (dx, dy) = drawn
        draw.bitmap((int(x) + dx, int(y) + dy), mask, fill)


@lru_cache(maxsize=2048)
def _text_mask(line: str, face: ImageFont.FreeTypeFont, anchor: str, fx: float, fy: float, mode: str,
               japanese_forms: bool) -> tuple[Image.Image, tuple[int, int]] | None:
    """`line` drawn by ImageDraw.text at (fx, fy) from an origin, as a coverage mask cropped to its ink,
    and where the mask's top left corner lies from that origin; None when nothing is inked. (The forms
    its CJK characters take, Japanese or Chinese, are part of the key.)"""
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
