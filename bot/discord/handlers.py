"""What each command and button does: call the service, then show the result in the channel."""
from __future__ import annotations

import asyncio
import contextlib
import functools
import io
import logging
import math
import time
from collections.abc import Awaitable, Callable
from typing import Any

import discord

import renderers
from bot import replays, steps
from bot.discord import messages as text
from bot.discord.commands import usage
from bot.discord.payloads import Attachment
from bot.discord.posting import Poster, Send, board_file, log_post_failure, pings
from bot.discord.replies import Reply, missing_permissions, report_error
from bot.discord.views import challenge_view, history_view, pages_view, panel_view
from bot.errors import NotAllowed, NotShown, Stale
from bot.models import Challenge, Match, Player
from bot.rulebook import rules_text
from bot.service import MatchService
from bot.workers import Workers, spare_cores
from rules import GAMES, Game, State
from rules.core import counted

log = logging.getLogger(__name__)

PER_PAGE = 10
HISTORY_PAGE = 5
THREAD_PERMISSIONS = {"create_public_threads": "Create Public Threads", "send_messages_in_threads": "Send Messages in Threads"}
EMBED_COLOUR = discord.Colour(0x2F9E6E)
ORPHANS_SECONDS = 10.0  # how often, on a shared database, to look for computer turns nobody is playing


def player(user: discord.abc.User) -> Player:
    return Player(user.id, user.display_name)


def via(interaction: discord.Interaction) -> str:
    """The interaction whose first reply will show a change (kept with the change's outbox note)."""
    return f"{interaction.id}:{interaction.token}"


@functools.cache
def start_position(game: str) -> State:
    """The position /rules shows: a game's start with the fewest players it takes."""
    return GAMES[game].start(players=GAMES[game].players.start)


def start_names(game: str) -> list[str]:
    return [GAMES[game].seat_name(s) for s in range(GAMES[game].players.start)]


def start_position_png(game: str) -> bytes:
    """The picture /rules shows: a game's start position."""
    return renderers.render(start_position(game), start_names(game))


def in_guild(interaction: discord.Interaction) -> int:
    if interaction.guild_id is None or interaction.channel_id is None:
        raise NotAllowed("Games are played in server channels, not in direct messages.")
    return interaction.guild_id


def can_post_here(interaction: discord.Interaction) -> None:
    missing = missing_permissions(interaction)
    if missing:
        raise NotAllowed(
            f"I can't post boards here: I am missing the {', '.join(missing)} permission"
            f"{'s' if len(missing) > 1 else ''} in this channel. Ask a server admin to grant "
            f"{'them' if len(missing) > 1 else 'it'}, or play in another channel."
        )


class Handlers:
    def __init__(self, client: discord.Client, service: MatchService, sweep_seconds: float = 300.0,
                 renders: Workers | None = None):
        self.client = client
        self.service = service
        self.renders = renders or Workers(spare_cores(), imports=("bot.boards",))
        self.poster = Poster(client, service, self.renders, self.computer_plays)
        self.sweep_seconds = sweep_seconds
        self._thinking: set[int] = set()  # matches whose computer is choosing a move
        self._tasks: set[asyncio.Task] = set()
        self._orphans_checked = 0.0

    # ------------------------------------------------------------------ challenges

    async def challenge(self, interaction: discord.Interaction, game: Game, args: dict[str, Any]) -> None:
        reply = self._reply(interaction)
        guild_id = in_guild(interaction)
        can_post_here(interaction)
        opponents = [args.pop(name) for name in list(args) if name.startswith("opponent")]
        opponents = [o for o in opponents if o is not None]
        me = self.client.user
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
            guild_id, interaction.channel_id, player(interaction.user), game.name,
            [player(o) for o in opponents if not o.bot], args,
            players=players, turn_seconds=turn.value if turn is not None else None,
            computers=[level.value if level is not None else "medium"] * count,
            side=side.value if side is not None else "random",
            elsewhere=self._thread_opener(interaction, name), via=via(interaction),
        )
        if result.channel_id != interaction.channel_id:
            await self._post_in_thread(reply, result)
        else:
            await self._announce(reply.send, result)

    async def _announce(self, send: Send, result: Challenge | Match) -> None:
        """Post a new challenge (with its buttons, pinging who was named), or a match that started at once
        (against computers only), through `send` (the reply, or a thread's send)."""
        if isinstance(result, Match):
            await self.poster.show(send, text.start_text(result), result)
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
                "This channel already has a match or an open challenge. To open a thread for yours I need the "
                f"{' and '.join(missing)} permission{'s' if len(missing) > 1 else ''} here: ask a server admin "
                "to grant them, or finish the match here first.")
        data = await self.client.http.start_thread_without_message(
            interaction.channel_id, name=name[:100], auto_archive_duration=10080,
            type=discord.ChannelType.public_thread.value, reason="a new match in a busy channel",
        )
        return int(data["id"])

    async def _post_in_thread(self, reply: Reply, result: Challenge | Match) -> None:
        """A challenge (or a match against computers) that went to its own thread: posted there, and
        the channel told where."""
        thread_id = result.channel_id
        await self._announce(self.poster.channel(thread_id, result.note), result)
        await reply.send(f"🧵 This channel is busy, so the new {result.rules.title} match has its own thread: <#{thread_id}>.",
                         allowed_mentions=discord.AllowedMentions.none())

    async def challenge_button(self, interaction: discord.Interaction, action: str, challenge_id: int) -> None:
        try:
            in_guild(interaction)
            user = player(interaction.user)
            if action in ("accept", "join", "start"):
                can_post_here(interaction)
            if action in ("accept", "join"):
                result: Challenge | Match = await self.service.accept(challenge_id, user)
            elif action == "start":
                result = await self.service.start_now(challenge_id, user)
            else:
                result = await self.service.decline(challenge_id, user)
            challenge = await self.service.get_challenge(challenge_id) if isinstance(result, Match) else result
            await interaction.response.edit_message(
                content=text.challenge_text(challenge), view=challenge_view(challenge),
                allowed_mentions=discord.AllowedMentions.none(),
            )
            if isinstance(result, Match):
                await self.poster.show_in_channel(text.start_text(result), result)
            else:
                await self.service.posted(result.note)
        except Exception as error:  # buttons have no tree.on_error: the same report, from here
            await report_error(interaction, error)

    async def answer(self, interaction: discord.Interaction, action: str) -> None:
        """/accept and /decline: the same as the buttons, for this channel's open challenge."""
        reply = self._reply(interaction)
        in_guild(interaction)
        found = await self.service.challenge_here(interaction.channel_id, interaction.user.id)
        if action == "accept":
            can_post_here(interaction)
            result = await self.service.accept(found.id, player(interaction.user), via(interaction))
        else:
            result = await self.service.decline(found.id, player(interaction.user))
        challenge = await self.service.get_challenge(found.id) if isinstance(result, Match) else result
        await self.poster.refresh_challenge(challenge)
        if isinstance(result, Match):
            await self.poster.show(reply, text.start_text(result), result)
        else:
            await reply.send(text.challenge_text(challenge), allowed_mentions=discord.AllowedMentions.none())

    async def rematch_button(self, interaction: discord.Interaction, match_id: int) -> None:
        reply = self._reply(interaction)
        try:
            in_guild(interaction)
            can_post_here(interaction)
            finished = await self.service.get_match(match_id)
            names = " vs ".join(p.name for p in finished.seats)
            opener = self._thread_opener(interaction, f"{finished.rules.title}: {names} (rematch)")
            result = await self.service.rematch(match_id, player(interaction.user), opener, via(interaction))
            if result.channel_id != interaction.channel_id:
                await self._post_in_thread(reply, result)
            else:
                await self._announce(reply.send, result)
        except Exception as error:  # buttons have no tree.on_error: the same report, from here
            await report_error(interaction, error, reply)

    # ------------------------------------------------------------------ playing

    async def move(self, interaction: discord.Interaction, notation: str) -> None:
        reply = self._reply(interaction)
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

    async def build(self, interaction: discord.Interaction, match_id: int, ply: int, value: str) -> None:
        """A choice on a move panel (`value`, see bot.steps): the next step, or the whole move played."""
        user = player(interaction.user)
        try:
            try:
                kind, target = steps.parse(value)
            except ValueError:
                raise NotAllowed("That choice is not on offer any more: press Move on the board again.") from None
            if kind == steps.MOVE:
                result = await self.service.move_at(match_id, user, target, ply)
                await interaction.response.edit_message(content=f"✅ You played **{result.notation}**.", view=None)
                await self.poster.show_in_channel(text.move_text(result), result.match)
                return
            match = await self.service.builder(match_id, user, ply)
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

    async def autocomplete_move(self, interaction: discord.Interaction, typed: str) -> list[discord.app_commands.Choice[str]]:
        if interaction.channel_id is None:
            return []
        found = await self.service.move_choices(interaction.channel_id, interaction.user.id, typed)
        return [discord.app_commands.Choice(name=branch.label[:100], value=branch.value) for branch in found]

    async def board(self, interaction: discord.Interaction, public: bool, as_text: bool = False) -> None:
        reply = self._reply(interaction, ephemeral=not public)
        in_guild(interaction)
        match = await self.service.latest(interaction.channel_id)
        if as_text:
            embed = discord.Embed(description=text.text_board(renderers.render_text(match.state, match.names)),
                                  colour=EMBED_COLOUR)
            await reply.send(text.board_caption(match), embed=embed, allowed_mentions=discord.AllowedMentions.none())
            return
        await reply.send(text.board_caption(match), file=await board_file(match, self.renders),
                         allowed_mentions=discord.AllowedMentions.none())

    async def resign(self, interaction: discord.Interaction) -> None:
        reply = self._reply(interaction)
        in_guild(interaction)
        user = player(interaction.user)
        match = await self.service.resign(interaction.channel_id, user, via(interaction))
        if match.status == "active":  # a game of more than two goes on without them
            await self.poster.show(reply, text.left_text(match, match.seat_of(user.id), f"{user.name} resigned."), match)
        else:
            await self.poster.show(reply, text.result_text(match), match)

    async def draw(self, interaction: discord.Interaction) -> None:
        reply = self._reply(interaction)
        in_guild(interaction)
        result = await self.service.draw(interaction.channel_id, player(interaction.user), via(interaction))
        if isinstance(result, Match):
            await self.poster.show(reply, text.result_text(result), result)
        else:
            other = result.match.seats[1 - result.seat]
            await self.poster.say(reply, text.draw_offer_text(result), result.match, pings(other))

    # ------------------------------------------------------------------ computer players

    def computer_plays(self, match: Match, owed: bool = False) -> None:
        """If a computer is to move in `match`, let it play (in the background, one task per match).
        `owed`: a turn found in the database, not one that a move in this process just handed over."""
        if match.status != "active" or match.computer_to_move is None or match.id in self._thinking:
            return
        self._thinking.add(match.id)
        task = asyncio.create_task(self._computer_turns(match.id, match.channel_id, owed), name=f"computer-{match.id}")
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def start(self) -> None:
        """After a start: what the bot's previous run left to do (changes to show, computer moves owed)."""
        await self.service.release_notes()
        await self.resume_computers()

    async def resume_computers(self) -> None:
        """After a start: the moves computers owed when the bot stopped. On a database that several
        processes share, also every ORPHANS_SECONDS: the turns of a process that died while its
        computer was thinking (the claim decides which process takes each)."""
        self._orphans_checked = time.monotonic()
        for match in await self.service.computers_to_move():
            self.computer_plays(match, owed=True)

    async def _computer_turns(self, match_id: int, channel_id: int, owed: bool = False) -> None:
        channel = self.client.get_partial_messageable(channel_id)
        try:
            async def typing() -> None:  # "<bot> is typing…" while it thinks (Discord shows it ~10 s)
                with contextlib.suppress(discord.HTTPException):
                    await channel.typing()

            while True:
                result = await self.service.computer_move(match_id, thinking=typing)
                if result is None:
                    return
                if owed:
                    log.info("played the computer's move owed in match %s (ply %d)", match_id, len(result.match.moves))
                    owed = False
                match = result.match
                # (its own computer_plays is a no-op: this match is being played here)
                if not await self._post_unseen(text.move_text(result), match, "the computer's move"):
                    return  # the next move waits until this one is shown (its poster then goes on)
                if match.status == "finished" or match.computer_to_move is None:
                    return
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("the computer's turn in match %s failed", match_id)
        finally:
            self._thinking.discard(match_id)

    # ------------------------------------------------------------------ records

    async def leaderboard(self, interaction: discord.Interaction, game: str, page: int) -> None:
        reply = self._reply(interaction)
        guild_id = in_guild(interaction)
        embed, view = await self._leaderboard(guild_id, game, page)
        await reply.send(embed=embed, view=view or discord.utils.MISSING)

    async def leaderboard_page(self, interaction: discord.Interaction, game: str, page: int) -> None:
        try:
            embed, view = await self._leaderboard(in_guild(interaction), game, page)
            await interaction.response.edit_message(embed=embed, view=view)
        except Exception as error:  # buttons have no tree.on_error: the same report, from here
            await report_error(interaction, error)

    async def _leaderboard(self, guild_id: int, game: str, page: int) -> tuple[discord.Embed, discord.ui.View | None]:
        rows, total = await self.service.leaderboard(guild_id, game, max(page, 1), PER_PAGE)
        pages = max(1, math.ceil(total / PER_PAGE))
        if page > pages:
            rows, _ = await self.service.leaderboard(guild_id, game, pages, PER_PAGE)
            page = pages
        title = GAMES[game].title
        embed = discord.Embed(title=f"🏆 {title} leaderboard", colour=EMBED_COLOUR)
        embed.description = "\n".join(text.standing_line(s) for s in rows) or (
            f"Nobody has finished a game of {title} here yet. Start one with `/challenge {game}`."
        )
        embed.set_footer(text=f"Page {page}/{pages} · {counted(total, 'player')} · Glicko-2 ratings, ? = provisional")
        return embed, pages_view(game, page, pages)

    async def stats(self, interaction: discord.Interaction, user: discord.abc.User | None) -> None:
        reply = self._reply(interaction)
        guild_id = in_guild(interaction)
        target = user or interaction.user
        rows = await self.service.stats(guild_id, target.id)
        embed = discord.Embed(title=f"📊 {target.display_name}", colour=EMBED_COLOUR)
        embed.description = "\n".join(text.stats_line(s) for s in rows) or "No finished games in this server yet."
        versus = await self.service.against_computers(guild_id, target.id)
        if versus:
            embed.add_field(name="Against the computer", value="\n".join(text.versus_line(*v) for v in versus)[:1024])
        await reply.send(embed=embed)

    async def rules(self, interaction: discord.Interaction, game: str) -> None:
        reply = self._reply(interaction)
        rules = GAMES[game]
        png = await asyncio.to_thread(start_position_png, game)
        embed = discord.Embed(title=f"📖 {rules.title}", description=rules_text(rules)[:4096], colour=EMBED_COLOUR)
        embed.set_image(url=f"attachment://{game}-start.png")
        alt = f"The starting position. {renderers.describe(start_position(game), start_names(game))}"
        await reply.send(embed=embed, file=Attachment(io.BytesIO(png), filename=f"{game}-start.png", description=alt))

    async def history(self, interaction: discord.Interaction, page: int = 1) -> None:
        reply = self._reply(interaction)
        guild_id = in_guild(interaction)
        embed, view = await self._history(guild_id, page)
        await reply.send(embed=embed, view=view or discord.utils.MISSING)

    async def history_page(self, interaction: discord.Interaction, page: int) -> None:
        try:
            embed, view = await self._history(in_guild(interaction), page)
            await interaction.response.edit_message(embed=embed, view=view)
        except Exception as error:  # buttons have no tree.on_error: the same report, from here
            await report_error(interaction, error)

    async def _history(self, guild_id: int, page: int) -> tuple[discord.Embed, discord.ui.View | None]:
        matches, total = await self.service.history(guild_id, HISTORY_PAGE, max(page, 1))
        pages = max(1, math.ceil(total / HISTORY_PAGE))
        if page > pages:
            matches, _ = await self.service.history(guild_id, HISTORY_PAGE, pages)
            page = pages
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

    # ------------------------------------------------------------------ replays

    async def replay(self, interaction: discord.Interaction, match_id: int | None) -> None:
        reply = self._reply(interaction)
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
        parts = await self.service.computers.run(replays.draw, *replays.replay_args(match, limit))
        caption = text.replay_caption(match)
        for k, gif in enumerate(parts, 1):
            name = f"{match.game}-{match.id}-replay{'' if len(parts) == 1 else f'-{k}'}.gif"
            content = caption if len(parts) == 1 else f"{caption} — part {k} of {len(parts)}"
            file = Attachment(io.BytesIO(gif), filename=name, description=text.replay_alt_text(match, k, len(parts)))
            if k == 1:
                await reply.send(content, file=file, allowed_mentions=discord.AllowedMentions.none())
            else:
                await interaction.followup.send(content, file=file, allowed_mentions=discord.AllowedMentions.none())

    async def help(self, interaction: discord.Interaction, public: bool) -> None:
        reply = self._reply(interaction, ephemeral=not public)
        me = self.client.user
        commands = [(usage(command), command.description) for command in self.client.tree.get_commands()]
        intro, sections = text.help_sections(me.display_name if me else "This bot", commands)
        embed = discord.Embed(title="❓ Help", description=intro, colour=EMBED_COLOUR)
        for title, body in sections:
            embed.add_field(name=title, value=body, inline=False)
        await reply.send(embed=embed)

    # ------------------------------------------------------------------ time

    async def run_timers(self) -> None:
        """Close expired challenges and time out slow players, waking at the next deadline."""
        while True:
            try:
                await self.fire_timers()
                deadline = await self.service.next_deadline()
                wait = self.sweep_seconds
                if self.service.store.shared:
                    wait = min(wait, ORPHANS_SECONDS)
                if deadline is not None:
                    wait = min(wait, max(0.0, deadline - self.service.clock()))
                self.service.deadlines_changed.clear()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.service.deadlines_changed.wait(), timeout=wait + 0.05)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("timer sweep failed; retrying in 30 s")
                await asyncio.sleep(30)

    async def fire_timers(self) -> None:
        if self.service.store.shared and time.monotonic() - self._orphans_checked >= ORPHANS_SECONDS:
            await self.resume_computers()
        for notice in await self.service.notices_due():  # first: a turn shown late gets its time again
            await self.poster.repost(notice)
        expired = await self.service.expire_due()
        for challenge in expired.challenges:
            await self.poster.refresh_challenge(challenge)
        for match in expired.matches:
            await self._post_unseen(text.timeout_text(match), match, "the time-out")

    async def _post_unseen(self, content: str, match: Match, what: str) -> bool:
        """Post a change made outside any interaction (a computer's move, a time-out), already stored;
        whether it was shown. A post that failed for a reason that may pass (Discord down, the bot
        restarting) is tried again by whichever process finds its note due."""
        try:
            await self.poster.show_in_channel(content, match)
        except NotShown:
            log.info("Discord did not take %s in match %s; trying again soon", what, match.id)
            return False
        except discord.HTTPException as error:
            log_post_failure(f"post {what} in match {match.id}", match.channel_id, error)
            return False
        return True

    # ------------------------------------------------------------------ helpers

    @staticmethod
    def _reply(interaction: discord.Interaction, *, ephemeral: bool = False) -> Reply:
        """The interaction's Reply, kept on it so the error handler answers through the same one."""
        reply = Reply(interaction, ephemeral=ephemeral)
        interaction.extras["reply"] = reply
        return reply
