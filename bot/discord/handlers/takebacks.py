"""Takebacks: /takeback and the Take back button ask (or accept the opponent's request); the request's
own buttons accept or decline it."""
from __future__ import annotations

import logging

import discord

from bot.discord import messages as text
from bot.discord.handlers.common import Family, in_guild, player, reply_to, via
from bot.discord.posting import Send, pings
from bot.discord.replies import Reply, report_error
from bot.discord.views import takeback_view
from bot.models import Takeback

log = logging.getLogger(__name__)


class Takebacks(Family):
    async def takeback(self, interaction: discord.Interaction) -> None:
        reply = reply_to(interaction)
        in_guild(interaction)
        await self._show(reply, await self.service.takeback(interaction.channel_id, player(interaction.user),
                                                            via(interaction)))

    async def ask_button(self, interaction: discord.Interaction, match_id: int, stamp: int) -> None:
        """Take back under a board made at `stamp`."""
        reply = reply_to(interaction)
        try:
            in_guild(interaction)
            await self._show(reply, await self.service.takeback_at(match_id, player(interaction.user), stamp,
                                                                   via(interaction)))
        except Exception as error:  # buttons have no tree.on_error: the same report, from here
            await report_error(interaction, error, reply)

    async def answer(self, interaction: discord.Interaction, match_id: int, stamp: int, accept: bool) -> None:
        """Accept or Decline under a request: its buttons are switched off, and what follows is posted
        below it."""
        try:
            in_guild(interaction)
            result = await self.service.answer_takeback(match_id, player(interaction.user), stamp, accept)
            await interaction.response.edit_message(view=takeback_view(result.match, disabled=True))
            await self._show(self.poster.channel(result.match.channel_id, result.note), result)
        except Exception as error:
            await report_error(interaction, error)

    async def _show(self, to: Send | Reply, result: Takeback) -> None:
        match = result.match
        if result.status == "asked":
            await self.poster.ask_takeback(to, result, result.seat)
        elif result.status == "granted":
            await self.poster.show(to, text.takeback_text(result), result)
        else:  # declined: the one who asked is told
            await self.poster.say(to, text.takeback_text(result), result, pings(match.seats[result.seat]))
