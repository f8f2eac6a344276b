"""Databases as older versions of the bot left them, for testing the migrations that upgrade them."""
from __future__ import annotations

import sqlite3

from bot.db import migrations, statements


def migrated_to(db: sqlite3.Connection, version: int) -> None:
    """Bring an empty SQLite database to schema `version`, as the bot at that version made it."""
    for number, script in migrations():
        if number <= version:
            for statement in statements(script):
                db.execute(statement)
            db.execute(f"PRAGMA user_version = {number}")
