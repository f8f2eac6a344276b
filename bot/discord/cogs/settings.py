"""/settings: a player's turn reminders, and, for those who manage the server, everyone's there."""
from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.discord.cogs.common import Feature, in_guild, player, reply_to

if TYPE_CHECKING:
    from bot.discord.client import GameBot

ON_OFF = [app_commands.Choice(name="on", value=1), app_commands.Choice(name="off", value=0)]


def on_off(on: bool) -> str:
    return "on" if on else "off"


class Preferences(Feature):
    """/settings: a player's turn reminders, and a whole server's (the service's Preferences)."""

    @app_commands.command(name="settings",
                          description="Turn reminders when your time runs low on or off (see them with no options)")
    @app_commands.guild_only()
    @app_commands.describe(reminders="Your turn reminders in this server's matches",
                           server_reminders="Everyone's in this server (needs the Manage Server permission)")
    @app_commands.choices(reminders=ON_OFF, server_reminders=ON_OFF)
    async def settings(self, interaction: discord.Interaction[GameBot], reminders: app_commands.Choice[int] | None = None,
                       server_reminders: app_commands.Choice[int] | None = None) -> None:
        """Change what was given, then say how things stand, to the player alone."""
        reply = reply_to(interaction, ephemeral=True)
        guild_id = in_guild(interaction)
        manages = bool(interaction.permissions.manage_guild)
        now = await self.service.reminder_settings(
            guild_id, player(interaction.user), mine=None if reminders is None else bool(reminders.value),
            server=None if server_reminders is None else bool(server_reminders.value), manages_server=manages)
        lines = [f"⏰ Your turn reminders: **{on_off(now.mine)}** (a mention when 80 % of a turn of an hour or more "
                 "is gone).",
                 f"In this server: **{on_off(now.server)}**" + ("" if now.server else ", for everyone") + "."]
        if now.mine and not now.server:
            lines.append("Nobody gets reminders here until someone who manages the server turns them back on.")
        await reply.send("\n".join(lines))
