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
speaks its match's server's language (bot.discord.timers, bot.discord.computers, given
`Languages.of_server`).
"""
from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING, Any

import discord

import i18n
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
