"""Preferences: whether players, and a whole server, get turn reminders."""
from __future__ import annotations

from dataclasses import dataclass

from bot.errors import NotAllowed
from bot.models import Player
from bot.service import repository
from bot.service.context import Context


@dataclass(frozen=True)
class ReminderSettings:
    mine: bool  # this player's reminders
    server: bool  # everyone's in this server


class Preferences:
    """Whether a player, or a whole server, gets turn reminders."""

    def __init__(self, context: Context):
        self.context = context

    async def reminder_settings(self, guild_id: int, user: Player, *, mine: bool | None = None,
                                server: bool | None = None, manages_server: bool = False) -> ReminderSettings:
        """Turn the player's reminders (`mine`) or the server's (`server`, for those who manage it) on or
        off where given; the settings as they then are."""
        if server is not None and not manages_server:
            raise NotAllowed("Only someone with the Manage Server permission can turn reminders on or off for the "
                             "whole server.")
        async with self.context.notes.changing() as db:
            if mine is not None:
                await repository.players.set_player_reminders(db, user, mine)
            if server is not None:
                await repository.players.set_server_reminders(db, guild_id, server)
            return ReminderSettings(*await repository.players.reminder_settings(db, guild_id, user.id))
