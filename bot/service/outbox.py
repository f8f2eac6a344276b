"""The outbox: notes of changes committed but not shown yet. The adapter posts a change and says so
(`posted`); a note whose poster did not is handed out again (`notices_due`), so that every change is
shown, once, in order, whichever process posts it.

A note is shown by one poster at a time. The task that makes a change holds its note from the moment
it is written, as does a task the note is handed out to, until the change is shown, the task ends, or
(the timer loop) it asks for the notes due anew. On PostgreSQL the process holds it too, by an advisory
lock that dies with the process (bot.db.postgres.PostgresStore.hold_note). A timer loop, this process's
or another's, passes over a note whose poster is alive, however slow its post (a board uploading,
Discord answering late), and takes it once the poster is gone or has let go: two posts of one change
at once, one as the interaction's reply and one in the channel, were two boards.
"""
from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Any

from bot.db import Row, Tx
from bot.models import Match, Notice
from bot.service import repository
from bot.service.core import ServiceCore
from rules.rebuild import rebuild

log = logging.getLogger(__name__)

SHOWN_FLUSH = 0.25  # seconds at most before the notes of changes shown are deleted, with no change to ride on
# How long a change waits for an earlier change of its match that another task or process is showing
# (so that the channel reads in order) before it is posted all the same.
EARLIER_WAIT = 30.0


class Outbox(ServiceCore):
    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self._held: dict[int, asyncio.Task] = {}  # the notes this process is showing, by the task showing each
        self._let_go: dict[int, asyncio.Event] = {}  # set when a held note is let go, for the tasks waiting for it
        self._holders: set[asyncio.Task] = set()  # the tasks holding notes (told when they end)
        self._shown_held: set[int] = set()  # notes of changes shown, held until they are deleted
        self._unlocks: set[asyncio.Task] = set()  # notes let go by tasks that ended, on their way to the store

    async def _note(self, db: Tx, kind: str, challenge_id: int, now: float, **details: Any) -> int | None:
        """ServiceCore._note, the new note held by the task that made the change: it shows the change."""
        note = await super()._note(db, kind, challenge_id, now, **details)
        if note is not None:
            await self._hold(note)
        return note

    # ------------------------------------------------------------------ holding notes

    async def _hold(self, note: int) -> bool:
        """Hold `note` for the current task, unless another task or process holds it (True if this task
        already does)."""
        task = asyncio.current_task()
        assert task is not None
        holder = self._held.get(note)
        if holder is not None:
            return holder is task
        self._held[note] = task  # before the store is asked: no other task here takes it meanwhile
        try:
            held = await self.store.hold_note(note)
        except BaseException:
            self._drop([note])
            raise
        if not held:
            self._drop([note])
            return False
        if task not in self._holders:
            self._holders.add(task)
            task.add_done_callback(self._task_ended)
        return True

    def _drop(self, notes: Iterable[int]) -> list[int]:
        """Let go of `notes` in this process (those it held), waking the tasks waiting for them."""
        dropped = []
        for note in notes:
            if self._held.pop(note, None) is not None:
                dropped.append(note)
            if (event := self._let_go.pop(note, None)) is not None:
                event.set()
        return dropped

    async def _release(self, notes: Iterable[int]) -> None:
        """Let go of `notes`, here and in the store (so that another process may show them)."""
        for note in self._drop(list(notes)):
            await self.store.release_note(note)

    def _held_by(self, task: asyncio.Task | None) -> list[int]:
        return [note for note, holder in self._held.items() if holder is task]

    def _task_ended(self, task: asyncio.Task) -> None:
        """A task that held notes ended (whatever became of its posts): what it still holds is let go,
        but for the notes of the changes it showed, let go once deleted."""
        self._holders.discard(task)
        dropped = self._drop([note for note in self._held_by(task) if note not in self._shown_held])
        if dropped:
            unlock = asyncio.get_running_loop().create_task(self._unlock(dropped))
            self._unlocks.add(unlock)
            unlock.add_done_callback(self._unlocks.discard)

    async def _unlock(self, notes: list[int]) -> None:
        try:
            for note in notes:
                await self.store.release_note(note)
        except Exception:  # the store is closing, or its claims connection was lost (and the holds with it)
            log.info("could not let go of notes %s in the store", notes, exc_info=True)

    async def _wait_free(self, note: int, until: float) -> bool:
        """Wait until no other task or process holds `note`, at most until `until` (monotonic clock)."""
        left = until - time.monotonic()
        if left <= 0:
            return False
        if note in self._held:  # another task of this process
            event = self._let_go.setdefault(note, asyncio.Event())
            try:
                await asyncio.wait_for(event.wait(), left)
            except TimeoutError:
                return False
            return True
        return await self.store.wait_note(note, left)

    # ------------------------------------------------------------------ shown, or not yet

    async def posted(self, note: int | None, board: tuple[int, int, int] | None = None) -> None:
        """The change of outbox note `note` has been shown. Its note is deleted with the next change, or
        SHOWN_FLUSH seconds later at the latest; were the bot to stop in between, the note's post is
        found already made (see bot.discord.posting) and nothing is shown twice. `board`, when the post
        carried the match's board, is (match id, its stamp, the message's id): /games links to it."""
        if note is not None:
            self._shown.append(note)
            self._shown_held.add(note)
        if board is not None:
            self._boards.append(board)
        if (note is not None or board is not None) and (self._flush is None or self._flush.done()):
            self._flush = asyncio.create_task(self._flush_shown())

    async def _flush_shown(self) -> None:
        # Changes shown while a flush is under way are flushed by it too, on its next round: one left
        # behind would wait for the next change, which may never come.
        while self._shown or self._boards:
            await asyncio.sleep(SHOWN_FLUSH)
            await self._delete_shown()
            await self._record_boards()
            await self._let_go_of_shown()

    async def _let_go_of_shown(self) -> None:
        """Let go of the notes of changes shown, now deleted (or deleted by a transaction on its way: a
        process that takes one over meanwhile finds its post made, and adds nothing). Those shown since
        the deletion began are still held, until their own."""
        waiting = set(self._shown)
        shown = self._shown_held - waiting
        self._shown_held &= waiting
        await self._release(shown)

    async def close(self) -> None:
        """Delete the notes of the changes shown (the bot is stopping), and let go of every note."""
        if self._flush is not None:
            self._flush.cancel()
        await self._delete_shown()
        await self._record_boards()
        await self._let_go_of_shown()
        await asyncio.gather(*self._unlocks, return_exceptions=True)
        await self._release(list(self._held))

    async def _record_boards(self) -> None:
        """Remember where the boards just posted are, in a transaction of their own that locks nothing
        else (a lost link only makes /games point at the channel instead)."""
        boards, self._boards = sorted(self._boards), []
        if not boards:
            return
        try:
            async with self.store.transaction() as db:
                await repository.set_board_messages(db, boards)
        except Exception:
            log.exception("could not remember where %d boards were posted", len(boards))

    async def _delete_shown(self) -> None:
        if self._shown:
            async with self._changing():  # deletes them, with nothing else to do
                pass

    async def postpone(self, note: int | None, seconds: float) -> None:
        """Try the note again in `seconds` (its post failed for a reason that may pass). Its poster still
        holds it, and may try again itself; once it lets go, any process may."""
        if note is None:
            return
        async with self._changing() as db:
            await repository.postpone_note(db, note, self.clock() + seconds)
        self.deadlines_changed.set()

    async def release_notes(self) -> None:
        """Make every note due now: at start-up, when this process alone uses the database (SQLite),
        any note there was left by its own previous run, whose posts are over."""
        if self.store.shared:
            return
        async with self._changing() as db:
            await repository.release_notes(db, self.clock())
        self.deadlines_changed.set()

    async def notices_due(self) -> list[Notice]:
        """The changes still to be shown whose poster stopped before posting them (or let go after Discord
        refused the post), oldest first, each held by the calling task (the timer loop, which lets go of
        what it was handed before). A note due whose poster is still at it is passed over; each note due
        is looked at again `note_grace` seconds later."""
        await self._release([note for note in self._held_by(asyncio.current_task()) if note not in self._shown_held])
        now = self.clock()
        async with self._changing() as db:  # (which also deletes the notes of changes shown)
            due = [row["id"] for row in await repository.due_notes(db, now)]
        mine = [note for note in due if await self._hold(note)]
        if len(mine) < len(due):
            await self._pass_over(set(due) - set(mine), now)
        notices = await self._taken(mine, now)
        self.deadlines_changed.set()
        return notices

    async def _pass_over(self, notes: set[int], now: float) -> None:
        """Notes due that another poster holds: looked at again `note_grace` seconds from now. Rows that
        another transaction has are skipped (it is showing or deleting them), so this never waits."""
        async with self._changing() as db:
            still = [row["id"] for row in await repository.due_notes(db, now) if row["id"] in notes]
            await repository.set_notes_due(db, still, now + self.note_grace)

    async def take_notices(self, notes: Sequence[int]) -> list[Notice]:
        """The notes `notes` that are still there (older changes of a match whose newer change is about
        to be shown: shown first, so that the channel reads in order), held as by notices_due. A note
        another task or process is showing just now is waited for, not shown twice at once: once shown
        it is gone, or found posted (see bot.discord.posting). One still held after EARLIER_WAIT seconds
        is left to its poster, and may then come after the newer change."""
        until, wanted = time.monotonic() + EARLIER_WAIT, sorted(notes)
        task = asyncio.current_task()
        while True:
            had = {note for note in wanted if self._held.get(note) is task}
            taken, busy = [], None
            for note in wanted:
                if not await self._hold(note):
                    busy = note
                    break
                taken.append(note)
            if busy is None:
                return await self._taken(taken, self.clock())
            # Never hold some while waiting for another: its poster may be waiting for one of them.
            await self._release(set(taken) - had)
            if not await self._wait_free(busy, until):
                wanted.remove(busy)

    async def _taken(self, notes: Sequence[int], now: float) -> list[Notice]:
        """The notices of `notes`, held by this task, that are still there (the others let go of), each
        due again `note_grace` seconds from now (should this task let go without showing it)."""
        if not notes:
            return []
        async with self._changing() as db:
            rows = await repository.notes_by_id(db, notes)
            await repository.set_notes_due(db, [row["id"] for row in rows], now + self.note_grace)
            notices = await self._claimed(db, rows)
        await self._release(set(notes) - {notice.id for notice in notices})
        return notices

    async def _claimed(self, db: Tx, rows: Sequence[Row]) -> list[Notice]:
        """The notices of notes held by this task, with what they are about."""
        if not rows:
            return []
        pending = await repository.notes_of_matches(db)  # each match's notes, oldest first
        notices = []
        matches: dict[int, Match] = {}  # each match once, however many of its notes there are
        for row in rows:
            challenge = await self._load_challenge(db, row["challenge_id"])
            match = None
            notes = pending.get(row["match_id"], [])
            latest = row["match_id"] is None or notes[-1] == row["id"]
            if row["match_id"] is not None:
                if row["match_id"] not in matches:
                    matches[row["match_id"]] = await self._load_match(db, row["match_id"])
                match = matches[row["match_id"]]
                if row["kind"] == "move" and row["version"] is not None and row["version"] < len(match.moves):
                    match = self.position_after(match, row["version"])
                match = replace(match, note=row["id"], earlier=tuple(n for n in notes if n < row["id"]))
            notices.append(Notice(
                id=row["id"], kind=row["kind"], challenge=challenge, match=match,
                seat=row["seat"], via=row["via"], created_at=row["created_at"], latest=latest, behind=bool(row["behind"]),
            ))
        return notices

    @staticmethod
    def position_after(match: Match, version: int) -> Match:
        """The match as it stood after its first `version` moves (for a change shown late)."""
        state = rebuild(match.rules, len(match.seats), match.options, match.seed, match.moves[:version])
        return replace(match, state=state, moves=match.moves[:version], status="active", outcome=None, ratings=(),
                       finished_at=None)

    async def first_delivery(self, key: int, at: float) -> bool:
        """Whether interaction `key` (made at `at`) is seen for the first time, by any process of the bot:
        one delivered twice (by Discord again, or to two processes) is handled once."""
        return await self.store.first_delivery(key, at)
