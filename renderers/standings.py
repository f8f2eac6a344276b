"""A tournament's standings as a picture: the table of entrants by place (the rows of places 1, 2 and 3
marked gold, silver and bronze, a shared place on each of its rows), then, for a round robin, the
crosstable of who scored what against whom; and the podium of the first three.

    render(sheet)    the standings as PNG bytes, the same for the same Sheet (image(sheet): as an image)
    podium(title, places)    the podium as PNG bytes (podium_image: as an image)
    renderers.standings_alt.alt_text(sheet), podium_alt(title, places)    their descriptions

Plain values only: the caller writes every word and number in the reader's language (the title, the
column heads, the points as "3½"), so nothing here is translated. The picture is WIDTH px wide
whatever the number of entrants and grows in height; a crosstable too wide for it is split into blocks
of columns, one under the other, each with the entrants' numbers and names on its left, since widening
the picture would only scale the words up with it (every word is set at the size that reads on a phone
at the picture's width).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from renderers.colours import BACKGROUND, MUTED, PANEL, PANEL_EDGE, RGB, TEXT, ink_on, mix, shaded
from renderers.lettering import display_name, fit, font, phone_size, put_text
from renderers.png import encode_png, palette_for
from renderers.sprites import disc, paste

Step = tuple[str, str] | tuple[str, str, int]  # a podium's entrant: name, points written, and its place if shared

WIDTH = 960
SIZE = max(phone_size(WIDTH, True), phone_size(WIDTH, False))  # every word, bold or not, reads on a phone
TITLE_SIZE = round(SIZE * 1.3)
PAD = 28  # round the picture's edge
ROW = SIZE + 16  # a row of the table
GAP = 22  # between two columns
SECTION = 32  # between the table and the crosstable, and between two blocks of the crosstable
NUMBER_GAP = 12  # between an entrant's number and name in the crosstable
NAME_LEAST = 220  # the name column is at least this wide; the heads of the others are cut short first
CROSS_NAME_LEAST = 170  # the crosstable's names, beside their numbers and the full names of the table above
CELL_PAD = 7  # each side of the widest text of a crosstable cell
GOLD: RGB = (232, 186, 58)
SILVER: RGB = (192, 198, 208)
BRONZE: RGB = (201, 126, 66)
MEDALS = {1: GOLD, 2: SILVER, 3: BRONZE}
SHADE = PANEL  # every other row
RULE = PANEL_EDGE  # under the heads, between the crosstable's cells
DIAGONAL = mix(PANEL_EDGE, BACKGROUND, 0.2)  # an entrant's cell against themself
MEDAL_DISC = ROW - 10
PLACE_HEAD_MOST = 2 * SIZE  # the place column's head is cut short past this


@dataclass(frozen=True)
class Line:
    """One row of the standings, every value already written in the reader's language."""

    place: str  # "1", "2"; a shared place is written on each of its rows ("3", "3")
    name: str
    points: str  # "3½"
    tiebreaks: tuple[str, ...]  # in the order of their columns
    rating: str  # "1512", or "" for none
    games: str
    you: bool = False  # not drawn yet


@dataclass(frozen=True)
class Sheet:
    """The standings after a round, or the final ones."""

    title: str  # "Spring Swiss · Attaxx"
    subtitle: str  # "After round 3 of 5"
    heads: tuple[str, ...]  # place, name, points, *tiebreaks, rating, games
    lines: tuple[Line, ...]
    # a round robin's crosstable: a row per entrant in the order of cross_names, a cell per entrant in the
    # same order ("1", "½", "0", "1½"; "×" against themself, "" not played yet)
    cross: tuple[tuple[str, ...], ...] | None = None
    cross_names: tuple[str, ...] = ()


@dataclass(frozen=True)
class Column:
    """A column of the table: its head and values as drawn, its left edge and width, how it is set."""

    head: str
    values: tuple[str, ...]
    left: int
    width: int
    right_aligned: bool
    bold: bool
    colour: RGB


def medal(place: str) -> RGB | None:
    """The colour a row whose place is written `place` is marked in: gold, silver, bronze or none."""
    try:
        return MEDALS.get(int(place.strip().rstrip(".")))
    except ValueError:
        return None


def check(sheet: Sheet) -> None:
    tiebreaks = len(sheet.heads) - 5
    if tiebreaks < 0 or any(len(line.tiebreaks) != tiebreaks for line in sheet.lines):
        raise ValueError("heads must be place, name, points, each tiebreak, rating, games")
    if sheet.cross is not None and (len(sheet.cross) != len(sheet.cross_names)
                                    or any(len(row) != len(sheet.cross_names) for row in sheet.cross)):
        raise ValueError("the crosstable needs a row per entrant and a cell per entrant in each row")


def shown(text: str, bold: bool) -> str:
    """Text as it can be drawn (characters the fonts lack left out), in drawing order."""
    return display_name(text, "", bold)


def length(text: str, bold: bool, size: int = SIZE) -> int:
    return round(font(size, bold).getlength(text))


def columns(sheet: Sheet) -> list[Column]:
    """The table's columns, left to right. A column with no value in any row (no ratings) is left out;
    the name column takes what the others leave, at least NAME_LEAST, cutting their heads short if
    they need it."""
    lines = sheet.lines
    heads = [shown(head, False) for head in sheet.heads]
    tiebreaks = len(sheet.heads) - 5
    numbers: list[tuple[str, tuple[str, ...], bool, RGB]] = [(heads[2], tuple(line.points for line in lines), True, TEXT)]
    numbers += [(heads[3 + k], tuple(line.tiebreaks[k] for line in lines), False, TEXT) for k in range(tiebreaks)]
    numbers += [(heads[-2], tuple(line.rating for line in lines), False, MUTED),
                (heads[-1], tuple(line.games for line in lines), False, MUTED)]
    numbers = [column for column in numbers if any(value.strip() for value in column[1])]
    place_values = tuple(line.place for line in lines)
    place_width = max([length(value, True) for value in place_values] + [MEDAL_DISC - 8])
    place_width = max(place_width, min(length(heads[0], False), PLACE_HEAD_MOST))
    value_widths = [max([length(value, bold) for value in values] + [1]) for _, values, bold, _c in numbers]
    head_widths = [length(head, False) for head, *_rest in numbers]
    room = WIDTH - 2 * PAD - place_width - GAP * (len(numbers) + 1)
    most = max(head_widths + [0])
    while True:  # the heads' widest allowance that leaves the names their room
        widths = [max(value, min(head, most)) for value, head in zip(value_widths, head_widths, strict=True)]
        if room - sum(widths) >= NAME_LEAST or most <= 0:
            break
        most -= 4
    name_width = room - sum(widths)
    out = [Column(fit(heads[0], SIZE, False, place_width), place_values, PAD, place_width, True, True, TEXT)]
    left = PAD + place_width + GAP
    names = tuple(fit(display_name(line.name, "?"), SIZE, True, name_width) for line in lines)
    out.append(Column(fit(heads[1], SIZE, False, name_width), names, left, name_width, False, True, TEXT))
    left += name_width + GAP
    for (head, values, bold, colour), width in zip(numbers, widths, strict=True):
        out.append(Column(fit(head, SIZE, False, width), values, left, width, True, bold, colour))
        left += width + GAP
    return out


def title_lines(title: str) -> tuple[str, ...]:
    """The title in one line, or two when it is too wide (broken at a space if one fits, else anywhere),
    the second cut short if it is still too wide."""
    text, room, face = shown(title, True), WIDTH - 2 * PAD, font(TITLE_SIZE, True)
    if face.getlength(text) <= room:
        return (text,)
    breaks = [k for k, ch in enumerate(text) if ch == " "] or list(range(1, len(text)))
    fitting = [k for k in breaks if face.getlength(text[:k].rstrip()) <= room]
    if not fitting:
        return (fit(text, TITLE_SIZE, True, room),)
    cut = fitting[-1]
    return text[:cut].rstrip(), fit(text[cut:].strip(), TITLE_SIZE, True, room)


TITLE_LINE = TITLE_SIZE + 12


def title_height(title: str) -> int:
    return PAD + TITLE_LINE * len(title_lines(title)) + 2 + SIZE + 22


def draw_titles(draw: ImageDraw.ImageDraw, title: str, subtitle: str) -> None:
    room = WIDTH - 2 * PAD
    lines = title_lines(title)
    for k, line in enumerate(lines):
        put_text(draw, (PAD, PAD + k * TITLE_LINE), line, font(TITLE_SIZE, True), TEXT)
    put_text(draw, (PAD, PAD + len(lines) * TITLE_LINE + 2), fit(shown(subtitle, False), SIZE, False, room),
             font(SIZE, False), MUTED)


def shade_row(draw: ImageDraw.ImageDraw, top: int, k: int, left: int = 0, right: int = WIDTH) -> None:
    if k % 2:
        draw.rectangle((left, top, right - 1, top + ROW - 1), fill=SHADE)


def set_text(draw: ImageDraw.ImageDraw, column: Column, y: float, text: str, bold: bool, colour: RGB) -> None:
    if not text:
        return
    x = column.left + column.width if column.right_aligned else column.left
    put_text(draw, (x, y), text, font(SIZE, bold), colour, anchor="rm" if column.right_aligned else "lm")


def medal_disc(colour: RGB) -> Image.Image:
    return disc(shaded(colour), MEDAL_DISC, shadow=False)


def draw_table(img: Image.Image, top: int, sheet: Sheet) -> int:
    """The table from `top` down; returns where it ends."""
    draw = ImageDraw.Draw(img)
    cols = columns(sheet)
    middle = top + ROW / 2
    for column in cols:
        set_text(draw, column, middle, column.head, False, MUTED)
    draw.line((PAD, top + ROW - 1, WIDTH - PAD, top + ROW - 1), fill=RULE, width=2)
    for k, line in enumerate(sheet.lines):
        y = top + ROW * (k + 1)
        shade_row(draw, y, k)
        colour = medal(line.place)
        if colour is not None:
            draw.rectangle((0, y, 5, y + ROW - 1), fill=colour)
            place = cols[0]
            digits = length(line.place, True)
            paste(img, medal_disc(colour), (place.left + place.width - digits / 2, y + ROW / 2))
        for column in cols:
            ink = ink_on(colour) if colour is not None and column is cols[0] else column.colour
            set_text(draw, column, y + ROW / 2, column.values[k], column.bold, ink)
    return top + ROW * (len(sheet.lines) + 1)


@dataclass(frozen=True)
class Cross:
    """The crosstable's layout: the width of the numbers and names on the left, of a cell, and how many
    cells a block holds."""

    number_width: int
    name_width: int
    cell: int
    per_block: int

    def blocks(self, entrants: int) -> list[range]:
        return [range(first, min(entrants, first + self.per_block)) for first in range(0, entrants, self.per_block)]


def cross_layout(sheet: Sheet) -> Cross:
    cross, n = sheet.cross or (), len(sheet.cross_names)
    number_width = length(str(n), True)
    widest = max([length(cell, False) for row in cross for cell in row] + [length(str(n), True)])
    cell = widest + 2 * CELL_PAD
    names = max([length(display_name(name, "?"), True) for name in sheet.cross_names] + [1])
    room = WIDTH - 2 * PAD - number_width - NUMBER_GAP
    name_width = min(names, max(CROSS_NAME_LEAST, room - n * cell - GAP))
    per_block = max(1, (room - name_width - GAP) // cell)
    if per_block < n:  # as many blocks as it takes, the columns shared out evenly, the names given the rest
        blocks = -(-n // per_block)
        per_block = -(-n // blocks)
        name_width = min(names, room - GAP - per_block * cell)
    return Cross(number_width, name_width, cell, per_block)


def cross_height(sheet: Sheet) -> int:
    if sheet.cross is None:
        return 0
    blocks = len(cross_layout(sheet).blocks(len(sheet.cross_names)))
    return blocks * (SECTION + ROW * (len(sheet.cross_names) + 1))


def draw_cross(img: Image.Image, top: int, sheet: Sheet) -> int:
    """The crosstable from `top` down, in blocks of columns; returns where it ends."""
    draw = ImageDraw.Draw(img)
    layout = cross_layout(sheet)
    n = len(sheet.cross_names)
    bold, regular = font(SIZE, True), font(SIZE, False)
    names = [fit(display_name(name, "?"), SIZE, True, layout.name_width) for name in sheet.cross_names]
    number_right = PAD + layout.number_width
    name_left = number_right + NUMBER_GAP
    for block in layout.blocks(n):
        top += SECTION
        first_cell = name_left + layout.name_width + GAP
        right = first_cell + len(block) * layout.cell
        for j in block:
            x = first_cell + (j - block.start) * layout.cell + layout.cell / 2
            put_text(draw, (x, top + ROW / 2), str(j + 1), bold, MUTED, anchor="mm")
        draw.line((PAD, top + ROW - 1, right, top + ROW - 1), fill=RULE, width=2)
        for i in range(n):
            y = top + ROW * (i + 1)
            shade_row(draw, y, i, 0, right + PAD)
            put_text(draw, (number_right, y + ROW / 2), str(i + 1), bold, MUTED, anchor="rm")
            put_text(draw, (name_left, y + ROW / 2), names[i], bold, TEXT, anchor="lm")
            for j in block:
                x = first_cell + (j - block.start) * layout.cell
                if i == j:
                    draw.rectangle((x + 1, y, x + layout.cell - 1, y + ROW - 1), fill=DIAGONAL)
                cell = (sheet.cross or ())[i][j]
                if cell and i != j:
                    put_text(draw, (x + layout.cell / 2, y + ROW / 2), shown(cell, False), regular, TEXT, anchor="mm")
        for j in range(len(block) + 1):  # the cells' edges
            x = first_cell + j * layout.cell
            draw.line((x, top + ROW, x, top + ROW * (n + 1) - 1), fill=RULE, width=1)
        top += ROW * (n + 1)
    return top


def image(sheet: Sheet) -> Image.Image:
    """The standings as an RGB image WIDTH px wide (see the module's docstring)."""
    check(sheet)
    height = title_height(sheet.title) + ROW * (len(sheet.lines) + 1) + cross_height(sheet) + PAD
    img = Image.new("RGB", (WIDTH, height), BACKGROUND)
    draw_titles(ImageDraw.Draw(img), sheet.title, sheet.subtitle)
    end = draw_table(img, title_height(sheet.title), sheet)
    if sheet.cross is not None:
        draw_cross(img, end, sheet)
    return img


def encoded(img: Image.Image) -> bytes:
    """PNG bytes of a picture of few colours: mapped onto a palette fitted to it."""
    return encode_png(img, palette_for([img]))


def render(sheet: Sheet) -> bytes:
    """The standings as PNG bytes, the same bytes for the same sheet."""
    return encoded(image(sheet))


def label_sizes() -> dict[str, tuple[int, bool]]:
    """Every kind of text on the standings and the podium with its font size and whether it is bold."""
    return {"title": (TITLE_SIZE, True), "subtitle": (SIZE, False), "head": (SIZE, False), "name": (SIZE, True),
            "points": (SIZE, True), "number": (SIZE, False), "cell": (SIZE, False), "step": (PLACE_SIZE, True)}



# --- the podium ---------------------------------------------------------------------------------------------
STEP_WIDTH = 270  # a step of the podium
STEP_GAP = 14
STEP_HEIGHTS = {1: 230, 2: 168, 3: 118}
STEP_ORDER = (2, 1, 3)  # left to right: the first in the middle
PLACE_SIZE = round(SIZE * 2.2)  # the place's number on its step
PODIUM_HEIGHT = PAD + TITLE_SIZE + 40 + 2 * ROW + STEP_HEIGHTS[1] + PAD


def podium_image(title: str, places: Sequence[Step]) -> Image.Image:
    """The podium as an RGB image WIDTH px wide: the first (name, points) of `places` on the middle step,
    the tallest, the second on its left, the third on its right; fewer steps for fewer entrants. An
    entry may carry its place as a third value where places are shared (two firsts: two gold steps of
    the same height, both marked 1)."""
    if not places:
        raise ValueError("a podium needs at least one entrant")
    lines = title_lines(title)
    height = PODIUM_HEIGHT + TITLE_LINE * (len(lines) - 1)
    img = Image.new("RGB", (WIDTH, height), BACKGROUND)
    draw = ImageDraw.Draw(img)
    for k, line in enumerate(lines):
        put_text(draw, (WIDTH / 2, PAD + k * TITLE_LINE), line, font(TITLE_SIZE, True), TEXT, anchor="ma")
    floor = height - PAD
    order = [place for place in STEP_ORDER if place <= len(places)]
    span = len(order) * STEP_WIDTH + (len(order) - 1) * STEP_GAP  # the steps there are, centred
    for slot, place in enumerate(order):
        name, points, *shared = places[place - 1]
        rank = min(max(int(shared[0]), 1), 3) if shared else place
        left = (WIDTH - span) // 2 + slot * (STEP_WIDTH + STEP_GAP)
        middle = left + STEP_WIDTH / 2
        top = floor - STEP_HEIGHTS[rank]
        colour = MEDALS[rank]
        step = Image.new("RGB", (STEP_WIDTH * 4, STEP_HEIGHTS[rank] * 4), BACKGROUND)
        ImageDraw.Draw(step).rounded_rectangle((0, 0, step.width - 1, step.height + 60), 40, fill=mix(colour, BACKGROUND, 0.25))
        ImageDraw.Draw(step).rectangle((0, 0, step.width - 1, 23), fill=colour)
        img.paste(step.resize((STEP_WIDTH, STEP_HEIGHTS[rank]), Image.Resampling.LANCZOS), (left, top))
        put_text(draw, (middle, top + 22), str(rank), font(PLACE_SIZE, True), ink_on(mix(colour, BACKGROUND, 0.25)),
                 anchor="ma")
        width = STEP_WIDTH + STEP_GAP - 4
        put_text(draw, (middle, top - ROW - ROW / 2), fit(display_name(name, "?"), SIZE, True, width), font(SIZE, True),
                 TEXT, anchor="mm")
        put_text(draw, (middle, top - ROW / 2 - 6), fit(shown(points, False), SIZE, False, width), font(SIZE, False),
                 MUTED, anchor="mm")
    draw.line((PAD, floor, WIDTH - PAD, floor), fill=RULE, width=3)
    return img


def podium(title: str, places: Sequence[Step]) -> bytes:
    """The podium of the first three (see `podium_image`) as PNG bytes, the same for the same arguments."""
    return encoded(podium_image(title, places))
