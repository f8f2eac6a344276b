"""Results and ratings: a match finished with its places, scores and the ratings it changed, and what
is read from them: leaderboards, a player's ratings and record against the computers, the finished
matches of a server (history) and the match a replay shows."""
from __future__ import annotations

from bot.db import Row, Tx
from bot.models import MatchStatus
from bot.service.repository.players import LAST_COMPUTER_ID

FINISHED = MatchStatus.FINISHED


async def finish_match(tx: Tx, match_id: int, now: float, reason: str, cause: str, places: str,
                       reason_words: str | None = None) -> int:
    """An active match finished (`places` as JSON; the reason's template with its arguments as JSON
    `reason_words`, None when it has none); how many matches that changed (0: it had ended)."""
    return await tx.run(
        f"UPDATE matches SET status = '{FINISHED}', finished_at = ?, reason = ?, reason_words = ?, cause = ?,"
        f" places = ?, deadline = NULL, draw_offer = NULL WHERE id = ? AND status = '{MatchStatus.ACTIVE}'",
        now, reason, reason_words, cause, places, match_id,
    )


async def rating_row(tx: Tx, guild_id: int, game: str, user_id: int) -> Row | None:
    """A player's rating in a server's game, if they have one."""
    return await tx.one(
        "SELECT * FROM ratings WHERE guild_id = ? AND game = ? AND user_id = ?", guild_id, game, user_id,
    )


async def seat_result(tx: Tx, match_id: int, seat: int, place: int, score: int | None,
                      rating_before: float | None, rating_after: float | None) -> None:
    await tx.run(
        "UPDATE seats SET place = ?, score = ?, rating_before = ?, rating_after = ? WHERE match_id = ? AND seat = ?",
        place, score, rating_before, rating_after, match_id, seat,
    )


async def save_rating(tx: Tx, guild_id: int, game: str, user_id: int, rating: float, rd: float, volatility: float,
                      wins: int, losses: int, draws: int, now: float) -> None:
    """A player's new rating, with the results of one more match added to their record."""
    await tx.run(
        "INSERT INTO ratings (guild_id, game, user_id, rating, rd, volatility, wins, losses, draws, updated_at)"
        " VALUES (?,?,?,?,?,?,?,?,?,?) ON CONFLICT (guild_id, game, user_id) DO UPDATE SET"
        " rating = excluded.rating, rd = excluded.rd, volatility = excluded.volatility,"
        " wins = ratings.wins + excluded.wins, losses = ratings.losses + excluded.losses,"
        " draws = ratings.draws + excluded.draws,"
        " updated_at = excluded.updated_at",
        guild_id, game, user_id, rating, rd, volatility, wins, losses, draws, now,
    )


async def rated_players(tx: Tx, guild_id: int, game: str) -> int:
    """How many players have a rating in a server's game."""
    row = await tx.one("SELECT count(*) AS n FROM ratings WHERE guild_id = ? AND game = ?", guild_id, game)
    return row["n"] if row is not None else 0


async def ranking(tx: Tx, guild_id: int, game: str, limit: int, offset: int) -> list[Row]:
    """A page of a server's ranking for a game, best first, with the players' names."""
    return await tx.all(
        "SELECT r.*, p.name FROM ratings r JOIN players p USING (user_id)"
        " WHERE guild_id = ? AND game = ? ORDER BY rating DESC, user_id LIMIT ? OFFSET ?",
        guild_id, game, limit, offset,
    )


async def ratings_of(tx: Tx, guild_id: int, user_id: int) -> list[Row]:
    """A player's rating in each game of a server, with their name and rank, by game."""
    return await tx.all(
        "SELECT r.*, p.name, (SELECT count(*) FROM ratings o WHERE o.guild_id = r.guild_id"
        " AND o.game = r.game AND (o.rating > r.rating OR (o.rating = r.rating AND o.user_id < r.user_id))) + 1"
        " AS rank FROM ratings r JOIN players p USING (user_id) WHERE guild_id = ? AND user_id = ?"
        " ORDER BY game",
        guild_id, user_id,
    )


async def places_against_computers(tx: Tx, guild_id: int, user_id: int) -> list[Row]:
    """For each finished match of a server between a person and computers, and each computer level in
    it: the game, the computer's id, and the best places of the person (`mine`) and the computer (`theirs`)."""
    return await tx.all(
        "SELECT m.game, c.user_id, min(s.place) AS mine, min(c.place) AS theirs FROM seats s"
        " JOIN seats c ON c.match_id = s.match_id JOIN matches m ON m.id = s.match_id"
        f" WHERE m.status = '{FINISHED}' AND m.guild_id = ? AND s.user_id = ? AND c.user_id BETWEEN 1 AND ?"
        " AND c.stand_in IS NULL GROUP BY m.id, c.user_id",
        guild_id, user_id, LAST_COMPUTER_ID,
    )


async def finished_matches(tx: Tx, guild_id: int) -> int:
    """How many matches of a server have finished."""
    row = await tx.one(f"SELECT COUNT(*) AS n FROM matches WHERE guild_id = ? AND status = '{FINISHED}'", guild_id)
    return row["n"] if row is not None else 0


async def finished_match_ids(tx: Tx, guild_id: int, limit: int, offset: int) -> list[int]:
    """A page of a server's finished matches, the latest first."""
    rows = await tx.all(
        f"SELECT id FROM matches WHERE guild_id = ? AND status = '{FINISHED}'"
        " ORDER BY finished_at DESC, id DESC LIMIT ? OFFSET ?",
        guild_id, limit, offset,
    )
    return [row["id"] for row in rows]


async def match_in_guild(tx: Tx, match_id: int, guild_id: int) -> int | None:
    """`match_id` if it is a match of that server."""
    row = await tx.one("SELECT id FROM matches WHERE id = ? AND guild_id = ?", match_id, guild_id)
    return None if row is None else row["id"]


async def last_finished_in_channel(tx: Tx, channel_id: int) -> int | None:
    row = await tx.one(
        f"SELECT id FROM matches WHERE channel_id = ? AND status = '{FINISHED}'"
        " ORDER BY finished_at DESC, id DESC LIMIT 1", channel_id,
    )
    return None if row is None else row["id"]


async def last_finished_of(tx: Tx, guild_id: int, user_id: int) -> int | None:
    """The last match a player finished in a server."""
    row = await tx.one(
        "SELECT m.id FROM matches m JOIN seats s ON s.match_id = m.id WHERE m.guild_id = ?"
        f" AND s.user_id = ? AND m.status = '{FINISHED}' ORDER BY m.finished_at DESC, m.id DESC LIMIT 1",
        guild_id, user_id,
    )
    return None if row is None else row["id"]
