"""The lines every game's plain-text board shares: the seats with their scores and badges
(`text_players`) and the last move (`text_last_move`); the result line is `result_text(..., plain=True)`
(renderers/footer.py).
"""
from __future__ import annotations

from collections.abc import Sequence

from renderers.cards import Seat, card_badge


def text_players(state, seats: Sequence[Seat], symbols: Sequence[str], unit: str | None = None) -> list[str]:
    """One line per seat for a text board: symbol, side, name, score followed by `unit` (by default
    the seat's own score label; nothing for a game that keeps no score), and who is to move or, once
    the game is over, the badge of the picture's card ("winner", "2nd", "draw")."""
    lines = []
    for seat, info in enumerate(seats):
        name = " ".join((info.name or "").split()) or info.side
        badge = card_badge(seat, state.to_move, state.outcome).lower()
        marker = f"  <- {badge}" if badge else ""
        label = info.score_label if unit is None else unit
        score = f" — {info.score} {label}" if info.score else ""
        lines.append(f"{symbols[seat]} {info.side}: {name}{score}{marker}")
    return lines


def text_last_move(last, seats: Sequence[Seat]) -> str:
    """The last move for a text board, with its effect and any automatic pass."""
    note = f"Last move: {seats[last.seat].side} {last.notation}"
    if last.effect:
        note += f" ({last.effect})"
    for seat in last.passed:
        note += f"; {seats[seat].side} had no legal move and passed"
    return note
