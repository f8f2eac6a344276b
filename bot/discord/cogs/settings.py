"""/settings: a player's turn reminders, and, for those who manage the server, everyone's there and the
language the server's channels read."""
from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

import i18n
from bot.discord.cogs.common import Feature, in_guild, player, reply_to
from bot.discord.languages import DEFAULT
from bot.discord.translator import as_is
from i18n import N_, _

if TYPE_CHECKING:
    from bot.discord.client import GameBot

# Translators: a choice of /settings, turning reminders on
ON = N_("on")
# Translators: a choice of /settings, turning reminders off
OFF = N_("off")
# Translators: a choice of /settings tournaments: anyone in the server creates tournaments
ANYONE = N_("anyone")
# Translators: a choice of /settings tournaments: only those who manage the server create tournaments
MANAGERS = N_("those who manage the server")
# What /settings does with the options given (None for those left out).
Answer = Callable[[discord.Interaction[Any], Any, Any, Any, Any], Awaitable[None]]
ON_OFF = [app_commands.Choice(name=ON, value=1), app_commands.Choice(name=OFF, value=0)]
WHO_CREATES = [app_commands.Choice(name=ANYONE, value=0), app_commands.Choice(name=MANAGERS, value=1)]


def on_off(on: bool) -> str:
    return _(ON) if on else _(OFF)


def language_choices() -> list[app_commands.Choice[str]]:
    """/settings language:'s choices: the server's own language, then every language the bot speaks by
    its own name ("Deutsch"), the same in every language. (Discord takes 25 choices: past 24 languages
    this would have to become an autocomplete.)"""
    return [app_commands.Choice(name=N_("The server's own language in Discord (default)"), value=DEFAULT),
            *(app_commands.Choice(name=as_is(i18n.own_name(code)), value=code) for code in i18n.shipped())]


def settings_command(answer: Answer) -> app_commands.Command:
    """/settings, made when the cog loads: its language: choices are the languages shipped then."""

    @app_commands.command(name="settings",
                          description=N_("Turn reminders when your time runs low on or off (see them with no options)"))
    @app_commands.guild_only()
    @app_commands.describe(reminders=N_("Your turn reminders in this server's matches"),
                           server_reminders=N_("Everyone's in this server (needs the Manage Server permission)"),
                           language=N_("The language everyone reads here (needs the Manage Server permission)"),
                           tournaments=N_("Who creates tournaments here (needs the Manage Server permission)"))
    @app_commands.choices(reminders=ON_OFF, server_reminders=ON_OFF, tournaments=WHO_CREATES)
    @app_commands.choices(language=language_choices())
    async def settings(interaction: discord.Interaction[GameBot], reminders: app_commands.Choice[int] | None = None,
                       server_reminders: app_commands.Choice[int] | None = None,
                       language: app_commands.Choice[str] | None = None,
                       tournaments: app_commands.Choice[int] | None = None) -> None:
        await answer(interaction, reminders, server_reminders, language, tournaments)

    return settings


class Preferences(Feature):
    """/settings: a player's turn reminders, and a whole server's (the service's Preferences); the
    server's language (bot.discord.languages)."""

    def __init__(self, bot: GameBot):
        super().__init__(bot)
        self.command = settings_command(self.settings)

    async def cog_load(self) -> None:
        await super().cog_load()
        self.bot.tree.add_command(self.command)

    async def cog_unload(self) -> None:
        self.bot.tree.remove_command(self.command.name)
        await super().cog_unload()

    async def settings(self, interaction: discord.Interaction[GameBot], reminders: app_commands.Choice[int] | None,
                       server_reminders: app_commands.Choice[int] | None, language: app_commands.Choice[str] | None,
                       tournaments: app_commands.Choice[int] | None = None) -> None:
        """Change what was given, then say how things stand, to the player alone."""
        reply = reply_to(interaction, ephemeral=True)
        guild_id = in_guild(interaction)
        manages = bool(interaction.permissions.manage_guild)
        if language is not None:  # refused before anything is changed by someone who does not manage the server
            await self.service.preferences.set_server_language(
                guild_id, None if language.value == DEFAULT else language.value, manages_server=manages)
        if tournaments is not None:
            await self.service.tournaments.set_managers_only(guild_id, bool(tournaments.value), manager=manages)
        now = await self.service.reminder_settings(
            guild_id, player(interaction.user), mine=None if reminders is None else bool(reminders.value),
            server=None if server_reminders is None else bool(server_reminders.value), manages_server=manages)
        lines = [_("⏰ Your turn reminders: **{state}** (a mention when 80 % of a turn of an hour or more is gone).",
                   state=on_off(now.mine)),
                 _("In this server: **{state}**.", state=on_off(now.server)) if now.server
                 else _("In this server: **{state}**, for everyone.", state=on_off(now.server))]
        if now.mine and not now.server:
            lines.append(_("Nobody gets reminders here until someone who manages the server turns them back on."))
        lines.append(await self._language_line(interaction, guild_id))
        managers = await self.service.tournaments.managers_only(guild_id)
        lines.append(_("🏆 Who creates tournaments here: **{who}**.", who=_(MANAGERS if managers else ANYONE)))
        await reply.send("\n".join(lines))

    async def _language_line(self, interaction: discord.Interaction[GameBot], guild_id: int) -> str:
        """How the server's language stands: chosen, or the server's own."""
        chosen = await self.service.preferences.server_language(guild_id)
        speaks = i18n.own_name(await self.bot.languages.of_channel(interaction))
        if chosen is not None:
            return _("🌐 What everyone reads here is in **{language}**, as chosen with `/settings language`.",
                     language=speaks)
        return _("🌐 What everyone reads here is in **{language}**, the server's own language in Discord as far as I "
                 "speak it.", language=speaks)
