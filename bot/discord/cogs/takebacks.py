"""Takebacks: /takeback and the Take back button ask (or accept the opponent's request); the request's
own buttons accept or decline it."""
from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.discord import messages as text
from bot.discord import views
from bot.discord.cogs.common import Feature, in_channel, in_guild, player, pressed, reply_to, via
from bot.discord.languages import in_public
from bot.discord.posting import Send, pings
from bot.discord.replies import Reply
from bot.models import Takeback
from i18n import N_

if TYPE_CHECKING:
    from bot.discord.client import GameBot


class Takebacks(Feature):
    @app_commands.command(name="takeback",
                          description=N_("Ask to take back your last move, or accept your opponent's request"))
    @app_commands.guild_only()
    async def takeback(self, interaction: discord.Interaction[GameBot]) -> None:
        reply = reply_to(interaction)
        channel_id = in_channel(interaction)
        result = await self.service.takeback(channel_id, player(interaction.user), via(interaction))
        async with in_public(interaction):
            await self._show(reply, result)

    @pressed(views.TakebackButton)
    async def ask_button(self, interaction: discord.Interaction[GameBot], button: views.TakebackButton) -> None:
        """Take back under a board made at the button's stamp."""
        reply = reply_to(interaction)
        in_guild(interaction)
        result = await self.service.takeback_at(button.match_id, player(interaction.user), button.stamp, via(interaction))
        async with in_public(interaction):
            await self._show(reply, result)

    @pressed(views.TakebackAnswer)
    async def answer(self, interaction: discord.Interaction[GameBot], button: views.TakebackAnswer) -> None:
        """Accept or Decline under a request: its buttons are switched off, and what follows is posted
        below it."""
        in_guild(interaction)
        result = await self.service.answer_takeback(button.match_id, player(interaction.user), button.stamp,
                                                    button.answer == "accept")
        async with in_public(interaction):
            await interaction.response.edit_message(view=views.takeback_view(result.match, disabled=True))
            await self._show(self.poster.channel(result.match.channel_id, result.note), result)

    async def _show(self, to: Send | Reply, result: Takeback) -> None:
        match = result.match
        if result.status == "asked":
            await self.poster.ask_takeback(to, result, result.seat)
        elif result.status == "granted":
            await self.poster.show(to, text.takeback_text(result), result)
        else:  # declined: the one who asked is told
            await self.poster.say(to, text.takeback_text(result), result, pings(match.seats[result.seat]))
