"""The status panel at the bottom of every picture (`draw_footer`): whose turn it is or the result
(`result_text`) in large type, and under it the detail (`move_detail`: the last move and what it
did, or a game's hint before the first) on up to two lines (`wrap_detail`). As on the cards, every
word is set at least at the size a phone can read (`footer`, `text_sizes`), so a wider picture has a
taller footer (`footer_height`).
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache

from PIL import Image, ImageDraw

from i18n import _
from renderers.cards import PANEL_PAD, Seat
from renderers.colours import HIGHLIGHT, MUTED, NOTE, PANEL, PANEL_EDGE, RGB, TEXT
from renderers.lettering import cap_height, display_name, fit, font, phone_size, put_text
from renderers.results import reason_sentence, scores_text, seated, unnamed, who_won
from renderers.sprites import disc, paste, rounded_box
from rules import Outcome


def result_text(outcome: Outcome, seats: Sequence[Seat], plain: bool = False, reason: bool = True,
                scores: bool = True, size: int = 21, room: int = 330) -> str:
    """"alice wins · 30–19 · board full", "Draw · threefold repetition", "carol wins · carol 37, alice 30,
    bob 12 · all 12 numbers written": scores only when they decided the result (see Outcome.scores),
    in finishing order, with names when more than two played. With `plain`, names are given in full
    (for text output); otherwise cleaned for the bundled font and kept short: a status line `room` px
    wide in bold type of `size` px. `reason=False` and `scores=False` leave those out."""
    def names(share: int) -> list[str]:
        """Every seat's name, in a picture as wide as a `share` of the status line allows."""
        if plain:
            return [" ".join(seat.name.split()) or seat.side for seat in seats]
        return [fit(display_name(seat.name, unnamed(k)), size, True, room // share) for k, seat in enumerate(seats)]

    parts = [who_won(outcome, names(len(outcome.places[0])))]
    if scores and outcome.scores is not None:
        order = outcome.finishing_order
        parts.append(scores_text(outcome, None if len(order) == 2 else names(len(order))))
    if reason and outcome.reason:
        parts.append(outcome.reason_text())
    return " · ".join(parts)


DETAIL_LINES = 2  # unless a game asks for more: the last move and what it did, after any reason for ending
BREAK = "\n"  # a detail segment starting with this starts a new line


@dataclass(frozen=True)
class Footer:
    """How the footer of a picture `width` px wide is laid out and lettered; offsets from the panel's top."""

    status: int  # the status line's size (bold)
    detail: int  # the detail's and the aside's size: the least that reads on a phone
    inset: int  # from the panel's left and right edges to the text
    status_baseline: int
    detail_baseline: int  # of the first detail line
    pitch: int  # from one detail line to the next
    swatch: int  # the disc of the seat the status is about
    lines: int  # how many detail lines it has room for
    panel_height: int

    @property
    def height(self) -> int:
        """The panel and the margin under it."""
        return self.panel_height + PANEL_PAD


@cache
def footer(width: int, lines: int = DETAIL_LINES) -> Footer:
    """The footer's layout on a picture `width` px wide, with room for `lines` lines of detail."""
    text = phone_size(width, False)
    status = round(phone_size(width) * 1.1)
    status_baseline = round(text * 0.7) + cap_height(status)
    detail_baseline = status_baseline + round(text * 1.45)
    pitch = round(text * 1.25)
    bottom = detail_baseline + (lines - 1) * pitch + round(text * 0.24) + round(text * 0.55)
    return Footer(status=status, detail=text, inset=round(text * 0.85), status_baseline=status_baseline,
                  detail_baseline=detail_baseline, pitch=pitch, swatch=round(cap_height(status) * 1.6), lines=lines,
                  panel_height=bottom)


def footer_height(width: int, lines: int = DETAIL_LINES) -> int:
    """The footer panel and the margin under it, on a picture `width` px wide: room for the status and
    `lines` detail lines."""
    return footer(width, lines).height


def text_sizes(width: int) -> dict[str, tuple[int, bool]]:
    """Every kind of text in the footer of a picture `width` px wide with its size and whether it is
    bold (tests/test_phone_render.py holds them to what a phone can read)."""
    lay = footer(width)
    return {"status": (lay.status, True), "last move": (lay.detail, False), "aside": (lay.detail, False)}


Segment = tuple[str, RGB]  # a run of text in one colour
STRONG, PLAIN = "<b>", "</b>"  # in a message `tinted` sets, what stands out


def tinted(message: str, colour: RGB, strong: RGB, **params: object) -> list[Segment]:
    """A translated message as the footer's detail sets it: the words between <b> and </b> in `strong`,
    the rest in `colour`, each run's {placeholders} filled in from `params` (after it is split, so
    that a player's name cannot open or close a run). Pass the message translated but not filled in:
    `tinted(_("New game · <b>clone</b> next to a piece"), MUTED, TEXT)`."""
    segments: list[Segment] = []
    rest, inside = message, False
    while rest:
        mark = PLAIN if inside else STRONG
        run, found, rest = rest.partition(mark)
        if run:
            segments.append((run.format(**params) if params else run, strong if inside else colour))
        inside = not inside if found else inside
    return segments

GLUED = ("·", "=")  # kept with the word after them, so that no line ends with one


def _units(detail: Sequence[Segment]) -> list[list[Segment]]:
    """The detail line's words, each with the spaces after it and its colour; a lone "·" or "=" is kept with
    the word after it (so that no line ends with one), and a unit that starts a new line is marked by
    a first segment (BREAK, colour)."""
    units: list[list[Segment]] = []
    glue = forced = False
    for text, colour in detail:
        if text.startswith(BREAK):
            text, glue, forced = text[len(BREAK):], False, True
        for word in re.findall(r"\s*\S+\s*|\s+", text):
            if glue and units:
                units[-1].append((word, colour))
            else:
                units.append([(BREAK, colour), (word, colour)] if forced else [(word, colour)])
                forced = False
            glue = word.strip() in GLUED
    return units


@lru_cache(maxsize=1024)
def wrap_detail(detail: tuple[Segment, ...], room: int, size: int, lines: int = DETAIL_LINES) -> tuple[tuple[Segment, ...], ...]:
    """The footer's detail segments set on at most `lines` lines of `room` px at `size`: broken
    between words (or where a segment starts with BREAK), and only the last line, if even that is too
    short, cut with "…"."""
    face = font(size)
    out: list[list[Segment]] = [[]]
    used = 0.0
    units = _units(detail)
    for k, unit in enumerate(units):
        forced = unit[0][0] == BREAK
        pieces = [(text, colour) for text, colour in unit if text != BREAK]
        if not pieces:
            continue
        if not out[-1]:
            pieces[0] = (pieces[0][0].lstrip(), pieces[0][1])
        width = sum(face.getlength(text) for text, _ in pieces)
        bare = width - (face.getlength(pieces[-1][0]) - face.getlength(pieces[-1][0].rstrip()))
        if out[-1] and (forced or used + bare > room):
            if len(out) == lines:  # no line left: cut this one short
                return _cut(out, units[k:], room, size)
            out.append([])
            used = 0.0
            if len(pieces) > 1 and pieces[0][0].strip() == "·":  # the break parts the two already
                pieces = pieces[1:]
            pieces[0] = (pieces[0][0].lstrip(), pieces[0][1])
            width = sum(face.getlength(text) for text, _ in pieces)
            bare = width - (face.getlength(pieces[-1][0]) - face.getlength(pieces[-1][0].rstrip()))
        if bare > room:  # one word longer than a whole line
            out[-1].append((fit("".join(text for text, _ in pieces).strip(), size, False, room), pieces[0][1]))
            used = room
            continue
        out[-1].extend(pieces)
        used += width
    return tuple(tuple(line) for line in out if line)


def _cut(out: list[list[Segment]], rest: Sequence[list[Segment]], room: int, size: int) -> tuple[tuple[Segment, ...], ...]:
    """The lines set so far with the rest of the text run on at the end of the last one, as much of it
    as fits with "…" after it."""
    face = font(size)
    pieces = out[-1] + [(" " if text == BREAK else text, colour) for unit in rest for text, colour in unit]
    out[-1] = []
    ellipsis = face.getlength("…")

    def width(k: int, end: int) -> float:  # the last line with pieces[:k] and pieces[k][:end]
        return sum(face.getlength(text) for text, _ in pieces[:k]) + face.getlength(pieces[k][0][:end].rstrip())

    for k, (text, colour) in enumerate(pieces):
        if width(k, len(text)) + ellipsis > room:  # the cut is in this piece: keep what fits with "…"
            end = max((e for e in range(len(text) + 1) if width(k, e) + ellipsis <= room), default=0)
            kept = [*pieces[:k], (text[:end].rstrip(), colour)]
            if not kept[-1][0]:
                kept.pop()
            if kept:
                kept[-1] = (kept[-1][0].rstrip(), kept[-1][1])
            out[-1].extend(kept)
            out[-1].append(("…", colour))
            break
    else:
        out[-1].extend(pieces)
    return tuple(tuple(line) for line in out)


def draw_footer(img: Image.Image, top: int, seats: Sequence[Seat], to_move: int | None, outcome: Outcome | None,
                detail: Sequence[Segment], aside: str = "", lines: int = DETAIL_LINES) -> None:
    """A panel at `top`: the status (whose turn, or the result) in large type with a swatch, and under
    it the detail in coloured segments (the game's reason for ending first) on up to `lines` lines,
    broken between words (see `wrap_detail`); the panel always has room for them all, so the picture
    keeps its size (`footer_height(width, lines)`). `aside`, if any, is set muted at the right of the status line (a game's phase, say), in at
    most half of it, and the status is cut short before it."""
    width = img.width
    lay = footer(width, lines)
    box_w = width - 2 * PANEL_PAD
    panel = rounded_box((box_w, lay.panel_height), 12, PANEL, PANEL_EDGE, 1)
    img.paste(panel, (PANEL_PAD, top), panel)
    draw = ImageDraw.Draw(img)
    x = PANEL_PAD + lay.inset
    inner = box_w - 2 * lay.inset
    status_font, aside_font = font(lay.status, True), font(lay.detail)
    baseline = top + lay.status_baseline
    status_room = inner
    if aside:
        aside = fit(aside, lay.detail, False, inner // 2)
        put_text(draw, (x + inner, baseline), aside, aside_font, MUTED, "rs")
        status_room -= round(aside_font.getlength(aside)) + lay.inset
    gap = lay.swatch + round(lay.detail * 0.55)  # the swatch and the space after it
    swatch: int | None = None
    if outcome is None and to_move is not None:
        swatch = to_move
        name = display_name(seats[to_move].name, unnamed(to_move))
        status = to_move_status(name, seats[to_move].side, lay.status, status_room - gap)
        colour = TEXT
    elif outcome is not None:
        winners = sorted(outcome.places[0]) if not outcome.is_draw else []
        swatch = winners[0] if len(winners) == 1 else None
        # With more than two, the cards give every place and score: a list of them here would be cut short.
        status = result_text(outcome, seats, reason=False, scores=len(seats) == 2, size=lay.status,
                             room=round(inner * 0.62))
        status = fit(status, lay.status, True, status_room - (gap if swatch is not None else 0))
        colour = HIGHLIGHT
        if outcome.reason:
            detail = [(reason_sentence(outcome) + " · ", TEXT), *detail]
    else:
        status, colour = "", TEXT
    tx = x
    if swatch is not None:  # the seat's colour; its words are the status's own
        swatch_disc = disc(seats[swatch].style, lay.swatch, corner=seats[swatch].corner)
        paste(img, swatch_disc, (x + lay.swatch / 2, baseline - cap_height(lay.status) / 2))
        tx = x + gap
    put_text(draw, (tx, baseline), status, status_font, colour, "ls")
    detail_font = font(lay.detail)
    for k, line in enumerate(wrap_detail(tuple(detail), inner, lay.detail, lines)):
        dx = float(x)
        for text, colour in line:
            put_text(draw, (round(dx), top + lay.detail_baseline + lay.pitch * k), text, detail_font, colour, "ls")
            dx += detail_font.getlength(text)


def to_move_status(name: str, side: str, size: int, room: int) -> str:
    """"alice (White) to move" set in bold at `size` in `room` px, the player's name cut short so that
    the rest of the sentence keeps its place."""
    held = "\0"  # where the name goes, while the rest is measured
    shown = seated(name, side)
    template = _("{player} to move", player=shown.replace(name, held, 1) if name else shown)
    before, found, after = template.partition(held)
    if not found:
        return fit(template, size, True, room)
    face = font(size, True)
    name_room = room - round(face.getlength(after)) - round(face.getlength(before))
    return before + fit(name, size, True, name_room) + after


def move_detail(state, seats: Sequence[Seat], opening: Sequence[tuple[str, RGB]]) -> list[tuple[str, RGB]]:
    """The footer's second line: `opening` (a game's hint on how to begin, see `tinted`) before the
    first move, then the last move with what it did; for a match that ended before anyone moved, just that."""
    if state.last is not None:
        return last_move_detail(state, seats)
    return list(opening) if state.outcome is None else [(_("No moves were played"), MUTED)]


def last_move_detail(state, seats: Sequence[Seat]) -> list[tuple[str, RGB]]:
    """The footer's second line after a move: any automatic pass, then the move and what it did."""
    last = state.last
    parts: list[tuple[str, RGB]] = [
        (_("{side} had no legal move and passed", side=seats[seat].side) + " · ", NOTE) for seat in last.passed]
    side = seats[last.seat].side
    if not parts and state.outcome is None:  # otherwise the line starts with a note or the reason
        # Translators: in a picture's footer: the last move, the side that played it and its notation ("Last move White c3-e5"); keep the tags round the side and move
        parts.extend(tinted(_("Last move <b>{side} {move}</b>"), MUTED, TEXT, side=side, move=last.notation))
    else:
        # Translators: the side that played the last move and its notation ("White c3-e5")
        parts.append((_("{side} {move}", side=side, move=last.notation), TEXT))
    if last.effect:
        parts.append((f" · {last.effect_text()}", MUTED))
    return parts
