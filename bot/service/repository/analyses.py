"""Analyses of finished matches, kept once made, and what they credit each seat's moves by: the ply at
which each seat's player left."""
from __future__ import annotations

from bot.db import Row, Tx


async def analysis_row(tx: Tx, match_id: int) -> Row | None:
    """The stored analysis of a match, if it has one."""
    return await tx.one("SELECT data, seconds FROM analyses WHERE match_id = ?", match_id)


async def left_plies(tx: Tx, match_id: int) -> tuple[int | None, ...]:
    """Per seat of a match, how many moves had been played when its player left (None: never left)."""
    rows = await tx.all("SELECT left_ply FROM seats WHERE match_id = ? ORDER BY seat", match_id)
    return tuple(None if row["left_ply"] is None else int(row["left_ply"]) for row in rows)


async def add_analysis(tx: Tx, match_id: int, data: str, seconds: float, now: float) -> None:
    """Keep a match's analysis; the first one kept stands (another process may have made one too)."""
    await tx.run("INSERT INTO analyses (match_id, data, seconds, created_at) VALUES (?, ?, ?, ?)"
                 " ON CONFLICT (match_id) DO NOTHING", match_id, data, seconds, now)
