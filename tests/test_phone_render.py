"""Legible on a phone: a phone shows a picture in a chat lettering.PHONE_WIDTH (360) px wide, scaled down, and
there every word and number of every picture must still be at least lettering.PHONE_CAP (8) px tall,
measured as the height of a capital: about the smallest text a phone's own interface uses.

Every registered game is taken (games.GAMES with the option sets of tests.support.playouts.VARIANTS, and
each whole-number option at the largest value the game accepts with that many players: the biggest
boards), with every number of players it allows, at the start, in the middle and at the end of a game.
Checked twice: by the sizes the renderer says it uses (its `label_sizes`, and the cards' and the
footer's `text_sizes`), and by measuring every text as it is drawn, in pixels (the board's labels, the
cards' names, sides, scores and badges, the footer's status, last move and aside); and, for the labels
of each board, in the finished picture itself."""
from __future__ import annotations

import math
import sys
from functools import cache

import pytest
from PIL import Image, ImageChops, ImageDraw

import renderers
from games import GAMES, REGISTRY
from renderers import ascent, attaxx, cards, elevation, footer, grid, ikabegama, lettering, permutation, theme, xlines
from rules import BadOptions, Cause, Outcome, ended
from tests.support.images import pixel
from tests.support.playouts import VARIANTS, random_states, seat_to_move

NAMES = ["Maximilian Alexander Worthington", "Computer (medium)", "Zoë", "HAL", "Computer (easy) · Purple", "x"]


def accepted(name: str, players: int, options: dict) -> bool:
    try:
        GAMES[name].start(players=players, options=options)
    except BadOptions:
        return False
    return True


def largest(name: str, players: int, options: dict) -> dict:
    """`options` with each whole-number option it leaves unset at the largest value the game accepts."""
    options = dict(options)
    for spec in GAMES[name].options:
        if spec.type is int and spec.max is not None and spec.name not in options:
            value = spec.max
            while value > (spec.min or 0) and not accepted(name, players, {**options, spec.name: value}):
                value -= 1
            options[spec.name] = value
    return options


@cache
def boards() -> list[tuple[str, int, tuple[tuple[str, object], ...]]]:
    """(game, players, options) for every registered game and number of players: the biggest boards of
    each option set in VARIANTS."""
    found = []
    for name, options in VARIANTS:
        for players in GAMES[name].players:
            if accepted(name, players, options):
                case = (name, players, tuple(sorted(largest(name, players, options).items())))
                if case not in found:
                    found.append(case)
    return found


def board_id(case) -> str:
    name, players, options = case
    return "-".join([name, str(players), *(f"{key}={value}" for key, value in options)])


@cache
def played(name: str, players: int, options: tuple[tuple[str, object], ...]) -> tuple:
    """The start, a position two thirds into a random game (numbers written, lines drawn, pieces moved)
    and the end of that game, or of its first 300 moves by a resignation."""
    states = random_states(GAMES[name].start(players=players, options=dict(options), seed=1), seed=1, moves=300)
    last = states[-1]
    if last.outcome is None:
        seat = seat_to_move(last)
        last = ended(last, Outcome.left(Cause.RESIGNATION, NAMES[seat], players, (seat,)))
    return states[0], states[len(states) * 2 // 3], last


def positions(name: str, players: int, options: dict) -> tuple:
    return played(name, players, tuple(sorted(options.items())))


def on_phone(px: float, width: int) -> float:
    """A length on a picture `width` px wide, once the picture is shown PHONE_WIDTH px wide."""
    return px * lettering.PHONE_WIDTH / width


def test_phone_size_is_the_least_that_reads():
    for width in (600, 654, 700, 754, 800, 900):
        size = lettering.phone_size(width)
        assert lettering.phone_cap(size, width) >= lettering.PHONE_CAP > lettering.phone_cap(size - 1, width)
    assert lettering.phone_size(600) == 19 and lettering.phone_size(800) == 24


def test_every_game_with_every_number_of_players_is_checked_on_its_biggest_boards():
    cases = boards()
    assert {(name, players) for name, players, _ in cases} == {(name, players) for name in GAMES for players in GAMES[name].players}
    assert ("permutation", 4, (("k", 6),)) in cases and ("permutation", 6, (("k", 4),)) in cases
    assert ("xlines", 2, (("size", 15),)) in cases and ("ikabegama", 2, (("size", 7),)) in cases


# --- the sizes each renderer says it uses --------------------------------------------------------------
@pytest.mark.parametrize("case", boards(), ids=board_id)
def test_every_size_a_renderer_gives_reads_on_a_phone(case):
    name, players, options = case
    state = positions(name, players, dict(options))[1]
    module = REGISTRY[name].renderer
    width = module.image(state, NAMES[:players]).width
    sizes = module.label_sizes(state)
    assert sizes
    kinds = {f"board: {kind}": size for kind, size in sizes.items()}
    kinds |= {f"cards: {kind}": size for kind, size in cards.text_sizes(width, players).items()}
    kinds |= {f"footer: {kind}": size for kind, size in footer.text_sizes(width).items()}
    for kind, (size, bold) in kinds.items():
        cap = lettering.phone_cap(size, width, bold)
        assert cap >= lettering.PHONE_CAP, f"{kind}: {size} px on {width} px is {cap:.1f} px tall on a phone"


# --- every text as it is drawn ---------------------------------------------------------------------------
GLYPH_PROBES = ("has_glyph", "_notdef")  # what the font can draw, found by drawing off the picture


def clear_caches() -> None:
    """Forget every picture, sprite and text mask the renderers have cached, so that a render draws all
    its text anew; but not which characters the font has, which is found by drawing them off the picture
    (and is known beforehand for every character the tests' names use)."""
    for module_name, module in list(sys.modules.items()):
        if module_name == "renderers" or module_name.startswith("renderers."):
            for key, value in vars(module).items():
                if callable(getattr(value, "cache_clear", None)) and key not in GLYPH_PROBES:
                    value.cache_clear()
    for ch in {*"".join(NAMES), *(chr(code) for code in range(32, 127))}:
        for bold in (False, True):
            lettering.has_glyph(ch, bold)


Drawn = tuple[str, int, bool, int, str, tuple[float, float], int]  # text, size, bold, ink height, anchor, offset, outline


def written(monkeypatch, draw) -> list[Drawn]:
    """Every line of text drawn by `draw()` (with nothing cached, so it is all drawn), wherever it is
    drawn (on the picture, or on a sprite or mask pasted onto it at its own size), as (text, font size,
    bold, height in px of the ink it left, anchor, the fractions of a px it was set at, outline width)."""
    found = []
    real = ImageDraw.ImageDraw.text

    def text(self, xy, line, fill=None, font=None, anchor=None, *args, **kwargs):
        stroke = round(kwargs.get("stroke_width", 0))
        anchor = anchor or "la"
        found.append((line, font.size, font.path.endswith("Bold.ttf"),
                      ink_of(self._image, xy, line, font, anchor, stroke, lambda: real(self, xy, line, fill, font, anchor, *args, **kwargs)),
                      anchor, (xy[0] % 1, xy[1] % 1), stroke))

    clear_caches()
    monkeypatch.setattr(ImageDraw.ImageDraw, "text", text)
    try:
        draw()
    finally:
        monkeypatch.undo()
        clear_caches()
    return found


def ink_of(image: Image.Image, xy, line: str, font, anchor: str, stroke: int, draw) -> int:
    """How many rows of `image` around where `line` is set at `xy` `draw()` changes: the height of its ink."""
    left, top, right, bottom = font.getbbox(line, anchor=anchor, stroke_width=stroke)
    box = (max(0, math.floor(xy[0] + left) - 2), max(0, math.floor(xy[1] + top) - 2),
           min(image.width, math.ceil(xy[0] + right) + 2), min(image.height, math.ceil(xy[1] + bottom) + 2))
    before = image.crop(box)
    draw()
    ink = ImageChops.difference(image.crop(box), before).getbbox(alpha_only=False)
    return 0 if ink is None else ink[3] - ink[1]


def least_ink(line: str, width: int, bold: bool, anchor: str, offset: tuple[float, float], stroke: int) -> int:
    """The height of the ink `line` leaves set at the least size that reads on a phone on a picture
    `width` px wide, at the same fractions of a px."""
    face = lettering.font(lettering.phone_size(width, bold), bold)
    left, top, right, bottom = face.getbbox(line, anchor=anchor, stroke_width=stroke)
    canvas = Image.new("L", (math.ceil(right - left) + 8, math.ceil(bottom - top) + 8), 0)
    xy = (4 - left + offset[0], 4 - top + offset[1])
    return ink_of(canvas, xy, line, face, anchor, stroke,
                  lambda: ImageDraw.Draw(canvas).text(xy, line, fill=255, font=face, anchor=anchor, stroke_width=stroke))


@pytest.mark.parametrize("case", boards(), ids=board_id)
def test_every_word_drawn_reads_on_a_phone(case, monkeypatch) -> None:
    name, players, options = case
    module = REGISTRY[name].renderer
    for state in positions(name, players, dict(options)):
        pictures: list[Image.Image] = []
        lines = written(monkeypatch, lambda state=state, pictures=pictures: pictures.append(module.image(state, NAMES[:players])))
        width = pictures[0].width
        shown = " ".join(line for line, *_ in lines)
        assert "Maximilian" in shown and GAMES[name].seat_name(0) in shown, "the cards were drawn and seen"
        if state.outcome is None:
            assert "to move" in shown and "TO MOVE" in shown
        else:
            assert "WINNER" in shown or "DRAW" in shown
        for line, size, bold, ink, anchor, offset, stroke in lines:
            if not any(ch.isalnum() for ch in line):
                continue  # "·", "…": no word
            assert size >= lettering.phone_size(width, bold), f"{line!r} set at {size} px on {width} px"
            least = least_ink(line, width, bold, anchor, offset, stroke)
            assert ink >= least, f"{line!r}: {ink} px of ink where the least that reads leaves {least}"


# --- board labels, measured in the finished picture -------------------------------------------------------
def middle_game(name: str, players: int, options: dict):
    return positions(name, players, options)[1]


def biggest(name: str) -> list[tuple[int, dict]]:
    """(players, options) of the biggest boards of `name`."""
    return [(players, dict(options)) for game, players, options in boards() if game == name]


def ink_height(img: Image.Image, box: tuple[int, int, int, int], ink, near: int = 60) -> int:
    """The height in px of what is drawn in `ink` (within `near` in every channel) inside `box`."""
    crop = img.crop(box)
    rows = [y for y in range(crop.height)
            if any(max(abs(a - b) for a, b in zip(pixel(crop, (x, y)), ink)) <= near for x in range(crop.width))]
    assert rows, f"nothing in {ink} inside {box}"
    return rows[-1] - rows[0] + 1


@pytest.mark.parametrize("name", ["xlines", "permutation", "elevation"])
def test_rank_numbers_measured_on_square_boards(name):
    module = REGISTRY[name].renderer
    colour = {"xlines": xlines.LABEL, "permutation": permutation.LABEL, "elevation": elevation.LABEL}[name]
    for players, options in biggest(name):
        state = middle_game(name, players, options)
        img = module.image(state, NAMES[:players])
        lay = elevation.layout() if name == "elevation" else module.layout_of(state)
        for rank in (0, lay.n - 1):  # "1" and the largest, left of the board
            x = lay.board_x - grid.FRAME - lay.rank_gap
            y = lay.centre(0, rank)[1]
            box = (round(x - lay.rank_gap), round(y - lay.cell / 2 + 1), round(x + lay.rank_gap), round(y + lay.cell / 2 - 1))
            assert on_phone(ink_height(img, box, colour), img.width) >= lettering.PHONE_CAP, (players, options, rank + 1)


def test_attaxx_coordinates_measured():
    state = middle_game("attaxx", 2, {})
    img = attaxx.image(state, NAMES[:2])
    x = attaxx.BOARD_X - attaxx.FRAME - attaxx.LABEL_GAP
    y = attaxx.BOARD_Y + (attaxx.RANKS - 1) * attaxx.TILE + attaxx.TILE / 2  # rank 1
    box = (x - 16, round(y - 20), x + 16, round(y + 20))
    assert on_phone(ink_height(img, box, attaxx.LABEL), img.width) >= lettering.PHONE_CAP


@pytest.mark.parametrize(("players", "options"), biggest("permutation"), ids=lambda value: str(value))
def test_multiplications_numbers_and_letters_measured(players, options):
    state = positions("permutation", players, options)[-1]
    img = permutation.image(state, NAMES[:players])
    lay = permutation.layout_of(state)
    marks = permutation.seat_marks(state)
    for index, file in enumerate(state.numbered[:3]):  # the automatic 1 on grey, then two players' numbers
        seat = permutation.writer(state, index)
        placed = permutation.placed_badge(lay, file, index + 1, "" if seat is None else marks[seat])
        x, y = lay.origin(file, state.rank_of[file])
        style = permutation.style_of(seat)
        number = placed.shape.number
        box = (round(x + number[0]) + 2, y, round(x + number[2]) - 2, y + lay.cell - 1)
        assert on_phone(ink_height(img, box, theme.ink_on(style.base), near=50), img.width) >= lettering.PHONE_CAP, index + 1
        if seat is not None:  # its writer's letter, on the writer's dark shade
            mark = placed.shape.mark
            box = (round(x + mark[0]) + 2, y, round(x + mark[2]) - 2, y + lay.cell - 1)
            ink = theme.ink_on(style.dark)
            assert on_phone(ink_height(img, box, ink, near=50), img.width) >= lettering.PHONE_CAP, marks[seat]


def test_elevation_heights_measured():
    for players, options in biggest("elevation"):
        state = middle_game("elevation", players, options)
        img = elevation.image(state, NAMES[:2])
        lay = elevation.layout()
        for cell, height in enumerate(state.heights):
            if height < 10 and cell != (state.last.steps[-1][1] if state.last.steps else state.last.start):
                x, y = lay.origin(*elevation.BOARD.coords[cell])
                box = (x + 2, y + 2, x + 30, y + 30)  # the top-left corner, where the height is written
                assert on_phone(ink_height(img, box, elevation.ink(height), near=40), img.width) >= lettering.PHONE_CAP, height


def test_ikabegama_cell_numbers_measured():
    for _, options in biggest("ikabegama"):
        state = GAMES["ikabegama"].start(players=2, options=options)
        img = ikabegama.image(state, NAMES[:2])
        side = ikabegama.side_of(state)
        lay = ikabegama.layout(side)
        cell = next(c for c, (file, number) in enumerate(state.geometry.coords)
                    if number == 0 and not state.board[c] and c not in state.variant.nests)  # an empty cell showing 1
        x, y = lay.centres[cell]
        r = round((lay.radius - lay.gap) * 0.75)
        shade = theme.mix(ikabegama.CELL, (255, 255, 255), 0.38)
        height = ink_height(img, (round(x) - r, round(y) - r, round(x) + r, round(y) + r), shade, near=16)
        assert on_phone(height, img.width) >= lettering.PHONE_CAP, side


def test_ascent_levels_and_tile_names_measured():
    state = GAMES["ascent"].start()
    img = ascent.image(state, NAMES[:2])
    for level in (1, 7):
        y = ascent.level_y(level)
        box = (ascent.LEVEL_X - 20, round(y - 20), ascent.LEVEL_X + 20, round(y + 20))
        assert on_phone(ink_height(img, box, theme.MUTED, near=30), img.width) >= lettering.PHONE_CAP, level
    # each tile's name, above its number: "d4" on the bottom tile, a dark one with pale ink
    tile = 15
    x, y = ascent.centre(tile)
    fill = ascent.fill_of(state.board[tile], False)
    ink = theme.mix(ascent.ink_for(fill), fill, 0.25)
    top = y + ascent.NAME_DY
    box = (round(x - 16), round(top - 12), round(x + 16), round(top + 9))
    assert on_phone(ink_height(img, box, ink, near=30), img.width) >= lettering.PHONE_CAP


def test_the_measure_catches_type_too_small(monkeypatch):
    """The drawn-text check fails a picture whose cards are lettered two sizes under what a phone reads."""
    state = GAMES["attaxx"].start()
    small = cards.panel(attaxx.WIDTH, 2)
    monkeypatch.setattr(cards, "panel", lambda width, players: renderers.cards.Panel(**{**vars(small), "text": small.text - 2}))
    lines = written(monkeypatch, lambda: attaxx.image(state, NAMES[:2]))
    for word in ("TO MOVE", "White", "pieces"):
        line, size, bold, ink, anchor, offset, stroke = next(drawn for drawn in lines if drawn[0].strip() == word)
        assert ink < least_ink(line, attaxx.WIDTH, bold, anchor, offset, stroke), word
