"""Which language each Discord message speaks.

What a player alone reads (a private reply: a refusal, a panel, their games, the settings) is in the
player's own language, the one their Discord client sends with each interaction (`interaction.locale`):
the tree (commands, autocomplete) and GameBot.press (buttons, menus) set it for the rest of the
interaction (`player_language`). What a whole channel reads (challenges, boards with their pictures
and alt text, moves, results, offers, reminders, time-outs, computers' moves) is in the server's
language (`Languages.of_server`): the one chosen with /settings language:, else the server's own
language in Discord (its `guild_locale`, its preferred locale), else English. A cog builds and posts
public content inside `in_public`, after the service has answered (so that a refusal comes in the
player's words); what is posted with no interaction (the timers, the computers' turns, notes reposted)
speaks its match's server's language through `ServerTimers` and `ServerComputerTurns`.
"""
from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from contextvars import ContextVar
from typing import TYPE_CHECKING, Any

import discord

import i18n
from bot.discord.computers import ComputerTurns
from bot.discord.posting import Poster
from bot.discord.timers import Timers
from bot.models import ChallengeChange, Match, MatchChange, Notice
from bot.service import MatchService
from bot.service.preferences import Preferences

if TYPE_CHECKING:
    from bot.discord.client import GameBot

log = logging.getLogger(__name__)

DEFAULT = "default"  # /settings language:'s value for "the server's own language"


def player_language(interaction: discord.Interaction[Any]) -> str:
    """Speak the language of the interaction's player (their Discord client's) for the rest of its task;
    the language used (English where the bot lacks theirs)."""
    return i18n.use(interaction.locale.value)


class Languages:
    """The language of each server's channels, as the bot knows it."""

    def __init__(self, client: discord.Client, preferences: Preferences):
        self.client = client
        self.preferences = preferences
        # each server's own language as its latest interaction told it, for posts with no interaction
        # when the server is not in discord.py's cache (Discord codes, not translations)
        self._told: dict[int, str] = {}

    async def of_server(self, guild_id: int | None, guild_locale: discord.Locale | None = None) -> str:
        """The language of what everyone in a server's channels reads: the one its managers chose, else
        the server's own language in Discord (`guild_locale`, from an interaction, or the cached
        server's preferred locale), else English; outside a server (None), the current language."""
        if guild_id is None:
            return i18n.current()
        chosen = await self.preferences.server_language(guild_id)
        if chosen is not None:
            return i18n.best(chosen)
        if guild_locale is not None:
            self._told[guild_id] = guild_locale.value
            return i18n.best(guild_locale.value)
        guild = self.client.get_guild(guild_id)
        if guild is not None:
            return i18n.best(guild.preferred_locale.value)
        return i18n.best(self._told.get(guild_id))

    async def of_channel(self, interaction: discord.Interaction[Any]) -> str:
        """The language of what everyone in the interaction's channel reads."""
        return await self.of_server(interaction.guild_id, interaction.guild_locale)


async def public_language(bot: GameBot, guild_id: int | None) -> str:
    """The language of what everyone in the server `guild_id` reads (see Languages.of_server)."""
    return await bot.languages.of_server(guild_id)


@asynccontextmanager
async def in_public(interaction: discord.Interaction[GameBot], language: str | None = None) -> AsyncIterator[str]:
    """Within the block, speak the language of what everyone in the interaction's channel reads (or
    `language`, that language found earlier); the player's own again after it."""
    code = language if language is not None else await interaction.client.languages.of_channel(interaction)
    with i18n.speaking(code) as used:
        yield used


class ServerTimers(Timers):
    """What the scheduler finds due (bot.discord.timers), each shown in its server's language."""

    def __init__(self, poster: Poster, computers: ComputerTurns, languages: Languages):
        super().__init__(poster, computers)
        self.languages = languages

    async def notice_due(self, notice: Notice) -> None:
        with i18n.speaking(await self.languages.of_server(notice.challenge.guild_id)):
            await super().notice_due(notice)

    async def challenge_expired(self, change: ChallengeChange) -> None:
        with i18n.speaking(await self.languages.of_server(change.challenge.guild_id)):
            await super().challenge_expired(change)

    async def timed_out(self, change: MatchChange) -> None:
        with i18n.speaking(await self.languages.of_server(change.match.guild_id)):
            await super().timed_out(change)

    async def remind(self, change: MatchChange) -> None:
        with i18n.speaking(await self.languages.of_server(change.match.guild_id)):
            await super().remind(change)


# The server of the match whose computer's turns a task plays (the task, made in ComputerTurns.play,
# takes it with the context it is made in).
_playing_in: ContextVar[int | None] = ContextVar("playing_in", default=None)


class ServerComputerTurns(ComputerTurns):
    """The computers' turns (bot.discord.computers), each move told in its match's server's language."""

    def __init__(self, client: discord.Client, service: MatchService, poster: Poster, languages: Languages):
        super().__init__(client, service, poster)
        self.languages = languages

    def play(self, match: Match, owed: bool = False) -> None:
        token = _playing_in.set(match.guild_id)
        try:
            super().play(match, owed)
        finally:
            _playing_in.reset(token)

    async def _turns(self, match_id: int, channel_id: int, owed: bool = False) -> None:
        try:
            i18n.use(await self.languages.of_server(_playing_in.get()))
        except Exception:  # the database unreachable for a moment: the moves are still worth playing
            log.exception("could not read the language of match %s's server; its computer's moves are told in English",
                          match_id)
            i18n.use(i18n.ENGLISH)
        await super()._turns(match_id, channel_id, owed)
