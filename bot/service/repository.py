"""Every statement the match service runs, each a function of the transaction it runs in (bot.db.Tx):
the rest of the service reads and writes through these, and holds no SQL of its own."""
from __future__ import annotations

from collections.abc import Iterable, Sequence

from bot.db import Row, Tx
from bot.models import COMPUTER_LEVELS, LOCAL_GUILD, Player

# Computer players have the user ids 1 to this, one per level.
LAST_COMPUTER_ID = len(COMPUTER_LEVELS)
# A match about to change, with the first of its outbox notes (changes not shown yet), if any.
CHANGING = "SELECT m.*, (SELECT min(o.id) FROM outbox o WHERE o.match_id = m.id) AS pending FROM matches m"


# ------------------------------------------------------------------ players

async def remember_players(tx: Tx, players: Iterable[Player]) -> None:
    """Store each player's name as it is now."""
    await tx.run_many(
        "INSERT INTO players (user_id, name) VALUES (?, ?) ON CONFLICT (user_id) DO UPDATE SET name = excluded.name",
        [(p.id, p.name) for p in players],
    )


# ------------------------------------------------------------------ challenges

async def open_challenge_id(tx: Tx, channel_id: int) -> int | None:
    """The open challenge in a channel, if any."""
    row = await tx.one("SELECT id FROM challenges WHERE channel_id = ? AND status = 'open'", channel_id)
    return None if row is None else row["id"]


async def add_challenge(tx: Tx, *, guild_id: int, channel_id: int, game: str, options: str, players: int,
                        challenger: int, turn_seconds: int, seed: int, now: float, expires_at: float,
                        seating: str) -> int:
    """A new open challenge (`options` and `seating` as JSON); its id."""
    return await tx.insert(
        "INSERT INTO challenges (guild_id, channel_id, game, options, players, challenger, turn_seconds,"
        " seed, status, created_at, expires_at, seating) VALUES (?,?,?,?,?,?,?,?, 'open', ?, ?, ?)",
        guild_id, channel_id, game, options, players, challenger, turn_seconds, seed, now, expires_at, seating,
    )


async def add_challenge_players(tx: Tx, challenge_id: int, seated: Sequence[tuple[int, int, int]]) -> None:
    """The players of a new challenge, seat by seat: (user id, invited, accepted) each."""
    await tx.run_many(
        "INSERT INTO challenge_players (challenge_id, user_id, seat, invited, accepted) VALUES (?,?,?,?,?)",
        [(challenge_id, uid, seat, invited, accepted) for seat, (uid, invited, accepted) in enumerate(seated)],
    )


async def challenge_row(tx: Tx, challenge_id: int, *, lock: bool = False) -> Row | None:
    """A challenge's row; with `lock`, held until the transaction ends."""
    return await tx.one("SELECT * FROM challenges WHERE id = ?" + (tx.lock if lock else ""), challenge_id)


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


async def close_challenge(tx: Tx, challenge_id: int, status: str, now: float, closed_by: int) -> None:
    """An open challenge declined or withdrawn by `closed_by`."""
    await tx.run(
        "UPDATE challenges SET status = ?, closed_at = ?, closed_by = ? WHERE id = ? AND status = 'open'",
        status, now, closed_by, challenge_id,
    )


async def expire_challenge(tx: Tx, challenge_id: int, now: float) -> None:
    await tx.run("UPDATE challenges SET status = 'expired', closed_at = ? WHERE id = ?", now, challenge_id)


async def withdraw_challenge(tx: Tx, challenge_id: int, now: float, closed_by: int) -> None:
    """The challenge of a match abandoned by `closed_by`, closed as withdrawn."""
    await tx.run("UPDATE challenges SET status = 'withdrawn', closed_at = ?, closed_by = ? WHERE id = ?",
                 now, closed_by, challenge_id)


async def expired_challenge_ids(tx: Tx, now: float) -> list[int]:
    """The open challenges (not the console's) that expired by `now`, claimed by this process."""
    rows = await tx.all("SELECT id FROM challenges WHERE status = 'open' AND expires_at <= ?"
                        f" AND guild_id <> {LOCAL_GUILD}" + tx.claim, now)
    return [row["id"] for row in rows]


async def accept_challenge(tx: Tx, challenge_id: int, now: float) -> int:
    """Close an open challenge as accepted (its match starts); how many challenges that changed: 0
    when it was answered meanwhile."""
    return await tx.run(
        "UPDATE challenges SET status = 'accepted', closed_at = ? WHERE id = ? AND status = 'open'",
        now, challenge_id,
    )


# ------------------------------------------------------------------ matches

async def add_match(tx: Tx, *, match_id: int, guild_id: int, channel_id: int, game: str, options: str, seed: int,
                    players: int, turn_seconds: int, deadline: float, now: float) -> None:
    """A match started now (`options` as JSON)."""
    await tx.run(
        "INSERT INTO matches (id, guild_id, channel_id, game, options, seed, players, status, turn_seconds,"
        " deadline, started_at) VALUES (?,?,?,?,?,?,?, 'active', ?, ?, ?)",
        match_id, guild_id, channel_id, game, options, seed, players, turn_seconds, deadline, now,
    )


async def add_seats(tx: Tx, match_id: int, user_ids: Iterable[int]) -> None:
    """The seats of a new match, in order."""
    await tx.run_many(
        "INSERT INTO seats (match_id, seat, user_id) VALUES (?,?,?)",
        [(match_id, seat, uid) for seat, uid in enumerate(user_ids)],
    )


async def match_row(tx: Tx, match_id: int, *, lock: bool = False) -> Row | None:
    """A match's row; with `lock`, held until the transaction ends, and with `pending`, its first note."""
    return await tx.one((CHANGING if lock else "SELECT * FROM matches m") + " WHERE m.id = ?"
                        + (tx.lock if lock else ""), match_id)


async def active_match_row(tx: Tx, channel_id: int, *, lock: bool = False) -> Row | None:
    """The row of a channel's active match, as match_row."""
    return await tx.one(
        (CHANGING if lock else "SELECT * FROM matches m") + " WHERE m.channel_id = ? AND m.status = 'active'"
        + (tx.lock if lock else ""), channel_id)


async def has_active_match(tx: Tx, channel_id: int) -> bool:
    return await tx.one("SELECT 1 FROM matches WHERE channel_id = ? AND status = 'active'", channel_id) is not None


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
        "SELECT id FROM matches WHERE channel_id = ? ORDER BY status = 'active' DESC, id DESC LIMIT 1",
        channel_id,
    )
    return None if row is None else row["id"]


async def active_match_ids(tx: Tx, guild_id: int) -> list[int]:
    """A server's active matches, the one moved in last first (a match without moves counts from its start)."""
    rows = await tx.all(
        "SELECT m.id FROM matches m WHERE m.guild_id = ? AND m.status = 'active' ORDER BY"
        " coalesce((SELECT max(played_at) FROM moves WHERE match_id = m.id), m.started_at) DESC, m.id DESC",
        guild_id,
    )
    return [row["id"] for row in rows]


async def running_match_ids(tx: Tx, guild_id: int, user_id: int) -> list[int]:
    """The active matches in a server where `user_id` holds a seat they have not left, the soonest
    deadline first (a match without one last)."""
    rows = await tx.all(
        "SELECT m.id FROM matches m WHERE m.guild_id = ? AND m.status = 'active' AND EXISTS (SELECT 1 FROM seats s"
        " WHERE s.match_id = m.id AND s.user_id = ? AND s.stand_in IS NULL)"
        " ORDER BY m.deadline IS NULL, m.deadline, m.id",
        guild_id, user_id,
    )
    return [row["id"] for row in rows]


async def set_board_messages(tx: Tx, boards: Sequence[tuple[int, int, int]]) -> None:
    """Remember where each match's board was posted: (match id, stamp shown, message id), kept only
    when it shows a position no older than the one remembered (Match.stamp grows with every move and
    takeback)."""
    for match_id, version, message_id in boards:
        await tx.run(
            "UPDATE matches SET board_message = ?, board_version = ? WHERE id = ?"
            " AND (board_version IS NULL OR board_version <= ?)",
            message_id, version, match_id, version,
        )


async def computer_match_ids(tx: Tx) -> list[int]:
    """The active matches (not the console's) with a computer in a seat and no change still to be shown."""
    rows = await tx.all(
        "SELECT DISTINCT m.id FROM matches m JOIN seats s ON s.match_id = m.id WHERE m.status = 'active'"
        f" AND m.guild_id <> {LOCAL_GUILD} AND (s.user_id BETWEEN 1 AND ? OR s.stand_in IS NOT NULL)"
        " AND NOT EXISTS (SELECT 1 FROM outbox o WHERE o.match_id = m.id) ORDER BY m.id",
        LAST_COMPUTER_ID,
    )
    return [row["id"] for row in rows]


async def timed_out_match_ids(tx: Tx, now: float) -> list[int]:
    """The active matches (not the console's) whose turn timer ran out by `now` and whose last change
    was shown, claimed by this process."""
    rows = await tx.all(
        f"SELECT id FROM matches m WHERE status = 'active' AND deadline <= ? AND guild_id <> {LOCAL_GUILD}"
        " AND NOT EXISTS (SELECT 1 FROM outbox o WHERE o.match_id = m.id)" + tx.claim, now)
    return [row["id"] for row in rows]


async def reminder_match_ids(tx: Tx, now: float) -> list[int]:
    """The active matches (not the console's) whose player to move is due a reminder by `now`, with
    time left (past the deadline, a time-out is due instead), and whose last change was shown, claimed
    by this process."""
    rows = await tx.all(
        f"SELECT id FROM matches m WHERE {REMINDABLE} AND {REMIND_AT} <= ? AND deadline > ?"
        " AND NOT EXISTS (SELECT 1 FROM outbox o WHERE o.match_id = m.id)" + tx.claim, now, now)
    return [row["id"] for row in rows]


async def set_reminded(tx: Tx, match_id: int, version: int) -> None:
    """The turn after `version` moves has had its reminder (or needs none)."""
    await tx.run("UPDATE matches SET reminded = ? WHERE id = ?", version, match_id)


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


async def advance(tx: Tx, match_id: int, version: int, deadline: float | None, draw_offer: int | None) -> int:
    """One more move on an active match still at `version`; how many matches that changed (0: it changed
    meanwhile, or ended)."""
    return await tx.run(
        "UPDATE matches SET version = version + 1, deadline = ?, draw_offer = ?, takeback = NULL WHERE id = ?"
        " AND version = ?"
        " AND status = 'active'",
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
    await tx.run("UPDATE matches SET deadline = ? WHERE id = ? AND version = ? AND status = 'active'"
                 " AND deadline < ?", deadline, match_id, version, deadline)


async def move_seats(tx: Tx, match_id: int) -> list[int]:
    """The seat of each move of a match, in the order they were played."""
    return [r["seat"] for r in await tx.all("SELECT seat FROM moves WHERE match_id = ? ORDER BY ply", match_id)]


async def ask_takeback(tx: Tx, match_id: int, seat: int | None) -> None:
    """`seat` asks to take its last move back (None: no request stands)."""
    await tx.run("UPDATE matches SET takeback = ? WHERE id = ?", seat, match_id)


async def take_back(tx: Tx, match_id: int, version: int, keep: int, deadline: float) -> int:
    """Take back the moves of an active match still at `version` after its first `keep`: their notes not
    shown yet go with them (a position no longer played), the turn starts again, and no draw offer,
    takeback request or reminder stands. How many matches that changed (0: it changed meanwhile)."""
    changed = await tx.run(
        "UPDATE matches SET version = ?, undone = undone + ?, deadline = ?, takeback = NULL, draw_offer = NULL,"
        " reminded = NULL WHERE id = ? AND version = ? AND status = 'active'",
        keep, version - keep, deadline, match_id, version,
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


# ------------------------------------------------------------------ results and ratings

async def finish_match(tx: Tx, match_id: int, now: float, reason: str, cause: str, places: str) -> int:
    """An active match finished (`places` as JSON); how many matches that changed (0: it had ended)."""
    return await tx.run(
        "UPDATE matches SET status = 'finished', finished_at = ?, reason = ?, cause = ?, places = ?, deadline = NULL,"
        " draw_offer = NULL WHERE id = ? AND status = 'active'",
        now, reason, cause, places, match_id,
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


# ------------------------------------------------------------------ the outbox: changes not shown yet

async def add_note(tx: Tx, *, kind: str, challenge_id: int, match_id: int | None, version: int | None,
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


REMIND_AFTER = 0.8  # a turn's share used up when its player is reminded...
REMIND_LEAST = 3600  # ...in a match whose turns are at least this long (seconds): short timers do not nag
REMINDABLE = (f"status = 'active' AND guild_id <> {LOCAL_GUILD} AND turn_seconds >= {REMIND_LEAST}"
              " AND deadline IS NOT NULL AND (reminded IS NULL OR reminded < version)")
REMIND_AT = f"deadline - turn_seconds * {1 - REMIND_AFTER}"  # the turn's start plus REMIND_AFTER of it


async def next_due(tx: Tx) -> float | None:
    """The earliest of: the next challenge to expire, the next turn timer to run out or turn reminder to
    send (neither the console's), the next note due."""
    row = await tx.one(
        f"SELECT min(t) AS t FROM (SELECT min(expires_at) AS t FROM challenges WHERE status = 'open'"
        f" AND guild_id <> {LOCAL_GUILD}"
        f" UNION ALL SELECT min(deadline) FROM matches WHERE status = 'active' AND guild_id <> {LOCAL_GUILD}"
        f" UNION ALL SELECT min({REMIND_AT}) FROM matches WHERE {REMINDABLE}"
        " UNION ALL SELECT min(due) FROM outbox) AS due",
    )
    return row["t"] if row is not None else None


# ------------------------------------------------------------------ records

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
        " WHERE m.status = 'finished' AND m.guild_id = ? AND s.user_id = ? AND c.user_id BETWEEN 1 AND ?"
        " AND c.stand_in IS NULL GROUP BY m.id, c.user_id",
        guild_id, user_id, LAST_COMPUTER_ID,
    )


async def finished_matches(tx: Tx, guild_id: int) -> int:
    """How many matches of a server have finished."""
    row = await tx.one("SELECT COUNT(*) AS n FROM matches WHERE guild_id = ? AND status = 'finished'", guild_id)
    return row["n"] if row is not None else 0


async def finished_match_ids(tx: Tx, guild_id: int, limit: int, offset: int) -> list[int]:
    """A page of a server's finished matches, the latest first."""
    rows = await tx.all(
        "SELECT id FROM matches WHERE guild_id = ? AND status = 'finished'"
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
        "SELECT id FROM matches WHERE channel_id = ? AND status = 'finished'"
        " ORDER BY finished_at DESC, id DESC LIMIT 1", channel_id,
    )
    return None if row is None else row["id"]


async def last_finished_of(tx: Tx, guild_id: int, user_id: int) -> int | None:
    """The last match a player finished in a server."""
    row = await tx.one(
        "SELECT m.id FROM matches m JOIN seats s ON s.match_id = m.id WHERE m.guild_id = ?"
        " AND s.user_id = ? AND m.status = 'finished' ORDER BY m.finished_at DESC, m.id DESC LIMIT 1",
        guild_id, user_id,
    )
    return None if row is None else row["id"]



# ------------------------------------------------------------------ analyses

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


async def computer_matches(tx: Tx, guild_id: int, user_id: int) -> tuple[int, int]:
    """The active matches of a server with a computer in a seat: how many `user_id` plays in (a seat they
    have not left), and how many in all."""
    row = await tx.one(
        "SELECT COUNT(*) AS total, COALESCE(SUM(CASE WHEN EXISTS (SELECT 1 FROM seats p WHERE p.match_id = m.id"
        " AND p.user_id = ? AND p.stand_in IS NULL) THEN 1 ELSE 0 END), 0) AS mine FROM matches m"
        " WHERE m.guild_id = ? AND m.status = 'active' AND EXISTS (SELECT 1 FROM seats s WHERE s.match_id = m.id"
        " AND s.user_id BETWEEN 1 AND ?)",
        user_id, guild_id, LAST_COMPUTER_ID,
    )
    return int(row["mine"]), int(row["total"])
