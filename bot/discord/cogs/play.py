"""Playing a match: /move and its suggestions, the Move button's panel, /board, /resign and /draw."""
from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

import aiohttp
import discord
from discord import app_commands

import games
from bot import steps
from bot.discord import messages as text
from bot.discord import views
from bot.discord.board_layout import all_moves, board_file, moves_beside, picture_names, pings
from bot.discord.clock_text import clock_line
from bot.discord.cogs.common import EMBED_COLOUR, Feature, in_channel, player, pressed, received, reply_to, via
from bot.discord.languages import in_public
from bot.errors import NotAllowed, Stale
from bot.models import DrawOffer, MatchStatus, Player
from i18n import N_, _, current

if TYPE_CHECKING:
    from bot.discord.client import GameBot

log = logging.getLogger(__name__)


ANSWER_WITHIN = 2.5  # seconds after an autocomplete was made: later, Discord (3 s) would refuse the answer


class Play(Feature):
    def __init__(self, bot: GameBot):
        super().__init__(bot)
        self._typing: dict[int, int] = {}  # each user's latest autocomplete of /move, by interaction id
        # one of a user's suggestions worked out at a time: the lock, and how many of theirs hold or await it
        self._readers: dict[int, tuple[asyncio.Lock, int]] = {}

    async def cog_load(self) -> None:
        await super().cog_load()
        self.bot.tree.suggesters["move"] = self.suggest

    async def cog_unload(self) -> None:
        self.bot.tree.suggesters.pop("move", None)
        await super().cog_unload()

    @app_commands.command(name="move", description=N_("Play your move in this channel's match"))
    @app_commands.guild_only()
    @app_commands.describe(notation=N_("Your move; start typing to see the legal ones"))
    async def move(self, interaction: discord.Interaction[GameBot], notation: app_commands.Range[str, 1, 100]) -> None:
        reply = reply_to(interaction)
        channel_id = in_channel(interaction)
        result = await self.service.move(channel_id, player(interaction.user), notation, via(interaction),
                                         received(interaction))
        async with in_public(interaction):
            await self.poster.show(reply, text.move_text(result), result)

    @move.autocomplete("notation")  # registers the option as autocompleted; the tree hands its requests to suggest
    async def move_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return []

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
                [app_commands.Choice(name=branch.label[:100], value=branch.value) for branch in found])
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

    @pressed(views.MoveButton)
    async def move_button(self, interaction: discord.Interaction[GameBot], button: views.MoveButton) -> None:
        """The Move button: the player to move gets a private panel to build a move by picking its parts."""
        match = await self.service.builder(button.match_id, player(interaction.user))
        panel = steps.panel(match.state)
        await interaction.response.send_message(
            text.panel_text(match, panel), view=views.panel_view(match, panel), ephemeral=True,
        )

    @pressed(views.BuildMenu)
    async def build_menu(self, interaction: discord.Interaction[GameBot], menu: views.BuildMenu) -> None:
        values = menu.item.values or [""]
        await self._build(interaction, menu.match_id, menu.stamp, values[0])

    @pressed(views.BuildBack)
    async def build_back(self, interaction: discord.Interaction[GameBot], back: views.BuildBack) -> None:
        await self._build(interaction, back.match_id, back.stamp, back.to)

    async def _build(self, interaction: discord.Interaction[GameBot], match_id: int, stamp: int, value: str) -> None:
        """A choice on a move panel (`value`, see bot.steps): the next step, or the whole move played."""
        user = player(interaction.user)
        try:
            try:
                target = steps.parse(value)[1]
            except ValueError:
                raise NotAllowed(_("That choice is not on offer any more: press Move on the board again.")) from None
            if isinstance(target, str):  # a whole move (steps.MOVE), else the step to show next
                result = await self.service.move_at(match_id, user, target, stamp, received=received(interaction))
                await interaction.response.edit_message(content=_("✅ You played **{move}**.", move=result.notation),
                                                        view=None)
                async with in_public(interaction):
                    await self.poster.show_in_channel(text.move_text(result), result)
                return
            match = await self.service.builder(match_id, user, stamp)
            try:
                panel = steps.panel(match.state, target)
            except ValueError:
                raise Stale(_("The board has changed since this panel opened.")) from None
            await interaction.response.edit_message(content=text.panel_text(match, panel),
                                                    view=views.panel_view(match, panel))
        except Stale as stale:
            await self._fresh_panel(interaction, match_id, user, str(stale))

    async def _fresh_panel(self, interaction: discord.Interaction, match_id: int, user: Player, why: str) -> None:
        """Replace a panel made for an older position: with a fresh one while it is still the user's
        turn, else with why not."""
        try:
            match = await self.service.builder(match_id, user)
        except NotAllowed as error:
            await interaction.response.edit_message(content=_("⚠️ {why} {reason}", why=why, reason=error), view=None)
            return
        panel = steps.panel(match.state)
        await interaction.response.edit_message(
            content=_("⚠️ {why} Here is a fresh one.\n{panel}", why=why, panel=text.panel_text(match, panel)),
            view=views.panel_view(match, panel),
        )

    @app_commands.command(name="board", description=N_("Show this channel's board"))
    @app_commands.guild_only()
    @app_commands.describe(public=N_("Post it for everyone (default: only you see it)"),
                           as_text=N_("As text a screen reader can read, instead of a picture"))
    @app_commands.rename(as_text="text")
    async def board(self, interaction: discord.Interaction[GameBot], public: bool = False, as_text: bool = False) -> None:
        reply = reply_to(interaction, ephemeral=not public)
        match = await self.service.latest(in_channel(interaction))
        moves = await self.service.moves_played(match)
        now = self.service.clock()
        # for everyone in the server's language, else in the player's own
        async with in_public(interaction, None if public else current()):
            caption = "\n".join(part for part in (text.board_caption(match), clock_line(match, now), moves_beside(moves))
                                 if part)
            view = views.moves_view(match)
            if as_text:
                embed = discord.Embed(description=text.text_board(games.render_text(match.state, picture_names(match, now))),
                                      colour=EMBED_COLOUR)
                await reply.send(caption, embed=embed, view=view, allowed_mentions=discord.AllowedMentions.none())
                return
            await reply.send(caption, file=await board_file(match, self.bot.renders, now),
                             view=view, allowed_mentions=discord.AllowedMentions.none())

    @pressed(views.MovesButton)
    async def moves_button(self, interaction: discord.Interaction[GameBot], button: views.MovesButton) -> None:
        """Moves beside a board: every move of the match so far, privately (in a file when they are many)."""
        reply = reply_to(interaction, ephemeral=True)
        match = await self.service.get_match(button.match_id)
        words, file = all_moves(match, await self.service.moves_played(match))
        if file is None:
            await reply.send(words, allowed_mentions=discord.AllowedMentions.none())
        else:
            await reply.send(words, file=file, allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="resign", description=N_("Resign this channel's match"))
    @app_commands.guild_only()
    async def resign(self, interaction: discord.Interaction[GameBot]) -> None:
        reply = reply_to(interaction)
        channel_id = in_channel(interaction)
        user = player(interaction.user)
        change = await self.service.resign(channel_id, user, via(interaction))
        match = change.match
        async with in_public(interaction):
            if match.status == MatchStatus.ACTIVE:  # a game of more than two goes on without them
                seat = match.seat_of(user.id)
                if seat is None:  # the service lets only a player of the match resign
                    raise RuntimeError(f"{user.name} resigned from match {match.id} without a seat in it")
                await self.poster.show(reply, text.left_text(match, seat, _("{player} resigned.", player=user.name)),
                                       change)
            else:
                await self.poster.show(reply, text.result_text(match), change)

    @app_commands.command(name="draw", description=N_("Offer a draw, or accept your opponent's offer"))
    @app_commands.guild_only()
    async def draw(self, interaction: discord.Interaction[GameBot]) -> None:
        reply = reply_to(interaction)
        channel_id = in_channel(interaction)
        result = await self.service.draw(channel_id, player(interaction.user), via(interaction))
        async with in_public(interaction):
            if not isinstance(result, DrawOffer):
                await self.poster.show(reply, text.result_text(result.match), result)
            else:
                other = result.match.seats[1 - result.seat]
                await self.poster.say(reply, text.draw_offer_text(result), result, pings(other))
