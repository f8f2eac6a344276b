"""/help: what the bot does, how to play someone, every command and every game."""
from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.discord import messages as text
from bot.discord.cogs.common import EMBED_COLOUR, Feature, reply_to
from games import GAMES

if TYPE_CHECKING:
    from bot.discord.client import GameBot


def usage(command: app_commands.Command | app_commands.Group) -> str:
    """How a command is typed, for /help: "/move <notation>", "/board [public]", "/challenge <game>"."""
    if isinstance(command, app_commands.Group):
        subs = [sub.name for sub in command.commands]
        return f"/{command.name} <{'game' if set(subs) <= set(GAMES) else '|'.join(subs)}>"
    params = [f"<{p.display_name}>" if p.required else f"[{p.display_name}]" for p in command.parameters]
    return " ".join([f"/{command.name}", *params])


class Help(Feature):
    @app_commands.command(name="help", description="What this bot does, its commands and its games")
    @app_commands.describe(public="Post it for everyone (default: only you see it)")
    async def help(self, interaction: discord.Interaction[GameBot], public: bool = False) -> None:
        reply = reply_to(interaction, ephemeral=not public)
        me = self.bot.user
        commands = [(usage(command), command.description)
                    for command in self.bot.tree.get_commands(type=discord.AppCommandType.chat_input)]
        intro, sections = text.help_sections(me.display_name if me else "This bot", commands)
        embed = discord.Embed(title="❓ Help", description=intro, colour=EMBED_COLOUR)
        for title, body in sections:
            embed.add_field(name=title, value=body, inline=False)
        await reply.send(embed=embed)
