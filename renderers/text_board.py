"""The lines every game's plain-text board shares: the seats with their scores, clocks and badges
(`text_players`), the last move (`text_last_move`) and the result (`text_result`), in the language in
use.
"""
from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from i18n import _
from renderers.cards import Seat, SeatClock, seat_status
from renderers.footer import result_text


def columns(text: str) -> int:
    """How many columns `text` takes on a terminal: two for a wide character (Chinese, Japanese)."""
    return sum(2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1 for ch in text)


def padded(text: str, width: int) -> str:
    """`text` with spaces after it to fill `width` columns (see `columns`)."""
    return text + " " * max(0, width - columns(text))


def text_players(state, seats: Sequence[Seat], symbols: Sequence[str], unit: str | None = None) -> list[str]:
    """One line per seat for a text board: symbol, side, name, score followed by `unit` (by default
    the seat's own score label; nothing for a game that keeps no score; `unit=""` for a score that
    is a whole phrase of its own), the time left on the seat's clock in a match played on one
    (`clock_words`), and who is to move or, once the game is over, the badge of the
    picture's card ("winner", "2nd", "draw")."""
    lines = []
    for seat, info in enumerate(seats):
        name = " ".join((info.name or "").split()) or info.side
        # Translators: a player's line on a text board: their symbol, side and name ("O White: alice")
        line = _("{symbol} {side}: {player}", symbol=symbols[seat], side=info.side, player=name)
        label = info.score_label if unit is None else unit
        if info.score:
            # Translators: a score and its unit on a text board ("12 pieces")
            score = _("{score} {unit}", score=info.score, unit=label) if label else info.score
            line += f" — {score}"
        if info.clock is not None:
            line += f" — {clock_words(info.clock)}"
        badge = seat_status(seat, state.to_move, state.outcome)
        if badge:
            line += f"  <- {badge}"
        lines.append(line)
    return lines


def clock_words(clock: SeatClock) -> str:
    """A seat's time left as a text board says it: "4:32 on the clock", "0:25 on the clock (low)"."""
    if clock.low:
        # Translators: a player's time left on their game clock, on a text board, when it is running low ("0:25 on the clock (low)")
        return _("{time} on the clock (low)", time=clock.text)
    # Translators: a player's time left on their game clock, on a text board ("4:32 on the clock")
    return _("{time} on the clock", time=clock.text)


def text_last_move(last, seats: Sequence[Seat]) -> str:
    """The last move for a text board, with its effect and any automatic pass."""
    note = _("Last move: {side} {move}", side=seats[last.seat].side, move=last.notation)
    if last.effect:
        note += f" ({last.effect_text()})"
    for seat in last.passed:
        note += "; " + _("{side} had no legal move and passed", side=seats[seat].side)
    return note


def text_result(outcome, seats: Sequence[Seat]) -> str:
    """The result's line on a text board: "Game over: alice wins · 30–19 · board full"."""
    return _("Game over: {result}", result=result_text(outcome, seats, plain=True))
