"""Showing changes in Discord: each change's board and words posted once, however the post goes.

Every change the service makes comes with an outbox note (bot.models.Notice). `Poster.show` posts the
change and clears its note. If the post fails for a reason that may pass (Discord down for a moment, a
dropped connection, the bot killed before it posted), the note stays and falls due, and `Poster.repost`
shows it then, once, from whichever process finds it: a channel post carries the note as its nonce
(Discord answers a second post of the same nonce with the first message, so a post that went through
unnoticed is not doubled), and a change that an interaction's first reply was to show is looked for in
that reply first (it may have been made after all), or filled in there if it is still "thinking…".

A live match (one on a game clock) keeps one board message instead, edited after every change and with
the player to move pinged by a message of its own: `Poster.show` hands its changes to
bot.discord.live_board, and so does `repost`.

Everything is posted in the current language: a cog shows a change inside its server's language, and
what the timers hand over (notes reposted, reminders) speaks it too (bot.discord.languages).
"""
from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import weakref
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import replace
from typing import Any

import discord

from bot.discord import messages as text
from bot.discord.board_layout import awaited, board_alt_text, board_file, board_name, pings
from bot.discord.clock_text import low_time_text
from bot.discord.live_board import LiveBoards
from bot.discord.replies import Reply, passing, refusal, refused_how, see_above, taken_back
from bot.discord.tournament_text import game_line
from bot.discord.views import board_view, challenge_view, takeback_view
from bot.errors import NotShown
from bot.models import (
    Challenge,
    ChallengeChange,
    ChallengeStatus,
    Match,
    MatchChange,
    MatchStatus,
    Notice,
    NoticeKind,
    Takeback,
)
from bot.service import MatchService
from bot.workers import Workers

log = logging.getLogger(__name__)

__all__ = ["Later", "Poster", "Send", "awaited", "board_alt_text", "board_file", "board_name", "log_post_failure", "pings"]

Send = Callable[..., Awaitable[discord.Message | None]]  # a reply's, a follow-up's or a channel's send
RETRY_SECONDS = 5.0  # a post that failed for a reason that may pass is tried again this soon
TOKEN_SECONDS = 14 * 60  # an interaction's token is good for 15 minutes; past this, post to the channel
LATE_SECONDS = 30.0  # a change's message made this long after the change was shown late
# Discord takes a first reply only within 3 seconds of the interaction, but one sent in time may still be
# on its way (a board being uploaded): only this long after the interaction is a missing reply final.
REPLY_SETTLED = 8.0
NEWEST = 1 << 64  # above every message id (Discord's ids are 64-bit)
SHOWN_KEPT = 1000  # notes whose messages are remembered (plenty for the changes shown in a few seconds)


class Later(Exception):
    """A note cannot be shown yet (the reply meant to show it may still arrive for `seconds`); it falls
    due again then."""

    def __init__(self, seconds: float):
        super().__init__(seconds)
        self.seconds = seconds


def interaction_of(notice: Notice) -> tuple[int, str]:
    """The id and token of the interaction whose first reply was to show the notice."""
    assert notice.via is not None
    interaction_id, token = notice.via.split(":", 1)
    return int(interaction_id), token


# Discord's refusals (bot.discord.replies.REFUSALS) that no later try in the same channel gets past: the
# channel gone, its kind, a locked or archived thread, a missing permission (any Forbidden besides).
UNSHOWABLE = frozenset({10003, 50001, 50008, 50013, 50024, 50083, 160005})  # 10003: Unknown Channel


def log_post_failure(what: str, channel_id: int, error: BaseException) -> None:
    """A message the bot posts on its own could not be sent. Only a refusal is something an admin can
    act on; a deleted message or channel, or Discord being down for a moment, is not."""
    if isinstance(error, discord.Forbidden):
        log.warning("could not %s: Discord refused (%s). Check the bot's permissions in channel %s "
                    "(View Channel, Send Messages, Attach Files).", what, refused_how(error), channel_id)
    elif refusal(error) is not None:
        log.warning("could not %s in channel %s: Discord refused (%s)", what, channel_id, refused_how(error))
    else:
        log.info("could not %s in channel %s: %s", what, channel_id, error or type(error).__name__)


class Poster:
    """Posts changes, clears their notes, and takes over notes whose posters did not."""

    def __init__(self, client: discord.Client, service: MatchService, renders: Workers,
                 then: Callable[..., None]):
        self.client = client
        self.service = service
        self.renders = renders
        self.then = then  # what follows a match's change once it is shown: then(match, owed) (a computer's move)
        self._posting: dict[int, asyncio.Future[bool]] = {}  # notes whose posts this process is making: whether made
        self._reposting: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self._shown_as: dict[int, int] = {}  # the last SHOWN_KEPT notes shown by this process: their messages' ids
        self.live = LiveBoards(self)  # the one board message of each live match

    def channel(self, channel_id: int, note: int | None) -> Send:
        """A channel's send for the change of `note`: with the note as the message's nonce, a second
        post of that change (a retry, another process taking the note over) is the first message."""
        send = self.client.get_partial_messageable(channel_id).send
        if note is None:
            return send

        async def post(*args, **kwargs) -> discord.Message:
            return await send(*args, nonce=f"note-{note}", **kwargs)
        return post

    async def show(self, to: Send | Reply, content: str, change: MatchChange, *, latest: bool = True, notify: bool = True,
                   sent: Callable[[discord.Message | None], Awaitable[None]] | None = None,
                   owed: bool = False) -> discord.Message | None:
        """A match's board for everyone through `to` (a send, or an interaction's reply), with its
        buttons, pinging whoever is to move (everyone once it is over) unless it is not the `latest`
        change or must not `notify`; then `sent` is told what was posted, its note is cleared and, for
        the latest change, what follows happens (`owed`: left over from before). A post that failed for
        a reason that may pass is tried again soon (NotShown says so). A live match's board is one
        message, edited (bot.discord.live_board)."""
        match = change.match
        if match.live:
            return await self.live.show(to, content, change, owed=owed)
        send = await self._in_order(to, change)
        mentions = pings(*awaited(match)) if latest and notify else discord.AllowedMentions.none()
        message = await self._post(change.note, send, content, file=await board_file(match, self.renders),
                                   view=board_view(match), allowed_mentions=mentions)
        if sent is not None:
            await sent(message)
        board = (match.id, match.stamp, message.id) if message is not None and match.status == MatchStatus.ACTIVE else None
        await self.service.posted(change.note, board)
        if latest:
            self.then(match, owed)
        return message

    async def show_in_channel(self, content: str, change: MatchChange) -> discord.Message | None:
        """`show` in the match's channel: a change no interaction answers for."""
        return await self.show(self.channel(change.match.channel_id, change.note), content, change)

    async def show_unseen(self, content: str, change: MatchChange, what: str) -> bool:
        """Post a change made outside any interaction (a computer's move, a time-out), already stored;
        whether it was shown. A post that failed for a reason that may pass (Discord down, the bot
        restarting) is tried again by whichever process finds its note due."""
        return await self._unasked(self.show_in_channel(content, change), change.match, what)

    async def remind(self, change: MatchChange) -> bool:
        """Mention the player to move that most of their turn is gone, in the match's channel, once; then
        clear the reminder's note. Whether it was shown (else its note falls due and it is tried again)."""
        return await self._mention_to_move(change, text.reminder_text(change.match), "the reminder")

    async def low_time(self, change: MatchChange) -> bool:
        """Warn the player to move in a live match that their clock is low, mentioning them, once; then
        clear the warning's note. Whether it was shown (else its note falls due and it is tried again)."""
        words = low_time_text(change.match, self.service.clock())
        return await self._mention_to_move(change, words, "the low-time warning")

    async def _mention_to_move(self, change: MatchChange, words: str, what: str) -> bool:
        """`words` mentioning the player to move, in the match's channel, with the change's note as nonce;
        then the note cleared. Whether it was shown (else its note falls due and it is tried again)."""
        match = change.match
        return await self._unasked(self.say(self.channel(match.channel_id, change.note), words, change,
                                            pings(match.to_move)), match, what)

    @staticmethod
    async def _unasked(post: Awaitable[Any], match: Match, what: str) -> bool:
        """Make a post nobody asked for (no interaction to answer): whether it was shown. A failure that
        may pass is logged briefly (the note is tried again); others with the channel's details."""
        try:
            await post
        except NotShown:
            log.info("Discord did not take %s in match %s; trying again soon", what, match.id)
            return False
        except discord.HTTPException as error:
            log_post_failure(f"post {what} in match {match.id}", match.channel_id, error)
            return False
        return True

    async def say(self, to: Send | Reply, content: str, change: MatchChange, mentions: discord.AllowedMentions,
                  view: discord.ui.View | None = None) -> None:
        """A change of `match` shown in words only (a draw offer), with the buttons of `view` if any,
        then its note cleared."""
        extra = {"view": view} if view is not None else {}
        await self._post(change.note, await self._in_order(to, change), content, allowed_mentions=mentions, **extra)
        await self.service.posted(change.note)

    async def ask_takeback(self, to: Send | Reply, change: MatchChange, seat: int) -> None:
        """`seat`'s request to take its move back, pinging the opponent, with Accept and Decline."""
        match = change.match
        await self.say(to, text.takeback_text(Takeback(match, seat, "asked")), change, pings(match.seats[1 - seat]),
                       view=takeback_view(match))

    async def _in_order(self, to: Send | Reply, change: MatchChange) -> Send:
        """The send for the change of `match`, after its earlier changes not shown yet, so that the channel
        reads in order. An interaction's "thinking…" placeholder older than their messages is taken back,
        and the change posted in the channel, below them."""
        below = await self._earlier(change)
        if not isinstance(to, Reply):
            return to
        if below and await to.withdraw(below):
            return self.channel(change.match.channel_id, change.note)
        return to.send

    async def _earlier(self, change: MatchChange) -> int:
        """Show the match's earlier changes not shown yet (after their posts on their way here, if any);
        the id of the newest message that shows one of them (0: none). A change shown by another process
        may be anywhere in the channel: it counts as the newest of all."""
        if not change.earlier:
            return 0
        for note in change.earlier:
            making = self._posting.get(note)
            if making is not None:
                await asyncio.shield(making)
        left = [note for note in change.earlier if note not in self._shown_as]
        for notice in await self.service.take_notices(left) if left else ():
            while not await self._reposted(notice):  # its reply may still come: wait for it
                pass
        return max(self._shown_as.get(note, NEWEST) for note in change.earlier)

    async def posted_challenge(self, send: Send, change: ChallengeChange) -> discord.Message | None:
        """A new challenge, with its buttons, pinging who was named; its message is remembered."""
        challenge = change.challenge
        message = await self._post(change.note, send, text.challenge_text(challenge), view=challenge_view(challenge),
                                   allowed_mentions=pings(*challenge.invited))
        if message is None:  # a private answer has no message to remember
            await self.service.posted(change.note)
            return None
        now = await self.service.set_challenge_message(challenge.id, message.id, change.note)
        if now.status != ChallengeStatus.OPEN:  # closed before its message id was stored: nobody updated it
            await self.refresh_challenge(now)
        return message

    async def refresh_challenge(self, challenge: Challenge, note: int | None = None) -> None:
        """Show a challenge's new status on its message, with the buttons disabled once it is closed;
        its change's `note` is cleared once shown (or once nothing can be shown)."""
        if challenge.message_id is not None:
            message = self.client.get_partial_messageable(challenge.channel_id).get_partial_message(challenge.message_id)
            try:
                await message.edit(content=text.challenge_text(challenge), view=challenge_view(challenge),
                                   allowed_mentions=discord.AllowedMentions.none())
            except Exception as error:
                if not await self.failed(note, error) and not isinstance(error, discord.HTTPException):
                    raise
                log_post_failure(f"update the message of challenge {challenge.id}", challenge.channel_id, error)
                return
        await self.service.posted(note)

    async def _post(self, note: int | None, send: Send, *args: Any, **kwargs: Any) -> discord.Message | None:
        """`send(*args, **kwargs)` for the change of `note`. If it fails for a reason that may pass, the
        note falls due again soon and NotShown says so."""
        try:
            with self._making(note) as made:
                message = await send(*args, **kwargs)
                made.set_result(True)
                self.seen(note, message)
                return message
        except Exception as error:
            if await self.failed(note, error):
                raise NotShown() from error
            raise

    def seen(self, note: int | None, message: discord.Message | None) -> None:
        """Remember which message shows the change of `note` (a newer change must come below it)."""
        if note is None or message is None:
            return
        self._shown_as[note] = message.id
        while len(self._shown_as) > SHOWN_KEPT:
            del self._shown_as[next(iter(self._shown_as))]

    @contextlib.contextmanager
    def _making(self, note: int | None) -> Iterator[asyncio.Future[bool]]:
        """While a post for `note` is on its way (Discord may be slow: rate limits, retries), the note is
        not taken over by this process's own sweep; the future says whether the post was made."""
        made: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        if note is not None:
            self._posting[note] = made
        try:
            yield made
        finally:
            if not made.done():
                made.set_result(False)
            if note is not None:
                self._posting.pop(note, None)

    async def failed(self, note: int | None, error: BaseException) -> bool:
        """A post for `note` failed: True when it will be tried again soon (that may help); else the note
        is dropped where nothing could show it (a channel that is gone or refuses the bot)."""
        if passing(error):
            await self.service.postpone(note, RETRY_SECONDS)
            return True
        if isinstance(error, discord.Forbidden) or (isinstance(error, discord.HTTPException) and error.code in UNSHOWABLE):
            await self.service.posted(note)
        # Anything else (a message or an interaction Discord no longer knows, 10008 or 10062) leaves the
        # note to fall due: it is then shown in the channel.
        return False

    # ------------------------------------------------------------------ notes that fell due

    async def repost(self, notice: Notice) -> None:
        """Show a change whose poster did not: posted, or found already posted, once."""
        if notice.id in self._posting or self.live.holds(notice.id):
            return  # its post is still on its way here; due again later if it does not get through
        await self._reposted(notice, wait=False)

    async def _reposted(self, notice: Notice, *, wait: bool = True) -> bool:
        """Show `notice` (see repost): False when its first reply may still come; with `wait`, after
        waiting for it (to be asked again)."""
        # One at a time in this process: several newer changes may want it shown first.
        async with self._reposting.setdefault(notice.id, asyncio.Lock()):
            if notice.id in self._shown_as:
                return True  # shown meanwhile
            return await self._repost(notice, wait)

    async def _repost(self, notice: Notice, wait: bool) -> bool:
        log.info("showing the %s of %s %s, stored but not shown before", notice.kind,
                 "match" if notice.match else "challenge", notice.challenge.id)
        try:
            if notice.match is None:
                await self._repost_challenge(notice)
            else:
                await self._repost_change(notice)
        except Later as later:
            if wait:
                await asyncio.sleep(later.seconds)
            return False
        except NotShown:
            log.info("Discord did not take the %s of %s %s; trying again soon", notice.kind,
                     "match" if notice.match else "challenge", notice.challenge.id)
        except discord.HTTPException as error:
            log_post_failure(f"show the {notice.kind} of challenge {notice.challenge.id}", notice.challenge.channel_id,
                             error)
        return True

    async def _repost_challenge(self, notice: Notice) -> None:
        challenge = notice.challenge
        if challenge.message_id is not None:
            await self.refresh_challenge(challenge, notice.id)
            return
        if challenge.status != ChallengeStatus.OPEN:  # closed before anyone saw it: its match, if any, has its own notes
            await self.service.posted(notice.id)
            return
        original = await self.original(notice)
        if original is not None and original.channel.id == challenge.channel_id and not original.flags.loading \
                and not original.flags.ephemeral:  # the reply was made after all: it is the challenge's message
            await self.service.set_challenge_message(challenge.id, original.id, notice.id)
            return
        await self.posted_challenge(self.channel(challenge.channel_id, notice.id), ChallengeChange(challenge, notice.id))

    async def _repost_change(self, notice: Notice) -> None:
        match = notice.match
        assert match is not None
        if notice.kind == NoticeKind.REMINDER:  # a reminder of a turn since played is no use
            if (current := await self.still_of_use(notice, match, lambda m: m.moves == match.moves)) is not None:
                await self.remind(current)
            return
        if notice.kind == NoticeKind.TAKEBACK_ASK:  # nor is a request the opponent answered or let lapse
            asking = notice.seat
            current = await self.still_of_use(notice, match, lambda m: asking is not None and m.takeback == asking)
            if current is not None and asking is not None:
                await self.ask_takeback(self.channel(match.channel_id, notice.id), current, asking)
            return
        if notice.kind == NoticeKind.START:
            await self.refresh_challenge(notice.challenge)
        if match.live:
            await self.live.repost(notice)
            return
        original = await self.original(notice)
        if original is not None and original.channel.id == match.channel_id and not original.flags.ephemeral \
                and not original.flags.loading and any(a.filename == board_name(match) for a in original.attachments):
            self.seen(notice.id, original)
            await self.service.posted(notice.id)  # the reply was made after all: nothing to add
            if notice.latest:
                self.then(match, True)
            return
        # Shown now, the turn of the player to move starts now (if it was not shown before after all:
        # a channel post whose nonce Discord already knows answers with the message made back then).
        told = replace(match, deadline=self.service.clock() + match.turn_seconds) if notice.latest and \
            match.status == MatchStatus.ACTIVE else match
        content = await self.notice_words(replace(notice, match=told))
        shown = MatchChange(told, note=notice.id, earlier=notice.earlier)

        async def sent(message: discord.Message | None) -> None:
            late = message is None or message.created_at.timestamp() - notice.created_at > LATE_SECONDS
            if late and told is not match:
                await self.service.shown_late(match)

        if original is not None and original.flags.loading and not original.flags.ephemeral \
                and not (notice.behind and await self.withdrawn(notice)):
            await self.show(self._fill_in(notice), content, shown, latest=notice.latest, notify=False, sent=sent,
                            owed=True)
            if notice.latest:
                await self._ping(notice, match)
            return
        await self.show(self.channel(match.channel_id, notice.id), content, shown, latest=notice.latest, sent=sent,
                        owed=True)

    async def notice_words(self, notice: Notice) -> str:
        """The words of a change shown late (a tournament game's start with its tournament's line)."""
        match = notice.match
        assert match is not None
        if notice.kind == NoticeKind.START and match.tournament_id is not None:
            tournament = await self.service.tournaments.get(match.tournament_id)
            return text.start_text(match, game_line(tournament, match.tournament_round or tournament.round))
        return text.notice_text(notice)

    async def still_of_use(self, notice: Notice, match: Match, still: Callable[[Match], bool]) -> MatchChange | None:
        """The notice's `match` now, with the notice's note, when the notice is its latest change and `still`
        holds for it; else None, the note cleared unshown."""
        current = await self.service.get_match(match.id)
        if notice.latest and current.status == MatchStatus.ACTIVE and still(current):
            return MatchChange(current, note=notice.id)
        await self.service.posted(notice.id)
        return None

    async def original(self, notice: Notice) -> discord.WebhookMessage | None:
        """The first reply of the interaction that was to show the notice, while its token lasts."""
        if notice.via is None:
            return None
        interaction_id, token = interaction_of(notice)
        age = self.service.clock() - discord.utils.snowflake_time(interaction_id).timestamp()
        if age > TOKEN_SECONDS:
            return None
        try:
            return await self._webhook(token).fetch_message("@original")  # type: ignore[arg-type]  # discord.py types message ids as int; Discord takes "@original" too
        except discord.NotFound:
            if age < REPLY_SETTLED:
                log.info("the reply to interaction %s may still be on its way; looking again in %.0f s",
                         interaction_id, REPLY_SETTLED - age)
                await self.service.postpone(notice.id, REPLY_SETTLED - age)
                raise Later(REPLY_SETTLED - age) from None
            return None
        except discord.HTTPException as error:
            if await self.failed(notice.id, error):
                raise NotShown() from error
            raise

    def _webhook(self, token: str) -> discord.Webhook:
        """The webhook of the interaction with `token`, which reaches its replies."""
        application_id = self.client.application_id
        if application_id is None:  # known from the login on, before any interaction
            raise RuntimeError("the bot has not logged in: it has no application to reach interactions through")
        return discord.Webhook.partial(application_id, token, client=self.client)

    async def withdrawn(self, notice: Notice) -> bool:
        """Take back the "thinking…" placeholder of the interaction that was to show the notice (the
        match's earlier changes will be posted below it): True once it is gone."""
        interaction_id, token = interaction_of(notice)
        delete = functools.partial(self._webhook(token).delete_message, "@original")  # type: ignore[arg-type]  # discord.py types message ids as int; Discord takes "@original" too
        return await taken_back(delete, interaction_id)

    def _fill_in(self, notice: Notice) -> Send:
        """The send that fills in an interaction's "thinking…" reply (an edit of it)."""
        webhook = self._webhook(interaction_of(notice)[1])

        async def edit(content: str, *, file: discord.File, **kwargs) -> discord.Message:
            return await webhook.edit_message("@original", content=content, attachments=[file], **kwargs)  # type: ignore[call-overload]  # discord.py types message ids as int; Discord takes "@original" too
        return edit

    async def _ping(self, notice: Notice, match: Match) -> None:
        """An edit notifies nobody: whoever the board was for is pinged by a message of its own."""
        people = [p for p in awaited(match) if not p.is_computer]
        if not people:
            return
        channel = self.client.get_partial_messageable(match.channel_id)
        try:
            await channel.send(see_above(p.id for p in people), allowed_mentions=pings(*people),
                               nonce=f"ping-{notice.id}")
        except discord.HTTPException as error:
            log_post_failure(f"ping the players of match {match.id}", match.channel_id, error)
