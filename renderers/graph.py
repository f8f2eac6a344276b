"""The analysis graph of a finished match: each seat's value after every move (between two players the
chance of winning, with more the expected place, 100 % first and 0 % last), one line per seat in its
seat colour ending in a disc with the seat's letter (as the legend pairs letter and player, so that no
line is told by its colour alone), the judged moves marked on their mover's line, and the stretches
where the result is proven shaded and labelled ("won for alice", "drawn") instead of given as a
percentage.

    image(state, seats, values, exact, marks, handed)    the picture; render: as PNG
    renderers.graph_alt.alt_text(title, state, seats, values, exact, marks, handed)    its description

`state` is the match's final position, `seats` its seats as the game's renderer gives them (each
player's name and side, the seat colours), `title` the game's, `values[k]` the values per seat after k
moves (k = 0 the start), `exact[k]` whether values[k] is proven, `marks` the judged moves as (ply,
seat, severity): the move with index `ply` leads to values[ply + 1]. `handed[seat]`, for a seat whose
player left while a computer played on, is (that player's name, the index of the first move the
computer made for them), else None: the legend says "bob, then computer", and the alt text credits
each mark to whoever made the move. Plain data only: this module knows nothing of the engines, nor
of any game but through its seats. Every word, drawn or in the alt text, is in the language in use.
"""
from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from PIL import Image, ImageDraw

import i18n
from i18n import _, pgettext
from renderers import theme
from renderers.cards import seat_marks
from renderers.colours import HIGHLIGHT, NOTE, PANEL, luminance, shaded
from renderers.lettering import cap_height, display_name, fit, font, phone_size, put_text
from renderers.results import ordinal, unnamed
from renderers.sprites import marked_disc

WIDTH = 1000
BASE_HEIGHT = 520  # with one row of legend; each further row adds ROW
SIZE = phone_size(WIDTH)  # every label, bold or not, at the least size that reads on a phone
PAD = 16
ROW = SIZE + 14
GAP = 28  # between legend entries
SWATCH = 34  # the short line before a name in the legend
END = round(cap_height(SIZE) * 1.8)  # the disc with a seat's letter at the end of its line, and in the legend
SCALE = 3  # lines and marks are drawn at 3× and reduced once, for smooth edges
LINE = 3.2  # px, a seat's line
MARK = 21  # px across, a mark on a line
MARGIN = 0.1  # a lead smaller than this is "even" in the alt text
SWING = 0.2  # a change this large between two moves is a swing worth telling
SEVERITIES = ("inaccuracy", "mistake", "blunder")  # identifiers, worded by `severity_word`
MARK_COLOURS = {"inaccuracy": theme.TEXT, "mistake": NOTE, "blunder": HIGHLIGHT}
GRID = theme.mix(theme.BACKGROUND, theme.FAINT, 0.35)
MIDDLE = theme.mix(theme.BACKGROUND, theme.MUTED, 0.6)
STEPS = (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 2500, 5000, 10000)
Handed = Sequence["tuple[str, int] | None"]  # per seat: (the player who left, the first move index a computer made)


def contrast(a: theme.RGB, b: theme.RGB) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@cache
def line_colour(style: theme.DiscStyle) -> theme.RGB:
    """A seat's colour as a line on the dark background: its disc colour, lightened only where it would
    nearly vanish (Black's and Indigo's discs are nearly the background's colour); lightening the seat
    colours that merely sit low would bring them together (tests/test_palette.py)."""
    colour, t = style.base, 0.0
    while contrast(colour, theme.BACKGROUND) < 2.0 and t < 1.0:
        t += 0.1
        colour = theme.mix(style.base, (255, 255, 255), t)
    return colour


def severity_word(severity: str) -> str:
    """A mark's kind as the legend names it: "inaccuracy", "mistake", "blunder"."""
    if severity == "inaccuracy":
        # Translators: a kind of mark on an analysis graph: a move a little worse than the best
        return pgettext("mark", "inaccuracy")
    if severity == "mistake":
        # Translators: a kind of mark on an analysis graph: a clearly worse move
        return pgettext("mark", "mistake")
    # Translators: a kind of mark on an analysis graph: a move that threw the game away
    return pgettext("mark", "blunder")


def percent(value: float) -> str:
    """A value as a whole percentage, as the language in use writes one ("62%")."""
    return i18n.percent(round(100 * value) / 100)


def standing(values: Sequence[float], exact: bool, seat: int) -> str:
    """How `seat` stands at a position: "won", "lost", "drawn" (more players: its place) where the
    position is proven, else its value as a percentage."""
    if not exact:
        return percent(values[seat])
    if max(values) - min(values) < 1e-9:
        # Translators: after a player's name in an analysis graph's legend: the game is proven drawn
        return pgettext("standing", "drawn")
    if len(values) == 2:
        if values[seat] == max(values):
            # Translators: after a player's name in an analysis graph's legend: the game is proven won for them
            return pgettext("standing", "won")
        # Translators: after a player's name in an analysis graph's legend: the game is proven lost for them
        return pgettext("standing", "lost")
    return ordinal(1 + sum(1 for v in values if v > values[seat] + 1e-9))


def winner(values: Sequence[float]) -> int | None:
    """The one seat with the highest value, if it has it alone."""
    top = max(values)
    leaders = [seat for seat, v in enumerate(values) if v > top - 1e-9]
    return leaders[0] if len(leaders) == 1 else None


def proven_runs(values: Sequence[Sequence[float]], exact: Sequence[bool]) -> list[tuple[int, int, tuple[float, ...]]]:
    """The stretches of proven positions with one result: (first k, last k, the values)."""
    runs: list[tuple[int, int, tuple[float, ...]]] = []
    for k, (vals, proven) in enumerate(zip(values, exact)):
        if not proven:
            continue
        key = tuple(round(v, 6) for v in vals)
        if runs and runs[-1][1] == k - 1 and runs[-1][2] == key:
            runs[-1] = (runs[-1][0], k, key)
        else:
            runs.append((k, k, key))
    return runs


def run_words(vals: Sequence[float], names: Sequence[str]) -> str:
    """What a proven stretch says: "won for alice", "drawn", or for more players with first place
    shared, "proven"."""
    if max(vals) - min(vals) < 1e-9:
        # Translators: a stretch of an analysis graph where the result is proven: a draw
        return pgettext("proven", "drawn")
    top = winner(vals)
    if top is None:
        # Translators: a stretch of an analysis graph where the result is proven, first place shared
        return pgettext("proven", "proven")
    # Translators: a stretch of an analysis graph where the result is proven: {player} wins
    return _("won for {player}", player=names[top])


class Layout:
    """Where everything goes on a graph of `moves` moves whose legend takes `rows` rows."""

    def __init__(self, moves: int, rows: int, label_width: int):
        self.moves = max(1, moves)
        self.height = BASE_HEIGHT + (rows - 1) * ROW
        self.legend_top = PAD
        self.left = PAD + label_width + 12
        self.right = WIDTH - PAD - END - 6  # the lines' ends, and their discs to the right
        self.top = PAD + rows * ROW + SIZE // 2 + 6
        self.bottom = self.height - PAD - ROW

    def x(self, k: float) -> float:
        return self.left + (self.right - self.left) * k / self.moves

    def y(self, value: float) -> float:
        return self.bottom - (self.bottom - self.top) * min(1.0, max(0.0, value))


def tick_step(moves: int, plot_width: int) -> int:
    """The step between labelled moves on the x axis: the smallest that leaves room for every label."""
    room = font(SIZE, False).getlength(str(max(1, moves))) + 24
    for step in STEPS:
        if step * plot_width / max(1, moves) >= room:
            return step
    return STEPS[-1]


def y_ticks(players: int) -> list[tuple[float, str]]:
    """The labelled levels of the y axis: percentages between two players, places with more."""
    if players <= 2:
        return [(1.0, percent(1.0)), (0.5, percent(0.5)), (0.0, percent(0.0))]
    return [((players - 1 - r) / (players - 1), ordinal(r + 1)) for r in range(players)]


def taken_over(handed: Handed, seat: int) -> tuple[str, int] | None:
    return handed[seat] if seat < len(handed) else None


def legend_entries(state, seats: Sequence[theme.Seat], values, exact, handed: Handed = ()) -> list[tuple[str, str, object]]:
    """The legend, in reading order: ("title", text, None), ("seat", text, seat), ("mark", text, severity).
    A seat a computer took over is its player's, "then computer"."""
    if state.players <= 2:  # noqa: SIM108 (each message with its comment for translators)
        # Translators: the title of an analysis graph of two players
        title = _("Chance of winning")
    else:
        # Translators: the title of an analysis graph of more than two players
        title = _("Expected place (100% first, 0% last)")
    entries: list[tuple[str, str, object]] = [("title", title, None)]
    last = values[-1]
    for seat in range(state.players):
        name = display_name(seats[seat].name, unnamed(seat))
        if (took := taken_over(handed, seat)) is None:
            shown = fit(name, SIZE, True, 300)
        else:
            # Translators: in an analysis graph's legend: a player who left, whose seat a computer played on
            shown = _("{player}, then computer", player=fit(display_name(took[0], unnamed(seat)), SIZE, True, 200))
        word = standing(last, bool(exact[-1]), seat)
        # Translators: a player in an analysis graph's legend and how they stand at the end ("alice 62%", "bob won")
        entries.append(("seat", pgettext("legend", "{player} {standing}", player=shown, standing=word), seat))
    return entries


def entry_width(kind: str, text: str) -> int:
    face = font(SIZE, kind == "seat")
    lead = {"seat": END + 10, "mark": SWATCH + 10}.get(kind, 0)
    return lead + int(face.getlength(text))


def fitted(entries: Sequence[tuple[str, str, object]]) -> list[tuple[str, str, object]]:
    """The entries, each cut short if it is wider than a row of the legend."""
    room = WIDTH - 2 * PAD
    return [(kind, fit(text, SIZE, kind == "seat", room - entry_width(kind, "")), key) for kind, text, key in entries]


def flow(entries: Sequence[tuple[str, str, object]]) -> list[list[tuple[str, str, object]]]:
    """The entries in rows no wider than the picture."""
    rows: list[list[tuple[str, str, object]]] = [[]]
    used = 0
    for entry in entries:
        width = entry_width(entry[0], entry[1])
        if rows[-1] and used + GAP + width > WIDTH - 2 * PAD:
            rows.append([])
            used = 0
        used += (GAP if rows[-1] else 0) + width
        rows[-1].append(entry)
    return rows


def draw_mark(draw: ImageDraw.ImageDraw, centre: tuple[float, float], severity: str, scale: int) -> None:
    """A mark's shape: a ring for an inaccuracy, a diamond for a mistake, a triangle for a blunder."""
    x, y = centre[0] * scale, centre[1] * scale
    r = MARK * scale / 2
    colour = MARK_COLOURS[severity]
    rim = theme.BACKGROUND
    if severity == "inaccuracy":
        draw.ellipse((x - r, y - r, x + r, y + r), fill=rim)
        inner = r - 1.5 * scale
        draw.ellipse((x - inner, y - inner, x + inner, y + inner), outline=colour, width=round(3.5 * scale))
    elif severity == "mistake":
        r *= 1.1
        draw.polygon([(x, y - r - 2 * scale), (x + r + 2 * scale, y), (x, y + r + 2 * scale), (x - r - 2 * scale, y)],
                     fill=rim)
        draw.polygon([(x, y - r), (x + r, y), (x, y + r), (x - r, y)], fill=colour)
    else:
        r *= 1.15
        outer = r + 2.5 * scale
        draw.polygon([(x, y - outer), (x + outer * 0.95, y + outer * 0.7), (x - outer * 0.95, y + outer * 0.7)], fill=rim)
        draw.polygon([(x, y - r), (x + r * 0.95, y + r * 0.7), (x - r * 0.95, y + r * 0.7)], fill=colour)


def image(state, seats: Sequence[theme.Seat], values: Sequence[Sequence[float]], exact: Sequence[bool],
          marks: Sequence[tuple[int, int, str]], handed: Handed = ()) -> Image.Image:
    """The graph as an RGB image WIDTH px wide (see the module's docstring)."""
    players = state.players
    if not values:
        raise ValueError("a graph needs the value of at least the start")
    colours = [line_colour(seat.style) for seat in seats]
    shown = names_for(seats)
    moves = len(values) - 1
    present = [s for s in SEVERITIES if any(mark[2] == s for mark in marks)]
    entries = legend_entries(state, seats, values, exact, handed) + [("mark", severity_word(s), s) for s in present]
    rows = flow(fitted(entries))
    ticks = y_ticks(players)
    label_width = max(int(font(SIZE, False).getlength(text)) for _, text in ticks)
    layout = Layout(moves, len(rows), label_width)

    # lines, bands and marks, supersampled
    big = Image.new("RGB", (WIDTH * SCALE, layout.height * SCALE), theme.BACKGROUND)
    draw = ImageDraw.Draw(big)
    s = SCALE
    runs = proven_runs(values, exact)
    for first, last, vals in runs:
        top = winner(vals)
        tint = theme.mix(theme.BACKGROUND, colours[top], 0.16) if top is not None else PANEL
        x0, x1 = layout.x(first), layout.x(last)
        if x1 - x0 < 8:
            x0, x1 = max(layout.left, x0 - 4), min(layout.right, x1 + 4)
        draw.rectangle((x0 * s, layout.top * s, x1 * s, layout.bottom * s), fill=tint)
    for level, _label in ticks:
        colour = MIDDLE if abs(level - 0.5) < 1e-9 else GRID
        y = layout.y(level) * s
        draw.line((layout.left * s, y, layout.right * s, y), fill=colour, width=2 * s if colour == MIDDLE else s)
    if players <= 2:
        for level in (0.25, 0.75):
            y = layout.y(level) * s
            draw.line((layout.left * s, y, layout.right * s, y), fill=GRID, width=s)
    step = tick_step(moves, layout.right - layout.left)
    for k in range(0, moves + 1, step):
        x = layout.x(k) * s
        draw.line((x, layout.bottom * s, x, (layout.bottom + 8) * s), fill=theme.FAINT, width=s)
    for seat in reversed(range(players)):  # seat 0 drawn last, on top
        points = [(layout.x(k) * s, layout.y(vals[seat]) * s) for k, vals in enumerate(values)]
        if len(points) == 1:
            points.append(points[0])
        draw.line(points, fill=colours[seat], width=round(LINE * s), joint="curve")
    for ply, seat, severity in sorted(marks, key=lambda m: (SEVERITIES.index(m[2]), m[0], m[1])):
        if 0 <= ply < moves and 0 <= seat < players and severity in SEVERITIES:
            draw_mark(draw, (layout.x(ply + 1), layout.y(values[ply + 1][seat])), severity, s)
    img = theme.downsample(big, SCALE)

    # text and legend, at full size
    draw = ImageDraw.Draw(img)
    regular = font(SIZE, False)
    for level, text in ticks:
        put_text(draw, (layout.left - 12, layout.y(level)), text, regular, theme.MUTED, anchor="rm")
    for k in range(step, moves + 1, step):  # not 0: the axis's name stands there
        put_text(draw, (layout.x(k), layout.bottom + 12), str(k), regular, theme.MUTED, anchor="ma")
    room = WIDTH - PAD  # the axis's name, clear of the first number
    if step <= moves:
        room = round(layout.x(step) - regular.getlength(str(step)) / 2) - 8
    # Translators: the name of an analysis graph's x axis, under its left end: the moves of the match
    put_text(draw, (PAD, layout.bottom + 12), fit(pgettext("axis", "move"), SIZE, False, room - PAD), regular,
             theme.FAINT, anchor="la")
    for first, last, vals in runs:
        label_run(draw, layout, first, last, vals, shown, colours)
    letters = seat_marks([seat.side for seat in seats])
    for seat, y in line_ends(layout, values[-1]):
        theme.paste(img, end_disc(colours[seat], letters[seat]), (layout.right + 6 + END / 2, y))
    draw_legend(img, rows, colours, layout, letters)
    return img


def line_ends(layout: Layout, last: Sequence[float]) -> list[tuple[int, float]]:
    """Where each seat's disc goes, right of the end of its line: level with it, unless it would touch
    another's, then moved apart just enough (in the order the lines end), within the plot."""
    order = sorted(range(len(last)), key=lambda seat: (layout.y(last[seat]), seat))
    ys = [layout.y(last[seat]) for seat in order]
    space = END + 2
    for k in range(1, len(ys)):
        ys[k] = max(ys[k], ys[k - 1] + space)
    overflow = ys[-1] - (layout.bottom + END / 2) if ys else 0
    if overflow > 0:
        ys[-1] -= overflow
        for k in range(len(ys) - 2, -1, -1):
            ys[k] = min(ys[k], ys[k + 1] - space)
    return list(zip(order, ys))


def end_disc(colour: theme.RGB, letter: str) -> Image.Image:
    """A seat's disc in its line's colour with its letter."""
    return marked_disc(shaded(colour), END, letter, shadow=False, size=SIZE)


def names_for(seats: Sequence[theme.Seat]) -> list[str]:
    return [display_name(seat.name, f"Player {k + 1}") for k, seat in enumerate(seats)]


def label_run(draw: ImageDraw.ImageDraw, layout: Layout, first: int, last: int, vals: Sequence[float],
              names: Sequence[str], colours: Sequence[theme.RGB]) -> None:
    """The words of a proven stretch at the top of its band, as long as they fit in it."""
    top = winner(vals)
    words = run_words(vals, names)
    # Translators: a stretch of an analysis graph proven won, when the words with the winner's name do not fit
    choices = [words, pgettext("proven", "won")] if top is not None else [words]
    room = layout.x(last) - layout.x(first) - 8
    face = font(SIZE, True)
    colour = colours[top] if top is not None else theme.TEXT
    for text in choices:
        if face.getlength(text) <= room:
            x = (layout.x(first) + layout.x(last)) / 2
            put_text(draw, (x, layout.top + 6), text, face, colour, anchor="ma")
            return


def draw_legend(img: Image.Image, rows, colours: Sequence[theme.RGB], layout: Layout, letters: Sequence[str]) -> None:
    draw = ImageDraw.Draw(img)
    for r, row in enumerate(rows):
        x = PAD
        y = layout.legend_top + r * ROW + ROW / 2
        for kind, text, key in row:
            if kind == "title":
                put_text(draw, (x, y), text, font(SIZE, False), theme.MUTED, anchor="lm")
            elif kind == "seat":  # the disc its line ends in, then the player
                theme.paste(img, end_disc(colours[key], letters[key]), (x + END / 2, y))
                put_text(draw, (x + END + 10, y), text, font(SIZE, True), colours[key], anchor="lm")
            else:
                big = Image.new("RGB", (SWATCH * SCALE, ROW * SCALE), theme.BACKGROUND)
                draw_mark(ImageDraw.Draw(big), (SWATCH / 2, ROW / 2), key, SCALE)
                img.paste(theme.downsample(big, SCALE), (x, round(y - ROW / 2)))
                put_text(draw, (x + SWATCH + 10, y), text, font(SIZE, False), theme.TEXT, anchor="lm")
            x += entry_width(kind, text) + GAP


def render(state, seats: Sequence[theme.Seat], values: Sequence[Sequence[float]], exact: Sequence[bool],
           marks: Sequence[tuple[int, int, str]], handed: Handed = ()) -> bytes:
    """The graph as PNG bytes, the same bytes for the same arguments."""
    return theme.encode_png(image(state, seats, values, exact, marks, handed))


def label_sizes() -> dict[str, tuple[int, bool]]:
    """Every kind of text on the graph with its font size and whether it is bold."""
    return {"axis": (SIZE, False), "title": (SIZE, False), "name": (SIZE, True), "proven": (SIZE, True),
            "key": (SIZE, False)}
