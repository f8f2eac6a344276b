"""The outbox: notes of changes committed but not shown yet. The adapter posts a change and says so
(`posted`); a note whose poster's time ran out is handed out again (`notices_due`), so that every
change is shown, once, in order, whichever process posts it."""
from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from dataclasses import replace

from bot.db import Row, Tx
from bot.models import Match, Notice
from bot.service import repository
from bot.service.core import ServiceCore
from rules.rebuild import rebuild

log = logging.getLogger(__name__)

SHOWN_FLUSH = 0.25  # seconds at most before the notes of changes shown are deleted, with no change to ride on


class Outbox(ServiceCore):
    async def posted(self, note: int | None, board: tuple[int, int, int] | None = None) -> None:
        """The change of outbox note `note` has been shown. Its note is deleted with the next change, or
        SHOWN_FLUSH seconds later at the latest; were the bot to stop in between, the note's post is
        found already made (see bot.discord.posting) and nothing is shown twice. `board`, when the post
        carried the match's board, is (match id, its stamp, the message's id): /games links to it."""
        if note is not None:
            self._shown.append(note)
        if board is not None:
            self._boards.append(board)
        if (note is not None or board is not None) and (self._flush is None or self._flush.done()):
            self._flush = asyncio.create_task(self._flush_shown())

    async def _flush_shown(self) -> None:
        await asyncio.sleep(SHOWN_FLUSH)
        await self._delete_shown()
        await self._record_boards()

    async def close(self) -> None:
        """Delete the notes of the changes shown (the bot is stopping)."""
        if self._flush is not None:
            self._flush.cancel()
        await self._delete_shown()
        await self._record_boards()

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
        """Try the note again in `seconds` (its post failed for a reason that may pass)."""
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
        """The changes still to be shown once their poster's time is up (it stopped before posting, or
        Discord refused the post), oldest first, each claimed for `note_grace` seconds by this process."""
        now = self.clock()
        async with self._changing() as db:
            rows = await repository.due_notes(db, now)
            notices = await self._claimed(db, rows, now)
        self.deadlines_changed.set()
        return notices

    async def take_notices(self, notes: Sequence[int]) -> list[Notice]:
        """The notes `notes` that are still there (older changes of a match whose newer change is about
        to be shown: shown first, so that the channel reads in order), claimed as by notices_due. A note
        another process is claiming just now is waited for, not skipped: shown by both, it is posted
        once (see bot.discord.posting), and before the newer change."""
        now = self.clock()
        async with self._changing() as db:
            rows = await repository.notes_by_id(db, notes)
            return await self._claimed(db, rows, now)

    async def _claimed(self, db: Tx, rows: Sequence[Row], now: float) -> list[Notice]:
        """Notes claimed for `note_grace` seconds, with what they are about."""
        if not rows:
            return []
        await repository.set_notes_due(db, [row["id"] for row in rows], now + self.note_grace)
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
        state = rebuild(match.game, len(match.seats), match.options, match.seed, match.moves[:version])
        return replace(match, state=state, moves=match.moves[:version], status="active", outcome=None, ratings=(),
                       finished_at=None)

    async def first_delivery(self, key: int, at: float) -> bool:
        """Whether interaction `key` (made at `at`) is seen for the first time, by any process of the bot:
        one delivered twice (by Discord again, or to two processes) is handled once."""
        return await self.store.first_delivery(key, at)
