"""The colours of every picture, chosen for Discord's dark theme (the image itself is opaque): the
panel and text greys, HIGHLIGHT for the last move, whose turn and the winner, the seats' disc styles
(SEAT_STYLES), `Colours`, what a game's board is drawn in (each renderer's `colours(state)`, which
tests/test_palette.py keeps apart for normal vision and the common colour-vision deficiencies), and
the arithmetic on colours the renderers share (`mix`, `luminance`, `ink_on`).
"""
from __future__ import annotations

from dataclasses import dataclass

RGB = tuple[int, int, int]

BACKGROUND: RGB = (30, 31, 34)
PANEL: RGB = (43, 45, 49)
PANEL_EDGE: RGB = (62, 65, 71)
TEXT: RGB = (242, 243, 245)
MUTED: RGB = (170, 174, 182)
FAINT: RGB = (120, 124, 132)
HIGHLIGHT: RGB = (90, 219, 240)  # last move, whose turn, the winner: a bright cyan, a hue no seat uses
HIGHLIGHT_TEXT: RGB = (30, 31, 34)  # text on a HIGHLIGHT fill
NOTE: RGB = (255, 168, 76)  # automatic passes and other notes
LOW_TIME: RGB = NOTE  # a clock running low: a colour every game's PNG palette holds (the footer's notes)


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """The colour a fraction t of the way from a to b."""
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


def luminance(colour: RGB) -> float:
    """Relative luminance (WCAG 2): 0 for black, 1 for white."""
    def lin(channel: int) -> float:
        c = channel / 255
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
# and blue take the first two. Any two of them, each of them and HIGHLIGHT, and each of them and the
# squares it is drawn on stay apart for normal vision and for simulated protanopia, deuteranopia and
# tritanopia (tests/test_palette.py): lightness does much of the work, from purple, the darkest, and a
# deep red through blue, orange and green to yellow, the lightest; green leans to blue, away from red
# and orange, and purple to magenta, away from blue.
SEAT_STYLES = tuple(shaded(base) for base in (
    (190, 52, 46),  # red
    (78, 118, 255),  # blue
    (40, 172, 118),  # green
    (255, 209, 50),  # yellow
    (138, 14, 166),  # purple
    (228, 113, 4),  # orange
))


@dataclass(frozen=True)
class Colours:
    """What a game's board is drawn in, as its renderer's `colours(state)` gives it: tests/test_palette.py
    keeps every two seats, every seat and every ground, and the highlight and all of them apart."""

    seats: tuple[tuple[RGB, ...], ...]  # for each seat, every colour its pieces, lines and marks take
    grounds: tuple[RGB, ...]  # every colour they stand on: squares, cells, terrain, the background
    highlight: tuple[RGB, ...] = (HIGHLIGHT,)  # what marks the last move on the board
