"""Players: their names as last seen, and whether they, or a whole server, get turn reminders; a server's
language."""
from __future__ import annotations

from collections.abc import Iterable

from bot.db import Tx
from bot.models import COMPUTER_LEVELS, Player

# Computer players have the user ids 1 to this, one per level.
LAST_COMPUTER_ID = len(COMPUTER_LEVELS)


async def remember_players(tx: Tx, players: Iterable[Player]) -> None:
    """Store each player's name as it is now."""
    await tx.run_many(
        "INSERT INTO players (user_id, name) VALUES (?, ?) ON CONFLICT (user_id) DO UPDATE SET name = excluded.name",
        [(p.id, p.name) for p in players],
    )


async def reminder_settings(tx: Tx, guild_id: int, user_id: int) -> tuple[bool, bool]:
    """(the player's, the server's) reminder setting: on unless turned off."""
    row = await tx.one(
        "SELECT (SELECT reminders FROM players WHERE user_id = ?) AS mine,"
        " (SELECT reminders FROM guild_settings WHERE guild_id = ?) AS server", user_id, guild_id)
    return (row is None or row["mine"] != 0), (row is None or row["server"] != 0)


async def set_player_reminders(tx: Tx, player: Player, on: bool) -> None:
    await tx.run(
        "INSERT INTO players (user_id, name, reminders) VALUES (?, ?, ?)"
        " ON CONFLICT (user_id) DO UPDATE SET name = excluded.name, reminders = excluded.reminders",
        player.id, player.name, int(on))


async def set_server_reminders(tx: Tx, guild_id: int, on: bool) -> None:
    await tx.run(
        "INSERT INTO guild_settings (guild_id, reminders) VALUES (?, ?)"
        " ON CONFLICT (guild_id) DO UPDATE SET reminders = excluded.reminders", guild_id, int(on))


async def server_language(tx: Tx, guild_id: int) -> str | None:
    """The language a server's managers chose for its channels (a Discord locale code), or None: the
    server's own language in Discord."""
    row = await tx.one("SELECT language FROM guild_settings WHERE guild_id = ?", guild_id)
    return None if row is None else row["language"]


async def set_server_language(tx: Tx, guild_id: int, language: str | None) -> None:
    await tx.run(
        "INSERT INTO guild_settings (guild_id, language) VALUES (?, ?)"
        " ON CONFLICT (guild_id) DO UPDATE SET language = excluded.language", guild_id, language)
