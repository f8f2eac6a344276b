"""Playing a match: /move and its suggestions, the Move button's panel, /board, /resign and /draw."""
from __future__ import annotations

import asyncio
import logging

import aiohttp
import discord

import games
from bot import steps
from bot.discord import messages as text
from bot.discord.handlers.common import EMBED_COLOUR, Family, in_guild, player, reply_to, via
from bot.discord.posting import Poster, board_file, pings
from bot.discord.replies import report_error
from bot.discord.views import panel_view
from bot.errors import NotAllowed, Stale
from bot.models import Match, Player
from bot.service import MatchService

log = logging.getLogger(__name__)


ANSWER_WITHIN = 2.5  # seconds after an autocomplete was made: later, Discord (3 s) would refuse the answer


class Play(Family):
    def __init__(self, client: discord.Client, service: MatchService, poster: Poster):
        super().__init__(client, service, poster)
        self._typing: dict[int, int] = {}  # each user's latest autocomplete of /move, by interaction id
        # one of a user's suggestions worked out at a time: the lock, and how many of theirs hold or await it
        self._readers: dict[int, tuple[asyncio.Lock, int]] = {}

    async def move(self, interaction: discord.Interaction, notation: str) -> None:
        reply = reply_to(interaction)
        in_guild(interaction)
        result = await self.service.move(interaction.channel_id, player(interaction.user), notation, via(interaction))
        await self.poster.show(reply, text.move_text(result), result.match)

    async def move_button(self, interaction: discord.Interaction, match_id: int) -> None:
        """The Move button: the player to move gets a private panel to build a move by picking its parts."""
        try:
            match = await self.service.builder(match_id, player(interaction.user))
            panel = steps.panel(match.state)
            await interaction.response.send_message(
                text.panel_text(match, panel), view=panel_view(match, panel), ephemeral=True,
            )
        except Exception as error:  # buttons have no tree.on_error: the same report, from here
            await report_error(interaction, error)

    async def build(self, interaction: discord.Interaction, match_id: int, stamp: int, value: str) -> None:
        """A choice on a move panel (`value`, see bot.steps): the next step, or the whole move played."""
        user = player(interaction.user)
        try:
            try:
                kind, target = steps.parse(value)
            except ValueError:
                raise NotAllowed("That choice is not on offer any more: press Move on the board again.") from None
            if kind == steps.MOVE:
                result = await self.service.move_at(match_id, user, target, stamp)
                await interaction.response.edit_message(content=f"✅ You played **{result.notation}**.", view=None)
                await self.poster.show_in_channel(text.move_text(result), result.match)
                return
            match = await self.service.builder(match_id, user, stamp)
            try:
                panel = steps.panel(match.state, target)
            except ValueError:
                raise Stale("The board has changed since this panel opened.") from None
            await interaction.response.edit_message(content=text.panel_text(match, panel), view=panel_view(match, panel))
        except Stale as stale:
            await self._fresh_panel(interaction, match_id, user, str(stale))
        except Exception as error:  # buttons have no tree.on_error: the same report, from here
            await report_error(interaction, error)

    async def _fresh_panel(self, interaction: discord.Interaction, match_id: int, user: Player, why: str) -> None:
        """Replace a panel made for an older position: with a fresh one while it is still the user's
        turn, else with why not."""
        try:
            match = await self.service.builder(match_id, user)
        except NotAllowed as error:
            await interaction.response.edit_message(content=f"⚠️ {why} {error}", view=None)
            return
        panel = steps.panel(match.state)
        await interaction.response.edit_message(
            content=f"⚠️ {why} Here is a fresh one.\n{text.panel_text(match, panel)}", view=panel_view(match, panel),
        )

    async def suggest(self, interaction: discord.Interaction, typed: str) -> None:
        """Answer an autocomplete of /move with the moves that match what was typed. Someone typing sends
        one a keystroke: while one of theirs is being worked out, only their latest waits for it, and the
        ones it replaced are never answered (Discord shows only the latest). One that could not be
        answered within Discord's 3 seconds is dropped quietly: Discord would refuse it."""
        user = interaction.user.id
        self._typing[user] = interaction.id
        lock, waiting = self._readers.get(user, (asyncio.Lock(), 0))
        self._readers[user] = lock, waiting + 1
        try:
            async with lock:
                if self._typing.get(user) != interaction.id or interaction.channel_id is None:
                    return
                found = await self.service.move_choices(interaction.channel_id, user, typed)
            if self._typing.get(user) != interaction.id:
                return
            age = self.service.clock() - interaction.created_at.timestamp()
            if age > ANSWER_WITHIN:
                log.info("autocomplete %s of user %s dropped: ready after %.1f s", interaction.id, user, age)
                return
            await interaction.response.autocomplete(
                [discord.app_commands.Choice(name=branch.label[:100], value=branch.value) for branch in found])
        except (discord.HTTPException, aiohttp.ClientError, OSError) as error:  # too late, answered, or unreachable
            log.info("autocomplete %s of user %s not answered: %s", interaction.id, user, error)
        except Exception:  # a bug: logged, and the suggestions stay empty
            log.exception("autocomplete %s of user %s in channel %s failed", interaction.id, user, interaction.channel_id)
        finally:
            if self._typing.get(user) == interaction.id:
                del self._typing[user]
            lock, waiting = self._readers[user]
            if waiting > 1:
                self._readers[user] = lock, waiting - 1
            else:
                del self._readers[user]

    async def board(self, interaction: discord.Interaction, public: bool, as_text: bool = False) -> None:
        reply = reply_to(interaction, ephemeral=not public)
        in_guild(interaction)
        match = await self.service.latest(interaction.channel_id)
        if as_text:
            embed = discord.Embed(description=text.text_board(games.render_text(match.state, match.names)),
                                  colour=EMBED_COLOUR)
            await reply.send(text.board_caption(match), embed=embed, allowed_mentions=discord.AllowedMentions.none())
            return
        await reply.send(text.board_caption(match), file=await board_file(match, self.poster.renders),
                         allowed_mentions=discord.AllowedMentions.none())

    async def resign(self, interaction: discord.Interaction) -> None:
        reply = reply_to(interaction)
        in_guild(interaction)
        user = player(interaction.user)
        match = await self.service.resign(interaction.channel_id, user, via(interaction))
        if match.status == "active":  # a game of more than two goes on without them
            await self.poster.show(reply, text.left_text(match, match.seat_of(user.id), f"{user.name} resigned."), match)
        else:
            await self.poster.show(reply, text.result_text(match), match)

    async def draw(self, interaction: discord.Interaction) -> None:
        reply = reply_to(interaction)
        in_guild(interaction)
        result = await self.service.draw(interaction.channel_id, player(interaction.user), via(interaction))
        if isinstance(result, Match):
            await self.poster.show(reply, text.result_text(result), result)
        else:
            other = result.match.seats[1 - result.seat]
            await self.poster.say(reply, text.draw_offer_text(result), result.match, pings(other))
