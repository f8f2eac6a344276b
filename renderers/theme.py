"""What every game's renderer shares: fonts, palette, anti-aliased sprites, the player panel, the
status footer and PNG encoding.

Every game's renderer module offers, besides `render(state, names) -> bytes`, `text(state, names) -> str`
and `image(state, names)` (see renderers/__init__.py), `seats(state, names) -> list[Seat]`: the seats
as its picture shows them on the player cards (the player's name as given, the side, the score and
its unit in the right number, an empty score where the game keeps none), for describing the picture
in words (alt text). A new game's module offers the same four, and `label_sizes(state)` (every kind of
text on its board with its font size; tests/test_phone_render.py holds them to PHONE_CAP).

Shared rules of the look: seat colours (SEAT_STYLES) stay apart from each other and from HIGHLIGHT for
the common colour-vision deficiencies (tests/test_palette.py); with three or more seats, each seat's
mark (`seat_marks`: its initial) is drawn on its card's disc by `draw_players` and, by the renderer,
on everything it owns on the board (`marks_for`, `seat_tag`); board text is set at `phone_size`.

Everything here is a pure function of its arguments; whatever is expensive to build (fonts, sprites,
panel backgrounds) is built once on first use and cached for the life of the process. Callers must
treat cached images as read-only: paste them, never draw on them.
"""
from __future__ import annotations

import io
import math
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter, ImageFont

from renderers.results import reason_sentence, scores_text, who_won
from rules import GAMES, Outcome

FONT_DIR = Path(__file__).with_name("fonts")
SS = 4  # supersampling factor: shapes are drawn at 4× and downsampled once

RGB = tuple[int, int, int]

# --- palette (chosen for Discord's dark theme; the image itself is opaque) -----------------------
BACKGROUND: RGB = (30, 31, 34)
PANEL: RGB = (43, 45, 49)
PANEL_EDGE: RGB = (62, 65, 71)
TEXT: RGB = (242, 243, 245)
MUTED: RGB = (170, 174, 182)
FAINT: RGB = (120, 124, 132)
HIGHLIGHT: RGB = (93, 217, 237)  # last move, whose turn, the winner: a bright cyan, a hue no seat uses
HIGHLIGHT_TEXT: RGB = (30, 31, 34)  # text on a HIGHLIGHT fill
NOTE: RGB = (255, 168, 76)  # automatic passes and other notes


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """The colour a fraction t of the way from a to b."""
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


def luminance(colour: RGB) -> float:
    """Relative luminance (WCAG 2): 0 for black, 1 for white."""
    def lin(c: int) -> float:
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    return 0.2126 * lin(colour[0]) + 0.7152 * lin(colour[1]) + 0.0722 * lin(colour[2])


INK: RGB = (22, 24, 30)  # dark text on a light fill
PAPER: RGB = (255, 255, 255)  # light text on a dark fill


def ink_on(fill: RGB) -> RGB:
    """INK or PAPER, whichever contrasts more with `fill` (WCAG contrast ratio)."""
    dark, light, own = luminance(INK), luminance(PAPER), luminance(fill)
    return INK if (own + 0.05) / (dark + 0.05) >= (light + 0.05) / (own + 0.05) else PAPER


@dataclass(frozen=True)
class DiscStyle:
    """A shaded disc: `light` at the highlight, `base` over most of the face, `dark` at the edge,
    `rim` as a thin outline."""

    light: RGB
    base: RGB
    dark: RGB
    rim: RGB


WHITE = DiscStyle(light=(255, 255, 255), base=(236, 232, 222), dark=(178, 172, 160), rim=(112, 108, 100))
BLACK = DiscStyle(light=(118, 122, 132), base=(46, 48, 54), dark=(14, 14, 17), rim=(0, 0, 0))
# Ikabegamá's Light and Dark: a warm ivory and a deep charcoal indigo.
IVORY = DiscStyle(light=(255, 252, 240), base=(240, 227, 196), dark=(184, 164, 124), rim=(110, 94, 66))
INDIGO = DiscStyle(light=(126, 128, 176), base=(44, 44, 76), dark=(14, 14, 28), rim=(0, 0, 8))


def shaded(base: RGB) -> DiscStyle:
    """The disc style of a seat colour: half way to white at the highlight, darker at the edge."""
    return DiscStyle(light=mix(base, (255, 255, 255), 0.5), base=base, dark=mix(base, (0, 0, 0), 0.42),
                     rim=mix(base, (0, 0, 0), 0.68))


# Seat colours, in seat order (Red, Blue, Green, Yellow, Purple, Orange): the two-player games with red
# and blue take the first two. Chosen so that any two of them, and each of them and HIGHLIGHT, stay
# apart for normal vision and for simulated deuteranopia, protanopia and tritanopia (lightness does
# much of the work: yellow is the lightest, purple the darkest); tests/test_palette.py checks it.
SEAT_STYLES = tuple(shaded(base) for base in (
    (218, 68, 61),  # red
    (54, 119, 227),  # blue
    (30, 170, 103),  # green
    (255, 209, 50),  # yellow
    (152, 78, 164),  # purple
    (238, 129, 39),  # orange
))

# --- fonts -----------------------------------------------------------------------------------------
@cache
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The bundled DejaVu Sans at `size` px. The basic layout engine is forced so that a machine with
    or without libraqm draws the same pixels."""
    path = FONT_DIR / ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")
    return ImageFont.truetype(str(path), size, layout_engine=ImageFont.Layout.BASIC)


@cache
def cap_height(size: int, bold: bool = True) -> int:
    """The height in px of a capital letter (an "H") set at `size`, as drawn."""
    left, top, right, bottom = font(size, bold).getbbox("H")
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
    left, top, right, bottom = face.getbbox(char)
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
    left, top, right, bottom = face.getbbox(line, anchor=anchor)
    pad = 2  # a fractional start may move the ink a pixel past the box
    ox, oy = pad - min(left, 0), pad - min(top, 0)  # the origin, kept off negative coordinates
    canvas = Image.new("L", (ox + max(right, 0) + pad, oy + max(bottom, 0) + pad), 0)
    draw = ImageDraw.Draw(canvas)
    draw.fontmode = mode
    draw.text((ox + fx, oy + fy), line, font=face, fill=255, anchor=anchor)
    box = canvas.getbbox()
    if box is None:
        return None
    return canvas.crop(box), (box[0] - ox, box[1] - oy)


# --- sprites ---------------------------------------------------------------------------------------
def downsample(big: Image.Image, factor: int = SS) -> Image.Image:
    """One high-quality reduction of a supersampled drawing."""
    return big.resize((big.width // factor, big.height // factor), Image.Resampling.LANCZOS, reducing_gap=None)


@cache
def disc(style: DiscStyle, diameter: int, shadow: bool = True) -> Image.Image:
    """An RGBA sprite of a shaded disc lit from the upper left, `diameter` px across, with a soft
    drop shadow. The sprite is square, (diameter + 2·pad) px, the disc centred in it."""
    pad = max(2, diameter // 10)
    side = (diameter + 2 * pad) * SS
    r = diameter * SS / 2
    c = side / 2
    out = Image.new("RGBA", (side, side), (0, 0, 0, 0))
    if shadow:
        alpha = Image.new("L", (side, side), 0)
        off = diameter * SS * 0.05
        ImageDraw.Draw(alpha).ellipse((c - r + off * 0.4, c - r + off, c + r + off * 0.4, c + r + off), fill=120)
        alpha = alpha.filter(ImageFilter.GaussianBlur(diameter * SS * 0.035))
        out.putalpha(alpha)
    face = Image.new("RGB", (side, side), style.dark)
    draw = ImageDraw.Draw(face)
    # A radial gradient whose centre drifts towards the light as it shrinks: dark edge, broad base,
    # a soft highlight up and to the left.
    steps = 48
    hx, hy = c - r * 0.38, c - r * 0.42
    for i in range(steps + 1):
        t = i / steps
        radius = r * (1 - t * 0.86)
        cx, cy = c + (hx - c) * t, c + (hy - c) * t
        colour = mix(style.dark, style.base, min(1.0, t / 0.35)) if t < 0.35 else mix(style.base, style.light, ((t - 0.35) / 0.65) ** 1.6)
        draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=colour)
    mask = Image.new("L", (side, side), 0)
    ImageDraw.Draw(mask).ellipse((c - r, c - r, c + r, c + r), fill=255)
    out.paste(face, (0, 0), mask)
    rim = max(1, round(diameter * SS * 0.022))
    ImageDraw.Draw(out).ellipse((c - r, c - r, c + r, c + r), outline=style.rim + (200,), width=rim)
    return downsample(out)


@cache
def ring(colour: RGB, diameter: int, width: float, dashes: int = 0) -> Image.Image:
    """An RGBA sprite of a circle outline `diameter` px across (outer edge), `width` px thick; with
    `dashes` > 0 the circle is broken into that many dashes."""
    side = (diameter + 4) * SS
    out = Image.new("RGBA", (side, side), (0, 0, 0, 0))
    draw = ImageDraw.Draw(out)
    box = (2 * SS, 2 * SS, side - 2 * SS - 1, side - 2 * SS - 1)
    w = round(width * SS)
    if dashes:
        step = 360 / dashes
        for k in range(dashes):
            start = k * step - 90
            draw.arc(box, start, start + step * 0.55, fill=colour + (255,), width=w)
    else:
        draw.ellipse(box, outline=colour + (255,), width=w)
    return downsample(out)


@cache
def rounded_box(size: tuple[int, int], radius: int, fill: RGB, outline: RGB | None = None, width: int = 0) -> Image.Image:
    """An anti-aliased RGBA rounded rectangle `size` px."""
    w, h = size
    out = Image.new("RGBA", (w * SS, h * SS), (0, 0, 0, 0))
    ImageDraw.Draw(out).rounded_rectangle(
        (0, 0, w * SS - 1, h * SS - 1), radius * SS, fill=fill + (255,), outline=None if outline is None else outline + (255,), width=width * SS
    )
    return downsample(out)


def paste(target: Image.Image, sprite: Image.Image, centre: tuple[float, float]) -> None:
    """Paste an RGBA sprite with its centre at `centre`."""
    x = round(centre[0] - sprite.width / 2)
    y = round(centre[1] - sprite.height / 2)
    target.paste(sprite, (x, y), sprite)


# --- the player panel (header) and the status line (footer) ---------------------------------------
@dataclass(frozen=True)
class Seat:
    """One seat as the panel shows it."""

    name: str  # the player's name, as given (cleaned and truncated when drawn)
    side: str  # the game's name for the seat: "White", "Light", …
    style: DiscStyle
    score: str = ""  # e.g. "12"; empty when the game keeps none
    score_label: str = ""  # e.g. "pieces", "piece" for a score of 1


Unit = tuple[str, str]  # a score's unit, singular and plural: ("piece", "pieces")


def unit_word(count: int, unit: Unit) -> str:
    """The unit for `count`: unit[0] for exactly one, else unit[1] ("1 piece", "0 pieces", "2 pieces")."""
    return unit[0] if count == 1 else unit[1]


def seats_for(state, names: Sequence[str], styles: Sequence[DiscStyle], scores: Sequence[int] | None,
              unit: Unit = ("", "")) -> list[Seat]:
    """The Seat list for a state, each score labelled with `unit` in the right number. Missing names
    are blank; blank or undrawable names are shown as "Player N" (see `display_name`)."""
    game = GAMES[state.game]
    seats = []
    for seat in range(state.players):
        side = game.seat_name(seat)
        name = names[seat] if seat < len(names) else ""
        score = "" if scores is None else str(scores[seat])
        label = "" if scores is None else unit_word(scores[seat], unit)
        seats.append(Seat(name=name, side=side, style=styles[seat], score=score, score_label=label))
    return seats


PANEL_PAD = 18
CARD_HEIGHT = 80
CARD_GAP = 12
CARD_DISC = 40  # the seat's disc at the left of its card
CARD_INSET = 10  # from the card's left edge to the disc, and from the disc to the text
CARD_RIGHT = 12  # from the text's right end to the card's right edge
SIDE_BASELINE = CARD_HEIGHT - 12  # the side and score line, from the card's top
NAME_SIZES = (22, 20, 18, 16)  # a name on one line: the largest of these that fits...
TWO_LINE_SIZES = (17, 16, 15, 14, 13)  # ...else on two lines, the largest that fits; else cut short at the last


def cards_per_row(players: int) -> int:
    """How many player cards `draw_players` puts in a row: two for 2 or 4 players, else three."""
    return 2 if players <= 2 or players == 4 else 3


def panel_height(players: int) -> int:
    """Height of the player panel drawn by `draw_players` (cards in rows of two or three)."""
    rows = -(-players // cards_per_row(players))
    return PANEL_PAD + rows * CARD_HEIGHT + (rows - 1) * CARD_GAP


@dataclass(frozen=True)
class CardBox:
    """Where one seat's card lies on an image (its top left corner and width), and where its text goes."""

    x: int
    y: int
    width: int

    @property
    def text_x(self) -> int:
        """The left end of the name and of the side."""
        return self.x + CARD_INSET + CARD_DISC + CARD_INSET

    @property
    def right(self) -> int:
        """The right end of the name and of the score."""
        return self.x + self.width - CARD_RIGHT

    @property
    def room(self) -> int:
        """How wide the name may be."""
        return self.right - self.text_x

    @property
    def baseline(self) -> int:
        """The baseline of the side and score line."""
        return self.y + SIDE_BASELINE


def card_box(width: int, players: int, seat: int, top: int = 0) -> CardBox:
    """The card of `seat` on a panel drawn at `top` across an image `width` px wide."""
    per_row = cards_per_row(players)
    card_w = (width - 2 * PANEL_PAD - (per_row - 1) * CARD_GAP) // per_row
    row, col = divmod(seat, per_row)
    return CardBox(PANEL_PAD + col * (card_w + CARD_GAP), top + PANEL_PAD + row * (CARD_HEIGHT + CARD_GAP), card_w)


_BREAK_AFTER = re.compile(r"[_\-./+]")


def _break_points(text: str) -> tuple[list[tuple[int, int]], ...]:
    """Where a name may be broken across two lines, as (end of the first line, start of the second),
    by kind, best first: at spaces (never right after a "·", which goes with what follows it), after
    "_", "-", ".", "/" or "+", and between any two characters."""
    spaces = [(i, i + 1) for i, ch in enumerate(text) if ch == " " and not text[:i].endswith("·")]
    marks = [(i, i) for i in range(1, len(text)) if _BREAK_AFTER.match(text[i - 1]) and text[i] != " "]
    anywhere = [(i, i) for i in range(1, len(text))]
    return spaces, marks, anywhere


def _two_lines(text: str, size: int, room: int, points: Sequence[tuple[int, int]]) -> tuple[str, str] | None:
    """`text` on two lines no wider than `room` at `size`, broken at one of `points`, the first line as
    long as it can be; None if no point works."""
    face = font(size, True)
    for end, start in reversed(points):
        first, second = text[:end].rstrip(), text[start:].lstrip()
        if first and second and face.getlength(first) <= room and face.getlength(second) <= room:
            return first, second
    return None


@lru_cache(maxsize=1024)
def name_layout(name: str, room: int) -> tuple[int, tuple[str, ...]]:
    """How a player's name (as `clean_name` gives it, in reading order) is set in `room` px on a card:
    (font size, lines). On one line at the largest of NAME_SIZES that fits; else on two lines at the
    largest of TWO_LINE_SIZES that fits, broken between words if that fits at any of them (else after
    a "_", "-", …, else anywhere); only if even that fails, on two lines at the smallest size with the
    second cut short with "…"."""
    for size in NAME_SIZES:
        if font(size, True).getlength(name) <= room:
            return size, (name,)
    for points in _break_points(name):  # a break between words at a smaller size before one inside a word
        for size in TWO_LINE_SIZES:
            lines = _two_lines(name, size, room, points)
            if lines is not None:
                return size, lines
    size = TWO_LINE_SIZES[-1]
    face = font(size, True)
    spaces, _, anywhere = _break_points(name)
    end, start = next((point for point in [*reversed(spaces), *reversed(anywhere)]
                       if face.getlength(name[:point[0]].rstrip()) <= room), (1, 1))
    return size, (name[:end].rstrip(), fit(name[start:].lstrip(), size, True, room))


def seat_marks(sides: Sequence[str]) -> list[str]:
    """One short mark per seat that tells the seats apart without colour: each side's initial ("R",
    "B", "G", "Y", "P", "O") when those are all different, else the seats' numbers."""
    initials = [side[:1].upper() for side in sides]
    return initials if len(set(initials)) == len(initials) and all(initials) else [str(k + 1) for k in range(len(sides))]


def marks_for(state) -> list[str] | None:
    """The seat marks (`seat_marks`) a picture draws on everything a seat owns, in a game of more than
    two players; None with two, whose seats are told apart by more than their hue already."""
    if state.players <= 2:
        return None
    game = GAMES[state.game]
    return seat_marks([game.seat_name(seat) for seat in range(state.players)])


@cache
def marked_disc(style: DiscStyle, diameter: int, mark: str = "", shadow: bool = True) -> Image.Image:
    """`disc(style, diameter)` with `mark` (a seat's letter) in its middle, in the ink that stands out
    most on the disc's colour."""
    sprite = disc(style, diameter, shadow)
    if not mark:
        return sprite
    sprite = sprite.copy()
    face = font(max(9, round(diameter * 0.5)), True)
    centre = sprite.width / 2, sprite.height / 2 + 0.5
    ImageDraw.Draw(sprite).text(centre, mark, font=face, fill=ink_on(style.base) + (255,), anchor="mm")
    return sprite


@cache
def seat_tag(style: DiscStyle, mark: str, diameter: int) -> Image.Image:
    """A small pale disc rimmed in a seat's colour and holding the seat's mark in its dark shade: set
    on a piece or a number of that seat wherever its colour alone would have to tell whose it is."""
    ss = SS
    side = (diameter + 2) * ss
    big = Image.new("RGBA", (side, side), (0, 0, 0, 0))
    ImageDraw.Draw(big).ellipse((ss, ss, side - ss - 1, side - ss - 1), fill=TEXT + (255,),
                                outline=style.dark + (255,), width=max(ss, round(diameter * ss * 0.1)))
    sprite = downsample(big)
    size = max(8, round(diameter * 0.66))
    ink = style.dark if luminance(style.dark) < 0.12 else INK
    baseline = sprite.height / 2 + cap_height(size) / 2
    ImageDraw.Draw(sprite).text((sprite.width / 2, baseline), mark, font=font(size, True), fill=ink + (255,), anchor="ms")
    return sprite


def card_state(seat: int, to_move: int | None, outcome: Outcome | None) -> str:
    """"turn", "winner", "loser", "draw" or "idle" for the card of `seat`."""
    if outcome is not None:
        if outcome.is_draw:
            return "draw"
        return "winner" if seat in outcome.places[0] else "loser"
    return "turn" if seat == to_move else "idle"


def ordinal(number: int) -> str:
    """"1st", "2nd", "3rd", "4th", …"""
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"


def card_badge(seat: int, to_move: int | None, outcome: Outcome | None) -> str:
    """The badge on a seat's card: "TO MOVE" during the game; at the end "WINNER" for the first place,
    "DRAW" when all share one place, and in a game of more than two the place of everyone else
    ("2ND", "3RD", …); nothing on a card that needs none."""
    kind = card_state(seat, to_move, outcome)
    if kind == "loser" and outcome is not None and sum(map(len, outcome.places)) > 2:
        place = next(number for number, group in enumerate(outcome.places, 1) if seat in group)
        return ordinal(place).upper()
    return {"turn": "TO MOVE", "winner": "WINNER", "draw": "DRAW"}.get(kind, "")


@cache
def _card(size: tuple[int, int], kind: str) -> Image.Image:
    if kind in ("turn", "winner"):
        return rounded_box(size, 12, mix(PANEL, HIGHLIGHT, 0.08), HIGHLIGHT, 3)
    return rounded_box(size, 12, PANEL, PANEL_EDGE, 1)


@cache
def _pill(text: str, size: int, fill: RGB, colour: RGB) -> Image.Image:
    face = font(size, True)
    left, top, right, bottom = face.getbbox(text)
    h = size + 8
    w = round(right - left) + 16
    pill = rounded_box((w, h), h // 2, fill).copy()
    ImageDraw.Draw(pill).text((w / 2, h / 2), text, font=face, fill=colour + (255,), anchor="mm")
    return pill


def name_lines(name: str, seat: int, room: int) -> tuple[int, tuple[str, ...]]:
    """The name of `seat` as its card sets it: (font size, lines in drawing order)."""
    size, lines = name_layout(clean_name(name, f"Player {seat + 1}"), room)
    return size, tuple(visual_order(line) for line in lines)


def draw_players(img: Image.Image, top: int, seats: Sequence[Seat], to_move: int | None, outcome: Outcome | None) -> None:
    """Draw one card per seat across the image, starting at `top`: the seat's disc (with its mark in a
    game of more than two, see `seat_marks`) and the name (on one line, or two: `name_layout`), the
    side and the score under it, and a badge (`card_badge`): who is to move, or once the game is over,
    the places."""
    n = len(seats)
    marks = seat_marks([seat.side for seat in seats]) if n > 2 else [""] * n
    draw = ImageDraw.Draw(img)
    for seat, info in enumerate(seats):
        box = card_box(img.width, n, seat, top)
        x, y = box.x, box.y
        kind = card_state(seat, to_move, outcome)
        card = _card((box.width, CARD_HEIGHT), kind)
        img.paste(card, (x, y), card)
        paste(img, marked_disc(info.style, CARD_DISC, marks[seat]), (x + CARD_INSET + CARD_DISC / 2, y + CARD_HEIGHT / 2))
        colour = MUTED if kind == "loser" else TEXT
        size, lines = name_lines(info.name, seat, box.room)
        face = font(size, True)
        if len(lines) == 1:  # one line, 22 px or smaller when that avoids cutting it short
            put_text(draw, (box.text_x, y + 36), lines[0], face, colour, "ls")
        else:  # two lines above the side
            first = y + 13 + cap_height(size)
            for k, line in enumerate(lines):
                put_text(draw, (box.text_x, first + k * round(size * 1.18)), line, face, colour, "ls")
        # the side on the left, the score on the right
        base = box.baseline
        if info.score:
            label_font, score_font = font(15), font(21, True)
            label = f" {info.score_label}" if info.score_label else ""
            put_text(draw, (box.right, base), label, label_font, MUTED, "rs")
            score_right = box.right - round(label_font.getlength(label))
            put_text(draw, (score_right, base), info.score, score_font, TEXT, "rs")
        put_text(draw, (box.text_x, base), info.side, font(16), MUTED, "ls")
        marker = card_badge(seat, to_move, outcome)
        if marker:  # a badge sitting on the card's top edge, at the right
            pill = _pill(marker, 13, HIGHLIGHT if kind in ("turn", "winner") else MUTED, HIGHLIGHT_TEXT)
            img.paste(pill, (x + box.width - 14 - pill.width, y - pill.height // 2), pill)


def result_text(outcome: Outcome, seats: Sequence[Seat], plain: bool = False, reason: bool = True,
                scores: bool = True) -> str:
    """"alice wins · 30–19 · board full", "Draw · threefold repetition", "carol wins · carol 37, alice 30,
    bob 12 · all 12 numbers written": scores only when they decided the result (see Outcome.scores),
    in finishing order, with names when more than two played. With `plain`, names are given in full
    (for text output); otherwise cleaned for the bundled font and kept short. `reason=False` and
    `scores=False` leave those out."""
    def names(share: int) -> list[str]:
        """Every seat's name, in a picture as wide as a `share` of the status line allows."""
        if plain:
            return [" ".join(seat.name.split()) or seat.side for seat in seats]
        return [fit(display_name(seat.name, f"Player {k + 1}"), 21, True, 330 // share) for k, seat in enumerate(seats)]

    parts = [who_won(outcome, names(len(outcome.places[0])))]
    if scores and outcome.scores is not None:
        order = outcome.finishing_order
        parts.append(scores_text(outcome, None if len(order) == 2 else names(len(order))))
    if reason and outcome.reason:
        parts.append(outcome.reason)
    return " · ".join(parts)


FOOTER_HEIGHT = 104  # the footer panel and the margin under it: room for the status and two detail lines
DETAIL_LINES = 2
DETAIL_SIZE = 16
BREAK = "\n"  # a detail segment starting with this starts a new line

Segment = tuple[str, RGB]  # a run of text in one colour


def _units(detail: Sequence[Segment]) -> list[list[Segment]]:
    """The detail line's words, each with the spaces after it and its colour; a lone "·" is kept with
    the word after it (so that no line ends with one), and a unit that starts a new line is marked by
    a first segment (BREAK, colour)."""
    units: list[list[Segment]] = []
    glue = forced = False
    for text, colour in detail:
        if text.startswith(BREAK):
            text, glue, forced = text[len(BREAK):], False, True
        for word in re.findall(r"\s*\S+\s*|\s+", text):
            if glue and units:
                units[-1].append((word, colour))
            else:
                units.append([(BREAK, colour), (word, colour)] if forced else [(word, colour)])
                forced = False
            glue = word.strip() == "·"
    return units


@lru_cache(maxsize=1024)
def wrap_detail(detail: tuple[Segment, ...], room: int, lines: int = DETAIL_LINES) -> tuple[tuple[Segment, ...], ...]:
    """The footer's detail segments set on at most `lines` lines of `room` px at DETAIL_SIZE: broken
    between words (or where a segment starts with BREAK), and only the last line, if even that is too
    short, cut with "…"."""
    face = font(DETAIL_SIZE)
    out: list[list[Segment]] = [[]]
    used = 0.0
    units = _units(detail)
    for k, unit in enumerate(units):
        forced = unit[0][0] == BREAK
        pieces = [(text, colour) for text, colour in unit if text != BREAK]
        if not pieces:
            continue
        if not out[-1]:
            pieces[0] = (pieces[0][0].lstrip(), pieces[0][1])
        width = sum(face.getlength(text) for text, _ in pieces)
        bare = width - (face.getlength(pieces[-1][0]) - face.getlength(pieces[-1][0].rstrip()))
        if out[-1] and (forced or used + bare > room):
            if len(out) == lines:  # no line left: cut this one short
                return _cut(out, units[k:], room)
            out.append([])
            used = 0.0
            if len(pieces) > 1 and pieces[0][0].strip() == "·":  # the break parts the two already
                pieces = pieces[1:]
            pieces[0] = (pieces[0][0].lstrip(), pieces[0][1])
            width = sum(face.getlength(text) for text, _ in pieces)
            bare = width - (face.getlength(pieces[-1][0]) - face.getlength(pieces[-1][0].rstrip()))
        if bare > room:  # one word longer than a whole line
            out[-1].append((fit("".join(text for text, _ in pieces).strip(), DETAIL_SIZE, False, room), pieces[0][1]))
            used = room
            continue
        out[-1].extend(pieces)
        used += width
    return tuple(tuple(line) for line in out if line)


def _cut(out: list[list[Segment]], rest: Sequence[list[Segment]], room: int) -> tuple[tuple[Segment, ...], ...]:
    """The lines set so far with the rest of the text run on at the end of the last one, as much of it
    as fits with "…" after it."""
    face = font(DETAIL_SIZE)
    pieces = out[-1] + [(" " if text == BREAK else text, colour) for unit in rest for text, colour in unit]
    out[-1] = []
    ellipsis = face.getlength("…")

    def width(k: int, end: int) -> float:  # the last line with pieces[:k] and pieces[k][:end]
        return sum(face.getlength(text) for text, _ in pieces[:k]) + face.getlength(pieces[k][0][:end].rstrip())

    for k, (text, colour) in enumerate(pieces):
        if width(k, len(text)) + ellipsis > room:  # the cut is in this piece: keep what fits with "…"
            end = max((e for e in range(len(text) + 1) if width(k, e) + ellipsis <= room), default=0)
            kept = [*pieces[:k], (text[:end].rstrip(), colour)]
            if not kept[-1][0]:
                kept.pop()
            if kept:
                kept[-1] = (kept[-1][0].rstrip(), kept[-1][1])
            out[-1].extend(kept)
            out[-1].append(("…", colour))
            break
    else:
        out[-1].extend(pieces)
    return tuple(tuple(line) for line in out)


def draw_footer(img: Image.Image, top: int, seats: Sequence[Seat], to_move: int | None, outcome: Outcome | None,
                detail: Sequence[Segment], aside: str = "") -> None:
    """A panel at `top`: the status (whose turn, or the result) in large type with a swatch, and under
    it the detail in coloured segments (the game's reason for ending first) on up to two lines, broken
    between words (see `wrap_detail`); the panel always has room for both, so the picture keeps its
    size. `aside`, if any, is set in small muted type at the right of the status line (a game's phase,
    say), and the status is cut short before it."""
    width = img.width
    box_w, box_h = width - 2 * PANEL_PAD, FOOTER_HEIGHT - PANEL_PAD
    panel = rounded_box((box_w, box_h), 12, PANEL, PANEL_EDGE, 1)
    img.paste(panel, (PANEL_PAD, top), panel)
    draw = ImageDraw.Draw(img)
    x = PANEL_PAD + 16
    inner = box_w - 32
    status_font = font(21, True)
    status_room = inner
    if aside:
        aside = fit(aside, 16, False, inner // 2)
        put_text(draw, (x + inner, top + 29), aside, font(16), MUTED, "rs")
        status_room -= round(font(16).getlength(aside)) + 16
    swatch: int | None = None
    if outcome is None and to_move is not None:
        swatch = to_move
        name = display_name(seats[to_move].name, f"Player {to_move + 1}")
        suffix = f" ({seats[to_move].side}) to move"
        status = fit(name, 21, True, status_room - 34 - round(status_font.getlength(suffix))) + suffix
        colour = TEXT
    elif outcome is not None:
        winners = sorted(outcome.places[0]) if not outcome.is_draw else []
        swatch = winners[0] if len(winners) == 1 else None
        # With more than two, the cards give every place and score: a list of them here would be cut short.
        status = result_text(outcome, seats, reason=False, scores=len(seats) == 2)
        status = fit(status, 21, True, status_room - (34 if swatch is not None else 0))
        colour = HIGHLIGHT
        if outcome.reason:
            detail = [(reason_sentence(outcome) + " · ", TEXT), *detail]
    else:
        status, colour = "", TEXT
    tx = x
    if swatch is not None:
        mark = seat_marks([seat.side for seat in seats])[swatch] if len(seats) > 2 else ""
        paste(img, marked_disc(seats[swatch].style, 24, mark), (x + 12, top + 21))
        tx = x + 34
    put_text(draw, (tx, top + 29), status, status_font, colour, "ls")
    detail_font = font(DETAIL_SIZE)
    for k, line in enumerate(wrap_detail(tuple(detail), inner)):
        dx = float(x)
        for text, colour in line:
            put_text(draw, (round(dx), top + 54 + 21 * k), text, detail_font, colour, "ls")
            dx += detail_font.getlength(text)


# --- PNG ---------------------------------------------------------------------------------------------
def panel_samples(width: int, styles: Sequence[DiscStyle], sides: Sequence[str]) -> Image.Image:
    """The player panel and footer drawn in every state (to move, won, lost, drawn; every note
    colour), for fitting a palette to them."""
    n = len(styles)
    seats = [Seat(f"Sample {sides[s]} Ag", sides[s], styles[s], str(10 + s), "pieces") for s in range(n)]
    block = panel_height(n) + FOOTER_HEIGHT
    outcomes: list[tuple[int | None, Outcome | None]] = [(0, None), (n - 1, None)]
    outcomes.append((None, Outcome.won(0, "sample", n)))
    outcomes.append((None, Outcome.drawn("sample", n)))
    detail = [(text, colour) for colour in (TEXT, MUTED, FAINT, NOTE, HIGHLIGHT) for text in ("Ag 0123 · ",)]
    sheet = Image.new("RGB", (width, block * len(outcomes)), BACKGROUND)
    for k, (to_move, outcome) in enumerate(outcomes):
        draw_players(sheet, k * block, seats, to_move, outcome)
        draw_footer(sheet, k * block + panel_height(n), seats, to_move, outcome, detail)
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


def move_detail(state, seats: Sequence[Seat], opening: Sequence[tuple[str, RGB]]) -> list[tuple[str, RGB]]:
    """The footer's second line: `opening` (a game's hint on how to begin) before the first move,
    then the last move with what it did; for a match that ended before anyone moved, just that."""
    if state.last is not None:
        return last_move_detail(state, seats)
    return list(opening) if state.outcome is None else [("No moves were played", MUTED)]


def last_move_detail(state, seats: Sequence[Seat]) -> list[tuple[str, RGB]]:
    """The footer's second line after a move: any automatic pass, then the move and what it did."""
    last = state.last
    parts: list[tuple[str, RGB]] = [(f"{seats[seat].side} had no legal move and passed · ", NOTE) for seat in last.passed]
    if not parts and state.outcome is None:  # otherwise the line starts with a note or the reason
        parts.append(("Last move ", MUTED))
    parts.append((f"{seats[last.seat].side} {last.notation}", TEXT))
    if last.effect:
        parts.append((f" · {last.effect}", MUTED))
    return parts


def text_players(state, seats: Sequence[Seat], symbols: Sequence[str], unit: str | None = None) -> list[str]:
    """One line per seat for a text board: symbol, side, name, score followed by `unit` (by default
    the seat's own score label; nothing for a game that keeps no score), and who is to move or, once
    the game is over, the badge of the picture's card ("winner", "2nd", "draw")."""
    lines = []
    for seat, info in enumerate(seats):
        name = " ".join((info.name or "").split()) or info.side
        badge = card_badge(seat, state.to_move, state.outcome).lower()
        marker = f"  <- {badge}" if badge else ""
        label = info.score_label if unit is None else unit
        score = f" — {info.score} {label}" if info.score else ""
        lines.append(f"{symbols[seat]} {info.side}: {name}{score}{marker}")
    return lines


def text_last_move(last, seats: Sequence[Seat]) -> str:
    """The last move for a text board, with its effect and any automatic pass."""
    note = f"Last move: {seats[last.seat].side} {last.notation}"
    if last.effect:
        note += f" ({last.effect})"
    for seat in last.passed:
        note += f"; {seats[seat].side} had no legal move and passed"
    return note
