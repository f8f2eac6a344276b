"""Tournaments: their rows, entrants, the tables of each round, and the news still to post."""
from __future__ import annotations

from collections.abc import Sequence

from bot.db import Row, Tx

OPEN, RUNNING, FINISHED, CANCELLED = "open", "running", "finished", "cancelled"


async def add_tournament(tx: Tx, *, guild_id: int, channel_id: int, name: str, game: str, options: str, format: str,
                         rounds: int | None, table_size: int, turn_seconds: int, rated: bool,
                         max_players: int | None, organiser: int, starts_at: float | None, seed: int,
                         now: float) -> int:
    """A new tournament, open for sign-up; its id."""
    return await tx.insert(
        "INSERT INTO tournaments (guild_id, channel_id, name, game, options, format, rounds, table_size, turn_seconds,"
        f" rated, max_players, organiser, status, starts_at, due, seed, created_at) VALUES"
        f" (?,?,?,?,?,?,?,?,?,?,?,?, '{OPEN}', ?, ?, ?, ?)",
        guild_id, channel_id, name, game, options, format, rounds, table_size, turn_seconds, int(rated),
        max_players, organiser, starts_at, starts_at, seed, now,
    )


async def tournament_row(tx: Tx, tournament_id: int, *, lock: bool = False) -> Row | None:
    """A tournament's row (held until the transaction ends with `lock`: the caller will change it)."""
    return await tx.one("SELECT * FROM tournaments WHERE id = ?" + (tx.lock if lock else ""), tournament_id)


async def entrant_rows(tx: Tx, tournament_id: int) -> list[Row]:
    """A tournament's entrants with their names and current ratings in its game, in the order they joined."""
    return await tx.all(
        "SELECT e.*, p.name, r.rating AS current FROM tournament_entrants e JOIN players p USING (user_id)"
        " JOIN tournaments t ON t.id = e.tournament_id"
        " LEFT JOIN ratings r ON r.guild_id = t.guild_id AND r.game = t.game AND r.user_id = e.user_id"
        " WHERE e.tournament_id = ? ORDER BY e.joined_at, e.user_id", tournament_id)


async def table_rows(tx: Tx, tournament_id: int) -> list[Row]:
    """Every table of a tournament, by round and board, with its match's status and places once it is over."""
    return await tx.all(
        "SELECT tt.*, m.status AS match_status, m.places, m.cause, m.channel_id AS match_channel"
        " FROM tournament_tables tt LEFT JOIN matches m ON m.id = tt.match_id"
        " WHERE tt.tournament_id = ? ORDER BY tt.round, tt.board", tournament_id)


async def guild_tournament_ids(tx: Tx, guild_id: int, limit: int) -> list[int]:
    """A server's tournaments, those open or running first, then the latest finished or cancelled."""
    rows = await tx.all(
        f"SELECT id FROM tournaments WHERE guild_id = ? ORDER BY CASE WHEN status IN ('{OPEN}', '{RUNNING}') THEN 0"
        " ELSE 1 END, id DESC LIMIT ?", guild_id, limit)
    return [row["id"] for row in rows]


async def channel_tournament_id(tx: Tx, channel_id: int) -> int | None:
    """The tournament of a channel: the one open or running there, else the latest."""
    row = await tx.one(
        f"SELECT id FROM tournaments WHERE channel_id = ? ORDER BY CASE WHEN status IN ('{OPEN}', '{RUNNING}')"
        " THEN 0 ELSE 1 END, id DESC LIMIT 1", channel_id)
    return None if row is None else row["id"]


async def match_tournament_id(tx: Tx, match_id: int) -> int | None:
    row = await tx.one("SELECT tournament_id FROM matches WHERE id = ?", match_id)
    return None if row is None else row["tournament_id"]


async def live_count(tx: Tx, guild_id: int) -> int:
    """The tournaments open or running in a server."""
    row = await tx.one(f"SELECT count(*) AS n FROM tournaments WHERE guild_id = ? AND status IN ('{OPEN}', '{RUNNING}')",
                       guild_id)
    return 0 if row is None else row["n"]


async def add_entrant(tx: Tx, tournament_id: int, user_id: int, now: float, joined_round: int = 1,
                      number: int | None = None, rating: float | None = None) -> None:
    await tx.run(
        "INSERT INTO tournament_entrants (tournament_id, user_id, joined_at, joined_round, number, rating)"
        " VALUES (?,?,?,?,?,?)", tournament_id, user_id, now, joined_round, number, rating)


async def remove_entrant(tx: Tx, tournament_id: int, user_id: int) -> None:
    await tx.run("DELETE FROM tournament_entrants WHERE tournament_id = ? AND user_id = ?", tournament_id, user_id)


async def set_withdrawn(tx: Tx, tournament_id: int, user_id: int, round: int | None) -> None:
    """The entrant is paired no more from `round` on (None: back in)."""
    await tx.run("UPDATE tournament_entrants SET withdrawn_round = ? WHERE tournament_id = ? AND user_id = ?",
                 round, tournament_id, user_id)


async def rejoin(tx: Tx, tournament_id: int, user_id: int) -> None:
    """A withdrawn entrant back in."""
    await tx.run("UPDATE tournament_entrants SET withdrawn_round = NULL WHERE tournament_id = ? AND user_id = ?",
                 tournament_id, user_id)


async def number_entrants(tx: Tx, tournament_id: int, numbered: Sequence[tuple[int, int, float]]) -> None:
    """Starting numbers and ratings at the start: (user id, number, rating) each."""
    await tx.run_many("UPDATE tournament_entrants SET number = ?, rating = ? WHERE tournament_id = ? AND user_id = ?",
                      [(number, rating, tournament_id, uid) for uid, number, rating in numbered])


async def start(tx: Tx, tournament_id: int, rounds: int, now: float) -> None:
    await tx.run(f"UPDATE tournaments SET status = '{RUNNING}', rounds = ?, started_at = ?, starts_at = NULL"
                 " WHERE id = ?", rounds, now, tournament_id)


async def set_round(tx: Tx, tournament_id: int, round: int) -> None:
    await tx.run("UPDATE tournaments SET round = ?, due = NULL WHERE id = ?", round, tournament_id)


async def set_due(tx: Tx, tournament_id: int, due: float | None) -> None:
    await tx.run("UPDATE tournaments SET due = ? WHERE id = ?", due, tournament_id)


async def close(tx: Tx, tournament_id: int, status: str, now: float) -> None:
    """Finished or cancelled, now."""
    await tx.run("UPDATE tournaments SET status = ?, finished_at = ?, due = NULL, starts_at = NULL WHERE id = ?",
                 status, now, tournament_id)


async def set_message(tx: Tx, tournament_id: int, message_id: int) -> None:
    await tx.run("UPDATE tournaments SET message_id = ? WHERE id = ?", message_id, tournament_id)


async def add_tables(tx: Tx, tournament_id: int, round: int, tables: Sequence[tuple[int, str, str | None]]) -> None:
    """A round's tables: (board, seats as JSON, points as JSON for a bye or a forfeit, else None) each."""
    await tx.run_many(
        "INSERT INTO tournament_tables (tournament_id, round, board, seats, points) VALUES (?,?,?,?,?)",
        [(tournament_id, round, board, seats, points) for board, seats, points in tables])


async def locked_table(tx: Tx, table_id: int) -> Row | None:
    return await tx.one("SELECT * FROM tournament_tables WHERE id = ?" + tx.lock, table_id)


async def set_table_match(tx: Tx, table_id: int, match_id: int) -> None:
    await tx.run("UPDATE tournament_tables SET match_id = ? WHERE id = ?", match_id, table_id)


async def link_match(tx: Tx, match_id: int, tournament_id: int, round: int, rated: bool) -> None:
    await tx.run("UPDATE matches SET tournament_id = ?, tournament_round = ?, rated = ? WHERE id = ?",
                 tournament_id, round, int(rated), match_id)


async def game_ended(tx: Tx, match_id: int, now: float) -> None:
    """A tournament's game ended: the bot looks at its tournament now (its round may be over)."""
    await tx.run(f"UPDATE tournaments SET due = ? WHERE status = '{RUNNING}'"
                 " AND id = (SELECT tournament_id FROM matches WHERE id = ?)", now, match_id)


async def any_due(tx: Tx, now: float) -> bool:
    """Whether a tournament (not the console's) is due by `now`."""
    return await tx.one(f"SELECT 1 FROM tournaments WHERE due <= ? AND status IN ('{OPEN}', '{RUNNING}')"
                        " AND guild_id <> 0 LIMIT 1", now) is not None


async def due_ids(tx: Tx, now: float) -> list[int]:
    """The tournaments (not the console's) the bot must look at by `now`, claimed by this process."""
    rows = await tx.all(f"SELECT id FROM tournaments WHERE due <= ? AND status IN ('{OPEN}', '{RUNNING}')"
                        " AND guild_id <> 0" + tx.claim, now)
    return [row["id"] for row in rows]


async def add_news(tx: Tx, tournament_id: int, kind: str, round: int, now: float) -> None:
    """News for the tournament's channel, due now (once: the same news twice is one)."""
    await tx.run("INSERT INTO tournament_news (tournament_id, kind, round, due, created_at) VALUES (?,?,?,?,?)"
                 " ON CONFLICT (tournament_id, kind, round) DO NOTHING", tournament_id, kind, round, now, now)


async def news_due(tx: Tx, now: float, local: bool = False) -> list[Row]:
    """The news due by `now`: the console's own with `local`, else every other server's."""
    where = "t.guild_id = 0" if local else "t.guild_id <> 0"
    return await tx.all(f"SELECT n.* FROM tournament_news n JOIN tournaments t ON t.id = n.tournament_id"
                        f" WHERE n.due <= ? AND {where} ORDER BY n.id", now)


async def news_row(tx: Tx, news_id: int) -> Row | None:
    return await tx.one("SELECT * FROM tournament_news WHERE id = ?", news_id)


async def delete_news(tx: Tx, news_id: int) -> None:
    await tx.run("DELETE FROM tournament_news WHERE id = ?", news_id)


async def postpone_news(tx: Tx, news_id: int, due: float) -> None:
    await tx.run("UPDATE tournament_news SET due = ? WHERE id = ?", due, news_id)


async def next_due(tx: Tx) -> float | None:
    """The earliest moment a tournament (not the console's) or its news needs the bot."""
    row = await tx.one(
        f"SELECT min(t) AS t FROM (SELECT min(due) AS t FROM tournaments WHERE status IN ('{OPEN}', '{RUNNING}')"
        " AND guild_id <> 0 UNION ALL SELECT min(n.due) FROM tournament_news n JOIN tournaments t"
        " ON t.id = n.tournament_id WHERE t.guild_id <> 0) AS due")
    return None if row is None else row["t"]


async def managers_only(tx: Tx, guild_id: int) -> bool:
    """Whether only those who manage the server may create its tournaments."""
    row = await tx.one("SELECT tournaments_managers FROM guild_settings WHERE guild_id = ?", guild_id)
    return row is not None and bool(row["tournaments_managers"])


async def set_managers_only(tx: Tx, guild_id: int, on: bool) -> None:
    await tx.run(
        "INSERT INTO guild_settings (guild_id, tournaments_managers) VALUES (?, ?)"
        " ON CONFLICT (guild_id) DO UPDATE SET tournaments_managers = excluded.tournaments_managers", guild_id, int(on))


async def player_name(tx: Tx, user_id: int) -> str | None:
    row = await tx.one("SELECT name FROM players WHERE user_id = ?", user_id)
    return None if row is None else row["name"]
