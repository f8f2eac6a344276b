"""Players' records: /leaderboard, /stats and /games (a player's running matches), with their page buttons."""
from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.discord import messages as text
from bot.discord import views
from bot.discord.cogs.common import EMBED_COLOUR, Feature, in_guild, pressed, reply_to
from bot.discord.languages import in_public
from bot.discord.pages import Page, paged, turn_page
from bot.discord.picker import GAME_CHOICES
from games import GAMES
from i18n import N_, _, ngettext

if TYPE_CHECKING:
    from bot.discord.client import GameBot

PER_PAGE = 10


class Records(Feature):
    # ------------------------------------------------------------------ rankings

    @app_commands.command(name="leaderboard", description=N_("This server's ranking for a game"))
    @app_commands.guild_only()
    @app_commands.describe(game=N_("Which game"), page=N_("Page number (10 players a page)"))
    @app_commands.choices(game=GAME_CHOICES)
    async def leaderboard(self, interaction: discord.Interaction[GameBot], game: str,
                          page: app_commands.Range[int, 1, 10000] = 1) -> None:
        reply = reply_to(interaction)
        guild_id = in_guild(interaction)
        async with in_public(interaction):
            embed, view = await self._leaderboard(guild_id, game, page)
            await reply.send(embed=embed, view=view or discord.utils.MISSING)

    @pressed(views.PageButton)
    async def leaderboard_page(self, interaction: discord.Interaction[GameBot], button: views.PageButton) -> None:
        guild_id = in_guild(interaction)
        async with in_public(interaction):
            await turn_page(interaction, lambda: self._leaderboard(guild_id, button.game, button.page))

    async def _leaderboard(self, guild_id: int, game: str, page: int) -> Page:
        rows, total, page, pages = await paged(
            lambda at: self.service.leaderboard(guild_id, game, at, PER_PAGE), page, PER_PAGE)
        title = GAMES[game].title
        embed = discord.Embed(title=_("🏆 {game} leaderboard", game=title), colour=EMBED_COLOUR)
        embed.description = "\n".join(text.standing_line(s) for s in rows) or _(
            "Nobody has finished a game of {game} here yet. Start one with `/challenge {command}`.",
            game=title, command=game)
        embed.set_footer(text=ngettext("Page {page}/{pages} · {n} player · Glicko-2 ratings, ? = provisional",
                                       "Page {page}/{pages} · {n} players · Glicko-2 ratings, ? = provisional",
                                       total, page=page, pages=pages))
        return embed, views.pages_view(game, page, pages)

    @app_commands.command(name="stats", description=N_("A player's record in this server"))
    @app_commands.guild_only()
    @app_commands.describe(user=N_("Whose record (default: yours)"))
    async def stats(self, interaction: discord.Interaction[GameBot], user: discord.User | None = None) -> None:
        reply = reply_to(interaction)
        guild_id = in_guild(interaction)
        target = user or interaction.user
        rows = await self.service.stats(guild_id, target.id)
        versus = await self.service.against_computers(guild_id, target.id)
        async with in_public(interaction):  # the answer is for everyone in the channel
            embed = discord.Embed(title=f"📊 {target.display_name}", colour=EMBED_COLOUR)
            embed.description = "\n".join(text.stats_line(s) for s in rows) or _("No finished games in this server yet.")
            if versus:
                embed.add_field(name=_("Against the computer"),
                                value="\n".join(text.versus_line(*v) for v in versus)[:1024])
            await reply.send(embed=embed)

    # ------------------------------------------------------------------ a player's running matches

    @app_commands.command(name="games", description=N_("Your matches in progress in this server, with whose turn it is"))
    @app_commands.guild_only()
    @app_commands.describe(page=N_("Which page (10 matches a page)"))
    async def games(self, interaction: discord.Interaction[GameBot], page: app_commands.Range[int, 1, 10000] = 1) -> None:
        """/games: the matches the player is in here, to them alone."""
        reply = reply_to(interaction, ephemeral=True)
        embed, view = await self._games(in_guild(interaction), interaction.user.id, page)
        await reply.send(embed=embed, view=view or discord.utils.MISSING)

    @pressed(views.GamesPage)
    async def games_page(self, interaction: discord.Interaction[GameBot], button: views.GamesPage) -> None:
        await turn_page(interaction, lambda: self._games(in_guild(interaction), interaction.user.id, button.page))

    async def _games(self, guild_id: int, user_id: int, page: int) -> Page:
        matches, total, page, pages = await paged(
            lambda at: self.service.games(guild_id, user_id, at, PER_PAGE), page, PER_PAGE)
        embed = discord.Embed(title=_("🎲 Your games"), colour=EMBED_COLOUR)
        embed.description = "\n".join(text.games_line(match, user_id) for match in matches) or _(
            "You are not playing any match in this server. Start one with `/challenge`.")
        if matches:
            embed.set_footer(text=ngettext("Page {page}/{pages} · {n} match · your move first",
                                           "Page {page}/{pages} · {n} matches · your move first",
                                           total, page=page, pages=pages))
        return embed, views.games_view(page, pages)
