"""Colours for everyone: every two seats of a game, and every seat and the last-move highlight, stay
apart for normal vision and for the three common colour-vision deficiencies, simulated.

The simulation is Machado, Oliveira & Fernandes (2009), "A Physiologically-based Model for Simulation
of Color Vision Deficiency", IEEE Transactions on Visualization and Computer Graphics 15(6), 1291–1298:
a 3×3 matrix per deficiency, here the ones for severity 1.0 (dichromacy: protanopia, deuteranopia,
tritanopia) from the paper's table, applied to linear RGB. The result is converted to CIELAB (D65) and
compared with the CIE 1976 colour difference ΔE*ab.

The threshold, MIN_DELTA_E = 20, is about nine just-noticeable differences (ΔE*ab ≈ 2.3): the pieces,
x's, lines and badges are small marks, and a colour difference that is only noticeable side by side
on large patches vanishes on marks a few pixels across (Stone, Albers Szafir & Setlur 2014, "An
Engineering Model for Color Difference as a Function of Size", put the difference needed for small
marks at several times that for large fields), so a seat must be told apart at a glance, not found
by comparison.
"""
from __future__ import annotations

import itertools
import math

import pytest

from renderers import RENDERERS, theme
from rules import GAMES

MIN_DELTA_E = 20.0

Matrix = tuple[tuple[float, float, float], ...]
# Machado et al. 2009, severity 1.0, linear RGB in, linear RGB out.
VISIONS: dict[str, Matrix | None] = {
    "normal": None,
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}


def linear(channel: int) -> float:
    """An sRGB channel (0..255) as linear light (0..1)."""
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def simulate(rgb: theme.RGB, matrix: Matrix | None) -> tuple[float, float, float]:
    """The colour as linear RGB, seen through `matrix` (clipped to the displayable range)."""
    lin = [linear(c) for c in rgb]
    if matrix is None:
        return lin[0], lin[1], lin[2]
    r, g, b = (min(1.0, max(0.0, sum(row[k] * lin[k] for k in range(3)))) for row in matrix)
    return r, g, b


def lab(lin: tuple[float, float, float]) -> tuple[float, float, float]:
    """Linear sRGB (D65) as CIELAB."""
    r, g, b = lin
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e(a: theme.RGB, b: theme.RGB, vision: str) -> float:
    """ΔE*ab (CIE 1976) between two sRGB colours as seen with `vision`."""
    matrix = VISIONS[vision]
    return math.dist(lab(simulate(a, matrix)), lab(simulate(b, matrix)))


def seat_colours(name: str) -> dict[str, theme.RGB]:
    """Each side of a game, with as many players as it allows, and the colour its pieces are drawn in
    (taken from what the renderer puts on the cards)."""
    game = GAMES[name]
    state = game.start(players=game.players.stop - 1)
    return {seat.side: seat.style.base for seat in RENDERERS[name].seats(state, [])}


# --- the colour maths, checked against known values --------------------------------------------------
def test_lab_of_known_colours():
    assert lab(simulate((255, 255, 255), None)) == pytest.approx((100.0, 0.0, 0.0), abs=0.01)
    assert lab(simulate((0, 0, 0), None)) == pytest.approx((0.0, 0.0, 0.0), abs=0.01)
    assert lab(simulate((255, 0, 0), None)) == pytest.approx((53.24, 80.09, 67.20), abs=0.02)
    assert lab(simulate((0, 0, 255), None)) == pytest.approx((32.30, 79.19, -107.86), abs=0.02)
    assert delta_e((255, 0, 0), (0, 0, 255), "normal") == pytest.approx(176.3, abs=0.1)


@pytest.mark.parametrize("vision", [v for v in VISIONS if v != "normal"])
def test_simulations_keep_greys_and_lose_their_axis(vision):
    for grey in (0, 64, 128, 200, 255):  # every row of every matrix sums to 1
        assert delta_e((grey, grey, grey), (grey, grey, grey), vision) == 0
        assert lab(simulate((grey,) * 3, VISIONS[vision]))[1:] == pytest.approx((0, 0), abs=0.01)
    # the confusion each one is known for: a red and an olive green for the first two, a blue and a
    # grey-green for the third, far apart for normal vision
    pair = {"protanopia": ((220, 60, 60), (90, 100, 60)), "deuteranopia": ((220, 80, 60), (130, 140, 60)),
            "tritanopia": ((60, 130, 200), (80, 150, 140))}[vision]
    assert delta_e(*pair, "normal") > 45 and delta_e(*pair, vision) < 10


def test_the_former_palette_fails_the_check():
    """The gold highlight and the yellow seat of before, and its blue and purple: the check catches them."""
    gold, yellow = (247, 196, 64), (240, 196, 50)
    blue, purple = (56, 128, 230), (150, 92, 220)
    assert all(delta_e(gold, yellow, vision) < MIN_DELTA_E for vision in VISIONS)
    assert delta_e(blue, purple, "normal") > MIN_DELTA_E > delta_e(blue, purple, "deuteranopia")


# --- the palette ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("vision", list(VISIONS))
@pytest.mark.parametrize("name", sorted(RENDERERS))
def test_every_two_seats_of_a_game_stay_apart(name, vision):
    colours = seat_colours(name)
    assert len(colours) == GAMES[name].players.stop - 1
    for (one, a), (other, b) in itertools.combinations(colours.items(), 2):
        assert delta_e(a, b, vision) >= MIN_DELTA_E, (one, other, round(delta_e(a, b, vision), 1))


@pytest.mark.parametrize("vision", list(VISIONS))
@pytest.mark.parametrize("name", sorted(RENDERERS))
def test_the_highlight_stands_apart_from_every_seat(name, vision):
    for side, colour in seat_colours(name).items():
        assert delta_e(colour, theme.HIGHLIGHT, vision) >= MIN_DELTA_E, (side, round(delta_e(colour, theme.HIGHLIGHT, vision), 1))


def test_all_six_seat_colours_are_checked():
    assert set(seat_colours("permutation").values()) == {style.base for style in theme.SEAT_STYLES}
    assert len(theme.SEAT_STYLES) == 6
