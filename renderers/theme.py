"""What every game's renderer shares: fonts, palette, anti-aliased sprites, the player panel, the
status footer and PNG encoding.

Every game's renderer module offers, besides `render(state, names) -> bytes`, `text(state, names) -> str`
and `image(state, names)` (see renderers/__init__.py), `seats(state, names) -> list[Seat]`: the seats
as its picture shows them on the player cards (the player's name as given, the side, the score and
its unit in the right number, an empty score where the game keeps none), for describing the picture
in words (alt text). A new game's module offers the same four.

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
def _notdef(bold: bool) -> bytes:
    mask = font(20, bold).getmask("\U0010fffd")  # a private-use code point: surely not in the font
    return bytes(mask)


@lru_cache(maxsize=4096)
def has_glyph(char: str, bold: bool = False) -> bool:
    """Whether the bundled font draws `char` (rather than its empty-box "missing glyph")."""
    if unicodedata.category(char) in ("Mn", "Me", "Cf"):
        return False  # marks and format characters: the basic layout engine cannot place them
    return bytes(font(20, bold).getmask(char)) != _notdef(bold)


_SPACES = re.compile(r"\s+")


@lru_cache(maxsize=1024)
def display_name(name: str, fallback: str, bold: bool = True) -> str:
    """A player's name as it can be drawn: whitespace collapsed, characters the bundled font lacks
    (emoji, CJK, …) left out, and `fallback` when nothing printable is left."""
    text = _SPACES.sub(" ", unicodedata.normalize("NFC", name or "")).strip()
    text = "".join(ch for ch in text if ch == " " or (ch.isprintable() and has_glyph(ch, bold)))
    text = _SPACES.sub(" ", text).strip()
    return visual_order(text) or fallback


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
    with each string's glyphs rendered once: the names, sides and scores on the cards come back on
    every board of a match, and rendering glyphs was a quarter of the time a board took."""
    ink, fill_ink = draw._getink(fill)
    ink = fill_ink if ink is None else ink
    x, y = xy
    mask, (dx, dy) = _glyphs(line, face, draw.fontmode, anchor, ink, (math.modf(x)[0], math.modf(y)[0]))
    draw.draw.draw_bitmap((int(x) + dx, int(y) + dy), mask, ink)


@lru_cache(maxsize=2048)
def _glyphs(line: str, face: ImageFont.FreeTypeFont, mode: str, anchor: str, ink: int, start: tuple[float, float]):
    return face.getmask2(line, mode, None, None, None, 0, anchor, ink, start, stroke_filled=True)


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


def counted(count: int, unit: Unit) -> str:
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
        label = "" if scores is None else counted(scores[seat], unit)
        seats.append(Seat(name=name, side=side, style=styles[seat], score=score, score_label=label))
    return seats


PANEL_PAD = 18
CARD_HEIGHT = 76
CARD_GAP = 12


def cards_per_row(players: int) -> int:
    """How many player cards `draw_players` puts in a row: two for 2 or 4 players, else three."""
    return 2 if players <= 2 or players == 4 else 3


def panel_height(players: int) -> int:
    """Height of the player panel drawn by `draw_players` (cards in rows of two or three)."""
    rows = -(-players // cards_per_row(players))
    return PANEL_PAD + rows * CARD_HEIGHT + (rows - 1) * CARD_GAP


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


def draw_players(img: Image.Image, top: int, seats: Sequence[Seat], to_move: int | None, outcome: Outcome | None) -> None:
    """Draw one card per seat across the image, starting at `top`: colour swatch and name on the
    first line, the side and the score on the second, and a badge (`card_badge`): who is to move, or
    once the game is over, the places."""
    width = img.width
    n = len(seats)
    per_row = cards_per_row(n)
    card_w = (width - 2 * PANEL_PAD - (per_row - 1) * CARD_GAP) // per_row
    draw = ImageDraw.Draw(img)
    for seat, info in enumerate(seats):
        row, col = divmod(seat, per_row)
        x = PANEL_PAD + col * (card_w + CARD_GAP)
        y = top + PANEL_PAD + row * (CARD_HEIGHT + CARD_GAP)
        kind = card_state(seat, to_move, outcome)
        card = _card((card_w, CARD_HEIGHT), kind)
        img.paste(card, (x, y), card)
        paste(img, disc(info.style, 44), (x + 12 + 22, y + CARD_HEIGHT / 2))
        text_x = x + 12 + 44 + 12
        right = x + card_w - 14
        # line 1: the name, 22 px, or smaller when that avoids cutting it short
        name = display_name(info.name, f"Player {seat + 1}")
        room = right - text_x
        size = next((s for s in (22, 20, 18) if font(s, True).getlength(name) <= room), 18)
        name = fit(name, size, True, room)
        put_text(draw, (text_x, y + 32), name, font(size, True), MUTED if kind == "loser" else TEXT, "ls")
        # line 2: the side on the left, the score on the right
        base = y + 60
        if info.score:
            label_font, score_font = font(15), font(21, True)
            label = f" {info.score_label}" if info.score_label else ""
            put_text(draw, (right, base), label, label_font, MUTED, "rs")
            score_right = right - round(label_font.getlength(label))
            put_text(draw, (score_right, base), info.score, score_font, TEXT, "rs")
        put_text(draw, (text_x, base), info.side, font(16), MUTED, "ls")
        marker = card_badge(seat, to_move, outcome)
        if marker:  # a badge sitting on the card's top edge, at the right
            pill = _pill(marker, 13, HIGHLIGHT if kind in ("turn", "winner") else MUTED, HIGHLIGHT_TEXT)
            img.paste(pill, (x + card_w - 14 - pill.width, y - pill.height // 2), pill)


def and_list(items: Sequence[str]) -> str:
    """"a", "a and b", "a, b and c"."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def result_text(outcome: Outcome, seats: Sequence[Seat], plain: bool = False, reason: bool = True) -> str:
    """"alice wins · 30–19 · board full", "Draw · 24–24 · threefold repetition", … With `plain`,
    names are given in full (for text output); otherwise cleaned for the bundled font and kept
    short. `reason=False` leaves the reason out."""
    def who(seat: int) -> str:
        if plain:
            return " ".join(seats[seat].name.split()) or seats[seat].side
        return fit(display_name(seats[seat].name, f"Player {seat + 1}"), 21, True, 330 // len(outcome.places[0]))

    if outcome.is_draw:
        head = "Draw"
    else:
        winners = [who(s) for s in sorted(outcome.places[0])]
        head = and_list(winners) + (" win" if len(winners) > 1 else " wins")
    parts = [head]
    if outcome.scores is not None:
        parts.append("–".join(str(s) for s in outcome.scores))
    if reason and outcome.reason:
        parts.append(outcome.reason)
    return " · ".join(parts)


FOOTER_HEIGHT = 80


def draw_footer(img: Image.Image, top: int, seats: Sequence[Seat], to_move: int | None, outcome: Outcome | None,
                detail: Sequence[tuple[str, RGB]], aside: str = "") -> None:
    """A panel at `top`: the status (whose turn, or the result) in large type with a swatch, and a
    detail line of coloured segments under it (the game's reason for ending comes first). `aside`,
    if any, is set in small muted type at the right of the status line (a game's phase, say), and
    the status is cut short before it."""
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
    swatch: Seat | None = None
    if outcome is None and to_move is not None:
        swatch = seats[to_move]
        name = display_name(swatch.name, f"Player {to_move + 1}")
        suffix = f" ({swatch.side}) to move"
        status = fit(name, 21, True, status_room - 34 - round(status_font.getlength(suffix))) + suffix
        colour = TEXT
    elif outcome is not None:
        winners = sorted(outcome.places[0]) if not outcome.is_draw else []
        swatch = seats[winners[0]] if len(winners) == 1 else None
        status = result_text(outcome, seats, reason=False)
        status = fit(status, 21, True, status_room - (34 if swatch else 0))
        colour = HIGHLIGHT
        if outcome.reason:
            named = any(outcome.reason.startswith(seat.name + " ") for seat in seats if seat.name)
            reason = outcome.reason if named else outcome.reason[:1].upper() + outcome.reason[1:]  # "bob resigned" stays so
            detail = [(reason + " · ", TEXT), *detail]
    else:
        status, colour = "", TEXT
    tx = x
    if swatch is not None:
        paste(img, disc(swatch.style, 24), (x + 12, top + 21))
        tx = x + 34
    put_text(draw, (tx, top + 29), status, status_font, colour, "ls")
    detail_font = font(16)
    dx = x
    for text, colour in detail:
        room = x + inner - dx
        if room <= 12:
            break
        shown = fit(text, 16, False, room)
        put_text(draw, (dx, top + 53), shown, detail_font, colour, "ls")
        dx += round(detail_font.getlength(shown))


# --- PNG ---------------------------------------------------------------------------------------------
def panel_samples(width: int, styles: Sequence[DiscStyle], sides: Sequence[str]) -> Image.Image:
    """The player panel and footer drawn in every state (to move, won, lost, drawn; every note
    colour), for fitting a palette to them."""
    n = len(styles)
    seats = [Seat(f"Sample {sides[s]} Ag", sides[s], styles[s], str(10 + s), "pieces") for s in range(n)]
    block = panel_height(n) + FOOTER_HEIGHT
    outcomes: list[tuple[int | None, Outcome | None]] = [(0, None), (n - 1, None)]
    outcomes.append((None, Outcome(places=(frozenset({0}), frozenset(range(1, n))), scores=None, reason="sample")))
    outcomes.append((None, Outcome(places=(frozenset(range(n)),), scores=None, reason="sample")))
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
    the seat's own score label), and who is to move or, once the game is over, the badge of the
    picture's card ("winner", "2nd", "draw")."""
    lines = []
    for seat, info in enumerate(seats):
        name = " ".join((info.name or "").split()) or info.side
        badge = card_badge(seat, state.to_move, state.outcome).lower()
        marker = f"  <- {badge}" if badge else ""
        label = info.score_label if unit is None else unit
        lines.append(f"{symbols[seat]} {info.side}: {name} — {info.score} {label}{marker}")
    return lines


def text_last_move(last, seats: Sequence[Seat]) -> str:
    """The last move for a text board, with its effect and any automatic pass."""
    note = f"Last move: {seats[last.seat].side} {last.notation}"
    if last.effect:
        note += f" ({last.effect})"
    for seat in last.passed:
        note += f"; {seats[seat].side} had no legal move and passed"
    return note
