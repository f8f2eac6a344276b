"""The status panel at the bottom of every picture (`draw_footer`): whose turn it is or the result
(`result_text`) in large type, and under it the detail (`move_detail`: the last move and what it
did, or a game's hint before the first) on up to two lines (`wrap_detail`).
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from renderers.cards import PANEL_PAD, Seat, seat_marks
from renderers.colours import HIGHLIGHT, MUTED, NOTE, PANEL, PANEL_EDGE, RGB, TEXT
from renderers.lettering import display_name, fit, font, put_text
from renderers.results import reason_sentence, scores_text, seated, who_won
from renderers.sprites import marked_disc, paste, rounded_box
from rules import Outcome


def result_text(outcome: Outcome, seats: Sequence[Seat], plain: bool = False, reason: bool = True,
                scores: bool = True) -> str:
    """"alice wins · 30–19 · board full", "Draw · threefold repetition", "carol wins · carol 37, alice 30,
    bob 12 · all 12 numbers written": scores only when they decided the result (see Outcome.scores),
    in finishing order, with names when more than two played. With `plain`, names are given in full
    (for text output); otherwise cleaned for the bundled font and kept short. `reason=False` and
    `scores=False` leave those out."""
    def names(share: int) -> list[str]:
        """Every seat's name, in a picture as wide as a `share` of the status line allows."""
        if plain:
            return [" ".join(seat.name.split()) or seat.side for seat in seats]
        return [fit(display_name(seat.name, f"Player {k + 1}"), 21, True, 330 // share) for k, seat in enumerate(seats)]

    parts = [who_won(outcome, names(len(outcome.places[0])))]
    if scores and outcome.scores is not None:
        order = outcome.finishing_order
        parts.append(scores_text(outcome, None if len(order) == 2 else names(len(order))))
    if reason and outcome.reason:
        parts.append(outcome.reason)
    return " · ".join(parts)


FOOTER_HEIGHT = 104  # the footer panel and the margin under it: room for the status and two detail lines
DETAIL_LINES = 2
DETAIL_SIZE = 16
BREAK = "\n"  # a detail segment starting with this starts a new line

Segment = tuple[str, RGB]  # a run of text in one colour


def _units(detail: Sequence[Segment]) -> list[list[Segment]]:
    """The detail line's words, each with the spaces after it and its colour; a lone "·" is kept with
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
            glue = word.strip() == "·"
    return units


@lru_cache(maxsize=1024)
def wrap_detail(detail: tuple[Segment, ...], room: int, lines: int = DETAIL_LINES) -> tuple[tuple[Segment, ...], ...]:
    """The footer's detail segments set on at most `lines` lines of `room` px at DETAIL_SIZE: broken
    between words (or where a segment starts with BREAK), and only the last line, if even that is too
    short, cut with "…"."""
    face = font(DETAIL_SIZE)
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
                return _cut(out, units[k:], room)
            out.append([])
            used = 0.0
            if len(pieces) > 1 and pieces[0][0].strip() == "·":  # the break parts the two already
                pieces = pieces[1:]
            pieces[0] = (pieces[0][0].lstrip(), pieces[0][1])
            width = sum(face.getlength(text) for text, _ in pieces)
            bare = width - (face.getlength(pieces[-1][0]) - face.getlength(pieces[-1][0].rstrip()))
        if bare > room:  # one word longer than a whole line
            out[-1].append((fit("".join(text for text, _ in pieces).strip(), DETAIL_SIZE, False, room), pieces[0][1]))
            used = room
            continue
        out[-1].extend(pieces)
        used += width
    return tuple(tuple(line) for line in out if line)


def _cut(out: list[list[Segment]], rest: Sequence[list[Segment]], room: int) -> tuple[tuple[Segment, ...], ...]:
    """The lines set so far with the rest of the text run on at the end of the last one, as much of it
    as fits with "…" after it."""
    face = font(DETAIL_SIZE)
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
                detail: Sequence[Segment], aside: str = "") -> None:
    """A panel at `top`: the status (whose turn, or the result) in large type with a swatch, and under
    it the detail in coloured segments (the game's reason for ending first) on up to two lines, broken
    between words (see `wrap_detail`); the panel always has room for both, so the picture keeps its
    size. `aside`, if any, is set in small muted type at the right of the status line (a game's phase,
    say), and the status is cut short before it."""
    width = img.width
    box_w, box_h = width - 2 * PANEL_PAD, FOOTER_HEIGHT - PANEL_PAD
    panel = rounded_box((box_w, box_h), 12, PANEL, PANEL_EDGE, 1)
    img.paste(panel, (PANEL_PAD, top), panel)
    draw = ImageDraw.Draw(img)
    x = PANEL_PAD + 16
    inner = box_w - 32
    status_font = font(21, True)
    status_room = inner
    if aside:
        aside = fit(aside, 16, False, inner // 2)
        put_text(draw, (x + inner, top + 29), aside, font(16), MUTED, "rs")
        status_room -= round(font(16).getlength(aside)) + 16
    swatch: int | None = None
    if outcome is None and to_move is not None:
        swatch = to_move
        name = display_name(seats[to_move].name, f"Player {to_move + 1}")
        suffix = seated(name, seats[to_move].side)[len(name):] + " to move"
        status = fit(name, 21, True, status_room - 34 - round(status_font.getlength(suffix))) + suffix
        colour = TEXT
    elif outcome is not None:
        winners = sorted(outcome.places[0]) if not outcome.is_draw else []
        swatch = winners[0] if len(winners) == 1 else None
        # With more than two, the cards give every place and score: a list of them here would be cut short.
        status = result_text(outcome, seats, reason=False, scores=len(seats) == 2)
        status = fit(status, 21, True, status_room - (34 if swatch is not None else 0))
        colour = HIGHLIGHT
        if outcome.reason:
            detail = [(reason_sentence(outcome) + " · ", TEXT), *detail]
    else:
        status, colour = "", TEXT
    tx = x
    if swatch is not None:
        mark = seat_marks([seat.side for seat in seats])[swatch] if len(seats) > 2 else ""
        paste(img, marked_disc(seats[swatch].style, 24, mark), (x + 12, top + 21))
        tx = x + 34
    put_text(draw, (tx, top + 29), status, status_font, colour, "ls")
    detail_font = font(DETAIL_SIZE)
    for k, line in enumerate(wrap_detail(tuple(detail), inner)):
        dx = float(x)
        for text, colour in line:
            put_text(draw, (round(dx), top + 54 + 21 * k), text, detail_font, colour, "ls")
            dx += detail_font.getlength(text)


def move_detail(state, seats: Sequence[Seat], opening: Sequence[tuple[str, RGB]]) -> list[tuple[str, RGB]]:
    """The footer's second line: `opening` (a game's hint on how to begin) before the first move,
    then the last move with what it did; for a match that ended before anyone moved, just that."""
    if state.last is not None:
        return last_move_detail(state, seats)
    return list(opening) if state.outcome is None else [("No moves were played", MUTED)]


def last_move_detail(state, seats: Sequence[Seat]) -> list[tuple[str, RGB]]:
    """The footer's second line after a move: any automatic pass, then the move and what it did."""
    last = state.last
    parts: list[tuple[str, RGB]] = [(f"{seats[seat].side} had no legal move and passed · ", NOTE) for seat in last.passed]
    if not parts and state.outcome is None:  # otherwise the line starts with a note or the reason
        parts.append(("Last move ", MUTED))
    parts.append((f"{seats[last.seat].side} {last.notation}", TEXT))
    if last.effect:
        parts.append((f" · {last.effect}", MUTED))
    return parts
