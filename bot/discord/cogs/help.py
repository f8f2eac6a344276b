"""/help: what the bot does, how to play someone, every command and every game."""
from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.discord import messages as text
from bot.discord.cogs.common import EMBED_COLOUR, Feature, reply_to
from bot.discord.languages import in_public
from bot.discord.translator import COMMAND_NAME, OPTION_NAME
from games import GAMES
from i18n import N_, _, current, pgettext

if TYPE_CHECKING:
    from bot.discord.client import GameBot


def usage(command: app_commands.Command | app_commands.Group) -> str:
    """How a command is typed, for /help: "/move <notation>", "/board [public]", "/challenge <game>", with
    the names Discord shows in the current language (bot.discord.translator)."""
    name = pgettext(COMMAND_NAME, command.name)
    if isinstance(command, app_commands.Group):
        subs = [sub.name for sub in command.commands]
        if set(subs) <= set(GAMES):
            return f"/{name} <{pgettext(OPTION_NAME, 'game')}>"
        return f"/{name} <{'|'.join(pgettext(COMMAND_NAME, sub) for sub in subs)}>"
    params = [pgettext(OPTION_NAME, p.display_name) for p in command.parameters]
    shown = [f"<{param}>" if p.required else f"[{param}]" for p, param in zip(command.parameters, params)]
    return " ".join([f"/{name}", *shown])


class Help(Feature):
    @app_commands.command(name="help", description=N_("What this bot does, its commands and its games"))
    @app_commands.describe(public=N_("Post it for everyone (default: only you see it)"))
    async def help(self, interaction: discord.Interaction[GameBot], public: bool = False) -> None:
        reply = reply_to(interaction, ephemeral=not public)
        me = self.bot.user
        # for everyone in the server's language, else in the player's own
        async with in_public(interaction, None if public else current()):
            commands = [(usage(command), _(command.description))
                        for command in self.bot.tree.get_commands(type=discord.AppCommandType.chat_input)]
            intro, sections = text.help_sections(me.display_name if me else _("This bot"), commands)
            embed = discord.Embed(title=_("❓ Help"), description=intro, colour=EMBED_COLOUR)
            for title, body in sections:
                embed.add_field(name=title, value=body, inline=False)
            await reply.send(embed=embed)
