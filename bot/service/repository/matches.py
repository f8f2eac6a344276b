"""Matches: started, their rows read (and locked to be changed, with the notes of their changes not
shown yet), their seats and moves, every change of a match in play (a move, a takeback, a draw offer, a
player leaving) and a match removed."""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from bot.db import Row, Tx
from bot.game_clock import GameClock
from bot.models import LOCAL_GUILD, MatchStatus
from bot.service.repository.outbox import note_ids
from bot.service.repository.players import LAST_COMPUTER_ID

ACTIVE = MatchStatus.ACTIVE
# A match about to change, with the first of its outbox notes (changes not shown yet), if any.
CHANGING = "SELECT m.*, (SELECT min(o.id) FROM outbox o WHERE o.match_id = m.id) AS pending FROM matches m"


@dataclass(frozen=True)
class Locked:
    """A match's row held until the transaction ends (the caller will change it), with the notes of the
    match's changes not shown yet, oldest first: a change made now is shown after them."""

    row: Row
    unshown: tuple[int, ...]


async def add_match(tx: Tx, *, match_id: int, guild_id: int, channel_id: int, game: str, options: str, seed: int,
                    players: int, turn_seconds: int, deadline: float | None, now: float,
                    clock: tuple[int, int] | None = None) -> None:
    """A match started now (`options` as JSON; `clock`: a live match's seconds each and increment, its
    seats' clocks then set by save_clock)."""
    seconds, increment = clock if clock is not None else (None, 0)
    await tx.run(
        "INSERT INTO matches (id, guild_id, channel_id, game, options, seed, players, status, turn_seconds,"
        f" deadline, started_at, clock_seconds, clock_increment) VALUES (?,?,?,?,?,?,?, '{ACTIVE}', ?, ?, ?, ?, ?)",
        match_id, guild_id, channel_id, game, options, seed, players, turn_seconds, deadline, now, seconds, increment,
    )


async def add_seats(tx: Tx, match_id: int, user_ids: Iterable[int]) -> None:
    """The seats of a new match, in order."""
    await tx.run_many(
        "INSERT INTO seats (match_id, seat, user_id) VALUES (?,?,?)",
        [(match_id, seat, uid) for seat, uid in enumerate(user_ids)],
    )


async def match_row(tx: Tx, match_id: int) -> Row | None:
    """A match's row."""
    return await tx.one("SELECT * FROM matches WHERE id = ?", match_id)


async def locked_match(tx: Tx, match_id: int) -> Locked | None:
    """A match's row, locked to be changed, with its notes not shown yet."""
    return await _locked(tx, await tx.one(CHANGING + " WHERE m.id = ?" + tx.lock, match_id))


async def active_match_row(tx: Tx, channel_id: int) -> Row | None:
    """The row of a channel's active match."""
    return await tx.one(f"SELECT * FROM matches WHERE channel_id = ? AND status = '{ACTIVE}'", channel_id)


async def locked_active_match(tx: Tx, channel_id: int) -> Locked | None:
    """A channel's active match's row, as locked_match."""
    return await _locked(tx, await tx.one(CHANGING + f" WHERE m.channel_id = ? AND m.status = '{ACTIVE}'" + tx.lock,
                                          channel_id))


async def _locked(tx: Tx, row: Row | None) -> Locked | None:
    if row is None:
        return None
    return Locked(row, () if row["pending"] is None else await note_ids(tx, row["id"]))


async def has_active_match(tx: Tx, channel_id: int) -> bool:
    return await tx.one(f"SELECT 1 FROM matches WHERE channel_id = ? AND status = '{ACTIVE}'", channel_id) is not None


async def seat_rows(tx: Tx, match_id: int) -> list[Row]:
    """A match's seats with their players' names, in order."""
    return await tx.all(
        "SELECT s.*, p.name FROM seats s JOIN players p USING (user_id) WHERE match_id = ? ORDER BY seat",
        match_id,
    )


async def played_moves(tx: Tx, match_id: int) -> tuple[str, ...]:
    """A match's moves, in the order played."""
    rows = await tx.all("SELECT notation FROM moves WHERE match_id = ? ORDER BY ply", match_id)
    return tuple(r["notation"] for r in rows)


async def latest_match_id(tx: Tx, channel_id: int) -> int | None:
    """The channel's active match, or else the one started last."""
    row = await tx.one(
        f"SELECT id FROM matches WHERE channel_id = ? ORDER BY status = '{ACTIVE}' DESC, id DESC LIMIT 1",
        channel_id,
    )
    return None if row is None else row["id"]


async def active_match_ids(tx: Tx, guild_id: int) -> list[int]:
    """A server's active matches, the one moved in last first (a match without moves counts from its start)."""
    rows = await tx.all(
        f"SELECT m.id FROM matches m WHERE m.guild_id = ? AND m.status = '{ACTIVE}' ORDER BY"
        " coalesce((SELECT max(played_at) FROM moves WHERE match_id = m.id), m.started_at) DESC, m.id DESC",
        guild_id,
    )
    return [row["id"] for row in rows]


async def running_match_ids(tx: Tx, guild_id: int, user_id: int) -> list[int]:
    """The active matches in a server where `user_id` holds a seat they have not left, the soonest
    deadline first (a match without one last)."""
    rows = await tx.all(
        f"SELECT m.id FROM matches m WHERE m.guild_id = ? AND m.status = '{ACTIVE}' AND EXISTS (SELECT 1 FROM seats s"
        " WHERE s.match_id = m.id AND s.user_id = ? AND s.stand_in IS NULL)"
        " ORDER BY m.deadline IS NULL, m.deadline, m.id",
        guild_id, user_id,
    )
    return [row["id"] for row in rows]


async def set_board_messages(tx: Tx, boards: Sequence[tuple[int, int, int]]) -> None:
    """Remember where each match's board was posted: (match id, stamp shown, message id), kept only
    when it shows a position no older than the one remembered (Match.stamp grows with every move and
    takeback)."""
    for match_id, stamp, message_id in boards:
        await tx.run(
            "UPDATE matches SET board_message = ?, board_version = ? WHERE id = ?"
            " AND (board_version IS NULL OR board_version <= ?)",
            message_id, stamp, match_id, stamp,
        )


async def computer_match_ids(tx: Tx) -> list[int]:
    """The active matches (not the console's) with a computer in a seat and no change still to be shown."""
    rows = await tx.all(
        f"SELECT DISTINCT m.id FROM matches m JOIN seats s ON s.match_id = m.id WHERE m.status = '{ACTIVE}'"
        f" AND m.guild_id <> {LOCAL_GUILD} AND (s.user_id BETWEEN 1 AND ? OR s.stand_in IS NOT NULL)"
        " AND NOT EXISTS (SELECT 1 FROM outbox o WHERE o.match_id = m.id) ORDER BY m.id",
        LAST_COMPUTER_ID,
    )
    return [row["id"] for row in rows]


async def computer_matches(tx: Tx, guild_id: int, user_id: int) -> tuple[int, int]:
    """The active matches of a server with a computer in a seat: how many `user_id` plays in (a seat they
    have not left), and how many in all."""
    row = await tx.one(
        "SELECT COUNT(*) AS total, COALESCE(SUM(CASE WHEN EXISTS (SELECT 1 FROM seats p WHERE p.match_id = m.id"
        " AND p.user_id = ? AND p.stand_in IS NULL) THEN 1 ELSE 0 END), 0) AS mine FROM matches m"
        f" WHERE m.guild_id = ? AND m.status = '{ACTIVE}' AND EXISTS (SELECT 1 FROM seats s WHERE s.match_id = m.id"
        " AND s.user_id BETWEEN 1 AND ?)",
        user_id, guild_id, LAST_COMPUTER_ID,
    )
    assert row is not None  # an aggregate always has its row
    return int(row["mine"]), int(row["total"])


async def advance(tx: Tx, match_id: int, version: int, deadline: float | None, draw_offer: int | None) -> int:
    """One more move on an active match still at `version` (its stamp one on); how many matches that
    changed (0: it changed meanwhile, or ended)."""
    return await tx.run(
        "UPDATE matches SET version = version + 1, stamp = stamp + 1, deadline = ?, draw_offer = ?, takeback = NULL"
        f" WHERE id = ? AND version = ? AND status = '{ACTIVE}'",
        deadline, draw_offer, match_id, version,
    )


async def add_move(tx: Tx, match_id: int, ply: int, seat: int, notation: str, now: float) -> None:
    await tx.run(
        "INSERT INTO moves (match_id, ply, seat, notation, played_at) VALUES (?,?,?,?,?)",
        match_id, ply, seat, notation, now,
    )


async def set_deadline(tx: Tx, match_id: int, deadline: float) -> None:
    await tx.run("UPDATE matches SET deadline = ? WHERE id = ?", deadline, match_id)


async def restart_turn(tx: Tx, match_id: int, version: int, deadline: float) -> None:
    """Move the turn timer of an active match still at `version` on to `deadline`, if it is earlier."""
    await tx.run(f"UPDATE matches SET deadline = ? WHERE id = ? AND version = ? AND status = '{ACTIVE}'"
                 " AND deadline < ?", deadline, match_id, version, deadline)


async def save_clock(tx: Tx, match_id: int, clock: GameClock, deadline: float | None) -> None:
    """A live match's clocks as they now stand (every seat's time left, the clock that runs and since
    when), and when the match's turn runs out (`deadline`: None where nobody can lose on time)."""
    await tx.run_many("UPDATE seats SET clock = ? WHERE match_id = ? AND seat = ?",
                      [(left, match_id, seat) for seat, left in enumerate(clock.left)])
    await tx.run("UPDATE matches SET clock_seat = ?, clock_since = ?, deadline = ? WHERE id = ?",
                 clock.running, clock.since, deadline, match_id)


async def set_warned(tx: Tx, match_id: int, seat: int) -> None:
    """The player of `seat` has been told their time is low (once a match)."""
    await tx.run("UPDATE seats SET warned = 1 WHERE match_id = ? AND seat = ?", match_id, seat)


async def set_ping_message(tx: Tx, match_id: int, message_id: int | None) -> None:
    """The live board's message pinging the player to move (None: none stands)."""
    await tx.run("UPDATE matches SET ping_message = ? WHERE id = ?", message_id, match_id)


async def played(tx: Tx, match_id: int) -> list[Row]:
    """A match's moves in order, each with its ply, seat and notation."""
    return await tx.all("SELECT ply, seat, notation FROM moves WHERE match_id = ? ORDER BY ply", match_id)


async def move_seats(tx: Tx, match_id: int) -> list[int]:
    """The seat of each move of a match, in the order they were played."""
    return [r["seat"] for r in await tx.all("SELECT seat FROM moves WHERE match_id = ? ORDER BY ply", match_id)]


async def ask_takeback(tx: Tx, match_id: int, seat: int | None) -> None:
    """`seat` asks to take its last move back (None: no request stands)."""
    await tx.run("UPDATE matches SET takeback = ? WHERE id = ?", seat, match_id)


async def take_back(tx: Tx, match_id: int, version: int, keep: int, deadline: float) -> int:
    """Take back the moves of an active match still at `version` after its first `keep`: their notes not
    shown yet go with them (a position no longer played), the turn starts again, and no draw offer,
    takeback request or reminder stands. The stamp grows by the moves taken back (it was moves played +
    2 · moves taken back before it was stored, and stays so). How many matches that changed (0: it
    changed meanwhile)."""
    changed = await tx.run(
        "UPDATE matches SET version = ?, undone = undone + ?, stamp = stamp + ?, deadline = ?, takeback = NULL,"
        f" draw_offer = NULL, reminded = NULL WHERE id = ? AND version = ? AND status = '{ACTIVE}'",
        keep, version - keep, version - keep, deadline, match_id, version,
    )
    if changed:
        await tx.run("DELETE FROM moves WHERE match_id = ? AND ply >= ?", match_id, keep)
        await tx.run("DELETE FROM outbox WHERE match_id = ? AND version > ?", match_id, keep)
    return changed


async def offer_draw(tx: Tx, match_id: int, seat: int) -> None:
    await tx.run("UPDATE matches SET draw_offer = ? WHERE id = ?", seat, match_id)


async def stand_in(tx: Tx, match_id: int, seat: int, level: str, now: float) -> None:
    """The player of `seat` left, after the moves played so far: the computer of `level` plays on for them."""
    await tx.run(
        "UPDATE seats SET stand_in = ?, left_at = ?, left_ply = (SELECT COUNT(*) FROM moves WHERE match_id = ?)"
        " WHERE match_id = ? AND seat = ?", level, now, match_id, match_id, seat
    )


async def delete_match(tx: Tx, match_id: int) -> None:
    """A match and everything of it: its notes, moves and seats."""
    for table in ("outbox", "moves", "seats"):
        await tx.run(f"DELETE FROM {table} WHERE match_id = ?", match_id)
    await tx.run("DELETE FROM matches WHERE id = ?", match_id)
