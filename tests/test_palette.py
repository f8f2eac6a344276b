"""Colours for everyone: on every board of every registered game, with every number of players, every
two seats, every seat and what it stands on (the squares, the cells, the terrain of each height), and
the last-move highlight and all of them, stay apart for normal vision and for the three common
colour-vision deficiencies, simulated; and so do the lines of the analysis graph.

The simulation is Machado, Oliveira & Fernandes (2009), "A Physiologically-based Model for Simulation
of Color Vision Deficiency", IEEE Transactions on Visualization and Computer Graphics 15(6), 1291–1298:
a 3×3 matrix per deficiency, here the ones for severity 1.0 (dichromacy: protanopia, deuteranopia,
tritanopia) from the paper's table, applied to linear RGB. The result is converted to CIELAB (D65) and
compared with the CIEDE2000 colour difference ΔE00 (Sharma, Wu & Dalal 2005, "The CIEDE2000
Color-Difference Formula: Implementation Notes, Supplementary Test Data, and Mathematical
Observations", Color Research & Application 30(1), 21–30, whose test data check the formula here).

ΔE00 rather than the CIE 1976 ΔE*ab: ΔE*ab counts a difference in chroma as much as one in lightness,
so it passed a red and a green that deuteranopia turns into an olive and a khaki of one lightness
(ΔE*ab 22, ΔE00 10). The threshold, MIN_DELTA_E = 15, is about fifteen just-noticeable differences
(ΔE00 ≈ 1 for large patches): pieces, lines and badges are small marks, and a difference that is only
noticeable side by side on large patches vanishes on marks a few pixels across (Stone, Albers Szafir &
Setlur 2014, "An Engineering Model for Color Difference as a Function of Size", put the difference
needed for small marks at several times that for large fields), so a seat must stand out at a glance,
not be found by comparison.
"""
from __future__ import annotations

import itertools
import math

import pytest

from games import GAMES, REGISTRY
from renderers import graph, theme

MIN_DELTA_E = 15.0

Matrix = tuple[tuple[float, float, float], ...]
# Machado et al. 2009, severity 1.0, linear RGB in, linear RGB out.
VISIONS: dict[str, Matrix | None] = {
    "normal": None,
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}
Lab = tuple[float, float, float]


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


def lab(lin: tuple[float, float, float]) -> Lab:
    """Linear sRGB (D65) as CIELAB."""
    r, g, b = lin
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def ciede2000(one: Lab, other: Lab) -> float:
    """ΔE00 between two CIELAB colours (Sharma, Wu & Dalal 2005; kL = kC = kH = 1)."""
    (l1, a1, b1), (l2, a2, b2) = one, other
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean ** 7 / (c_mean ** 7 + 25 ** 7)))
    a1, a2 = a1 * (1 + g), a2 * (1 + g)
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    h1 = math.degrees(math.atan2(b1, a1)) % 360 if c1 else 0.0
    h2 = math.degrees(math.atan2(b2, a2)) % 360 if c2 else 0.0
    dh = h2 - h1
    if c1 * c2 == 0:
        dh = 0.0
    elif dh > 180:
        dh -= 360
    elif dh < -180:
        dh += 360
    dl, dc = l2 - l1, c2 - c1
    dhh = 2 * math.sqrt(c1 * c2) * math.sin(math.radians(dh / 2))
    l_mean, c_mean = (l1 + l2) / 2, (c1 + c2) / 2
    if c1 * c2 == 0:
        h_mean = h1 + h2
    elif abs(h1 - h2) <= 180:
        h_mean = (h1 + h2) / 2
    else:
        h_mean = (h1 + h2 + 360) / 2 if h1 + h2 < 360 else (h1 + h2 - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(h_mean - 30)) + 0.24 * math.cos(math.radians(2 * h_mean))
         + 0.32 * math.cos(math.radians(3 * h_mean + 6)) - 0.20 * math.cos(math.radians(4 * h_mean - 63)))
    s_l = 1 + 0.015 * (l_mean - 50) ** 2 / math.sqrt(20 + (l_mean - 50) ** 2)
    s_c = 1 + 0.045 * c_mean
    s_h = 1 + 0.015 * c_mean * t
    rotation = -math.sin(math.radians(60 * math.exp(-(((h_mean - 275) / 25) ** 2)))) * 2 * math.sqrt(
        c_mean ** 7 / (c_mean ** 7 + 25 ** 7))
    return math.sqrt((dl / s_l) ** 2 + (dc / s_c) ** 2 + (dhh / s_h) ** 2 + rotation * (dc / s_c) * (dhh / s_h))


def delta_e(a: theme.RGB, b: theme.RGB, vision: str) -> float:
    """ΔE00 between two sRGB colours as seen with `vision`."""
    matrix = VISIONS[vision]
    return ciede2000(lab(simulate(a, matrix)), lab(simulate(b, matrix)))


def delta_e76(a: theme.RGB, b: theme.RGB, vision: str) -> float:
    """ΔE*ab (CIE 1976), the difference this test used before."""
    matrix = VISIONS[vision]
    return math.dist(lab(simulate(a, matrix)), lab(simulate(b, matrix)))


# --- the colour maths, checked against known values --------------------------------------------------
def test_lab_of_known_colours():
    assert lab(simulate((255, 255, 255), None)) == pytest.approx((100.0, 0.0, 0.0), abs=0.01)
    assert lab(simulate((0, 0, 0), None)) == pytest.approx((0.0, 0.0, 0.0), abs=0.01)
    assert lab(simulate((255, 0, 0), None)) == pytest.approx((53.24, 80.09, 67.20), abs=0.02)
    assert lab(simulate((0, 0, 255), None)) == pytest.approx((32.30, 79.19, -107.86), abs=0.02)


@pytest.mark.parametrize(("one", "other", "expected"), [  # pairs of Sharma, Wu & Dalal's test data (Table 1)
    ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
    ((50.0, -1.3802, -84.2814), (50.0, 0.0, -82.7485), 1.0000),
    ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
    ((50.0, 2.5, 0.0), (50.0, 0.0, -2.5), 4.3065),
    ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
    ((22.7233, 20.0904, -46.6940), (23.0331, 14.9730, -42.5619), 2.0373),
    ((2.0776, 0.0795, -1.1350), (0.9033, -0.0636, -0.5514), 0.9082),
])
def test_ciede2000_gives_the_published_differences(one, other, expected):
    assert ciede2000(one, other) == pytest.approx(expected, abs=1e-4)
    assert ciede2000(other, one) == pytest.approx(expected, abs=1e-4)


@pytest.mark.parametrize("vision", [v for v in VISIONS if v != "normal"])
def test_simulations_keep_greys_and_lose_their_axis(vision):
    for grey in (0, 64, 128, 200, 255):  # every row of every matrix sums to 1
        assert delta_e((grey, grey, grey), (grey, grey, grey), vision) == 0
        assert lab(simulate((grey,) * 3, VISIONS[vision]))[1:] == pytest.approx((0, 0), abs=0.01)
    # the confusion each one is known for: a red and an olive green for the first two, a blue and a
    # grey-green for the third, far apart for normal vision
    pair = {"protanopia": ((220, 60, 60), (90, 100, 60)), "deuteranopia": ((220, 80, 60), (130, 140, 60)),
            "tritanopia": ((60, 130, 200), (80, 150, 140))}[vision]
    assert delta_e(*pair, "normal") > 25 and delta_e(*pair, vision) < 10


def test_the_former_palette_fails_the_check():
    """What testers found: the former Red and Green (olive and khaki under deuteranopia), Blue and Green
    (teal under tritanopia), and Elevation's Red on its olive ground (protanopia) fail the check, though
    the former one, ΔE*ab ≥ 20, passed the first two."""
    red, blue, green = (218, 68, 61), (54, 119, 227), (30, 170, 103)
    olive_ground = (64, 104, 56)
    assert delta_e(red, green, "deuteranopia") < MIN_DELTA_E <= 20 < delta_e76(red, green, "deuteranopia")
    assert delta_e(blue, green, "tritanopia") < MIN_DELTA_E <= 20 < delta_e76(blue, green, "tritanopia")
    assert delta_e(red, olive_ground, "protanopia") < 5


# --- every board ---------------------------------------------------------------------------------------
def boards():
    """(game, players) for every registered game and number of players."""
    return [(name, players) for name in sorted(GAMES) for players in GAMES[name].players]


def colours_of(name: str, players: int) -> theme.Colours:
    module = REGISTRY[name].renderer
    assert callable(getattr(module, "colours", None)), (
        f"renderer of {name}: give colours(state), what its board is drawn in (see renderers.Renderer)")
    found = module.colours(GAMES[name].start(players=players))
    assert len(found.seats) == players and all(found.seats) and found.grounds and found.highlight
    return found


def far_apart(pairs, vision: str) -> list[tuple[str, str, float]]:
    """The pairs of (name, colour) closer than MIN_DELTA_E for `vision`, with their difference."""
    close = []
    for (one, a), (other, b) in pairs:
        difference = delta_e(a, b, vision)
        if difference < MIN_DELTA_E:
            close.append((one, other, round(difference, 1)))
    return close


def named(found: theme.Colours, name: str) -> tuple[list, list, list]:
    game = GAMES[name]
    seats = [[(f"{game.seat_name(seat)} {k}", colour) for k, colour in enumerate(colours)]
             for seat, colours in enumerate(found.seats)]
    grounds = [(f"ground {k} {colour}", colour) for k, colour in enumerate(found.grounds)]
    highlight = [(f"highlight {colour}", colour) for colour in found.highlight]
    return seats, grounds, highlight


@pytest.mark.parametrize("vision", list(VISIONS))
@pytest.mark.parametrize(("name", "players"), boards())
def test_every_two_seats_stay_apart(name, players, vision):
    seats, _, _ = named(colours_of(name, players), name)
    pairs = [pair for one, other in itertools.combinations(seats, 2) for pair in itertools.product(one, other)]
    assert not far_apart(pairs, vision)


@pytest.mark.parametrize("vision", list(VISIONS))
@pytest.mark.parametrize(("name", "players"), boards())
def test_every_seat_stands_apart_from_what_it_stands_on(name, players, vision):
    seats, grounds, _ = named(colours_of(name, players), name)
    assert not far_apart(itertools.product([colour for seat in seats for colour in seat], grounds), vision)


@pytest.mark.parametrize("vision", list(VISIONS))
@pytest.mark.parametrize(("name", "players"), boards())
def test_the_highlight_stands_apart_from_every_seat_and_ground(name, players, vision):
    seats, grounds, highlight = named(colours_of(name, players), name)
    everything = [colour for seat in seats for colour in seat] + grounds
    assert not far_apart(itertools.product(highlight, everything), vision)


@pytest.mark.parametrize("vision", list(VISIONS))
@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_analysis_graphs_lines_stay_apart(name, vision):
    """The graph draws each seat's line in its colour (lightened where the dark background would all
    but hide it): every two lines, and each line and the background."""
    players = GAMES[name].players.stop - 1
    seats = REGISTRY[name].renderer.seats(GAMES[name].start(players=players), [])
    lines = [(seat.side, graph.line_colour(seat.style)) for seat in seats]
    assert not far_apart(itertools.combinations(lines, 2), vision)
    assert not far_apart(itertools.product(lines, [("background", theme.BACKGROUND)]), vision)


def test_all_six_seat_colours_are_checked():
    assert set(colour for (colour,) in colours_of("permutation", 6).seats) == {style.base for style in theme.SEAT_STYLES}
    assert len(theme.SEAT_STYLES) == 6
