"""Databases as older versions of the bot left them, for testing the migrations that upgrade them."""
from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence

from bot.db import migrations, statements


def migrated_to(db: sqlite3.Connection, version: int) -> None:
    """Bring an empty SQLite database to schema `version`, as the bot at that version made it."""
    for number, script in migrations():
        if number <= version:
            for statement in statements(script):
                db.execute(statement)
            db.execute(f"PRAGMA user_version = {number}")


def add_finished_match(db: sqlite3.Connection, match_id: int, game: str, reason: str, places: list[list[int]],
                       seats: Sequence[tuple[int, str, int | None]], guild: int, options: dict | None = None) -> None:
    """A finished match (its challenge, its row with `reason` and `places`, and its seats as (user id,
    name, score)) in the tables every version has had, as the bot stored it when it ended."""
    db.executemany("INSERT OR IGNORE INTO players VALUES (?, ?)", [(user, name) for user, name, _ in seats])
    text = json.dumps(options or {})
    db.execute(
        "INSERT INTO challenges (id, guild_id, channel_id, game, options, players, challenger, turn_seconds,"
        " seed, status, created_at, expires_at) VALUES (?,?,?,?,?,?,?, 86400, 0, 'accepted', 0, 900)",
        (match_id, guild, match_id, game, text, len(seats), seats[0][0]))
    db.execute(
        "INSERT INTO matches (id, guild_id, channel_id, game, options, seed, players, status, turn_seconds,"
        " started_at, finished_at, reason, places) VALUES (?,?,?,?,?, 0, ?, 'finished', 86400, 0, 1, ?, ?)",
        (match_id, guild, match_id, game, text, len(seats), reason, json.dumps(places)))
    place_of = {seat: place for place, group in enumerate(places) for seat in group}
    db.executemany(
        "INSERT INTO seats (match_id, seat, user_id, place, score) VALUES (?,?,?,?,?)",
        [(match_id, seat, user, place_of[seat], score) for seat, (user, _, score) in enumerate(seats)])
