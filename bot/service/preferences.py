"""Preferences: whether players, and a whole server, get turn reminders; the language a server's channels read."""
from __future__ import annotations

import time
from dataclasses import dataclass

import i18n
from bot.errors import NotAllowed
from bot.models import Player
from bot.service import repository
from bot.service.context import Context
from i18n import _

LANGUAGE_KEPT = 30.0  # seconds a server's language is remembered: a public post need not read the database each time


@dataclass(frozen=True)
class ReminderSettings:
    mine: bool  # this player's reminders
    server: bool  # everyone's in this server


class Preferences:
    """Whether a player, or a whole server, gets turn reminders, and which language a server chose."""

    def __init__(self, context: Context):
        self.context = context
        # each server's language as last read or set here, and when (another process serving the server, a
        # rare hand-over, sees a change within LANGUAGE_KEPT)
        self._languages: dict[int, tuple[float, str | None]] = {}

    async def reminder_settings(self, guild_id: int, user: Player, *, mine: bool | None = None,
                                server: bool | None = None, manages_server: bool = False) -> ReminderSettings:
        """Turn the player's reminders (`mine`) or the server's (`server`, for those who manage it) on or
        off where given; the settings as they then are."""
        if server is not None and not manages_server:
            raise NotAllowed(_("Only someone with the Manage Server permission can turn reminders on or off for the "
                               "whole server."))
        async with self.context.notes.changing() as db:
            if mine is not None:
                await repository.players.set_player_reminders(db, user, mine)
            if server is not None:
                await repository.players.set_server_reminders(db, guild_id, server)
            return ReminderSettings(*await repository.players.reminder_settings(db, guild_id, user.id))

    async def server_language(self, guild_id: int) -> str | None:
        """The language chosen for a server's channels (a shipped language's code), or None: none chosen,
        the server's own language (as its adapter knows it) applies."""
        kept = self._languages.get(guild_id)
        if kept is not None and time.monotonic() - kept[0] < LANGUAGE_KEPT:
            return kept[1]
        async with self.context.store.reading() as db:
            language = await repository.players.server_language(db, guild_id)
        self._languages[guild_id] = (time.monotonic(), language)
        return language

    async def set_server_language(self, guild_id: int, language: str | None, *, manages_server: bool = False) -> None:
        """Choose the language of a server's channels (None: back to the server's own), for those who
        manage it; one the bot does not speak is refused."""
        if not manages_server:
            raise NotAllowed(_("Only someone with the Manage Server permission can choose the server's language."))
        if language is not None and language not in i18n.shipped():
            raise NotAllowed(_("I can't speak that language yet: pick one of those offered."))
        async with self.context.notes.changing() as db:
            await repository.players.set_server_language(db, guild_id, language)
        self._languages[guild_id] = (time.monotonic(), language)
