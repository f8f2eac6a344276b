"""/settings: a player's turn reminders, and, for those who manage the server, everyone's there."""
from __future__ import annotations

import discord

from bot.discord.handlers.common import Family, in_guild, player, reply_to


def on_off(on: bool) -> str:
    return "on" if on else "off"


class Settings(Family):
    async def settings(self, interaction: discord.Interaction, reminders: bool | None, server_reminders: bool | None) -> None:
        """Change what was given, then say how things stand, to the player alone."""
        reply = reply_to(interaction, ephemeral=True)
        guild_id = in_guild(interaction)
        manages = bool(interaction.permissions.manage_guild)
        now = await self.service.reminder_settings(guild_id, player(interaction.user), mine=reminders,
                                                   server=server_reminders, manages_server=manages)
        lines = [f"⏰ Your turn reminders: **{on_off(now.mine)}** (a mention when 80 % of a turn of an hour or more "
                 "is gone).",
                 f"In this server: **{on_off(now.server)}**" + ("" if now.server else ", for everyone") + "."]
        if now.mine and not now.server:
            lines.append("Nobody gets reminders here until someone who manages the server turns them back on.")
        await reply.send("\n".join(lines))
