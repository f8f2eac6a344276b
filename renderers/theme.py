"""What every game's renderer shares: fonts, palette, anti-aliased sprites, the player panel, the
status footer and PNG encoding.

Everything here is a pure function of its arguments; whatever is expensive to build (fonts, sprites,
panel backgrounds) is built once on first use and cached for the life of the process. Callers must
treat cached images as read-only: paste them, never draw on them.
"""
from __future__ import annotations

import io
import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Sequence

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
HIGHLIGHT: RGB = (247, 196, 64)  # last move, whose turn, the winner
HIGHLIGHT_TEXT: RGB = (30, 31, 34)  # text on a HIGHLIGHT fill
NOTE: RGB = (255, 168, 76)  # automatic passes and other notes


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
# More seats for N-player games, in seat order after White/Black-like pairs are not enough.
SEAT_STYLES = (
    DiscStyle((255, 160, 150), (222, 72, 62), (138, 30, 26), (80, 14, 12)),  # red
    DiscStyle((150, 200, 255), (56, 128, 230), (24, 62, 140), (12, 32, 80)),  # blue
    DiscStyle((170, 240, 170), (62, 178, 92), (24, 104, 48), (10, 56, 24)),  # green
    DiscStyle((255, 236, 150), (240, 196, 50), (168, 120, 10), (96, 66, 0)),  # yellow
    DiscStyle((222, 180, 255), (150, 92, 220), (84, 42, 140), (44, 18, 80)),  # purple
    DiscStyle((255, 200, 150), (240, 130, 40), (160, 70, 10), (90, 36, 0)),  # orange
)


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """The colour a fraction t of the way from a to b."""
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


# --- fonts -----------------------------------------------------------------------------------------
@lru_cache(maxsize=None)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The bundled DejaVu Sans at `size` px. The basic layout engine is forced so that a machine with
    or without libraqm draws the same pixels."""
    path = FONT_DIR / ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")
    return ImageFont.truetype(str(path), size, layout_engine=ImageFont.Layout.BASIC)


@lru_cache(maxsize=None)
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
    return text or fallback


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


# --- sprites ---------------------------------------------------------------------------------------
def downsample(big: Image.Image, factor: int = SS) -> Image.Image:
    """One high-quality reduction of a supersampled drawing."""
    return big.resize((big.width // factor, big.height // factor), Image.Resampling.LANCZOS, reducing_gap=None)


@lru_cache(maxsize=None)
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


@lru_cache(maxsize=None)
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


@lru_cache(maxsize=None)
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
    score_label: str = ""  # e.g. "pieces"


def seats_for(state, names: Sequence[str], styles: Sequence[DiscStyle], scores: Sequence[int] | None, score_label: str) -> list[Seat]:
    """The Seat list for a state: names fall back to the side's name when missing or blank."""
    game = GAMES[state.game]
    seats = []
    for seat in range(state.players):
        side = game.seat_name(seat)
        name = names[seat] if seat < len(names) else ""
        score = "" if scores is None else str(scores[seat])
        seats.append(Seat(name=name, side=side, style=styles[seat], score=score, score_label=score_label))
    return seats


PANEL_PAD = 16
CARD_HEIGHT = 76
CARD_GAP = 12


def panel_height(players: int) -> int:
    """Height of the player panel drawn by `draw_players` (cards in rows of two or three)."""
    per_row = 2 if players <= 2 or players == 4 else 3
    rows = -(-players // per_row)
    return PANEL_PAD + rows * CARD_HEIGHT + (rows - 1) * CARD_GAP


def card_state(seat: int, to_move: int | None, outcome: Outcome | None) -> str:
    """"turn", "winner", "loser", "draw" or "idle" for the card of `seat`."""
    if outcome is not None:
        if outcome.is_draw:
            return "draw"
        return "winner" if seat in outcome.places[0] else "loser"
    return "turn" if seat == to_move else "idle"


@lru_cache(maxsize=None)
def _card(size: tuple[int, int], kind: str) -> Image.Image:
    if kind in ("turn", "winner"):
        return rounded_box(size, 12, mix(PANEL, HIGHLIGHT, 0.08), HIGHLIGHT, 3)
    return rounded_box(size, 12, PANEL, PANEL_EDGE, 1)


@lru_cache(maxsize=None)
def _pill(text: str, size: int, fill: RGB, colour: RGB) -> Image.Image:
    face = font(size, True)
    left, top, right, bottom = face.getbbox(text)
    h = size + 8
    w = round(right - left) + 16
    pill = rounded_box((w, h), h // 2, fill).copy()
    ImageDraw.Draw(pill).text((w / 2, h / 2), text, font=face, fill=colour + (255,), anchor="mm")
    return pill


def draw_players(img: Image.Image, top: int, seats: Sequence[Seat], to_move: int | None, outcome: Outcome | None) -> None:
    """Draw one card per seat across the image, starting at `top`: colour swatch, name, side,
    score, and a marker for whose turn it is (or, once the game is over, who won)."""
    width = img.width
    n = len(seats)
    per_row = 2 if n <= 2 or n == 4 else 3
    card_w = (width - 2 * PANEL_PAD - (per_row - 1) * CARD_GAP) // per_row
    draw = ImageDraw.Draw(img)
    for seat, info in enumerate(seats):
        row, col = divmod(seat, per_row)
        x = PANEL_PAD + col * (card_w + CARD_GAP)
        y = top + PANEL_PAD + row * (CARD_HEIGHT + CARD_GAP)
        kind = card_state(seat, to_move, outcome)
        card = _card((card_w, CARD_HEIGHT), kind)
        img.paste(card, (x, y), card)
        swatch = disc(info.style, 44)
        paste(img, swatch, (x + 12 + 22, y + CARD_HEIGHT / 2))
        text_x = x + 12 + 44 + 12
        # the score, right-aligned
        right = x + card_w - 14
        if info.score:
            score_font = font(30, True)
            draw.text((right, y + 33), info.score, font=score_font, fill=TEXT, anchor="rs")
            draw.text((right, y + 58), info.score_label, font=font(13), fill=MUTED, anchor="rs")
            right -= max(round(score_font.getlength(info.score)), round(font(13).getlength(info.score_label))) + 12
        name = fit(display_name(info.name, info.side), 22, True, right - text_x)
        dim = kind == "loser"
        draw.text((text_x, y + 33), name, font=font(22, True), fill=MUTED if dim else TEXT, anchor="ls")
        # the side's name, then the marker
        side_font = font(15)
        draw.text((text_x, y + 58), info.side, font=side_font, fill=MUTED, anchor="ls")
        marker = {"turn": "TO MOVE", "winner": "WINNER", "draw": "DRAW"}.get(kind)
        if marker:
            pill = _pill(marker, 12, HIGHLIGHT if kind != "draw" else MUTED, HIGHLIGHT_TEXT)
            px = text_x + round(side_font.getlength(info.side)) + 8
            if px + pill.width <= right + 10:
                img.paste(pill, (px, y + 58 - 5 - pill.height // 2 - 3), pill)


def result_text(outcome: Outcome, seats: Sequence[Seat]) -> str:
    """"alice wins · 30–19 · board full", "Draw · threefold repetition", …"""
    def who(seat: int) -> str:
        return fit(display_name(seats[seat].name, seats[seat].side), 20, True, 200)

    if outcome.is_draw:
        head = "Draw"
    else:
        winners = sorted(outcome.places[0])
        head = " and ".join(who(s) for s in winners) + (" win" if len(winners) > 1 else " wins")
    parts = [head]
    if outcome.scores is not None:
        parts.append("–".join(str(s) for s in outcome.scores))
    if outcome.reason:
        parts.append(outcome.reason)
    return " · ".join(parts)


FOOTER_HEIGHT = 78


def draw_footer(img: Image.Image, top: int, seats: Sequence[Seat], to_move: int | None, outcome: Outcome | None,
                detail: Sequence[tuple[str, RGB]]) -> None:
    """A panel at `top`: the status (whose turn, or the result) in large type with a swatch, and a
    detail line of coloured segments (last move, passes) under it."""
    width = img.width
    box_w, box_h = width - 2 * PANEL_PAD, FOOTER_HEIGHT - PANEL_PAD
    panel = rounded_box((box_w, box_h), 12, PANEL, PANEL_EDGE, 1)
    img.paste(panel, (PANEL_PAD, top), panel)
    draw = ImageDraw.Draw(img)
    x = PANEL_PAD + 16
    inner = box_w - 32
    status_font = font(20, True)
    if outcome is None and to_move is not None:
        info = seats[to_move]
        paste(img, disc(info.style, 22), (x + 11, top + 20))
        name = display_name(info.name, info.side)
        suffix = f" ({info.side}) to move" if name != info.side else " to move"
        name = fit(name, 20, True, inner - 34 - round(status_font.getlength(suffix)))
        draw.text((x + 32, top + 28), name + suffix, font=status_font, fill=TEXT, anchor="ls")
    elif outcome is not None:
        winners = sorted(outcome.places[0]) if not outcome.is_draw else []
        tx = x
        if len(winners) == 1:
            paste(img, disc(seats[winners[0]].style, 22), (x + 11, top + 20))
            tx = x + 32
        text = fit(result_text(outcome, seats), 20, True, inner - (tx - x))
        draw.text((tx, top + 28), text, font=status_font, fill=HIGHLIGHT, anchor="ls")
    detail_font = font(15)
    dx = x
    for text, colour in detail:
        room = x + inner - dx
        if room <= 12:
            break
        shown = fit(text, 15, False, room)
        draw.text((dx, top + 51), shown, font=detail_font, fill=colour, anchor="ls")
        dx += round(detail_font.getlength(shown))


# --- PNG ---------------------------------------------------------------------------------------------
def palette_for(sample: Image.Image, colours: int = 256) -> Image.Image:
    """A fixed palette image for `encode_png`, fitted to the colours that occur in `sample` (each
    distinct colour counted once, so that rare anti-aliasing shades get entries too)."""
    found = sample.convert("RGB").getcolors(maxcolors=1 << 24) or []
    strip = Image.new("RGB", (len(found), 1))
    strip.putdata([c for _, c in sorted(found, key=lambda item: item[1])])
    return strip.quantize(colours, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)


def encode_png(img: Image.Image, palette: Image.Image | None = None) -> bytes:
    """PNG bytes, fast: zlib level 1, and with a palette the image is mapped onto it first (8-bit
    indexed PNGs skip the costly per-row filter search and come out several times smaller)."""
    if palette is not None:
        img = img.quantize(palette=palette, dither=Image.Dither.NONE)
    buf = io.BytesIO()
    img.save(buf, "PNG", compress_level=1)
    return buf.getvalue()
