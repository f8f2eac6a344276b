"""/analysis and the Analyse button: the computer's analysis of a finished match, with a progress line
edited while it is made, then its graph, each player's counts and the mistakes and blunders."""
from __future__ import annotations

import io
import time
from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.analysis_report import graph_args
from bot.discord import analysis_text, views
from bot.discord.cogs.common import EMBED_COLOUR, Feature, can_post_here, in_channel, in_guild, pressed, reply_to
from bot.discord.languages import in_public
from bot.discord.payloads import Attachment
from bot.discord.picker import MATCH_HELP, MAX_INTEGER
from bot.discord.replies import Reply, shown
from bot.models import Match
from bot.service import Analysed
from i18n import N_, _, speaking
from renderers import graph, graph_alt

if TYPE_CHECKING:
    from bot.discord.client import GameBot

PROGRESS_EVERY = 2.0  # seconds at least between two edits of the progress line


class Analyses(Feature):
    @app_commands.command(name="analysis",
                          description=N_("The computer's analysis of a finished match: who was winning, and the mistakes"))
    @app_commands.guild_only()
    @app_commands.describe(match=MATCH_HELP)
    async def analysis(self, interaction: discord.Interaction[GameBot],
                       match: app_commands.Range[int, 1, MAX_INTEGER] | None = None) -> None:
        await self._analysis(interaction, match)

    @pressed(views.AnalyseButton)
    async def analyse_button(self, interaction: discord.Interaction[GameBot], button: views.AnalyseButton) -> None:
        """Analyse under a finished board: as /analysis for that match."""
        await self._analysis(interaction, button.match_id)

    async def _analysis(self, interaction: discord.Interaction[GameBot], match_id: int | None) -> None:
        reply = reply_to(interaction)
        guild_id, channel_id = in_guild(interaction), in_channel(interaction)
        can_post_here(interaction)
        match = await self.service.analysis_target(guild_id, channel_id, interaction.user.id, match_id)
        public = await self.bot.languages.of_channel(interaction)
        analysed = await self._analysed(reply, match, interaction.user.id, public)
        async with in_public(interaction, public):
            await self._post(reply, match, analysed)

    async def _analysed(self, reply: Reply, match: Match, user_id: int, public: str) -> Analysed:
        """The stored analysis, or one made now with its place in line and then its progress shown (for
        everyone, in the server's language `public`; a refusal in the player's own)."""
        stored = await self.service.stored_analysis(match)
        if stored is not None:
            return stored
        total = len(match.moves) + 1
        with speaking(public):
            await reply.progress(analysis_text.analysis_progress(match, 0, total))
        last = time.monotonic()

        async def progress(done: int, total: int) -> None:
            nonlocal last
            if done < total and time.monotonic() - last >= PROGRESS_EVERY:
                last = time.monotonic()
                with speaking(public):
                    await reply.progress(analysis_text.analysis_progress(match, done, total))

        async def waiting(ahead: int) -> None:
            nonlocal last
            last = time.monotonic()
            with speaking(public):
                await shown(reply.progress(analysis_text.in_line("analysis", match, ahead)))

        return await self.service.analyse(match, progress, user_id, waiting)

    async def _post(self, reply: Reply, match: Match, analysed: Analysed) -> None:
        args = graph_args(match, analysed.analysis)
        png = await self.bot.renders.run(graph.render, *args)
        file = Attachment(io.BytesIO(png), filename=f"{match.game}-{match.id}-analysis.png",
                          description=graph_alt.alt_text(match.rules.title, *args))
        embed = discord.Embed(title=_("Mistakes and blunders"), description=analysis_text.analysis_mistakes(match, analysed.analysis),
                              colour=EMBED_COLOUR)
        await reply.send(analysis_text.analysis_text(match, analysed.analysis, analysed.seconds), file=file, embed=embed,
                         allowed_mentions=discord.AllowedMentions.none())
