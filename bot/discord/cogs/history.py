"""Finished matches: /history with its pages and replay menu, /replay and the Replay button."""
from __future__ import annotations

import io
from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot import replays
from bot.discord import analysis_text, views
from bot.discord import messages as text
from bot.discord.cogs.common import EMBED_COLOUR, Feature, can_post_here, in_channel, in_guild, pressed, reply_to
from bot.discord.languages import in_public
from bot.discord.pages import Page, paged, turn_page
from bot.discord.payloads import Attachment
from bot.discord.picker import MATCH_HELP, MAX_INTEGER
from bot.discord.replies import Reply, shown
from bot.errors import PlayerError
from bot.models import Match
from i18n import N_, _, current, ngettext, speaking

if TYPE_CHECKING:
    from bot.discord.client import GameBot

HISTORY_PAGE = 5


class History(Feature):
    @app_commands.command(name="history", description=N_("Finished matches in this server, with their moves and replays"))
    @app_commands.guild_only()
    @app_commands.describe(page=N_("Page number (5 matches a page, the latest first)"))
    async def history(self, interaction: discord.Interaction[GameBot], page: app_commands.Range[int, 1, 10000] = 1) -> None:
        reply = reply_to(interaction)
        guild_id = in_guild(interaction)
        async with in_public(interaction):
            embed, view = await self._history(guild_id, page)
            await reply.send(embed=embed, view=view or discord.utils.MISSING)

    @pressed(views.HistoryPage)
    async def history_page(self, interaction: discord.Interaction[GameBot], button: views.HistoryPage) -> None:
        guild_id = in_guild(interaction)
        async with in_public(interaction):
            await turn_page(interaction, lambda: self._history(guild_id, button.page))

    async def _history(self, guild_id: int, page: int) -> Page:
        matches, total, page, pages = await paged(
            lambda at: self.service.history(guild_id, HISTORY_PAGE, at), page, HISTORY_PAGE)
        embed = discord.Embed(title=_("📜 Recent matches"), colour=EMBED_COLOUR)
        for match in matches:
            name, value = text.history_entry(match)
            embed.add_field(name=name, value=value, inline=False)
        if not matches:
            embed.description = _("No finished matches in this server yet.")
        else:
            embed.set_footer(text=ngettext("Page {page}/{pages} · {n} match · pick one below to watch its replay",
                                           "Page {page}/{pages} · {n} matches · pick one below to watch its replay",
                                           total, page=page, pages=pages))
        entries = tuple((match.id, text.history_entry(match)[0]) for match in matches)
        return embed, views.history_view(page, pages, entries)

    @app_commands.command(name="replay", description=N_("An animated replay of a match, move by move"))
    @app_commands.guild_only()
    @app_commands.describe(match=MATCH_HELP)
    async def replay(self, interaction: discord.Interaction[GameBot],
                     match: app_commands.Range[int, 1, MAX_INTEGER] | None = None) -> None:
        await self._replay(interaction, match)

    @pressed(views.ReplayButton)
    async def replay_button(self, interaction: discord.Interaction[GameBot], button: views.ReplayButton) -> None:
        """Replay under a finished board: as /replay for that match."""
        await self._replay(interaction, button.match_id)

    @pressed(views.HistoryReplay)
    async def history_replay(self, interaction: discord.Interaction[GameBot], menu: views.HistoryReplay) -> None:
        """A match picked from a /history page's menu: as /replay for that match."""
        values = menu.item.values or ["0"]
        await self._replay(interaction, int(values[0]) if values[0].isdigit() else 0)

    async def _replay(self, interaction: discord.Interaction[GameBot], match_id: int | None) -> None:
        reply = reply_to(interaction)
        guild_id, channel_id = in_guild(interaction), in_channel(interaction)
        can_post_here(interaction)
        match = await self.service.replay_target(guild_id, channel_id, interaction.user.id, match_id)
        await self._post_replay(interaction, reply, match)

    async def _post_replay(self, interaction: discord.Interaction[GameBot], reply: Reply, match: Match) -> None:
        """The match's GIF, drawn in a worker process (Reply defers the answer if that takes a while),
        posted for everyone in the server's language."""
        limit = getattr(interaction, "attachment_size_limit", None) or replays.LIMIT
        public = await self.bot.languages.of_channel(interaction)

        async def waiting(ahead: int) -> None:
            with speaking(public):
                await shown(reply.progress(analysis_text.in_line("replay", match, ahead)))

        try:
            with speaking(public):  # the GIF's words
                parts = await self.service.replay(match, interaction.user.id, limit, waiting)
        except PlayerError:
            if public == current():
                raise
            # Refused before anything was drawn (a replay of theirs already in line, the server's line full):
            # asked again in the player's own language, nothing having changed meanwhile, it is refused in
            # their words.
            parts = await self.service.replay(match, interaction.user.id, limit, waiting)
        async with in_public(interaction, public):
            caption = text.replay_caption(match)
            for k, gif in enumerate(parts, 1):
                name = f"{match.game}-{match.id}-replay{'' if len(parts) == 1 else f'-{k}'}.gif"
                content = caption if len(parts) == 1 else _("{caption} — part {part} of {parts}", caption=caption,
                                                            part=k, parts=len(parts))
                file = Attachment(io.BytesIO(gif), filename=name, description=text.replay_alt_text(match, k, len(parts)))
                if k == 1:
                    await reply.send(content, file=file, allowed_mentions=discord.AllowedMentions.none())
                else:
                    await reply.follow(content, file=file, allowed_mentions=discord.AllowedMentions.none())
