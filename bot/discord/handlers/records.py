"""What was played and how to play: /leaderboard, /stats, /games, /history, /replay, /rules and /help,
with their page buttons and replay menus."""
from __future__ import annotations

import asyncio
import functools
import io
import math
from collections.abc import Awaitable, Callable
from typing import TypeVar

import discord

import games
from bot import replays
from bot.discord import messages as text
from bot.discord.commands import usage
from bot.discord.handlers.common import EMBED_COLOUR, Family, can_post_here, in_guild, reply_to
from bot.discord.payloads import Attachment
from bot.discord.replies import Reply, report_error, shown
from bot.discord.views import games_view, history_view, pages_view
from bot.models import Match
from bot.rulebook import rules_text
from games import GAMES
from rules import State
from rules.core import counted

T = TypeVar("T")

PER_PAGE = 10
HISTORY_PAGE = 5


@functools.cache
def start_position(game: str) -> State:
    """The position /rules shows: a game's start with the fewest players it takes."""
    return GAMES[game].start(players=GAMES[game].players.start)


def start_names(game: str) -> list[str]:
    return [GAMES[game].seat_name(s) for s in range(GAMES[game].players.start)]


def start_position_png(game: str) -> bytes:
    """The picture /rules shows: a game's start position."""
    return games.render(start_position(game), start_names(game))


Page = tuple[discord.Embed, discord.ui.View | None]


async def paged(fetch: Callable[[int], Awaitable[tuple[list[T], int]]], page: int, per_page: int) -> tuple[list[T], int, int, int]:
    """A page of a listing, `fetch(page)` giving its items and how many there are in all; the last page
    when `page` is past it. (items, total, the page shown, pages)."""
    items, total = await fetch(max(page, 1))
    pages = max(1, math.ceil(total / per_page))
    if page > pages:
        items, _ = await fetch(pages)
        page = pages
    return items, total, page, pages


async def turn_page(interaction: discord.Interaction, build: Callable[[], Awaitable[Page]]) -> None:
    """A page button pressed: the message edited to show that page."""
    try:
        embed, view = await build()
        await interaction.response.edit_message(embed=embed, view=view)
    except Exception as error:  # buttons have no tree.on_error: the same report, from here
        await report_error(interaction, error)


class Records(Family):
    # ------------------------------------------------------------------ rankings

    async def leaderboard(self, interaction: discord.Interaction, game: str, page: int) -> None:
        reply = reply_to(interaction)
        guild_id = in_guild(interaction)
        embed, view = await self._leaderboard(guild_id, game, page)
        await reply.send(embed=embed, view=view or discord.utils.MISSING)

    async def leaderboard_page(self, interaction: discord.Interaction, game: str, page: int) -> None:
        await turn_page(interaction, lambda: self._leaderboard(in_guild(interaction), game, page))

    async def _leaderboard(self, guild_id: int, game: str, page: int) -> Page:
        rows, total, page, pages = await paged(
            lambda at: self.service.leaderboard(guild_id, game, at, PER_PAGE), page, PER_PAGE)
        title = GAMES[game].title
        embed = discord.Embed(title=f"🏆 {title} leaderboard", colour=EMBED_COLOUR)
        embed.description = "\n".join(text.standing_line(s) for s in rows) or (
            f"Nobody has finished a game of {title} here yet. Start one with `/challenge {game}`."
        )
        embed.set_footer(text=f"Page {page}/{pages} · {counted(total, 'player')} · Glicko-2 ratings, ? = provisional")
        return embed, pages_view(game, page, pages)

    async def stats(self, interaction: discord.Interaction, user: discord.abc.User | None) -> None:
        reply = reply_to(interaction)
        guild_id = in_guild(interaction)
        target = user or interaction.user
        rows = await self.service.stats(guild_id, target.id)
        embed = discord.Embed(title=f"📊 {target.display_name}", colour=EMBED_COLOUR)
        embed.description = "\n".join(text.stats_line(s) for s in rows) or "No finished games in this server yet."
        versus = await self.service.against_computers(guild_id, target.id)
        if versus:
            embed.add_field(name="Against the computer", value="\n".join(text.versus_line(*v) for v in versus)[:1024])
        await reply.send(embed=embed)

    # ------------------------------------------------------------------ a player's running matches

    async def games(self, interaction: discord.Interaction, page: int = 1) -> None:
        """/games: the matches the player is in here, to them alone."""
        reply = reply_to(interaction, ephemeral=True)
        embed, view = await self._games(in_guild(interaction), interaction.user.id, page)
        await reply.send(embed=embed, view=view or discord.utils.MISSING)

    async def games_page(self, interaction: discord.Interaction, page: int) -> None:
        await turn_page(interaction, lambda: self._games(in_guild(interaction), interaction.user.id, page))

    async def _games(self, guild_id: int, user_id: int, page: int) -> Page:
        matches, total, page, pages = await paged(
            lambda at: self.service.games(guild_id, user_id, at, PER_PAGE), page, PER_PAGE)
        embed = discord.Embed(title="🎲 Your games", colour=EMBED_COLOUR)
        embed.description = "\n".join(text.games_line(match, user_id) for match in matches) or (
            "You are not playing any match in this server. Start one with `/challenge`.")
        if matches:
            embed.set_footer(text=f"Page {page}/{pages} · {counted(total, 'match', 'matches')} · your move first")
        return embed, games_view(page, pages)

    # ------------------------------------------------------------------ finished matches

    async def history(self, interaction: discord.Interaction, page: int = 1) -> None:
        reply = reply_to(interaction)
        guild_id = in_guild(interaction)
        embed, view = await self._history(guild_id, page)
        await reply.send(embed=embed, view=view or discord.utils.MISSING)

    async def history_page(self, interaction: discord.Interaction, page: int) -> None:
        await turn_page(interaction, lambda: self._history(in_guild(interaction), page))

    async def _history(self, guild_id: int, page: int) -> Page:
        matches, total, page, pages = await paged(
            lambda at: self.service.history(guild_id, HISTORY_PAGE, at), page, HISTORY_PAGE)
        embed = discord.Embed(title="📜 Recent matches", colour=EMBED_COLOUR)
        for match in matches:
            name, value = text.history_entry(match)
            embed.add_field(name=name, value=value, inline=False)
        if not matches:
            embed.description = "No finished matches in this server yet."
        else:
            embed.set_footer(text=f"Page {page}/{pages} · {counted(total, 'match', 'matches')} · pick one below to watch its replay")
        entries = tuple((match.id, text.history_entry(match)[0]) for match in matches)
        return embed, history_view(page, pages, entries)

    async def replay(self, interaction: discord.Interaction, match_id: int | None) -> None:
        reply = reply_to(interaction)
        guild_id = in_guild(interaction)
        can_post_here(interaction)
        match = await self.service.replay_target(guild_id, interaction.channel_id, interaction.user.id, match_id)
        await self._post_replay(interaction, reply, match)

    async def replay_button(self, interaction: discord.Interaction, match_id: int) -> None:
        """Replay under a finished board, or a match picked from /history: as /replay for that match."""
        try:
            await self.replay(interaction, match_id)
        except Exception as error:  # buttons have no tree.on_error: the same report, from here
            await report_error(interaction, error, interaction.extras.get("reply"))

    async def _post_replay(self, interaction: discord.Interaction, reply: Reply, match: Match) -> None:
        """The match's GIF, drawn in a worker process (Reply defers the answer if that takes a while)."""
        limit = getattr(interaction, "attachment_size_limit", None) or replays.LIMIT

        async def waiting(ahead: int) -> None:
            await shown(reply.progress(text.in_line("replay", match, ahead)))

        parts = await self.service.replay(match, interaction.user.id, limit, waiting)
        caption = text.replay_caption(match)
        for k, gif in enumerate(parts, 1):
            name = f"{match.game}-{match.id}-replay{'' if len(parts) == 1 else f'-{k}'}.gif"
            content = caption if len(parts) == 1 else f"{caption} — part {k} of {len(parts)}"
            file = Attachment(io.BytesIO(gif), filename=name, description=text.replay_alt_text(match, k, len(parts)))
            if k == 1:
                await reply.send(content, file=file, allowed_mentions=discord.AllowedMentions.none())
            else:
                await reply.follow(content, file=file, allowed_mentions=discord.AllowedMentions.none())

    # ------------------------------------------------------------------ how to play

    async def rules(self, interaction: discord.Interaction, game: str) -> None:
        reply = reply_to(interaction)
        rules = GAMES[game]
        png = await asyncio.to_thread(start_position_png, game)
        embed = discord.Embed(title=f"📖 {rules.title}", description=rules_text(rules)[:4096], colour=EMBED_COLOUR)
        embed.set_image(url=f"attachment://{game}-start.png")
        alt = f"The starting position. {games.describe(start_position(game), start_names(game))}"
        await reply.send(embed=embed, file=Attachment(io.BytesIO(png), filename=f"{game}-start.png", description=alt))

    async def help(self, interaction: discord.Interaction, public: bool) -> None:
        reply = reply_to(interaction, ephemeral=not public)
        me = self.client.user
        commands = [(usage(command), command.description) for command in self.client.tree.get_commands()]
        intro, sections = text.help_sections(me.display_name if me else "This bot", commands)
        embed = discord.Embed(title="❓ Help", description=intro, colour=EMBED_COLOUR)
        for title, body in sections:
            embed.add_field(name=title, value=body, inline=False)
        await reply.send(embed=embed)
