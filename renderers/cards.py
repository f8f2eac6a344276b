"""The player panel at the top of every picture: one card per seat (`Seat`, built by `seats_for`), two
to a row, with its disc, the player's name on one line or two (`name_layout`), the side, the score and
a badge (`card_badge`), and in a match played on a clock the seat's time left (`SeatClock`, given
with the names as `Names`); where each card lies and how its lettering is set (`panel`, `card_box`,
`panel_height`, `text_sizes`), and the seat marks that tell seats apart without colour (`seat_marks`).

Every word on a card is set at least at the size that reads on a phone once the picture is shown
lettering.PHONE_WIDTH px wide (`lettering.phone_size` of the picture's width): a wider picture gets
larger type and taller cards, so that on a phone every panel looks the same.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache

from PIL import Image, ImageDraw

from i18n import pgettext
from renderers.colours import HIGHLIGHT, HIGHLIGHT_TEXT, LOW_TIME, MUTED, PANEL, PANEL_EDGE, RGB, TEXT, DiscStyle, mix
from renderers.lettering import cap_height, clean_name, fit, font, phone_size, put_text, visual_order
from renderers.results import english_suffix, ordinal, seated_parts, unnamed
from renderers.sprites import marked_disc, paste, rounded_box
from rules import Game, Outcome


@dataclass(frozen=True)
class SeatClock:
    """A seat's game clock as a picture shows it."""

    text: str  # the time left, already formatted by the caller: "4:32", "0:09", "1:02:03"
    low: bool = False  # under the low-time mark: drawn in a warning colour


class Names(tuple[str, ...]):
    """The players' names (a tuple of str, as `names` always was) and, for a match played on a clock,
    each seat's clock: `Names(["alice", "bob"], clocks=(SeatClock("4:32"), SeatClock("0:25", low=True)))`.
    Plain lists/tuples of names keep working; `Names(names)` without clocks behaves exactly like them.
    Two `Names` are equal when their names and clocks are, so that a picture cached by its names is
    never shown with another's clocks."""

    clocks: tuple[SeatClock | None, ...]

    def __new__(cls, names: Iterable[str] = (), clocks: Iterable[SeatClock | None] = ()) -> Names:
        made = super().__new__(cls, names)
        given = tuple(clocks)
        made.clocks = given if any(clock is not None for clock in given) else ()
        return made

    def __reduce__(self) -> tuple[type[Names], tuple[tuple[str, ...], tuple[SeatClock | None, ...]]]:
        return Names, (tuple(self), self.clocks)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, tuple):
            return NotImplemented
        return tuple(self) == tuple(other) and self.clocks == getattr(other, "clocks", ())

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self) -> int:
        return hash((tuple(self), self.clocks)) if self.clocks else hash(tuple(self))

    def __repr__(self) -> str:
        return f"Names({list(self)!r}, clocks={self.clocks!r})"


@dataclass(frozen=True)
class Seat:
    """One seat as the panel shows it."""

    name: str  # the player's name, as given (cleaned and truncated when drawn)
    side: str  # the game's name for the seat: "White", "Light", … (in the language in use)
    style: DiscStyle
    score: str = ""  # e.g. "12"; empty when the game keeps none
    score_label: str = ""  # e.g. "pieces", "piece" for a score of 1 (in the language in use)
    corner: float = 0.0  # the seat's disc is round, or with this a tile whose corners are rounded by this share of its side
    clock: SeatClock | None = None  # the seat's time left, in a match played on a clock


Unit = Callable[[int], str]
"""A score's unit in the number a count takes, in the language in use: `ngettext("piece", "pieces", count)`."""


def unit_word(count: int, unit: Unit | None) -> str:
    """The unit for `count` ("1 piece", "0 pieces", "2 pieces"), or nothing without a unit."""
    return "" if unit is None else unit(count)


def seats_for(game: Game, state, names: Sequence[str], styles: Sequence[DiscStyle], scores: Sequence[int] | None,
              unit: Unit | None = None) -> list[Seat]:
    """The Seat list for a state of `game` (whose record names the sides), each score labelled with `unit`
    in the right number, and each seat's clock when `names` is `Names` with clocks. Missing names are
    blank; blank or undrawable names are shown as "Player N" (see renderers.lettering.display_name)."""
    seats = []
    clocks: tuple[SeatClock | None, ...] = getattr(names, "clocks", ())
    for seat in range(state.players):
        side = game.seat_name(seat)
        name = names[seat] if seat < len(names) else ""
        score = "" if scores is None else str(scores[seat])
        label = "" if scores is None else unit_word(scores[seat], unit)
        clock = clocks[seat] if seat < len(clocks) else None
        seats.append(Seat(name=name, side=side, style=styles[seat], score=score, score_label=label, clock=clock))
    return seats


PANEL_PAD = 18  # around the panel, and the footer
CARD_GAP = 12  # between two cards of a row
PER_ROW = 2


def cards_per_row(players: int) -> int:
    """How many player cards `draw_players` puts in a row: two, whatever the number of players (a
    third would leave too little room for a name in type that reads on a phone)."""
    return PER_ROW


@dataclass(frozen=True)
class Panel:
    """How the cards of a panel `width` px wide are laid out and lettered; offsets are from a card's top."""

    width: int
    players: int
    text: int  # the least size that reads on a phone: sides, units, badges, a name on two lines
    name: int  # the largest size of a name on one line
    score: int  # a score's figures (bold)
    card_width: int
    card_height: int
    disc: int  # the seat's disc, at the card's left
    inset: int  # from the card's left edge to the disc, and from the disc to the text
    right_pad: int  # from the text's right end to the card's right edge
    name_top: int  # the top of a name's capitals (its first line)
    pitch: int  # from one line of a name to the next
    baseline: int  # of the side and score line
    badge_height: int  # the badge on the card's top edge
    top: int  # above the first row of cards: room for half a badge
    gap: int  # between two rows of cards: room for half a badge, clear of the card above

    @property
    def rows(self) -> int:
        return -(-self.players // PER_ROW)

    @property
    def height(self) -> int:
        return self.top + self.rows * self.card_height + (self.rows - 1) * self.gap

    @property
    def room(self) -> int:
        """How wide a name may be."""
        return self.card_width - self.inset * 2 - self.disc - self.right_pad


@cache
def panel(width: int, players: int) -> Panel:
    """The layout of the cards of `players` seats across a picture `width` px wide."""
    text = phone_size(width)
    cap = cap_height(text)
    badge_height = cap + 2 * round(cap * 0.4)
    name_top = badge_height // 2 + max(4, cap // 3)  # clear of the badge on the card's top edge
    pitch = round(text * 1.18)
    baseline = name_top + cap + pitch + round(text * 1.3)
    card_width = (width - 2 * PANEL_PAD - (PER_ROW - 1) * CARD_GAP) // PER_ROW
    return Panel(width=width, players=players, text=text, name=round(text * 1.16), score=round(text * 1.1),
                 card_width=card_width, card_height=baseline + round(text * 0.24) + round(text * 0.35),
                 disc=round(cap * 2.8), inset=round(text * 0.5), right_pad=round(text * 0.6), name_top=name_top,
                 pitch=pitch, baseline=baseline, badge_height=badge_height,
                 top=max(PANEL_PAD, badge_height // 2 + 6), gap=max(CARD_GAP, badge_height // 2 + 4))


def panel_height(players: int, width: int) -> int:
    """Height of the player panel drawn by `draw_players` across a picture `width` px wide."""
    return panel(width, players).height


def text_sizes(width: int, players: int) -> dict[str, tuple[int, bool]]:
    """Every kind of text on the cards of a picture `width` px wide, at the least size it may be set,
    and whether it is bold (tests/test_phone_render.py holds them to what a phone can read)."""
    lay = panel(width, players)
    sizes = {"names": (lay.text, True), "sides": (lay.text, False), "scores": (lay.score, True),
             "score units": (lay.text, False), "badges": (lay.text, True), "clocks": (lay.text, True)}
    if players > 2:
        sizes["seat letters"] = (mark_size(lay.disc), True)
    return sizes


def mark_size(disc: int) -> int:
    """The size of a seat's letter on a disc `disc` px across."""
    return max(9, round(disc * 0.5))


@dataclass(frozen=True)
class CardBox:
    """Where one seat's card lies on an image (its top left corner and size), and where its text goes."""

    x: int
    y: int
    width: int
    height: int
    text_x: int  # the left end of the name and of the side
    right: int  # the right end of the name and of the score
    baseline: int  # of the side and score line

    @property
    def room(self) -> int:
        """How wide the name may be."""
        return self.right - self.text_x


def card_box(width: int, players: int, seat: int, top: int = 0) -> CardBox:
    """The card of `seat` on a panel drawn at `top` across an image `width` px wide; the last card of
    an odd number sits in the middle of its row."""
    lay = panel(width, players)
    row, col = divmod(seat, PER_ROW)
    x = PANEL_PAD + col * (lay.card_width + CARD_GAP)
    if row == lay.rows - 1 and players % PER_ROW:
        x = (width - lay.card_width) // 2
    y = top + lay.top + row * (lay.card_height + lay.gap)
    text_x = x + lay.inset * 2 + lay.disc
    return CardBox(x, y, lay.card_width, lay.card_height, text_x, x + lay.card_width - lay.right_pad, y + lay.baseline)


_BREAK_AFTER = re.compile(r"[_\-./+]")


def _break_points(text: str) -> tuple[list[tuple[int, int]], ...]:
    """Where a name may be broken across two lines, as (end of the first line, start of the second),
    by kind, best first: at spaces (never right after a "·", which goes with what follows it), after
    "_", "-", ".", "/" or "+", and between any two characters."""
    spaces = [(i, i + 1) for i, ch in enumerate(text) if ch == " " and not text[:i].endswith("·")]
    marks = [(i, i) for i in range(1, len(text)) if _BREAK_AFTER.match(text[i - 1]) and text[i] != " "]
    anywhere = [(i, i) for i in range(1, len(text))]
    return spaces, marks, anywhere


def _two_lines(text: str, size: int, room: int, points: Sequence[tuple[int, int]],
               hyphen: bool = False) -> tuple[str, str] | None:
    """`text` on two lines no wider than `room` at `size`, broken at one of `points`, the first line as
    long as it can be (with `hyphen`, ending in a hyphen where the break parts two letters); None if
    no point works."""
    face = font(size, True)
    for end, start in reversed(points):
        first, second = text[:end].rstrip(), text[start:].lstrip()
        if hyphen and first[-1:].isalpha() and second[:1].isalpha():
            first += "-"
        if first and second and face.getlength(first) <= room and face.getlength(second) <= room:
            return first, second
    return None


@lru_cache(maxsize=1024)
def name_layout(name: str, room: int, largest: int, least: int) -> tuple[int, tuple[str, ...]]:
    """How a player's name (as `clean_name` gives it, in reading order) is set in `room` px on a card:
    (font size, lines). On one line at the largest size from `largest` down to `least` that fits;
    else on two lines at `least`, broken between words if that fits (else after a "_", "-", …, else
    anywhere, with a hyphen inside a word); only if even that fails, with the second line cut short with "…". Never under `least`:
    that is the size a phone can read."""
    for size in range(largest, least - 1, -1):
        if font(size, True).getlength(name) <= room:
            return size, (name,)
    spaces, marks, anywhere = _break_points(name)
    for points, hyphen in ((spaces, False), (marks, False), (anywhere, True)):
        lines = _two_lines(name, least, room, points, hyphen)
        if lines is not None:
            return least, lines
    face = font(least, True)
    end, start = next((point for point in [*reversed(spaces), *reversed(anywhere)]
                       if face.getlength(name[:point[0]].rstrip()) <= room), (1, 1))
    return least, (name[:end].rstrip(), fit(name[start:].lstrip(), least, True, room))


def seat_marks(sides: Sequence[str]) -> list[str]:
    """One short mark per seat that tells the seats apart without colour: each side's initial ("R",
    "B", "G", "Y", "P", "O") when those are all different, else the seats' numbers."""
    initials = [side[:1].upper() for side in sides]
    return initials if len(set(initials)) == len(initials) and all(initials) else [str(k + 1) for k in range(len(sides))]


def card_state(seat: int, to_move: int | None, outcome: Outcome | None) -> str:
    """"turn", "winner", "loser", "draw" or "idle" for the card of `seat`."""
    if outcome is not None:
        if outcome.is_draw:
            return "draw"
        return "winner" if seat in outcome.places[0] else "loser"
    return "turn" if seat == to_move else "idle"


def place_of(seat: int, kind: str, outcome: Outcome | None) -> int | None:
    """The place a card gives `seat` (of card_state `kind`): in a game of more than two, each
    loser's place; else None."""
    if kind == "loser" and outcome is not None and sum(map(len, outcome.places)) > 2:
        return next(number for number, group in enumerate(outcome.places, 1) if seat in group)
    return None


def card_badge(seat: int, to_move: int | None, outcome: Outcome | None) -> str:
    """The badge on a seat's card: "TO MOVE" during the game; at the end "WINNER" for the first place,
    "DRAW" when all share one place, and in a game of more than two the place of everyone else
    ("2ND", "3RD", …); nothing on a card that needs none."""
    kind = card_state(seat, to_move, outcome)
    place = place_of(seat, kind, outcome)
    if place is not None:
        return badge_place(place)
    if kind == "turn":
        # Translators: a badge on the card of the player whose turn it is, in capitals where the script has them
        return pgettext("badge", "TO MOVE")
    if kind == "winner":
        # Translators: a badge on the winner's card, in capitals where the script has them
        return pgettext("badge", "WINNER")
    if kind == "draw":
        # Translators: a badge on every card when the game is drawn, in capitals where the script has them
        return pgettext("badge", "DRAW")
    return ""


def badge_place(place: int) -> str:
    """A place on a card's badge, in capitals: "2ND", "3RD", "4TH"."""
    suffix = english_suffix(place)
    if suffix == "st":
        # Translators: a place on a card's badge (1st, 21st…), in capitals where the script has them
        return pgettext("badge", "{place}ST", place=place)
    if suffix == "nd":
        # Translators: a place on a card's badge (2nd, 22nd…), in capitals where the script has them
        return pgettext("badge", "{place}ND", place=place)
    if suffix == "rd":
        # Translators: a place on a card's badge (3rd, 23rd…), in capitals where the script has them
        return pgettext("badge", "{place}RD", place=place)
    # Translators: a place on a card's badge (4th, 5th…), in capitals where the script has them
    return pgettext("badge", "{place}TH", place=place)


def seat_status(seat: int, to_move: int | None, outcome: Outcome | None) -> str:
    """What a card's badge says, as a text board says it, in lower case: "to move", "winner", "draw",
    "2nd"; nothing for a seat that has no badge."""
    kind = card_state(seat, to_move, outcome)
    place = place_of(seat, kind, outcome)
    if place is not None:
        return ordinal(place)
    if kind == "turn":
        # Translators: after a player's line on a text board: it is their turn
        return pgettext("status", "to move")
    if kind == "winner":
        # Translators: after a player's line on a text board: they won
        return pgettext("status", "winner")
    if kind == "draw":
        # Translators: after a player's line on a text board: the game was drawn
        return pgettext("status", "draw")
    return ""


@cache
def _card(size: tuple[int, int], kind: str) -> Image.Image:
    if kind in ("turn", "winner"):
        return rounded_box(size, 12, mix(PANEL, HIGHLIGHT, 0.08), HIGHLIGHT, 3)
    return rounded_box(size, 12, PANEL, PANEL_EDGE, 1)


def name_lines(name: str, side: str, seat: int, lay: Panel) -> tuple[int, tuple[str, ...]]:
    """The name of `seat` as its card sets it, without the side the card gives on a line of its own
    (see renderers.results.seated_parts): (font size, lines in drawing order)."""
    shown, _ = seated_parts(clean_name(name, unnamed(seat)), side)
    size, lines = name_layout(shown, lay.room, lay.name, lay.text)
    return size, tuple(visual_order(line) for line in lines)


def draw_players(img: Image.Image, top: int, seats: Sequence[Seat], to_move: int | None, outcome: Outcome | None,
                 marks: Sequence[str] | None = None, reserved: Sequence[int] = ()) -> None:
    """Draw one card per seat across the image, starting at `top`: the seat's disc (with its mark, see
    `seat_marks`: given as `marks`, or by default in a game of more than two) and the name (on one
    line, or two: `name_layout`), the side and the score under it, and a badge (`card_badge`): who is
    to move, or once the game is over, the places. `reserved[seat]`, if given, is how many px at the
    right of a card's last line the renderer draws on itself (the side is cut short before them)."""
    n = len(seats)
    if marks is None:
        marks = seat_marks([seat.side for seat in seats]) if n > 2 else [""] * n
    lay = panel(img.width, n)
    draw = ImageDraw.Draw(img)
    for seat, info in enumerate(seats):
        box = card_box(img.width, n, seat, top)
        x, y = box.x, box.y
        kind = card_state(seat, to_move, outcome)
        card = _card((box.width, box.height), kind)
        img.paste(card, (x, y), card)
        disc = marked_disc(info.style, lay.disc, marks[seat], size=mark_size(lay.disc), corner=info.corner)
        paste(img, disc, (x + lay.inset + lay.disc / 2, y + box.height / 2))
        colour = MUTED if kind == "loser" else TEXT
        size, lines = name_lines(info.name, info.side, seat, lay)
        face = font(size, True)
        first = y + lay.name_top + cap_height(lay.text)
        if len(lines) == 1:  # in the middle of the room two lines would take
            put_text(draw, (box.text_x, first + lay.pitch / 2 + (cap_height(size) - cap_height(lay.text)) / 2),
                     lines[0], face, colour, "ls")
        else:
            for k, line in enumerate(lines):
                put_text(draw, (box.text_x, first + k * lay.pitch), line, face, colour, "ls")
        draw_side_line(draw, box, lay, info, reserved[seat] if seat < len(reserved) else 0)
        marker = card_badge(seat, to_move, outcome)
        end = round(lay.text * 0.7)
        right, room = x + box.width - end, box.width - 2 * end
        if info.clock is not None and outcome is None:  # the time left, right of the badge
            taken = draw_clock(img, draw, info.clock, lay, (right, y), kind == "turn") + round(lay.text * 0.3)
            right, room = right - taken, room - taken
        if marker:  # a badge sitting on the card's top edge, at the right, no wider than the card
            draw_badge(img, draw, marker, lay, (right, y), HIGHLIGHT if kind in ("turn", "winner") else MUTED, room)


def draw_side_line(draw: ImageDraw.ImageDraw, box: CardBox, lay: Panel, info: Seat, reserved: int = 0) -> None:
    """The side on the left of the card's last line and the score on its right (its unit cut short
    if it would take more than half the line); the side is left out only if a score, or what the
    renderer draws in the `reserved` px at the right, leaves it no room; a side that does not fit whole is left
    out (the card's disc shows it, the footer and the alt text say it)."""
    room = box.room - reserved
    if info.score:
        label_font, score_font = font(lay.text), font(lay.score, True)
        label = f" {fit(info.score_label, lay.text, False, box.room // 2)}" if info.score_label else ""
        put_text(draw, (box.right, box.baseline), label, label_font, MUTED, "rs")
        score_right = box.right - round(label_font.getlength(label))
        put_text(draw, (score_right, box.baseline), info.score, score_font, TEXT, "rs")
        room = score_right - round(score_font.getlength(info.score)) - round(lay.text * 0.6) - box.text_x
    face = font(lay.text)
    if face.getlength(info.side) <= room:  # a side cut short ("Ro…") says nothing: whole, or left to the disc
        put_text(draw, (box.text_x, box.baseline), info.side, face, MUTED, "ls")


@cache
def _pill(width: int, height: int, fill: RGB) -> Image.Image:
    return rounded_box((width, height), height // 2, fill)


def draw_badge(img: Image.Image, draw: ImageDraw.ImageDraw, text: str, lay: Panel, right_middle: tuple[int, int],
               fill: RGB, room: int | None = None) -> int:
    """A badge: `text` in bold capitals on a pill of `fill`, its right end and middle at `right_middle`,
    the pill at most `room` px wide (the text cut short to fit); how wide the pill is."""
    face = font(lay.text, True)
    pad = round(lay.text * 0.45)
    if room is not None:
        text = fit(text, lay.text, True, room - 2 * pad)
    width = round(face.getlength(text)) + 2 * pad
    pill = _pill(width, lay.badge_height, fill)
    x, y = right_middle[0] - width, right_middle[1] - lay.badge_height // 2
    img.paste(pill, (x, y), pill)
    put_text(draw, (x + width / 2, y + lay.badge_height / 2 + cap_height(lay.text) / 2), text, face, HIGHLIGHT_TEXT, "ms")
    return width


LOW_MARK = "\u26a0"  # ⚠ before a low time: low is told by more than the colour


def clock_face(clock: SeatClock) -> str:
    """A clock's text as its pill shows it: the time, after a warning sign when it is low."""
    return f"{LOW_MARK} {clock.text}" if clock.low else clock.text


def draw_clock(img: Image.Image, draw: ImageDraw.ImageDraw, clock: SeatClock, lay: Panel,
               right_middle: tuple[int, int], running: bool) -> int:
    """A seat's time left as a pill on its card's top edge, its right end and middle at `right_middle`:
    in LOW_TIME with a warning sign when low, else in HIGHLIGHT while it runs and MUTED while it waits;
    how wide the pill is. The time is never cut short."""
    fill = LOW_TIME if clock.low else HIGHLIGHT if running else MUTED
    return draw_badge(img, draw, clock_face(clock), lay, right_middle, fill)
