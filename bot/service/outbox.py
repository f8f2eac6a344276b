"""The outbox: notes of changes committed but not shown yet. The adapter posts a change and says so
(`posted`); a note whose poster did not is handed out again (`notices_due`), so that every change is
shown, once, in order, whichever process posts it. Which notes this process holds, and for whom, is
kept by bot.service.notes.Notes, which says how a note is shown by one poster at a time.
"""
from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Sequence
from dataclasses import replace

from bot.db import Row, Tx
from bot.models import Match, MatchStatus, Notice, NoticeKind
from bot.service import repository
from bot.service.context import Context
from rules.rebuild import rebuild

log = logging.getLogger(__name__)

SHOWN_FLUSH = 0.25  # seconds at most before the notes of changes shown are deleted, with no change to ride on
# How long a change waits for an earlier change of its match that another task or process is showing
# (so that the channel reads in order) before it is posted all the same.
EARLIER_WAIT = 30.0


class Outbox:
    """Notes of changes to show: posted, postponed, handed out when due, taken over."""

    def __init__(self, context: Context):
        self.context = context
        self.notes = context.notes
        self._boards: list[tuple[int, int, int]] = []  # boards posted (match, stamp, message), to remember
        self._flush: asyncio.Task | None = None

    # ------------------------------------------------------------------ shown, or not yet

    async def posted(self, note: int | None, board: tuple[int, int, int] | None = None) -> None:
        """The change of outbox note `note` has been shown. Its note is deleted with the next change, or
        SHOWN_FLUSH seconds later at the latest; were the bot to stop in between, the note's post is
        found already made (see bot.discord.posting) and nothing is shown twice. `board`, when the post
        carried the match's board, is (match id, its stamp, the message's id): /games links to it."""
        if note is not None:
            self.notes.mark_shown(note)
        if board is not None:
            self._boards.append(board)
        if (note is not None or board is not None) and (self._flush is None or self._flush.done()):
            self._flush = asyncio.create_task(self._flush_shown())

    async def _flush_shown(self) -> None:
        # Changes shown while a flush is under way are flushed by it too, on its next round: one left
        # behind would wait for the next change, which may never come.
        while self.notes.shown or self._boards:
            await asyncio.sleep(SHOWN_FLUSH)
            await self._delete_shown()
            await self._record_boards()
            await self.notes.let_go_of_shown()

    async def close(self) -> None:
        """Delete the notes of the changes shown (the bot is stopping), and let go of every note."""
        if self._flush is not None:
            self._flush.cancel()
        await self._delete_shown()
        await self._record_boards()
        await self.notes.let_go_of_shown()
        await self.notes.close()

    async def board_posted(self, board: tuple[int, int, int]) -> None:
        """Remember at once where a match's board was posted (match id, its stamp, the message's id): a
        live match's one board, which a process started after this one dies must go on editing."""
        async with self.context.store.transaction() as db:
            await repository.matches.set_board_messages(db, [board])

    async def _record_boards(self) -> None:
        """Remember where the boards just posted are, in a transaction of their own that locks nothing
        else (a lost link only makes /games point at the channel instead)."""
        boards, self._boards = sorted(self._boards), []
        if not boards:
            return
        try:
            async with self.context.store.transaction() as db:
                await repository.matches.set_board_messages(db, boards)
        except Exception:
            log.exception("could not remember where %d boards were posted", len(boards))

    async def _delete_shown(self) -> None:
        if self.notes.shown:
            async with self.notes.changing():  # deletes them, with nothing else to do
                pass
            # a match whose change was still unshown had its time-out, reminder or warning held back: due now
            self.context.deadlines_changed.set()

    async def postpone(self, note: int | None, seconds: float) -> None:
        """Try the note again in `seconds` (its post failed for a reason that may pass). Its poster still
        holds it, and may try again itself; once it lets go, any process may."""
        if note is None:
            return
        async with self.notes.changing() as db:
            await repository.outbox.postpone_note(db, note, self.context.clock() + seconds)
        self.context.deadlines_changed.set()

    async def release_notes(self) -> None:
        """Make every note due now: at start-up, when this process alone uses the database (SQLite),
        any note there was left by its own previous run, whose posts are over."""
        if self.context.store.shared:
            return
        async with self.notes.changing() as db:
            await repository.outbox.release_notes(db, self.context.clock())
        self.context.deadlines_changed.set()

    async def notices_due(self) -> list[Notice]:
        """The changes still to be shown whose poster stopped before posting them (or let go after Discord
        refused the post), oldest first, each held by the calling task (the timer loop, which lets go of
        what it was handed before). A note due whose poster is still at it is passed over; each note due
        is looked at again `grace` seconds later (Notes.grace)."""
        await self.notes.release([note for note in self.notes.held_by(asyncio.current_task())
                                  if note not in self.notes.shown_held])
        now = self.context.clock()
        async with self.notes.changing() as db:  # (which also deletes the notes of changes shown)
            due = [row["id"] for row in await repository.outbox.due_notes(db, now)]
        mine = [note for note in due if await self.notes.hold(note)]
        if len(mine) < len(due):
            await self._pass_over(set(due) - set(mine), now)
        notices = await self._taken(mine, now)
        self.context.deadlines_changed.set()
        return notices

    async def _pass_over(self, notes: set[int], now: float) -> None:
        """Notes due that another poster holds: looked at again `grace` seconds from now. Rows that
        another transaction has are skipped (it is showing or deleting them), so this never waits."""
        async with self.notes.changing() as db:
            still = [row["id"] for row in await repository.outbox.due_notes(db, now) if row["id"] in notes]
            await repository.outbox.set_notes_due(db, still, now + self.notes.grace)

    async def take_notices(self, notes: Sequence[int]) -> list[Notice]:
        """The notes `notes` that are still there (older changes of a match whose newer change is about
        to be shown: shown first, so that the channel reads in order), held as by notices_due. A note
        another task or process is showing just now is waited for, not shown twice at once: once shown
        it is gone, or found posted (see bot.discord.posting). One still held after EARLIER_WAIT seconds
        is left to its poster, and may then come after the newer change."""
        until, wanted = time.monotonic() + EARLIER_WAIT, sorted(notes)
        task = asyncio.current_task()
        while True:
            had = {note for note in wanted if self.notes.held.get(note) is task}
            taken, busy = [], None
            for note in wanted:
                if not await self.notes.hold(note):
                    busy = note
                    break
                taken.append(note)
            if busy is None:
                return await self._taken(taken, self.context.clock())
            # Never hold some while waiting for another: its poster may be waiting for one of them.
            await self.notes.release(set(taken) - had)
            if not await self.notes.wait_free(busy, until):
                wanted.remove(busy)

    async def _taken(self, notes: Sequence[int], now: float) -> list[Notice]:
        """The notices of `notes`, held by this task, that are still there (the others let go of), each
        due again `grace` seconds from now (should this task let go without showing it)."""
        if not notes:
            return []
        async with self.notes.changing() as db:
            rows = await repository.outbox.notes_by_id(db, notes)
            await repository.outbox.set_notes_due(db, [row["id"] for row in rows], now + self.notes.grace)
            notices = await self._claimed(db, rows)
        await self.notes.release(set(notes) - {notice.id for notice in notices})
        return notices

    async def _claimed(self, db: Tx, rows: Sequence[Row]) -> list[Notice]:
        """The notices of notes held by this task, with what they are about."""
        if not rows:
            return []
        pending = await repository.outbox.notes_of_matches(db)  # each match's notes, oldest first
        notices = []
        matches: dict[int, Match] = {}  # each match once, however many of its notes there are
        for row in rows:
            challenge = await self.context.load_challenge(db, row["challenge_id"])
            match = None
            notes = pending.get(row["match_id"], [])
            latest = row["match_id"] is None or notes[-1] == row["id"]
            kind = NoticeKind(row["kind"])
            if row["match_id"] is not None:
                if row["match_id"] not in matches:
                    matches[row["match_id"]] = await self.context.load_match(db, row["match_id"])
                match = matches[row["match_id"]]
                if kind == NoticeKind.MOVE and row["version"] is not None and row["version"] < len(match.moves):
                    match = self.position_after(match, row["version"])
            notices.append(Notice(
                id=row["id"], kind=kind, challenge=challenge, match=match, seat=row["seat"], via=row["via"],
                created_at=row["created_at"], latest=latest, behind=bool(row["behind"]),
                earlier=tuple(n for n in notes if n < row["id"]),
            ))
        return notices

    @staticmethod
    def position_after(match: Match, version: int) -> Match:
        """The match as it stood after its first `version` moves (for a change shown late), at the stamp
        it had then: each move since added one to it."""
        state = rebuild(match.rules, len(match.seats), match.options, match.seed, match.moves[:version])
        return replace(match, state=state, moves=match.moves[:version], status=MatchStatus.ACTIVE, outcome=None,
                       ratings=(), finished_at=None, stamp=match.stamp - (len(match.moves) - version))

    async def first_delivery(self, key: int, at: float) -> bool:
        """Whether interaction `key` (made at `at`) is seen for the first time, by any process of the bot:
        one delivered twice (by Discord again, or to two processes) is handled once."""
        return await self.context.store.first_delivery(key, at)
