"""Words for a board picture, for people who cannot see it: the alt text a screen reader reads out.

`alt_text(title, state, seats)` says which game it is (its title), whose turn it is (or how the game
ended), the last move with what it did, and each seat's material or score where the game keeps one, all
taken from the renderer's own seats (its `seats(state, names)`; `games.describe` puts the two together),
so a seventh game is described with no more code.
"""
from __future__ import annotations

from collections.abc import Sequence

from renderers import theme
from renderers.results import seated

ALT_TEXT_MAX = 1024  # Discord's limit on an attachment's description


def plain_name(seat: theme.Seat) -> str:
    """A seat's player as text output gives it: "alice (White)", or just the side when unnamed."""
    name = " ".join((seat.name or "").split())
    return seated(name, seat.side) if name else seat.side


def alt_text(title: str, state, seats: Sequence[theme.Seat]) -> str:
    """The description of the picture of `state`, a position of the game called `title`, whose seats
    are `seats` (see the module docstring), at most ALT_TEXT_MAX characters."""
    sentences = [f"{title} board."]
    if state.outcome is not None:
        sentences.append(f"Game over: {theme.result_text(state.outcome, seats, plain=True)}.")
    elif state.to_move is not None:
        sentences.append(f"{plain_name(seats[state.to_move])} to move.")
    last = state.last
    if last is not None:
        move = f"Last move: {plain_name(seats[last.seat])} played {last.notation}"
        sentences.append(move + (f", {last.effect}." if last.effect else "."))
        sentences.extend(f"{plain_name(seats[seat])} had no legal move and passed." for seat in last.passed)
    else:
        sentences.append("No moves yet.")
    scored = [seat for seat in seats if seat.score]
    if scored:
        sentences.append(", ".join(f"{plain_name(seat)} {seat.score} {seat.score_label}".rstrip() for seat in scored) + ".")
    return within_limit(" ".join(sentences))


def within_limit(text: str) -> str:
    """`text`, cut short with "…" if it is longer than an attachment's description may be."""
    return text if len(text) <= ALT_TEXT_MAX else text[:ALT_TEXT_MAX - 1].rstrip() + "…"
