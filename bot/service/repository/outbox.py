"""The outbox: notes of changes committed but not shown yet, each due at a time (when another poster
may take it over), and deleted once shown."""
from __future__ import annotations

from collections.abc import Iterable, Sequence

from bot.db import Row, Tx
from bot.models import NoticeKind


async def add_note(tx: Tx, *, kind: NoticeKind, challenge_id: int, match_id: int | None, version: int | None,
                   seat: int | None, via: str | None, due: float, now: float) -> int:
    """A note of a change to be shown, `behind` when the match has older notes still; its id."""
    return await tx.insert(
        "INSERT INTO outbox (match_id, challenge_id, kind, version, seat, via, behind, due, created_at)"
        " VALUES (?,?,?,?,?,?, CASE WHEN EXISTS (SELECT 1 FROM outbox WHERE match_id = ?) THEN 1 ELSE 0 END, ?,?)",
        match_id, challenge_id, kind, version, seat, via, match_id, due, now)


async def delete_note(tx: Tx, note: int) -> None:
    await tx.run("DELETE FROM outbox WHERE id = ?", note)


async def delete_notes(tx: Tx, notes: Iterable[int]) -> None:
    await tx.run_many("DELETE FROM outbox WHERE id = ?", [(note,) for note in notes])


async def note_ids(tx: Tx, match_id: int) -> tuple[int, ...]:
    """A match's notes, oldest first."""
    return tuple(r["id"] for r in await tx.all("SELECT id FROM outbox WHERE match_id = ? ORDER BY id", match_id))


async def notes_of_matches(tx: Tx) -> dict[int, list[int]]:
    """Each match's notes, oldest first."""
    pending: dict[int, list[int]] = {}
    for row in await tx.all("SELECT match_id, id FROM outbox WHERE match_id IS NOT NULL ORDER BY id"):
        pending.setdefault(row["match_id"], []).append(row["id"])
    return pending


async def due_notes(tx: Tx, now: float) -> list[Row]:
    """The notes due by `now`, oldest first, claimed by this process."""
    return await tx.all("SELECT * FROM outbox WHERE due <= ? ORDER BY id" + tx.claim, now)


async def notes_by_id(tx: Tx, ids: Sequence[int]) -> list[Row]:
    """The notes `ids` that are still there, oldest first, held until the transaction ends."""
    return await tx.all(f"SELECT * FROM outbox WHERE id IN ({', '.join('?' * len(ids))}) ORDER BY id" + tx.lock, *ids)


async def set_notes_due(tx: Tx, ids: Iterable[int], due: float) -> None:
    await tx.run_many("UPDATE outbox SET due = ? WHERE id = ?", [(due, note) for note in ids])


async def postpone_note(tx: Tx, note: int, due: float) -> None:
    await tx.run("UPDATE outbox SET due = ? WHERE id = ?", due, note)


async def release_notes(tx: Tx, now: float) -> None:
    """Every note due later than `now` due now."""
    await tx.run("UPDATE outbox SET due = ? WHERE due > ?", now, now)
