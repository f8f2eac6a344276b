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
from bot.discord.languages import in_public
from bot.discord.posting import Send
from bot.discord.replies import Refused, Reply, refusal
from bot.errors import NotAllowed
from bot.game_clock import TimeControl
from bot.models import ChallengeChange, MatchChange, Player
from games import GAMES
from i18n import N_, _, pgettext, speaking
from rules import Game

if TYPE_CHECKING:
    from bot.discord.client import GameBot

# Translators: Discord's names of permissions, as Discord shows them to admins in your language
THREAD_PERMISSIONS = {"create_public_threads": N_("Create Public Threads"),
                      "send_messages_in_threads": N_("Send Messages in Threads")}
# Discord's refusals of a new thread, in the words of opening one (the others as replies.REFUSALS says).
THREAD_REFUSALS = {
    50001: N_("This channel already has a match or an open challenge, and Discord would not let me open a thread "
              "for yours: ask a server admin to give me the View Channel, Create Public Threads and Send Messages "
              "in Threads permissions here, or finish the match here first."),
    50013: N_("This channel already has a match or an open challenge, and Discord would not let me open a thread "
              "for yours: ask a server admin to give me the Create Public Threads and Send Messages in Threads "
              "permissions here, or finish the match here first."),
    50024: N_("This channel already has a match or an open challenge, and this kind of channel can't have threads: "
              "challenge in a text channel, or finish the match here first."),
}


def versus(names: list[str]) -> str:
    """Players' names as a match's thread is named: "alice vs bob vs carol"."""
    # Translators: between the names of a match's players in a thread's name ("alice vs bob")
    return pgettext("players", " vs ").join(names)


class Challenges(Feature):
    def __init__(self, bot: GameBot):
        super().__init__(bot)
        # /challenge <game>: one subcommand per registered game, registered when the cog loads
        self.challenge = app_commands.Group(name="challenge", description=N_("Challenge people in this channel to a game"),
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
            raise NotAllowed(_("Other bots can't play: challenge a person, name me to play the computer, "
                               "or leave the opponent empty for an open challenge."))
        turn = args.pop("turn_time", None)
        typed_clock = args.pop("clock", None)
        clock = TimeControl.parse(typed_clock) if typed_clock is not None else None
        if clock is not None and turn is not None:
            raise NotAllowed(_("Choose a game clock or a time per move, not both."))
        players = args.pop("players", None)
        level = args.pop("level", None)
        side = args.pop("side", None)
        count = sum(1 for o in opponents if o.bot) + (args.pop("computers", None) or 0)
        if level is not None and not count:
            raise NotAllowed(_("The level is for computer players: name me as the opponent, or seat some with the "
                               "computers option.") if game.players.stop > 3
                             else _("The level is for computer players: name me as the opponent."))
        public = await self.bot.languages.of_channel(interaction)
        with speaking(public):  # the thread's name, if the match gets one, is read by everyone
            if opponents:
                name = _("{game}: {challenger} vs {opponents}", game=game.title, challenger=interaction.user.display_name,
                         opponents=", ".join(o.display_name for o in opponents))
            else:
                name = _("{game}: {challenger} vs anyone", game=game.title, challenger=interaction.user.display_name)
        result = await self.service.challenge(
            guild_id, channel_id, player(interaction.user), game.name,
            [player(o) for o in opponents if not o.bot], args,
            players=players, turn_seconds=turn.value if turn is not None else None, clock=clock,
            computers=[level.value if level is not None else "medium"] * count,
            side=side.value if side is not None else "random",
            elsewhere=self._thread_opener(interaction, name), via=via(interaction),
        )
        if result.record.channel_id != channel_id:
            await self._post_in_thread(reply, result, player(interaction.user), public)
        else:
            async with in_public(interaction, public):
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
        async with in_public(interaction):
            await interaction.response.edit_message(
                content=text.challenge_text(challenge), view=views.challenge_view(challenge),
                allowed_mentions=discord.AllowedMentions.none(),
            )
            if isinstance(result, MatchChange):
                await self.poster.show_in_channel(text.start_text(result.match), result)
        if not isinstance(result, MatchChange):
            await self.service.posted(result.note)

    @app_commands.command(name="accept", description=N_("Accept the challenge in this channel"))
    @app_commands.guild_only()
    async def accept(self, interaction: discord.Interaction[GameBot]) -> None:
        await self._answer(interaction, "accept")

    @app_commands.command(name="decline",
                          description=N_("Decline the challenge in this channel, leave its seat, or withdraw your own"))
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
        async with in_public(interaction):
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
        public = await self.bot.languages.of_channel(interaction)
        with speaking(public):  # the thread's name, if the match gets one, is read by everyone
            name = _("{game}: {players} (rematch)", game=finished.rules.title, players=versus([p.name for p in finished.seats]))
        opener = self._thread_opener(interaction, name)
        result = await self.service.rematch(button.match_id, player(interaction.user), opener, via(interaction))
        if result.record.channel_id != interaction.channel_id:
            await self._post_in_thread(reply, result, player(interaction.user), public)
        else:
            async with in_public(interaction, public):
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
        missing = [_(label) for flag, label in THREAD_PERMISSIONS.items() if not getattr(have, flag)]
        if len(missing) == 1:
            raise NotAllowed(_("This channel already has a match or an open challenge. To open a thread for yours I "
                               "need the {permission} permission here: ask a server admin to grant them, or finish "
                               "the match here first.", permission=missing[0]))
        if missing:
            raise NotAllowed(_("This channel already has a match or an open challenge. To open a thread for yours I "
                               "need the {permission} and {other} permissions here: ask a server admin to grant them, "
                               "or finish the match here first.", permission=", ".join(missing[:-1]), other=missing[-1]))
        channel = interaction.channel
        if not isinstance(channel, discord.TextChannel):  # a voice or stage channel's chat has no threads
            raise NotAllowed(_("This channel already has a match or an open challenge, and a voice channel's chat "
                               "can't have threads: challenge in a text channel, or finish the match here first."))
        try:
            thread = await channel.create_thread(
                name=name[:100], auto_archive_duration=10080, type=discord.ChannelType.public_thread,
                reason="a new match in a busy channel",
            )
        except discord.HTTPException as error:  # nothing is stored yet: the challenge is simply not made
            told = _(THREAD_REFUSALS[error.code]) if error.code in THREAD_REFUSALS else refusal(error)
            if told is None:
                raise
            raise Refused(error, told) from error
        return thread.id

    async def _post_in_thread(self, reply: Reply, result: ChallengeChange | MatchChange, challenger: Player,
                              public: str) -> None:
        """A challenge (or a match against computers) that went to its own thread: posted there, and
        the channel told where, in the server's language (`public`). If Discord refuses the post, nobody
        could see the challenge or play the match: it is withdrawn (the match abandoned), and the
        challenger told why, in their own."""
        thread_id = result.record.channel_id
        thread = f"<#{thread_id}>"
        try:
            with speaking(public):
                await self._announce(self.poster.channel(thread_id, result.note), result)
        except discord.HTTPException as error:
            told = refusal(error)
            if told is None:
                raise
            await self._withdraw(result, challenger)
            if isinstance(result, ChallengeChange):
                why = _("I could not post your challenge in its thread {thread}, so it is withdrawn. {reason}",
                        thread=thread, reason=told)
            else:
                why = _("I could not post your match in its thread {thread}, so it is abandoned. {reason}",
                        thread=thread, reason=told)
            raise Refused(error, why) from error
        with speaking(public):
            await reply.send(_("🧵 This channel is busy, so the new {game} match has its own thread: {thread}.",
                               game=result.record.rules.title, thread=thread),
                             allowed_mentions=discord.AllowedMentions.none())
