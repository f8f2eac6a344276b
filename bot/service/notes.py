"""The outbox's bookkeeping in this process: the transaction every change runs in (which also deletes
the notes of changes shown since the last one), the note that says a change is to be shown, and which
notes this process holds.

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
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager

from bot.db import Store, Tx
from bot.models import NoticeKind
from bot.service import repository

log = logging.getLogger(__name__)

NOTE_GRACE = 60.0  # seconds a change's poster has before another process (or a retry) posts it


class Notes:
    """Notes of changes for the adapter to show and clear, where `enabled` (the Discord bot); the
    console shows every change itself, before it asks for the next, and keeps none. `grace`: the seconds
    a change's poster has before another process takes its note over."""

    def __init__(self, store: Store, *, enabled: bool = True, grace: float = NOTE_GRACE):
        self.store = store
        self.enabled = enabled
        self.grace = grace
        self.shown: list[int] = []  # notes of changes shown, deleted with the next transaction
        self.shown_held: set[int] = set()  # notes of changes shown, held until they are deleted
        self.held: dict[int, asyncio.Task] = {}  # the notes this process is showing, by the task showing each
        self.let_go: dict[int, asyncio.Event] = {}  # set when a held note is let go, for the tasks waiting for it
        self._holders: set[asyncio.Task] = set()  # the tasks holding notes (told when they end)
        self._unlocks: set[asyncio.Task] = set()  # notes let go by tasks that ended, on their way to the store

    @asynccontextmanager
    async def changing(self) -> AsyncIterator[Tx]:
        """A transaction of the store that also deletes the notes of the changes shown since the last
        one: no commit of its own for them (on SQLite, one fsync a move instead of two)."""
        shown, self.shown = sorted(self.shown), []  # rows locked in one order by every process: no deadlock
        try:
            async with self.store.transaction() as db:
                if shown:
                    await repository.outbox.delete_notes(db, shown)
                yield db
        except BaseException:
            self.shown[:0] = shown  # rolled back with the change: deleted with the next one
            raise

    async def add(self, db: Tx, kind: NoticeKind, challenge_id: int, now: float, *, match_id: int | None = None,
                  version: int | None = None, seat: int | None = None, via: str | None = None) -> int | None:
        """Note in the outbox, in the change's own transaction, that the change is to be shown; the
        caller gets the note's id back with the change, posts it, and clears it (Outbox.posted), and
        holds it meanwhile. `via`: the interaction whose first reply posts it, so that whoever takes the
        note over can tell whether that reply was made. The note says whether earlier changes of the
        match were not shown yet (`behind`: the match still has notes)."""
        if not self.enabled:
            return None
        note = await repository.outbox.add_note(db, kind=kind, challenge_id=challenge_id, match_id=match_id,
                                                version=version, seat=seat, via=via, due=now + self.grace, now=now)
        await self.hold(note)
        return note

    def mark_shown(self, note: int) -> None:
        """The change of `note` was shown: its note is deleted with the next transaction, and held until then."""
        self.shown.append(note)
        self.shown_held.add(note)

    async def let_go_of_shown(self) -> None:
        """Let go of the notes of changes shown, now deleted (or deleted by a transaction on its way: a
        process that takes one over meanwhile finds its post made, and adds nothing). Those shown since
        the deletion began are still held, until their own."""
        waiting = set(self.shown)
        shown = self.shown_held - waiting
        self.shown_held &= waiting
        await self.release(shown)

    async def close(self) -> None:
        """Let go of every note, once those let go by tasks that ended are."""
        await asyncio.gather(*self._unlocks, return_exceptions=True)
        await self.release(list(self.held))

    # ------------------------------------------------------------------ holding notes

    async def hold(self, note: int) -> bool:
        """Hold `note` for the current task, unless another task or process holds it (True if this task
        already does)."""
        task = asyncio.current_task()
        assert task is not None
        holder = self.held.get(note)
        if holder is not None:
            return holder is task
        self.held[note] = task  # before the store is asked: no other task here takes it meanwhile
        try:
            held = await self.store.hold_note(note)
        except BaseException:
            self.drop([note])
            raise
        if not held:
            self.drop([note])
            return False
        if task not in self._holders:
            self._holders.add(task)
            task.add_done_callback(self._task_ended)
        return True

    def drop(self, notes: Iterable[int]) -> list[int]:
        """Let go of `notes` in this process (those it held), waking the tasks waiting for them."""
        dropped = []
        for note in notes:
            if self.held.pop(note, None) is not None:
                dropped.append(note)
            if (event := self.let_go.pop(note, None)) is not None:
                event.set()
        return dropped

    async def release(self, notes: Iterable[int]) -> None:
        """Let go of `notes`, here and in the store (so that another process may show them)."""
        for note in self.drop(list(notes)):
            await self.store.release_note(note)

    def held_by(self, task: asyncio.Task | None) -> list[int]:
        return [note for note, holder in self.held.items() if holder is task]

    def _task_ended(self, task: asyncio.Task) -> None:
        """A task that held notes ended (whatever became of its posts): what it still holds is let go,
        but for the notes of the changes it showed, let go once deleted."""
        self._holders.discard(task)
        dropped = self.drop([note for note in self.held_by(task) if note not in self.shown_held])
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

    async def wait_free(self, note: int, until: float) -> bool:
        """Wait until no other task or process holds `note`, at most until `until` (monotonic clock)."""
        left = until - time.monotonic()
        if left <= 0:
            return False
        if note in self.held:  # another task of this process
            event = self.let_go.setdefault(note, asyncio.Event())
            try:
                await asyncio.wait_for(event.wait(), left)
            except TimeoutError:
                return False
            return True
        return await self.store.wait_note(note, left)
