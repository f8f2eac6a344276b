"""The player panel at the top of every picture: one card per seat (`Seat`, built by `seats_for`)
with its disc, the player's name on one line or two (`name_layout`), the side, the score and a
badge (`card_badge`); where each card lies (`card_box`, `panel_height`), and the seat marks that tell
seats apart without colour in a game of more than two (`seat_marks`, `marks_for`).
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache

from PIL import Image, ImageDraw

from renderers.colours import HIGHLIGHT, HIGHLIGHT_TEXT, MUTED, PANEL, PANEL_EDGE, RGB, TEXT, DiscStyle, mix
from renderers.lettering import cap_height, clean_name, fit, font, put_text, visual_order
from renderers.sprites import marked_disc, paste, rounded_box
from rules import GAMES, Outcome


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
    are blank; blank or undrawable names are shown as "Player N" (see renderers.lettering.display_name)."""
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
