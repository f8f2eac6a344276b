"""Challenges: /challenge <game>, its Accept, Decline, Join, Start-now and Withdraw buttons, /accept
and /decline, Rematch, and the thread a challenge gets when its channel is busy."""
from __future__ import annotations

import functools
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.discord import messages as text
from bot.discord import views
from bot.discord.challenge_options import challenge_command
from bot.discord.cogs.common import Feature, can_post_here, in_channel, in_guild, player, pressed, reply_to, via
from bot.discord.posting import Send
from bot.discord.replies import Refused, Reply, refusal
from bot.errors import NotAllowed
from bot.models import ChallengeChange, MatchChange, Player
from games import GAMES
from rules import Game

if TYPE_CHECKING:
    from bot.discord.client import GameBot

THREAD_PERMISSIONS = {"create_public_threads": "Create Public Threads", "send_messages_in_threads": "Send Messages in Threads"}
BUSY = "This channel already has a match or an open challenge"
# Discord's refusals of a new thread, in the words of opening one (the others as replies.REFUSALS says).
THREAD_REFUSALS = {
    50001: f"{BUSY}, and Discord would not let me open a thread for yours: ask a server admin to give me the "
           "View Channel, Create Public Threads and Send Messages in Threads permissions here, or finish the "
           "match here first.",
    50013: f"{BUSY}, and Discord would not let me open a thread for yours: ask a server admin to give me the "
           "Create Public Threads and Send Messages in Threads permissions here, or finish the match here first.",
    50024: f"{BUSY}, and this kind of channel can't have threads: challenge in a text channel, or finish the "
           "match here first.",
}


class Challenges(Feature):
    def __init__(self, bot: GameBot):
        super().__init__(bot)
        # /challenge <game>: one subcommand per registered game, registered when the cog loads
        self.challenge = app_commands.Group(name="challenge", description="Challenge people in this channel to a game",
                                            guild_only=True)
        for game in GAMES.values():
            self.challenge.add_command(challenge_command(game, self.challenge_game))

    async def cog_load(self) -> None:
        await super().cog_load()
        self.bot.tree.add_command(self.challenge)

    async def cog_unload(self) -> None:
        self.bot.tree.remove_command(self.challenge.name)
        await super().cog_unload()

    async def challenge_game(self, interaction: discord.Interaction[GameBot], game: Game, args: dict[str, Any]) -> None:
        """/challenge <game> with the options given (`args`, by name; None where left out)."""
        reply = reply_to(interaction)
        guild_id, channel_id = in_guild(interaction), in_channel(interaction)
        can_post_here(interaction)
        opponents = [args.pop(name) for name in list(args) if name.startswith("opponent")]
        opponents = [o for o in opponents if o is not None]
        me = self.bot.user
        if any(o.bot and (me is None or o.id != me.id) for o in opponents):
            raise NotAllowed("Other bots can't play: challenge a person, name me to play the computer, "
                             "or leave the opponent empty for an open challenge.")
        turn = args.pop("turn_time", None)
        players = args.pop("players", None)
        level = args.pop("level", None)
        side = args.pop("side", None)
        count = sum(1 for o in opponents if o.bot) + (args.pop("computers", None) or 0)
        if level is not None and not count:
            raise NotAllowed("The level is for computer players: name me as the opponent"
                             + (", or seat some with the computers option." if game.players.stop > 3 else "."))
        name = f"{game.title}: {interaction.user.display_name} vs " + (
            ", ".join(o.display_name for o in opponents) or "anyone")
        result = await self.service.challenge(
            guild_id, channel_id, player(interaction.user), game.name,
            [player(o) for o in opponents if not o.bot], args,
            players=players, turn_seconds=turn.value if turn is not None else None,
            computers=[level.value if level is not None else "medium"] * count,
            side=side.value if side is not None else "random",
            elsewhere=self._thread_opener(interaction, name), via=via(interaction),
        )
        if result.record.channel_id != channel_id:
            await self._post_in_thread(reply, result, player(interaction.user))
        else:
            await self._announce(reply.send, result)

    @pressed(views.ChallengeButton)
    async def challenge_button(self, interaction: discord.Interaction[GameBot], button: views.ChallengeButton) -> None:
        """Accept, Decline, Join, Start now or Withdraw under a challenge."""
        in_guild(interaction)
        user = player(interaction.user)
        if button.action in ("accept", "join", "start"):
            can_post_here(interaction)
        if button.action in ("accept", "join"):
            result: ChallengeChange | MatchChange = await self.service.accept(button.challenge_id, user)
        elif button.action == "start":
            result = await self.service.start_now(button.challenge_id, user)
        else:
            result = await self.service.decline(button.challenge_id, user)
        challenge = await self.service.get_challenge(button.challenge_id) if isinstance(result, MatchChange) \
            else result.challenge
        await interaction.response.edit_message(
            content=text.challenge_text(challenge), view=views.challenge_view(challenge),
            allowed_mentions=discord.AllowedMentions.none(),
        )
        if isinstance(result, MatchChange):
            await self.poster.show_in_channel(text.start_text(result.match), result)
        else:
            await self.service.posted(result.note)

    @app_commands.command(name="accept", description="Accept the challenge in this channel")
    @app_commands.guild_only()
    async def accept(self, interaction: discord.Interaction[GameBot]) -> None:
        await self._answer(interaction, "accept")

    @app_commands.command(name="decline", description="Decline the challenge in this channel, leave its seat, or withdraw your own")
    @app_commands.guild_only()
    async def decline(self, interaction: discord.Interaction[GameBot]) -> None:
        await self._answer(interaction, "decline")

    async def _answer(self, interaction: discord.Interaction[GameBot], action: str) -> None:
        """/accept and /decline: the same as the buttons, for this channel's open challenge."""
        reply = reply_to(interaction)
        found = await self.service.challenge_here(in_channel(interaction), interaction.user.id)
        if action == "accept":
            can_post_here(interaction)
            result = await self.service.accept(found.id, player(interaction.user), via(interaction))
        else:
            result = await self.service.decline(found.id, player(interaction.user))
        challenge = await self.service.get_challenge(found.id) if isinstance(result, MatchChange) else result.challenge
        await self.poster.refresh_challenge(challenge, None if isinstance(result, MatchChange) else result.note)
        if isinstance(result, MatchChange):
            await self.poster.show(reply, text.start_text(result.match), result)
        else:
            await reply.send(text.challenge_text(challenge), allowed_mentions=discord.AllowedMentions.none())

    @pressed(views.RematchButton)
    async def rematch(self, interaction: discord.Interaction[GameBot], button: views.RematchButton) -> None:
        """Rematch under a finished board: a new challenge to the same players."""
        reply = reply_to(interaction)
        in_guild(interaction)
        can_post_here(interaction)
        finished = await self.service.get_match(button.match_id)
        names = " vs ".join(p.name for p in finished.seats)
        opener = self._thread_opener(interaction, f"{finished.rules.title}: {names} (rematch)")
        result = await self.service.rematch(button.match_id, player(interaction.user), opener, via(interaction))
        if result.record.channel_id != interaction.channel_id:
            await self._post_in_thread(reply, result, player(interaction.user))
        else:
            await self._announce(reply.send, result)

    async def _withdraw(self, result: ChallengeChange | MatchChange, challenger: Player) -> None:
        """Take back a challenge (or a match against computers) that could not be shown: nothing of it
        is left to show either."""
        await self.service.posted(result.note)
        if isinstance(result, MatchChange):
            await self.service.abandon(result.match.id, challenger)
        else:
            await self.service.posted((await self.service.decline(result.challenge.id, challenger)).note)

    async def _announce(self, send: Send, result: ChallengeChange | MatchChange) -> None:
        """Post a new challenge (with its buttons, pinging who was named), or a match that started at once
        (against computers only), through `send` (the reply, or a thread's send)."""
        if isinstance(result, MatchChange):
            await self.poster.show(send, text.start_text(result.match), result)
        else:
            await self.poster.posted_challenge(send, result)

    def _thread_opener(self, interaction: discord.Interaction, name: str) -> Callable[[], Awaitable[int]] | None:
        """How a challenge made in a busy channel gets a channel of its own: a public thread named
        `name` (None inside a thread, where none can be opened)."""
        if isinstance(interaction.channel, discord.Thread):
            return None
        return functools.partial(self._open_thread, interaction, name)

    async def _open_thread(self, interaction: discord.Interaction, name: str) -> int:
        """A public thread in the interaction's channel for a new match, where the channel is busy."""
        have = interaction.app_permissions
        missing = [label for flag, label in THREAD_PERMISSIONS.items() if not getattr(have, flag)]
        if missing:
            raise NotAllowed(
                f"{BUSY}. To open a thread for yours I need the {' and '.join(missing)} "
                f"permission{'s' if len(missing) > 1 else ''} here: ask a server admin to grant them, or finish "
                "the match here first.")
        channel = interaction.channel
        if not isinstance(channel, discord.TextChannel):  # a voice or stage channel's chat has no threads
            raise NotAllowed(f"{BUSY}, and a voice channel's chat can't have threads: challenge in a text channel, "
                             "or finish the match here first.")
        try:
            thread = await channel.create_thread(
                name=name[:100], auto_archive_duration=10080, type=discord.ChannelType.public_thread,
                reason="a new match in a busy channel",
            )
        except discord.HTTPException as error:  # nothing is stored yet: the challenge is simply not made
            told = THREAD_REFUSALS.get(error.code) or refusal(error)
            if told is None:
                raise
            raise Refused(error, told) from error
        return thread.id

    async def _post_in_thread(self, reply: Reply, result: ChallengeChange | MatchChange, challenger: Player) -> None:
        """A challenge (or a match against computers) that went to its own thread: posted there, and
        the channel told where. If Discord refuses the post, nobody could see the challenge or play the
        match: it is withdrawn (the match abandoned), and the challenger told why."""
        thread_id = result.record.channel_id
        try:
            await self._announce(self.poster.channel(thread_id, result.note), result)
        except discord.HTTPException as error:
            told = refusal(error)
            if told is None:
                raise
            await self._withdraw(result, challenger)
            what = "challenge" if isinstance(result, ChallengeChange) else "match"
            raise Refused(error, f"I could not post your {what} in its thread <#{thread_id}>, so it is "
                                 f"{'withdrawn' if what == 'challenge' else 'abandoned'}. {told}") from error
        await reply.send(f"🧵 This channel is busy, so the new {result.record.rules.title} match has its own thread: <#{thread_id}>.",
                         allowed_mentions=discord.AllowedMentions.none())
