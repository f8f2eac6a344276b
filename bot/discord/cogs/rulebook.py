"""/rules: how a game is played, with the picture of its start position."""
from __future__ import annotations

import asyncio
import functools
import io
from typing import TYPE_CHECKING

import discord
from discord import app_commands

import games
from bot.discord.cogs.common import EMBED_COLOUR, Feature, reply_to
from bot.discord.languages import in_public
from bot.discord.payloads import Attachment
from bot.discord.picker import GAME_CHOICES
from bot.rulebook import rules_text
from games import GAMES
from i18n import N_, _
from rules import State

if TYPE_CHECKING:
    from bot.discord.client import GameBot


@functools.cache
def start_position(game: str) -> State:
    """The position /rules shows: a game's start with the fewest players it takes."""
    return GAMES[game].start(players=GAMES[game].players.start)


def start_names(game: str) -> list[str]:
    return [GAMES[game].seat_name(s) for s in range(GAMES[game].players.start)]


def start_position_png(game: str) -> bytes:
    """The picture /rules shows: a game's start position, in the current language."""
    return games.render(start_position(game), start_names(game))


class Rulebook(Feature):
    @app_commands.command(name="rules", description=N_("How a game is played, with its notation and house rules"))
    @app_commands.describe(game=N_("Which game"))
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(self, interaction: discord.Interaction[GameBot], game: str) -> None:
        reply = reply_to(interaction)
        rules = GAMES[game]
        async with in_public(interaction):  # the answer is for everyone in the channel
            png = await asyncio.to_thread(start_position_png, game)  # the thread speaks the language spoken here
            embed = discord.Embed(title=f"📖 {rules.title}", description=rules_text(rules)[:4096], colour=EMBED_COLOUR)
            embed.set_image(url=f"attachment://{game}-start.png")
            alt = _("The starting position. {description}",
                    description=games.describe(start_position(game), start_names(game)))
            await reply.send(embed=embed, file=Attachment(io.BytesIO(png), filename=f"{game}-start.png", description=alt))
