"""What a request must meet before it changes a match, shared by the parts that change one: the seat
of the player asking, their turn, and a match still being played at the stamp its button was made at."""
from __future__ import annotations

from bot.errors import NotAllowed, Stale
from bot.models import Match, MatchStatus, Player
from i18n import N_, _

STALE = N_("The board has changed since.")


def playing_seat(match: Match, user: Player) -> int:
    """The seat `user` plays in `match` (NotAllowed if none, or if they left it)."""
    seat = match.seat_of(user.id)
    if seat is None:
        raise NotAllowed(_("You are not playing in this match."))
    if match.stand_in(seat) is not None:
        raise NotAllowed(_("You left this match: a computer plays your seat now."))
    return seat


def mover_seat(match: Match, user: Player, stamp: int | None = None) -> int:
    """The seat of `user`, who must be the one to move in the active `match` (Stale first if the
    request was made at `stamp` and the board has changed since)."""
    mover = match.to_move
    if match.status != MatchStatus.ACTIVE or mover is None:
        raise NotAllowed(_("This match is over."))
    if stamp is not None and match.stamp != stamp:
        raise Stale(_("The board has changed since this panel opened."))
    if match.seat_of(user.id) is None:
        raise NotAllowed(_("You are not playing in this match: it is {player}'s turn.", player=mover.shown))
    seat = playing_seat(match, user)
    if match.state.to_move != seat:
        raise NotAllowed(_("It's not your turn: {player} is to move.", player=mover.shown))
    return seat


def still_at(match: Match, stamp: int, stale: str = STALE) -> None:
    """`match` is being played and is at `stamp` (Match.stamp) still: else NotAllowed, or Stale saying `stale`
    (a message marked with N_, translated here)."""
    if match.status != MatchStatus.ACTIVE:
        raise NotAllowed(_("This match is over."))
    if match.stamp != stamp:
        raise Stale(_(stale))
