"""Errors the service raises for players: the message is shown to them as it is, privately. It is
written in the language of whoever asked (it is made where the request is refused, in their task)."""
from __future__ import annotations

from i18n import _


class PlayerError(Exception):
    """Something a player asked for that cannot be done now (not a bug)."""


class NotFound(PlayerError):
    """There is no match or challenge where the player looked."""


class NotAllowed(PlayerError):
    """The player may not do this (not their turn, not their challenge, …)."""


class Conflict(PlayerError):
    """Someone else changed the match first; the request had no effect."""


class Stale(Conflict):
    """The request was made for a position that is no longer on the board (a panel left open)."""


class Duplicate(Conflict):
    """Another process stored the same thing (a second challenge in one channel, a second join of the
    last seat) at the same moment; the database refused this one."""

    def __init__(self, message: str | None = None):
        super().__init__(message if message is not None
                         else _("Someone else did the same thing at the same moment; look again and retry."))


class NotShown(PlayerError):
    """A change was stored, but Discord did not take its message just now: it is posted again shortly."""

    def __init__(self, message: str | None = None):
        super().__init__(message if message is not None
                         else _("Done, but Discord did not take the message just now: it will be posted here in a moment."))
