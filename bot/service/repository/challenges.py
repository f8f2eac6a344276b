"""Challenges: made, their players seated, answered and closed."""
from __future__ import annotations

from collections.abc import Sequence

from bot.db import Row, Tx
from bot.models import ChallengeStatus

OPEN = ChallengeStatus.OPEN


async def open_challenge_id(tx: Tx, channel_id: int) -> int | None:
    """The open challenge in a channel, if any."""
    row = await tx.one(f"SELECT id FROM challenges WHERE channel_id = ? AND status = '{OPEN}'", channel_id)
    return None if row is None else row["id"]


async def add_challenge(tx: Tx, *, guild_id: int, channel_id: int, game: str, options: str, players: int,
                        challenger: int, turn_seconds: int, seed: int, now: float, expires_at: float,
                        seating: str, clock: tuple[int, int] | None = None) -> int:
    """A new open challenge (`options` and `seating` as JSON; `clock`: a live one's seconds each and
    increment); its id."""
    seconds, increment = clock if clock is not None else (None, 0)
    return await tx.insert(
        "INSERT INTO challenges (guild_id, channel_id, game, options, players, challenger, turn_seconds,"
        f" seed, status, created_at, expires_at, seating, clock_seconds, clock_increment)"
        f" VALUES (?,?,?,?,?,?,?,?, '{OPEN}', ?, ?, ?, ?, ?)",
        guild_id, channel_id, game, options, players, challenger, turn_seconds, seed, now, expires_at, seating,
        seconds, increment,
    )


async def add_challenge_players(tx: Tx, challenge_id: int, seated: Sequence[tuple[int, int, int]]) -> None:
    """The players of a new challenge, seat by seat: (user id, invited, accepted) each."""
    await tx.run_many(
        "INSERT INTO challenge_players (challenge_id, user_id, seat, invited, accepted) VALUES (?,?,?,?,?)",
        [(challenge_id, uid, seat, invited, accepted) for seat, (uid, invited, accepted) in enumerate(seated)],
    )


async def challenge_row(tx: Tx, challenge_id: int) -> Row | None:
    """A challenge's row."""
    return await tx.one("SELECT * FROM challenges WHERE id = ?", challenge_id)


async def locked_challenge_row(tx: Tx, challenge_id: int) -> Row | None:
    """A challenge's row, held until the transaction ends: the caller will change it."""
    return await tx.one("SELECT * FROM challenges WHERE id = ?" + tx.lock, challenge_id)


async def challenge_players(tx: Tx, challenge_id: int) -> list[Row]:
    """The players of a challenge with their names, in seat order."""
    return await tx.all(
        "SELECT cp.user_id, cp.seat, cp.invited, cp.accepted, p.name FROM challenge_players cp JOIN players p USING (user_id)"
        " WHERE challenge_id = ? ORDER BY seat",
        challenge_id,
    )


async def set_challenge_message(tx: Tx, challenge_id: int, message_id: int) -> None:
    await tx.run("UPDATE challenges SET message_id = ? WHERE id = ?", message_id, challenge_id)


async def accept_invitation(tx: Tx, challenge_id: int, user_id: int) -> None:
    """A player named in the challenge takes their seat."""
    await tx.run(
        "UPDATE challenge_players SET accepted = 1 WHERE challenge_id = ? AND user_id = ?", challenge_id, user_id,
    )


async def join_challenge(tx: Tx, challenge_id: int, user_id: int) -> None:
    """A player nobody named takes the next seat."""
    await tx.run(
        "INSERT INTO challenge_players (challenge_id, user_id, seat, invited, accepted)"
        " SELECT ?, ?, max(seat) + 1, 0, 1 FROM challenge_players WHERE challenge_id = ?",
        challenge_id, user_id, challenge_id,
    )


async def leave_challenge(tx: Tx, challenge_id: int, user_id: int) -> None:
    await tx.run("DELETE FROM challenge_players WHERE challenge_id = ? AND user_id = ?", challenge_id, user_id)


async def close_challenge(tx: Tx, challenge_id: int, status: ChallengeStatus, now: float, closed_by: int) -> None:
    """An open challenge declined or withdrawn by `closed_by`."""
    await tx.run(
        f"UPDATE challenges SET status = ?, closed_at = ?, closed_by = ? WHERE id = ? AND status = '{OPEN}'",
        status, now, closed_by, challenge_id,
    )


async def expire_challenge(tx: Tx, challenge_id: int, now: float) -> None:
    await tx.run(f"UPDATE challenges SET status = '{ChallengeStatus.EXPIRED}', closed_at = ? WHERE id = ?",
                 now, challenge_id)


async def withdraw_challenge(tx: Tx, challenge_id: int, now: float, closed_by: int) -> None:
    """The challenge of a match abandoned by `closed_by`, closed as withdrawn."""
    await tx.run(f"UPDATE challenges SET status = '{ChallengeStatus.WITHDRAWN}', closed_at = ?, closed_by = ?"
                 " WHERE id = ?", now, closed_by, challenge_id)


async def accept_challenge(tx: Tx, challenge_id: int, now: float) -> int:
    """Close an open challenge as accepted (its match starts); how many challenges that changed: 0
    when it was answered meanwhile."""
    return await tx.run(
        f"UPDATE challenges SET status = '{ChallengeStatus.ACCEPTED}', closed_at = ? WHERE id = ?"
        f" AND status = '{OPEN}'",
        now, challenge_id,
    )
