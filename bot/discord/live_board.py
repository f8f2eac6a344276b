"""A live match's one board message (a match on a game clock): posted at the start, then edited after
every change that shows a board, with the player to move pinged by a short message of its own that is
deleted once they have moved.

Coalescing. Each match has, in this process, one editing task at a time and one change waiting for it:
a change shown while an edit is on its way (Discord's rate limits on edits, a slow upload) waits, and
one newer still takes its place, so the next edit shows the newest change known and the one it replaced
counts as shown by it (its note is marked posted then). Changes are ordered by (Match.stamp, note): a
change older than the one the board shows is never edited over it. discord.py waits out 429s itself.

Restart. The board message is remembered by the store (`MatchService.posted` with the board: the
match's `board_message`), and the note of a change not shown falls due: `repost` edits the board to
the match as it now stands if the note is the match's latest (older ones are just marked posted), so a
new process goes on editing the same message. A board message that is gone (deleted, or unknown) is
posted afresh, saying so.
"""
from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

import discord

import i18n
from bot.discord import messages as text
from bot.discord.board_layout import awaited, board_file, board_name, live_view, pings
from bot.discord.clock_text import ping_text
from bot.discord.replies import Reply, passing
from bot.errors import NotShown
from bot.models import Match, MatchChange, MatchStatus, MoveResult, Notice, NoticeKind
from bot.move_list import recent_lines
from i18n import _

if TYPE_CHECKING:
    from bot.discord.posting import Poster, Send

log = logging.getLogger(__name__)

# Changes that show a board (the others are words of their own: a draw offered, a takeback declined).
BOARD_KINDS = frozenset({NoticeKind.START, NoticeKind.MOVE, NoticeKind.DRAW, NoticeKind.RESIGN, NoticeKind.TIMEOUT,
                         NoticeKind.TAKEBACK})
OVER_KEPT = 1000  # finished live boards remembered
REMADE = frozenset({10008, 50005})  # the board message is gone, or one the bot cannot edit: post a fresh one


@dataclass
class Pending:
    """A change waiting to be shown on the board: its words, its order (stamp, note), where a board not
    posted yet goes (`to`), and the notes and waiters of the changes it stands for."""

    change: MatchChange
    words: str
    key: tuple[int, int]
    owed: bool = False
    to: Send | Reply | None = None
    notes: list[int] = field(default_factory=list)
    waiting: list[asyncio.Future[discord.Message | None]] = field(default_factory=list)


@dataclass
class Board:
    """One live match's board in this process: its message, what it shows, what waits to be shown."""

    message_id: int | None = None
    shown: tuple[int, int] | None = None
    pending: Pending | None = None
    task: asyncio.Task | None = None
    notes: set[int] = field(default_factory=set)  # the notes waiting or on their way here
    over: bool = False  # it shows the end of the match


def brief(change: MatchChange, words: str, to: Reply) -> str:
    """The private answer to the player whose command changed a live match (a move in their own language;
    else the change's words, as the channel reads them): the board shows the rest."""
    if isinstance(change, MoveResult):
        with i18n.speaking(to.interaction.locale.value):
            return _("✅ You played **{move}**.", move=change.notation)
    return words


def started(match: Match) -> bool:
    """Whether a change of the match is its start: the first board, which pings the player to move itself."""
    return match.stamp == 0 and match.status == MatchStatus.ACTIVE


class LiveBoards:
    """The live boards of the matches this process shows changes of (see the module docstring)."""

    def __init__(self, poster: Poster):
        self.poster = poster
        self.client = poster.client
        self.service = poster.service
        self.renders = poster.renders
        self._boards: dict[int, Board] = {}
        # Finished matches whose boards are still remembered, oldest first: a change of one shown late
        # here (its caller slow to get to it) must not be edited over the end.
        self._over: dict[int, None] = {}

    def holds(self, note: int) -> bool:
        """Whether the change of `note` is waiting or on its way to a board here."""
        return any(note in board.notes for board in self._boards.values())

    async def show(self, to: Send | Reply | None, words: str, change: MatchChange, *,
                   owed: bool = False) -> discord.Message | None:
        """Show `change` on its match's board (edited; posted through `to` when there is none yet), then
        ping the player to move; the message, or None when a newer change was shown instead. An
        interaction's reply (`to`) is answered privately and briefly at once when the board exists.
        NotShown when Discord did not take it for a reason that may pass (its note falls due)."""
        match = change.match
        board = self._boards.setdefault(match.id, Board())
        if board.message_id is None:
            board.message_id = match.board_message
        if isinstance(to, Reply) and board.message_id is not None:
            await self._answer(to, change, words)
            to = None
        note = change.note
        key = (match.stamp, note or 0)
        if board.shown is not None and key <= board.shown:  # the board already shows a newer change
            await self._answer(to, change, words)
            await self.service.posted(note)
            return None
        # From here to the waiting, nothing is awaited: the editing task sees the change whole.
        answer: list[tuple[Send | Reply, MatchChange, str]] = []
        before = board.pending
        if before is None or key > before.key:
            pending = Pending(change, words, key, owed, to or (before.to if before is not None else None))
            if before is not None:
                pending.notes += before.notes
                pending.waiting += before.waiting
                if before.to is not None and to is not None:
                    answer.append((before.to, before.change, before.words))
            board.pending = pending
        else:  # a newer change already waits: it shows this one too
            pending = before
            if to is not None:
                answer.append((to, change, words))
        if note is not None:
            pending.notes.append(note)
            board.notes.add(note)
        waiter: asyncio.Future[discord.Message | None] = asyncio.get_running_loop().create_future()
        pending.waiting.append(waiter)
        if board.task is None or board.task.done():
            board.task = asyncio.create_task(self._edits(match.id, board), name=f"live-board-{match.id}")
        for reply, changed, said in answer:
            await self._answer(reply, changed, said)
        return await waiter

    async def _answer(self, to: Send | Reply | None, change: MatchChange, words: str) -> None:
        """Answer an interaction whose change a board shows (an edit), privately and briefly (a failure is
        only logged: the change is made, and the board shows it)."""
        if not isinstance(to, Reply):
            return
        try:
            await to.send(brief(change, words, to), ephemeral=True, allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException as error:
            log.info("could not answer interaction %s: %s", to.interaction.id, error)

    async def _edits(self, match_id: int, board: Board) -> None:
        """Show the newest change waiting, until none is: one edit at a time."""
        while (pending := board.pending) is not None:
            board.pending = None
            try:
                message = await self._show(board, pending)
            except BaseException as error:
                for waiter in pending.waiting:
                    if not waiter.done():
                        waiter.set_exception(error)
                if isinstance(error, asyncio.CancelledError):
                    raise
                continue
            finally:
                board.notes.difference_update(pending.notes)
            for waiter in pending.waiting:
                if not waiter.done():
                    waiter.set_result(message)
        if board.over and match_id not in self._over:
            self._over[match_id] = None
            while len(self._over) > OVER_KEPT:  # the oldest finished ones: nothing more comes of them
                gone = next(iter(self._over))
                del self._over[gone]
                if (old := self._boards.get(gone)) is not None and old.pending is None:
                    del self._boards[gone]

    async def _show(self, board: Board, pending: Pending) -> discord.Message | None:
        """Edit the board (or post it) to show `pending`, then note it shown, start the clock of the
        player to move and ping them."""
        match = pending.change.match
        if board.shown is not None and pending.key <= board.shown:
            await self._shown_notes(pending, None)
            await self._answer(pending.to, pending.change, pending.words)
            return None
        try:
            message, first = await self._drawn(board, pending)
        except Exception as error:
            if await self._failed(pending.notes, error):
                raise NotShown() from error
            raise
        if first and pending.to is not None and message is None:  # posted privately: nothing to edit later
            await self._shown_notes(pending, None)
            return None
        assert message is not None
        if message.id != board.message_id:  # a board message of its own: stored now, not with the next flush
            await self.service.board_posted((match.id, match.stamp, message.id))
        board.message_id, board.shown = message.id, pending.key
        current = match
        if match.status == MatchStatus.ACTIVE and match.clock is not None:
            at = (message.edited_at or message.created_at).timestamp()
            current = await self.service.board_shown(match, at)
        board.over = match.status == MatchStatus.FINISHED
        # The ping before the notes are cleared: a process that dies in between shows the change again,
        # and the ping's nonce makes it the same message.
        await self._ping(current, pending.change.note, pinged=first)
        await self._shown_notes(pending, message)
        self.poster.then(match, pending.owed)
        return message

    async def _drawn(self, board: Board, pending: Pending) -> tuple[discord.Message | None, bool]:
        """The board drawn and edited into its message, or posted (through `pending.to` for the first
        board; in the channel, saying so, for one that could not be edited): the message, and whether
        it was the match's first board (which pings by itself)."""
        match = pending.change.match
        now = self.service.clock()
        file = await board_file(match, self.renders, now)
        moves = recent_lines((await self.service.moves_played(match))[:len(match.moves)])
        if board.message_id is not None:
            edit = self.client.get_partial_messageable(match.channel_id).get_partial_message(board.message_id)
            try:
                return await edit.edit(attachments=[file], view=live_view(match, pending.words, file, moves, now),
                                       allowed_mentions=discord.AllowedMentions.none()), False
            except discord.HTTPException as error:
                if error.code not in REMADE:
                    raise
                log.info("the live board of match %s could not be edited (%s); posting a fresh one", match.id,
                         error.code)
                file.reset()
        first = started(match) and board.message_id is None
        to = pending.to if pending.to is not None else self.poster.channel(match.channel_id, pending.change.note)
        send = to.send if isinstance(to, Reply) else to
        view = live_view(match, pending.words, file, moves, now, moved=not first)
        mentions = pings(*awaited(match)) if first else discord.AllowedMentions.none()
        return await send(None, file=file, view=view, allowed_mentions=mentions), first

    async def _failed(self, notes: Sequence[int], error: BaseException) -> bool:
        """An edit or post failed: whether it may pass (its notes are tried again soon); see Poster.failed."""
        again = False
        for note in notes:
            again = await self.poster.failed(note, error) or again
        return again or passing(error)

    async def _shown_notes(self, pending: Pending, message: discord.Message | None) -> None:
        match = pending.change.match
        for note in pending.notes:
            board = (match.id, match.stamp, message.id) if message is not None and note == pending.change.note else None
            self.poster.seen(note, message)  # a change to come after it in the channel comes below its board
            await self.service.posted(note, board)

    async def _ping(self, match: Match, note: int | None, *, pinged: bool) -> None:
        """After a change is shown: the player to move is pinged by a short message (unless the board
        itself pinged them), the result pings everyone once it is over, and the ping before is deleted."""
        channel = self.client.get_partial_messageable(match.channel_id)

        async def say(words: str, mentions: discord.AllowedMentions) -> discord.Message:
            if note is None:
                return await channel.send(words, allowed_mentions=mentions)
            return await channel.send(words, allowed_mentions=mentions, nonce=f"ping-{note}")

        posted: int | None = None
        try:
            if match.status == MatchStatus.FINISHED:
                await say(text.result_text(match), pings(*match.seats))
            elif not pinged and match.to_move is not None and not match.to_move.is_computer:
                posted = (await say(ping_text(match, self.service.clock()), pings(match.to_move))).id
        except discord.HTTPException as error:
            log.info("could not ping the players of match %s in channel %s: %s", match.id, match.channel_id, error)
        previous = await self.service.live_ping(match.id, posted)
        if previous is not None and previous != posted:
            try:
                await channel.get_partial_message(previous).delete()
            except discord.NotFound:
                pass  # deleted already
            except discord.HTTPException as error:
                log.info("could not delete the ping %s of match %s: %s", previous, match.id, error)

    # ------------------------------------------------------------------ notes that fell due

    async def repost(self, notice: Notice) -> None:
        """Show a live match's change whose poster did not: the board edited to the match as it now stands
        when the note is the match's latest (older ones are just marked posted); a draw offered or a
        takeback declined in words, while still of use."""
        match = notice.match
        assert match is not None
        if notice.kind == NoticeKind.LOW_TIME:  # a warning of a turn since played is no use
            still = await self.poster.still_of_use(notice, match, lambda m: m.stamp == match.stamp)
            if still is not None:
                await self.poster.low_time(still)
            return
        if notice.kind not in BOARD_KINDS:
            await self._repost_words(notice, match)
            return
        if not notice.latest:
            await self.service.posted(notice.id)
            return
        original = await self.poster.original(notice)
        if original is not None and original.flags.loading and not original.flags.ephemeral:
            await self.poster.withdrawn(notice)  # a "thinking…" left behind: the board says it
        current = await self.service.get_match(match.id)
        board = self._boards.get(current.id)
        if original is not None and notice.kind == NoticeKind.START and current.board_message is None \
                and (board is None or board.message_id is None) and not original.flags.loading \
                and not original.flags.ephemeral and any(a.filename == board_name(current) for a in original.attachments):
            self._boards.setdefault(current.id, Board()).message_id = original.id  # the reply was made after all
            await self.service.posted(notice.id, (current.id, current.stamp, original.id))
            self.poster.then(current, True)
            return
        words = await self.poster.notice_words(replace(notice, match=current))
        await self.show(self.poster.channel(current.channel_id, notice.id), words,
                        MatchChange(current, note=notice.id), owed=True)

    async def _repost_words(self, notice: Notice, match: Match) -> None:
        """A draw offer or a declined takeback shown late: in words, pinging whom it concerns, while it is
        the match's latest change and still stands."""
        seat = notice.seat if notice.seat is not None else 0
        if notice.kind == NoticeKind.OFFER:
            still = await self.poster.still_of_use(notice, match, lambda m: m.draw_offer == seat)
            whom = (still.match.seats[1 - seat],) if still is not None else ()
        else:
            still = await self.poster.still_of_use(notice, match, lambda m: m.stamp == match.stamp)
            whom = (match.seats[seat],)
        if still is not None:
            words = text.notice_text(replace(notice, match=still.match))
            await self.poster.say(self.poster.channel(match.channel_id, notice.id), words, still, pings(*whom))
