"""What falls due with time: challenges that expire, turn timers that run out, turn reminders, and the
next moment any of them (or an outbox note) is due. The console's matches (LOCAL_GUILD) are never due."""
from __future__ import annotations

from bot.db import Tx
from bot.game_clock import LOW_LEAST, LOW_SHARE
from bot.models import LOCAL_GUILD, ChallengeStatus, MatchStatus

ACTIVE = MatchStatus.ACTIVE
REMIND_AFTER = 0.8  # a turn's share used up when its player is reminded...
REMIND_LEAST = 3600  # ...in a match whose turns are at least this long (seconds): short timers do not nag
REMINDABLE = (f"status = '{ACTIVE}' AND guild_id <> {LOCAL_GUILD} AND turn_seconds >= {REMIND_LEAST}"
              " AND clock_seconds IS NULL AND deadline IS NOT NULL AND (reminded IS NULL OR reminded < version)")
# A match whose every change was shown: its player to move may be timed out, reminded or warned (a match
# with a change still to show waits for it, and the outbox's own deadline wakes the timer loop meanwhile).
SHOWN = "NOT EXISTS (SELECT 1 FROM outbox o WHERE o.match_id = m.id)"
# A live match whose player to move has not been told their time is low (see bot.game_clock.TimeControl.low_mark):
# its seat whose clock runs, a person's (the turn has a deadline), not warned yet.
WARNABLE = (f"FROM matches m JOIN seats s ON s.match_id = m.id AND s.seat = m.clock_seat WHERE m.status = '{ACTIVE}'"
            f" AND m.guild_id <> {LOCAL_GUILD} AND m.clock_seconds IS NOT NULL AND m.deadline IS NOT NULL"
            " AND s.warned = 0")
WARN_AT = (f"m.deadline - (CASE WHEN m.clock_seconds * {LOW_SHARE} > {LOW_LEAST} THEN m.clock_seconds * {LOW_SHARE}"
           f" ELSE {LOW_LEAST} END)")
REMIND_AT = f"deadline - turn_seconds * {1 - REMIND_AFTER}"  # the turn's start plus REMIND_AFTER of it


async def expired_challenge_ids(tx: Tx, now: float) -> list[int]:
    """The open challenges (not the console's) that expired by `now`, claimed by this process."""
    rows = await tx.all(f"SELECT id FROM challenges WHERE status = '{ChallengeStatus.OPEN}' AND expires_at <= ?"
                        f" AND guild_id <> {LOCAL_GUILD}" + tx.claim, now)
    return [row["id"] for row in rows]


async def timed_out_match_ids(tx: Tx, now: float) -> list[int]:
    """The active matches (not the console's) whose turn timer ran out by `now` and whose last change
    was shown, claimed by this process."""
    rows = await tx.all(
        f"SELECT id FROM matches m WHERE status = '{ACTIVE}' AND deadline <= ? AND guild_id <> {LOCAL_GUILD}"
        f" AND {SHOWN}" + tx.claim, now)
    return [row["id"] for row in rows]


async def reminder_match_ids(tx: Tx, now: float) -> list[int]:
    """The active matches (not the console's) whose player to move is due a reminder by `now`, with
    time left (past the deadline, a time-out is due instead), and whose last change was shown, claimed
    by this process."""
    rows = await tx.all(
        f"SELECT id FROM matches m WHERE {REMINDABLE} AND {REMIND_AT} <= ? AND deadline > ?"
        f" AND {SHOWN}" + tx.claim, now, now)
    return [row["id"] for row in rows]


async def low_time_match_ids(tx: Tx, now: float) -> list[int]:
    """The live matches (not the console's) whose player to move has just run low on time by `now`, not
    warned yet, with time left, and whose last change was shown, claimed by this process."""
    rows = await tx.all(
        f"SELECT m.id {WARNABLE} AND {WARN_AT} <= ? AND m.deadline > ?"
        f" AND {SHOWN}" + tx.claim.replace("UPDATE", "UPDATE OF m"),
        now, now)
    return [row["id"] for row in rows]


async def set_reminded(tx: Tx, match_id: int, version: int) -> None:
    """The turn after `version` moves has had its reminder (or needs none)."""
    await tx.run("UPDATE matches SET reminded = ? WHERE id = ?", version, match_id)


async def next_due(tx: Tx) -> float | None:
    """The earliest of: the next challenge to expire, the next turn timer to run out, turn reminder or
    low-time warning to send (none of them the console's, nor of a match with a change still to show),
    the next note due."""
    row = await tx.one(
        f"SELECT min(t) AS t FROM (SELECT min(expires_at) AS t FROM challenges WHERE status = '{ChallengeStatus.OPEN}'"
        f" AND guild_id <> {LOCAL_GUILD}"
        f" UNION ALL SELECT min(deadline) FROM matches m WHERE status = '{ACTIVE}' AND guild_id <> {LOCAL_GUILD}"
        f" AND {SHOWN}"
        f" UNION ALL SELECT min({REMIND_AT}) FROM matches m WHERE {REMINDABLE} AND {SHOWN}"
        f" UNION ALL SELECT min({WARN_AT}) {WARNABLE} AND {SHOWN}"
        " UNION ALL SELECT min(due) FROM outbox) AS due",
    )
    return row["t"] if row is not None else None
