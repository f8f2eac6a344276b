"""Words for a board picture, for people who cannot see it: the alt text a screen reader reads out, in
the language in use.

`alt_text(title, state, seats)` says which game it is (its title), whose turn it is (or how the game
ended), in a match played on a clock each seat's time left, the last move with what it did, and each
seat's material or score where the game keeps one, all taken from the renderer's own seats (its
`seats(state, names)`; `games.describe` puts the two together), so a seventh game is described with no
more code.
"""
from __future__ import annotations

from collections.abc import Sequence

from i18n import _
from renderers import theme
from renderers.results import comma_list, seated

ALT_TEXT_MAX = 1024  # Discord's limit on an attachment's description


def plain_name(seat: theme.Seat) -> str:
    """A seat's player as text output gives it: "alice (White)", or just the side when unnamed."""
    name = " ".join((seat.name or "").split())
    return seated(name, seat.side) if name else seat.side


def alt_text(title: str, state, seats: Sequence[theme.Seat]) -> str:
    """The description of the picture of `state`, a position of the game called `title`, whose seats
    are `seats` (see the module docstring), at most ALT_TEXT_MAX characters."""
    # Translators: the first sentence of a board picture's description; {game} is the game's title
    sentences = [_("{game} board.", game=title)]
    if state.outcome is not None:
        sentences.append(_("Game over: {result}.", result=theme.result_text(state.outcome, seats, plain=True)))
    elif state.to_move is not None:
        sentences.append(_("{player} to move.", player=plain_name(seats[state.to_move])))
    clocks = clocks_sentence(seats)
    if clocks:
        sentences.append(clocks)
    last = state.last
    if last is not None:
        who = plain_name(seats[last.seat])
        if last.effect:
            # Translators: {effect} is what the move did ("clone, 3 flipped")
            sentences.append(_("Last move: {player} played {move}, {effect}.", player=who, move=last.notation,
                               effect=last.effect_text()))
        else:
            sentences.append(_("Last move: {player} played {move}.", player=who, move=last.notation))
        sentences.extend(_("{player} had no legal move and passed.", player=plain_name(seats[seat]))
                         for seat in last.passed)
    else:
        sentences.append(_("No moves yet."))
    scored = [seat for seat in seats if seat.score]
    if scored:
        # Translators: a player's score in a picture's description ("alice (White) 12 pieces")
        each = [_("{player} {score} {unit}", player=plain_name(seat), score=seat.score, unit=seat.score_label).rstrip()
                for seat in scored]
        # Translators: the players' scores as a sentence of its own ("alice (White) 12 pieces, bob (Black) 3 pieces.")
        sentences.append(_("{scores}.", scores=comma_list(each)))
    return within_limit(" ".join(sentences))


def clocks_sentence(seats: Sequence[theme.Seat]) -> str:
    """Every clocked seat's time left, the low ones said to be low: "Clocks: alice (White) 4:32, bob
    (Black) 0:25 (low)."; nothing when no seat has a clock."""
    each = []
    for seat in seats:
        if seat.clock is None:
            continue
        if seat.clock.low:
            # Translators: a player's time left on their game clock in a picture's description, when it is running low ("bob (Black) 0:25 (low)")
            each.append(_("{player} {time} (low)", player=plain_name(seat), time=seat.clock.text))
        else:
            # Translators: a player's time left on their game clock in a picture's description ("alice (White) 4:32")
            each.append(_("{player} {time}", player=plain_name(seat), time=seat.clock.text))
    # Translators: the players' game clocks as a sentence of its own ("Clocks: alice (White) 4:32, bob (Black) 0:25 (low).")
    return _("Clocks: {clocks}.", clocks=comma_list(each)) if each else ""


def within_limit(text: str) -> str:
    """`text`, cut short with "…" if it is longer than an attachment's description may be."""
    return text if len(text) <= ALT_TEXT_MAX else text[:ALT_TEXT_MAX - 1].rstrip() + "…"
